"""The eraser: a click removes the laid tile, a second click clears the cell; a drag is one step."""

from __future__ import annotations

from editor.commands import EraseStrokeCommand
from editor.tools.base import StrokeTool
from model import editing


class EraserTool(StrokeTool):
    name = "Eraser"
    shortcut = "E"
    hint = "Eraser: click or drag; removes a laid tile first, then everything on the cell."
    glyph = "⌫"
    colour = "#f4b6b6"

    def __init__(self, document, parent=None) -> None:
        super().__init__(document, parent)
        self._done: set = set()

    def begin_stroke(self) -> None:
        super().begin_stroke()
        self._done = set()

    def apply_to(self, coords) -> None:
        coords = [c for c in coords if c not in self._done]  # one erase per cell per drag
        self._done.update(coords)
        changes = editing.erase_cells(self.document.scenario, coords)
        if changes and self.stroke is not None:
            self.document.undo_stack.push(EraseStrokeCommand(self.document, changes, self.stroke))

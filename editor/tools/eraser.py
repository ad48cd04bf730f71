"""The eraser: a click removes the laid tile, a second click clears the cell; a drag is one step."""

from __future__ import annotations

from PySide6.QtCore import QPointF

from editor.commands import EraseStrokeCommand
from editor.tools.base import Tool, cells_along, is_left, left_button_down, next_stroke
from model import editing


class EraserTool(Tool):
    name = "Eraser"
    shortcut = "E"
    hint = "Eraser: click or drag; removes a laid tile first, then everything on the cell."
    glyph = "⌫"
    colour = "#f4b6b6"

    def __init__(self, document, parent=None) -> None:
        super().__init__(document, parent)
        self._stroke: int | None = None
        self._last: QPointF | None = None
        self._done: set = set()

    def _erase(self, coords) -> None:
        coords = [c for c in coords if c not in self._done]  # one erase per cell per drag
        self._done.update(coords)
        changes = editing.erase_cells(self.document.scenario, coords)
        if changes and self._stroke is not None:
            self.document.undo_stack.push(EraseStrokeCommand(self.document, changes, self._stroke))

    def press(self, coord, scene_pos, event) -> None:
        if not is_left(event):
            return
        self._stroke = next_stroke()
        self._done = set()
        self._last = QPointF(scene_pos)
        if coord is not None:
            self._erase([coord])

    def move(self, coord, scene_pos, event) -> None:
        super().move(coord, scene_pos, event)
        if self._stroke is None or not left_button_down(event):
            return
        path = cells_along(self.view, self._last, scene_pos) if self._last is not None else []
        self._last = QPointF(scene_pos)
        if coord is not None and coord not in path:
            path.append(coord)
        self._erase(path)

    def release(self, coord, scene_pos, event) -> None:
        if is_left(event):
            self._stroke = None
            self._last = None

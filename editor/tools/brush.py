"""The terrain brush: paint a terrain (with its cost) over the cells a drag passes; one undo step."""

from __future__ import annotations

from editor.commands import PaintStrokeCommand
from editor.tools.base import StrokeTool
from model import editing

TERRAINS = ("plain", "lake", "mountain", "hill", "water")


class BrushTool(StrokeTool):
    name = "Terrain brush"
    shortcut = "B"
    hint = "Terrain brush: click or drag to paint the chosen terrain and cost; a drag is one undo step."
    glyph = "✎"
    colour = "#9fc86a"

    def __init__(self, document, parent=None) -> None:
        super().__init__(document, parent)
        self.terrain = "lake"
        self.cost: int | None = None

    def set_terrain(self, terrain: str, cost: int | None = None) -> None:
        self.terrain, self.cost = terrain, cost
        self.optionsChanged.emit()

    def apply_to(self, coords) -> None:
        changes = editing.brush_cells(self.document.scenario, coords, self.terrain, self.cost)
        if changes and self.stroke is not None:
            self.document.undo_stack.push(PaintStrokeCommand(self.document, changes, self.stroke, self.terrain))

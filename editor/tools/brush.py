"""The terrain brush: paint a terrain (with its cost) over the cells a drag passes; one undo step."""

from __future__ import annotations

from editor.commands import PaintStrokeCommand
from editor.tools.base import StrokeTool, TerrainChoice
from model import editing

TERRAINS = ("plain", "lake", "mountain", "hill", "water")


class BrushTool(TerrainChoice, StrokeTool):
    name = "Terrain brush"
    shortcut = "B"
    hint = "Terrain brush: click or drag to paint the chosen terrain and cost; a drag is one undo step."
    glyph = "✎"
    colour = "#9fc86a"

    def apply_to(self, coords) -> None:
        changes = editing.brush_cells(self.document.scenario, coords, self.terrain, self.cost)
        if changes and self.stroke is not None:
            self.document.undo_stack.push(PaintStrokeCommand(self.document, changes, self.stroke, self.terrain))

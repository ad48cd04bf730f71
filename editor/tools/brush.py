"""The terrain brush: paint a terrain (with its cost) over the cells a drag passes; one undo step."""

from __future__ import annotations

from PySide6.QtCore import QPointF

from editor.commands import PaintStrokeCommand
from editor.tools.base import Tool, cells_along, is_left, left_button_down, next_stroke
from model import editing

TERRAINS = ("plain", "lake", "mountain", "hill", "water")


class BrushTool(Tool):
    name = "Terrain brush"
    shortcut = "B"
    hint = "Terrain brush: click or drag to paint the chosen terrain and cost; a drag is one undo step."
    glyph = "✎"
    colour = "#9fc86a"

    def __init__(self, document, parent=None) -> None:
        super().__init__(document, parent)
        self.terrain = "lake"
        self.cost: int | None = None
        self._stroke: int | None = None
        self._last: QPointF | None = None

    def set_terrain(self, terrain: str, cost: int | None = None) -> None:
        self.terrain, self.cost = terrain, cost
        self.optionsChanged.emit()

    def _paint(self, coords) -> None:
        changes = editing.brush_cells(self.document.scenario, coords, self.terrain, self.cost)
        if changes and self._stroke is not None:
            self.document.undo_stack.push(PaintStrokeCommand(self.document, changes, self._stroke, self.terrain))

    def press(self, coord, scene_pos, event) -> None:
        if not is_left(event):
            return
        self._stroke = next_stroke()
        self._last = QPointF(scene_pos)
        if coord is not None:
            self._paint([coord])

    def move(self, coord, scene_pos, event) -> None:
        super().move(coord, scene_pos, event)
        if self._stroke is None or not left_button_down(event):
            return
        path = cells_along(self.view, self._last, scene_pos) if self._last is not None else []
        self._last = QPointF(scene_pos)
        if coord is not None and coord not in path:
            path.append(coord)
        self._paint(path)

    def release(self, coord, scene_pos, event) -> None:
        if is_left(event):
            self._stroke = None
            self._last = None

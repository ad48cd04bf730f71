"""Terrain brush strokes: every cell a drag paints merges into one undo step."""

from __future__ import annotations

from editor.commands.ids import PAINT_STROKE
from editor.commands.set_cells import StrokeCommand


class PaintStrokeCommand(StrokeCommand):
    """Paint terrain on some cells; commands of the same ``stroke`` merge."""

    merge_id = PAINT_STROKE

    def __init__(self, document, cells, stroke: int, terrain: str = "terrain") -> None:
        super().__init__(document, cells, stroke, f"Paint {terrain}")

"""Eraser strokes: every cell a drag erases merges into one undo step."""

from __future__ import annotations

from editor.commands.ids import ERASE_STROKE
from editor.commands.set_cells import StrokeCommand


class EraseStrokeCommand(StrokeCommand):
    """Erase cells (tile first, then everything); commands of the same ``stroke`` merge."""

    merge_id = ERASE_STROKE

    def __init__(self, document, cells, stroke: int) -> None:
        super().__init__(document, cells, stroke, "Erase")

"""Bucket fill: one region of cells set to one terrain, one undo step."""

from __future__ import annotations

from editor.commands.set_cells import SetCellsCommand


class FillCommand(SetCellsCommand):
    def __init__(self, document, cells, terrain: str) -> None:
        super().__init__(document, cells, f"Fill {len(cells)} cells with {terrain}")

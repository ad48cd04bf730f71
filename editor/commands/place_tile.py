"""Stamping a tile on a cell (lay, replace or turn)."""

from __future__ import annotations

from editor.commands.set_cells import SetCellsCommand


class PlaceTileCommand(SetCellsCommand):
    def __init__(self, document, cells, tile_id: str, rotation: int) -> None:
        label = ", ".join(document.label(c) for c in cells)
        super().__init__(document, cells, f"Lay tile {tile_id} (rotation {rotation}) on {label}")

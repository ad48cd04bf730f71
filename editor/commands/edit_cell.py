"""An edit of one cell's properties (names, revenues, slots, costs, owners, reservations)."""

from __future__ import annotations

from editor.commands.set_cells import SetCellsCommand


class EditCellCommand(SetCellsCommand):
    def __init__(self, document, coord, cell, what: str = "properties") -> None:
        super().__init__(document, {coord: cell}, f"Edit {what} of {document.label(coord)}")

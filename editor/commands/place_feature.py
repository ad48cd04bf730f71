"""Placing or removing a feature (city, town, platform, off-board, gray) on one cell."""

from __future__ import annotations

from editor.commands.set_cells import SetCellsCommand


class PlaceFeatureCommand(SetCellsCommand):
    def __init__(self, document, cells, feature: str, removed: bool = False) -> None:
        label = ", ".join(document.label(c) for c in cells)
        super().__init__(document, cells, f"{'Remove' if removed else 'Place'} {feature} on {label}")

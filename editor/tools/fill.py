"""The bucket fill: set a terrain on the connected region of same-terrain, tile-free cells."""

from __future__ import annotations

from editor.commands import FillCommand
from editor.tools.base import Tool, is_left
from model import editing


class FillTool(Tool):
    name = "Bucket fill"
    shortcut = "F"
    hint = "Bucket fill: click to fill the connected region of the same terrain with the chosen terrain."
    glyph = "▨"
    colour = "#6fa8dc"

    def __init__(self, document, parent=None) -> None:
        super().__init__(document, parent)
        self.terrain = "lake"
        self.cost: int | None = None

    def set_terrain(self, terrain: str, cost: int | None = None) -> None:
        self.terrain, self.cost = terrain, cost
        self.optionsChanged.emit()

    def press(self, coord, scene_pos, event) -> None:
        if coord is None or not is_left(event):
            return
        changes = editing.fill_cells(self.document.scenario, coord, self.terrain, self.cost)
        if changes:
            self.document.undo_stack.push(FillCommand(self.document, changes, self.terrain))
            self.statusMessage.emit(f"Filled {len(changes)} cells with {self.terrain}")
        else:
            self.statusMessage.emit("Nothing to fill: the region already has that terrain")

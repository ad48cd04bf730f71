"""The bucket fill: set a terrain on the connected region of same-terrain, tile-free cells."""

from __future__ import annotations

from editor.commands import FillCommand
from editor.tools.base import TerrainChoice, Tool, is_left
from model import editing


class FillTool(TerrainChoice, Tool):
    name = "Bucket fill"
    shortcut = "F"
    hint = "Bucket fill: click to fill the connected region of the same terrain with the chosen terrain."
    glyph = "▨"
    colour = "#6fa8dc"

    def press(self, coord, scene_pos, event) -> None:
        if coord is None or not is_left(event):
            return
        changes = editing.fill_cells(self.document.scenario, coord, self.terrain, self.cost)
        if changes:
            self.document.undo_stack.push(FillCommand(self.document, changes, self.terrain))
            self.statusMessage.emit(f"Filled {len(changes)} cells with {self.terrain}")
        else:
            self.statusMessage.emit("Nothing to fill: the region already has that terrain")

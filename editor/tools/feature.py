"""The feature placer: city, town, station platform, origin, destination, off-board, gray.

A click toggles the feature on the cell. Platforms take their access side from where the
click falls in the cell (the side nearest the pointer), but always open toward the board (a
click near the rim faces the nearest side with a neighbour), and belong to the owner picked in
the options bar (their colour is hers).
"""

from __future__ import annotations

from editor.commands import PlaceFeatureCommand
from editor.render import CELL_SIZE
from editor.tools.base import Tool, is_left
from model import editing, features, stations

FEATURE_NAMES = {
    "city": "city",
    "town": "town",
    "platform": "station platform",
    "origin": "origin platform",
    "destination": "destination platform",
    "offboard": "off-board area",
    "gray": "gray cell",
}


class FeatureTool(Tool):
    name = "Feature placer"
    shortcut = "P"
    hint = "Feature placer: click to place or remove the chosen feature; platforms face the side you click nearest."
    glyph = "◉"
    colour = "#f5dc55"

    def __init__(self, document, parent=None) -> None:
        super().__init__(document, parent)
        self.feature = "city"
        self.owner: str | None = None

    def choices(self) -> list[str]:
        """The features this scenario's rule set uses (the options bar offers only these)."""
        return features.placer_choices(self.document.rule_set, list(FEATURE_NAMES))

    def set_owner(self, owner: str | None) -> None:
        """The player new platforms belong to (None: nobody); their colour follows hers."""
        self.owner = owner or None
        self.optionsChanged.emit()

    def set_feature(self, feature: str) -> None:
        if feature not in editing.FEATURES:
            raise ValueError(f"unknown feature {feature!r}")
        self.feature = feature
        self.optionsChanged.emit()

    def press(self, coord, scene_pos, event) -> None:
        if coord is None or not is_left(event):
            return
        s = self.document.scenario
        access = stations.inward_access(s, coord, editing.nearest_edge(s, coord, scene_pos.x(), scene_pos.y(), CELL_SIZE))
        removed = editing.has_feature(s.board.cell(coord), self.feature)
        changes = editing.place_feature(s, coord, self.feature, access=access, owner=self.owner)
        if changes:
            self.document.undo_stack.push(
                PlaceFeatureCommand(self.document, changes, FEATURE_NAMES[self.feature], removed=removed)
            )

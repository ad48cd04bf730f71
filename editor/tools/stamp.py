"""The tile stamp: lay the palette's tile; R / Shift+R or the wheel turns it.

While hovering, a ghost of the tile shows where it would go: green where the scenario's rule
set finds the move legal, red with the reason where not (``model.editing.stamp_verdict``).
The editor lets a designer lay a tile anywhere; the live checker then reports what is wrong.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from editor.commands import PlaceTileCommand
from editor.tools.base import Tool, is_left
from model import editing


class StampTool(Tool):
    name = "Tile stamp"
    shortcut = "T"
    hint = "Tile stamp: pick a tile in the palette, click to lay it; R / Shift+R or the wheel turns it."
    glyph = "⬢"
    colour = "#f0a040"

    def __init__(self, document, parent=None) -> None:
        super().__init__(document, parent)
        self.tile_id: str | None = None
        self.rotation = 0
        self._hover = None
        self._cache: dict = {}
        self._pushing = False
        document.undo_stack.indexChanged.connect(self._stack_moved)
        document.metaChanged.connect(self._refresh_ghost)  # a new active actor or phase: judge again

    # --- options -----------------------------------------------------------------------------
    def set_tile(self, tile_id: str | None) -> None:
        if tile_id != self.tile_id:
            self.rotation = 0  # a new tile starts upright
        self.tile_id = tile_id
        self.optionsChanged.emit()
        self._refresh_ghost()

    def rotate(self, steps: int) -> None:
        sides = self.document.grid.sides
        self.rotation = (self.rotation + steps) % sides
        self.optionsChanged.emit()
        self._refresh_ghost()

    # --- legality ----------------------------------------------------------------------------
    def verdict(self, coord) -> tuple[bool, str]:
        """Legal or not (and why) for the current tile and rotation on ``coord``; cached per edit."""
        doc = self.document
        key = (coord, self.tile_id, self.rotation, doc.undo_stack.index(), id(doc.scenario))
        if key not in self._cache:
            if len(self._cache) > 512:
                self._cache.clear()
            self._cache[key] = editing.stamp_verdict(doc.scenario, doc.rule_set, coord, self.tile_id, self.rotation)
        return self._cache[key]

    def _refresh_ghost(self) -> None:
        scene = self.scene
        if scene is None:
            return
        coord = self._hover
        if coord is None or self.tile_id is None:
            scene.set_ghost(None, None, 0, True, "")
            if self.tile_id is None:
                self.statusMessage.emit("Tile stamp: pick a tile in the palette first")
            return
        legal, reason = self.verdict(coord)
        scene.set_ghost(coord, self.tile_id, self.rotation, legal, reason)
        where = self.document.label(coord)
        if reason.startswith(f"{where}: "):
            reason = reason[len(where) + 2:]
        self.statusMessage.emit(f"{where}: {self.tile_id} rotation {self.rotation}: {'legal' if legal else reason}")

    # --- events ------------------------------------------------------------------------------
    def activate(self, view) -> None:
        super().activate(view)
        self._refresh_ghost()

    def deactivate(self) -> None:
        scene = self.scene
        if scene is not None:
            scene.set_ghost(None, None, 0, True, "")
        self._hover = None
        super().deactivate()

    def hide_ghost(self) -> None:
        """Hide the ghost and its message until the pointer moves over a cell again."""
        self._hover = None
        scene = self.scene
        if scene is not None:
            scene.set_ghost(None, None, 0, True, "")

    def leave(self) -> None:
        self.hide_ghost()
        super().leave()

    def _stack_moved(self, _index: int) -> None:
        # an undo or redo (not our own stamp) changes the board under the ghost: hide it and its verdict
        if not self._pushing and self.view is not None and self._hover is not None:
            self.hide_ghost()
            self.statusMessage.emit("")

    def move(self, coord, scene_pos, event) -> None:
        super().move(coord, scene_pos, event)
        if coord != self._hover:
            self._hover = coord
            self._refresh_ghost()

    def press(self, coord, scene_pos, event) -> None:
        if not is_left(event) or coord is None:
            return
        if self.tile_id is None:
            self.statusMessage.emit("Tile stamp: pick a tile in the palette first")
            return
        changes = editing.stamp_cell(self.document.scenario, coord, self.tile_id, self.rotation)
        if changes:
            self._pushing = True
            try:
                self.document.undo_stack.push(PlaceTileCommand(self.document, changes, self.tile_id, self.rotation))
            finally:
                self._pushing = False
        self._hover = coord
        self._refresh_ghost()

    def wheel(self, coord, event) -> bool:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            return False  # Ctrl+wheel zooms
        dy = event.angleDelta().y()
        if dy == 0:
            return False
        self.rotate(1 if dy < 0 else -1)
        return True

    def key(self, event) -> bool:
        if event.key() == Qt.Key.Key_R:
            shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            self.rotate(-1 if shift else 1)
            return True
        return False

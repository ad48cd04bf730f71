"""The edge tool: toggle a gauge line, a river or mountain pass (with its cost), an impassable
side, a divider, an off-board edge or a plain (untyped) border.

While hovering, the side a click would change is highlighted in the colour of what the click
will do: green where it adds the feature, red where it removes one, amber where it replaces a
river of another cost. The status bar and the board's tooltip name the side and the action.
After a click the highlight waits for the next pointer move, so the result shows unobscured.
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsLineItem

from editor import items as Z
from editor.commands import SetEdgesCommand
from editor.render import CELL_SIZE, side_segment
from editor.tools.base import Tool, is_left
from model import editing

EDGE_KINDS = ("gauge", "river", "impassable", "mountain", "divider", "offboard", "border")
"""Every edge feature kind (see model.board.EdgeKind); river and mountain take a cost."""
KIND_NAMES = {
    "gauge": "gauge line", "river": "river", "impassable": "impassable side", "mountain": "mountain pass",
    "divider": "divider", "offboard": "off-board edge", "border": "border",
}
ACTION_COLOURS = {"add": QColor(30, 160, 60, 170), "remove": QColor(215, 30, 30, 170), "replace": QColor(230, 150, 20, 180)}
"""The side highlight: what a click will do there."""


class EdgeTool(Tool):
    name = "Edge tool"
    shortcut = "G"
    hint = "Edge tool: click near a cell side to add or remove a gauge line, river (with cost) or impassable side."
    glyph = "╱"
    colour = "#d42020"

    def __init__(self, document, parent=None) -> None:
        super().__init__(document, parent)
        self.kind = "gauge"
        self.cost = 0
        self.highlight = QGraphicsLineItem()
        self.highlight.setZValue(Z.Z_HOVER + 1)
        self.highlight.setVisible(False)
        self.preview: tuple | None = None  # (coord, edge, action) under the pointer
        self._at = None  # (coord, scene position) of the last hover, to follow an undo or a kind change

    def set_kind(self, kind: str, cost: int | None = None) -> None:
        if kind not in EDGE_KINDS:
            raise ValueError(f"unknown edge kind {kind!r}")
        self.kind = kind
        if cost is not None:
            self.cost = cost
        self.optionsChanged.emit()
        if self._at is not None:
            self._show_preview(*self._at)

    def side_at(self, coord, scene_pos) -> int:
        return editing.nearest_edge(self.document.scenario, coord, scene_pos.x(), scene_pos.y(), CELL_SIZE)

    def action_at(self, coord, edge: int) -> str:
        """What a click on this side does now: 'add', 'remove' or 'replace'."""
        remove, add = editing.toggle_edge(self.document.scenario, coord, edge, self.kind, self.cost)
        return "replace" if remove and add else "remove" if remove else "add"

    def describe(self, coord, edge: int, action: str) -> str:
        grid = self.document.grid
        what = KIND_NAMES[self.kind] + (f" (cost {self.cost})" if self.kind in ("river", "mountain") else "")
        article = "an" if what[:1].lower() in "aeiou" else "a"  # "an impassable side"
        verb = {"add": f"adds {article}", "remove": "removes the", "replace": f"replaces the one there by {article}"}[action]
        return f"{grid.label(coord)} side {grid.edge_name(edge)}: a click {verb} {what}"

    # --- events ----------------------------------------------------------------------------
    def activate(self, view) -> None:
        super().activate(view)
        scene = self.scene
        if scene is not None and self.highlight.scene() is not scene:
            if self.highlight.scene() is not None:
                self.highlight.scene().removeItem(self.highlight)
            scene.addItem(self.highlight)
        self.document.edgesChanged.connect(self._edges_changed)

    def deactivate(self) -> None:
        self._hide_preview()
        self.document.edgesChanged.disconnect(self._edges_changed)
        scene = self.scene
        if scene is not None and self.highlight.scene() is scene:
            scene.removeItem(self.highlight)
        super().deactivate()

    def leave(self) -> None:
        self._hide_preview()
        self._at = None
        super().leave()

    def move(self, coord, scene_pos, event) -> None:
        super().move(coord, scene_pos, event)
        self._at = (coord, scene_pos)
        self._show_preview(coord, scene_pos)

    def press(self, coord, scene_pos, event) -> None:
        if coord is None or not is_left(event):
            return
        edge = self.side_at(coord, scene_pos)
        remove, add = editing.toggle_edge(self.document.scenario, coord, edge, self.kind, self.cost)
        if remove or add:
            grid = self.document.grid
            verb = "Add" if add else "Remove"
            text = f"{verb} {self.kind} on {grid.label(coord)} {grid.edge_name(edge)}"
            self.document.undo_stack.push(SetEdgesCommand(self.document, remove, add, text))
        self._hide_preview()  # the result shows unobscured until the pointer moves again

    # --- the highlight ---------------------------------------------------------------------
    def _edges_changed(self, _sides) -> None:
        if self._at is not None and self.preview is not None:  # an undo or redo under a shown highlight
            self._show_preview(*self._at)

    def _show_preview(self, coord, scene_pos) -> None:
        scene = self.scene
        if coord is None or scene is None or self.highlight.scene() is not scene or scene.cell_item(coord) is None:
            self._hide_preview()
            return
        edge = self.side_at(coord, scene_pos)
        action = self.action_at(coord, edge)
        p, q = side_segment(self.document.grid, coord, edge, CELL_SIZE)
        pen = QPen(ACTION_COLOURS[action], CELL_SIZE * 0.14, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        self.highlight.setPen(pen)
        self.highlight.setLine(QLineF(p, q))
        self.highlight.setVisible(True)
        self.preview = (coord, edge, action)
        text = self.describe(coord, edge, action)
        scene.tool_tip = text
        self.statusMessage.emit(text)

    def _hide_preview(self) -> None:
        self.highlight.setVisible(False)
        self.preview = None
        scene = self.scene
        if scene is not None:
            scene.tool_tip = ""

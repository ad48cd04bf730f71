"""The edge tool: toggle a gauge line, a river or mountain pass (with its cost), an impassable
side, a divider, an off-board edge or a plain (untyped) border."""

from __future__ import annotations

from editor.commands import SetEdgesCommand
from editor.render import CELL_SIZE
from editor.tools.base import Tool, is_left
from model import editing

EDGE_KINDS = ("gauge", "river", "impassable", "mountain", "divider", "offboard", "border")
"""Every edge feature kind (see model.board.EdgeKind); river and mountain take a cost."""


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

    def set_kind(self, kind: str, cost: int | None = None) -> None:
        if kind not in EDGE_KINDS:
            raise ValueError(f"unknown edge kind {kind!r}")
        self.kind = kind
        if cost is not None:
            self.cost = cost
        self.optionsChanged.emit()

    def side_at(self, coord, scene_pos) -> int:
        return editing.nearest_edge(self.document.scenario, coord, scene_pos.x(), scene_pos.y(), CELL_SIZE)

    def move(self, coord, scene_pos, event) -> None:
        super().move(coord, scene_pos, event)
        if coord is not None:
            grid = self.document.grid
            self.statusMessage.emit(f"{grid.label(coord)} side {grid.edge_name(self.side_at(coord, scene_pos))}: click to toggle {self.kind}")

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

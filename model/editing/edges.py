"""The edge tool: which side a click means and the edge features it removes and adds."""

from __future__ import annotations

import math

from model.board import EdgeFeature, EdgeKind
from model.grid import Coord
from model.scenario import Scenario


# --- edge tool --------------------------------------------------------------------------------
def nearest_edge(scenario: Scenario, coord: Coord, x: float, y: float, size: float = 1.0) -> int:
    """The side of ``coord`` nearest to the point ``(x, y)`` (in layout units of cell ``size``)."""
    grid = scenario.board.grid
    best, best_d = 0, math.inf
    for e in range(grid.sides):
        mx, my = grid.edge_midpoint(coord, e, size)
        d = (mx - x) ** 2 + (my - y) ** 2
        if d < best_d:
            best, best_d = e, d
    return best


def side_features(scenario: Scenario, coord: Coord, edge: int, kind: EdgeKind | None = None) -> list[EdgeFeature]:
    """Edge features on the side ``(coord, edge)`` (written from either cell), optionally of one kind."""
    return [f for f in scenario.board.features_on_side(coord, edge) if kind is None or f.kind == kind]


COSTLY_EDGES = ("river", "mountain")
"""Edge kinds that carry a crossing cost."""


def toggle_edge(
    scenario: Scenario, coord: Coord, edge: int, kind: EdgeKind, cost: int = 0
) -> tuple[list[EdgeFeature], list[EdgeFeature]]:
    """``(remove, add)`` for a click of the edge tool: remove ``kind`` from the side, or add it.

    A river with a different cost is replaced by one with the new cost. The feature is written
    from the cell that owns the side's canonical key when that cell is on the board.
    """
    board = scenario.board
    grid = board.grid
    if not grid.contains(coord) or not 0 <= edge < grid.sides:
        return [], []
    existing = side_features(scenario, coord, edge, kind)
    if existing and (kind not in COSTLY_EDGES or all(f.cost == cost for f in existing)):
        return existing, []
    key_cell, key_edge = board.side_key(coord, edge)
    if not grid.contains(key_cell):
        key_cell, key_edge = coord, edge
    feature = EdgeFeature(cell=grid.label(key_cell), edge=key_edge, kind=kind, cost=cost if kind in COSTLY_EDGES else 0)
    return existing, [feature]

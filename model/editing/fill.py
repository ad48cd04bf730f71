"""The bucket fill: the region a click reaches and the cells filling it changes."""

from __future__ import annotations

from collections import deque

from model.board import Terrain
from model.editing.paint import CellChanges, brush_cells
from model.grid import Coord
from model.scenario import Scenario


def flood_region(scenario: Scenario, start: Coord) -> list[Coord]:
    """Cells connected to ``start`` (through neighbours) that have the same terrain and no tile.

    The region of a bucket fill; returned in breadth-first order, ``start`` first.
    """
    board = scenario.board
    grid = board.grid
    if not grid.contains(start):
        return []
    first = board.cell(start)
    key = (first.terrain, first.tile is None)
    seen = {start}
    order = [start]
    queue = deque([start])
    while queue:
        c = queue.popleft()
        for _, n in grid.neighbours(c):
            if n in seen:
                continue
            cell = board.cell(n)
            if (cell.terrain, cell.tile is None) == key:
                seen.add(n)
                order.append(n)
                queue.append(n)
    return order


def fill_cells(scenario: Scenario, start: Coord, terrain: Terrain, cost: int | None = None) -> CellChanges:
    """The cells that a bucket fill of ``terrain`` at ``start`` changes."""
    return brush_cells(scenario, flood_region(scenario, start), terrain, cost)

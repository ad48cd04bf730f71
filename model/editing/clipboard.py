"""Selection and region copy, paste and delete."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from model.board import EMPTY_CELL, Cell, EdgeFeature
from model.editing.paint import CellChanges
from model.grid import Coord
from model.scenario import Scenario

# --- selection --------------------------------------------------------------------------------
SelectMode = Literal["replace", "add", "toggle"]


def combine_selection(current: list[Coord], picked: Iterable[Coord], mode: SelectMode) -> list[Coord]:
    """The selection after a click or rubber band: replace it, add (Shift) or toggle (Ctrl)."""
    picked = list(dict.fromkeys(picked))
    if mode == "replace":
        return picked
    if mode == "add":
        return list(dict.fromkeys(list(current) + picked))
    out = [c for c in current if c not in set(picked)]
    out += [c for c in picked if c not in set(current)]
    return out


def cells_in_rect(scenario: Scenario, x0: float, y0: float, x1: float, y1: float, size: float = 1.0) -> list[Coord]:
    """Cells whose centre lies in the rectangle (layout units of cell ``size``), reading order."""
    lo_x, hi_x = sorted((x0, x1))
    lo_y, hi_y = sorted((y0, y1))
    grid = scenario.board.grid
    out = []
    for c in grid.ordered_coords:
        cx, cy = grid.centre(c, size)
        if lo_x <= cx <= hi_x and lo_y <= cy <= hi_y:
            out.append(c)
    return out


# --- region copy / paste / delete ---------------------------------------------------------------
@dataclass
class Clip:
    """A copied region: cells and edge features relative to the region's anchor cell."""

    grid_kind: str
    sides: int
    cells: dict[Coord, Cell] = field(default_factory=dict)
    edges: list[tuple[Coord, int, str, int]] = field(default_factory=list)  # (offset, edge, kind, cost)

    def to_json(self) -> str:
        return json.dumps(
            {
                "trackwright-clip": 1,
                "grid": self.grid_kind,
                "sides": self.sides,
                "cells": [[dx, dy, c.model_dump(mode="json", exclude_defaults=True)] for (dx, dy), c in self.cells.items()],
                "edges": [[o[0], o[1], e, k, cost] for o, e, k, cost in self.edges],
            }
        )

    @classmethod
    def from_json(cls, text: str) -> Clip | None:
        """The clip in ``text``, or None when the text is not a Trackwright clip."""
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or data.get("trackwright-clip") != 1:
                return None
            cells = {(int(dx), int(dy)): Cell.model_validate(c) for dx, dy, c in data["cells"]}
            edges = [((int(dx), int(dy)), int(e), str(k), int(cost)) for dx, dy, e, k, cost in data["edges"]]
            return cls(str(data["grid"]), int(data["sides"]), cells, edges)
        except (ValueError, KeyError, TypeError):
            return None


def region_anchor(coords: Iterable[Coord]) -> Coord:
    """The top-left cell of a region (least row, then least column): the paste reference."""
    return min(coords, key=lambda c: (c[1], c[0]))


def copy_region(scenario: Scenario, coords: Iterable[Coord]) -> Clip | None:
    """Copy the cells and the edge features of the region (sides with at least one cell inside)."""
    board = scenario.board
    grid = board.grid
    region = [c for c in dict.fromkeys(coords) if grid.contains(c)]
    if not region:
        return None
    ax, ay = region_anchor(region)
    inside = set(region)
    clip = Clip(grid.kind, grid.sides)
    for c in region:
        clip.cells[(c[0] - ax, c[1] - ay)] = board.cell(c)
    for i in board.indices_near(region):  # the features around the region, not every one
        f = board.edges[i]
        c = grid.coord(f.cell)
        other = grid.neighbour_position(c, f.edge)
        if c in inside or other in inside:
            base, edge = (c, f.edge) if c in inside else (other, grid.opposite(f.edge))
            clip.edges.append(((base[0] - ax, base[1] - ay), edge, f.kind, f.cost))
    return clip


def region_edges(scenario: Scenario, coords: Iterable[Coord]) -> list[EdgeFeature]:
    """Edge features of the region: on a side between two region cells or between one and the board's rim."""
    grid = scenario.board.grid
    inside = set(coords)
    out = []
    board = scenario.board
    for i in board.indices_near(inside):  # the features around the region, not every one
        f = board.edges[i]
        c = grid.coord(f.cell)
        other = grid.neighbour_position(c, f.edge)
        a_in, b_in = c in inside, other in inside
        if (a_in and (b_in or not grid.contains(other))) or (b_in and not grid.contains(c)):
            out.append(f)
    return out


def delete_region(scenario: Scenario, coords: Iterable[Coord]) -> tuple[CellChanges, list[EdgeFeature]]:
    """``(cells, edges to remove)`` that clear a region to plain, empty land."""
    grid = scenario.board.grid
    region = [c for c in dict.fromkeys(coords) if grid.contains(c)]
    cells = {c: EMPTY_CELL for c in region if scenario.board.cell(c) != EMPTY_CELL}
    return cells, region_edges(scenario, region)


STATION_KINDS = frozenset({"normal", "exchange"})
"""Token kinds that are a company's station (a neutral or blocking token is nobody's)."""


def _pasted_coords(scenario: Scenario, clip: Clip, target: Coord) -> set[Coord]:
    grid = scenario.board.grid
    return {c for dx, dy in clip.cells if grid.contains(c := (target[0] + dx, target[1] + dy))}


def _stations_outside(scenario: Scenario, clip: Clip, target: Coord) -> set[str]:
    """Companies with a station token on a cell the paste does not overwrite (only companies
    whose tokens the clip holds are looked for)."""
    wanted = {t.company for cell in clip.cells.values() for t in cell.tokens if t.kind in STATION_KINDS}
    if not wanted:
        return set()
    grid = scenario.board.grid
    pasted = _pasted_coords(scenario, clip, target)
    out: set[str] = set()
    for label, cell in scenario.board.cells.items():
        if not cell.tokens:
            continue
        for t in cell.tokens:
            if t.company in wanted and t.kind in STATION_KINDS and t.company not in out and grid.coord(label) not in pasted:
                out.add(t.company)
    return out


def _left_out(token, placed: set[str]) -> bool:
    return token.kind in STATION_KINDS and token.company in placed


def tokens_left_out(scenario: Scenario, clip: Clip, target: Coord) -> list[tuple[str, str]]:
    """``(cell label, company)`` of the station tokens :func:`paste_region` leaves out of a paste
    at ``target``: those of companies that already have a station token elsewhere on the board."""
    grid = scenario.board.grid
    if clip.grid_kind != grid.kind or clip.sides != grid.sides:
        return []
    placed = _stations_outside(scenario, clip, target)
    out = []
    for (dx, dy), cell in clip.cells.items():
        c = (target[0] + dx, target[1] + dy)
        if grid.contains(c):
            out += [(grid.label(c), t.company) for t in cell.tokens if _left_out(t, placed)]
    return out


def paste_region(
    scenario: Scenario, clip: Clip, target: Coord
) -> tuple[CellChanges, list[EdgeFeature], list[EdgeFeature]]:
    """``(cells, edges to remove, edges to add)`` that paste ``clip`` with its anchor on ``target``.

    Cells falling off the board are dropped; on a hex grid the offsets keep the grid's parity.
    Edge features already on the pasted sides are replaced by the clip's. A company's station
    token is pasted only when the company has no station token left on the board outside the
    pasted cells (:func:`tokens_left_out`): a copy of the map is not a second station of the
    company; a cut and paste moves its tokens, and neutral and blocking tokens are pasted as drawn.
    """
    board = scenario.board
    grid = board.grid
    if clip.grid_kind != grid.kind or clip.sides != grid.sides:
        return {}, [], []
    placed = _stations_outside(scenario, clip, target)
    cells: CellChanges = {}
    for (dx, dy), cell in clip.cells.items():
        c = (target[0] + dx, target[1] + dy)
        if not grid.contains(c):
            continue
        if placed and any(_left_out(t, placed) for t in cell.tokens):
            cell = cell.model_copy(update={"tokens": [t for t in cell.tokens if not _left_out(t, placed)]})
        if board.cell(c) != cell:
            cells[c] = cell
    pasted = [(target[0] + dx, target[1] + dy) for dx, dy in clip.cells]
    pasted = [c for c in pasted if grid.contains(c)]
    remove = region_edges(scenario, pasted)
    add: list[EdgeFeature] = []
    seen: set = set()
    for (dx, dy), edge, kind, cost in clip.edges:
        c = (target[0] + dx, target[1] + dy)
        if not grid.contains(c):
            continue
        key = (board.side_key(c, edge), kind)
        if key in seen:
            continue
        seen.add(key)
        add.append(EdgeFeature(cell=grid.label(c), edge=edge, kind=kind, cost=cost))  # type: ignore[arg-type]
    # a feature already there and identical stays (no remove-and-add churn)
    same = {f.key() for f in add} & {f.key() for f in remove}
    remove = [f for f in remove if f.key() not in same]
    add = [f for f in add if f.key() not in same]
    return cells, remove, add

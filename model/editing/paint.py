"""The terrain brush, the feature placer and the eraser: which cells a click or a stroke changes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from model.board import EMPTY_CELL, Cell, City, Platform, Terrain, Town
from model.grid import Coord
from model.scenario import Scenario

CellChanges = dict[Coord, Cell]

FEATURES = ("city", "town", "platform", "origin", "destination", "offboard", "gray")
"""What the feature placer places. origin/destination are station platforms of that kind."""

FeatureKind = Literal["city", "town", "platform", "origin", "destination", "offboard", "gray"]

TERRAIN_DEFAULT_COST: dict[str, int] = {"plain": 0, "lake": 0, "mountain": 120, "hill": 60, "water": 40, "gray": 0, "offboard": 0}


# --- terrain brush ------------------------------------------------------------
def paint_cell(cell: Cell, terrain: Terrain, cost: int | None = None) -> Cell:
    """``cell`` with its terrain (and cost; None keeps a sensible one) set."""
    if cost is None:
        cost = cell.cost if cell.terrain == terrain else 0
    if cell.terrain == terrain and cell.cost == cost:
        return cell
    return cell.model_copy(update={"terrain": terrain, "cost": cost})


def brush_cells(scenario: Scenario, coords: Iterable[Coord], terrain: Terrain, cost: int | None = None) -> CellChanges:
    """The cells that painting ``terrain`` over ``coords`` changes (cells off the board are skipped)."""
    board = scenario.board
    out: CellChanges = {}
    for c in coords:
        if not board.grid.contains(c) or c in out:
            continue
        old = board.cell(c)
        new = paint_cell(old, terrain, cost)
        if new != old:
            out[c] = new
    return out


# --- feature placer -------------------------------------------------------------------------------
def has_feature(cell: Cell, feature: FeatureKind) -> bool:
    """Whether the cell already carries the feature (the placer then removes it: a toggle)."""
    if feature == "city":
        return bool(cell.cities)
    if feature == "town":
        return bool(cell.towns)
    if feature in ("platform", "origin", "destination"):
        kind = "other" if feature == "platform" else feature
        return cell.platform is not None and cell.platform.kind == kind
    if feature == "offboard":
        return cell.terrain == "offboard"
    if feature == "gray":
        return cell.terrain == "gray"
    raise ValueError(f"unknown feature {feature!r} (expected one of {', '.join(FEATURES)})")


def next_station_id(scenario: Scenario) -> str:
    """A station id not used by any platform yet: S1, S2, …"""
    used = {c.platform.station for c in scenario.board.cells.values() if c.platform is not None}
    n = 1
    while f"S{n}" in used:
        n += 1
    return f"S{n}"


def place_feature(
    scenario: Scenario,
    coord: Coord,
    feature: FeatureKind,
    *,
    name: str | None = None,
    access: int = 0,
    owner: str | None = None,
    station: str | None = None,
) -> CellChanges:
    """Toggle ``feature`` on the cell at ``coord``: add it when absent, remove it when present.

    Adding a platform replaces a platform of another kind; off-board and gray set the terrain
    (and the printed colour red/gray); removing them gives plain land back.
    """
    grid = scenario.board.grid
    if not grid.contains(coord):
        return {}
    cell = scenario.board.cell(coord)
    if has_feature(cell, feature):
        return {coord: remove_feature(cell, feature)}
    upd: dict[str, Any]
    if feature == "city":
        upd = {"cities": [City(name=name)]}
    elif feature == "town":
        upd = {"towns": [Town(name=name)]}
    elif feature in ("platform", "origin", "destination"):
        kind = "other" if feature == "platform" else feature
        plat = Platform(
            station=station or next_station_id(scenario), access=access % grid.sides, kind=kind, owner=owner, name=name
        )
        upd = {"platform": plat}
    elif feature == "offboard":
        upd = {"terrain": "offboard", "cost": 0, "color": None}
    else:  # gray
        upd = {"terrain": "gray", "cost": 0, "color": None}
    return {coord: cell.model_copy(update=upd)}


def remove_feature(cell: Cell, feature: FeatureKind) -> Cell:
    """``cell`` without ``feature`` (printed paths that used its nodes go with it)."""
    if feature in ("city", "town"):
        upd: dict[str, Any] = {"cities": []} if feature == "city" else {"towns": []}
        upd["paths"] = [p for p in cell.paths if isinstance(p.a, int) and isinstance(p.b, int)]
        if feature == "city":
            upd["tokens"] = []
        return cell.model_copy(update=upd)
    if feature in ("platform", "origin", "destination"):
        return cell.model_copy(update={"platform": None})
    return cell.model_copy(update={"terrain": "plain", "cost": 0, "color": None, "paths": []})


# --- eraser ------------------------------------------------------------------------------------
def erase_cell(cell: Cell) -> Cell:
    """What one eraser click leaves: the laid tile (and its tokens) goes first, then everything."""
    if cell.tile is not None:
        return cell.model_copy(update={"tile": None, "tokens": []})
    return EMPTY_CELL


def erase_cells(scenario: Scenario, coords: Iterable[Coord]) -> CellChanges:
    out: CellChanges = {}
    for c in coords:
        if scenario.board.grid.contains(c) and c not in out:
            old = scenario.board.cell(c)
            new = erase_cell(old)
            if new != old:
                out[c] = new
    return out

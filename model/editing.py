"""The editor's decisions, free of Qt: which cells a tool changes and into what.

Every editor tool is a thin Qt shell around one of these functions, so tests can call them
without a screen. They never change the scenario: they return the new cells (a dict
``Coord -> Cell``; a cell equal to ``EMPTY_CELL`` means "remove the entry") or the edge features
to remove and add, and the editor wraps that in an undoable command.
"""

from __future__ import annotations

import json
import math
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import ValidationError

from model import verdict as one_verdict
from model.board import EMPTY_CELL, Board, Cell, City, EdgeFeature, EdgeKind, LaidTile, Platform, Terrain, Town
from model.grid import Coord
from model.manifest import tiles_left  # noqa: F401 - the editor reads the supply through this module too
from model.rules import Move, MoveContext, RuleSet
from model.scenario import Scenario

CellChanges = dict[Coord, Cell]

FEATURES = ("city", "town", "platform", "origin", "destination", "offboard", "gray")
"""What the feature placer places. origin/destination are station platforms of that kind."""

FeatureKind = Literal["city", "town", "platform", "origin", "destination", "offboard", "gray"]

TERRAIN_DEFAULT_COST: dict[str, int] = {"plain": 0, "lake": 0, "mountain": 120, "hill": 60, "water": 40, "gray": 0, "offboard": 0}


# --- terrain brush and bucket fill ------------------------------------------------------------
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


# --- tile stamp -------------------------------------------------------------------------------
def stamp_cell(scenario: Scenario, coord: Coord, tile_id: str, rotation: int) -> CellChanges:
    """The cell with ``tile_id`` laid at ``rotation`` (tokens on the old tile stay)."""
    grid = scenario.board.grid
    if not grid.contains(coord) or scenario.tile(tile_id) is None:
        return {}
    cell = scenario.board.cell(coord)
    laid = LaidTile(tile=tile_id, rotation=rotation % grid.sides)
    if cell.tile == laid:
        return {}
    return {coord: cell.model_copy(update={"tile": laid})}


MOVE_KINDS = (("lay", "upgrade"), ("place", "replace"))
"""Move kinds a stamp may stand for (18xx: lay/upgrade; Catalan: place/replace), tried in order."""

NO_MOVE_RULES = ("unknown-move", "unknown-player", "unknown-company", "not-your-turn", "mandatory-done", "no-actor")
"""Rules (by suffix) meaning 'the rule set has no move for a free placement here' (e.g. no active player)."""


def stamp_move(scenario: Scenario, coord: Coord, tile_id: str, rotation: int, kinds: tuple[str, str] = MOVE_KINDS[0]) -> Move:
    """The rule-set move that stamping ``tile_id`` on ``coord`` stands for."""
    cell = scenario.board.cell(coord)
    kind = kinds[0] if cell.tile is None else kinds[1]
    state = scenario.state
    phase = state.phase or state.game_phase
    return Move(kind, scenario.board.grid.label(coord), tile_id, rotation % scenario.board.grid.sides, state.active, phase)


def structural_stamp_verdict(
    scenario: Scenario, coord: Coord, tile_id: str, rotation: int, left: dict[str, int | None] | None = None
) -> tuple[bool, str]:
    """The shared checks of a free placement without a rule set: on the board, a known tile,
    supply left, not a lake/gray/off-board cell. (With a rule set, the rule set and its checker
    judge the cell: see :mod:`model.verdict`.)"""
    grid = scenario.board.grid
    if not grid.contains(coord):
        return False, "not on the board"
    tdef = scenario.tile(tile_id)
    if tdef is None:
        return False, f"tile {tile_id} is not in this scenario's tile set"
    cell = scenario.board.cell(coord)
    if cell.terrain in ("lake", "gray", "offboard"):
        return False, f"{grid.label(coord)}: no tile may be laid on a {cell.terrain} cell"
    n_left = (left if left is not None else tiles_left(scenario)).get(tile_id)
    already = cell.tile is not None and cell.tile.tile == tile_id
    if n_left is not None and n_left <= 0 and not already:
        return False, f"tile {tile_id}: none left in the supply [core.supply-exceeded]"
    return True, "legal (structural checks only)"


def _no_move(rule: str | None) -> bool:
    return rule is None or any(rule.endswith(s) for s in NO_MOVE_RULES) or rule == "core.not-a-legal-move"


def rule_verdict(scenario: Scenario, rules: RuleSet, coord: Coord, tile_id: str, rotation: int) -> tuple[bool, str] | None:
    """The rule set's answer for the stamp's move, or None when it has no move for a free placement."""
    for kinds in MOVE_KINDS:
        try:
            verdict = rules.explain(scenario, stamp_move(scenario, coord, tile_id, rotation, kinds))
        except Exception:  # noqa: BLE001 - a rule set that cannot judge this falls back
            continue
        if verdict.legal:
            return True, verdict.message or "legal"
        if verdict.rule is not None and verdict.rule.endswith("unknown-move"):
            continue
        if _no_move(verdict.rule):
            return None
        return False, f"{verdict.message} [{verdict.rule}]"
    return None


def stamp_verdict(
    scenario: Scenario,
    rules: RuleSet | None,
    coord: Coord,
    tile_id: str,
    rotation: int,
    left: dict[str, int | None] | None = None,
) -> tuple[bool, str]:
    """Is stamping ``tile_id`` at ``rotation`` on ``coord`` legal, and if not, why (the ghost).

    Playing (an active player or company the rule set knows): the rule set's ``explain`` of the
    move the stamp stands for (lay/upgrade, else place/replace), the same answer as
    ``trackwright explain``. Designing (no active actor): the live checker's verdict on the
    board the stamp would make. Without a rule set, the shared structural checks. See
    :mod:`model.verdict`.
    """
    if rules is None:
        return structural_stamp_verdict(scenario, coord, tile_id, rotation, left)
    grid = scenario.board.grid
    if not grid.contains(coord):
        return False, "not on the board"
    if scenario.tile(tile_id) is None:
        return False, f"tile {tile_id} is not in this scenario's tile set"
    if one_verdict.active_actor(scenario, rules) is not None:
        answer = rule_verdict(scenario, rules, coord, tile_id, rotation)
        if answer is not None:
            if answer[0]:
                errors = one_verdict.checker_errors(scenario, rules, coord, tile_id, rotation)
                if errors:
                    return False, f"{errors[0].message} [{errors[0].rule}]"
            return answer
    return one_verdict.design_verdict(scenario, rules, coord, tile_id, rotation)


def cell_is_legal(scenario: Scenario, rules: RuleSet, coord: Coord, tile_id: str, rotations: Iterable[int]) -> bool | None:
    """Whether some rotation of ``tile_id`` is legal on ``coord`` (the overlay's shade), or None
    when the rule set has no move for the active actor there (the caller then asks everything again)."""
    if one_verdict.active_actor(scenario, rules) is not None:
        verdicts = [rule_verdict(scenario, rules, coord, tile_id, r) for r in rotations]
        if any(v is None for v in verdicts):
            return None
        return any(v[0] for v in verdicts if v is not None)
    return any(one_verdict.design_verdict(scenario, rules, coord, tile_id, r)[0] for r in rotations)


def legal_cells(scenario: Scenario, rules: RuleSet | None, tile_id: str) -> set[Coord]:
    """Cells where ``tile_id`` has a legal move (the 'where can this tile go?' overlay).

    Playing (an active actor): the cells of the rule set's ``legal_moves`` for that actor, the
    same as ``trackwright moves``. Designing (no active actor): the cells where some rotation
    leaves the live checker with no error on the cell (the ghost's verdict, see
    :func:`stamp_verdict`). Without a rule set the structural checks decide.
    """
    grid = scenario.board.grid
    tdef = scenario.tile(tile_id)
    if tdef is None:
        return set()
    rotations = tdef.distinct_rotations(grid.sides)
    if rules is None:
        left = tiles_left(scenario)
        return {c for c in grid.ordered_coords if structural_stamp_verdict(scenario, c, tile_id, 0, left)[0]}
    actor = one_verdict.active_actor(scenario, rules)
    if actor is not None:
        state = scenario.state
        try:
            moves = rules.legal_moves(scenario, MoveContext(actor, state.phase or state.game_phase, tile_id))
        except Exception:  # noqa: BLE001 - a rule set that fails here: the designer's answer
            moves = None
        if moves is not None:
            out = {grid.coord(m.cell) for m in moves if m.tile in (None, tile_id) and grid.is_label(m.cell)}
            if out or type(rules).legal_moves is RuleSet.legal_moves:
                return out if out else _design_cells(scenario, rules, tile_id, rotations)
            probe = next(iter(grid.ordered_coords), None)
            if probe is None or any(rule_verdict(scenario, rules, probe, tile_id, r) is not None for r in rotations):
                return out  # the rule set judges this actor's moves: its empty answer stands
    return _design_cells(scenario, rules, tile_id, rotations)


def _design_cells(scenario: Scenario, rules: RuleSet, tile_id: str, rotations: Iterable[int]) -> set[Coord]:
    rotations = list(rotations)
    return {
        c for c in scenario.board.grid.ordered_coords
        if any(one_verdict.design_verdict(scenario, rules, c, tile_id, r)[0] for r in rotations)
    }


class LegalCellsCache:
    """:func:`legal_cells` kept current edit by edit: after a local edit only the edited cells and
    their neighbours are asked again (``explain`` of the stamp's move per rotation).

    The whole board is asked again (``legal_moves``) when anything global changes: the rule set,
    the tile, the state (active actor, phase, tiles laid this turn), players, companies, tile
    supply and options, whether the tile has copies left, the edges, or what the active actor's
    network reaches (``RuleSet.reached``; an active actor the rule set cannot answer for always
    means the whole board). The answer is always what :func:`legal_cells` would say.
    """

    def __init__(self) -> None:
        self._scenario: Scenario | None = None
        self._key: tuple | None = None
        self._cells: set[Coord] = set()
        self.full_runs = 0
        self.partial_runs = 0

    def clear(self) -> None:
        self._scenario = None
        self._key = None

    @staticmethod
    def _global_key(scenario: Scenario, rules: RuleSet | None, tile_id: str) -> tuple | None:
        state = scenario.state
        reach_key = None
        if state.active is not None:
            if rules is None:
                return None
            try:
                reached = rules.reached(scenario, state.active)
            except Exception:  # noqa: BLE001 - an actor the rule set cannot answer for
                return None
            if reached is None:
                return None
            reach_key = reached.cells
        left = tiles_left(scenario).get(tile_id)
        return (
            id(rules), tile_id, scenario.board.grid, scenario.board.edges, state, scenario.rules,
            scenario.players, scenario.companies, scenario.tiles, left is None or left > 0, reach_key,
        )

    def legal_cells(self, scenario: Scenario, rules: RuleSet | None, tile_id: str) -> set[Coord]:
        """The same answer as :func:`legal_cells`, recomputed only where an edit can change it."""
        key = self._global_key(scenario, rules, tile_id)
        previous = self._scenario
        if key is None or rules is None or previous is None or key != self._key or not self._cells:
            return self._full(scenario, rules, tile_id, key)
        if previous is scenario:
            return set(self._cells)
        grid = scenario.board.grid
        old, new = previous.board.cells, scenario.board.cells
        changed = [grid.coord(label) for label in set(old) | set(new) if old.get(label) != new.get(label) and grid.is_label(label)]
        todo: set[Coord] = set()
        for c in changed:
            todo.add(c)
            todo.update(n for _e, n in grid.neighbours(c))
        tdef = scenario.tile(tile_id)
        rotations = tdef.distinct_rotations(grid.sides) if tdef is not None else []
        cells = set(self._cells)
        for c in todo:
            legal = cell_is_legal(scenario, rules, c, tile_id, rotations)
            if legal is None:
                return self._full(scenario, rules, tile_id, key)  # no rule-set answer here: the fallback decides
            if legal:
                cells.add(c)
            else:
                cells.discard(c)
        if not cells:
            return self._full(scenario, rules, tile_id, key)
        self.partial_runs += 1
        self._scenario, self._cells = scenario, cells
        return set(cells)

    def _full(self, scenario: Scenario, rules: RuleSet | None, tile_id: str, key: tuple | None) -> set[Coord]:
        self.full_runs += 1
        cells = legal_cells(scenario, rules, tile_id)
        self._scenario, self._key, self._cells = scenario, key, set(cells)
        return cells


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
    board = scenario.board
    grid = board.grid
    inside = set(coords)
    out = []
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


def paste_region(
    scenario: Scenario, clip: Clip, target: Coord
) -> tuple[CellChanges, list[EdgeFeature], list[EdgeFeature]]:
    """``(cells, edges to remove, edges to add)`` that paste ``clip`` with its anchor on ``target``.

    Cells falling off the board are dropped; on a hex grid the offsets keep the grid's parity.
    Edge features already on the pasted sides are replaced by the clip's.
    """
    board = scenario.board
    grid = board.grid
    if clip.grid_kind != grid.kind or clip.sides != grid.sides:
        return {}, [], []
    cells: CellChanges = {}
    for (dx, dy), cell in clip.cells.items():
        c = (target[0] + dx, target[1] + dy)
        if grid.contains(c) and board.cell(c) != cell:
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



# --- board size ----------------------------------------------------------------------------------
def resize_board(scenario: Scenario, width: int, height: int) -> tuple[Scenario, list[str]]:
    """The scenario on a ``width`` x ``height`` grid of the same kind, and the labels of the cells
    with content that it drops (those outside the new size). Cells keep their position (column,
    row); edge features of dropped cells go too. Raises ValueError when the result is not a valid
    scenario (e.g. a company's home would be dropped)."""
    old_grid = scenario.board.grid
    # a fresh grid, not model_copy: the grid caches its coordinates
    data = {**old_grid.model_dump(), "width": width, "height": height}
    if getattr(old_grid, "cells", None) is not None:  # an irregular map keeps its cells inside the new size
        data["cells"] = [lbl for lbl in old_grid.cells if (lambda c: c[0] < width and c[1] < height)(old_grid.coord(lbl))]
    try:
        grid = type(old_grid).model_validate(data)
    except ValidationError as exc:
        raise ValueError(exc.errors(include_url=False)[0].get("msg")) from None
    cells: dict[str, Cell] = {}
    dropped: list[str] = []
    for label, cell in scenario.board.cells.items():
        coord = old_grid.coord(label)
        if grid.contains(coord):
            cells[grid.label(coord)] = cell
        elif cell != EMPTY_CELL:
            dropped.append(label)
    edges = []
    for f in scenario.board.edges:
        coord = old_grid.coord(f.cell)
        if grid.contains(coord):
            label = grid.label(coord)
            edges.append(f if label == f.cell else f.model_copy(update={"cell": label}))
    # Cells, edge features and the other parts are values that edits replace and never change
    # in place, so the resized scenario shares them with the old one: the undo history keeps
    # both, and a copy per resize would grow memory and the objects the collector walks. The
    # structural checks of a loaded file run on the result (a company's home off the board).
    board = Board.model_construct(grid=grid, cells=cells, edges=edges, other_names=scenario.board.other_names)
    resized = scenario.model_copy(update={"board": board})
    try:
        resized._structure()
    except ValueError as exc:
        raise ValueError(str(exc)) from None
    key = lambda lbl: old_grid.coord(lbl)[::-1]  # noqa: E731 - row by row
    return resized, sorted(dropped, key=key)

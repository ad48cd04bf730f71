"""Catalan track network: virtual track of cities and platforms, and each player's VIA NOSTRA.

Movement follows ``docs/rules-catalan.md`` §4.2: a train's state is (cell, entry side). The track of a
cell comes from :class:`model.track.TrackModel`; cities and station platforms have no tile and act
as *virtual track* through the model's ``virtual`` hook:

* a city joins all four sides at one node and lets a train reverse (S1);
* a platform has one path from its access side to a node that lets the train reverse (S1, A15);
  the platforms of one station are separate cells, so they never join each other (S1, A14).

For speed, the per-cell behaviour is condensed into a :class:`Transfer` table (entry side ->
exit sides and the connections used), computed once per distinct :class:`CellTrack` *by the
generic* :func:`model.track.reach` on that one cell, so the fast search below makes exactly the
moves the generic search makes. ``tests/test_catalan_properties.py`` checks that the two agree.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from model.board import Cell
from model.grid import Coord, SquareGrid
from model.rules import Verdict
from model.scenario import Scenario
from model.track import CellTrack, TrackModel, TrackPath, reach

SIDE_NAMES = ("S", "W", "N", "E")
OPPOSITE = (2, 3, 0, 1)  # the side a train enters by, for each side it leaves by
SIDE_ORDER = {"N": 0, "E": 1, "S": 2, "W": 3}  # how connection names are written: N-S, E-W, N-E, ...
START = -1  # the entry "side" of a train that starts at an origin platform's node

_CITY_TRACK = CellTrack(
    paths=tuple(TrackPath(e, "n0") for e in range(4)), node_kinds=("city",), reverse_nodes=frozenset({0})
)
_PLATFORM_TRACKS = tuple(
    CellTrack(paths=(TrackPath(e, "n0"),), node_kinds=("platform",), reverse_nodes=frozenset({0})) for e in range(4)
)
_ONE_CELL_GRID = SquareGrid(width=1, height=1)


def virtual_track(cell: Cell, coord: Coord) -> CellTrack | None:
    """The track a board feature provides: a city joins every side, a platform its access side."""
    if cell.cities:
        return _CITY_TRACK
    if cell.platform is not None:
        return _PLATFORM_TRACKS[cell.platform.access % 4]
    return None


@dataclass(frozen=True)
class Transfer:
    """How a train crosses one cell: for each entry side, the exit sides and the paths it uses."""

    exits: tuple[tuple[int, ...] | None, ...]  # index: entry side 0-3; None = no port on that side
    used: tuple[frozenset[int], ...]  # path indices traversed after entering through that side
    start_exits: tuple[int, ...] = ()  # leaving the first node (origin platforms)
    start_used: frozenset[int] = frozenset()

    def entries_to(self) -> tuple[tuple[int, ...], ...]:
        """For each exit side, the entry sides a train leaves by it from (the exits inverted)."""
        inv = self.__dict__.get("_entries_to")
        if inv is None:
            inv = tuple(tuple(e for e, xs in enumerate(self.exits) if xs and x in xs) for x in range(4))
            object.__setattr__(self, "_entries_to", inv)
        return inv

    def relation(self) -> frozenset[tuple[int, int]]:
        """Every (entry, exit) pair the cell allows."""
        rel = self.__dict__.get("_relation")
        if rel is None:
            rel = frozenset((e, x) for e, xs in enumerate(self.exits) if xs for x in xs)
            object.__setattr__(self, "_relation", rel)
        return rel


@lru_cache(maxsize=4096)
def transfer_of(track: CellTrack) -> Transfer:
    """Condense a cell's track into a :class:`Transfer`, using the generic single-cell search."""
    exits: list[tuple[int, ...] | None] = []
    used: list[frozenset[int]] = []
    here = (0, 0)

    def one(tr_start):
        r = reach(_ONE_CELL_GRID, lambda c: track if c == here else None, [tr_start], on_board=lambda c: False)
        return tuple(sorted(x for _, x in r.exits)), frozenset(i for _, i in r.paths)

    for e in range(4):
        if not track.has_port(e):
            exits.append(None)
            used.append(frozenset())
            continue
        xs, ps = one((here, e))
        exits.append(xs)
        used.append(ps)
    sx, su = one((here, "n0")) if track.node_kinds else ((), frozenset())
    return Transfer(tuple(exits), tuple(used), sx, su)


EMPTY_TRANSFER = Transfer((None, None, None, None), (frozenset(),) * 4)


def connection_name(track: CellTrack, index: int) -> str:
    """A connection written with side letters, e.g. ``N-S``, ``E-W`` or ``S-turntable``."""
    p = track.paths[index]
    names = []
    for port in (p.a, p.b):
        if isinstance(port, int):
            names.append(SIDE_NAMES[port])
        else:
            names.append(track.node_kinds[int(port[1:])])
    names.sort(key=lambda n: SIDE_ORDER.get(n, 9))
    return "-".join(names)


@dataclass
class PlayerReach:
    """What one player's trains reach: states, connections (VIA NOSTRA), features and open ends."""

    player: str
    starts: tuple[Coord, ...]
    states: set[tuple[Coord, int]] = field(default_factory=set)
    connections: set[tuple[Coord, int]] = field(default_factory=set)
    cells: set[Coord] = field(default_factory=set)
    exits: set[tuple[Coord, int]] = field(default_factory=set)

    parent: dict[tuple[Coord, int], tuple[Coord, int] | None] = field(default_factory=dict)
    _by_cell: dict[Coord, list[int]] | None = None
    nontree: list[tuple[tuple[Coord, int], int, tuple[Coord, int]]] = field(default_factory=list)
    nontree_keys: list[int] = field(default_factory=list)
    children: dict[tuple[Coord, int], list[tuple[Coord, int]]] = field(default_factory=dict)
    exit_targets: set[Coord] | None = None
    _euler: tuple | None = None
    reached: tuple | None = None  # (grid, the Reached answer): see CatalanRules.reached_on

    def by_cell(self) -> dict[Coord, list[int]]:
        """Entry sides reached, per cell (START for an origin platform's node)."""
        if self._by_cell is None:
            idx: dict[Coord, list[int]] = {}
            for c, e in self.states:
                idx.setdefault(c, []).append(e)
            self._by_cell = idx
        return self._by_cell

    def entered_sides(self, coord: Coord) -> set[int]:
        return {e for e in self.by_cell().get(coord, ()) if e >= 0}

    def euler(self) -> tuple[dict[tuple[Coord, int], int], dict[tuple[Coord, int], int], list[tuple[Coord, int]]]:
        """Pre-order numbers of the search tree: ``tin``, ``tout`` (last number in the subtree)
        and the states in pre-order. A state's tree-descendants are the numbers in
        ``(tin[s], tout[s]]``; only those can be lost when the state's cell changes."""
        if self._euler is None:
            ch: dict[tuple[Coord, int], list[tuple[Coord, int]]] = {}
            roots = []
            for st, par in self.parent.items():
                if par is None:
                    roots.append(st)
                else:
                    ch.setdefault(par, []).append(st)
            tin: dict[tuple[Coord, int], int] = {}
            tout: dict[tuple[Coord, int], int] = {}
            order: list[tuple[Coord, int]] = []
            for root in roots:
                stack = [(root, False)]
                while stack:
                    st, done = stack.pop()
                    if done:
                        tout[st] = len(order) - 1
                        continue
                    tin[st] = len(order)
                    order.append(st)
                    stack.append((st, True))
                    for nxt in ch.get(st, ()):
                        stack.append((nxt, False))
            self._euler = (tin, tout, order)
            self.children = ch
            self.nontree.sort(key=lambda edge: tin[edge[2]])
            self.nontree_keys = [tin[edge[2]] for edge in self.nontree]
        return self._euler


class Network:
    """The track of a scenario for the Catalan rules, with every player's reach.

    ``overrides`` replaces the transfer table of some cells (used to test a substitution without
    building a new scenario).
    """

    def __init__(self, scenario: Scenario, dead_end_reversal: bool = False) -> None:
        self.scenario = scenario
        self.grid = scenario.board.grid
        kinds = {"turntable", "city", "platform"} | ({"buffer"} if dead_end_reversal else set())
        self.model = TrackModel(scenario, reverse_kinds=frozenset(kinds), virtual=virtual_track)
        self._transfer: dict[Coord, Transfer | None] = {}
        self._by_tile: dict[tuple[str, int], Transfer | None] = {}
        self.record_tree = True  # keep the search tree (needed by the continuity test)
        self._reach: dict[str, PlayerReach] = {}
        self._open: dict[str, set[tuple[Coord, int]]] = {}
        self._starts: dict[str, tuple[Coord, ...]] | None = None
        self._fixed: frozenset[Coord] | None = None
        # answers that depend on nothing but what their keys name, shared by every network
        # derived from this one by :meth:`take_over` (one search's positions; see
        # :mod:`model.rules.catalan.search`): each user keeps its own bounded table in it
        self.shared: dict[str, Any] = {}
        self.relaxed_searches: dict[tuple, Any] = {}  # this board's, and its useful cells (catalan.search)
        self._track_cells: frozenset[Coord] | None = None
        self._track_from: tuple[frozenset[Coord], frozenset[Coord]] | None = None  # (a parent's, the cells changed since)

    # --- cells ---------------------------------------------------------------------------
    def transfer(self, coord: Coord) -> Transfer | None:
        try:
            return self._transfer[coord]
        except KeyError:
            pass
        cell = self.scenario.board.cells.get(self.grid.label(coord)) if coord in self.grid.coord_set else None
        if cell is not None and cell.tile is not None and not cell.cities and cell.platform is None and not cell.paths:
            # every cell holding the same tile at the same rotation crosses alike: ask the track
            # model once per (tile, rotation)
            key = (cell.tile.tile, cell.tile.rotation % 4)
            if key in self._by_tile:
                t = self._by_tile[key]
            else:
                tr = self.model.at(coord)
                t = self._by_tile[key] = transfer_of(tr) if tr is not None else None
        else:
            tr = self.model.at(coord)
            t = transfer_of(tr) if tr is not None else None
        self._transfer[coord] = t
        return t

    def track_cells(self) -> frozenset[Coord]:
        """The cells with track (a tile, a city, a platform): the cells of the board's table that
        the network gives a transfer; a network taken over from another's (:meth:`take_over`)
        reads only the cells changed since."""
        got = self._track_cells
        if got is None:
            if self._track_from is not None:
                before, changed = self._track_from
                got = (before - changed) | {c for c in changed if self.transfer(c) is not None}
            else:
                grid = self.grid
                coords = (grid.coord(label) for label in self.scenario.board.cells if grid.is_label(label))
                got = frozenset(c for c in coords if self.transfer(c) is not None)
            self._track_cells = got
            self._track_from = None
        return got

    def _track_since(self, changed: Iterable[Coord]) -> tuple[frozenset[Coord], frozenset[Coord]] | None:
        """What :meth:`track_cells` reads after ``changed`` cells change here: the cells with track
        known last and every cell changed since (None: nothing known, read the whole board)."""
        if self._track_cells is not None:
            return (self._track_cells, frozenset(changed))
        if self._track_from is not None:
            return (self._track_from[0], self._track_from[1] | frozenset(changed))
        return None

    def _forget_track_cells(self, coords: list[Coord]) -> None:
        self._track_from = self._track_since(coords)
        self._track_cells = None

    def invalidate(self, coords: Iterable[Coord]) -> None:
        """Forget cached track of changed cells and every player's reach."""
        coords = list(coords)
        self.model.invalidate(coords)
        self._forget_track_cells(coords)
        for c in coords:
            self._transfer.pop(c, None)
        self._reach.clear()
        self._open.clear()
        self._starts = None
        self._fixed = None

    def take_over(self, parent: Network, changed: set[Coord], reads: Callable[[Network, PlayerReach], set[Coord]]) -> None:
        """Reuse what ``parent`` (the network of an earlier board with the same reversal rules)
        found that the ``changed`` cells cannot alter: cell tracks, transfers, origins, and each
        player's reach whose search ``reads(parent, reach)`` none of the changed cells."""
        self.model.take_over(parent.model, changed)
        self.shared = parent.shared
        self._transfer = {c: t for c, t in parent._transfer.items() if c not in changed}
        self._by_tile = dict(parent._by_tile)
        self._starts = parent._starts
        self._fixed = parent._fixed
        self._track_from = parent._track_since(changed)
        for pid, r in parent._reach.items():
            if changed.isdisjoint(reads(parent, r)):
                self._reach[pid] = r
                if pid in parent._open:
                    self._open[pid] = parent._open[pid]

    def forget_cells(self, coords: Iterable[Coord]) -> None:
        """Forget cached track of changed cells but keep every player's reach (see :meth:`touches`)."""
        coords = list(coords)
        self.model.invalidate(coords)
        self._forget_track_cells(coords)
        for c in coords:
            self._transfer.pop(c, None)

    def touches(self, coords: Iterable[Coord]) -> bool:
        """Could a change of these cells alter some cached reach? (No when no train enters them
        or leaves towards them.)"""
        if not self._reach:
            return True
        coords = set(coords)
        for r in self._reach.values():
            if coords & r.cells:
                return True
            targets = r.exit_targets
            if targets is None:
                targets = r.exit_targets = {self.grid.neighbour_position(c, x) for c, x in r.exits}
            if coords & targets:
                return True
        return False

    def fixed_cells(self) -> frozenset[Coord]:
        """The cells no tile may change: cities and station platforms (fixed board features)."""
        if self._fixed is None:
            grid = self.grid
            self._fixed = frozenset(
                grid.coord(label)
                for label, cell in self.scenario.board.cells.items()
                if (cell.cities or cell.platform is not None) and grid.is_label(label)
            )
        return self._fixed

    def track(self, coord: Coord) -> CellTrack | None:
        return self.model.at(coord)

    # --- players -------------------------------------------------------------------------
    def origin_cells(self, player_id: str) -> tuple[Coord, ...]:
        """The platforms a player's trains start from (her origin station's platforms)."""
        if self._starts is None:
            out: dict[str, list[Coord]] = {p.id: [] for p in self.scenario.players}
            by_station: dict[str, list[tuple[Coord, str | None]]] = {}
            for label, cell in self.scenario.board.cells.items():
                if cell.platform is not None and not cell.cities:
                    by_station.setdefault(cell.platform.station, []).append((self.grid.coord(label), cell.platform.owner))
            for p in self.scenario.players:
                if p.origin is None:
                    continue
                for coord, owner in by_station.get(p.origin, ()):
                    if owner is None or owner == p.id:
                        out[p.id].append(coord)
            self._starts = {k: tuple(sorted(v, key=lambda c: (c[1], c[0]))) for k, v in out.items()}
        return self._starts.get(player_id, ())

    def reach(self, player_id: str) -> PlayerReach:
        """The player's reach on the board as it stands (cached)."""
        r = self._reach.get(player_id)
        if r is None:
            r = self.search(player_id)
            self._reach[player_id] = r
        return r

    def search(self, player_id: str, overrides: dict[Coord, Transfer | None] | None = None,
               seed: PlayerReach | None = None, stop_when: set | None = None) -> PlayerReach:
        """Breadth-first search over (cell, entry side) states from the player's origin platforms.

        With ``seed``, the search continues from the seed's states (which must be reachable on the
        searched board). With ``stop_when`` (a set of connections), it stops as soon as all of them
        have been traversed.
        """
        starts = self.origin_cells(player_id)
        out = PlayerReach(player_id, starts)
        states, conns, cells, exits = out.states, out.connections, out.cells, out.exits
        grid_contains = self.grid.coord_set.__contains__
        offsets = self.grid.offsets()
        queue: deque[tuple[Coord, int]] = deque()
        ov = overrides or {}

        def tr_at(c: Coord) -> Transfer | None:
            if c in ov:
                return ov[c]
            return self.transfer(c)

        remaining = set(stop_when) if stop_when is not None else None
        if seed is not None:
            states |= seed.states
            conns |= seed.connections
            cells |= seed.cells
            exits |= seed.exits
            if remaining is not None:
                remaining -= conns
            queue.extend(seed_frontier(self, seed, ov))
        else:
            for c in starts:
                t = tr_at(c)
                if t is None:
                    continue
                states.add((c, START))
                out.parent[(c, START)] = None
                cells.add(c)
                for i in t.start_used:
                    conns.add((c, i))
                for x in t.start_exits:
                    queue.append(((c, x), (c, START)))
        if remaining is not None and not remaining:
            return out
        # queue items: ((cell, exit side), state it leaves from): exits still to follow
        record = seed is None and self.record_tree
        parent = out.parent
        while queue:
            (c, x), src = queue.popleft()
            exits.add((c, x))
            dx, dy = offsets[x]
            n = (c[0] + dx, c[1] + dy)
            if not grid_contains(n):
                continue
            e = (x + 2) % 4
            if (n, e) in states:
                if record:
                    out.nontree.append((src, x, (n, e)))
                continue
            t = tr_at(n)
            if t is None or t.exits[e] is None:
                continue
            states.add((n, e))
            if record:
                parent[(n, e)] = src
            cells.add(n)
            for i in t.used[e]:
                conns.add((n, i))
                if remaining is not None:
                    remaining.discard((n, i))
            if remaining is not None and not remaining:
                return out
            for x2 in t.exits[e]:
                queue.append(((n, x2), (n, e)))
        return out

    # --- open ends --------------------------------------------------------------------------
    def is_free(self, coord: Coord) -> bool:
        """An on-board cell with no tile, no city and no station: where track may be laid."""
        if not self.grid.contains(coord):
            return False
        cell = self.scenario.board.cell(coord)
        return cell.tile is None and not cell.cities and cell.platform is None

    def open_ends(self, player_id: str) -> set[tuple[Coord, int]]:
        """Sides (cell, side) through which the player's train leaves into a free cell (M1)."""
        out = self._open.get(player_id)
        if out is None:
            out = set()
            for c, x in self.reach(player_id).exits:
                n = self.grid.neighbour_position(c, x)
                if self.is_free(n):
                    out.add((c, x))
            self._open[player_id] = out
        return out


def seed_frontier(net: Network, seed: PlayerReach, ov: dict[Coord, Transfer | None]):
    """Exits to follow again when a search is resumed from ``seed`` with changed cells ``ov``.

    Only exits into the changed cells can lead anywhere new: every other exit of the seed was
    already followed on a board that is identical outside the changed cells.
    """
    out = []
    changed = set(ov)
    for (c, x) in seed.exits:
        n = net.grid.neighbour_position(c, x)
        if n in changed:
            out.append(((c, x), None))
    return out


def fail(rule: str, message: str) -> Verdict:
    """A failed verdict naming its rule."""
    return Verdict(False, rule, message)

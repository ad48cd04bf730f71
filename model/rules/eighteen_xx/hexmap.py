"""What the 18xx rules need to know about a board, computed once and cached.

* :class:`StaticMap`: the parts of a board that tile lays never change (which sides of each hex
  accept an exit and why not, river/impassable/gauge sides, printed colours). It is cached per
  printed board (grid, edge features, the printed parts of every cell), so re-checking after a
  lay reuses it and any edit of the printed map builds a new one.
* :class:`TrackView`: the track on one hex as it stands (its laid tile at its rotation, or the
  printed hex): colour, label, nodes, absolute paths and exits.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from itertools import compress
from operator import is_, is_not

from model.board import EMPTY_CELL, Cell, printed_parts
from model.grid import Coord
from model.memo import IdentityMemo
from model.scenario import Scenario
from model.tiles import TileDef, node_index
from model.upgrading.view import (  # noqa: F401 - the rule set's view of a hex, re-exported
    TrackView,
    color_rank,
    count_of,
    field,
    future_label_of,
    last_label,
    live_paths,
    node_exits,
    node_role,
    printed_view,
    tile_view,
    track_kinds,
)

LAYABLE_COLORS = frozenset({"white", "yellow", "green", "brown"})
"""Printed colours a tile may be laid on (gray, red and blue hexes never take tiles)."""

EXIT_OK, EXIT_OFF_MAP, EXIT_IMPASSABLE, EXIT_BLANK = 0, 1, 2, 3

IMPASSABLE_COLORS = "blue gray red"
"""The default of the option ``impassable_colors``: printed colours whose hexes accept an exit
only on a side their printed track faces (the other sides are blank). 18xx.games titles may name
others (``IMPASSABLE_HEX_COLORS``); a hex of any other colour accepts every side."""


def impassable_colors(scenario: Scenario) -> frozenset[str]:
    """The scenario's ``impassable_colors`` option (space-separated colours) as a set."""
    value = scenario.rules.options.get("impassable_colors", IMPASSABLE_COLORS)
    return frozenset(value.split()) if isinstance(value, str) else frozenset(IMPASSABLE_COLORS.split())


def current_view(scenario: Scenario, cell: Cell) -> TrackView:
    """The track on a cell now: its laid tile (when known) or its printed track."""
    if cell.tile is not None:
        tdef = scenario.tile(cell.tile.tile)
        if tdef is not None:
            return tile_view(tdef, cell.tile.rotation, scenario.board.grid.sides)
    return printed_view(cell)


class StaticMap:
    """Per-board facts that tile lays do not change, indexed by coordinate."""

    def __init__(self, scenario: Scenario) -> None:
        board = scenario.board
        grid = board.grid
        self.grid = grid
        self.sides = grid.sides
        self.coords: tuple[Coord, ...] = grid.ordered_coords
        self.label_of: dict[Coord, str] = {c: grid.label(c) for c in self.coords}
        self.coord_of: dict[str, Coord] = {label: c for c, label in self.label_of.items()}
        self.printed: dict[Coord, Cell] = {c: board.cell(c) for c in self.coords}
        self.printed_color: dict[Coord, str] = {c: cell.printed_color for c, cell in self.printed.items()}
        self.impassable_colors = impassable_colors(scenario)
        features = board.edge_features()
        self.river_cost: dict[tuple[Coord, int], int] = {}
        self.gauge_sides: set[tuple[Coord, int]] = set()
        self.impassable: set[tuple[Coord, int]] = set()
        self.blocked_from: set[tuple[Coord, int]] = set()
        self.cost_from: dict[tuple[Coord, int], int] = {}
        """Border costs declared by one hex only: paid by a lay on that hex (the engine keeps a
        border on the tile of the hex that declares it)."""
        self.side_kind: dict[tuple[Coord, int], str] = {}
        for key, feats in features.items():
            # every border with a cost is paid by the lay that connects across it (the engine's
            # remove_border_calculate_cost!), whatever its type; a pair declared once per hex
            # (one-sided, 18xx.games style) is paid once
            costly = [f for f in feats if f.cost and f.kind not in ("impassable", "gauge")]
            gauges = [f.cost for f in feats if f.kind == "gauge"]
            if gauges:
                self.gauge_sides.add(key)
            two = [f.cost for f in costly if not f.one_sided]
            one = [f for f in costly if f.one_sided]
            if costly:
                self.side_kind[key] = costly[0].kind
            if two:
                self.river_cost[key] = sum(two)
            elif one and len({f.cell for f in one}) > 1:
                self.river_cost[key] = max(f.cost for f in one)
            elif one:
                for f in one:
                    at = (grid.coord(f.cell), f.edge)
                    self.cost_from[at] = max(self.cost_from.get(at, 0), f.cost)
            elif max(gauges, default=0):
                # a gauge line's own cost counts when no other border on the side has one
                self.river_cost[key] = max(gauges)
                self.side_kind[key] = "gauge"
            blocking = [f for f in feats if f.kind == "impassable"]
            if any(not field(f, "one_sided", False) for f in blocking):
                self.impassable.add(key)
            for f in blocking:  # declared by one hex only: 18xx.games blocks the exits of that hex
                if field(f, "one_sided", False):
                    self.blocked_from.add((grid.coord(f.cell), f.edge))
        # exit status of every side of every hex, and the accept mask (bit e set: edge e accepts)
        self.exit_status: dict[Coord, tuple[int, ...]] = {}
        self.accept_mask: dict[Coord, int] = {}
        for c in self.coords:
            statuses = []
            mask = 0
            for e in range(self.sides):
                s = self._side_status(c, e)
                statuses.append(s)
                if s == EXIT_OK:
                    mask |= 1 << e
            self.exit_status[c] = tuple(statuses)
            self.accept_mask[c] = mask

    _walk_table: dict[Coord, tuple[Coord | None, ...]] | None = None

    def walk_neighbour(self, coord: Coord, edge: int) -> Coord | None:
        """The hex across a side as a company's walk crosses it (the engine's ``hex.neighbors``):
        None off the map and across an impassable border."""
        nb = self.grid.neighbour(coord, edge)
        if nb is None or (coord, edge) in self.blocked_from or (self.impassable and self.side_key(coord, edge) in self.impassable):
            return None
        return nb

    def walk_neighbours(self) -> dict[Coord, tuple[Coord | None, ...]]:
        """:meth:`walk_neighbour` of every side of every hex, built on first use."""
        table = self._walk_table
        if table is None:
            table = {c: tuple(self.walk_neighbour(c, e) for e in range(self.sides)) for c in self.coords}
            self._walk_table = table  # built twice by two threads at worst: the same table
        return table

    _costly: dict[Coord, int] | None = None

    def costly_sides(self) -> dict[Coord, int]:
        """Per hex, the mask of its sides whose border a lay pays for (``river_cost`` or
        ``cost_from``; hexes without one are left out), built on first use."""
        table = self._costly
        if table is None:
            table = {}
            for c in self.coords:
                mask = 0
                for e in range(self.sides):
                    if self.river_cost.get(self.side_key(c, e), 0) or self.cost_from.get((c, e), 0):
                        mask |= 1 << e
                if mask:
                    table[c] = mask
            self._costly = table
        return table

    def side_key(self, coord: Coord, edge: int) -> tuple[Coord, int]:
        other = self.grid.neighbour_position(coord, edge)
        return min((coord, edge), (other, (edge + self.sides // 2) % self.sides))

    def _side_status(self, c: Coord, e: int) -> int:
        n = self.grid.neighbour(c, e)
        if n is None:
            return EXIT_OFF_MAP
        if self.side_key(c, e) in self.impassable or (c, e) in self.blocked_from:
            return EXIT_IMPASSABLE
        ncell = self.printed[n]
        if ncell.printed_color in self.impassable_colors:
            back = (e + self.sides // 2) % self.sides
            if not any(back in (p.a, p.b) for p in live_paths(ncell.paths)):
                return EXIT_BLANK
        return EXIT_OK

    def exit_problem(self, coord: Coord, edge: int) -> str | None:
        """Why an exit on this side is refused, in words (None when it is accepted)."""
        s = self.exit_status[coord][edge]
        if s == EXIT_OFF_MAP:
            return "leads off the map"
        if s == EXIT_IMPASSABLE:
            return "crosses an impassable border"
        if s == EXIT_BLANK:
            n = self.grid.neighbour(coord, edge)
            return f"faces a blank side of the {self.printed_color[n]} hex {self.label_of[n]}"
        return None

    def exit_rule(self, coord: Coord, edge: int) -> str:
        return {EXIT_OFF_MAP: "exit-off-map", EXIT_IMPASSABLE: "exit-impassable", EXIT_BLANK: "exit-blank-side"}.get(
            self.exit_status[coord][edge], ""
        )


def same_printed(a: Cell, b: Cell) -> bool:
    """Do two cells show the same printed map (whatever tiles and tokens lie on them)?"""
    return a is b or printed_parts(a) == printed_parts(b)


class _PrintedKey:
    """What a cached :class:`StaticMap` was built from, to tell cheaply whether a board still
    has it: the grid object, the edge features, the printed parts of every cell and the
    impassable colours.

    The editor replaces cells and edge features but may change the board's cell dict and edge
    list in place, so neither container's identity is trusted; each cell object and edge
    feature is compared by identity first (scenarios derived by ``apply`` share all but one)
    and by value when it is another object. A cell object found to be printed alike is
    remembered, so the next look-up with it costs one identity test."""

    def __init__(self, board, colors: frozenset[str] = frozenset()) -> None:
        self.colors = colors
        self.grid = board.grid
        self.edges = tuple(board.edges)
        self.cells: dict[str, Cell] = dict(board.cells)
        # labels whose printed parts differ from an undescribed cell: they must stay described
        self.printed_labels = frozenset(lbl for lbl, cell in board.cells.items() if not same_printed(cell, EMPTY_CELL))

    def matches(self, board, colors: frozenset[str] = frozenset()) -> bool:
        if board.grid is not self.grid or colors != self.colors:
            return False
        edges = board.edges
        if len(edges) != len(self.edges) or not all(map(is_, edges, self.edges)):
            if list(edges) != list(self.edges):
                return False
            self.edges = tuple(edges)
        known = self.cells
        cells = board.cells
        # only the cells that are other objects than the ones remembered are compared (found by
        # identity, in C: a position one lay away has one; a comparison of the dicts would compare
        # those cells' whole contents first), then every printed label must be there
        changed = list(compress(cells.items(), map(is_not, cells.values(), map(known.get, cells))))
        if not changed and len(cells) == len(known):
            return True  # every cell the one remembered: the printed labels, all remembered, are there
        for label, cell in changed:
            old = known.get(label)
            if not same_printed(cell, old if old is not None else EMPTY_CELL):
                return False
            known[label] = cell
        return cells.keys() >= self.printed_labels


_CACHE: list[tuple[_PrintedKey, StaticMap]] = []  # the most recently used first
_CACHE_SIZE = 8
_CACHE_LOCK = threading.Lock()  # the checker thread and the main thread both ask


def static_map(scenario: Scenario) -> StaticMap:
    """The cached :class:`StaticMap` of a scenario's board.

    Keyed safely on the printed board (see :class:`_PrintedKey`): scenarios derived by laying
    tiles or tokens hit the cache; any edit of the printed map (terrain, colour, printed track,
    cities, labels, edge features, another grid) builds a new one."""
    board = scenario.board
    colors = impassable_colors(scenario)
    with _CACHE_LOCK:
        for i, (key, sm) in enumerate(_CACHE):
            if key.matches(board, colors):
                if i:
                    _CACHE.insert(0, _CACHE.pop(i))
                return sm
    sm = StaticMap(scenario)
    with _CACHE_LOCK:
        _CACHE.insert(0, (_PrintedKey(board, colors), sm))
        del _CACHE[_CACHE_SIZE:]
    return sm


def iter_exit_bits(mask: int) -> Iterable[int]:
    e = 0
    while mask:
        if mask & 1:
            yield e
        mask >>= 1
        e += 1


_TILE_FACTS: IdentityMemo[tuple[tuple[int, ...], tuple[int, ...]]] = IdentityMemo(4096)


def tile_facts(tile: TileDef, sides: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the exit mask of each rotation, the rotations giving distinct track), cached per tile object."""
    hit = _TILE_FACTS.entries.get((id(tile), sides))
    if hit is not None and hit[0] is tile:
        return hit[1]

    def compute() -> tuple[tuple[int, ...], tuple[int, ...]]:
        masks = tuple(sum(1 << e for e in tile.exits(r, sides)) for r in range(sides))
        seen: dict[frozenset, int] = {}
        for r in range(sides):
            seen.setdefault(_shape(tile, r, sides), r)
        return masks, tuple(sorted(seen.values()))

    return _TILE_FACTS.get(tile, sides, compute)


def _shape(tile: TileDef, rotation: int, sides: int) -> frozenset:
    """The tile's track at a rotation, each node told apart by its index (as 18xx.games does, so
    the triple-town tiles, whose towns are distinct stops, have six distinct rotations) and each
    path by its track kind."""
    node_edges: dict[int, set[int]] = {}
    pairs = set()
    kinds = track_kinds(tile.paths) or ("broad",) * len(tile.paths)
    for (a, b, term), kind in zip(tile.rotated_paths(rotation, sides), kinds, strict=True):
        if isinstance(a, int) and isinstance(b, int):
            pairs.add((frozenset((a, b)), term, kind))
            continue
        for x, y in ((a, b), (b, a)):
            k = node_index(x) if isinstance(x, str) else None
            if k is not None:
                node_edges.setdefault(k, set())
                if isinstance(y, int):
                    node_edges[k].add((y, term, kind))
    nodes = []
    for k, edges in node_edges.items():
        n = tile.nodes[k]
        nodes.append((k, n.kind, n.slots, str(n.revenue), n.style, frozenset(edges)))
    return frozenset((frozenset(pairs), frozenset(nodes)))


def exit_mask(tile: TileDef, rotation: int, sides: int = 6) -> int:
    """Bit e set when the tile at this rotation has an exit on edge e (cached)."""
    return tile_facts(tile, sides)[0][rotation % sides]


def distinct_rotations(tile: TileDef, sides: int = 6) -> tuple[int, ...]:
    """Rotations giving different track (nodes keep their identity; see ``_shape``)."""
    return tile_facts(tile, sides)[1]


def stub_edges(scenario: Scenario, cell: Cell) -> frozenset[int]:
    """The edges of the stubs on a hex now: the printed hex's, or its laid tile's at its rotation."""
    if cell.tile is None:
        return frozenset(cell.stubs)
    tdef = scenario.tile(cell.tile.tile)
    sides = scenario.board.grid.sides
    return frozenset((s + cell.tile.rotation) % sides for s in tdef.stubs) if tdef is not None else frozenset()


def stub_failure(scenario: Scenario, cell: Cell, label: str, new: TileDef, rotation: int,
                 printed: bool = False) -> tuple[str, str] | None:
    """``stub-not-joined`` (the option ``stubs_restricted``, 18xx.games' ``StubsAreRestricted``): a
    tile laid on a hex with stubs (its tile's now; ``printed``: the printed hex's) must have an
    exit at every stub's edge."""
    if not scenario.rules.options.get("stubs_restricted"):
        return None
    if not (stubs := frozenset(cell.stubs) if printed else stub_edges(scenario, cell)):
        return None
    grid = scenario.board.grid
    missing = sorted(stubs - new.exits(rotation, grid.sides))
    if not missing:
        return None
    sides = ", ".join(f"{grid.edge_name(e)} (edge {e})" for e in missing)
    return ("stub-not-joined", f"{label}: tile {new.id} at rotation {rotation} leaves the stub on the {sides} side "
            "unjoined: a tile laid here must have an exit at every stub")

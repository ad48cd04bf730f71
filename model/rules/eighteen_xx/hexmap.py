"""What the 18xx rules need to know about a board, computed once and cached.

* :class:`StaticMap`: the parts of a board that tile lays never change (which sides of each hex
  accept an exit and why not, river/impassable/gauge sides, printed colours). It is cached per
  printed board (grid, edge features, the printed parts of every cell), so re-checking after a
  lay reuses it and any edit of the printed map builds a new one.
* :class:`TrackView`: the track on one hex as it stands (its laid tile at its rotation, or the
  printed hex): colour, label, nodes, absolute paths and exits.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from model.board import EMPTY_CELL, Cell
from model.grid import Coord
from model.scenario import Scenario
from model.tiles import COLOR_ORDER, TileDef, node_index

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


def field(obj, name: str, default=None):
    """``obj.name``, or ``default`` when the model has no such field (files written before the
    field existed, or models of another kind). Asks the model class first: a missing attribute
    of a pydantic model is slow to find out about."""
    fields = getattr(type(obj), "model_fields", None)
    if fields is not None and name not in fields:
        return default
    return getattr(obj, name, default)


def live_paths(paths) -> list:
    """Printed paths that are track now (18xx.games ``track:future`` paths are drawn for later)."""
    return [p for p in paths if field(p, "track", "broad") != "future"]


def count_of(n: int, word: str) -> str:
    """'1 city', '2 cities', '0 towns'."""
    if n == 1:
        return f"1 {word}"
    return f"{n} {word[:-1] + 'ies' if word.endswith('y') else word + 's'}"


def color_rank(color: str) -> int:
    """Position of a colour in white -> yellow -> green -> brown -> gray (-1 for red/blue/track)."""
    try:
        return COLOR_ORDER.index(color)
    except ValueError:
        return -1


@dataclass(frozen=True)
class TrackView:
    """The track on a hex as it stands: a laid tile at its rotation, or the printed hex."""

    color: str
    label: str | None
    tile: TileDef | None
    rotation: int
    node_kinds: tuple[str, ...]
    node_slots: tuple[int, ...]
    paths: tuple[tuple[object, object, bool], ...]
    tracks: tuple[str, ...] = ()
    """The track kind of each path (``broad``, ``narrow``, ``dual``, ...); empty when all are broad."""
    future_label: tuple[str | None, str | None] | None = None
    """(label, colour): the label the hex takes on with a tile of that colour (18xx.games ``future_label``)."""
    roles: tuple[str, ...] = ()
    """What each node is to an upgrade, where it is more than its kind: ``offboard`` (a city that is
    an off-board revenue location), ``halt`` (a town-like halt); empty when every node is its kind."""

    @property
    def node_roles(self) -> tuple[str, ...]:
        return self.roles or self.node_kinds

    @property
    def stop_city_count(self) -> int:
        """Cities that count for an upgrade (off-board locations do not)."""
        return sum(1 for k in self.node_roles if k == "city")

    @property
    def exits(self) -> frozenset[int]:
        return frozenset(p for a, b, _ in self.paths for p in (a, b) if isinstance(p, int))

    @property
    def city_nodes(self) -> tuple[int, ...]:
        """Node indices of the cities, in order (token ``city`` k is ``city_nodes[k]``)."""
        return tuple(i for i, k in enumerate(self.node_kinds) if k == "city")

    @property
    def city_count(self) -> int:
        return sum(1 for k in self.node_kinds if k == "city")

    @property
    def town_count(self) -> int:
        return sum(1 for k in self.node_kinds if k == "town")

    @property
    def name(self) -> str:
        """How messages refer to it: the tile id, or 'the printed hex'."""
        return f"tile {self.tile.id}" if self.tile is not None else f"the printed {self.color} hex"


def node_role(node, kind: str, on_red: bool) -> str:
    """A node's role in an upgrade (see ``TrackView.roles``): an off-board city (flagged, or by
    convention a city without circles on a red hex or tile), a halt, or its kind."""
    if kind == "city":
        offboard = field(node, "offboard")
        if offboard or (offboard is None and on_red and node.slots == 0):
            return "offboard"
    elif kind == "town" and field(node, "halt", False):
        return "halt"
    return kind


def _roles(nodes, kinds, on_red: bool) -> tuple[str, ...]:
    """Roles of every node (``kinds`` may go on past ``nodes``: a printed junction keeps its kind)."""
    roles = tuple(node_role(n, k, on_red) for n, k in zip(nodes, kinds, strict=False)) + tuple(kinds[len(nodes):])
    return roles if roles != tuple(kinds) else ()


def printed_view(cell: Cell) -> TrackView:
    kinds = ["city"] * len(cell.cities) + ["town"] * len(cell.towns) + ["junction"] * cell.junction_count
    slots = [c.slots for c in cell.cities] + [0] * (len(kinds) - len(cell.cities))
    return TrackView(
        color=cell.printed_color,
        label=last_label(cell),
        tile=None,
        rotation=0,
        node_kinds=tuple(kinds),
        node_slots=tuple(slots),
        paths=tuple((p.a, p.b, p.terminal) for p in live_paths(cell.paths)),
        tracks=track_kinds(live_paths(cell.paths)),
        future_label=future_label_of(cell),
        roles=_roles([*cell.cities, *cell.towns], kinds, cell.printed_color == "red"),
    )


def last_label(obj) -> str | None:
    """The label that counts for upgrades: the last one given (18xx.games ``tile.label``)."""
    more = field(obj, "labels")
    return more[-1] if more else obj.label


def future_label_of(obj) -> tuple[str | None, str | None] | None:
    """(label, colour) of a hex's or tile's future label, if it has one."""
    fl = field(obj, "future_label")
    return None if fl is None else (fl.label, fl.color)


def track_kinds(paths) -> tuple[str, ...]:
    """The track kind of each path, or () when every path is broad (the common case)."""
    kinds = tuple(field(p, "track", "broad") for p in paths)
    return kinds if any(k != "broad" for k in kinds) else ()


_VIEW_CACHE: dict[tuple[int, int, int], tuple[TileDef, TrackView]] = {}


def tile_view(tdef: TileDef, rotation: int, sides: int = 6) -> TrackView:
    """The track of a tile at a rotation (cached per tile object and rotation; views are frozen)."""
    key = (id(tdef), rotation, sides)
    hit = _VIEW_CACHE.get(key)
    if hit is not None and hit[0] is tdef:
        return hit[1]
    if len(_VIEW_CACHE) > 8192:
        _VIEW_CACHE.clear()
    view = _VIEW_CACHE[key] = (tdef, _tile_view(tdef, rotation, sides))
    return view[1]


def _tile_view(tdef: TileDef, rotation: int, sides: int) -> TrackView:
    return TrackView(
        color=tdef.color,
        label=last_label(tdef),
        tile=tdef,
        rotation=rotation,
        node_kinds=tuple(n.kind for n in tdef.nodes),
        node_slots=tuple(n.slots if n.kind == "city" else 0 for n in tdef.nodes),
        paths=tdef.rotated_paths(rotation, sides),
        tracks=track_kinds(tdef.paths),
        future_label=future_label_of(tdef),
        roles=_roles(tdef.nodes, [n.kind for n in tdef.nodes], tdef.color == "red"),
    )


def current_view(scenario: Scenario, cell: Cell) -> TrackView:
    """The track on a cell now: its laid tile (when known) or its printed track."""
    if cell.tile is not None:
        tdef = scenario.tile(cell.tile.tile)
        if tdef is not None:
            return tile_view(tdef, cell.tile.rotation, scenario.board.grid.sides)
    return printed_view(cell)


def node_exits(view: TrackView) -> dict[int, frozenset[int]]:
    """Exits touching each node (every node is listed, even without paths)."""
    out: dict[int, set[int]] = {i: set() for i in range(len(view.node_kinds))}
    for a, b, _ in view.paths:
        for x, y in ((a, b), (b, a)):
            k = node_index(x) if isinstance(x, str) else None
            if k is not None and isinstance(y, int):
                out.setdefault(k, set()).add(y)
    return {k: frozenset(v) for k, v in out.items()}


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
        for key, feats in features.items():
            # river and mountain borders cost to cross; a pair declared once per hex (one-sided,
            # 18xx.games style) is paid once
            costly = [f for f in feats if f.kind in ("river", "mountain")]
            rivers = [f.cost for f in costly if not f.one_sided] or [max((f.cost for f in costly), default=0)] if costly else []
            gauges = [f.cost for f in feats if f.kind == "gauge"]
            if gauges:
                self.gauge_sides.add(key)
            # a side's crossing cost: its river features; a gauge line's own cost only counts when
            # no river feature is on the side (so a river drawn both ways is not paid twice)
            cost = sum(rivers) if rivers else max(gauges, default=0)
            if cost:
                self.river_cost[key] = cost
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


PRINTED_FIELDS: tuple[str, ...] = tuple(name for name in Cell.model_fields if name not in ("tile", "tokens"))
"""The parts of a cell that belong to the printed map (everything but the laid tile and tokens)."""


def same_printed(a: Cell, b: Cell) -> bool:
    """Do two cells show the same printed map (whatever tiles and tokens lie on them)?"""
    return a is b or all(getattr(a, name) == getattr(b, name) for name in PRINTED_FIELDS)


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
        if len(edges) != len(self.edges) or any(a is not b for a, b in zip(edges, self.edges, strict=True)):
            if list(edges) != list(self.edges):
                return False
            self.edges = tuple(edges)
        known = self.cells
        cells = board.cells
        for label, cell in cells.items():
            old = known.get(label)
            if old is cell:
                continue
            if not same_printed(cell, old if old is not None else EMPTY_CELL):
                return False
            known[label] = cell
        return all(label in cells for label in self.printed_labels)


_CACHE: list[tuple[_PrintedKey, StaticMap]] = []
_CACHE_SIZE = 8


def static_map(scenario: Scenario) -> StaticMap:
    """The cached :class:`StaticMap` of a scenario's board.

    Keyed safely on the printed board (see :class:`_PrintedKey`): scenarios derived by laying
    tiles or tokens hit the cache; any edit of the printed map (terrain, colour, printed track,
    cities, labels, edge features, another grid) builds a new one."""
    board = scenario.board
    colors = impassable_colors(scenario)
    for i, (key, sm) in enumerate(_CACHE):
        if key.matches(board, colors):
            if i:
                _CACHE.insert(0, _CACHE.pop(i))
            return sm
    sm = StaticMap(scenario)
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


_TILE_CACHE: dict[tuple[int, str, int], tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _tile_facts(tile: TileDef, sides: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    key = (id(tile), tile.id, sides)
    facts = _TILE_CACHE.get(key)
    if facts is None:
        masks = tuple(sum(1 << e for e in tile.exits(r, sides)) for r in range(sides))
        seen: dict[frozenset, int] = {}
        for r in range(sides):
            seen.setdefault(_shape(tile, r, sides), r)
        facts = (masks, tuple(sorted(seen.values())))
        if len(_TILE_CACHE) > 4096:
            _TILE_CACHE.clear()
        _TILE_CACHE[key] = facts
        _KEEP.append(tile)  # keep id() stable while cached
        del _KEEP[:-4096]
    return facts


_KEEP: list[TileDef] = []


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
    return _tile_facts(tile, sides)[0][rotation % sides]


def distinct_rotations(tile: TileDef, sides: int = 6) -> tuple[int, ...]:
    """Rotations giving different track (nodes keep their identity; see ``_shape``)."""
    return _tile_facts(tile, sides)[1]

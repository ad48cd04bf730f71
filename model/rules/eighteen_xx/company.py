"""A company's network: its stations, what its track reaches, and station-slot arithmetic.

Reachability is the 18xx.games graph (``Engine::Graph#compute``), walked the engine's way: a
depth-first walk from each city holding one of the company's stations, in the tiles' own path
order, each path walked once per station (so the first way the walk comes to a path or a node is
the only one, until the walk leaves a hex through an edge that more than one of its paths
use: from there on, as the engine's ``converging`` walk, paths and nodes are let go again once
walked, so other ways may walk them again); a station hex counts as connected on all its sides;
the walk crosses towns, junctions and cities (from track of one gauge only onto track that carries it on,
unless the option ``walk_any_gauge`` says any gauge), but stops at a city whose circles are all filled by other companies (a
reserved but empty circle does not block; a neutral token never blocks) and at every off-board
area; terminal paths end the walk. Every side a walked path uses is connected, on both hexes
sharing it; the sides the walk crosses into a hex are where it enters that hex (what the track
restriction reads).

Token kinds (``Token.kind``): the walk starts from every city holding a token that names the
company, of any kind (the engine's ``City#tokened_by?``: 1882's neutral tokens are CN's), and such
a city never blocks it; a neutral or blocking token is not one of the company's own station tokens
(it is not counted against the company's tokens, and does not stand for its first station).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from model.board import EMPTY_CELL, Cell
from model.grid import Coord
from model.memo import IdentityMemo
from model.rules.eighteen_xx.hexmap import StaticMap, TrackView, current_view
from model.scenario import Company, Scenario
from model.tiles import node_index


@dataclass
class Network:
    """What one company can reach from its stations."""

    company: str
    stations: list[tuple[Coord, int]] = field(default_factory=list)
    virtual_home: bool = False
    connected: dict[Coord, set[int]] = field(default_factory=dict)
    nodes: set[tuple[Coord, int]] = field(default_factory=set)
    cells: set[Coord] = field(default_factory=set)
    entries: dict[Coord, set[int]] = field(default_factory=dict)
    """Sides through which the walk enters a hex: it left the neighbour along reached track
    toward the hex (track reached from the hex itself, leading away, does not enter it)."""
    walked: set[tuple[Coord, int]] = field(default_factory=set)
    """Every (hex, path index) the walk walked (the engine's ``connected_paths``)."""
    entered_by: dict[tuple[Coord, int], set[Coord]] = field(default_factory=dict)
    """Station node -> the hexes its walk crossed into (a hex no walk of a station entered, and
    that does not hold the station, is never read by that station's walk)."""
    busy: dict[tuple[Coord, int], set[frozenset[int]]] = field(default_factory=dict)
    """(hex, side) -> for each time the walk crosses into the hex there while it is out of the
    hex through some of its edges, those edges (a path using one of them is not walked from that
    crossing: ``Path#walk``'s counter)."""
    stopped: bool = False
    """The walk ended early at one of the paths it was asked to stop at (``network(stop_at=)``)."""
    _masks: dict[Coord, int] = field(default_factory=dict, repr=False, compare=False)

    def reach_mask(self, coord: Coord) -> int:
        """``connected[coord]`` as a mask (bit e: side e is reached), computed once per hex."""
        mask = self._masks.get(coord)
        if mask is None:
            mask = self._masks[coord] = sum(1 << e for e in self.connected.get(coord, ()))
        return mask


STATION_KINDS = frozenset({"normal", "exchange"})
"""Token kinds that are a company's station (neutral and blocking tokens are nobody's)."""


def tokens_on_board(scenario: Scenario, company: str) -> list[tuple[str, int]]:
    """(cell label, city index) of every station token of a company."""
    return [
        (label, t.city)
        for label, cell in scenario.board.cells.items()
        for t in cell.tokens
        if t.company == company and t.kind in STATION_KINDS
    ]


def cities_tokened_by(scenario: Scenario, company: str) -> list[tuple[str, int]]:
    """(cell label, city index) of every city holding a token that names the company, of any kind
    (``Graph#compute`` starts from each: ``City#tokened_by?``)."""
    return [(label, t.city) for label, cell in scenario.board.cells.items() for t in cell.tokens if t.company == company]


def city_tokens(cell: Cell, city: int) -> list[str]:
    return [t.company for t in cell.tokens if t.city == city]


def city_is_full_for(view: TrackView, cell: Cell, city: int, company: str) -> bool:
    """A city blocks a company when every circle holds another company's token (the engine's
    ``City#blocks?``: never when it holds a neutral token or the company's own)."""
    if not cell.tokens:
        return False  # an empty city blocks no one
    nodes = view.city_nodes
    if city >= len(nodes):
        return False
    slots = view.node_slots[nodes[city]]
    tokens = [t for t in cell.tokens if t.city == city]
    if any(t.kind == "neutral" for t in tokens):
        return False
    if any(t.company == company for t in tokens):
        return False
    return slots > 0 and len(tokens) >= slots


def node_blocks(view: TrackView, cell: Cell, k: int, company: str) -> bool:
    """Whether the walk goes on through node ``k`` of a hex's track: never through an off-board
    (the engine's off-board always blocks), nor a city full for the company; towns and junctions pass."""
    if k >= len(view.node_kinds) or view.node_kinds[k] != "city":
        return False
    if view.roles and view.roles[k] == "offboard":
        return True
    return city_is_full_for(view, cell, view.city_nodes.index(k), company)


def next_token_cost(scenario: Scenario, company: Company) -> int | None:
    """Cost of the company's next station token, or None when it has none left."""
    placed = len(tokens_on_board(scenario, company.id))
    return company.tokens[placed] if placed < len(company.tokens) else None


def home_station_nodes(scenario: Scenario, sm: StaticMap, company: Company) -> list[tuple[Coord, int]]:
    """The city node(s) of a company's home: its home city, or every city of a hex-level home."""
    if company.home is None or not sm.grid.is_label(company.home):
        return []
    coord = sm.grid.coord(company.home)
    view = current_view(scenario, scenario.board.cell(coord))
    nodes = view.city_nodes
    if company.home_city is not None:
        cell = scenario.board.cell(coord)
        city = cell.tile.city_of_printed(company.home_city) if cell.tile is not None else company.home_city
        return [(coord, nodes[city])] if city < len(nodes) else []
    return [(coord, n) for n in nodes]


class _Cell:
    """One hex's track as the engine's walk reads it, in the tile's own path order: per path its
    edges, its nodes (cities, towns, off-boards), its junction, terminal flag and track kind; the
    paths at each edge and at each node."""

    __slots__ = ("edges", "nodes", "junction", "terminal", "track", "by_edge", "by_node")

    def __init__(self, view: TrackView) -> None:
        kinds = view.node_kinds
        self.edges: list[tuple[int, ...]] = []
        self.nodes: list[tuple[int, ...]] = []
        self.junction: list[int | None] = []
        self.terminal: list[bool] = []
        self.track: list[str] = []
        self.by_edge: dict[int, list[int]] = {}
        self.by_node: dict[int, list[int]] = {}
        for i, (a, b, terminal) in enumerate(view.paths):
            edges, nodes, junction = [], [], None
            for end in (a, b):
                if isinstance(end, int):
                    edges.append(end)
                    self.by_edge.setdefault(end, []).append(i)
                    continue
                k = node_index(end)
                self.by_node.setdefault(k, []).append(i)
                if k < len(kinds) and kinds[k] == "junction":
                    junction = k
                else:
                    nodes.append(k)
            self.edges.append(tuple(edges))
            self.nodes.append(tuple(nodes))
            self.junction.append(junction)
            self.terminal.append(bool(terminal))
            self.track.append(view.tracks[i] if view.tracks else "broad")


_CELLS: IdentityMemo[_Cell] = IdentityMemo(16384)


def walk_cell(view: TrackView) -> _Cell:
    """The walk's reading of a view (cached per view object: views are frozen)."""
    return _CELLS.get(view, None, lambda: _Cell(view))


class _Stopped(Exception):
    """Unwinds the walk once it walks a path it was asked to stop at."""


_MATCHES = {"broad": ("broad", "dual"), "narrow": ("narrow", "dual")}


def network(scenario: Scenario, sm: StaticMap, company: Company, home_counts: bool = True,
            override: dict[Coord, TrackView] | None = None,
            view_of: Callable[[Coord], TrackView] | None = None,
            starts: set[tuple[Coord, int]] | None = None,
            stop_at: set[tuple[Coord, int]] | None = None,
            shared: tuple[dict, dict, dict] | None = None) -> Network:
    """Reach of a company from its stations (its home counts before its first token, if asked).

    The walk is the engine's ``Graph#compute``: from each station node in turn a depth-first
    ``Node#walk`` (the other stations' nodes count as visited), through ``Path#walk`` in the
    tiles' path order. A path is walked once per station; from an edge the walk enters every
    path of the neighbour at the facing edge, never another path of the same hex sharing the
    edge; it does not re-use an edge it is crossing, holds a junction at most twice at once (a
    path lets it go once walked), and goes on through a node unless the path is terminal or the
    node blocks the company (an off-board, a city whose circles all hold other companies' tokens). Every side a walked path uses is
    connected, on both hexes sharing it; the sides the walk crosses into a hex are its entries.

    ``view_of`` gives the track on a hex (the situation's views, built once per position; by
    default the board's ``current_view``); ``override`` the track on some hexes instead (a tile
    tried there); ``starts`` the stations whose walks are taken (default: all; the others still
    count as visited nodes of each walk, so the walks taken are the same as in the whole network);
    ``stop_at`` some (hex, path index) pairs: the walk ends as soon as it walks one of them
    (``Network.stopped``), and records only the paths it walked (``Network.walked``; the other
    fields stay empty);
    ``shared``: the walk readings of hexes and the blocking verdicts of cities for this company in
    this position (``Situation.walk_reading``), read and filled for every hex not overridden.
    """
    light = stop_at is not None
    net = Network(company.id)
    board = scenario.board
    grid = board.grid
    sides = grid.sides
    half = sides // 2
    views: dict[Coord, TrackView] = dict(override) if override else {}
    cells: dict[Coord, _Cell] = {}
    blocked_memo: dict[tuple[Coord, int], bool] = {}
    if shared is not None:
        cells.update(shared[0])
        blocked_memo.update(shared[1])
        for c in override or ():
            cells.pop(c, None)
            for k in range(len(override[c].node_kinds)):
                blocked_memo.pop((c, k), None)

    def keep() -> None:
        """Hand what this walk read on hexes not overridden to the position's later walks."""
        if shared is None:
            return
        over = override or {}
        shared[0].update((c, w) for c, w in cells.items() if c not in over)
        shared[1].update((ck, b) for ck, b in blocked_memo.items() if ck[0] not in over)
    label_of = sm.label_of

    def view(c: Coord) -> TrackView:
        v = views.get(c)
        if v is None:
            if view_of is not None:
                v = views[c] = view_of(c)
            else:
                v = views[c] = current_view(scenario, board.cells.get(label_of.get(c) or grid.label(c), EMPTY_CELL))
        return v

    def cell_of(c: Coord) -> _Cell:
        w = cells.get(c)
        if w is None:
            w = cells[c] = walk_cell(view(c))
        return w

    for label, city in cities_tokened_by(scenario, company.id):
        if not grid.is_label(label):
            continue
        c = grid.coord(label)
        nodes = view(c).city_nodes
        if city < len(nodes):
            net.stations.append((c, nodes[city]))
    if not net.stations and home_counts:
        net.stations = home_station_nodes(scenario, sm, company)
        net.virtual_home = bool(net.stations)

    def blocks(c: Coord, k: int) -> bool:
        key = (c, k)
        hit = blocked_memo.get(key)
        if hit is None:
            hit = blocked_memo[key] = node_blocks(view(c), board.cells.get(label_of.get(c) or grid.label(c), EMPTY_CELL), k, company.id)
        return hit

    table = sm.walk_neighbours()
    any_gauge = scenario.rules.options.get("walk_any_gauge") is True  # the engine's ignore_gauge_walk

    def neighbour(c: Coord, e: int) -> Coord | None:
        """The engine's ``hex.neighbors[e]``: none across an impassable border."""
        row = table.get(c)
        return row[e] if row is not None else sm.walk_neighbour(c, e)

    walked: set[tuple[Coord, int]] = set()
    reached_nodes: set[tuple[Coord, int]] = set()
    entries = net.entries
    stations = list(dict.fromkeys(net.stations))
    visited_nodes: set[tuple[Coord, int]] = set()  # per station's walk (cleared for each)
    visited_paths: set[tuple[Coord, int]] = set()
    counter: dict[tuple, int] = {}
    out_of: dict[Coord, int] = {}  # hex -> how many of its edges the walk is out through now
    busy = net.busy
    if stations:

        def node_walk(node: tuple[Coord, int], converging: bool) -> None:
            if node in visited_nodes:
                return
            visited_nodes.add(node)
            c, k = node
            w = cell_of(c)
            for i in w.by_node.get(k, ()):
                path_walk(w, c, i, None, None, node, converging, converging)
            if converging:
                visited_nodes.discard(node)

        def path_walk(w: _Cell, c: Coord, i: int, skip: int | None, jskip: int | None, owner: tuple[Coord, int],
                      owner_converging: bool, converging: bool) -> None:
            key = (c, i)
            if key in visited_paths:
                return
            j = w.junction[i]
            if j is not None and (w.terminal[i] or counter.get((c, "j", j), 0) > 1):
                return
            edges = w.edges[i]
            if counter:
                for e in edges:
                    if counter.get((c, e)):
                        return
            visited_paths.add(key)
            if j is not None:
                counter[(c, "j", j)] = counter.get((c, "j", j), 0) + 1
            walked.add(key)
            if stop_at is not None and key in stop_at:
                raise _Stopped
            if not light:
                for k in w.nodes[i]:
                    reached_nodes.add((c, k))
            if not w.terminal[i]:
                for k in w.nodes[i]:
                    if (c, k) != owner and not blocks(c, k):
                        node_walk((c, k), owner_converging or converging)
            if j is not None and j != jskip:
                for jp in w.by_node.get(j, ()):
                    path_walk(w, c, jp, None, j, owner, owner_converging, converging)
            ok = None if any_gauge else _MATCHES.get(w.track[i])
            row = table.get(c)
            for e in edges:
                if e == skip:
                    continue
                nb = row[e] if row is not None else sm.walk_neighbour(c, e)
                if nb is None:
                    continue
                ce = (c, e)
                counter[ce] = counter.get(ce, 0) + 1
                ne = (e + half) % sides
                if not light:
                    out_of[c] = out_of.get(c, 0) + 1
                    got = entries.get(nb)
                    if got is None:
                        entries[nb] = {ne}
                    else:
                        got.add(ne)
                    entered.add(nb)
                    if out_of.get(nb):
                        busy.setdefault((nb, ne), set()).add(frozenset(x for x in range(sides) if counter.get((nb, x))))
                nw = cells.get(nb) or cell_of(nb)
                conv = converging or len(w.by_edge[e]) > 1  # the engine's Tile#converging_exit?
                for np in nw.by_edge.get(ne, ()):
                    if ok is None or nw.track[np] in ok:
                        path_walk(nw, nb, np, ne, None, owner, owner_converging, conv)
                counter[ce] -= 1
                if not light:
                    out_of[c] -= 1
            if converging:
                visited_paths.discard(key)
            if j is not None:  # Path#walk lets the junction go when the path is done
                counter[(c, "j", j)] -= 1

    entered: set[Coord] = set()
    try:
        for start in stations:
            if starts is not None and start not in starts:
                continue
            entered = net.entered_by[start] = set()
            visited_nodes.clear()
            visited_nodes.update(stations)
            visited_nodes.discard(start)
            visited_paths.clear()
            counter.clear()
            out_of.clear()
            try:
                node_walk(start, False)
            except _Stopped:
                net.stopped = True
                net.walked = walked
                keep()
                return net
    finally:
        if stations:  # the two walks call each other: a cycle of closures until they are let go
            del node_walk, path_walk
    keep()
    if light:
        net.walked = walked
        return net

    connected = net.connected
    for c, n in stations:
        connected.setdefault(c, set()).update(e for e in range(sides) if neighbour(c, e) is not None)
        net.cells.add(c)
        net.nodes.add((c, n))
    for c, i in walked:
        net.cells.add(c)
        for e in cells[c].edges[i]:
            connected.setdefault(c, set()).add(e)
            nb = neighbour(c, e)
            if nb is not None:
                connected.setdefault(nb, set()).add((e + half) % sides)
    net.nodes |= reached_nodes
    net.walked = walked
    return net


def reservation_problem(scenario: Scenario, view: TrackView, cell: Cell, city: int, company: str) -> str | None:
    """Why a company may not take a circle in this city because of others' reservations."""
    on_hex = {t.company for t in cell.tokens}
    nodes = view.city_nodes
    if city >= len(nodes):
        return None
    slots = view.node_slots[nodes[city]]
    free_here = slots - len(city_tokens(cell, city))
    reserved = cell.city_reserved(city)
    city_res = [r for r in reserved if r != company and r not in on_hex]
    if company not in reserved and free_here - len(city_res) <= 0:
        return f"the free circle is reserved for {', '.join(city_res)}"
    hex_res = [r for r in cell.reserved if r != company and r not in on_hex]
    if hex_res and company not in cell.reserved:
        total_free = sum(
            view.node_slots[n] - len(city_tokens(cell, k)) for k, n in enumerate(nodes)
        )
        if total_free - 1 < len(hex_res):
            return f"one circle on this hex must stay free for {', '.join(hex_res)}"
    return None


def may_walk(scenario: Scenario, sm: StaticMap, company: str, stations: list[tuple[Coord, int]],
             view_of: Callable[[Coord], TrackView], coord: Coord, new: TrackView, targets: set[int],
             blocks_new: Callable[[int], bool], shared: tuple[dict, dict, dict] | None = None) -> bool:
    """Whether a walk of the company could walk one of the paths ``targets`` of ``new`` laid on
    ``coord``: False only when none can be, so the walk need not be taken.

    It follows each path in each direction it can be come to, as the walk does (into a path at
    the end it is come to, out at its other ends; from a side into every path of the hex beyond
    at the facing side, in a gauge that carries the track on; on through a node unless the path
    is terminal or the node blocks the company: an off-board, a full city, ``blocks_new`` for
    the nodes of ``new``), from every station; it leaves out only what makes the walk take less:
    the order of the walks, paths and nodes already walked, the sides the walk is crossing. So
    every path the walk walks is reached here.

    What it reaches before the tile is laid does not depend on the tile, nor on the hex: with
    ``shared`` (``Situation.walk_reading``) it is followed once per position and company, with
    where it comes to each hex, and each tile only from where that reach comes to its hex. The
    reach before the lay holds what it reaches without entering the hex, and where it comes to
    the hex from there, and may hold more (what it reached through the old track of the hex):
    the answer can only be True more often, never less."""
    if any(c == coord for c, _node in stations):
        return True  # a station on the hex: its nodes map onto the new tile's, the walk decides
    if shared is not None:
        key = ("before", tuple(stations))
        before = shared[2].get(key)
        if before is None:
            before = shared[2][key] = _Reach(scenario, sm, company, view_of, None, shared).before(stations)
    else:
        before = _Reach(scenario, sm, company, view_of, None, None).before(stations)
    known, arrivals = before
    reach = _Reach(scenario, sm, company, view_of, coord, shared)
    return reach.tile_reaches(known, tuple(arrivals.get(coord, ())), new, targets, blocks_new)


class _Reach:
    """The reach :func:`may_walk` follows, for one company and one hex a tile is tried on."""

    def __init__(self, scenario: Scenario, sm: StaticMap, company: str, view_of: Callable[[Coord], TrackView],
                 coord: Coord | None, shared: tuple[dict, dict, dict] | None) -> None:
        self.scenario, self.sm, self.company, self.view_of, self.coord = scenario, sm, company, view_of, coord
        self.cells = shared[0] if shared is not None else {}
        self.blocked = shared[1] if shared is not None else {}
        self.table = sm.walk_neighbours()
        self.any_gauge = scenario.rules.options.get("walk_any_gauge") is True

    def cell_of(self, c: Coord) -> _Cell:
        w = self.cells.get(c)
        if w is None:
            w = self.cells[c] = walk_cell(self.view_of(c))
        return w

    def blocks(self, c: Coord, k: int) -> bool:
        hit = self.blocked.get((c, k))
        if hit is None:
            sm = self.sm
            cell = self.scenario.board.cells.get(sm.label_of.get(c) or sm.grid.label(c), EMPTY_CELL)
            hit = self.blocked[(c, k)] = node_blocks(self.view_of(c), cell, k, self.company)
        return hit

    def follow(self, todo: list, seen: set, known: frozenset, new: TrackView | None, new_cell: _Cell | None,
               blocks_new: Callable[[int], bool] | None, targets: set[int], arrivals: dict | None) -> bool:
        """Follow states (hex, path, the end come to: an edge e >= 0, a node -1 - k) from ``todo``,
        skipping those in ``seen`` or, off the hex a tile is tried on, in ``known`` (followed
        before, on the board before the lay). Without a tile (``new`` None, no hex tried) every
        hex is entered, and each arrival at a hex (side, track kind) goes to ``arrivals``. True as
        soon as a path of ``targets`` on the hex is reached."""
        coord, sm = self.coord, self.sm
        sides = sm.sides
        half = sides // 2
        table, any_gauge = self.table, self.any_gauge

        def add(c: Coord, i: int, entry: int | None) -> None:
            key = (c, i, entry)
            if key not in seen and (c == coord or key not in known):
                seen.add(key)
                todo.append(key)

        while todo:
            c, i, entry = todo.pop()
            on_hex = c == coord
            if on_hex and i in targets:
                return True
            w = new_cell if on_hex else self.cell_of(c)
            if w.junction[i] is not None and w.terminal[i]:
                continue  # the walk never walks it
            if not w.terminal[i]:
                for k in w.nodes[i]:
                    if entry != -1 - k and not (blocks_new(k) if on_hex else self.blocks(c, k)):
                        for p in w.by_node.get(k, ()):
                            if p != i:
                                add(c, p, -1 - k)
            j = w.junction[i]
            if j is not None and entry != -1 - j:
                for p in w.by_node.get(j, ()):
                    if p != i:
                        add(c, p, -1 - j)
            track = w.track[i]
            ok = None if any_gauge else _MATCHES.get(track)
            row = table.get(c)
            for e in w.edges[i]:
                if e == entry:
                    continue
                nb = row[e] if row is not None else sm.walk_neighbour(c, e)
                if nb is None:
                    continue
                ne = (e + half) % sides
                if arrivals is not None:
                    got = arrivals.get(nb)
                    if got is None:
                        arrivals[nb] = {(ne, track): None}
                    else:
                        got[(ne, track)] = None
                nw = new_cell if nb == coord else self.cell_of(nb)
                for p in nw.by_edge.get(ne, ()):
                    if ok is None or nw.track[p] in ok:
                        add(nb, p, ne)
        return False

    def before(self, stations: list[tuple[Coord, int]]) -> tuple[frozenset, dict]:
        """Every state reached from the stations on the board as it stands (no hex tried), and per
        hex where (side, track kind) that reach comes to it."""
        seen: set = set()
        todo: list = []
        for c, node in stations:
            for i in self.cell_of(c).by_node.get(node, ()):
                key = (c, i, -1 - node)
                if key not in seen:
                    seen.add(key)
                    todo.append(key)
        arrivals: dict = {}
        self.follow(todo, seen, frozenset(), None, None, None, set(), arrivals)
        return frozenset(seen), arrivals

    def tile_reaches(self, known: frozenset, arrivals: tuple, new: TrackView, targets: set[int],
                     blocks_new: Callable[[int], bool]) -> bool:
        """Whether the reach, going on from its arrivals at the hex into ``new``, comes to a target
        (the states ``known`` off the hex were followed before)."""
        new_cell = walk_cell(new)
        seen: set = set()
        todo: list = []
        for ne, track in arrivals:
            ok = None if self.any_gauge else _MATCHES.get(track)
            for p in new_cell.by_edge.get(ne, ()):
                if ok is None or new_cell.track[p] in ok:
                    key = (self.coord, p, ne)
                    if key not in seen:
                        seen.add(key)
                        todo.append(key)
        return self.follow(todo, seen, known, new, new_cell, blocks_new, targets, None)

"""The track graph and reachability over (cell, entry port) states.

Each cell's track is a tuple of paths between ports: an ``int`` is a cell edge, a ``str``
``"n<k>"`` a node inside the cell. A train that enters a cell through edge ``e`` may follow any
path with an end at ``e``; two paths that share an edge are *not* joined to each other (that is
what makes switches, crossings and Lawson tiles behave). At a node it may continue along any
other path touching the node, and back along the path it came by only where the node allows
reversal. Leaving through edge ``x`` enters the neighbour through the opposite edge, if the
neighbour has a port there.

Reachability is a breadth-first search over states, never over undirected edges: see
``docs/rules-catalan.md`` §4.2 for the example that needs it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from model.board import Cell
from model.grid import Coord
from model.memo import PairMemo
from model.scenario import Scenario
from model.tiles import Port, TileDef, node_index

JOINING_KINDS = frozenset({"city", "town", "junction", "turntable", "platform"})


@dataclass(frozen=True)
class TrackPath:
    a: Port
    b: Port
    terminal: bool = False

    def other(self, port: Port) -> Port:
        return self.b if port == self.a else self.a


@dataclass(frozen=True)
class CellTrack:
    """The track of one cell: paths, node kinds, and which nodes let a train reverse."""

    paths: tuple[TrackPath, ...]
    node_kinds: tuple[str, ...] = ()
    reverse_nodes: frozenset[int] = frozenset()
    by_port: dict = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        idx: dict[Port, list[int]] = {}
        for i, p in enumerate(self.paths):
            idx.setdefault(p.a, []).append(i)
            if p.b != p.a:
                idx.setdefault(p.b, []).append(i)
        object.__setattr__(self, "by_port", {k: tuple(v) for k, v in idx.items()})

    def has_port(self, port: Port) -> bool:
        return port in self.by_port

    def exits(self) -> frozenset[int]:
        return frozenset(p for p in self.by_port if isinstance(p, int))


_CELL_TRACKS: PairMemo[CellTrack | None] = PairMemo(16384)


def cell_track(scenario: Scenario, cell: Cell, reverse_kinds: frozenset[str] = frozenset()) -> CellTrack | None:
    """The track of a cell: its laid tile if any, else its printed track; None if it has none.

    Kept per cell object and tile definition (both replaced, never changed), so the positions of
    a game that show a hex alike share it."""
    tdef = scenario.tile(cell.tile.tile) if cell.tile is not None else None
    sides = scenario.board.grid.sides
    return _CELL_TRACKS.get(cell, tdef, (sides, reverse_kinds), lambda: _cell_track(cell, tdef, sides, reverse_kinds))


def _cell_track(cell: Cell, tdef: TileDef | None, sides: int, reverse_kinds: frozenset[str]) -> CellTrack | None:
    if cell.tile is not None:
        if tdef is None:
            return None
        paths = tuple(TrackPath(a, b, t) for a, b, t in tdef.rotated_paths(cell.tile.rotation, sides))
        kinds = tuple(n.kind for n in tdef.nodes)
    elif cell.paths:
        paths = tuple(TrackPath(p.a, p.b, p.terminal) for p in cell.paths)
        kinds = tuple(["city"] * len(cell.cities) + ["town"] * len(cell.towns) + ["junction"] * cell.junction_count)
    else:
        return None
    rev = frozenset(i for i, k in enumerate(kinds) if k in reverse_kinds)
    return CellTrack(paths=paths, node_kinds=kinds, reverse_nodes=rev)


@dataclass
class Reach:
    """What a search reached: states, traversed paths, nodes, exits and open ends."""

    states: set[tuple[Coord, Port, int]] = field(default_factory=set)
    paths: set[tuple[Coord, int]] = field(default_factory=set)
    nodes: set[tuple[Coord, int]] = field(default_factory=set)
    exits: set[tuple[Coord, int]] = field(default_factory=set)
    open_ends: set[tuple[Coord, int]] = field(default_factory=set)
    cells: set[Coord] = field(default_factory=set)


TrackLookup = Callable[[Coord], "CellTrack | None"]
NodeGate = Callable[[Coord, int], bool]


def reach(
    grid,
    track_at: TrackLookup,
    starts: Iterable[tuple[Coord, Port]],
    can_pass: NodeGate | None = None,
    on_board: Callable[[Coord], bool] | None = None,
) -> Reach:
    """Search every state a train can reach from ``starts``.

    A start is ``(cell, port)``: a node port ``"n<k>"`` means the train stands at that node and
    may leave along any of its paths; an edge port means it has just entered through that edge.
    ``can_pass(cell, node)`` returns False for nodes a train may reach but not pass through
    (e.g. an 18xx city full of other companies' tokens). Open ends are exits whose neighbour
    is on the board but has no port facing back.
    """
    out = Reach()
    contains = on_board or grid.contains
    queue: deque[tuple[Coord, Port, int]] = deque()

    def push(state: tuple[Coord, Port, int]) -> None:
        if state not in out.states:
            out.states.add(state)
            queue.append(state)

    for coord, port in starts:
        tr = track_at(coord)
        if tr is None:
            continue
        out.cells.add(coord)
        if isinstance(port, str):
            out.nodes.add((coord, node_index(port)))
            for i in tr.by_port.get(port, ()):
                push((coord, port, -1 - i))  # -1-i: leaving the node along path i
        else:
            push((coord, port, -1_000_000))

    while queue:
        coord, port, via = queue.popleft()
        tr = track_at(coord)
        if tr is None:
            continue
        if via <= -1 and via != -1_000_000:
            candidates: Iterable[int] = (-1 - via,)  # leaving a node along one chosen path
        elif isinstance(port, str):
            k = node_index(port)
            if can_pass is not None and not can_pass(coord, k):
                continue
            candidates = tuple(
                i for i in tr.by_port.get(port, ()) if i != via or k in tr.reverse_nodes
            )
        else:
            candidates = tr.by_port.get(port, ())
        for i in candidates:
            p = tr.paths[i]
            out.paths.add((coord, i))
            end = p.other(port)
            if isinstance(end, str):
                k = node_index(end)
                out.nodes.add((coord, k))
                if p.terminal:
                    continue
                push((coord, end, i))
            else:
                if p.terminal and isinstance(port, int):
                    continue
                out.exits.add((coord, end))
                n = grid.neighbour_position(coord, end)
                if not contains(n):
                    continue
                opp = grid.opposite(end)
                ntr = track_at(n)
                if ntr is not None and ntr.has_port(opp):
                    out.cells.add(n)
                    push((n, opp, -1_000_000))
                else:
                    out.open_ends.add((coord, end))
    return out


class TrackModel:
    """Cached per-cell track of a scenario, with an optional rule-set hook for virtual track.

    ``virtual(cell, coord)`` may return a CellTrack for cells whose features act as track
    (a Catalan city or station platform); it is consulted before the cell's tiles.
    """

    def __init__(
        self,
        scenario: Scenario,
        reverse_kinds: frozenset[str] = frozenset(),
        virtual: Callable[[Cell, Coord], CellTrack | None] | None = None,
    ) -> None:
        self.scenario = scenario
        self.grid = scenario.board.grid
        self.reverse_kinds = reverse_kinds
        self.virtual = virtual
        self._cache: dict[Coord, CellTrack | None] = {}

    def at(self, coord: Coord) -> CellTrack | None:
        try:
            return self._cache[coord]
        except KeyError:
            pass
        cell = self.scenario.board.cell(coord)
        tr = self.virtual(cell, coord) if self.virtual is not None else None
        if tr is None:
            tr = cell_track(self.scenario, cell, self.reverse_kinds)
        self._cache[coord] = tr
        return tr

    def take_over(self, other: TrackModel, changed: Iterable[Coord]) -> None:
        """Reuse ``other``'s cell tracks (a model of an earlier board with the same reversal
        rules) for every cell but the ``changed`` ones."""
        changed = set(changed)
        self._cache = {c: t for c, t in other._cache.items() if c not in changed}

    def invalidate(self, coords: Iterable[Coord] | None = None) -> None:
        if coords is None:
            self._cache.clear()
        else:
            for c in coords:
                self._cache.pop(c, None)

    def reach(self, starts: Iterable[tuple[Coord, Port]], can_pass: NodeGate | None = None) -> Reach:
        return reach(self.grid, self.at, starts, can_pass=can_pass)

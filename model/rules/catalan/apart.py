"""How far a tile is from mattering to a player's goal, for a count of a puzzle's solutions
(:mod:`model.puzzles.separation`): the fewest empty cells that must be filled before a tile laid
on an empty cell can touch the player's network or a cell that already changed.

Catalan rules are local: whether a move is legal, and what it does, depends only on its cell,
the cell's neighbours and the players whose trains reach the group of touching cells with track
that it joins (open ends, continuity, S-8, O2 look no further), and a player's trains never leave
the group of her origin. So the moves on a group that never touches the player's group change
nothing she can do, and her required moves (a drawn tile at her own open ends) are never among
them: every way for the groups to touch fills a chain of empty cells between them, and a play
of ``k`` moves fills at most ``k`` cells.

The distances are 0-1 breadth-first searches over the grid: entering a cell with track (a tile,
a city, a platform) is free, entering an empty cell costs one (whatever its terrain).
"""

from __future__ import annotations

from collections import OrderedDict, deque

from model.grid import Coord
from model.memo import IdentityMemo
from model.rules.catalan.network import Network

_FAR = 1 << 20
APARTS_KEPT = 1024
"""How many apart answers one search keeps (:func:`apart_for`)."""


def fill_distances(net: Network, sources: set[Coord], limit: int, free: Coord | None = None,
                   occupied: set[Coord] | None = None) -> dict[Coord, int]:
    """Cell -> the fewest empty cells a chain of neighbouring cells from one of ``sources`` to
    it (the cell included, the source left out) crosses; ``free``: an empty cell counted as
    filled; ``occupied``: the cells with track, when the caller knows them. Cells past ``limit``
    are left out."""
    return _fill(net.grid, sources, limit, free, net.track_cells() if occupied is None else occupied)


def _fill(grid, sources: set[Coord], limit: int, free: Coord | None, occupied: set[Coord]) -> dict[Coord, int]:
    """:func:`fill_distances` on a grid whose cells with track are known."""
    adj = _neighbours(grid)
    dist: dict[Coord, int] = {c: 0 for c in sources if c in adj}
    dq: deque[tuple[int, Coord]] = deque((0, c) for c in dist)
    get = dist.get
    while dq:
        d, c = dq.popleft()
        if d > dist[c]:
            continue
        for n in adj[c]:
            if n in occupied or n == free:
                if d < get(n, limit + 1):
                    dist[n] = d
                    dq.appendleft((d, n))
            elif d < limit and d + 1 < get(n, limit + 1):
                dist[n] = d + 1
                dq.append((d + 1, n))
    return dist


_ADJ: IdentityMemo[dict[Coord, tuple[Coord, ...]]] = IdentityMemo(16)


def _neighbours(grid) -> dict[Coord, tuple[Coord, ...]]:
    """Each cell's neighbours on the grid (cached per grid; grids are immutable)."""
    offsets = grid.offsets()
    cells = grid.coord_set
    return _ADJ.get(grid, None, lambda: {c: tuple(n for dx, dy in offsets if (n := (c[0] + dx, c[1] + dy)) in cells) for c in cells})


def apart_for(net: Network, origin: set[Coord], targets: list[set[Coord]], limit: int) -> Apart:
    """The :class:`Apart` answer for ``net``'s board, shared by the boards of one search
    (``net.shared``) whose cells with track are the same: an answer reads nothing but the grid
    (the same for every network that shares the table), the cells with track, ``origin``,
    ``targets`` and ``limit``, which make its key."""
    occupied = net.track_cells()
    key = (frozenset(occupied), frozenset(origin), tuple(frozenset(t) for t in targets), limit)
    table = net.shared.get("apart")
    if table is None:
        table = net.shared["apart"] = OrderedDict()
    got = table.get(key)
    if got is not None and got.grid is net.grid:
        table.move_to_end(key)
        return got
    got = table[key] = Apart(net, origin, targets, limit, occupied=occupied)
    if len(table) > APARTS_KEPT:
        table.popitem(last=False)
    return got


class Apart:
    """For one board: which empty cells are too far from a player's network to matter.

    ``origin``: her origin's cells; ``targets``: the cells of each goal place; distances past
    ``limit`` are not told apart; ``occupied``: the board's cells with track, when the caller
    has them. Reads nothing of ``net`` but its grid and (without ``occupied``) its cells with
    track, so it answers for every board with the same cells with track (:func:`apart_for`), and
    it keeps the grid, not the network: the table that keeps it is shared by the networks of one
    search, and a network held from there would make each of them a cycle."""

    def __init__(self, net: Network, origin: set[Coord], targets: list[set[Coord]], limit: int,
                 occupied: set[Coord] | None = None) -> None:
        self.grid = net.grid
        self.limit = limit
        self.occupied = occupied if occupied is not None else net.track_cells()
        self._fills: dict[tuple[Coord, int], int] = {}
        self.d_origin = _fill(self.grid, origin, limit, None, self.occupied)
        self.d_targets = [_fill(self.grid, t, limit, None, self.occupied) for t in targets]
        far = limit + 1
        # her own way to each place on this board (a way that avoids a given empty cell costs no less)
        self.ways = [min((self.d_origin.get(c, far) for c in t), default=far) for t in targets]

    def fills_to_matter(self, cell: Coord, k: int) -> int:
        """A lower bound on the empty cells a play that meets her goal must fill, once a tile is
        laid on ``cell`` (empty or not), for the group of touching cells with track that the
        tile is part of to touch her group; values above ``k`` only mean "more than ``k``" (0:
        the tile is part of her group at once).

        In a play that meets her goal, her group joins her origin to every goal place; if the
        tile's group joins hers, the filled cells join three groups (the tile's, her origin's, a
        place's). A tree joining three groups holds a way between each two, and no cell lies on
        all three ways but one: it fills at least half the three distances' sum, the middle cell
        counted once (``(a + b + c - 1) / 2``), and at least each of them. The distances after
        the tile are those before it, or through the tile's cell (now filled)."""
        got = self._fills.get((cell, k))
        if got is None:
            got = self._fills[(cell, k)] = self._fills_to_matter(cell, k)
        return got

    def _fills_to_matter(self, cell: Coord, k: int) -> int:
        far = self.limit + 1
        own = 0 if cell in self.occupied else 1  # what entering the cell cost before the tile
        group = [g for g in _fill(self.grid, {cell}, 0, cell, self.occupied) if g != cell]  # the track it touches
        a = min([self.d_origin.get(cell, far) - own] + [self.d_origin.get(g, far) for g in group])
        if a <= 0:
            return 0
        need = 0
        for d_place, way in zip(self.d_targets, self.ways, strict=True):
            b = min([d_place.get(cell, far) - own] + [d_place.get(g, far) for g in group])
            c = min(way, a + b)
            need = max(need, a, b, c, (a + b + c) // 2)
        return need

"""How far a tile is from mattering to a player's goal, for a count of a puzzle's solutions
(:mod:`model.puzzles.separation`): the fewest empty cells that must be filled before a tile laid
on an empty cell can touch the player's network or a cell that already changed.

Catalan rules are local: whether a move is legal, and what it does, depends only on its cell,
the cell's neighbours and the players whose trains reach the group of touching cells with track
that it joins (open ends, continuity, S-8, O2 look no further), and a player's trains never leave
the group of her origin. So a tile whose group never touches the player's group, nor a cell that
differs from the start, changes nothing she can do: every way for the groups to touch fills a
chain of empty cells between them, and a play of ``k`` moves fills at most ``k`` cells.

The distances are 0-1 breadth-first searches over the grid: entering a cell with track (a tile,
a city, a platform) is free, entering an empty cell costs one (whatever its terrain).
"""

from __future__ import annotations

from collections import deque

from model.grid import Coord
from model.rules.catalan.network import Network

_FAR = 1 << 20


def fill_distances(net: Network, sources: set[Coord], limit: int, free: Coord | None = None) -> dict[Coord, int]:
    """Cell -> the fewest empty cells a chain of neighbouring cells from one of ``sources`` to
    it (the cell included, the source left out) crosses; ``free``: an empty cell counted as
    filled. Cells past ``limit`` are left out."""
    grid = net.grid
    offsets = grid.offsets()
    on_board = grid.coord_set
    transfer = net.transfer
    dist: dict[Coord, int] = {c: 0 for c in sources if c in on_board}
    dq: deque[tuple[int, Coord]] = deque((0, c) for c in dist)
    while dq:
        d, c = dq.popleft()
        if d > dist[c]:
            continue
        for dx, dy in offsets:
            n = (c[0] + dx, c[1] + dy)
            if n not in on_board:
                continue
            cost = 0 if n == free or transfer(n) is not None else 1
            nd = d + cost
            if nd > limit or nd >= dist.get(n, limit + 1):
                continue
            dist[n] = nd
            if cost:
                dq.append((nd, n))
            else:
                dq.appendleft((nd, n))
    return dist


class Apart:
    """For one board: which empty cells are too far from a player's network to matter.

    ``origin``: her origin's cells; ``targets``: the cells of each goal place; ``changed``: the
    cells that differ from the puzzle's start; distances past ``limit`` are not told apart."""

    def __init__(self, net: Network, origin: set[Coord], targets: list[set[Coord]], changed: set[Coord], limit: int) -> None:
        self.net = net
        self.limit = limit
        self.changed = changed
        self.d_origin = fill_distances(net, origin, limit)
        self.d_targets = [fill_distances(net, t, limit) for t in targets]
        far = limit + 1
        # changed cells outside her group now (those inside it are her group)
        loose = {c for c in changed if self.d_origin.get(c, far) > 0}
        self.d_loose = fill_distances(net, loose, limit) if loose else {}
        # her own way to every place, avoiding a given empty cell: at least the way on this board
        self.way = max((min((self.d_origin.get(c, far) for c in t), default=far) for t in targets), default=0)

    def fills_to_matter(self, cell: Coord, k: int) -> int:
        """A lower bound on the cells a play must fill, after a tile is laid on the empty ``cell``,
        before that tile's group touches, in a play that meets her goal, the player's group or a
        changed cell; values above ``k`` only mean "more than ``k``" (0: a cell with track or a
        changed cell).

        In a play that meets the goal, her group joins her origin to every goal place. If the
        tile's group joins hers, the filled cells connect three groups (the tile's, her origin's,
        a place's): a tree with a middle cell ``x``, so at least the least over ``x`` of the
        three distances to ``x`` (``x`` counted once). If it joins a changed cell outside her
        group instead, the chain to that cell and her own way to each place are filled apart.
        Distances after the tile are those before it, or through the tile (now free)."""
        if self.net.transfer(cell) is not None or cell in self.changed:
            return 0
        far = self.limit + 1
        o_cell = self.d_origin.get(cell, far) - 1  # from her origin to the tile, the tile filled
        join = 0
        for d_place in self.d_targets:
            p_cell = d_place.get(cell, far) - 1
            # a tree joining three groups holds a way between each two: at least half their sum
            join = max(join, -(-(o_cell + p_cell + min(self.way, o_cell + p_cell)) // 2))
        if self.d_loose:
            join = min(join, self.d_loose.get(cell, far) - 1 + self.way)
        return join

"""Positions for a search over many boards that differ by a few cells (the puzzle solver).

A :class:`SearchPosition` answers ``legal_moves`` and ``reached`` exactly as
:class:`model.rules.catalan.CatalanRules` does, but it builds its track :class:`Network` from the
position it was derived from instead of from nothing:

* the track of every cell that did not change is taken over;
* a player's reach (search tree, open ends) is taken over when no changed cell lies in what that
  search read: the cells it entered, its origin platforms, and the cells its exits lead into
  (:func:`reads`). A fresh search would read the same unchanged cells in the same order, so it
  would build the same reach; every other reach is searched again.

Which cells changed is found by comparing the two boards cell by cell (the same cell object means
unchanged), so a caller cannot get it wrong. When more than the board differs (tiles, players,
rules options, grid) nothing is taken over. Two positions on the same board share one network.
"""

from __future__ import annotations

import weakref
from collections import deque
from typing import Any

from model.board import EMPTY_CELL
from model.grid import Coord
from model.memo import IdentityMemo
from model.rules import Move, MoveContext, Reached
from model.rules.catalan.apart import Apart, apart_for
from model.rules.catalan.moves import Analysis
from model.rules.catalan.network import OPPOSITE, Network, PlayerReach
from model.scenario import Scenario


def reads(net: Network, r: PlayerReach) -> set[Coord]:
    """The cells whose content a player's reach search looked at."""
    targets = r.exit_targets
    if targets is None:
        targets = r.exit_targets = {net.grid.neighbour_position(c, x) for c, x in r.exits}
    return r.cells | targets | set(r.starts)


def _changed_cells(old: Scenario, new: Scenario) -> set[Coord] | None:
    """The cells whose content differs, or None when more than cell contents changed."""
    if (
        old.board.grid is not new.board.grid
        or old.tiles is not new.tiles
        or (old.rules is not new.rules and old.rules != new.rules)
        or (old.players is not new.players
            and [(p.id, p.origin) for p in old.players] != [(p.id, p.origin) for p in new.players])
    ):
        return None
    a, b = old.board.cells, new.board.cells
    if a is b:
        return set()
    grid = new.board.grid
    out: set[Coord] = set()
    both = 0
    for label, cell in b.items():
        prev = a.get(label)
        if prev is None:
            prev = EMPTY_CELL
        else:
            both += 1
        if prev is not cell:
            if prev.platform is not None or cell.platform is not None or prev.cities != cell.cities:
                return None  # origin platforms and cities are fixed features: rebuild
            out.add(grid.coord(label))
    if both < len(a):  # cells only the old board lists
        for label, prev in a.items():
            if label not in b and prev is not EMPTY_CELL:
                if prev.platform is not None or prev.cities:
                    return None
                out.add(grid.coord(label))
    return out


def derive_network(rules: Any, scenario: Scenario, parent: Network | None) -> Network:
    """The network of ``scenario``, taking over what is still valid from ``parent``'s."""
    dead = bool(rules.option(scenario, "dead_end_reversal"))
    changed = _changed_cells(parent.scenario, scenario) if parent is not None else None
    if parent is not None and changed is not None and not changed and parent.record_tree:
        return parent
    net = Network(scenario, dead_end_reversal=dead)
    if changed is None or parent.model.reverse_kinds != net.model.reverse_kinds or not parent.record_tree:
        return net
    net.take_over(parent, changed, reads)
    return net


def relaxed_distance(net: Network, player_id: str, targets: set[Coord], limit: int) -> int:
    """A lower bound on the moves before the player's trains enter one of ``targets``.

    A 0-1 breadth-first search over (cell, entry side) from her origin platforms, on a relaxed
    board: a train crosses a cell as its track does now at no cost, or, for one move, as any tile
    could (any entry to any side) on every cell that may take a tile (no city, no platform). A
    play of k moves changes at most k cells; its train's way, cut short at the first entry and
    the last exit of each changed cell, is a way on the relaxed board that costs at most k. So
    no play of fewer moves reaches a target. Returns ``limit + 1`` for "more than ``limit``".
    (:class:`RelaxedSearch` keeps the search, for :func:`useful_cells` to run it on.)
    """
    return RelaxedSearch(net, player_id, targets, limit).distance()


class RelaxedSearch:
    """The search of :func:`relaxed_distance`, kept where it stopped (at the first target it
    popped) so that :func:`useful_cells` can run the same search on to the end instead of
    starting it again: the states it pops after the first target, and the costs it gives them,
    are those of a search run to the end from the start, as both expand the same states (never
    a target) in the same order of cost.

    The network keeps its searches (``Network.relaxed_searches``), so a search holds its network
    weakly: a strong reference back would make every position's network a cycle, which only the
    cyclic collector frees (a count's positions piled up until the search ended)."""

    def __init__(self, net: Network, player_id: str, targets: set[Coord], limit: int, skip_target_origins: bool = False) -> None:
        self._net = weakref.ref(net)
        self.player_id = player_id
        self.targets = targets
        self.limit = limit
        self.dist: dict[tuple[Coord, int, bool], int] = {}
        self.dq: deque[tuple[int, Coord, int, bool]] = deque()
        self.found: int | None = None  # the cost of the first target popped
        self.done = False
        for c in net.origin_cells(player_id):
            t = net.transfer(c)
            if t is None:
                continue
            if c in targets:
                if skip_target_origins:  # useful_cells' own search: such an origin is not started from
                    continue
                self.found = 0
                self.done = True
                return
            for x in t.start_exits:
                self.dq.append((0, c, -1 - x, False))  # leaving the origin by side x

    @property
    def net(self) -> Network:
        """The network searched (alive while anyone asks the search: its network or its caller)."""
        net = self._net()
        assert net is not None, "a relaxed search outlived its network"
        return net

    def distance(self) -> int:
        """The relaxed distance (``limit + 1``: more than ``limit``)."""
        if self.found is None and not self.done:
            self._run(stop=True)
        return self.found if self.found is not None else self.limit + 1

    def entered(self) -> dict[Coord, int] | None:
        """Run to the end: each cell's cheapest entry in changed mode within the limit (None
        when an origin is a target)."""
        if self.found == 0:
            return None
        if not self.done:
            self._run(stop=False)
        out: dict[Coord, int] = {}
        for (c, _e, ch), v in self.dist.items():
            if ch and v < out.get(c, self.limit + 1):
                out[c] = v
        return out

    def _run(self, stop: bool) -> None:
        net, targets, limit, dist, dq = self.net, self.targets, self.limit, self.dist, self.dq
        side_nb = side_neighbours(net.grid)
        fixed = net.fixed_cells()
        transfer = net.transfer
        tget = net._transfer.get  # the network's own table first (transfer() fills it)
        dget = dist.get
        popleft, append, appendleft = dq.popleft, dq.append, dq.appendleft
        over = limit + 1
        while dq:
            d, c, e, changed = popleft()
            if e >= 0:
                if dget((c, e, changed), over) < d:
                    continue
                if c in targets:
                    if self.found is None:
                        self.found = d  # popped in order of cost: nothing cheaper is left
                        if stop:
                            return
                    continue
            if e < 0:
                exits: tuple[int, ...] = (-1 - e,)
            elif changed:
                exits = _ALL_SIDES
            else:
                t = tget(c, _MISSING)
                if t is _MISSING:
                    t = transfer(c)
                exits = t.exits[e] or ()
            nb = side_nb[c]
            for x in exits:
                n = nb[x]
                if n is None:
                    continue
                e2 = OPPOSITE[x]
                t = tget(n, _MISSING)
                if t is _MISSING:
                    t = transfer(n)
                if t is not None and t.exits[e2] is not None:
                    k = (n, e2, False)
                    if d < dget(k, over):
                        dist[k] = d
                        appendleft((d, n, e2, False))
                if d < limit and n not in fixed:
                    k = (n, e2, True)
                    if d + 1 < dget(k, over):
                        dist[k] = d + 1
                        append((d + 1, n, e2, True))
        self.done = True


_MISSING = object()
_ALL_SIDES = (0, 1, 2, 3)
_SIDE_NB: IdentityMemo[dict[Coord, tuple[Coord | None, ...]]] = IdentityMemo(16)


def side_neighbours(grid) -> dict[Coord, tuple[Coord | None, ...]]:
    """Each cell's neighbour across each side (None: off the board), cached per grid (grids are
    immutable)."""

    def compute() -> dict[Coord, tuple[Coord | None, ...]]:
        offsets = grid.offsets()
        cells = grid.coord_set
        return {c: tuple(n if (n := (c[0] + dx, c[1] + dy)) in cells else None for dx, dy in offsets) for c in cells}

    return _SIDE_NB.get(grid, None, compute)


def useful_cells(net: Network, player_id: str, targets: set[Coord], d: int, search: RelaxedSearch | None = None) -> set[Coord]:
    """The cells where one move may bring :func:`relaxed_distance` down from ``d`` to ``d - 1``.

    A move changes one cell ``c``. A way of cost ``d - 1`` on the relaxed board after it must use
    ``c``'s new track (elsewhere the two boards are alike); the same way with ``c`` taken as
    changed, from its first entry into ``c`` straight to its last exit, is a way on the relaxed
    board before the move of cost at most ``d``. So ``c`` is changeable and the cheapest way that
    changes ``c`` costs at most ``d``: the cost of entering ``c`` changed (forward search from the
    origins) plus the cost from leaving ``c`` by any side to a target (backward search from the
    targets). Cells that may not change on the relaxed board (cities, platforms) are not judged
    and always included.
    """
    # forward: the cheapest entry of each cell in changed mode (the search of relaxed_distance,
    # run to the end within d, stopping at the targets); ``search``: that search of the same
    # board, player and targets with a limit of at least d (the same costs up to d), run on
    got = None
    if search is not None and search.net is net and search.player_id == player_id and search.limit >= d and search.targets == targets:
        got = search.entered()
    if got is None:
        got = RelaxedSearch(net, player_id, targets, d, skip_target_origins=True).entered()
    return _useful_from(net, targets, d, got)


def _useful_from(net: Network, targets: set[Coord], d: int, entered: dict[Coord, int]) -> set[Coord]:
    """The backward search of :func:`useful_cells` and its answer, from the forward one's."""
    side_nb = side_neighbours(net.grid)
    fixed = net.fixed_cells()
    transfer = net.transfer
    tget = net._transfer.get
    # backward: the cost from a state to a target; every changed state of a cell has the same
    # cost (any exit), kept under the entry side -1
    back: dict[tuple[Coord, int], int] = {}
    bget = back.get
    bq: deque[tuple[int, Coord, int, bool]] = deque()
    over = d + 1
    for c in targets:
        if c not in side_nb:
            continue
        t = transfer(c)
        for e in range(4):
            if t is not None and t.exits[e] is not None:
                back[(c, e)] = 0
                bq.append((0, c, e, False))
        if c not in fixed:
            back[(c, -1)] = 0
            bq.append((0, c, -1, True))
    popleft, append, appendleft = bq.popleft, bq.append, bq.appendleft
    while bq:
        v, c, e, changed = popleft()
        if bget((c, e), over) < v:
            continue
        a = v + 1 if changed else v  # the cost of the way from entering this state on
        if a > d:
            continue
        push = appendleft if a == v else append
        nb = side_nb[c]
        for side in _ALL_SIDES if changed else (e,):
            m = nb[side]  # the cell the train came from
            if m is None or m in targets:
                continue
            x = OPPOSITE[side]  # the side of m it left by
            if a < bget((m, -1), over) and m not in fixed:
                back[(m, -1)] = a
                push((a, m, -1, True))
            t = tget(m, _MISSING)
            if t is _MISSING:
                t = transfer(m)
            if t is None:
                continue
            for e2 in t.entries_to()[x]:
                if a < bget((m, e2), over):
                    back[(m, e2)] = a
                    push((a, m, e2, False))
    out = set(fixed)
    for c, f in entered.items():
        if f + bget((c, -1), over) <= d:
            out.add(c)
    return out


class SearchPosition:
    """One scenario seen by a search, with its network derived from an earlier position."""

    def __init__(self, rules: Any, scenario: Scenario, parent: SearchPosition | None = None) -> None:
        self.rules = rules
        self.scenario = scenario
        self.net = derive_network(rules, scenario, parent.net if parent is not None else None)
        self._analysis: Analysis | None = None
        # the per-tile caches of an analysis depend only on the tiles and the reversal kinds
        self._tile_donor: Analysis | None = None
        if (
            parent is not None
            and parent.scenario.tiles is scenario.tiles
            and parent.net.model.reverse_kinds == self.net.model.reverse_kinds
        ):
            self._tile_donor = parent._analysis or parent._tile_donor

    def analysis(self) -> Analysis:
        """The Catalan analysis of this scenario on the derived network (cached)."""
        if self._analysis is None:
            donor = self._tile_donor
            same_rules = donor is not None and (donor.s.rules is self.scenario.rules or donor.s.rules == self.scenario.rules)
            a = Analysis(self.rules, self.scenario, net=self.net, like=donor if same_rules and donor.grid is self.net.grid else None)
            if self._tile_donor is not None:
                a.share_tile_caches(self._tile_donor)
                self._tile_donor = None
            self._analysis = a
        return self._analysis

    def legal_moves(self, context: MoveContext, cells: frozenset[str] | None = None) -> list[Move]:
        """The same list as ``CatalanRules.legal_moves(scenario, context)``; with ``cells``
        (labels), the moves of that list on those cells."""
        if self.scenario.board.grid.kind != "square":
            return []
        return self.rules.legal_moves_in(self.analysis(), context, cells)

    def distance_bound(self, actor: str, targets: set[Coord], limit: int) -> int | None:
        """A lower bound on the moves before ``actor``'s reach enters one of the ``targets``
        (:func:`relaxed_distance`); None for a non-player."""
        if self.scenario.player(actor) is None or self.scenario.board.grid.kind != "square":
            return None
        # kept on the network, which the positions of one board share: (actor, targets, limit) -> search
        table = self.net.relaxed_searches
        key = (actor, frozenset(targets), limit)
        search = table.get(key)
        if search is None:
            search = table[key] = RelaxedSearch(self.net, actor, targets, limit)
        return search.distance()

    def bound_covers_empty_cells(self) -> bool:
        """Whether :meth:`distance_bound` is never below the solver's empty-cell bound
        (:func:`model.puzzles.reach.distance_bound`) on this board, so that the solver may ask it
        alone: on a square grid without blocked cells (offboard, gray), where the empty-cell
        bound counts the empty cells of a way from the network's cells to the place, and every
        way :func:`relaxed_distance` counts runs from her origin through her network and pays
        at least one move for each empty cell it enters (an empty cell has no track to keep);
        both are at least 1 when the goal is not met. A board with blocked cells (which the
        empty-cell bound does not cross) asks both."""
        board = self.scenario.board
        return board.grid.kind == "square" and not any(c.terrain in ("offboard", "gray") for c in board.cells.values())

    def useful_cells(self, actor: str, targets: set[Coord], d: int) -> frozenset[str] | None:
        """The labels of the cells where one move may lower ``distance_bound(actor, targets, d)``
        from ``d`` to ``d - 1`` (:func:`useful_cells`); None for a non-player."""
        if self.scenario.player(actor) is None or self.scenario.board.grid.kind != "square":
            return None
        grid = self.scenario.board.grid
        # kept on the network (one board's positions share it), beside the relaxed searches
        memo = self.net.relaxed_searches
        key = ("useful", actor, frozenset(targets), d)
        got = memo.get(key)
        if got is not None:
            return got
        # the bound's own search of this board, run on (one with a larger limit gives the same
        # costs up to d, all that useful_cells reads)
        search = None
        for k, s in memo.items():
            if len(k) == 3 and k[0] == actor and k[2] >= d and k[1] == targets and (search is None or k[2] < search.limit):
                search = s
        got = memo[key] = frozenset(grid.label(c) for c in useful_cells(self.net, actor, targets, d, search))
        return got

    def reads(self, actor: str) -> frozenset[str] | None:
        """The labels of the cells a move must change to change ``reached(actor)``: a move on any
        other cell leaves the actor's reach as it is (:func:`reads`). None for a non-player."""
        if self.scenario.player(actor) is None or self.scenario.board.grid.kind != "square":
            return None
        grid = self.scenario.board.grid
        return frozenset(grid.label(c) for c in reads(self.net, self.net.reach(actor)) if grid.contains(c))

    def apart(self, actor: str, required: list[tuple[str, str | None]], places: list[set[Coord]], limit: int) -> Apart | None:
        """Which cells are too far from ``actor``'s network for a tile there to matter to her goal
        (the goal places' cells ``places``; see :mod:`model.rules.catalan.apart`). None for a non-player, or when one
        of the puzzle's ``required`` moves (phase, drawn tile) may be made away from her network:
        a turntable (M5) or a dead end that may go at any player's open end (M8)."""
        if self.scenario.player(actor) is None or self.scenario.board.grid.kind != "square":
            return None
        a = self.analysis()
        for phase, tile in required:
            tdef = a.tdefs.get(tile) if tile is not None else None
            if phase != "mandatory" or tdef is None or tile == "turntable" or any(n.kind == "turntable" for n in tdef.nodes):
                return None
            if "dead_end" in tdef.tags and a.opt["dead_end_mandatory_target"] == "any":
                return None
        return apart_for(self.net, set(self.net.origin_cells(actor)), places, limit)

    def reached(self, actor: str) -> Reached | None:
        """The same answer as ``CatalanRules.reached(scenario, actor)``."""
        return self.rules.reached_on(self.scenario, self.net, actor)


__all__ = ["RelaxedSearch", "SearchPosition", "derive_network", "reads", "relaxed_distance", "useful_cells"]

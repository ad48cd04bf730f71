"""Catalan continuity (docs/rules-catalan.md §4.6): does a substitution cost any player track?

The exact test: for every player whose trains use the substituted cell, what they reach outside
that cell before the substitution must still be reached after it. It is computed from the
player's search tree rather than by two whole-board searches, which is what keeps
``legal_moves`` fast. :class:`ContinuityMixin` is part of :class:`~model.rules.catalan.moves.Analysis`
and uses its network, tiles and options.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from model.grid import Coord
from model.rules import Move, Verdict
from model.rules.catalan.network import OPPOSITE, Transfer, connection_name, fail


class ContinuityMixin:
    """The continuity methods of :class:`~model.rules.catalan.moves.Analysis`."""

    def scope(self, coord: Coord) -> list[str]:
        """Whose track a change of the cell must not cut (A6).

        ``all_players`` and ``owners_of_q`` name the same players in effect: a player whose
        trains never enter the cell cannot lose anything through it, so only the players who
        reach the cell are examined either way."""
        return self.reachers(coord)

    def lost_connections(self, coord: Coord, pid: str, new: Transfer | None, limit: int | None = None) -> set[tuple[Coord, int]]:
        """Connections outside ``coord`` that the player reaches now and would not with ``new`` there.

        Exact, and cheap in the usual cases (at most ``limit`` cells' worth are reported):

        1. if every transition the player's trains make through the cell into a neighbour's
           track still exists, nothing is lost;
        2. in the player's search tree, a state can only be lost if its tree path leaves the cell
           by a transition the new tile lacks, or enters the cell a second time: those states are
           a few pre-order ranges (every other state keeps its tree path on the new board);
        3. the search is resumed on the changed board from the exits that the surely reachable
           states make into the cell or, by non-tree edges, into those ranges; then every state
           of the ranges not found again is checked for a connection nobody else still provides.
        """
        needed = self._needed_transitions(coord, pid)
        rel = new.relation() if new is not None else frozenset()
        if not needed or needed <= rel:
            return set()
        if limit is None:
            limit = 7 if self.detail else 1
        net = self.net
        r = net.reach(pid)
        if not r.parent:  # a network kept without its search tree: compare two full searches
            after = net.search(pid, overrides={coord: new})
            return {k for k in r.connections if k[0] != coord} - after.connections
        key = (coord, pid)
        prof = self._profiles.get(key)
        if prof is None:
            prof = self._profiles[key] = self._profile(coord, r)
        nested, children, into_q = prof
        ranges = list(nested)  # inclusive pre-order ranges of the states at risk
        for transition, lo_, hi_ in children:
            if transition not in rel:
                ranges.append((lo_, hi_))
        if not ranges:
            return set()
        memo_key = (coord, pid, new.exits if new is not None else None, limit)
        got = self._lost.get(memo_key)
        if got is None:
            got = self._lost[memo_key] = self._lost_in_ranges(coord, new, r, ranges, limit)
        return got

    def _lost_in_ranges(self, coord: Coord, new: Transfer | None, r, ranges: list[tuple[int, int]], limit: int) -> set[tuple[Coord, int]]:
        """Steps 2-3 of :meth:`lost_connections` for the states at risk (pre-order ``ranges``).

        A state is *known* (surely still reached) when it was reached before, is not in the
        changed cell and is not at risk. The tests are written out inline: this loop is the hot
        spot of ``legal_moves`` in the optional phase."""
        net = self.net
        tin, _, order = r.euler()
        by_cell = r.by_cell()
        _, _, into_q = self._profiles[(coord, r.player)]
        merged = _merged(ranges)
        lo, hi = merged[0][0], merged[-1][1]  # every state at risk lies in [lo, hi]
        gaps = len(merged) > 1
        tin_get = tin.get

        def at_risk(i: int) -> bool:  # for i in [lo, hi]
            return not gaps or any(a_ <= i <= b_ for a_, b_ in merged)

        def known(st: tuple[Coord, int]) -> bool:
            i = tin_get(st)
            return i is not None and st[0] != coord and (i < lo or i > hi or not at_risk(i))

        # the search resumed on the changed board, through states not known to be reached:
        # ``found`` marks the states at risk found again (by pre-order number), ``fresh`` the
        # entries found in the changed cell and in cells the old board never entered
        found = bytearray(len(order))
        fresh: dict[Coord, list[int]] = {}
        offsets = self.grid.offsets()
        on_board = self.grid.coord_set
        succ = self._succ.get(r.player)
        if succ is None:
            succ = self._succ[r.player] = [None] * len(order)
        in_cell = {tin[(coord, e)] for e in by_cell.get(coord, ())}  # the cell's own states
        # targets still to visit: a state of the old board by its pre-order number, or else
        # (cell, entry side)
        targets: list = []
        push = targets.append

        def leave(c: Coord, x: int) -> None:
            dx, dy = offsets[x]
            n = (c[0] + dx, c[1] + dy)
            if n in on_board:
                st = (n, OPPOSITE[x])
                i = tin_get(st)
                push(st if i is None else i)

        for st, x in into_q:  # surely reachable states that leave into the changed cell ...
            if known(st):
                leave(st[0], x)
        for a_, b_ in set(ranges):  # ... or into a state at risk by a non-tree edge
            for u, x in self._entries_into(coord, r, a_, b_):
                if known(u):
                    leave(u[0], x)
        pop = targets.pop
        while targets:
            item = pop()
            if item.__class__ is int:
                if item not in in_cell:  # a state of the old board: known, at risk and found, or at risk
                    if item < lo or item > hi or found[item] or not at_risk(item):
                        continue
                    found[item] = 1
                    nxt = succ[item]
                    if nxt is None:
                        nxt = succ[item] = self._successors(*order[item], tin_get)
                    targets.extend(nxt[0])
                    for st in nxt[1]:  # no track faces the train there, unless the cell changes
                        if st[0] == coord:
                            push(st)
                    continue
                n, e = order[item]
                t = new
            else:
                n, e = item
                t = new if n == coord else net.transfer(n)
            if t is None:
                continue
            exits = t.exits[e]
            if exits is None:
                continue
            seen = fresh.get(n)
            if seen is None:
                seen = fresh[n] = []
            elif e in seen:
                continue
            seen.append(e)
            for x2 in exits:
                leave(n, x2)
        # every state at risk not found again: does anyone else still provide its connections?
        # (the ranges in their own order, so that the first ``limit`` cells found stay the same)
        lost: set[tuple[Coord, int]] = set()
        lost_cells: set[Coord] = set()
        find = found.find
        for a_, b_ in ranges:
            idx = a_ - 1
            while True:
                idx = find(0, idx + 1, b_ + 1)  # the next state of the range not found again
                if idx < 0:
                    break
                c, e = order[idx]
                if c == coord:
                    continue
                others = by_cell[c]
                again = [e2 for e2 in others if found[tin[(c, e2)]]] + fresh.get(c, [])
                t = net.transfer(c)
                used_e = t.start_used if e < 0 else t.used[e]
                if not again and len(others) == 1:  # the only state of its cell: all is lost
                    for i in used_e:
                        lost.add((c, i))
                        lost_cells.add(c)
                    if len(lost_cells) >= limit:
                        return lost
                    continue
                for i in used_e:
                    if (c, i) in lost or any(i in (t.start_used if e2 < 0 else t.used[e2]) for e2 in again):
                        continue
                    if any(
                        e2 != e and i in (t.start_used if e2 < 0 else t.used[e2]) and known((c, e2)) for e2 in others
                    ):
                        continue
                    lost.add((c, i))
                    lost_cells.add(c)
                    if len(lost_cells) >= limit:
                        return lost
        return lost

    def _entries_into(self, coord: Coord, r, lo: int, hi: int) -> list[tuple[tuple[Coord, int], int]]:
        """Non-tree edges ``(state, exit side)`` into the pre-order range ``[lo, hi]`` from states
        outside it and outside the cell (cached per cell, player and range: the rotations and
        tiles tried on one cell share them)."""
        key = (coord, r.player, lo, hi)
        got = self._entries.get(key)
        if got is None:
            tin = r.euler()[0]
            keys = r.nontree_keys
            got = []
            for k in range(bisect_left(keys, lo), bisect_right(keys, hi)):
                u, x, v = r.nontree[k]
                if v[0] != coord and u[0] != coord and not lo <= tin[u] <= hi:
                    got.append((u, x))
            self._entries[key] = got
        return got

    def _successors(self, coord: Coord, entry: int, tin_get) -> tuple[tuple[int, ...], tuple[tuple[Coord, int], ...]]:
        """Where a train entering ``coord`` by ``entry`` moves on to, on the board as it stands:
        the states of the player's reach it enters, by pre-order number (``tin_get``), and the
        (cell, entry side) pairs where no track faces it (cached per player and state by
        :meth:`_lost_in_ranges`: the player's reach is closed, so it leads nowhere else)."""
        t = self.net.transfer(coord)
        offsets = self.grid.offsets()
        on_board = self.grid.coord_set
        states, dead = [], []
        for x in t.exits[entry]:
            dx, dy = offsets[x]
            n = (coord[0] + dx, coord[1] + dy)
            if n in on_board:
                st = (n, OPPOSITE[x])
                i = tin_get(st)
                if i is None:
                    dead.append(st)
                else:
                    states.append(i)
        return tuple(states), tuple(dead)

    def _profile(self, coord: Coord, r) -> tuple:
        """Tile-independent data of the continuity test for one cell and player (cached):
        the ranges below states that entered the cell a second time, each tree child of the
        other states of the cell with the transition that leads to it, and the states of the
        neighbours that leave into the cell."""
        tin, tout, _ = r.euler()
        by_cell = r.by_cell()
        q_states = [(coord, e) for e in by_cell.get(coord, ())]
        q_ranges = [(tin[st], tout[st]) for st in q_states]
        nested: list[tuple[int, int]] = []
        children: list[tuple[tuple[int, int], int, int]] = []
        for st, (lo_, hi_) in zip(q_states, q_ranges, strict=True):
            if any(a_ < lo_ <= b_ for a_, b_ in q_ranges):
                if hi_ > lo_:  # entered the cell before: everything below is at risk
                    nested.append((lo_ + 1, hi_))
                continue
            for child in r.children.get(st, ()):
                children.append(((st[1], (child[1] + 2) % 4), tin[child], tout[child]))
        into_q = []
        for s_ in range(4):
            nb = self.grid.neighbour_position(coord, s_)
            back = (s_ + 2) % 4
            for e2 in by_cell.get(nb, ()):
                t = self.net.transfer(nb)
                exits = t.start_exits if e2 < 0 else (t.exits[e2] or ())
                if back in exits:
                    into_q.append(((nb, e2), back))
        return nested, children, into_q

    def _needed_transitions(self, coord: Coord, pid: str) -> frozenset[tuple[int, int]]:
        """(entry, exit) pairs the player's trains use through the cell into a neighbour's track.

        When the new tile keeps them all, the player loses nothing (cached per cell and player).
        """
        key = (coord, pid)
        got = self._needed.get(key)
        if got is not None:
            return got
        before = self.net.reach(pid)
        out: set[tuple[int, int]] = set()
        if coord in before.cells:
            old = self.net.transfer(coord)
            grid = self.grid
            for e in before.by_cell().get(coord, ()):
                if e < 0:
                    continue
                for x in old.exits[e] or ():
                    n = grid.neighbour_position(coord, x)
                    nt = self.net.transfer(n) if grid.contains(n) else None
                    if nt is not None and nt.exits[(x + 2) % 4] is not None:
                        out.add((e, x))
        got = frozenset(out)
        self._needed[key] = got
        return got

    def lost_names(self, lost: set[tuple[Coord, int]], most: int = 6) -> str:
        """The lost connections written with their sides, e.g. ``C4 (N-S), D4 (E-W)``."""
        by_cell: dict[Coord, list[str]] = {}
        for c, i in lost:
            track = self.net.track(c)
            name = connection_name(track, i) if track is not None and 0 <= i < len(track.paths) else None
            by_cell.setdefault(c, [])
            if name and name not in by_cell[c]:
                by_cell[c].append(name)
        cells = sorted(by_cell, key=lambda c: (c[1], c[0]))
        parts = [self.label(c) + (f" ({', '.join(sorted(by_cell[c]))})" if by_cell[c] else "") for c in cells[:most]]
        return ", ".join(parts) + (" …" if len(cells) > most else "")

    def continuity(self, coord: Coord, move: Move) -> Verdict | None:
        new = self.tile_transfer(move.tile, move.rotation)
        for pid in self.scope(coord):
            lost = self.lost_connections(coord, pid, new)
            if lost:
                names = self.lost_names(lost)
                old = self.s.board.cell(coord).tile
                if old is not None and old.tile == "turntable":
                    return fail(
                        "catalan.S-6",
                        f"{move.cell}: the turntable can only be replaced when continuity holds and its reversal is not "
                        f"in use; with {self.tile_name(move.tile, move.rotation)} {pid} would lose track at {names} (S-6)",
                    )
                return fail(
                    "catalan.S-5",
                    f"{move.cell}: replacing {old.tile if old else 'the tile'} by {self.tile_name(move.tile, move.rotation)} "
                    f"would cut {pid} off from track at {names}; a substitution must not harm the continuity of any "
                    "track (S-4/S-5, §4.6)",
                )
        return None

    def is_middle(self, coord: Coord) -> bool:
        """A middle tile: emptying the cell would cut some player (in scope) off from track (A4)."""
        got = self._middle.get(coord)
        if got is None:
            got = self._middle[coord] = any(self.lost_connections(coord, pid, None, limit=1) for pid in self.scope(coord))
        return got


def _merged(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Inclusive ranges sorted and merged where they overlap or touch."""
    out: list[tuple[int, int]] = []
    for a_, b_ in sorted(ranges):
        if out and a_ <= out[-1][1] + 1:
            if b_ > out[-1][1]:
                out[-1] = (out[-1][0], b_)
        else:
            out.append((a_, b_))
    return out

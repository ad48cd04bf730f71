"""The generator's guided play: a random play of exactly N moves towards a target.

A mixin of :class:`model.puzzles.generate.Generator` (its attributes: ``moves``, ``rng``,
``palette``, ``phases``, ``scenario``, ``actor``...); see that module for the whole method.
"""

from __future__ import annotations

import time
from typing import Any

from model.puzzle_spec import Resources
from model.puzzles.reach import way_costs, way_distances
from model.puzzles.solver import Solver
from model.rules import Move
from model.scenario import Scenario

PASS_CHANCE = 0.15
"""How often the guided play passes an optional step when it could play."""
WALK_NODES = 100
"""The most positions one guided play visits (it takes back moves that lead nowhere)."""


class GuidedPlay:
    """The guided play of :class:`model.puzzles.generate.Generator`."""

    def _walk(self, target: str | None) -> tuple[list[Move], Resources, str] | None:
        """One random play of exactly N moves; None if it fails.

        With a target the play is guided: it meets the goal at the last move and not before.
        Without one (``reach`` and ``connect`` goals) it is free, and the target becomes a stop
        that the last move reaches for the first time.

        The play is a depth-first search in random order: a move that leads nowhere (no move
        after it keeps the target within reach) is taken back and the next one tried, up to
        ``WALK_NODES`` positions a play.
        """
        self.walks += 1
        n = self.moves
        turns = self.turns
        pool = [t for t in self.palette for _ in range(n)] if self._uses_hand() else None
        if self.draws_only and self.has_drawn and pool is not None:
            # the drawn tiles alone, one a turn in the order drawn: a play with fewer choices
            pool, turns = [], min(40, n + 1 + n // 6)
        draws = [self.palette[0]] * turns if self.has_drawn else []
        money = None if self.is_player else 1 << 30  # the play spends freely; the puzzle gets its cost
        resources = Resources(hand=pool, draws=draws, turns=turns, money=money)
        if not self.is_player and pool is None:
            resources = Resources(draws=draws, turns=turns, money=money)
        puzzle = self._puzzle(target or self._any_stop, resources, self.phases)
        walk_scenario = self.scenario.model_copy(update={"puzzle": puzzle})
        solver = Solver(walk_scenario, self.rules, max_seconds=3600, max_nodes=1 << 40)
        solver._deadline = time.monotonic() + 3600
        node = solver._root()
        if target is not None and solver._met(node):
            return self._walk_failed("met at start")
        self._walk_budget = WALK_NODES
        self._walk_dead: set = set()
        self._walk_target = target
        played: list[tuple[Move, int, str | None]] = []  # (move, turn, hand tile)
        got = self._play(solver, node, played)
        self.walk_exhausted = got is None and self._walk_budget >= 0
        if got is None:
            return self._walk_failed("no play" if self.walk_exhausted else "no play within the walk's budget")
        target = got
        turns = max(t for _, t, _ in played) + 1
        hand_used = [tile for _, _, tile in played if tile is not None]
        cost = sum(m.cost for m, _, _ in played)
        money = cost if not self.is_player else None
        res = Resources(
            hand=sorted(hand_used) if self._uses_hand() or not self.is_player else None,
            draws=list(solver.puzzle.resources.draws[:turns]) if self.has_drawn else [],
            turns=turns,
            money=money,
        )
        if self.is_player and not self._uses_hand():
            res = res.model_copy(update={"hand": []})
        return [m for m, _, _ in played], res, target

    def _play(self, solver: Solver, node: Any, played: list, before: frozenset[str] | None = None) -> str | None:
        """The rest of a walk from ``node`` (see :meth:`_walk`): the target when the play is
        complete (``played`` then holds it), None when no way on is found."""
        target = self._walk_target
        remaining = self.moves - len(played)
        if remaining == 0:
            if target is not None:
                return target
            new = sorted((self._reached(node.scenario) - (before or frozenset())) & set(self._stops))
            return self.rng.choice(new) if new else None
        self._check()
        seen = (node.key, node.turn, remaining)
        if seen in self._walk_dead:
            return None  # searched before, by another order of the same moves: it led nowhere
        self._walk_budget -= 1
        if self._walk_budget < 0 or solver._finished(node):
            return None
        if target is None and remaining == 1:
            before = self._reached(node.scenario)
        step = solver.puzzle.phases[node.phase]
        if step.tile_from == "drawn":
            # the turn's drawn tile: each of the palette in random order, as long as none leads on
            tiles = sorted(set(self.palette))
            self.rng.shuffle(tiles)
        else:
            tiles = [None]
        useful = None
        if target is not None and solver._bound(node, remaining)[1] == remaining:
            # every move must lower the bound: only those on the cells where one can are made
            useful = solver._useful_cells(node, remaining)
        for tid in tiles:
            if tid is not None:
                solver.puzzle.resources.draws[node.turn] = tid
                solver._moves_cache.clear()
                solver._last_cache.clear()
                node = solver._make(node.scenario, node.turn, node.phase, 0, node.hand, node.money, node.moves_left)
            children = solver._children(node, useful=useful)
            options = self._options(solver, children, remaining, target is not None)
            if target is not None and options:
                options = self._towards(solver, options, target, remaining)
                if remaining == 1:
                    # the last move: one that meets the goal with its tile turned one way only
                    # (another turn of it would be another solution)
                    ways: dict[tuple, int] = {}
                    for m, _ in options:
                        ways[(m.cell, m.tile)] = ways.get((m.cell, m.tile), 0) + 1
                    options = [(m, c) for m, c in options if ways[(m.cell, m.tile)] == 1]
            self.rng.shuffle(options)
            passes = [c for m, c in children if m is None and solver._capacity(c) >= remaining]
            if passes and options and not step.required and self.rng.random() < PASS_CHANCE:
                order = [(None, passes[0]), *options]
            else:
                order = [*options, *((None, c) for c in passes[:1])]
            for m, child in order:
                if m is not None:
                    played.append((m, node.turn, m.tile if step.tile_from == "hand" else None))
                got = self._play(solver, child, played, before)
                if got is not None:
                    return got
                if m is not None:
                    played.pop()
                if self._walk_budget < 0:
                    return None
                if tid is not None:  # the deeper search changed the later draws and the cache
                    solver.puzzle.resources.draws[node.turn] = tid
                    solver._moves_cache.clear()
                    solver._last_cache.clear()
        self._walk_dead.add(seen)
        return None

    def _walk_failed(self, why: str) -> None:
        self.walk_failures[why] = self.walk_failures.get(why, 0) + 1
        return None

    def _towards(self, solver: Solver, options: list, target: str, remaining: int) -> list:
        """Guided plays head for the target: a move is kept when it lays on the actor's own
        network (a move elsewhere is not needed, so a shorter solution would leave it out) and
        it lays on the place, or a side its tile opens leads to a cell from which the way to
        the place (that cell included) costs at most the moves still to come after this one,
        by the distance bound's measure. A heuristic for building candidates; the proof is the
        solver's."""
        scenario = solver.initial
        hit = self._way_cache.get(target)
        if hit is None:
            hit = self._way_cache[target] = (way_distances(scenario, target), way_costs(scenario)[1])
        dist, free = hit
        grid = scenario.board.grid
        out = []
        for m, child in options:
            if m.tile is None or not grid.is_label(m.cell):
                out.append((m, child))
                continue
            status = solver._status_cache.get(child.key[0])
            if status is not None and grid.coord(m.cell) not in status.sources:
                continue
            tdef = scenario.tile(m.tile)
            coord = grid.coord(m.cell)
            best = 0 if dist.get(coord) == 0 else 1 << 20
            if tdef is not None:
                for edge in tdef.exits(m.rotation, grid.sides):
                    n = grid.neighbour(coord, edge)
                    if n is not None and n in dist:
                        best = min(best, dist[n] + (0 if n in free else 1))
            if best <= remaining - 1:
                out.append((m, child))
        return out

    def _grid_distance(self, scenario: Scenario, target: str) -> dict:
        hit = self._dist_cache.get(target)
        if hit is None:
            from model.puzzles.reach import place_cells

            grid = scenario.board.grid
            cells = place_cells(scenario, target)
            hit = {c: 0 for c in cells}
            frontier = list(cells)
            while frontier:
                nxt = []
                for c in frontier:
                    for _, n in grid.neighbours(c):
                        if n not in hit:
                            hit[n] = hit[c] + 1
                            nxt.append(n)
                frontier = nxt
            self._dist_cache[target] = hit
        return hit

    def _reached(self, scenario: Scenario) -> frozenset[str]:
        got = self.rules.reached(scenario, self.actor)
        return got.places if got is not None else frozenset()

    @staticmethod
    def _options(solver: Solver, children: list, remaining: int, guided: bool) -> list[tuple[Move, Any]]:
        """The moves a play may take. Guided: the last must meet the goal, the others must not,
        and must leave the goal within reach of the moves still to come. Free: every move
        that leaves enough moves to come."""
        out = []
        for m, child in children:
            if m is None:
                continue
            if not guided:
                if remaining == 1 or solver._capacity(child) >= remaining - 1:
                    out.append((m, child))
                continue
            met, bound = solver._bound(child, remaining)
            if remaining == 1:
                if met:
                    out.append((m, child))
            elif not met and bound <= remaining - 1 and solver._capacity(child) >= remaining - 1:
                out.append((m, child))
        return out

    def _uses_hand(self) -> bool:
        return any(p.tile_from == "hand" for p in self.phases)

"""Puzzle analysis: a measured difficulty, and "why not unique" suggestions.

:func:`measure` searches a puzzle and reports figures a designer can compare with her own
``difficulty``: the search nodes the solver needs to find the solution, the distinct states of
the whole tree, the mean branching (moves per state), the dead ends (states from which no
solution follows) and the forced moves of the solution (moves that were the only legal move).
The score (1–10) grows with the dead ends met per free choice of the solution (see
:func:`difficulty_score`).

:func:`suggest` takes a puzzle with several solutions and tries the smallest changes that could
remove the others: one tile less in the hand, one turn less, less money, an obstacle on a cell
that another solution needs and the first does not. Each change is kept only when the solver
proves the changed puzzle unique. No Qt.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from model.board import Cell
from model.puzzles.search_state import SearchStop, same_move
from model.puzzles.solver import Solver, SolveResult, solve
from model.rules import Move, RuleSet, get_rule_set
from model.scenario import Scenario


@dataclass
class Difficulty:
    """Measured difficulty of a solvable puzzle (see the module docstring)."""

    moves: int  # moves of the shortest solution
    nodes_to_solution: int  # search nodes of the shortest-solution search
    states: int  # distinct states of the whole bounded tree (as far as searched)
    branching: float  # mean number of moves per state
    dead_ends: int  # states from which no solution follows
    forced: int  # moves of the solution that were the only legal move (up to symmetry)
    complete: bool  # the whole tree was searched (else the figures are lower bounds)
    score: int  # 1..10

    def to_json(self) -> dict[str, Any]:
        return {
            "moves": self.moves,
            "nodes_to_solution": self.nodes_to_solution,
            "states": self.states,
            "branching": round(self.branching, 2),
            "dead_ends": self.dead_ends,
            "forced": self.forced,
            "complete": self.complete,
            "score": self.score,
        }

    def text(self) -> str:
        return (
            f"{self.score}/10 measured ({self.moves} moves, {self.forced} forced; {self.dead_ends} dead ends "
            f"in {self.states} states, branching {self.branching:.1f}; {self.nodes_to_solution} nodes to the solution)"
        )


def difficulty_score(moves: int, forced: int, dead_ends: int) -> int:
    """1..10: one point, plus the base-2 logarithm of the dead ends met per free choice.

    A free choice is a move of the solution that was not forced. A puzzle of forced moves
    scores 1; each doubling of the dead ends per free choice adds a point.
    """
    free = max(1, moves - forced)
    return max(1, min(10, 1 + round(math.log2(1 + dead_ends / free))))


class _Measure:
    def __init__(self, solver: Solver) -> None:
        self.s = solver
        self.alive: dict[tuple, bool] = {}
        self.moves_sum = 0
        self.dead = 0

    def search(self, node: Any) -> bool:
        """Does a solution follow from this node? Counts states, moves and dead ends."""
        s = self.s
        if s._finished(node):
            return False
        key = (node.key, s.puzzle.resources.turns - node.turn)
        hit = self.alive.get(key)
        if hit is not None:
            return hit
        s._tick()
        self.alive[key] = False
        found = False
        cap = s._capacity(node)
        if s._bound(node, cap)[1] <= cap:
            for move, child in s._children(node):
                if move is not None:
                    self.moves_sum += 1
                if move is not None and s._met(child):
                    found = True
                elif self.search(child):
                    found = True
        if not found:
            self.dead += 1
        self.alive[key] = found
        return found


def measure(
    scenario: Scenario,
    *,
    rules: RuleSet | None = None,
    max_seconds: float = 10.0,
    max_nodes: int = 2_000_000,
    cancelled: Callable[[], bool] | None = None,
) -> Difficulty | None:
    """The measured difficulty of a puzzle, or None when it has no solution (within the limits)."""
    rules = rules if rules is not None else get_rule_set(scenario.rules.id)
    one = solve(scenario, rules=rules, max_seconds=max_seconds, max_nodes=max_nodes, cancelled=cancelled)
    if one.solution is None:
        return None
    solver = Solver(scenario, rules, max_seconds=max_seconds, max_nodes=max_nodes, cancelled=cancelled)
    solver._deadline = time.monotonic() + max_seconds
    m = _Measure(solver)
    complete = True
    forced = 0
    try:
        root = solver._root()
        m.search(root)
        node = root
        for move in one.solution:
            while True:
                kids = solver._children(node)
                match = next((c for mv, c in kids if mv is not None and same_move(mv, move)), None)
                if match is not None:
                    break
                node = next(c for mv, c in kids if mv is None)  # a pass before the move
            if sum(1 for mv, _ in kids if mv is not None) == 1:
                forced += 1
            node = match
    except SearchStop:  # a limit: the figures so far are lower bounds
        complete = False
    states = len(m.alive)
    branching = m.moves_sum / states if states else 0.0
    moves = len(one.solution)
    return Difficulty(moves, one.nodes, states, branching, m.dead, forced, complete, difficulty_score(moves, forced, m.dead))


# --- why not unique ------------------------------------------------------------------------------
@dataclass
class Suggestion:
    """A change that makes the puzzle unique, with the solver's proof."""

    kind: str  # 'drop-tile', 'fewer-turns', 'less-money', 'obstacle'
    text: str
    scenario: Scenario
    proof: SolveResult
    keeps_first: bool  # the remaining solution is the first solution of the original puzzle


def changed_cells(scenario: Scenario, moves: list[Move]) -> set[str]:
    """The cells a solution lays on."""
    return {m.cell for m in moves}


def obstacle_terrain(scenario: Scenario) -> str | None:
    """A terrain that closes a plain cell to the puzzle's tiles: a lake on a hex map (no tiles),
    on a square grid a mountain (tunnels only) or a lake (bridges only) the resources cannot cross."""
    if scenario.board.grid.kind == "hex":
        return "lake"
    p = scenario.puzzle
    tiles = set((p.resources.hand or []) + list(p.resources.draws)) if p is not None else set()
    player = scenario.player(p.actor) if p is not None else None
    if p is not None and p.resources.hand is None and player is not None:
        tiles |= set(player.hand)
    tags: set[str] = set()
    for tid in tiles:
        tdef = scenario.tile(tid)
        if tdef is not None:
            tags |= set(tdef.tags)
    if "tunnel" not in tags:
        return "mountain"
    if "bridge" not in tags:
        return "lake"
    return None


def _with_resources(scenario: Scenario, **update: Any) -> Scenario:
    p = scenario.puzzle
    return scenario.model_copy(update={"puzzle": p.model_copy(update={"resources": p.resources.model_copy(update=update)})})


def candidate_changes(scenario: Scenario, result: SolveResult) -> list[tuple[str, str, Scenario]]:
    """The small changes worth trying, smallest first: (kind, text, changed scenario)."""
    p = scenario.puzzle
    res = p.resources
    sols = result.solutions or []
    out: list[tuple[str, str, Scenario]] = []
    hand = res.hand
    player = scenario.player(p.actor)
    if hand is None and player is not None:
        hand = list(player.hand)
    if hand:
        used_by_others = {m.tile for s in sols[1:] for m in s if m.tile is not None}
        for tid in sorted(set(hand), key=lambda t: (t not in used_by_others, t)):
            rest = list(hand)
            rest.remove(tid)
            out.append(("drop-tile", f"drop one {tid} from the hand", _with_resources(scenario, hand=rest)))
    if res.turns > 1:
        out.append(("fewer-turns", f"one turn fewer ({res.turns - 1})", _with_resources(scenario, turns=res.turns - 1)))
    company = scenario.company(p.actor)
    money = res.money if res.money is not None else (company.treasury if company is not None else None)
    if money is not None and sols:
        first_cost = sum(m.cost for m in sols[0])
        if first_cost < money:
            out.append(("less-money", f"money {first_cost} instead of {money}", _with_resources(scenario, money=first_cost)))
    terrain = obstacle_terrain(scenario)
    if terrain is not None and len(sols) >= 2:
        first = changed_cells(scenario, sols[0])
        seen: set[str] = set()
        for other in sols[1:]:
            for label in sorted(changed_cells(scenario, other) - first):
                cell = scenario.board.cells.get(label, Cell())
                if label in seen or cell.tile is not None or cell.terrain != "plain" or cell.cities or cell.towns or cell.platform:
                    continue
                seen.add(label)
                cells = dict(scenario.board.cells)
                cells[label] = cell.model_copy(update={"terrain": terrain})
                board = scenario.board.model_copy(update={"cells": cells})
                out.append(("obstacle", f"put a {terrain} on {label}", scenario.model_copy(update={"board": board})))
    return out


def suggest(
    scenario: Scenario,
    result: SolveResult | None = None,
    *,
    rules: RuleSet | None = None,
    max_seconds: float = 20.0,
    max_suggestions: int = 5,
    cancelled: Callable[[], bool] | None = None,
) -> list[Suggestion]:
    """Verified changes that make a puzzle with several solutions unique (see the module docstring)."""
    rules = rules if rules is not None else get_rule_set(scenario.rules.id)
    deadline = time.monotonic() + max_seconds
    if result is None:
        result = solve(scenario, rules=rules, count=True, max_seconds=max_seconds, cancelled=cancelled)
    if not result.complete or (result.count or 0) < 2:
        return []
    first = result.solutions[0]
    out: list[Suggestion] = []
    for kind, text, changed in candidate_changes(scenario, result):
        left = deadline - time.monotonic()
        if left <= 0 or (cancelled is not None and cancelled()) or len(out) >= max_suggestions:
            break
        proof = solve(changed, rules=rules, count=True, max_seconds=left, cancelled=cancelled)
        if proof.unique:
            keeps = len(proof.solution) == len(first) and all(same_move(a, b) for a, b in zip(proof.solution, first, strict=False))
            out.append(Suggestion(kind, text, changed, proof, keeps))
    return out


__all__ = ["Difficulty", "Suggestion", "candidate_changes", "difficulty_score", "measure", "obstacle_terrain", "suggest"]

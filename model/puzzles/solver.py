"""The puzzle solver: a bounded search over a rule set's ``legal_moves``.

The search walks the puzzle's turn structure (turns x phase steps, see
:mod:`model.puzzle_spec`). At each step it asks the rule set for the legal moves of the actor,
keeps those the resources allow (tiles still in hand, the turn's drawn tile, money), applies one
with ``rules.apply`` and tests the goal after every move; a play stops as soon as the goal is met.
An optional phase may also be passed. A required phase with no legal move loses the rest of the
turn (Catalan rule A8), or moves on to the next phase (``PhaseStep.when_blocked``).

Answers (:class:`SolveResult`):

* ``solvable`` with a shortest solution (iterative deepening on the number of moves);
* ``unsolvable``: every play within the puzzle's bounds was searched and none meets the goal;
* ``unknown``: a limit (time, nodes, or a cancellation) stopped the search first.

With ``count=True`` the search enumerates every solution and counts the **distinct** ones:
two plays are the same solution when they leave the same board (so the order of independent
moves does not matter), and a solution whose changes contain another solution's changes only
adds moves that are not needed, so it is not counted either. ``unique`` means exactly one.

Pruning, all exact:

* a transposition table keyed on a canonical board signature (tile, rotation reduced to the
  tile's distinct rotations, tokens), the position in the turn structure, the resources left and
  the rule set's per-turn memory (``state.laid``);
* symmetric moves: moves that leave the same board signature are tried once;
* a distance bound: every empty cell between the network and a missing place needs its own
  move, so a branch whose bound exceeds the moves still possible is cut
  (:func:`model.puzzles.reach.distance_bound`, and the rule set's own bound of its search
  position);
* tight nodes: where the rule set's bound equals the moves still possible, every move must lower
  it, so only the moves on the cells where one move can lower it are tried (the rule set's
  ``useful_cells``; for Catalan :func:`model.rules.catalan.search.useful_cells`);
* far tiles (counting only): an optional move whose tile's group of cells cannot touch the goal
  actor's network within the moves left only adds changes to a smaller solution
  (:mod:`model.puzzles.separation`, the rule set's ``apart``).

The rule set needs only ``legal_moves`` and ``apply``; see :mod:`model.puzzles.reach` for the
optional goal-test hooks.
"""

from __future__ import annotations

import inspect
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from model import collector
from model.puzzle_spec import ConnectGoal, DestinationGoal, PhaseStep, Puzzle
from model.puzzles.board_signature import POSITIONS_KEPT, BoardSignatures
from model.puzzles.count_parts import CountInParts
from model.puzzles.parallel import find_all_parallel
from model.puzzles.reach import distance_bound, goal_status, place_cells, way_cells
from model.puzzles.search_state import (  # noqa: F401 - the solver's public types, re-exported
    CountPart,
    CountTask,
    PuzzleError,
    SolveResult,
    Verdict,
)
from model.puzzles.search_state import SearchNode as _Node
from model.puzzles.search_state import SearchStop as _Stop
from model.puzzles.search_state import same_move as _same_move
from model.puzzles.separation import Separation
from model.rules import Move, MoveContext, RuleSet, get_rule_set
from model.scenario import Scenario

DEFAULT_MAX_SECONDS = 10.0
DEFAULT_MAX_NODES = 2_000_000
UNLIMITED = 1 << 20
_FOUND, _FAIL_FULL, _FAIL_CUT = 1, 0, -1


class Solver(BoardSignatures, CountInParts, Separation):
    """One search over one puzzle scenario. Use :func:`solve` unless you need the pieces."""

    def __init__(
        self,
        scenario: Scenario,
        rules: RuleSet | None = None,
        *,
        max_seconds: float = DEFAULT_MAX_SECONDS,
        max_nodes: int = DEFAULT_MAX_NODES,
        cancelled: Callable[[], bool] | None = None,
    ) -> None:
        if scenario.puzzle is None:
            raise PuzzleError("the scenario has no puzzle")
        self.puzzle: Puzzle = scenario.puzzle
        self.initial = scenario
        try:
            self.rules = rules if rules is not None else get_rule_set(scenario.rules.id)
        except KeyError as exc:
            raise PuzzleError(f"rules.id: {exc.args[0]}") from None
        self.max_seconds = max_seconds
        self.max_nodes = max_nodes
        self.cancelled = cancelled
        self.nodes = 0
        self._deadline = 0.0
        self._counting = False  # a count (find_all, a count in parts) may leave out far moves (Separation)
        self.actor = self.puzzle.actor
        self.is_player = scenario.player(self.actor) is not None
        self._canon: dict[str, dict[int, int]] = {}
        self._moves_cache: dict[tuple, list[tuple[Move, _Node]]] = {}
        self._bound_cache: dict[frozenset, tuple[bool, int, int]] = {}  # board -> (met, bound, limit used)
        self._status_cache: dict[frozenset, Any] = {}
        self._sigs: OrderedDict[int, tuple[Any, frozenset, dict]] = OrderedDict()  # id(board) -> (board, sig, entries)
        self._sig_hint: Any = None  # the board the next boards are made from (see _board_sig)
        self._initial_sig = self._board_sig(scenario)
        # Without drawn tiles every turn offers the same choices, so a state reached with more
        # turns left dominates the same state with fewer: keys leave the turn out and the tables
        # below compare the turns left instead.
        self._homogeneous = not any(p.tile_from == "drawn" for p in self.puzzle.phases)
        self._apply = _unchecked_apply(self.rules)
        # moves without a tile (stations, markers) do not use up the hand
        self._every_move_uses_a_tile = all(p.kinds is None for p in self.puzzle.phases)
        # rule-set hook: positions that derive their track network from the parent's (None: the
        # rule set has none, RuleSet.search_position)
        first = self.rules.search_position(scenario)
        self._position_hook = self.rules.search_position if first is not None else None
        self._positions: OrderedDict[int, tuple[Any, Any]] = OrderedDict()  # id(board) -> (board, position)
        if first is not None:
            self._positions[id(scenario.board)] = (scenario.board, first)
        self._last_cache: dict[tuple, list[tuple[Move | None, _Node]]] = {}  # _children(last=True)
        goal = self.puzzle.goal
        self._goal_actor: str | None = None
        if isinstance(goal, DestinationGoal):
            self._goal_actor = goal.player
        elif not isinstance(goal, ConnectGoal):
            self._goal_actor = goal.actor

    def release(self) -> None:
        """Drop the search's tables (positions, moves, signatures, verdicts); the answer stays."""
        for table in (self._moves_cache, self._last_cache, self._bound_cache, self._status_cache, self._sigs,
                      self._positions, getattr(self, "_visited", {})):
            table.clear()
        self._sig_hint = None
        self._apart_last = None

    # --- limits ---------------------------------------------------------------------------
    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise _Stop(f"node limit ({self.max_nodes}) reached")
        if self.nodes % 64 == 0:
            if time.monotonic() > self._deadline:
                raise _Stop(f"time limit ({self.max_seconds:g} s) reached")
            if self.cancelled is not None and self.cancelled():
                raise _Stop("cancelled")

    # --- the turn structure -----------------------------------------------------------------
    def _turn_number(self, turn: int) -> int:
        return self.initial.state.turn + turn

    def _root(self) -> _Node:
        p = self.puzzle
        res = p.resources
        hand: tuple[str, ...] | None
        if res.hand is not None:
            hand = tuple(sorted(res.hand))
        elif self.is_player:
            hand = tuple(sorted(self.initial.player(self.actor).hand))
        else:
            hand = None
        money = res.money
        if money is None and not self.is_player:
            money = self.initial.company(self.actor).treasury
        moves_left = res.max_moves if res.max_moves is not None else UNLIMITED
        return self._make(self.initial, 0, 0, 0, hand, money, moves_left, new_turn=True)

    def _make(
        self,
        scenario: Scenario,
        turn: int,
        phase: int,
        played: int,
        hand: tuple[str, ...] | None,
        money: int | None,
        moves_left: int,
        new_turn: bool = False,
    ) -> _Node:
        """A node with the scenario prepared for the rule set: turn, phase, drawn tile, hand, money."""
        p = self.puzzle
        if turn < p.resources.turns:
            step = p.phases[phase]
            drawn = p.resources.draws[turn] if step.tile_from == "drawn" else None
            state_update: dict[str, Any] = {
                "turn": self._turn_number(turn),
                "active": self.actor,
                "phase": step.name,
                "drawn": drawn,
            }
            if new_turn:
                state_update["laid"] = []
            update: dict[str, Any] = {"state": scenario.state.model_copy(update=state_update)}
            if self.is_player:
                players = []
                changed = False
                for pl in scenario.players:
                    if pl.id == self.actor and hand is not None and tuple(sorted(pl.hand)) != hand:
                        pl = pl.model_copy(update={"hand": list(hand)})
                        changed = True
                    players.append(pl)
                if changed:  # (the same players otherwise: the rule set's positions compare them)
                    update["players"] = players
            elif money is not None:
                update["companies"] = [
                    c.model_copy(update={"treasury": money}) if c.id == self.actor and c.treasury != money else c
                    for c in scenario.companies
                ]
            scenario = scenario.model_copy(update=update)
        node = _Node(scenario, turn, phase, played, hand, money, moves_left)
        object.__setattr__(node, "key", self._key(node, self._board_sig(scenario)))
        return node

    def _advance(self, node: _Node, scenario: Scenario, hand, money, moves_left) -> _Node:
        """The node after one more move in the current phase step."""
        played = node.played + 1
        if played < self.puzzle.phases[node.phase].max_moves:
            return self._make(scenario, node.turn, node.phase, played, hand, money, moves_left)
        return self._next_phase(scenario, node.turn, node.phase, hand, money, moves_left)

    def _next_phase(self, scenario: Scenario, turn: int, phase: int, hand, money, moves_left) -> _Node:
        if phase + 1 < len(self.puzzle.phases):
            return self._make(scenario, turn, phase + 1, 0, hand, money, moves_left)
        return self._make(scenario, turn + 1, 0, 0, hand, money, moves_left, new_turn=True)

    def _finished(self, node: _Node) -> bool:
        return node.turn >= self.puzzle.resources.turns or node.moves_left <= 0

    def _capacity(self, node: _Node) -> int:
        """The most moves still possible from this node (for the distance bound)."""
        p = self.puzzle
        if self._finished(node):
            return 0
        drawn = hand_slots = 0
        for t in range(node.turn, p.resources.turns):
            for i, step in enumerate(p.phases):
                if t == node.turn and i < node.phase:
                    continue
                used = node.played if (t == node.turn and i == node.phase) else 0
                if step.tile_from == "drawn":
                    drawn += 1 - used
                else:
                    hand_slots += step.max_moves - used
        if node.hand is not None and self._every_move_uses_a_tile:
            hand_slots = min(hand_slots, len(node.hand))
        return min(drawn + hand_slots, node.moves_left)

    # --- positions (the rule set's incremental view of a board) ----------------------------
    def _lookup(self, scenario: Scenario | None) -> Any:
        if scenario is None:
            return None
        hit = self._positions.get(id(scenario.board))
        if hit is None or hit[0] is not scenario.board:
            return None
        self._positions.move_to_end(id(scenario.board))
        return hit[1]

    def _position(self, node: _Node) -> Any:
        """The rule set's search position of the node's scenario (None without the hook)."""
        if self._position_hook is None:
            return None
        scenario = node.scenario
        pos = self._lookup(scenario)
        if pos is not None and pos.scenario is scenario:
            return pos
        pos = self._position_hook(scenario, pos if pos is not None else self._lookup(node.before))
        self._positions[id(scenario.board)] = (scenario.board, pos)
        if len(self._positions) > POSITIONS_KEPT:
            self._positions.popitem(last=False)
        return pos

    def _legal_moves(self, node: _Node, context: MoveContext, cells: frozenset[str] | None = None) -> list[Move]:
        pos = self._position(node)
        if pos is None:
            moves = self.rules.legal_moves(node.scenario, context)
            return moves if cells is None else [m for m in moves if m.cell in cells]
        if cells is not None:
            return pos.legal_moves(context, cells)
        return pos.legal_moves(context)

    def _goal_cells(self, node: _Node) -> frozenset[str] | None:
        """The cells where a move may change whether the goal is met (None: anywhere).

        Needs the rule set's search position with ``reads`` and a goal decided by the rule set's
        ``reached`` (destination, reach): a move elsewhere leaves the goal actor's reach, so the
        goal, as it was."""
        if self._goal_actor is None:
            return None
        pos = self._position(node)
        hook = getattr(pos, "reads", None)
        return hook(self._goal_actor) if hook is not None else None

    # --- moves ------------------------------------------------------------------------------
    def _legal(self, node: _Node, cells: frozenset[str] | None = None) -> list[Move]:
        step: PhaseStep = self.puzzle.phases[node.phase]
        moves = self._legal_all(node, step, cells)
        if step.kinds is None:
            return [m for m in moves if m.tile is not None]
        return [m for m in moves if m.kind in step.kinds]

    def _legal_all(self, node: _Node, step: PhaseStep, cells: frozenset[str] | None = None) -> list[Move]:
        scenario = node.scenario
        if step.tile_from == "drawn":
            drawn = scenario.state.drawn
            moves = self._legal_moves(node, MoveContext(self.actor, step.name, drawn), cells)
            return [m for m in moves if m.tile in (None, drawn)]
        if node.hand is None:
            moves = self._legal_moves(node, MoveContext(self.actor, step.name, None), cells)
        elif not node.hand:
            return []
        elif self.is_player:
            moves = self._legal_moves(node, MoveContext(self.actor, step.name, None), cells)
        else:
            moves = []
            for tid in sorted(set(node.hand)):
                moves.extend(self._legal_moves(node, MoveContext(self.actor, step.name, tid), cells))
        if node.hand is not None:
            have = set(node.hand)
            moves = [m for m in moves if m.tile is None or m.tile in have]
        return moves

    def _children(self, node: _Node, last: bool = False, useful: frozenset[str] | None = None) -> list[tuple[Move | None, _Node]]:
        """Every distinct successor: (move, node), or (None, node) for a pass / a lost turn.

        ``last``: the search's own call on a node with at most one move left
        (``_capacity(node) <= 1``), where a child that does not meet the goal is a dead end. In a
        phase that may be passed, the moves that cannot change the goal (see :meth:`_goal_cells`)
        are then left out: they lead to nothing but dead ends. The passes stay as they are.

        ``useful``: the search's own call on a node whose bound equals its capacity (see
        :meth:`_useful_cells`): only the moves on these cells, every other move leads to a child
        that the bound cuts. The passes, and a lost turn, stay as they are.
        """
        step = self.puzzle.phases[node.phase]
        cells = None
        if last and (not step.required or node.played > 0):
            cells = self._goal_cells(node)
        if useful is not None:
            cells = useful if cells is None else cells & useful
        cache_key = (node.key, node.turn) if cells is None else (node.key, node.turn, last, useful is not None)
        cache = self._moves_cache if cells is None else self._last_cache
        cached = cache.get(cache_key)
        if cached is not None:
            return cached
        out: list[tuple[Move | None, _Node]] = []
        seen: set = set()
        moves = self._legal(node, cells)
        apart = self._apart(node, step) if moves else None
        self._sig_hint = node.scenario.board
        for m in sorted(set(moves), key=_move_order):
            if node.money is not None and m.cost > node.money:
                continue
            if apart is not None and self._far(node, m, apart):
                continue  # every solution after it contains a smaller one (Separation)
            after = self._apply(node.scenario, m)
            hand = node.hand
            if step.tile_from == "hand" and hand is not None and m.tile is not None:
                lst = list(hand)
                lst.remove(m.tile)
                hand = tuple(lst)
            money = node.money - m.cost if node.money is not None else None
            child = self._advance(node, after, hand, money, node.moves_left - 1)
            object.__setattr__(child, "before", node.scenario)
            if child.key in seen:
                continue  # a symmetric move: same board, same resources
            seen.add(child.key)
            out.append((m, child))
        if not out and useful is not None and step.required and node.played == 0 and (
            self._blocked_capacity(node) < self._capacity(node) or self._legal(node)
        ):
            # the required move exists on other cells (no pass, no lost turn), or, if it does not,
            # what follows the blocked phase has the same board with less capacity: cut
            pass
        elif not out or not step.required or node.played > 0:
            if out or not step.required or node.played > 0:
                # an optional phase (or the rest of a phase that has had its required move) may be passed
                nxt = self._next_phase(node.scenario, node.turn, node.phase, node.hand, node.money, node.moves_left)
            elif step.when_blocked == "next_phase":
                nxt = self._next_phase(node.scenario, node.turn, node.phase, node.hand, node.money, node.moves_left)
            else:
                # a required phase with no legal move: the rest of the turn is lost (Catalan A8)
                nxt = self._make(node.scenario, node.turn + 1, 0, 0, node.hand, node.money, node.moves_left, new_turn=True)
            out.append((None, nxt))
        cache[cache_key] = out
        return out

    def _blocked_capacity(self, node: _Node) -> int:
        """The capacity of the node that follows a required phase without a legal move."""
        step = self.puzzle.phases[node.phase]
        if step.when_blocked == "next_phase" and node.phase + 1 < len(self.puzzle.phases):
            turn, phase = node.turn, node.phase + 1
        else:
            turn, phase = node.turn + 1, 0
        return self._capacity(_Node(node.scenario, turn, phase, 0, node.hand, node.money, node.moves_left))

    def _met(self, node: _Node) -> bool:
        """Is the goal met on this node's board?"""
        key = node.key[0]
        status = self._status_cache.get(key)
        if status is None:
            status = self._status_cache[key] = goal_status(self.rules, node.scenario, self.puzzle, self._position(node))
        return status.met

    def _bound(self, node: _Node, cap: int = UNLIMITED) -> tuple[bool, int]:
        """(goal met, lower bound on moves still needed); a bound above ``cap`` may be inexact."""
        key = node.key[0]
        hit = self._bound_cache.get(key)
        if hit is None or (hit[1] > hit[2] and cap > hit[2]):
            status = self._status_cache.get(key)
            if status is None:
                status = self._status_cache[key] = goal_status(self.rules, node.scenario, self.puzzle, self._position(node))
            pos: tuple[int, set | None] = (0, None)
            if not status.met and self._relaxed_dominates(node):
                pos = self._position_bound(node, status, cap)
            if pos[1] is not None:
                value = pos[0]  # never below distance_bound (see _relaxed_dominates)
            else:
                value = distance_bound(node.scenario, status, limit=cap)
                if not status.met and value <= cap:
                    pos = self._position_bound(node, status, cap)
                    value = max(value, pos[0])
            hit = (status.met, value, cap, pos)
            self._bound_cache[key] = hit
        return hit[0], hit[1]

    def _relaxed_dominates(self, node: _Node) -> bool:
        """Whether the rule set's own bound (its search position's ``distance_bound``, when it
        answers for every missing place) is never below :func:`distance_bound` on the node's
        board, so that the solver may ask it alone (the position's ``bound_covers_empty_cells``)."""
        if self._goal_actor is None:
            return False
        hook = getattr(self._position(node), "bound_covers_empty_cells", None)
        return hook is not None and hook()

    def _useful_cells(self, node: _Node, cap: int) -> frozenset[str] | None:
        """When the node's bound equals its capacity ``cap`` (after :meth:`_bound`): the cells
        (labels) where a move may lower the rule set's bound (``useful_cells`` of its search
        position); None when every move must be tried.

        Every move uses up exactly one move of the capacity (each move takes a tile), so a child
        needs a bound of at most ``cap - 1``; where the rule set's bound is the one at ``cap``, a
        move elsewhere leaves it at ``cap`` or more and the child is cut."""
        if not self._every_move_uses_a_tile or self._goal_actor is None or cap <= 0:
            return None
        hit = self._bound_cache.get(node.key[0])
        if hit is None or hit[0] or hit[1] != cap or hit[2] < cap:
            return None
        hook = getattr(self._position(node), "useful_cells", None) if hit[3][0] == cap and hit[3][1] is not None else None
        if hook is not None:
            return hook(self._goal_actor, hit[3][1], cap)
        status = self._status_cache.get(node.key[0])
        return None if status is None else way_cells(node.scenario, status, cap)

    def _search_children(self, node: _Node, cap: int) -> list[tuple[Move | None, _Node]]:
        """The children the search walks from a node of capacity ``cap`` whose bound does not exceed it."""
        return self._children(node, last=cap <= 1, useful=self._useful_cells(node, cap))

    def _position_bound(self, node: _Node, status: Any, cap: int) -> tuple[int, set | None]:
        """The rule set's own lower bound (``distance_bound`` of its search position): the largest,
        over the missing places, of the moves before the goal actor's reach enters the place;
        with the cells of the place that gives it (None: no bound)."""
        if self._goal_actor is None:
            return 0, None
        hook = getattr(self._position(node), "distance_bound", None)
        if hook is None:
            return 0, None
        best, where = 0, None
        for place in status.missing:
            targets = set(place_cells(node.scenario, place))
            got = hook(self._goal_actor, targets, cap)
            if got is None:
                return 0, None
            if got > best or where is None:
                best, where = max(best, got), targets
            if best > cap:
                break
        return best, where

    # --- one shortest solution: iterative deepening -----------------------------------------
    def find_one(self) -> SolveResult:
        """A shortest solution, or a proof that none exists within the bounds."""
        start = time.monotonic()
        self._deadline = start + self.max_seconds
        try:
            root = self._root()
            if self._met(root):
                return SolveResult(
                    "solvable", [], nodes=self.nodes, seconds=time.monotonic() - start, reason="the goal is met before any move"
                )
            failed: dict[tuple, list[tuple[int, int]]] = {}  # key -> [(turns left, budget)] proven to fail
            limit = 1
            while True:
                path: list[Move] = []
                result = self._dfs_one(root, limit, path, failed)
                if result == _FOUND:
                    return SolveResult("solvable", path, nodes=self.nodes, seconds=time.monotonic() - start)
                if result == _FAIL_FULL:
                    return SolveResult("unsolvable", None, nodes=self.nodes, seconds=time.monotonic() - start)
                limit += 1  # some branch was cut by the move budget: search one move deeper
        except _Stop as stop:
            return SolveResult("unknown", None, nodes=self.nodes, seconds=time.monotonic() - start, reason=stop.reason)

    def _dfs_one(self, node: _Node, budget: int, path: list[Move], failed: dict[tuple, int]) -> int:
        """Depth-first search for a play of at most ``budget`` moves that meets the goal."""
        if self._finished(node):
            return _FAIL_FULL
        turns_left = self.puzzle.resources.turns - node.turn
        known = failed.setdefault(node.key, [])
        for tl, b in known:
            if tl >= turns_left and b == UNLIMITED:
                return _FAIL_FULL
        for tl, b in known:
            if tl >= turns_left and b >= budget:
                return _FAIL_CUT
        self._tick()
        cap = self._capacity(node)
        bound = self._bound(node, cap)[1]
        if bound > cap:
            known.append((turns_left, UNLIMITED))
            return _FAIL_FULL
        if bound > budget:
            known.append((turns_left, budget))
            return _FAIL_CUT
        cut = False
        for move, child in self._search_children(node, cap):
            if move is None:
                result = self._dfs_one(child, budget, path, failed)
            elif self._met(child):
                path.append(move)
                return _FOUND
            elif budget <= 1:
                result = _FAIL_CUT if self._capacity(child) > 0 else _FAIL_FULL
            else:
                path.append(move)
                result = self._dfs_one(child, budget - 1, path, failed)
                if result != _FOUND:
                    path.pop()
            if result == _FOUND:
                return _FOUND
            cut = cut or result == _FAIL_CUT
        known.append((turns_left, budget if cut else UNLIMITED))
        return _FAIL_CUT if cut else _FAIL_FULL

    # --- every solution --------------------------------------------------------------------
    def find_all(self) -> SolveResult:
        """Every distinct solution (see the module docstring for 'distinct')."""
        start = time.monotonic()
        self._deadline = start + self.max_seconds
        self._found: dict[frozenset, tuple[Move, ...]] = {}
        self._visited: dict[tuple, int] = {}  # key -> most turns left it was searched with
        self._counting = True
        stop_reason = ""
        try:
            root = self._root()
            if self._met(root):
                return SolveResult(
                    "solvable", [], [[]], 1, True, self.nodes, time.monotonic() - start, "the goal is met before any move"
                )
            self._dfs_all(root, [])
        except _Stop as stop:
            stop_reason = stop.reason
        return self._count_result(start, stop_reason)

    def _count_result(self, start: float, stop_reason: str) -> SolveResult:
        """The answer of a count from the plays recorded in ``self._found``."""
        elapsed = time.monotonic() - start
        distinct = self._minimal(self._found)
        plays = sorted(distinct.values(), key=lambda s: (len(s), [_move_order(m) for m in s]))
        sols = [list(s) for s in plays]
        if stop_reason:
            verdict: Verdict = "solvable" if sols else "unknown"
            return SolveResult(verdict, sols[0] if sols else None, sols, len(sols), False, self.nodes, elapsed, stop_reason)
        if not sols:
            return SolveResult("unsolvable", None, [], 0, True, self.nodes, elapsed)
        return SolveResult("solvable", sols[0], sols, len(sols), True, self.nodes, elapsed)

    def _dfs_all(self, node: _Node, prefix: list[Move]) -> None:
        """Visit every node once; record each play that meets the goal under its final board.

        A solution's identity is its final board (compared with the start), which does not
        depend on the path, so a node already visited has already recorded all of its solutions.
        """
        if self._finished(node):
            return
        turns_left = self.puzzle.resources.turns - node.turn
        if self._visited.get(node.key, -1) >= turns_left:
            return  # searched before with at least as many turns: its solutions are recorded
        self._visited[node.key] = turns_left
        self._tick()
        cap = self._capacity(node)
        bound = self._bound(node, cap)[1]
        if bound > cap:
            return
        children = None
        if bound == cap and self.puzzle.phases[node.phase].required and node.played == 0:
            # a required step whose every move is needed: mostly no move lowers the bound (no child)
            children = self._search_children(node, cap)
            if not children:  # the far-group test (its apart answer) is not needed then
                return
        if self._far_group(node, cap):
            return
        for move, child in children if children is not None else self._search_children(node, cap):
            if move is None:
                self._dfs_all(child, prefix)
                continue
            prefix.append(move)
            if self._met(child):
                self._record(child, prefix)
            else:
                self._dfs_all(child, prefix)
            prefix.pop()

    def _walk(self, node: _Node, moves: list[Move]) -> list[Scenario] | None:
        """The scenarios after each of ``moves`` played from ``node`` (passing where needed)."""
        if not moves:
            return []
        if self._finished(node):
            return None
        for move, child in self._children(node):
            if move is None:
                rest = self._walk(child, moves)
            elif _same_move(move, moves[0]):
                rest = self._walk(child, moves[1:])
                if rest is not None:
                    rest = [child.scenario, *rest]
            else:
                continue
            if rest is not None:
                return rest
        return None


def _unchecked_apply(rules: RuleSet) -> Callable[[Scenario, Move], Scenario]:
    """``apply`` without re-checking: the solver only applies moves that ``legal_moves`` gave.

    Uses ``apply(scenario, move, check=False)`` when the rule set's ``apply`` takes ``check``
    (as :meth:`model.rules.RuleSet.apply` does), else the plain ``apply``.
    """
    try:
        if "check" in inspect.signature(rules.apply).parameters:
            return lambda scenario, move: rules.apply(scenario, move, check=False)
    except (TypeError, ValueError):
        pass
    return rules.apply


def _move_order(m: Move) -> tuple:
    return (m.kind, m.cell, m.tile or "", m.rotation, m.phase or "", m.cost, str(m.extra))


def solve(
    scenario: Scenario,
    *,
    rules: RuleSet | None = None,
    count: bool = False,
    max_seconds: float = DEFAULT_MAX_SECONDS,
    max_nodes: int = DEFAULT_MAX_NODES,
    cancelled: Callable[[], bool] | None = None,
    workers: int = 1,
) -> SolveResult:
    """Solve a puzzle scenario: one shortest solution, or with ``count`` every distinct one.

    ``workers`` > 1 counts in that many processes (:mod:`model.puzzles.parallel`; the same
    count, the node limit applies to each process). Raises :class:`PuzzleError` when the
    scenario has no puzzle or an unknown rule set.
    """
    solver = Solver(scenario, rules, max_seconds=max_seconds, max_nodes=max_nodes, cancelled=cancelled)
    # The search's tables (positions, moves, signatures, verdicts) grow to hundreds of thousands
    # of long-lived objects that hold no cycles, and the collector's full passes walk them again
    # and again without finding garbage (collections freed nothing in the counting benchmark):
    # they cost about 40 % of a count. Collection pauses for the search.
    # The tables are dropped before collection resumes: freed by their reference counts, they
    # spare the collector a last full pass over them.
    with collector.paused():
        try:
            if count and workers > 1:
                return find_all_parallel(solver, workers)
            return solver.find_all() if count else solver.find_one()
        finally:
            solver.release()


def replay(scenario: Scenario, moves: list[Move], rules: RuleSet | None = None) -> list[Scenario]:
    """The boards along a solution: ``[start, after move 1, ...]`` (for step-through display).

    The moves are replayed through the puzzle's turn structure (passes in between are found
    again), so the rule set sees the same turn, phase, drawn tile and hand as during the search.
    Raises ValueError when the moves are not a play of the puzzle.
    """
    solver = Solver(scenario, rules)
    solver._deadline = time.monotonic() + 3600
    root = solver._root()
    boards = solver._walk(root, list(moves))
    if boards is None:
        raise ValueError("the moves are not a play of this puzzle")
    return [scenario, *boards]


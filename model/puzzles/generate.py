"""The puzzle generator: find resources (and a goal) that make a board a unique N-move puzzle.

Given a scenario (its board, players or companies, and optionally a puzzle whose actor and
phases are kept), :func:`generate` looks for a puzzle that has **exactly one solution of N moves
and none shorter**. It works by *construction, then proof*:

1. a **target**: the goal place. ``destination``: the actor's destination; ``reach`` and
   ``connect``: a stop (a city, a town, a station) the actor does not reach yet, drawn at random
   among those whose distance bound (:func:`model.puzzles.reach.distance_bound`) is at most N;
2. a **guided random play** of N moves through the puzzle's turn structure, with the rule set's
   own legal moves, drawn tiles drawn at random from a palette and hand tiles from a generous
   pool. Every move must keep the target within reach of the moves still to come (the distance
   bound), the goal may not be met before the N-th move, and it must be met by it;
3. the **resources of that play**: the drawn tiles in order, the hand tiles it used (a
   multiset), the turns it took and, for companies, exactly the money it spent;
4. the **proof**: the solver counts every distinct solution of the candidate
   (:func:`model.puzzles.solver.solve` with ``count=True``). A candidate is accepted when the
   count is complete and exactly one, and the shortest solution has N moves.

Candidates are tried until one is accepted or the time runs out. Everything random comes from
one ``random.Random(seed)``, and the solver is deterministic, so a seed gives the same puzzle
on every run (given the time to reach it). Cancellation and progress are plain callables, so a
GUI can run the generator on a worker thread.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from model import collector
from model.puzzle_spec import ConnectGoal, DestinationGoal, PhaseStep, Puzzle, ReachGoal, Resources, station_ids
from model.puzzles.guided_play import PASS_CHANCE, WALK_NODES, GuidedPlay  # noqa: F401 - tunables
from model.puzzles.phases import default_phases, parse_phases  # noqa: F401 - the generator's API too
from model.puzzles.reach import GoalStatus, distance_bound, goal_status, place_cells
from model.puzzles.solver import PuzzleError, Solver, SolveResult, solve
from model.rules import MoveContext, RuleSet, get_rule_set
from model.scenario import Scenario
from model.tokens import place_token

GoalKind = Literal["auto", "destination", "reach", "connect"]
GOAL_KINDS: tuple[str, ...] = ("auto", "destination", "reach", "connect")
"""``auto`` (the default) picks the goal by distance: the actor's destination when it lies N
moves away, else a place (a stop, or any cell a tile can go on) that lies N moves away."""

VERIFY_SECONDS = 20.0
"""The most one candidate's proof may take; a candidate whose proof does not finish is refused."""
TARGET_TRIES = 12
"""Guided plays towards one target that may all fail before the target is dropped."""
HAND_CANDIDATES = 3
"""Refused candidates after which a puzzle with drawn tiles is built from them alone (no hand)."""
AUTO_WALKS = 60
AUTO_CANDIDATES = 8
"""``auto``: failed plays, or refused candidates, after which the next kind of goal is tried."""


@dataclass
class GenerateResult:
    """What the generator found: the puzzle scenario (None when it found none) and its proof."""

    scenario: Scenario | None
    tried: int  # candidates built and checked by the solver
    walks: int  # guided plays started (most fail before they become a candidate)
    seconds: float
    proof: SolveResult | None = None
    reason: str = ""  # why no puzzle was found
    rejected: dict[str, int] = field(default_factory=dict)  # why candidates were refused

    @property
    def found(self) -> bool:
        return self.scenario is not None


class _Cancelled(Exception):
    pass


def _actor(scenario: Scenario, actor: str | None) -> str:
    if actor is not None:
        if scenario.player(actor) is None and scenario.company(actor) is None:
            raise PuzzleError(f"no player or company {actor!r}")
        return actor
    if scenario.puzzle is not None:
        return scenario.puzzle.actor
    if scenario.players:
        return scenario.players[0].id
    if scenario.companies:
        # a company with a station on the board, else one with a home (its network starts there)
        stationed = {t.company for cell in scenario.board.cells.values() for t in cell.tokens}
        for c in scenario.companies:
            if c.id in stationed:
                return c.id
        return next((c.id for c in scenario.companies if c.home is not None), scenario.companies[0].id)
    raise PuzzleError("the scenario has no player or company to play the puzzle")


def _with_home_station(scenario: Scenario, actor: str) -> Scenario:
    """The scenario with a company's home station placed when it has none on the board yet (a
    company's network starts from its stations: a fresh map has none)."""
    company = scenario.company(actor)
    if company is None or company.home is None or not scenario.board.grid.is_label(company.home):
        return scenario
    if any(t.company == actor for cell in scenario.board.cells.values() for t in cell.tokens):
        return scenario
    changes = place_token(scenario, scenario.board.grid.coord(company.home), actor, company.home_city or 0)
    if not changes:
        return scenario
    board = scenario.board.model_copy(update={"cells": dict(scenario.board.cells)})
    for coord, cell in changes.items():
        board.cells[board.grid.label(coord)] = cell
    return scenario.model_copy(update={"board": board})


def stop_places(scenario: Scenario) -> list[str]:
    """Places with a stop: station ids, and the labels of cells with a city or town (printed or laid)."""
    out = set(station_ids(scenario))
    for label, cell in scenario.board.cells.items():
        if cell.platform is not None:
            continue
        if cell.cities or cell.towns:
            out.add(label)
        elif cell.tile is not None:
            tdef = scenario.tile(cell.tile.tile)
            if tdef is not None and tdef.nodes:
                out.add(label)
    return sorted(out)


def start_place(scenario: Scenario, actor: str) -> str | None:
    """The place an actor's network starts from: her origin station, or the company's home."""
    player = scenario.player(actor)
    if player is not None:
        return player.origin
    company = scenario.company(actor)
    return company.home if company is not None else None


def _goal(kind: str, scenario: Scenario, actor: str, target: str) -> Any:
    if kind == "destination":
        return DestinationGoal(player=actor)
    if kind == "reach":
        return ReachGoal(actor=actor, places=[target])
    start = start_place(scenario, actor)
    if start is None or start == target:
        raise PuzzleError(f"a connect goal needs a start place for {actor!r}")
    return ConnectGoal(a=start, b=target, actor=actor)


class Generator(GuidedPlay):
    """One generation run (see the module docstring); :meth:`run` does the work."""

    def __init__(
        self,
        scenario: Scenario,
        moves: int,
        *,
        goal: str = "auto",
        seed: int = 0,
        max_seconds: float = 60.0,
        actor: str | None = None,
        phases: list[PhaseStep] | None = None,
        palette: tuple[str, ...] | None = None,
        turns: int | None = None,
        title: str | None = None,
        verify_seconds: float = VERIFY_SECONDS,
        max_candidates: int | None = None,
        rules: RuleSet | None = None,
        progress: Callable[[int, float], None] | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> None:
        if moves < 1 or moves > 40:
            raise PuzzleError(f"moves: {moves} is out of range (1 to 40)")
        if goal not in GOAL_KINDS:
            raise PuzzleError(f"goal: {goal!r} is not one of {', '.join(GOAL_KINDS)}")
        try:
            self.rules = rules if rules is not None else get_rule_set(scenario.rules.id)
        except KeyError as exc:
            raise PuzzleError(f"rules.id: {exc.args[0]}") from None
        self.scenario = scenario
        self.moves = moves
        self.goal_kind = goal
        self.rng = random.Random(seed)
        self.max_seconds = max_seconds
        self.verify_seconds = verify_seconds
        self.max_candidates = max_candidates
        self.progress = progress
        self.cancelled = cancelled
        self.actor = _actor(scenario, actor)
        self.is_player = scenario.player(self.actor) is not None
        if phases is None:
            phases = list(scenario.puzzle.phases) if scenario.puzzle is not None else default_phases(scenario)
        known = self.rules.phases
        unknown = [p.name for p in phases if known and p.name not in known]
        if unknown:
            raise PuzzleError(
                f"phases: {unknown[0][:40]!r} is not a phase of the {self.rules.id} rule set ({', '.join(known)})"
            )
        self.phases = phases
        self.has_drawn = any(p.tile_from == "drawn" for p in phases)
        self.palette = tuple(palette) if palette else self._default_palette()
        for tid in self.palette:
            if scenario.tile(tid) is None:
                raise PuzzleError(f"palette: unknown tile id {tid!r}")
        if actor is None and scenario.puzzle is None and not scenario.players:
            self.actor = self._company_that_can_lay(self.actor)
        self.scenario = _with_home_station(scenario, self.actor)
        per_turn = sum(1 if p.tile_from == "drawn" else p.max_moves for p in phases)
        # enough turns for N moves with some passes (a lost turn, an optional step left out)
        self.turns = min(40, -(-moves // per_turn) + (1 if per_turn > 1 else 0) + moves // 6)
        if turns is not None:
            if turns < 1 or turns > 40 or turns * per_turn < moves:
                raise PuzzleError(f"turns: {turns} turn(s) of at most {per_turn} move(s) cannot hold {moves} moves")
            self.turns = turns
        self.title = title
        if goal == "destination":
            player = scenario.player(self.actor)
            if player is None or player.destination is None:
                raise PuzzleError(f"goal: {self.actor!r} has no destination (use --goal reach)")
        self.free_walks = False
        self.draws_only = False
        self.walk_exhausted = False  # the last guided play that failed searched every way
        self._dist_cache: dict[str, dict] = {}
        self._way_cache: dict[str, dict] = {}  # target -> way_distances (the board of the start)
        self.tried = 0
        self.walks = 0
        self.rejected: dict[str, int] = {}
        self.walk_failures: dict[str, int] = {}  # why guided plays ended before N moves

    def _company_that_can_lay(self, first: str) -> str:
        """The first company whose network (from its home station) has a lay of a palette tile:
        a home hex without track (a fresh map's OO city) gives no network to build on."""
        for company in self.scenario.companies:
            if company.home is None:
                continue
            s = _with_home_station(self.scenario, company.id)
            s = s.model_copy(update={"state": s.state.model_copy(update={"active": company.id, "phase": self.phases[0].name})})
            for tid in sorted(set(self.palette)):
                if self.rules.legal_moves(s, MoveContext(company.id, self.phases[0].name, tid)):
                    return company.id
        return first

    def _default_palette(self) -> tuple[str, ...]:
        own = self.rules.puzzle_palette(self.scenario)
        if own is not None:
            return tuple(own)
        # else (18xx): every yellow tile of the supply that is not a city or town tile (plain track)
        out = []
        for tdef in sorted(self.scenario.tileset().tiles, key=lambda t: t.id):
            if tdef.color == "yellow" and not tdef.nodes and tdef.paths:
                out.append(tdef.id)
        return tuple(out)

    # --- limits ---------------------------------------------------------------------------
    def _check(self) -> None:
        if self.cancelled is not None and self.cancelled():
            raise _Cancelled
        if time.monotonic() > self._deadline:
            raise TimeoutError

    def _left(self) -> float:
        return self._deadline - time.monotonic()

    # --- targets ----------------------------------------------------------------------------
    def _auto_targets(self) -> list[tuple[str, list[str]]] | str:
        """The goal kinds and places ``auto`` tries in turn, or the sentence saying why there is none.

        The goal test's distance bound is a lower bound on the moves a place needs (a turn of the
        track may cost more), so the places whose bound is N, or a little less, are the ones an
        N-move play can be the shortest way to: the destination when it is one of them, then the
        stops and cells a tile can go on (a reach goal).
        """
        n = self.moves
        out: list[tuple[str, list[str]]] = []
        player = self.scenario.player(self.actor)
        if player is not None and player.destination is not None:
            d = self._place_bounds([player.destination], n + 1).get(player.destination)
            if d is not None and n - 1 <= d <= n:
                out.append(("destination", [player.destination]))
        bounds = self._place_bounds(self._auto_places(), n + 1)
        for low in (n, n - 1, n - 2):  # the places that need exactly N moves first
            near = [p for p, d in bounds.items() if max(1, low) <= d <= n]
            if near and (not out or near != out[-1][1]):
                out.append(("reach", near))
        if out:
            return out
        farthest = max(bounds.values(), default=0)
        return (
            f"no place on this board needs {n} moves from {self.actor!r}'s network by the distance bound "
            f"(a lower bound; the farthest needs {farthest}, and a goal is looked for {max(1, n - 2)} to {n} moves away)"
        )

    def _auto_places(self) -> list[str]:
        """Every place a reach goal may name: stops, and the cells a tile may go on."""
        base = self.scenario
        grid = base.board.grid
        out = set(stop_places(base))
        for coord in grid.ordered_coords:
            cell = base.board.cell(coord)
            if cell.terrain in ("offboard", "gray", "lake") or cell.platform is not None:
                continue
            out.add(grid.label(coord))
        start = start_place(base, self.actor)
        out.discard(start)
        return sorted(out)

    def _place_bounds(self, places: list[str], limit: int) -> dict[str, int]:
        """Place -> the goal test's distance bound from the actor's network (places reached left out)."""
        base = self.scenario
        reached = self.rules.reached(base, self.actor)
        if not places:
            return {}
        first = self._puzzle(places[0], Resources(turns=1), []).model_copy(
            update={"goal": ReachGoal(actor=self.actor, places=[places[0]])}
        )
        status = goal_status(self.rules, base.model_copy(update={"puzzle": first}), first)
        # the rule set's own bound too (its search position's, as the solver takes it)
        position = self.rules.search_position(base)
        own = getattr(position, "distance_bound", None)  # an optional hook of a search position
        out: dict[str, int] = {}
        for place in places:
            if reached is not None and place in reached.places:
                continue
            one = GoalStatus(False, [place], status.sources)
            cells = place_cells(base, place)
            if any(c in status.sources for c in cells):
                continue
            d = distance_bound(base, one, limit=limit)
            if d <= limit and own is not None:
                d = max(d, own(self.actor, set(cells), limit) or 0)
            if d <= limit:
                out[place] = d
        return out

    def _targets(self) -> list[str]:
        """Goal places worth a walk: at most N moves away, not reached yet."""
        base = self.scenario
        start = start_place(base, self.actor)
        out = []
        reached = self.rules.reached(base, self.actor)
        if self.goal_kind == "destination":
            places = [base.player(self.actor).destination]  # type: ignore[union-attr]
            reached = None
        else:
            places = stop_places(base)
        for place in places:
            if place == start or (reached is not None and place in reached.places):
                continue
            puzzle = self._puzzle(place, Resources(turns=1), [])
            status = goal_status(self.rules, base.model_copy(update={"puzzle": puzzle}), puzzle)
            if status.met:
                continue
            if distance_bound(base, status, limit=self.moves) > self.moves:
                continue
            dist = self._grid_distance(base, place)
            near = min((dist.get(c, 1 << 20) for c in status.sources), default=1 << 20)
            if near <= self.moves + 1:
                out.append((near, place))
        if self._uses_hand():
            # the hand is a multiset the actor lays in any order, so only a way close to the
            # shortest one can be the only solution: prefer targets about N cells away
            far = [(d, p) for d, p in out if d >= self.moves - 1]
            out = far or out
        return [p for _, p in out]

    def _puzzle(self, target: str, resources: Resources, phases: list[PhaseStep]) -> Puzzle:
        kind = "reach" if self.goal_kind == "auto" else self.goal_kind
        return Puzzle.model_construct(
            title=None,
            difficulty=None,
            hint=None,
            actor=self.actor,
            goal=_goal(kind, self.scenario, self.actor, target),
            resources=resources,
            phases=phases or self.phases,
            expect="unique",
        )

    # --- the proof ---------------------------------------------------------------------------
    def _candidate(self, target: str, resources: Resources) -> Scenario:
        puzzle = Puzzle(
            title=self.title,
            actor=self.actor,
            goal=_goal(self.goal_kind, self.scenario, self.actor, target),
            resources=resources,
            phases=self.phases,
            expect="unique",
        )
        puzzle.check_against(self.scenario)
        return self.scenario.model_copy(update={"puzzle": puzzle})

    def _root_bound(self, candidate: Scenario) -> int:
        """The solver's lower bound on the moves the candidate needs."""
        solver = Solver(candidate, self.rules)
        solver._deadline = time.monotonic() + 60
        return solver._bound(solver._root(), self.moves)[1]

    def _reject(self, why: str) -> None:
        self.rejected[why] = self.rejected.get(why, 0) + 1

    def run(self) -> GenerateResult:
        """Try candidates until one is proven unique with N moves, the time runs out, or a cancel."""
        with collector.paused():  # as for a search (see model.puzzles.solver.solve)
            return self._run()

    def _run(self) -> GenerateResult:
        start = time.monotonic()
        self._deadline = start + self.max_seconds
        seen: set = set()
        reason = ""
        try:
            self._stops = stop_places(self.scenario)
            start_at = start_place(self.scenario, self.actor)
            self._stops = [p for p in self._stops if p != start_at]
            goals: list[tuple[str, list[str]]] = []
            auto_targets = None
            if self.goal_kind == "auto":
                picked = self._auto_targets()
                if isinstance(picked, str):
                    return GenerateResult(None, 0, 0, time.monotonic() - start, None, picked)
                (self.goal_kind, auto_targets), *goals = picked
            free = self.free_walks and self.goal_kind != "destination" and self.rules.reached(self.scenario, self.actor) is not None
            targets = [None] if free else auto_targets if auto_targets is not None else self._targets()
            if not targets or not self._stops:
                reason = f"no goal place is within {self.moves} moves of {self.actor!r}"
                return GenerateResult(None, 0, 0, time.monotonic() - start, None, reason)
            self._any_stop = targets[0] or self._stops[0]
            failures = failed_before = tried_before = 0
            spent = False  # every place of this goal was searched in vain
            misses: dict[str, int] = {}
            hits: set[str] = set()
            while True:
                self._check()
                if self.max_candidates is not None and self.tried >= self.max_candidates:
                    reason = f"no unique puzzle among {self.tried} candidate(s)"
                    break
                if goals and (spent or failures - failed_before >= AUTO_WALKS or self.tried - tried_before >= AUTO_CANDIDATES):
                    # auto: this goal gives no puzzle soon enough; the next kind of goal is tried
                    spent = False
                    self.goal_kind, targets = goals.pop(0)
                    failed_before, tried_before, misses, hits = failures, self.tried, {}, set()
                    self._dist_cache.clear()
                target = self.rng.choice(targets)
                # after a few refused candidates, plays with the drawn tiles alone: without a
                # hand to lay in any turn, the drawn tiles in their order leave fewer ways
                self.draws_only = self.tried >= HAND_CANDIDATES
                got = self._walk(target)
                if got is None:
                    failures += 1
                    if target is not None:
                        # a target no guided play reaches is dropped (until it is the last one)
                        misses[target] = misses.get(target, 0) + 1
                        if self.walk_exhausted and not self.draws_only:
                            # every guided play was tried: none has N moves; another kind of
                            # goal is tried when this was the last place
                            targets.remove(target)
                            if not targets:
                                if not goals:
                                    reason = f"no play of exactly {self.moves} moves reaches the goal"
                                    break
                                spent = True
                            continue
                        elif misses[target] >= TARGET_TRIES and target not in hits and len(targets) > 1:
                            targets.remove(target)
                    if failures > 2000 and self.tried == 0:
                        reason = f"no play of exactly {self.moves} moves reaches the goal (after {self.walks} tries)"
                        break
                    continue
                _play, resources, target = got
                hits.add(target)
                key = (target, resources.model_dump_json())
                if key in seen:
                    continue
                seen.add(key)
                candidate = self._candidate(target, resources)
                self.tried += 1
                if self.progress is not None:
                    self.progress(self.tried, time.monotonic() - start)
                # the shortest solution first: iterative deepening refutes a shorter one cheaply,
                # unless the distance bound already does (no solution is shorter than it)
                if self._root_bound(candidate) < self.moves:
                    budget = min(self.verify_seconds, max(0.05, self._left()))
                    shortest = solve(candidate, rules=self.rules, max_seconds=budget, cancelled=self.cancelled)
                    if shortest.reason == "cancelled":
                        raise _Cancelled
                    if shortest.solution is None or len(shortest.solution) != self.moves:
                        self._reject("a shorter solution" if shortest.solution is not None else "proof did not finish")
                        continue
                budget = min(self.verify_seconds, max(0.05, self._left()))
                proof = solve(candidate, rules=self.rules, count=True, max_seconds=budget, cancelled=self.cancelled)
                if proof.reason == "cancelled":
                    raise _Cancelled
                if not proof.complete:
                    self._reject("proof did not finish")
                    continue
                if proof.count != 1:
                    self._reject("several solutions" if proof.count else "unsolvable")
                    continue
                if len(proof.solution) != self.moves:  # the distinct solutions hold a shortest one
                    self._reject("a shorter solution")
                    continue
                return GenerateResult(candidate, self.tried, self.walks, time.monotonic() - start, proof, "", dict(self.rejected))
        except _Cancelled:
            reason = "cancelled"
        except TimeoutError:
            reason = f"time limit ({self.max_seconds:g} s) reached after {self.tried} candidate(s)"
        return GenerateResult(None, self.tried, self.walks, time.monotonic() - start, None, reason, dict(self.rejected))


def generate(scenario: Scenario, moves: int, **kwargs: Any) -> GenerateResult:
    """Generate a unique ``moves``-move puzzle on the scenario's board (see :class:`Generator`).

    Keyword arguments: ``goal`` (``destination``, ``reach``, ``connect``), ``seed``,
    ``max_seconds``, ``actor``, ``phases``, ``palette``, ``turns`` (default: a few more than the
    moves need), ``title``, ``verify_seconds``, ``max_candidates``,
    ``progress(tried, seconds)``, ``cancelled()``. Raises :class:`PuzzleError` for a request that
    cannot work (no such actor, no destination, an unknown tile in the palette).
    """
    return Generator(scenario, moves, **kwargs).run()


__all__ = ["GOAL_KINDS", "GenerateResult", "Generator", "default_phases", "generate", "stop_places", "start_place"]

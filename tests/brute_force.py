"""An independent brute-force count of a puzzle's solutions, for checking the solver and the generator.

It walks every play of the puzzle's turn structure with nothing but the rule set's
``legal_moves``, ``apply`` and ``reached``: no transposition table, no symmetry reduction, no
distance bound, no caches. Two plays are the same solution when they leave the same board
(tile and the set of its track connections per cell, tokens), and a solution whose changed
cells contain another's is not counted (the definition in docs/puzzles.md).
"""

from __future__ import annotations

from model.puzzle_spec import DestinationGoal, ReachGoal
from model.rules import MoveContext, get_rule_set
from model.scenario import Scenario


def _board(scenario: Scenario) -> frozenset:
    grid = scenario.board.grid
    out = set()
    for label, cell in scenario.board.cells.items():
        if cell.tile is None and not cell.tokens:
            continue
        shape = None
        if cell.tile is not None:
            tdef = scenario.tile(cell.tile.tile)
            shape = (cell.tile.tile, tdef._shape(cell.tile.rotation, grid.sides))
        out.add((label, shape, tuple(sorted((t.company, t.city) for t in cell.tokens))))
    return frozenset(out)


def _met(rules, scenario: Scenario) -> bool:
    p = scenario.puzzle
    goal = p.goal
    actor = goal.player if isinstance(goal, DestinationGoal) else goal.actor
    assert isinstance(goal, DestinationGoal | ReachGoal), "brute force knows destination and reach goals"
    got = rules.reached(scenario, actor)
    return all(place in got.places for place in p.goal_places(scenario))


def brute_force(scenario: Scenario, limit: int = 200_000) -> tuple[int, int]:
    """(distinct minimal solutions, length of the shortest play that meets the goal; 0 if none)."""
    rules = get_rule_set(scenario.rules.id)
    p = scenario.puzzle
    res = p.resources
    actor = p.actor
    is_player = scenario.player(actor) is not None
    hand0 = list(res.hand) if res.hand is not None else list(scenario.player(actor).hand)
    money0 = res.money
    if money0 is None and not is_player:
        money0 = scenario.company(actor).treasury
    start = _board(scenario)
    found: dict[frozenset, int] = {}
    visits = [0]

    def prepare(sc: Scenario, turn: int, phase: int, hand: list[str], money, new_turn: bool) -> Scenario:
        step = p.phases[phase]
        st = {"turn": scenario.state.turn + turn, "active": actor, "phase": step.name}
        st["drawn"] = res.draws[turn] if step.tile_from == "drawn" else None
        if new_turn:
            st["laid"] = []
        upd = {"state": sc.state.model_copy(update=st)}
        if is_player:
            upd["players"] = [pl.model_copy(update={"hand": list(hand)}) if pl.id == actor else pl for pl in sc.players]
        elif money is not None:
            upd["companies"] = [c.model_copy(update={"treasury": money}) if c.id == actor else c for c in sc.companies]
        return sc.model_copy(update=upd)

    def walk(sc: Scenario, turn: int, phase: int, played: int, hand: list[str], money, depth: int, new_turn: bool) -> None:
        visits[0] += 1
        assert visits[0] < limit, "brute force: too many plays"
        if turn >= res.turns or (res.max_moves is not None and depth >= res.max_moves):
            return
        step = p.phases[phase]
        sc = prepare(sc, turn, phase, hand, money, new_turn)
        if step.tile_from == "drawn":
            drawn = res.draws[turn]
            moves = [m for m in rules.legal_moves(sc, MoveContext(actor, step.name, drawn)) if m.tile == drawn]
        elif not hand:
            moves = []
        else:
            moves = []
            for tid in sorted(set(hand)):
                moves += [m for m in rules.legal_moves(sc, MoveContext(actor, step.name, tid)) if m.tile == tid]
            moves = list(dict.fromkeys(moves))
        if step.kinds is not None:
            moves = [m for m in moves if m.kind in step.kinds]
        if money is not None:
            moves = [m for m in moves if m.cost <= money]

        def next_step(after: Scenario, h, mo, d, played_now: int) -> None:
            if played_now < step.max_moves and step.tile_from != "drawn":
                walk(after, turn, phase, played_now, h, mo, d, False)
            elif phase + 1 < len(p.phases):
                walk(after, turn, phase + 1, 0, h, mo, d, False)
            else:
                walk(after, turn + 1, 0, 0, h, mo, d, True)

        for m in moves:
            after = rules.apply(sc, m)
            h = list(hand)
            if step.tile_from == "hand":
                h.remove(m.tile)
            mo = money - m.cost if money is not None else None
            if _met(rules, after):
                diff = frozenset(_board(after) - start)
                found[diff] = min(found.get(diff, 1 << 30), depth + 1)
                continue
            next_step(after, h, mo, depth + 1, played + 1)
        if not moves or not step.required or played > 0:
            if moves or not step.required or played > 0 or step.when_blocked == "next_phase":
                if phase + 1 < len(p.phases):
                    walk(sc, turn, phase + 1, 0, hand, money, depth, False)
                else:
                    walk(sc, turn + 1, 0, 0, hand, money, depth, True)
            else:
                walk(sc, turn + 1, 0, 0, hand, money, depth, True)  # a lost turn

    walk(scenario, 0, 0, 0, hand0, money0, 0, True)
    keys = sorted(found, key=len)
    keep = [k for i, k in enumerate(keys) if not any(small < k for small in keys[:i])]
    shortest = min(found.values()) if found else 0
    return len(keep), shortest

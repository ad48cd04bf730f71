"""The solver on a toy rule set: solvable / unsolvable / unknown, distinct-solution counting."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from puzzle_toys import ToyPaths, city, origin, reach, toy_scenario

from model.board import Cell, Platform
from model.puzzle_spec import ConnectGoal, PhaseStep
from model.puzzles.reach import goal_status
from model.puzzles.solver import PuzzleError, Solver, replay, solve
from model.rules import MoveContext

MANDATORY = PhaseStep(name="mandatory", tile_from="drawn", required=True)
OPTIONAL = PhaseStep(name="optional", tile_from="hand")


def two_branches():
    """A city next to the origin; two target cities on either side of it, one straight each."""
    cells = {"C5": origin(2), "C4": city(), "A4": city("West"), "E4": city("East")}
    return toy_scenario(5, 5, cells, reach("A4", "E4"), hand=["straight", "straight"])


def met(scenario, moves):
    final = replay(scenario, moves)[-1]
    return goal_status(ToyPaths(), final, scenario.puzzle).met


def test_order_independent_moves_count_once():
    s = two_branches()
    res = solve(s, count=True)
    assert res.verdict == "solvable"
    assert res.complete and res.count == 1 and res.unique
    assert sorted(m.cell for m in res.solution) == ["B4", "D4"]
    assert all(m.tile == "straight" and m.rotation == 1 for m in res.solution)
    assert met(s, res.solution)


def test_shortest_solution_is_found_first():
    s = two_branches()
    res = solve(s)
    assert res.verdict == "solvable" and len(res.solution) == 2
    assert met(s, res.solution)


def test_two_different_boards_are_two_solutions():
    # a curve at B2 reaches either platform of station 'goal' (A2 or C2)
    cells = {
        "B3": origin(2),
        "A2": Cell(platform=Platform(station="goal", access=3)),
        "C2": Cell(platform=Platform(station="goal", access=1)),
    }
    s = toy_scenario(3, 3, cells, reach("goal"), hand=["curve"])
    res = solve(s, count=True)
    assert res.verdict == "solvable" and res.complete
    assert res.count == 2 and not res.unique
    assert {m.rotation for sol in res.solutions for m in sol} == {1, 2}
    for sol in res.solutions:
        assert met(s, sol)


def test_unneeded_moves_do_not_make_another_solution():
    # the straight at C2 suffices; a curve laid first at B1/B3 is a wasted move, not a new solution
    cells = {"A2": origin(3), "B2": city(), "D2": city("Target")}
    s = toy_scenario(4, 3, cells, reach("D2"), hand=["curve", "straight"])
    res = solve(s, count=True)
    assert res.count == 1 and res.unique
    assert [(m.cell, m.tile) for m in res.solution] == [("C2", "straight")]


def test_unsolvable_when_the_way_is_a_lake():
    cells = {"B3": origin(2), "B2": Cell(terrain="lake"), "B1": city()}
    s = toy_scenario(3, 3, cells, reach("B1"), hand=["straight", "straight"])
    res = solve(s)
    assert res.verdict == "unsolvable"
    res_all = solve(s, count=True)
    assert res_all.verdict == "unsolvable" and res_all.complete and res_all.count == 0


def test_unsolvable_by_distance_without_searching_every_move():
    cells = {"A1": origin(3), "F1": city()}
    s = toy_scenario(6, 1, cells, reach("F1"), hand=["straight"] * 3)
    res = solve(s)
    assert res.verdict == "unsolvable"
    assert res.nodes <= 2  # the distance bound (4 cells, 3 tiles) settles it at the root


def test_unknown_when_the_node_limit_is_hit():
    # a target walled in by mountains (the toy lays no tunnels): a big, fruitless search
    cells = {"D4": origin(2), "H1": city(), "G1": Cell(terrain="mountain"), "G2": Cell(terrain="mountain"), "H2": Cell(terrain="mountain")}
    s = toy_scenario(8, 8, cells, reach("H1"), hand=["straight"] * 4 + ["curve"] * 4)
    res = solve(s, max_nodes=40)
    assert res.verdict == "unknown" and "node limit" in res.reason
    res = solve(s, count=True, max_nodes=40)
    assert res.verdict == "unknown" and not res.complete


def test_cancellation_stops_the_search():
    cells = {"D4": origin(2), "H1": city(), "G1": Cell(terrain="mountain"), "G2": Cell(terrain="mountain"), "H2": Cell(terrain="mountain")}
    s = toy_scenario(8, 8, cells, reach("H1"), hand=["straight"] * 4 + ["curve"] * 4)
    res = solve(s, cancelled=lambda: True)
    assert res.verdict == "unknown" and res.reason == "cancelled"


def test_goal_met_at_the_start():
    cells = {"A1": origin(3), "B1": city()}
    res = solve(toy_scenario(2, 1, cells, reach("B1")), count=True)
    assert res.verdict == "solvable" and res.solution == [] and res.count == 1


def test_required_drawn_tile_cannot_be_skipped():
    cells = {"A4": origin(2), "A1": city()}
    straight = toy_scenario(1, 4, cells, reach("A1"), draws=["straight", "straight"], turns=2, phases=[MANDATORY])
    res = solve(straight, count=True)
    assert res.unique and [m.cell for m in res.solution] == ["A3", "A2"]
    # a curve drawn first must be laid (it turns off the one-cell-wide board): the straights come too late
    curve_first = toy_scenario(1, 4, cells, reach("A1"), draws=["curve", "straight", "straight"], turns=3, phases=[MANDATORY])
    assert solve(curve_first).verdict == "unsolvable"


def test_a_blocked_required_phase_may_go_on_to_the_next_phase():
    # the drawn tile has no track at all, so it never fits: with 'lose_turn' (Catalan A8) the
    # optional phase is lost too; with 'next_phase' the straight in hand still goes down
    from model.tiles import TileDef

    def with_blank(phases):
        s = toy_scenario(1, 3, {"A3": origin(2), "A1": city()}, reach("A1"), hand=["straight"], draws=["curve"], phases=phases)
        data = s.model_dump()
        data["tiles"]["custom"] = [TileDef(id="blank").model_dump()]
        data["puzzle"]["resources"]["draws"] = ["blank"]
        return type(s).model_validate(data)

    blocked = PhaseStep(name="mandatory", tile_from="drawn", required=True)
    assert solve(with_blank([blocked, OPTIONAL])).verdict == "unsolvable"
    go_on = blocked.model_copy(update={"when_blocked": "next_phase"})
    res = solve(with_blank([go_on, OPTIONAL]), count=True)
    assert res.unique and [(m.cell, m.phase) for m in res.solution] == [("A2", "optional")]


def test_optional_phase_may_be_passed_and_uses_the_hand():
    cells = {"A4": origin(2), "A1": city()}
    s = toy_scenario(
        1, 4, cells, reach("A1"), hand=["straight"], draws=["straight", "curve"], turns=2, phases=[MANDATORY, OPTIONAL]
    )
    res = solve(s, count=True)
    assert res.unique
    assert [(m.cell, m.phase) for m in res.solution] == [("A3", "mandatory"), ("A2", "optional")]


def test_move_cap_limits_the_search():
    s = two_branches()
    capped = s.model_copy(update={"puzzle": s.puzzle.model_copy(update={"resources": s.puzzle.resources.model_copy(update={"max_moves": 1})})})
    assert solve(capped).verdict == "unsolvable"


def test_connect_goal_between_two_places():
    cells = {"A2": origin(3), "A1": city("North"), "A3": city("South")}
    goal = ConnectGoal(a="A1", b="A3")
    s = toy_scenario(3, 3, cells, goal, hand=[])
    assert solve(s).verdict == "unsolvable"  # no tile: the cities stay apart


def test_symmetric_rotations_are_tried_once():
    # a straight at rotation 0 and 2 is the same track: the solver keeps one child
    cells = {"A2": origin(3), "C2": city()}
    s = toy_scenario(3, 3, cells, reach("C2"), hand=["straight"])
    solver = Solver(s)
    root = solver._root()
    from model.rules import Move

    class Doubling(ToyPaths):
        def legal_moves(self, scenario, context: MoveContext):
            base = super().legal_moves(scenario, context)
            return base + [Move(m.kind, m.cell, m.tile, (m.rotation + 2) % 4, m.actor, m.phase) for m in base]

    solver.rules = Doubling()
    kids = [m for m, _ in solver._children(root) if m is not None]
    assert len(kids) == 1


def test_no_puzzle_is_an_error():
    s = two_branches().model_copy(update={"puzzle": None})
    try:
        solve(s)
    except PuzzleError as exc:
        assert "no puzzle" in str(exc)
    else:
        raise AssertionError("expected PuzzleError")


# --- the pruned search agrees with a naive one ----------------------------------------------
def naive_solutions(scenario):
    """Every final board (as a frozenset of changed cells) reached by some play, no pruning."""
    rules = ToyPaths()
    p = scenario.puzzle
    out = set()

    def boards(sc):
        return frozenset((lbl, c.tile.tile, c.tile.rotation % (2 if c.tile.tile == "straight" else 4)) for lbl, c in sc.board.cells.items() if c.tile)

    def walk(sc, hand, depth):
        if goal_status(rules, sc, p).met:
            out.add(boards(sc))
            return
        if depth == 0:
            return
        player = sc.player("red").model_copy(update={"hand": list(hand)})
        sc2 = sc.model_copy(update={"players": [player]})
        for m in rules.legal_moves(sc2, MoveContext("red", "lay")):
            rest = list(hand)
            rest.remove(m.tile)
            walk(rules.apply(sc2, m), rest, depth - 1)

    walk(scenario, list(p.resources.hand), len(p.resources.hand))
    return {b for b in out if not any(o < b for o in out)}


def board_3x3(terrain: list[str], target: str) -> dict[str, Cell]:
    """A 3x3 board for the property tests: red's origin at B3 (opening N), the cells row by row
    from ``terrain`` ('plain', 'lake' or 'city'), and the target city."""
    cells = {"B3": origin(2)}
    for i, t in enumerate(terrain):
        label = "ABC"[i % 3] + str(i // 3 + 1)
        if label == "B3":
            continue
        if t == "lake":
            cells[label] = Cell(terrain="lake")
        elif t == "city":
            cells[label] = city()
    cells[target] = city("Target")
    return cells


@settings(max_examples=40)
@given(
    st.lists(st.sampled_from(["plain", "plain", "plain", "lake", "city"]), min_size=9, max_size=9),
    st.lists(st.sampled_from(["straight", "curve", "turntable", "switch_left"]), min_size=1, max_size=3),
    st.sampled_from(["A1", "C1", "A3", "C3", "B1"]),
)
def test_pruned_search_matches_naive_enumeration(terrain, hand, target):
    cells = board_3x3(terrain, target)
    s = toy_scenario(3, 3, cells, reach(target), hand=hand)
    res = solve(s, count=True)
    expected = naive_solutions(s)
    assert res.complete
    assert res.count == len(expected)
    assert (res.verdict == "solvable") == bool(expected)
    one = solve(s)
    assert one.verdict == res.verdict
    if expected:
        assert met(s, one.solution)
        assert len(one.solution) == min(len(sol) for sol in res.solutions)


def naive_turn_solutions(scenario):
    """Minimal final boards of a mandatory(drawn)+optional(hand) puzzle, by plain recursion."""
    rules = ToyPaths()
    p = scenario.puzzle
    res = p.resources
    out = set()

    def board(sc):
        return frozenset(
            (lbl, c.tile.tile, c.tile.rotation % (2 if c.tile.tile == "straight" else 4))
            for lbl, c in sc.board.cells.items()
            if c.tile
        )

    def met(sc):
        if goal_status(rules, sc, p).met:
            out.add(board(sc))
            return True
        return False

    def with_hand(sc, hand):
        return sc.model_copy(update={"players": [sc.player("red").model_copy(update={"hand": list(hand)})]})

    def turn(sc, t, hand):
        if t == res.turns:
            return
        drawn = res.draws[t]
        moves = rules.legal_moves(sc, MoveContext("red", "mandatory", drawn))
        if not moves:
            turn(sc, t + 1, hand)  # the whole turn is lost
            return
        for m in moves:
            after = rules.apply(sc, m)
            if not met(after):
                optional(after, t, hand)

    def optional(sc, t, hand):
        turn(sc, t + 1, hand)  # pass
        for m in rules.legal_moves(with_hand(sc, hand), MoveContext("red", "optional")):
            rest = list(hand)
            rest.remove(m.tile)
            after = rules.apply(sc, m)
            if not met(after):
                turn(after, t + 1, rest)

    if not met(scenario):
        turn(scenario, 0, list(res.hand or []))
    return {b for b in out if not any(o < b for o in out)}


@settings(max_examples=40)
@given(
    st.lists(st.sampled_from(["plain", "plain", "plain", "lake", "city"]), min_size=9, max_size=9),
    st.lists(st.sampled_from(["straight", "curve", "switch_right"]), min_size=2, max_size=2),
    st.lists(st.sampled_from(["straight", "curve", "turntable"]), min_size=0, max_size=2),
    st.sampled_from(["A1", "C1", "A3", "C3", "B1"]),
)
def test_pruned_search_matches_naive_turns_with_draws(terrain, draws, hand, target):
    cells = board_3x3(terrain, target)
    s = toy_scenario(3, 3, cells, reach(target), hand=hand, draws=draws, turns=2, phases=[MANDATORY, OPTIONAL])
    expected = naive_turn_solutions(s)
    res = solve(s, count=True)
    assert res.complete and res.count == len(expected)
    one = solve(s)
    assert one.verdict == ("solvable" if expected else "unsolvable")
    if expected:
        assert met(s, one.solution)

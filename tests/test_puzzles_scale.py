"""The solver's incremental search gives the answers of the plain search.

With the Catalan rule set the solver uses search positions (``search_position``): networks taken
over from the parent board, and at the last move only the moves that can change the goal. The
same solver run on a rule set without that hook (every position from scratch, every move tried)
must give the same verdict, the same distinct solutions and the same count, on the bundled
Catalan puzzles and on counting runs on the 12×12 four-player board with a hand and drawn tiles.
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from model.io import load
from model.paths import scenarios_dir
from model.puzzle_spec import Puzzle
from model.puzzles.reach import place_cells
from model.puzzles.solver import Solver, replay, solve
from model.rules import get_rule_set

CATALAN = get_rule_set("catalan")
PUZZLES = sorted((scenarios_dir() / "puzzles").glob("catalan-*.json"))


class PlainRules:
    """The Catalan rule set without its search-position hook."""

    def __init__(self, rules) -> None:
        self._rules = rules

    def search_position(self, scenario, parent=None):
        return None

    def __getattr__(self, name: str):
        return getattr(self._rules, name)


def _boards(res) -> set[frozenset]:
    """Each solution as the set of (cell, tile, rotation) it lays."""
    return {frozenset((m.cell, m.tile, m.rotation) for m in s) for s in res.solutions or []}


def _twelve(hand: list[str], draws: list[str], turns: int, goal: dict | None = None):
    base = load(scenarios_dir() / "catalan" / "four-players-12x12.json")
    puzzle = Puzzle.model_validate({
        "actor": "red",
        "goal": goal or {"kind": "destination", "player": "red"},
        "resources": {"hand": hand, "draws": draws[:turns], "turns": turns},
        "phases": [{"name": "mandatory", "tile_from": "drawn", "required": True}, {"name": "optional"}],
    })
    return base.model_copy(update={"puzzle": puzzle})


def _same(scenario, count: bool) -> None:
    """The fast and the plain search agree."""
    fast = solve(scenario, count=count, max_seconds=60)
    plain = solve(scenario, rules=PlainRules(CATALAN), count=count, max_seconds=60)
    assert fast.verdict == plain.verdict
    assert fast.complete == plain.complete
    assert fast.count == plain.count
    if count:
        assert _boards(fast) == _boards(plain)
    else:
        assert len(fast.solution or []) == len(plain.solution or [])  # both shortest
        assert fast.nodes <= plain.nodes  # the rule set's bound only cuts more


def test_the_hook_is_used() -> None:
    s = load(PUZZLES[0])
    assert Solver(s)._position_hook is not None
    assert Solver(s, PlainRules(CATALAN))._position_hook is None


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: Path(p).stem)
def test_bundled_catalan_puzzles(path: Path) -> None:
    s = load(path)
    _same(s, count=True)
    _same(s, count=False)


@pytest.mark.parametrize(
    ("hand", "turns"),
    [(["straight", "curve"], 3), (["straight", "straight", "curve", "curve"], 3), (["curve", "curve", "straight"], 4)],
)
def test_counting_on_the_12x12_board(hand: list[str], turns: int) -> None:
    s = _twelve(hand, ["straight", "curve", "straight", "curve"], turns)
    _same(s, count=True)


def test_a_count_leaves_no_cycles_behind() -> None:
    """The search's positions are freed by their reference counts as it goes: nothing it built is
    left for the cyclic collector (a network and the searches it keeps, a table shared by the
    networks of one search and what it keeps, each once made a cycle of every position)."""
    s = _twelve(["straight", "straight", "curve", "curve"], ["straight", "curve", "straight", "curve"], 4)
    solve(s, count=True, max_seconds=60)  # first uses (a model's schema built on demand) are not the search's
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        res = solve(s, count=True, max_seconds=60)
        left = gc.collect()
    finally:
        if was:
            gc.enable()
    assert res.complete and res.nodes > 50
    assert left == 0


def test_a_reach_goal_on_the_12x12_board() -> None:
    """Red must reach C9, a cell on her way south; several plays do it in four turns."""
    s = _twelve(["straight", "curve", "curve"], ["straight", "curve", "straight", "curve"], 4, {"kind": "reach", "actor": "red", "places": ["C9"]})
    _same(s, count=True)
    assert solve(s, count=True).count > 1


@pytest.mark.parametrize("which", ["catalan-05-branch-lines", "catalan-09-twelve-draws", "twelve"])
def test_two_processes_count_the_same(which: str) -> None:
    """Counting in two processes (the tree split below its first moves) gives the same solutions."""
    if which == "twelve":
        s = _twelve(["straight", "curve", "curve"], ["straight", "curve", "straight", "curve"], 4, {"kind": "reach", "actor": "red", "places": ["C9"]})
    else:
        s = load(scenarios_dir() / "puzzles" / f"{which}.json")
    one = solve(s, count=True, max_seconds=60)
    two = solve(s, count=True, max_seconds=60, workers=2)
    assert two.complete and one.complete
    assert (two.verdict, two.count) == (one.verdict, one.count)
    assert _boards(two) == _boards(one)


def test_board_signatures_built_from_the_parent() -> None:
    """A child's board signature, built from its parent's, equals one built from scratch."""
    s = _twelve(["straight", "curve", "curve"], ["straight", "curve", "straight"], 3)
    solver = Solver(s)
    layer = [solver._root()]
    checked = 0
    for _ in range(3):
        nxt = []
        for node in layer[:6]:
            for _move, child in solver._children(node):
                fresh = Solver(child.scenario)  # its own, empty tables
                assert child.key[0] == fresh._board_sig(child.scenario)
                checked += 1
                nxt.append(child)
        layer = nxt
    assert checked > 20


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: Path(p).stem)
def test_the_relaxed_bound_never_exceeds_a_solution(path: Path) -> None:
    """Along a shortest solution, the rule set's bound before each move is at most the moves left."""
    s = load(path)
    res = solve(s, rules=PlainRules(CATALAN), max_seconds=60)
    assert res.solution
    boards = replay(s, res.solution)
    actor = s.puzzle.goal.player if s.puzzle.goal.kind == "destination" else s.puzzle.goal.actor
    places = s.puzzle.goal_places(s) if s.puzzle.goal.kind == "destination" else list(s.puzzle.goal.places)
    for i, board in enumerate(boards[:-1]):
        pos = CATALAN.search_position(board)
        left = len(res.solution) - i
        for place in places:
            got = pos.distance_bound(actor, set(place_cells(board, place)), 99)
            assert got is not None and got <= left, (i, place, got, left)

"""A count leaves out the tiles laid too far from the goal actor's network to matter
(model/puzzles/separation.py, model/rules/catalan/apart.py), and still counts every solution:
checked against the independent brute force (tests/brute_force.py: every play, no pruning) and
against the same count with nothing left out."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from brute_force import brute_force

from model.grid import Coord
from model.puzzle_spec import PhaseStep, Resources
from model.puzzles.solver import Solver, solve
from model.rules import Move, get_rule_set
from model.rules.catalan.apart import Apart, fill_distances
from model.rules.catalan.network import Network
from model.rules.catalan.search import derive_network

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("build_puzzles", ROOT / "tools" / "build_puzzles.py")
B = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(B)
MANDATORY = PhaseStep(name="mandatory", tile_from="drawn", required=True)
OPTIONAL = PhaseStep(name="optional")


def two_players(hand: list[str], draws: list[str], turns: int):
    """6×6 board: Red's origin at A6 (facing north), her destination Vic at D3; Yellow's origin
    at F1, whose open end takes optional tiles far from Red's way."""
    cells = {"A6": B.origin("red_home", B.N, "red"), "D3": B.city("Vic"), "F1": B.origin("yellow_home", B.S, "yellow")}
    return B.catalan(
        "Two", "", 6, 6, cells, [B.red("D3"), B.yellow()], difficulty=1, hint="-",
        resources=Resources(hand=hand, draws=draws, turns=turns), phases=[MANDATORY, OPTIONAL],
    )


def _count(scenario, separate: bool, monkeypatch, workers: int = 1):
    left_out = []
    far = Solver._far

    def counted(node, move, apart):
        got = far(node, move, apart)
        left_out.append(got)
        return got

    with monkeypatch.context() as m:
        m.setattr(Solver, "_far", staticmethod(counted))
        if not separate:
            m.setattr(Solver, "_separable", lambda self: False)
        res = solve(scenario, count=True, max_seconds=60, workers=workers)
    return res, sum(left_out)


@pytest.mark.parametrize(
    ("hand", "draws", "turns"),
    [
        (["straight", "curve", "straight"], ["straight", "curve", "straight", "straight"], 4),
        (["curve", "straight", "straight", "curve"], ["straight", "straight", "curve", "straight"], 4),
        (["straight", "curve", "curve"], ["curve", "straight", "straight", "curve", "straight"], 5),
    ],
)
def test_the_count_with_far_tiles_left_out_is_the_brute_force_count(hand, draws, turns, monkeypatch) -> None:
    s = two_players(hand, draws, turns)
    res, left_out = _count(s, True, monkeypatch)
    everything, none = _count(s, False, monkeypatch)
    assert none == 0 and left_out > 0  # tiles at Yellow's open end were left out
    assert res.complete and everything.complete
    assert res.count == everything.count == brute_force(s, limit=3_000_000)[0]
    assert res.solutions == everything.solutions  # the same play stands for each solution
    assert res.nodes <= everything.nodes
    two, _ = _count(s, True, monkeypatch, workers=2)
    assert two.complete and two.count == res.count


def test_fill_distances_count_the_empty_cells_on_the_way() -> None:
    s = two_players(["straight"], ["straight"], 1)
    pos = get_rule_set("catalan").search_position(s)
    grid = s.board.grid
    a6, f1 = grid.coord("A6"), grid.coord("F1")
    dist = fill_distances(pos.net, {a6}, 20)
    assert dist[a6] == 0
    assert dist[grid.coord("A5")] == 1 and dist[grid.coord("B5")] == 2
    # F1 has track (a platform): reaching it costs the empty cells before it, not itself
    assert dist[f1] == min(dist[grid.coord("E1")], dist[grid.coord("F2")])
    # a cell counted as filled costs nothing
    assert fill_distances(pos.net, {a6}, 20, free=grid.coord("A5"))[grid.coord("A5")] == 0


def test_a_tile_next_to_her_way_always_matters() -> None:
    s = two_players(["straight"], ["straight"], 1)
    pos = get_rule_set("catalan").search_position(s)
    grid = s.board.grid
    d3: set[Coord] = {grid.coord("D3")}
    apart = Apart(pos.net, set(pos.net.origin_cells("red")), [d3], 12)
    assert apart.fills_to_matter(grid.coord("A5"), 12) == 0  # it joins her group at once
    assert apart.fills_to_matter(grid.coord("A6"), 12) == 0  # her origin's own cell
    assert 0 < apart.fills_to_matter(grid.coord("B5"), 12) <= apart.ways[0]  # one cell off her way
    # Yellow's open end is far from Red's way: more fills than a short play has
    assert apart.fills_to_matter(grid.coord("F2"), 2) > 2


def test_far_tiles_left_out_on_the_12x12_board(monkeypatch) -> None:
    """Red's destination on the four-player board, a hand of 4 over 6 turns: the tiles at the other
    players' origins are left out, the count and its plays stay, and fewer nodes are searched."""
    from model.io import load
    from model.paths import scenarios_dir
    from model.puzzle_spec import Puzzle

    base = load(scenarios_dir() / "catalan" / "four-players-12x12.json")
    puzzle = Puzzle.model_validate({
        "actor": "red",
        "goal": {"kind": "destination", "player": "red"},
        "resources": {"hand": ["straight", "straight", "curve", "curve"], "draws": ["straight", "curve", "straight", "curve"],
                      "turns": 4},
        "phases": [{"name": "mandatory", "tile_from": "drawn", "required": True}, {"name": "optional"}],
    })
    s = base.model_copy(update={"puzzle": puzzle})
    res, left_out = _count(s, True, monkeypatch)
    everything, _ = _count(s, False, monkeypatch)
    assert left_out > 0 and res.complete and everything.complete
    assert res.count == everything.count and res.solutions == everything.solutions
    assert res.nodes < everything.nodes



def test_a_derived_network_reads_its_cells_with_track_as_a_new_one_does() -> None:
    """Network.track_cells of a network taken over from its parent's (the search's positions)
    is a fresh network's, lay after lay northwards from Red's origin."""
    rules = get_rule_set("catalan")
    s = two_players(["straight"], ["straight", "straight", "straight"], 3)
    grid = s.board.grid
    net = derive_network(rules, s, None)
    assert net.track_cells() == Network(s).track_cells() and grid.coord("A6") in net.track_cells()
    for cell in ("A5", "A4", "A3"):
        s = rules.apply(s, Move("lay", cell, "straight", 0, actor="red"), check=False)
        child = derive_network(rules, s, net)
        assert child is not net
        assert child.track_cells() == Network(s).track_cells()
        assert grid.coord(cell) in child.track_cells() and grid.coord(cell) not in net.track_cells()
        net = child

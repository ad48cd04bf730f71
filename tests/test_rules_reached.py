"""``RuleSet.reached``: what an actor's network reaches, by each rule set's own movement rules,
and the puzzle goal test that uses it (without importing the rule sets' private modules)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from puzzle_toys import city, origin, reach, toy_scenario
from test_18xx_rules import make as make_18xx

from model.board import Cell, LaidTile, Platform
from model.io import load
from model.paths import scenarios_dir
from model.puzzles.reach import goal_status
from model.puzzles.solver import replay, solve
from model.rules import Reached, RuleSet, get_rule_set

ROOT = Path(__file__).resolve().parent.parent


def line(*tiles: str, extra: dict | None = None):
    """A 1x4 Catalan line: red's origin A4 (opening N), tiles at A3, A2, ... and a city at A1."""
    cells = {"A4": origin(2), "A1": city("Target")}
    for label, tile in zip(("A3", "A2"), tiles, strict=False):
        cells[label] = Cell(tile=LaidTile(tile=tile, rotation=0))
    cells.update(extra or {})
    return toy_scenario(1, 4, cells, reach("A1"))


def test_catalan_reached_follows_via_nostra():
    rules = get_rule_set("catalan")
    assert rules.reached(line("straight"), "red") == Reached(
        places=frozenset({"A4", "A3", "home"}), cells=frozenset({"A4", "A3"})
    )
    full = rules.reached(line("straight", "straight"), "red")
    assert full.cells == {"A4", "A3", "A2", "A1"}
    assert full.places == full.cells | {"home"}
    # a curve turns away from the city: A2 is reached, the city is not
    assert "A1" not in rules.reached(line("straight", "curve"), "red").places


def test_catalan_reached_names_the_stations_of_reached_platforms():
    rules = get_rule_set("catalan")
    goal = Cell(platform=Platform(station="harbour", access=0))
    s = line("straight", "straight", extra={"A1": goal})
    got = rules.reached(s, "red")
    assert "harbour" in got.places and "A1" in got.cells
    assert rules.reached(s, "nobody") is None


def test_18xx_reached_from_the_home_and_along_printed_track():
    rules = get_rule_set("18xx")
    assert rules.reached(make_18xx(), "X") == Reached(frozenset({"B5"}), frozenset({"B5"}))
    # a yellow city on the home opens its sides 0 (B7) and 3 (B3, gray with printed track)
    s = make_18xx(tiles={"B5": ("yc", 0)})
    assert rules.reached(s, "X") == Reached(frozenset({"B5", "B3"}), frozenset({"B5", "B3"}))
    s = make_18xx(tiles={"B5": ("yc", 0), "B7": ("s", 0)})
    assert rules.reached(s, "X").places == {"B5", "B3", "B7"}
    assert rules.reached(s, "nobody") is None


def test_18xx_a_hex_whose_stop_is_not_reached_is_not_a_place():
    # Y's home city C6 has no track; X's network does not reach it
    rules = get_rule_set("18xx")
    s = make_18xx(tiles={"B5": ("yc", 0)})
    assert "C6" not in rules.reached(s, "X").places
    assert rules.reached(s, "Y").places == {"C6"}


def test_a_rule_set_without_a_network_of_its_own_answers_none():
    assert RuleSet().reached(line("straight"), "red") is None


@pytest.mark.parametrize("name", ["catalan-02-crossing", "india-01-visakhapatnam"])
def test_goal_test_uses_reached_before_and_after_the_solution(name):
    scenario = load(scenarios_dir() / "puzzles" / f"{name}.json")
    rules = get_rule_set(scenario.rules.id)
    puzzle = scenario.puzzle
    actor = puzzle.goal.player if puzzle.goal.kind == "destination" else puzzle.goal.actor
    places = puzzle.goal_places(scenario)
    before = goal_status(rules, scenario, puzzle)
    assert not before.met and before.missing
    assert not set(places) <= rules.reached(scenario, actor).places
    final = replay(scenario, solve(scenario).solution)[-1]
    assert goal_status(rules, final, puzzle).met
    got = rules.reached(final, actor)
    assert set(places) <= got.places
    grid = final.board.grid
    assert goal_status(rules, final, puzzle).sources == {grid.coord(label) for label in got.cells}


def test_puzzle_code_does_not_import_the_rule_sets_private_modules():
    private = ("model.rules.catalan", "model.rules.eighteen_xx", "model.rules.india")
    for path in sorted((ROOT / "model" / "puzzles").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                assert not name.startswith(private), f"{path.name} imports {name}"

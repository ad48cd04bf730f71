"""The live checker re-checks only the cells an edit can affect, and says what the whole check says.

A rule set offers it through ``RuleSet.affected_cells`` and ``RuleSet.check_cells``
(:class:`model.rules.LocalChecker`); the 18xx rule sets do. Random edits of the bundled 18 India
map and of a generic 18xx board: after every edit the incremental answer is the full check's.
"""

from __future__ import annotations

import random

import pytest

from model import editing
from model.board import Token
from model.io import load
from model.newboard import new_scenario
from model.paths import scenarios_dir
from model.rules import LocalChecker, get_rule_set
from model.scenario import Company, Scenario, TileSupply


def with_cells(scenario: Scenario, changes) -> Scenario:
    cells = dict(scenario.board.cells)
    grid = scenario.board.grid
    for coord, cell in changes.items():
        label = grid.label(coord)
        if cell == editing.paint.EMPTY_CELL:
            cells.pop(label, None)
        else:
            cells[label] = cell
    return scenario.model_copy(update={"board": scenario.board.model_copy(update={"cells": cells})})


def random_edit(rng: random.Random, scenario: Scenario) -> tuple[Scenario, list]:
    """One edit a user could make with a tool: stamp a tile, erase, paint, toggle a city or town, place a token."""
    grid = scenario.board.grid
    coord = rng.choice(grid.ordered_coords)
    tiles = [t.id for t in scenario.tileset().tiles]
    kind = rng.choice(["stamp", "stamp", "stamp", "erase", "paint", "city", "town", "token"])
    if kind == "stamp":
        changes = editing.stamp_cell(scenario, coord, rng.choice(tiles), rng.randrange(grid.sides))
    elif kind == "erase":
        changes = editing.erase_cells(scenario, [coord])
    elif kind == "paint":
        changes = editing.brush_cells(scenario, [coord], rng.choice(["plain", "mountain", "water", "hill"]))
    elif kind in ("city", "town"):
        changes = editing.place_feature(scenario, coord, kind)
    else:
        cell = scenario.board.cell(coord)
        if not cell.cities or not scenario.companies:
            return scenario, []
        token = Token(company=rng.choice(scenario.companies).id, city=0)
        changes = {coord: cell.model_copy(update={"tokens": [*cell.tokens, token]})}
    return with_cells(scenario, changes), list(changes)


def generic_board() -> Scenario:
    s = new_scenario("18xx", 8, 6)
    grid = s.board.grid
    home = grid.label(grid.ordered_coords[9])
    s = with_cells(s, editing.place_feature(s, grid.coord(home), "city"))
    return s.model_copy(update={"companies": [Company(id="PRR", home=home), Company(id="NYC")],
                                "tiles": TileSupply(set="18xx-standard")})


@pytest.mark.parametrize(("rules_id", "board"), [
    ("18india", lambda: load(scenarios_dir() / "18india.json")),
    ("18xx", generic_board),
])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_edits_keep_the_incremental_answer_the_full_one(rules_id, board, seed):
    rules = get_rule_set(rules_id)
    rng = random.Random(seed)
    scenario = board()
    checker = rules.incremental_checker(scenario)
    assert isinstance(checker, LocalChecker)
    assert checker.issues() == rules.check(scenario)
    for _ in range(40):
        scenario, changed = random_edit(rng, scenario)
        assert checker.update(scenario, changed) == rules.check(scenario)
    assert checker.local_runs == 40 and checker.full_runs == 1  # every edit was checked locally
    assert checker.issues()  # the edits broke rules: the lists compared were not all empty


def test_a_rule_set_without_a_local_check_is_checked_whole():
    rules = get_rule_set("18xx")

    class Whole(type(rules)):
        id = "test.whole-board"

        def check_cells(self, scenario, cells):
            return None

    whole = Whole()
    s = generic_board()
    checker = LocalChecker(whole, s)
    grid = s.board.grid
    c = grid.ordered_coords[0]
    s2 = with_cells(s, editing.stamp_cell(s, c, s.tileset().tiles[0].id, 0))
    assert checker.update(s2, [c]) == whole.check(s2)
    assert checker.full_runs == 2 and checker.local_runs == 0


def test_removing_a_home_city_is_reported_by_the_local_check():
    rules = get_rule_set("18xx")
    s = generic_board()
    checker = rules.incremental_checker(s)
    home = s.board.grid.coord(s.companies[0].home)
    s2 = with_cells(s, editing.place_feature(s, home, "city"))  # the city is there: the placer removes it
    issues = checker.update(s2, [home])
    assert "18xx.company-home" in {i.rule for i in issues}
    assert issues == rules.check(s2) and checker.local_runs == 1
    s3 = with_cells(s2, editing.place_feature(s2, home, "city"))
    assert checker.update(s3, [home]) == rules.check(s3) == rules.check(s)

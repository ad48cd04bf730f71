"""Every bundled puzzle loads, passes `trackwright check`, and is solvable with exactly one solution."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from model.io import dumps, load
from model.paths import scenarios_dir
from model.puzzles.reach import goal_status
from model.puzzles.solver import replay, solve
from model.rules import get_rule_set

ROOT = Path(__file__).resolve().parent.parent
PUZZLE_FILES = sorted((scenarios_dir() / "puzzles").glob("*.json"))


def _builder():
    spec = importlib.util.spec_from_file_location("build_puzzles", ROOT / "tools" / "build_puzzles.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_bundled_set_is_big_enough():
    names = [p.stem for p in PUZZLE_FILES]
    assert sum(n.startswith("catalan-") for n in names) >= 6
    assert sum(n.startswith("india-") for n in names) >= 3


@pytest.mark.parametrize("path", PUZZLE_FILES, ids=lambda p: p.stem)
def test_bundled_puzzle_is_unique(path):
    scenario = load(path)
    assert scenario.puzzle is not None
    rules = get_rule_set(scenario.rules.id)
    errors = [i for i in rules.check(scenario) if i.severity == "error"]
    assert errors == [], errors
    res = solve(scenario, count=True, max_seconds=20)
    assert res.verdict == "solvable", res.reason
    assert res.complete and res.count == 1, [[m.text() for m in s] for s in res.solutions or []]
    assert scenario.puzzle.expect == "unique"
    boards = replay(scenario, res.solution, rules)
    assert not goal_status(rules, boards[0], scenario.puzzle).met
    assert goal_status(rules, boards[-1], scenario.puzzle).met
    # the shortest solution that `trackwright solve` shows has the same length
    assert len(solve(scenario, max_seconds=20).solution) == len(res.solution)


def test_files_match_the_build_tool():
    mod = _builder()
    for name, build in mod.PUZZLES.items():
        path = scenarios_dir() / "puzzles" / mod.file_name(name)
        assert path.is_file(), f"{path} missing: run python tools/build_puzzles.py"
        built = build()
        if name.startswith("catalan-"):
            assert path.read_text(encoding="utf-8") == dumps(built), f"{path} is stale: run python tools/build_puzzles.py"
        else:
            # 18 India puzzles copy the bundled map, which its own tool may regenerate: compare
            # what the puzzle adds (the puzzle, the company, its home cell)
            saved = load(path)
            assert saved.puzzle == built.puzzle, f"{path} is stale: run python tools/build_puzzles.py"
            company = built.company(built.puzzle.actor)
            assert saved.company(company.id) == company
            assert saved.board.cells[company.home] == built.board.cells[company.home]


def test_difficulty_grows_with_the_moves():
    lengths = {}
    for path in PUZZLE_FILES:
        if path.stem.startswith("catalan-"):
            lengths[path.stem] = len(solve(load(path)).solution)
    ordered = [lengths[k] for k in sorted(lengths)]
    assert ordered[0] == 2 and max(ordered) >= 10
    assert ordered == sorted(ordered)


def test_the_treasury_decides_mumbai_on_a_budget():
    scenario = load(scenarios_dir() / "puzzles" / "india-02-mumbai-on-a-budget.json")
    assert solve(scenario, count=True).unique
    richer = scenario.model_copy(
        update={"companies": [c.model_copy(update={"treasury": 30}) if c.id == "BNR" else c for c in scenario.companies]}
    )
    res = solve(richer, count=True)
    assert res.complete and res.count == 2  # with ₹30 the mountain F19 is affordable too
    assert any(m.cost == 30 for sol in res.solutions for m in sol)
    poorer = scenario.model_copy(update={"puzzle": scenario.puzzle.model_copy(update={"resources": scenario.puzzle.resources.model_copy(update={"hand": ["9", "8", "8"]})})})
    assert solve(poorer).verdict == "unsolvable"  # three tiles cannot reach Mumbai

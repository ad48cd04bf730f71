"""`trackwright solve`: verdicts, exit codes, --json, --all."""

from __future__ import annotations

import json

import pytest
from puzzle_toys import city, origin, reach, toy_scenario

from editor.cli import main
from model.board import Cell, Platform
from model.io import save


def write(tmp_path, scenario, name="p.json"):
    path = tmp_path / name
    save(scenario, path)
    return str(path)


def branches():
    cells = {"C5": origin(2), "C4": city(), "A4": city("West"), "E4": city("East")}
    return toy_scenario(5, 5, cells, reach("A4", "E4"), hand=["straight", "straight"])


def two_ways():
    cells = {
        "B3": origin(2),
        "A2": Cell(platform=Platform(station="goal", access=3)),
        "C2": Cell(platform=Platform(station="goal", access=1)),
    }
    return toy_scenario(3, 3, cells, reach("goal"), hand=["curve"], expect="solvable")


def walled():
    cells = {"D4": origin(2), "H1": city(), "G1": Cell(terrain="mountain"), "G2": Cell(terrain="mountain"), "H2": Cell(terrain="mountain")}
    return toy_scenario(8, 8, cells, reach("H1"), hand=["straight"] * 4 + ["curve"] * 4)


def test_solvable_prints_the_moves_and_exits_0(tmp_path, capsys):
    rc = main(["solve", write(tmp_path, branches())])
    out = capsys.readouterr().out
    assert rc == 0
    assert "verdict:  solvable" in out
    assert "place B4 straight 1" in out and "place D4 straight 1" in out
    assert "solution: 2 move(s)" in out


def test_all_counts_distinct_solutions(tmp_path, capsys):
    assert main(["solve", "--all", write(tmp_path, branches())]) == 0
    out = capsys.readouterr().out
    assert "solutions: 1 -> unique" in out
    assert "claim:    unique (confirmed)" in out
    assert main(["solve", "--all", write(tmp_path, two_ways(), "two.json")]) == 0
    out = capsys.readouterr().out
    assert "solutions: 2 -> 2 distinct solutions" in out
    assert "solution 2: place B2 curve 2" in out
    assert "claim:    solvable (confirmed)" in out
    not_unique = two_ways().model_copy(update={"puzzle": two_ways().puzzle.model_copy(update={"expect": "unique"})})
    assert main(["solve", "--all", write(tmp_path, not_unique, "claim.json")]) == 0
    assert "claim:    unique (NOT met)" in capsys.readouterr().out


def test_json_output(tmp_path, capsys):
    assert main(["solve", "--all", "--json", write(tmp_path, two_ways())]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "solvable"
    assert data["count"] == 2 and data["complete"] is True and data["unique"] is False
    assert len(data["solutions"]) == 2
    assert data["solution"][0] == {"kind": "place", "cell": "B2", "tile": "curve", "rotation": 1, "actor": "red", "phase": "lay"}
    assert data["goal"] == "red reaches goal"
    assert data["claim"] == "confirmed"


def test_unsolvable_exits_1(tmp_path, capsys):
    cells = {"B3": origin(2), "B2": Cell(terrain="lake"), "B1": city()}
    path = write(tmp_path, toy_scenario(3, 3, cells, reach("B1"), hand=["straight"]))
    assert main(["solve", path]) == 1
    assert "verdict:  unsolvable" in capsys.readouterr().out
    assert main(["solve", "--json", path]) == 1
    assert json.loads(capsys.readouterr().out)["solution"] is None


def test_unknown_exits_1_and_says_why(tmp_path, capsys):
    path = write(tmp_path, walled())
    assert main(["solve", "--max-nodes", "30", path]) == 1
    assert "verdict:  unknown (node limit (30) reached)" in capsys.readouterr().out
    assert main(["solve", "--all", "--json", "--max-nodes", "30", path]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "unknown" and data["complete"] is False


def test_bad_input_exits_2(tmp_path, capsys):
    assert main(["solve", str(tmp_path / "missing.json")]) == 2
    assert "no such file" in capsys.readouterr().err
    no_puzzle = branches().model_copy(update={"puzzle": None})
    assert main(["solve", write(tmp_path, no_puzzle)]) == 2
    assert "has no puzzle" in capsys.readouterr().err
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    assert main(["solve", str(tmp_path / "broken.json")]) == 2
    other_rules = branches().model_copy(update={"rules": branches().rules.model_copy(update={"id": "no-such-rules"})})
    assert main(["solve", write(tmp_path, other_rules, "r.json")]) == 2
    assert "unknown rule set" in capsys.readouterr().err


def test_bad_limits_are_refused(tmp_path, capsys):
    path = write(tmp_path, branches())
    with pytest.raises(SystemExit) as exc:
        main(["solve", "--max-seconds", "0", path])
    assert exc.value.code == 2
    assert main(["solve", "--max-nodes", "0", path]) == 2
    assert main(["solve", "--all", "--workers", "0", path]) == 2
    assert "--workers 0" in capsys.readouterr().err


def test_workers_count_the_same_solutions(tmp_path, capsys):
    path = write(tmp_path, two_ways(), "two.json")
    assert main(["solve", "--all", "--json", path]) == 0
    one = json.loads(capsys.readouterr().out)
    assert main(["solve", "--all", "--json", "--workers", "2", path]) == 0
    two = json.loads(capsys.readouterr().out)
    assert one["count"] == two["count"] == 2 and two["complete"]
    assert sorted(map(str, one["solutions"])) == sorted(map(str, two["solutions"]))


def test_a_failing_rule_set_is_reported_in_one_line(tmp_path, capsys):
    from model.rules import RuleSet, register

    @register
    class Broken(RuleSet):
        id = "toy-broken"

        def legal_moves(self, scenario, context):
            raise ZeroDivisionError("oops")

    s = branches()
    s = s.model_copy(update={"rules": s.rules.model_copy(update={"id": "toy-broken"})})
    assert main(["solve", write(tmp_path, s)]) == 2
    err = capsys.readouterr().err
    assert "the rule set 'toy-broken' failed during the search: ZeroDivisionError: oops" in err


def test_solve_a_bundled_puzzle_with_the_real_rules(capsys):
    from model.paths import scenarios_dir

    path = str(scenarios_dir() / "puzzles" / "catalan-07-long-way.json")
    assert main(["solve", "--all", "--json", path]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "solvable" and data["unique"] is True and data["claim"] == "confirmed"
    assert len(data["solution"]) == 10
    assert data["solution"][1] == {"kind": "replace", "cell": "A4", "tile": "crossing", "rotation": 0, "actor": "red", "phase": "optional"}

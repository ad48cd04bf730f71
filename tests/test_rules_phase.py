"""``MoveContext.phase`` is the turn phase in Catalan and the game phase in 18xx:
``RuleSet.current_phase`` says which, and ``trackwright moves`` prints the right one."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.cli import main
from model.io import load, save
from model.paths import scenarios_dir
from model.rules import get_rule_set

INDIA = scenarios_dir() / "18india.json"
CATALAN = scenarios_dir() / "puzzles" / "catalan-02-crossing.json"


def with_state(path: Path, tmp_path: Path, **state) -> Path:
    s = load(path)
    s = s.model_copy(update={"state": s.state.model_copy(update=state), "puzzle": None})
    out = tmp_path / path.name
    save(s, out, backup=False)
    return out


def summary(capsys, *args: str) -> str:
    assert main(["moves", *map(str, args)]) == 0
    return capsys.readouterr().out.strip().splitlines()[-1]


def test_current_phase_per_rule_set():
    india = load(INDIA)
    india = india.model_copy(update={"state": india.state.model_copy(update={"game_phase": "III", "phase": "optional"})})
    assert get_rule_set("18india").current_phase(india) == "III"
    assert get_rule_set("18xx").current_phase(india) == "III"
    cat = load(CATALAN)
    assert get_rule_set("catalan").current_phase(cat.model_copy(update={"state": cat.state.model_copy(update={"phase": None})})) == "mandatory"
    assert get_rule_set("catalan").current_phase(cat.model_copy(update={"state": cat.state.model_copy(update={"phase": "optional"})})) == "optional"


def test_moves_prints_the_game_phase_for_18xx(tmp_path, capsys):
    path = with_state(INDIA, tmp_path, game_phase="III", phase=None)
    assert summary(capsys, path, "--company", "NWR").endswith("legal move(s) for NWR (phase III)")
    # --phase names the game phase too
    assert summary(capsys, path, "--company", "NWR", "--phase", "II").endswith("(phase II)")


@pytest.mark.parametrize(("phase", "shown"), [(None, "mandatory"), ("optional", "optional")])
def test_moves_prints_the_turn_phase_for_catalan(tmp_path, capsys, phase, shown):
    path = with_state(CATALAN, tmp_path, phase=phase, game_phase="II")
    # (red's hand is empty: moves in the mandatory phase, none in the optional one)
    assert summary(capsys, path, "--player", "red").endswith(f"for red (phase {shown})")

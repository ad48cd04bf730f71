"""Golden cases of the generic 18xx rules in play: ``tests/cases/18xx/<case>/case.json``.

Each case holds a whole scenario (as the file format writes it), the moves asked about with
their expected verdicts (``legal``, ``rule``, ``cost``, a part of the ``message``; a verdict may
ask in another game ``phase``), the legal moves that must and must not be offered, the board
issues expected, and moves to ``apply`` followed by the verdicts after them. Each rule the
18xx.games engine plays and the format holds (phases, the lay schedule, token kinds, private
companies' abilities, the track restriction, off-boards, borders, future labels, a tile's own
upgrade cost) has a case here."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from model.io.files import loads
from model.rules import MoveContext, get_rule_set

CASES = Path(__file__).parent / "cases" / "18xx"


def case_dirs() -> list[Path]:
    return sorted(p for p in CASES.iterdir() if (p / "case.json").is_file())


def check_verdicts(name: str, rules, scenario, verdicts: list[dict]) -> None:
    for v in verdicts:
        move = rules.parse_move(scenario, v["move"], v.get("company"), None)
        if "phase" in v:
            move = replace(move, phase=v["phase"])
        verdict = rules.explain(scenario, move)
        what = f"{name}: {v['move']} ({v.get('company')})"
        assert verdict.legal == v["legal"], f"{what}: {verdict.rule}: {verdict.message}"
        if "rule" in v:
            assert verdict.rule == v["rule"], f"{what}: {verdict.message}"
        if "cost" in v:
            assert verdict.cost == v["cost"], f"{what}: cost {verdict.cost}"
        if "message" in v:
            assert v["message"] in verdict.message, f"{what}: {verdict.message}"


def test_there_are_cases():
    assert len(case_dirs()) >= 15


@pytest.mark.parametrize("case", case_dirs(), ids=lambda p: p.name)
def test_golden_case(case: Path) -> None:
    spec = json.loads((case / "case.json").read_text(encoding="utf-8"))
    scenario = loads(json.dumps(spec["scenario"]), str(case / "case.json"))
    rules = get_rule_set(scenario.rules.id)
    if "issues" in spec:
        got = sorted([i.rule, i.cells[0] if i.cells else "-"] for i in rules.check(scenario) if i.severity in ("error", "warning"))
        assert got == sorted(spec["issues"]), f"{case.name}: issues {got}"
    check_verdicts(case.name, rules, scenario, spec.get("verdicts", []))
    if "moves" in spec:
        m = spec["moves"]
        texts = {mv.text() for mv in rules.legal_moves(scenario, MoveContext(actor=m.get("company"), tile=m.get("tile")))}
        for want in m.get("includes", []):
            assert want in texts, f"{case.name}: {want} missing from the legal moves"
        for unwanted in m.get("excludes", []):
            assert unwanted not in texts, f"{case.name}: {unwanted} among the legal moves"
    for step in spec.get("apply", []):
        scenario = rules.apply(scenario, rules.parse_move(scenario, step["move"], step.get("company"), None))
        check_verdicts(f"{case.name} after {step['move']}", rules, scenario, step.get("then", []))

"""Golden cases for the 18xx / 18india rule sets: tests/cases/18india/<case>/case.json.

Each case derives a board from the bundled 18 India map (``scenarios/18india.json``) with a few
laid tiles, tokens and turn state, then lists what the rule set must say:

* ``issues``: the exact ``[rule, first cell]`` pairs of every error and warning of ``check``;
* ``verdicts``: moves in command-line syntax with the expected legality, rule and cost;
* ``moves``: for a company, moves that ``legal_moves`` must include and must not include;
* ``apply`` (optional): moves made on the derived board first; the lists above then check the
  board after them.

``state`` may set any field of the scenario's state as the file format writes it.

The derivation keeps the case files small and lets a reader see the whole position at once.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from model.board import LaidTile, Token
from model.io import load
from model.rules import MoveContext, get_rule_set
from model.scenario import GameState, LaidThisTurn, Scenario

ROOT = Path(__file__).resolve().parent.parent
CASES = Path(__file__).resolve().parent / "cases" / "18india"
BUNDLED = ROOT / "scenarios" / "18india.json"

_BASE: Scenario | None = None


def bundled() -> Scenario:
    """The bundled 18 India map (loaded once; scenarios are never mutated in place)."""
    global _BASE
    if _BASE is None:
        _BASE = load(BUNDLED)
    return _BASE


def derive(spec: dict, base: Scenario | None = None) -> Scenario:
    """A board derived from the bundled map: ``rules``, ``tiles``, ``tokens``, ``companies``, ``state``."""
    s = base or bundled()
    cells = dict(s.board.cells)
    for label, entry in spec.get("tiles", {}).items():
        tile, rot, *rest = entry
        cell = s.board.cell_at_label(label)
        cells[label] = cell.model_copy(update={"tile": LaidTile(tile=tile, rotation=rot, phase=rest[0] if rest else None)})
    for label, toks in spec.get("tokens", {}).items():
        cell = cells.get(label, s.board.cell_at_label(label))
        cells[label] = cell.model_copy(update={"tokens": [Token(company=c, city=k) for c, k in toks]})
    companies = [
        c.model_copy(update=spec.get("companies", {}).get(c.id, {})) for c in s.companies
    ]
    state = s.state
    st = spec.get("state", {})
    if st:
        update = {}
        if "game_phase" in st:
            update["game_phase"] = st["game_phase"]
        if "laid" in st:
            # [cell, tile] or [cell, tile, private]: a private company's extra lay
            update["laid"] = [LaidThisTurn(cell=e[0], tile=e[1], private=e[2] if len(e) > 2 else None) for e in st["laid"]]
        if "gauge_markers" in st:
            update["gauge_markers"] = [tuple(m) for m in st["gauge_markers"]]
        state = state.model_copy(update=update)
        other = {k: v for k, v in st.items() if k not in ("game_phase", "laid", "gauge_markers")}
        if other:  # any other state field, as the file format writes it (privates, pending_home, ...)
            state = GameState.model_validate({**state.model_dump(mode="json"), **other})
    rules = s.rules.model_copy(update={"id": spec.get("rules", s.rules.id), "options": spec.get("options", {})})
    data = s.model_copy(
        update={"board": s.board.model_copy(update={"cells": cells}), "companies": companies, "state": state, "rules": rules}
    ).model_dump(mode="json")
    return Scenario.model_validate(data)  # validated like a loaded file


def case_dirs() -> list[Path]:
    return sorted(p for p in CASES.iterdir() if (p / "case.json").is_file())


@pytest.mark.parametrize("case", case_dirs(), ids=lambda p: p.name)
def test_golden_case(case: Path) -> None:
    spec = json.loads((case / "case.json").read_text(encoding="utf-8"))
    scenario = derive(spec)
    rules = get_rule_set(scenario.rules.id)
    for step in spec.get("apply", []):  # moves made first; the checks below see the result
        scenario = rules.apply(scenario, rules.parse_move(scenario, step["move"], step.get("company"), None))
    if "issues" in spec:
        got = sorted(
            [i.rule, i.cells[0] if i.cells else "-"] for i in rules.check(scenario) if i.severity in ("error", "warning")
        )
        assert got == sorted(spec["issues"]), f"{case.name}: issues differ"
    for v in spec.get("verdicts", []):
        move = rules.parse_move(scenario, v["move"], v.get("company"), None)
        verdict = rules.explain(scenario, move)
        assert verdict.legal == v["legal"], f"{case.name}: {v['move']}: {verdict.rule}: {verdict.message}"
        if "rule" in v:
            assert verdict.rule == v["rule"], f"{case.name}: {v['move']}: {verdict.message}"
        if "cost" in v:
            assert verdict.cost == v["cost"], f"{case.name}: {v['move']}"
        if "message" in v:
            assert v["message"] in verdict.message
    if "moves" in spec:
        m = spec["moves"]
        texts = {mv.text() for mv in rules.legal_moves(scenario, MoveContext(actor=m.get("company"), tile=m.get("tile")))}
        for want in m.get("includes", []):
            assert want in texts, f"{case.name}: {want} missing from legal moves"
        for unwanted in m.get("excludes", []):
            assert unwanted not in texts, f"{case.name}: {unwanted} should not be legal"
        if "exactly" in m:
            assert texts == set(m["exactly"]), f"{case.name}: legal moves {sorted(texts)}"

"""``MoveContext.kinds`` and ``MoveContext.abilities``: ``legal_moves`` lists only the kinds asked
for, and without abilities leaves out the lays made through a private company's ability (the
set 18xx.games' track step offers); ``trackwright moves --kind K --no-abilities`` likewise."""

from __future__ import annotations

import json
from pathlib import Path

from model.io import load
from model.io.files import loads
from model.rules import MoveContext, get_rule_set

ROOT = Path(__file__).resolve().parent.parent
PRIVATE_CASE = ROOT / "tests" / "cases" / "18xx" / "private-ability-lay" / "case.json"


def private_case():
    return loads(json.dumps(json.loads(PRIVATE_CASE.read_text(encoding="utf-8"))["scenario"]))


def texts(moves) -> set[str]:
    return {m.text() for m in moves}


def test_18xx_kinds_and_abilities_filter_the_moves() -> None:
    scenario = private_case()
    rules = get_rule_set(scenario.rules.id)
    every = rules.legal_moves(scenario, MoveContext(actor="X"))
    assert "lay B9 y7 1 P1" in texts(every) and "lay B9 y7 1" in texts(every)
    ordinary = rules.legal_moves(scenario, MoveContext(actor="X", kinds=frozenset({"lay", "upgrade"}), abilities=False))
    assert texts(ordinary) == {m.text() for m in every if m.kind in ("lay", "upgrade") and not dict(m.extra).get("private")}
    assert "lay B9 y7 1" in texts(ordinary) and not any(dict(m.extra).get("private") for m in ordinary)
    with_abilities = rules.legal_moves(scenario, MoveContext(actor="X", kinds=frozenset({"lay"})))
    assert texts(with_abilities) == {m.text() for m in every if m.kind == "lay"}
    stations = rules.legal_moves(scenario, MoveContext(actor="X", kinds=frozenset({"station"})))
    assert texts(stations) == {m.text() for m in every if m.kind == "station"}


def test_18_india_without_abilities_leaves_out_the_extra_lays() -> None:
    from tests.test_india_cases import derive
    from tests.test_india_privates import line_of_four

    scenario = derive(line_of_four())  # NCR holds P2 and P3 mid-turn
    rules = get_rule_set(scenario.rules.id)
    actor = "NCR"
    every = rules.legal_moves(scenario, MoveContext(actor=actor))
    plain = rules.legal_moves(scenario, MoveContext(actor=actor, abilities=False))
    assert any(m.kind.startswith("extra-") for m in every)
    assert texts(plain) == {m.text() for m in every if not m.kind.startswith("extra-")}
    assert texts(rules.legal_moves(scenario, MoveContext(actor=actor, kinds=frozenset({"lay"})))) == \
        {m.text() for m in every if m.kind == "lay"}


def test_catalan_kinds_filter_the_moves() -> None:
    scenario = load(ROOT / "scenarios" / "catalan" / "starter-2p.json")
    rules = get_rule_set(scenario.rules.id)
    actor = scenario.players[0].id
    every = rules.legal_moves(scenario, MoveContext(actor=actor))
    kinds = {m.kind for m in every}
    assert kinds, "the starter board has moves"
    one = sorted(kinds)[0]
    assert texts(rules.legal_moves(scenario, MoveContext(actor=actor, kinds=frozenset({one})))) == \
        {m.text() for m in every if m.kind == one}
    assert rules.legal_moves(scenario, MoveContext(actor=actor, kinds=frozenset({"no-such-kind"}))) == []


def test_the_moves_command_takes_kind_and_no_abilities(tmp_path, capsys) -> None:
    from editor.cli import main

    path = tmp_path / "p.json"
    path.write_text(json.dumps(json.loads(PRIVATE_CASE.read_text(encoding="utf-8"))["scenario"]), encoding="utf-8")
    assert main(["moves", str(path), "--company", "X", "--json"]) == 0
    every = json.loads(capsys.readouterr().out)
    assert main(["moves", str(path), "--company", "X", "--kind", "lay", "--kind", "upgrade", "--no-abilities", "--json"]) == 0
    ordinary = json.loads(capsys.readouterr().out)
    assert ordinary and len(ordinary) < len(every)
    assert all(m["kind"] in ("lay", "upgrade") and "private" not in json.dumps(m) for m in ordinary)

"""Golden cases of the Catalan rule set: one test per query of tests/cases/catalan/<case>/expected.json.

Each case folder holds one or more boards (``scenario.json`` by default) and ``expected.json``:
a list of queries with their expected answers (see tests/cases/catalan/README.md for the format).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from model.io import load
from model.rules import MoveContext, get_rule_set

CASES = Path(__file__).parent / "cases" / "catalan"
RULES = get_rule_set("catalan")


def _params():
    out = []
    for folder in sorted(p for p in CASES.iterdir() if (p / "expected.json").is_file()):
        data = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
        for i, q in enumerate(data["queries"]):
            out.append(pytest.param(folder, q, id=f"{folder.name}-{i}-{q.get('id', '')}"))
    return out


def prepare(folder: Path, q: dict):
    """The board of a query, with its option and drawn-tile overrides and setup moves applied."""
    s = load(folder / q.get("scenario", "scenario.json"))
    if "options" in q:
        s = s.model_copy(update={"rules": s.rules.model_copy(update={"options": {**s.rules.options, **q["options"]}})})
    if "drawn" in q:
        s = s.model_copy(update={"state": s.state.model_copy(update={"drawn": q["drawn"]})})
    for step in q.get("apply", []):
        move = RULES.parse_move(s, step["move"], step["player"], step.get("phase"))
        s = RULES.apply(s, move)
    return s


def test_every_case_folder_has_expectations():
    folders = [p for p in CASES.iterdir() if p.is_dir()]
    assert len(folders) >= 11
    for f in folders:
        assert (f / "expected.json").is_file(), f


@pytest.mark.parametrize("folder,q", _params())
def test_case(folder: Path, q: dict):
    s = prepare(folder, q)
    if "explain" in q:
        move = RULES.parse_move(s, q["explain"], q["player"], q.get("phase"))
        v = RULES.explain(s, move)
        assert v.legal is q["legal"], (q["explain"], v)
        if "rule" in q:
            assert v.rule == q["rule"], (q["explain"], v)
        if q.get("message_has"):
            assert q["message_has"] in v.message, v.message
        ctx = MoveContext(q["player"], q.get("phase"), move.tile)
        if move.kind != "pass":
            assert (move in RULES.legal_moves(s, ctx)) is v.legal, "explain and legal_moves disagree"
    elif "moves" in q:
        ctx = q["moves"]
        moves = RULES.legal_moves(s, MoveContext(ctx["player"], ctx.get("phase"), ctx.get("tile")))
        texts = [m.text() for m in moves if "cell" not in q or m.cell == q["cell"]]
        assert len(texts) == len(set(texts)), "duplicate moves"
        if "expect" in q:
            assert sorted(texts) == sorted(q["expect"])
        for t in q.get("includes", []):
            assert t in texts
        for t in q.get("excludes", []):
            assert t not in texts
    elif "reach" in q:
        r = RULES.reach_report(s, q["reach"])
        for key in ("connections", "cells", "stations", "platforms", "open_ends", "cities"):
            if key in q:
                assert sorted(r[key]) == sorted(q[key]), key
            for t in q.get(f"{key}_include", []):
                assert t in r[key], (key, t)
            for t in q.get(f"{key}_exclude", []):
                assert t not in r[key], (key, t)
        if "destination_reached" in q:
            assert r["destination_reached"] is q["destination_reached"]
        if "winners" in q:
            assert r["winners"] == q["winners"]
    elif "same_reach" in q:
        a, b = (RULES.reach_report(s, p) for p in q["same_reach"])
        assert a["connections"] == b["connections"]
        assert a["cells"] == b["cells"]
    elif "check" in q:
        issues = RULES.check(s)
        found = {(i.rule, c) for i in issues for c in (i.cells or ("",))}
        for rule, cell in q.get("issues", []):
            assert (rule, cell) in found, (rule, cell, sorted(found))
        rules = {i.rule for i in issues}
        for rule in q.get("absent", []):
            assert rule not in rules, rule
        if "errors" in q:
            assert sum(i.severity == "error" for i in issues) == q["errors"], [i for i in issues if i.severity == "error"]
    else:  # pragma: no cover - a malformed expected.json
        pytest.fail(f"unknown query {q}")

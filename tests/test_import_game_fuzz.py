"""Fuzzing the game import (``import --from 18xx-games-game``): a mutated game export imports, at
any action, or fails with GameLogError naming the file, in one line.

The bases are the stand-in titles' games of ``tests/cases/import/game/engine`` (their maps, phases,
companies and the per-title adapters, the 1846 family's share market included). Each example
stacks a few mutations of the action list: a field set to a value of another type or shape (None,
a number out of range, a string, a list, a dict), a field deleted, an action repeated, moved or
deleted, its type or entity type changed, an ``undo`` / ``redo`` inserted. Anything but a scenario
or a GameLogError with a one-line message is a failure; a scenario that imports must also save.

``make test`` runs the quick profile; ``make fuzz`` runs 5,000 examples (``HYPOTHESIS_PROFILE=fuzz``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.io import dumps
from model.io.game_log import GameLogError
from model.io.import_18xx_game import import_game

ENGINE = Path(__file__).parent / "cases" / "import" / "game" / "engine"
GAMES = sorted((ENGINE / "public" / "fixtures").glob("*/*.json"))
BASES = {p: json.loads(p.read_text(encoding="utf-8")) for p in GAMES}
FUZZ = os.environ.get("HYPOTHESIS_PROFILE") == "fuzz"
EXAMPLES = 5_000 if FUZZ else 40

JUNK = [None, 0, -1, 2**70, 1.5, "", "x", "57-0", "C3", "NYC", "40,0,4", "a,b,c", "99,99,99", [], [1], ["X_1"],
        ["NYC_99", "NYC_-1"], [{"train": "2-0"}], [{"revenue": "x"}], {}, {"a": 1}, True]
FIELDS = ["entity", "entity_type", "hex", "tile", "rotation", "city", "slot", "shares", "percent",
          "share_price", "corporation", "company", "price", "train", "variant", "kind", "routes", "extra_revenue",
          "auto_actions", "action_id", "tokener", "token_type", "minor"]
TYPES = ["lay_tile", "place_token", "remove_token", "buy_train", "buy_shares", "sell_shares", "par", "bid",
         "pass", "run_routes", "dividend", "bankrupt", "buy_company", "undo", "redo", "message", "log", "nonsense"]


@st.composite
def mutated_games(draw):
    path = draw(st.sampled_from(GAMES))
    game = json.loads(json.dumps(BASES[path]))
    actions = game["actions"]
    for _ in range(draw(st.integers(1, 4))):
        if not actions:
            break
        i = draw(st.integers(0, len(actions) - 1))
        how = draw(st.integers(0, 7))
        a = actions[i]
        if how == 0:
            a[draw(st.sampled_from(FIELDS))] = draw(st.sampled_from(JUNK))
        elif how == 1 and set(a) - {"type", "id"}:
            a.pop(draw(st.sampled_from(sorted(set(a) - {"type", "id"}))), None)
        elif how == 2:  # repeated, under an id of its own
            copy = dict(json.loads(json.dumps(a)), id=max(x["id"] for x in actions) + 1)
            actions.insert(draw(st.integers(0, len(actions))), copy)
        elif how == 3:
            actions.insert(draw(st.integers(0, len(actions) - 1)), actions.pop(i))
        elif how == 4:
            actions.pop(i)
        elif how == 5:
            a["type"] = draw(st.sampled_from(TYPES))
        elif how == 6:
            a["entity_type"] = draw(st.sampled_from(["player", "corporation", "minor", "company", "bank", 7]))
        else:
            actions.insert(i, {"type": draw(st.sampled_from(["undo", "redo"])), "entity": a.get("entity"),
                               "entity_type": a.get("entity_type"), "id": max(x["id"] for x in actions) + 1})
    ids = [a.get("id") for a in actions if isinstance(a, dict)]
    at = draw(st.sampled_from([None, *ids[:40]]))
    return path, game, at


def import_or_refuse(path: Path, game: dict, at) -> None:
    text = json.dumps(game)
    try:
        imported = import_game(text, str(path), at if isinstance(at, int) else None)
    except GameLogError as exc:
        message = str(exc)
        assert message.startswith(str(path)) and "\n" not in message, message
        return
    dumps(imported.scenario)


@pytest.fixture(autouse=True)
def _no_engine_setting(monkeypatch):
    monkeypatch.delenv("T18XX_DIR", raising=False)


def test_every_base_game_imports():
    for path, game in BASES.items():
        import_or_refuse(path, game, None)


@pytest.mark.slow
@settings(max_examples=EXAMPLES)
@given(mutated_games())
def test_mutated_game_exports_import_or_are_refused(case):
    import_or_refuse(*case)

"""A recorded 18xx.games game as a scenario at any action (import --from 18xx-games-game).

The title is one of our own (tests/cases/import/game/engine: the folder layout of an engine
checkout, with a map, phases, trains, two corporations and two privates) and so is the game.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editor.cli import main
from model.io import load
from model.io.game_log import GameLogError, effective_actions, find_engine, read_game, titles_in
from model.io.import_18xx_game import UNSET, import_game
from model.io.importing import ImportFailure, import_any, kind_of
from model.rules import get_rule_set

ENGINE = Path(__file__).parent / "cases" / "import" / "game" / "engine"
GAME = ENGINE / "public" / "fixtures" / "Mini" / "1.json"


@pytest.fixture(autouse=True)
def _no_engine_setting(monkeypatch):
    monkeypatch.delenv("T18XX_DIR", raising=False)


def at(action: int | None):
    return import_game(GAME.read_text(encoding="utf-8"), str(GAME), action).scenario


def board(s) -> dict:
    return {label: (c.tile.tile if c.tile else None, c.tile.rotation if c.tile else None, [(t.company, t.city) for t in c.tokens])
            for label, c in s.board.cells.items() if c.tile is not None or c.tokens}


def owners(s) -> dict:
    return {p.id: (p.owner, p.used) for p in s.state.privates}


def test_the_title_is_found_in_the_checkout_the_game_lies_in():
    assert find_engine(GAME) == ENGINE.resolve()
    assert titles_in(ENGINE)["Mini"].name == "g_mini"


def test_home_token_is_placed_when_the_company_first_acts_and_before_its_first_lay():
    s = at(6)  # the stock round's last action: AA acts next
    assert board(s) == {"C3": (None, None, [("AA", 0)])}
    assert s.state.active == "AA" and s.state.game_phase == "2" and s.state.laid == []


def test_lays_at_their_rotation_and_the_turns_lays():
    s = at(8)
    assert board(s) == {"C3": ("57", 0, [("AA", 0)]), "D4": ("8", 1, [])}
    assert [(e.cell, e.tile) for e in s.state.laid] == [("C3", "57"), ("D4", "8")]


def test_undo_takes_back_the_last_lay_and_redo_brings_back_the_token():
    assert "D4" not in board(at(9))
    assert board(at(10))["C1"] == ("7", 0, [])
    assert ("BB", 0) in board(at(15))["C3"][2]
    assert ("BB", 0) not in board(at(16))["C3"][2]
    assert ("BB", 0) in board(at(17))["C3"][2]


def test_a_game_session_shows_the_next_move_by_the_objects_of_the_last_one():
    """``GameSession.at`` replays the game for every move it shows; what did not change is the
    object the last move showed (``share_parts``), so what the rules derived from it is found again."""
    from model.io.import_18xx_game import GameSession, replay_to, share_parts
    from model.rules.eighteen_xx.hexmap import static_map

    session = GameSession(GAME, ENGINE)
    first, second = session.at(8), session.at(10)  # 9 undoes the lay on D4, 10 lays on C1
    assert second == replay_to(session.log, session.base, session.title, 10)[0]  # the same position
    assert second.rules is first.rules and second.tiles is first.tiles and second.tileset() is first.tileset()
    assert second.board.cells["C3"] is first.board.cells["C3"]  # unchanged: the same cell
    assert "C1" not in first.board.cells and second.board.cells["C1"].tile.tile == "7"  # laid on since
    assert "D4" not in {k for k, c in second.board.cells.items() if c.tile is not None}
    assert static_map(second) is static_map(first)
    again = replay_to(session.log, session.base, session.title, 10)[0]
    assert share_parts(again, None) is again
    shared = share_parts(again, second)
    assert shared == again and all(shared.board.cells[k] is c for k, c in second.board.cells.items())


def test_private_owners_from_the_auction_and_the_purchase():
    assert owners(at(3)) == {"PI": ("ann", False), "FE": ("ann", False)}  # the higher bid wins FE
    assert owners(at(12))["PI"] == ("AA", False)


def test_an_imported_game_checks_without_warnings_of_what_the_rules_ignore():
    """The players come with the game as the owners of privates, which the 18xx rules read: an
    imported position opens with no "ignored feature" warning."""
    s = at(3)
    assert [p.id for p in s.players] and s.state.privates[0].owner == "ann"
    issues = get_rule_set(s.rules.id).check(s)
    assert [i.message for i in issues if i.rule == "core.ignored-feature"] == []


def test_phase_from_the_trains_bought_and_privates_closed_by_the_train():
    s = at(18)
    assert s.state.game_phase == "2"
    assert owners(s)["FE"] == ("ann", True)  # closes when BB buys a train
    s = at(21)
    assert s.state.game_phase == "3"
    assert all(used for _owner, used in owners(s).values())


def test_default_is_the_last_action_an_upgrade_keeping_the_tokens_and_a_new_turn():
    s = at(None)
    assert board(s)["C3"] == ("14", 0, [("AA", 0), ("BB", 0)])
    assert [(e.cell, e.tile) for e in s.state.laid] == [("C3", "14")]  # a lay after its train: a new turn
    assert s.state.active == "AA"
    left = {t.id: t.count for t in s.tileset().tiles}
    laid = [c.tile.tile for c in s.board.cells.values() if c.tile]
    assert sorted(laid) == ["14", "7", "9"] and left["9"] == 2  # the manifest; the board says what is used


def _with_private_lay(after: int):
    """The game with ann's Ferry laying D4 after action ``after`` (the ids after it moved up one)."""
    data = json.loads(GAME.read_text(encoding="utf-8"))
    acts = []
    for a in data["actions"]:
        a = {**a, "id": a["id"] + 1} if a["id"] > after else a
        acts.append(a)
        if a["id"] == after:
            acts.append({"type": "lay_tile", "entity": "FE", "entity_type": "company", "id": after + 1,
                         "hex": "D4", "tile": "8-0", "rotation": 1})
    return json.dumps({**data, "actions": acts})


def _laid(text: str, action: int):
    s = import_game(text, str(GAME), action).scenario
    return s.state.active, [(e.cell, e.tile, e.private) for e in s.state.laid]


def test_a_players_private_lay_after_the_companys_last_action_is_the_next_turns():
    # AA passed at 13: its turn is over; the Ferry's lay is BB's, whose turn it is
    text = _with_private_lay(13)
    assert _laid(text, 14) == ("BB", [("D4", "8", "FE")])
    assert _laid(text, 15) == ("BB", [("D4", "8", "FE"), ("E5", "9", None)])
    # the same lay before AA's train: AA acted after it, so it was AA's turn's
    text = _with_private_lay(10)
    assert _laid(text, 11) == ("AA", [("C3", "57", None), ("C1", "7", None), ("D4", "8", "FE")])
    assert _laid(text, 15) == ("BB", [("E5", "9", None)])
    # in the stock round (its last action is 6): no company's turn, the next one starts afresh
    text = _with_private_lay(6)
    assert _laid(text, 7) == ("AA", [])
    assert _laid(text, 8) == ("AA", [("C3", "57", None)])


def test_companies_come_from_the_title_with_home_and_token_costs():
    s = at(1)
    aa = s.company("AA")
    assert (aa.name, aa.home, aa.tokens, aa.color) == ("Alpha Railway", "C3", [0, 40], "#204080")
    assert [p.id for p in s.players] == ["ann", "bob"]


def test_effective_actions_follow_the_sites_undo_filter():
    acts = [{"id": i, "type": t, **extra} for i, (t, extra) in enumerate([
        ("pass", {}), ("pass", {}), ("message", {}), ("undo", {}), ("redo", {}), ("pass", {}),
        ("undo", {"action_id": 1}), ("pass", {}), ("redo", {}),
    ], start=1)]
    # undo 4 takes back 2 (the message stays), redo brings it back; undo to 1 takes 2 and 6;
    # the pass 8 forgets what could be redone, so redo 9 does nothing
    assert [a["id"] for a in effective_actions(acts)] == [1, 3, 8]


def test_bad_input_names_the_problem(tmp_path):
    with pytest.raises(GameLogError, match="no action 99"):
        import_game(GAME.read_text(encoding="utf-8"), str(GAME), 99)
    with pytest.raises(GameLogError, match="not an 18xx.games game export"):
        read_game('{"hexes": []}', "x.json")
    data = json.loads(GAME.read_text(encoding="utf-8"))
    data["actions"][6]["hex"] = "Z9"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GameLogError, match=r"action 7 \(lay_tile\): hex 'Z9' is not on the Mini map"):
        import_game(bad.read_text(encoding="utf-8"), str(bad), None, ENGINE)
    data["actions"][6]["hex"], data["actions"][6]["tile"] = "C3", "999-0"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GameLogError, match=r"action 7 \(lay_tile\): tile '999' is not in the Mini tile manifest"):
        import_game(bad.read_text(encoding="utf-8"), str(bad), None, ENGINE)
    data["title"] = "Nowhere"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GameLogError, match="'Nowhere' is not a title of the engine checkout"):
        import_game(bad.read_text(encoding="utf-8"), str(bad), None, ENGINE)
    with pytest.raises(GameLogError, match="no 18xx.games engine checkout"):
        import_game(bad.read_text(encoding="utf-8"), str(bad))  # not inside a checkout, no setting


def test_import_any_recognises_a_recorded_game():
    assert kind_of(GAME, GAME.read_text(encoding="utf-8")) == "18xx-games-game"
    got = import_any(GAME, action=10)
    assert got.kind == "18xx-games-game" and "left unset" in got.notes[0]
    with pytest.raises(ImportFailure, match="no action 0"):
        import_any(GAME, action=0)


def test_cli_writes_the_position_and_lists_what_is_unset(tmp_path, capsys):
    out = tmp_path / "pos.json"
    assert main(["import", str(GAME), "--from", "18xx-games-game", "--action", "10", "-o", str(out)]) == 0
    text = capsys.readouterr()
    assert "AA to act" in text.out and UNSET in text.err
    s = load(out)
    assert board(s)["C1"] == ("7", 0, []) and s.state.active == "AA"
    assert main(["import", str(GAME), "--from", "18xx-games-game", "--action", "77", "-o", str(tmp_path / "x.json")]) == 2
    assert "no action 77" in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()
    assert main(["import", str(GAME), "--from", "18xx-maker", "--action", "3", "-o", str(tmp_path / "y.json")]) == 2


def test_a_field_of_the_wrong_type_or_shape_is_refused_naming_the_action_and_field(tmp_path, capsys):
    from editor.cli import main

    data = json.loads(GAME.read_text(encoding="utf-8"))
    for field, value, says in (("rotation", "2", r"actions\.6\.rotation: expected a whole number, not \"2\" \(action 7, lay_tile\)"),
                               ("hex", ["C3"], r"actions\.6\.hex: expected text, not \[\"C3\"\]"),
                               ("entity", {"id": 1}, r"actions\.6\.entity: expected a player's id or a company's name"),
                               ("shares", "AA_1", r"actions\.6\.shares: expected a list of share names"),
                               ("auto_actions", [{"type": "pass", "hex": 9}], r"actions\.6\.auto_actions\.0\.hex: expected text")):
        bad = dict(data, actions=[dict(a, **{field: value}) if i == 6 else a for i, a in enumerate(data["actions"])])
        with pytest.raises(GameLogError, match=says):
            read_game(json.dumps(bad), "bad.json")
    bad = dict(data, actions=[dict(a, rotation="x" * 500) if i == 6 else a for i, a in enumerate(data["actions"])])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    out = tmp_path / "out.json"
    assert main(["import", str(path), "--from", "18xx-games-game", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "bad.json: actions.6.rotation" in err and "x" * 41 not in err  # a short excerpt of the bad value
    assert not out.exists()

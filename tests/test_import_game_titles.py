"""The game import's per-title set-up adapters (model/io/title_setup.py) and the engine's common
token moves they rest on, on small titles of our own (tests/cases/import/game/engine) named after
the titles whose code the adapters follow."""

from __future__ import annotations

from pathlib import Path

import pytest

from model.io.import_18xx_game import import_game

ENGINE = Path(__file__).parent / "cases" / "import" / "game" / "engine"
FIXTURES = ENGINE / "public" / "fixtures"


@pytest.fixture(autouse=True)
def _no_engine_setting(monkeypatch):
    monkeypatch.delenv("T18XX_DIR", raising=False)


def at(title: str, action: int | None, game: str = "1.json"):
    path = FIXTURES / title / game
    return import_game(path.read_text(encoding="utf-8"), str(path), action).scenario


def tokens(s) -> dict:
    return {label: sorted((t.company, t.city, t.kind) for t in c.tokens) for label, c in s.board.cells.items() if c.tokens}


def test_18eu_minors_take_their_home_when_sold_and_the_neutral_token_stands_in_g2():
    s = at("18EU", 10)  # minor 1 won by the higher bid, 3 and 2 bought at the reduced price
    assert tokens(s) == {"A10": [("1", 0, "normal"), ("3", 1, "normal")], "C8": [("2", 0, "normal")],
                         "G2": [("N", 0, "neutral")]}


def test_a_lay_with_several_cities_on_a_hex_without_track_lifts_its_tokens_to_be_placed_again():
    assert "A10" not in tokens(at("18EU", 11))  # Tracker#update_token!: the tokens are lifted
    assert tokens(at("18EU", 12))["A10"] == [("1", 1, "normal")]  # minor 1 places the first one (its own)
    assert tokens(at("18EU", 13))["A10"] == [("1", 1, "normal"), ("3", 0, "normal")]  # then minor 3's


def test_18eu_home_token_replaces_the_presidents_minor_and_an_exchanged_minor_leaves():
    assert tokens(at("18EU", 16))["A10"] == [("3", 0, "normal"), ("BNR", 1, "normal")]
    # the pass's auto action: minor 3 is exchanged for a share of BNR and closes
    assert tokens(at("18EU", 17))["A10"] == [("BNR", 1, "normal")]
    assert tokens(at("18EU", 18))["A10"] == [("BNR", 0, "normal"), ("BNR", 1, "normal")]  # ReplaceToken


def test_remove_token_takes_the_companys_token_off():
    assert tokens(at("18EU", 19))["A10"] == [("BNR", 1, "normal")]


def test_18eu_a_player_passing_in_the_final_exchange_discards_their_minors():
    assert "C8" in tokens(at("18EU", 21))
    assert "C8" not in tokens(at("18EU", 22))  # the 5 train set off the final exchange; ann passes


def test_1846_setup_removes_what_the_engines_random_numbers_remove_and_the_minors_start_on_the_map():
    # seed 11, three players, first edition: Game#setup removes LSL, MC, MPC, SC and the
    # corporations PRR and C&O (whose home tokens stay); the minors hold their homes
    s = at("1846", 1)
    assert tokens(s) == {"C15": [("MS", 0, "normal")], "F20": [("PRR", 0, "normal")], "G9": [("BIG4", 0, "normal")],
                         "I15": [("C&O", 0, "normal")]}
    closed = {p.id for p in s.state.privates if p.used}
    assert closed == {"LSL", "MC", "MPC", "SC", "BT", "LM"}  # BT and LM: second edition only


def test_1846_the_last_company_of_the_draft_goes_to_the_next_player_when_its_price_is_down():
    owners = {p.id: p.owner for p in at("1846", 8).state.privates}
    assert owners["O&I"] is None  # three passes: $10 left
    owners = {p.id: p.owner for p in at("1846", 9).state.privates}
    assert owners["O&I"] == "cy"  # the fourth pass (ann's): free, to the next player in the draft's reverse order


def test_1846_a_corporation_buying_a_minor_takes_its_token_and_the_5_train_closes_the_others():
    assert tokens(at("1846", 17))["C15"] == [("MS", 0, "normal")]
    assert tokens(at("1846", 18))["C15"] == [("NYC", 0, "normal")]
    s = at("1846", 19)
    assert "G9" not in tokens(s) and tokens(s)["C15"] == [("NYC", 0, "normal")]


def test_1846_with_two_players_a_removed_corporation_places_a_second_token_now_or_when_its_hex_turns_green():
    # no seed in the settings: the number in the game's id (5); ERIE and C&O are removed
    s = at("1846", None, "2.json")
    assert tokens(at("1846", 1, "2.json")) == {
        "C15": [("MS", 0, "normal")], "D20": [("ERIE", 0, "normal")], "E21": [("ERIE", 0, "normal")],
        "G9": [("BIG4", 0, "normal")], "I15": [("C&O", 0, "normal")]}
    assert tokens(s)["H12"] == [("C&O", 0, "normal")]  # the green tile on H12


def test_1889_beginner_tiles_leave_the_supply_unless_the_game_is_a_beginner_game():
    from model.rules import MoveContext, get_rule_set

    # Game#optional_tiles: remove_beginner_tiles unless beginner_game?
    for game, beginner in (("1.json", False), ("2.json", True)):
        s = at("1889", 7, game)
        assert ("Beg7" in {t.id for t in s.tileset().tiles}) is beginner
        offered = {m.tile for m in get_rule_set(s.rules.id).legal_moves(s, MoveContext(actor="TR"))}
        assert "7" in offered
        assert ("Beg7" in offered) is beginner

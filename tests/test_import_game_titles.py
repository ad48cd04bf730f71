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


def test_1877_an_acquired_corporations_tokens_become_the_acquirers_or_leave_where_it_has_one():
    assert tokens(at("1877 Stockholm Tramways", 5)) == {
        "C1": [("LT", 0, "normal")], "C3": [("D", 0, "normal"), ("LT", 1, "normal")],
        "E1": [("D", 0, "normal")], "G1": [("D", 0, "normal")]}
    # Game#replace_tokens: D's token in C3 is destroyed (LT has one there), the others are LT's now
    assert tokens(at("1877 Stockholm Tramways", 6)) == {
        "C1": [("LT", 0, "normal")], "C3": [("LT", 1, "normal")], "E1": [("LT", 0, "normal")], "G1": [("LT", 0, "normal")]}


def open_privates(s) -> dict:
    return {p.id: p.owner for p in s.state.privates if not p.used}


def test_1848_com_places_its_two_homes_when_it_first_operates():
    assert tokens(at("1848", 3)) == {}
    assert tokens(at("1848", 4)) == {"F17": [("COM", 0, "normal")], "G6": [("COM", 0, "normal")]}


def test_1848_a_private_with_an_unused_ability_stays_open_and_closes_once_used():
    assert open_privates(at("1848", 5)) == {"P1": "ann", "P2": "bob", "P4": "ann"}
    assert open_privates(at("1848", 6)) == {"P2": "bob", "P4": "ann"}  # the 5 train: P1 (no ability) closes
    s = at("1848", 7)  # P2 lays its tile (for COM, the corporation operating): it closes
    assert open_privates(s) == {"P4": "ann"}
    assert s.board.cell_at_label("E6").tile.tile == "7" and s.board.cell_at_label("E6").tile.by == "COM"

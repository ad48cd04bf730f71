"""The game import's per-title adapters (model/io/title_setup.py, model/io/title_code_play.py) and
the engine's common token moves they rest on, on small titles of our own (tests/cases/import/game/engine) named after
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


def at_recently_floated(title: str, action: int | None):
    """A position of the stand-in 18MS whose game class keeps ``@recently_floated`` (a checkout of
    its own: its map and companies differ from the other 18MS stand-in's)."""
    path = ENGINE.parent / "engine-recently-floated" / "public" / "fixtures" / title / "1.json"
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


def treasuries(s) -> dict:
    return {c.id: c.treasury for c in s.companies if c.treasury is not None}


def test_1848_follows_the_corporations_cash_from_the_float_through_trains_and_runs():
    assert treasuries(at("1848", 4, "2.json")) == {}  # parred, not floated: no treasury yet
    assert treasuries(at("1848", 5, "2.json")) == {"SAR": 500}  # CAPITALIZATION :full: 10 shares at par 50
    assert treasuries(at("1848", 9, "2.json")) == {"SAR": 400}  # a 2 train for 100
    assert treasuries(at("1848", 12, "2.json")) == {"SAR": 400}  # a run paid out leaves the treasury as it was
    path = FIXTURES / "1848" / "2.json"
    assert import_game(path.read_text(encoding="utf-8"), str(path), 12).unset.startswith("cash of the players,")


def test_1848_an_emergency_loan_that_takes_the_price_to_0_closes_the_corporation_instead_of_buying():
    # SAR at 50 with 400 must buy a 5 train for 500: one emergency loan moves it three steps left,
    # to the closing cell: it buys nothing (the phase stays 2) and the Bank of England takes its token
    before = at("1848", 12, "2.json")
    assert before.state.game_phase == "2" and tokens(before) == {"C3": [("SAR", 0, "normal")]}
    after = at("1848", 13, "2.json")
    assert after.state.game_phase == "2"
    assert tokens(after) == {"C3": [("BOE", 0, "normal")]}
    assert treasuries(after) == {}


def test_1848_a_corporation_that_can_pay_buys_the_train_and_the_phase_follows():
    s = at("1848", 13, "3.json")  # the same game parred at 100: 1000, less 100 and 500
    assert s.state.game_phase == "5" and tokens(s) == {"C3": [("SAR", 0, "normal")]}
    assert treasuries(s) == {"SAR": 400}


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


def test_1882_neutral_tokens_are_cns_and_a_home_token_the_nwr_removes_leaves_one():
    assert tokens(at("1882", 7))["E1"] == [("CN", 0, "neutral")]  # QLL's neutral token
    s = at("1882", 9)
    assert tokens(s)["C3"] == [("CN", 0, "neutral")]  # SpecialNWR: QLL's home token replaced
    assert tokens(s)["E3"] == [("QLL", 0, "normal")]  # the NWR's token is its owner's


def test_1882_canadian_pacific_closes_when_cpr_buys_a_train_and_a_private_closing_later_outlives_the_5():
    assert set(open_privates(at("1882", 10))) == {"CP", "SC", "NWR"}
    assert set(open_privates(at("1882", 11))) == {"SC", "NWR"}  # CPR's first train
    # close_companies: the NWR closes; SC's close ability names phase 6, still to come
    assert set(open_privates(at("1882", 12))) == {"SC"}
    assert open_privates(at("1882", 13)) == {}  # phase 6: SC closes


def test_1882_the_north_west_rebellion_takes_yellow_tiles_off_nwr_hexes_on_the_seeds_train():
    # seed 2: the engine's first random number picks the 6 train (init_train_handler); B2 has the
    # NWR icon, D2 has not
    def laid(s):
        return {label: c.tile.tile for label, c in s.board.cells.items() if c.tile is not None}

    assert laid(at("1882", 9, "2.json")) == {"B2": "8", "D2": "8"}
    assert laid(at("1882", 10, "2.json")) == {"B2": "8", "D2": "8"}  # the 5 train: no rebellion
    assert laid(at("1882", 11, "2.json")) == {"D2": "8"}  # the 6 train: B2 is its printed self again
    assert laid(at("1882", None, "2.json")) == {"D2": "8"}
    # with seed 1 the 5 train carries it (1.json lays nothing: its positions are unchanged)
    assert tokens(at("1882", 12)) == tokens(at("1882", 11))


def test_1882_sc_parred_through_its_privates_exchange_closes_it_and_its_home_takes_cns_token_off():
    assert "SC" in open_privates(at("1882", 7, "3.json"))
    assert tokens(at("1882", 7, "3.json"))["E1"] == [("CN", 0, "neutral")]
    assert "SC" not in open_privates(at("1882", 8, "3.json"))  # BuySellParShares: the exchange closes SC
    assert tokens(at("1882", 9, "3.json"))["E1"] == [("SC", 0, "normal")]  # HomeToken: CN's token leaves


def test_a_neutral_token_placed_in_the_companys_home_is_not_its_home_token_chosen_again():
    assert tokens(at("1882", 6, "4.json"))["C3"] == [("QLL", 0, "normal")]
    assert tokens(at("1882", 7, "4.json"))["C3"] == [("CN", 0, "neutral"), ("QLL", 0, "normal")]


def test_18texas_the_shares_the_privates_carry_count_towards_the_float():
    # seed 1: the first random number picks T&P; JG carries its president's share, IGN share 1:
    # with the two shares bought, 50% is out and T&P places its home when it operates
    assert tokens(at("18Texas", 5)) == {"D9": [("T&P", 0, "normal")]}


def test_18_los_angeles_makes_its_companies_and_corporations_in_code_and_removes_by_the_seed():
    # game_corporations: SF's home is the first edition's (D13); seed 3, three players: Game#setup
    # removes SBL, LAC and the corporations SF and SP, each with its second token at once
    s = at("18 Los Angeles", 1)
    assert tokens(s) == {"C2": [("SP", 0, "normal")], "C6": [("SP", 0, "normal")], "C8": [("SF", 0, "normal")],
                         "D13": [("SF", 0, "normal")], "D5": [("GT", 0, "normal")], "E10": [("OCR", 0, "normal")]}
    privates = {p.id: p for p in s.state.privates}
    assert "PMC" not in privates  # min_players 4: not in a game of three
    assert privates["SBL"].used and privates["LAC"].used and not privates["CHE"].used


def test_18_los_angeles_the_draft_ends_when_everyone_passed_and_what_nobody_drafted_closes():
    assert "E10" in tokens(at("18 Los Angeles", 5))
    s = at("18 Los Angeles", 6)
    assert "E10" not in tokens(s)  # init_round_finished: the minor OCR closes
    assert {p.id for p in s.state.privates if not p.used} == {"GT", "LAT", "MAIL"}


def test_a_privates_neutral_token_ability_places_a_neutral_token():
    assert tokens(at("18 Los Angeles", 14))["B9"] == [("N", 0, "neutral")]


def test_18ms_changes_phase_in_code_as_the_second_operating_round_starts_and_by_6_and_d_trains():
    assert at("18MS", 9).state.game_phase == "2"  # IC's turn in OR 1
    assert at("18MS", 10).state.game_phase == "3"  # GMO about to act again: OR 2 starts
    assert at("18MS", 14).state.game_phase == "3"
    assert at("18MS", 15).state.game_phase == "6"
    assert at("18MS", 16).state.game_phase == "D"


def test_18ms_mc_closes_when_a_corporation_buys_it_and_a_used_up_train_discount_closes_its_private():
    used = lambda s: {p.id: p.used for p in s.state.privates}  # noqa: E731
    assert used(at("18MS", 12)) == {"MC": True, "M&O": False}
    assert used(at("18MS", 13)) == {"MC": True, "M&O": False}
    assert used(at("18MS", 14)) == {"MC": True, "M&O": True}  # 4+ for 200: the $100 discount, its one use


def test_1844_a_mountain_railway_lays_no_tile_and_p4s_overpass_is_laid_when_the_companies_close():
    assert "G14" not in {label for label, c in at("1844", 4).board.cells.items() if c.tile}  # a revenue marker
    before = {label: c.tile for label, c in at("1844", 6).board.cells.items() if c.tile}
    assert set(before) == {"I18"}
    laid = {label: (c.tile.tile, c.tile.rotation) for label, c in at("1844", 7).board.cells.items() if c.tile}
    assert laid == {"I18": ("7", 0), "H17": ("OP3", 0), "H19": ("OP2", 0), "H21": ("OP2", 0), "H23": ("OP2", 0),
                    "I16": ("OP1", 0)}


def test_1844_plays_any_gauge_and_d15s_own_upgrades():
    options = at("1844", 1, "2.json").rules.options
    assert options["walk_any_gauge"] is True and options["hex_upgrades"] == "D15 yellow: 14 15 619"


def test_1844_a_tunnel_is_a_tile_made_on_its_hex_and_the_overpass_keeps_its_narrow_track():
    s = at("1844", 7, "2.json")  # T2 laid X78 at rotation 3 on H19
    cell = s.board.cell_at_label("H19")
    assert (cell.tile.tile, cell.tile.rotation) == ("X78+H19", 0)
    assert [(p.a, p.b, p.track) for p in s.tile("X78+H19").paths] == [(3, 5, "narrow")]
    s = at("1844", 16, "2.json")  # the 6 closes the companies: P4's overpass (OP2 on H19) joins the tunnel
    cell = s.board.cell_at_label("H19")
    assert (cell.tile.tile, cell.tile.rotation) == ("OP2+H19", 0)
    assert sorted((p.a, p.b, p.track) for p in s.tile("OP2+H19").paths) == [(1, 4, "broad"), (3, 5, "narrow")]
    assert s.board.cell_at_label("H21").tile.tile == "OP2"


def test_1844_p6_closes_when_nob_runs_and_p7_when_its_choice_is_made():
    assert "P6" in open_privates(at("1844", 9, "2.json"))
    assert "P6" not in open_privates(at("1844", 10, "2.json"))  # NOB ran a route and paid out
    assert "P7" in open_privates(at("1844", 13, "2.json"))
    assert "P7" not in open_privates(at("1844", 14, "2.json"))  # assign_p7_train


def test_1844_the_sbb_forms_as_the_operating_round_of_the_5_ends_and_takes_the_pre_sbb_tokens():
    s = at("1844", 13, "2.json")  # the 5 bought, the round goes on (GB's turn, then P7's choice)
    assert tokens(s) == {"G16": [("GB", 0, "normal")], "G18": [("NOB", 0, "normal")]}
    s = at("1844", 14, "2.json")  # before a stock round's action: the round ended, the SBB formed
    assert tokens(s) == {"G16": [("SBB", 0, "normal")], "G18": [("SBB", 0, "normal")]}


def test_a_company_that_comes_with_another_gives_it_to_the_player_who_buys_it():
    owners = {p.id: p.owner for p in at("1844", 1).state.privates}
    assert owners["P3"] == "ann" and owners["T1"] == "ann"  # P3's acquire_company


def test_18ms_phases_start_in_code_and_a_new_company_lays_twice_in_its_first_operating_round():
    from model.rules import MoveContext, get_rule_set

    at = at_recently_floated
    s = at("18MS", 6)  # GMO floated in the stock round: FIRST_OR_TILE_LAYS in the first operating round
    assert s.state.game_phase == "2" and len(s.company("GMO").tile_lays) == 2
    s = at("18MS", 7)  # its first lay made, a second one is left
    assert s.state.laid[0].cell == "C3"
    assert any(m.kind == "lay" for m in get_rule_set(s.rules.id).legal_moves(s, MoveContext(actor="GMO")))
    s = at("18MS", 11)  # new_operating_round: the game's second operating round starts phase 3
    assert s.state.game_phase == "3" and s.company("GMO").tile_lays is None  # no longer recently floated
    assert at("18MS", 12).state.game_phase == "6"  # BuyTrain: the first 6 train


def test_1848_lays_a_second_tile_after_the_event_of_its_train():
    from types import SimpleNamespace

    from model.io.title_code_play import title_play

    extra = [{"lay": True, "upgrade": True}, {"lay": "not_if_upgraded", "upgrade": False}]
    replay = SimpleNamespace(title=SimpleNamespace(
        trains=[{"name": "2"}, {"name": "3", "events": [{"type": "take_out_loans"}, {"type": "lay_second_tile"}]}],
        constants={"EXTRA_TILE_LAYS": extra}))
    setup = title_play("1848")
    setup.after(replay, {"type": "buy_train", "train": "2-0"})
    assert setup.tile_lays(replay, "SAR") is None  # Game#tile_lays: TILE_LAYS
    setup.after(replay, {"type": "buy_train", "train": "3-0", "variant": "3+"})
    assert setup.tile_lays(replay, "SAR") == extra  # event_lay_second_tile!: EXTRA_TILE_LAYS


def test_18eu_a_minor_lays_two_yellows_until_it_has_operated_then_one_and_never_upgrades():
    from types import SimpleNamespace

    from model.io.title_code_play import title_play

    first = [{"lay": True, "upgrade": False}, {"lay": True, "upgrade": False}]
    later = [{"lay": True, "upgrade": False}]
    replay = SimpleNamespace(title=SimpleNamespace(
        minors=[{"sym": "1"}, {"sym": "2"}], constants={"FIRST_OR_MINOR_TILE_LAYS": first, "MINOR_TILE_LAYS": later}))
    play = title_play("18EU")
    assert play.tile_lays(replay, "1") == first and play.tile_lays(replay, "BNR") is None  # a corporation: TILE_LAYS
    play.after(replay, {"type": "lay_tile", "entity": "1", "entity_type": "minor"})
    play.after(replay, {"type": "message", "entity": 1, "entity_type": "player"})
    assert play.tile_lays(replay, "1") == first  # its track step may go on: no operating history yet
    play.after(replay, {"type": "lay_tile", "entity": "2", "entity_type": "minor"})
    assert play.tile_lays(replay, "1") == later and play.tile_lays(replay, "2") == first  # 1's turn ended
    play.after(replay, {"type": "pass", "entity": "2", "entity_type": "minor"})
    assert play.tile_lays(replay, "2") == later  # past its track step: its dividend step writes the history


def test_1888_the_depots_next_2_3_or_4_train_exports_when_a_set_of_operating_rounds_ends():
    from types import SimpleNamespace

    from model.io.title_code_play import title_play

    bought: list[str] = []
    replay = SimpleNamespace(title=SimpleNamespace(trains=[{"name": "2", "num": 2}, {"name": "3", "num": 1},
                                                           {"name": "5", "num": 1}]),
                             on_buy_train=lambda action: bought.append(action["train"]))
    play = title_play("1888")
    corp = {"type": "lay_tile", "entity": "LYR", "entity_type": "corporation"}
    stock = {"type": "buy_shares", "entity": 1, "entity_type": "player"}
    play.starting(replay, stock)
    assert bought == []  # no operating round yet
    play.starting(replay, corp)
    play.after(replay, {"type": "buy_train", "train": "2-0", "entity": "LYR", "entity_type": "corporation"})
    play.starting(replay, {"type": "sell_shares", "entity": 1, "entity_type": "player"})  # an emergency sale
    play.starting(replay, {"type": "program_disable", "entity": 2, "entity_type": "player"})  # a programmed action
    assert bought == []
    play.starting(replay, stock)
    play.starting(replay, stock)  # asked again for the same action, and the next ones: once per set
    assert bought == ["2-1"]  # Game#or_set_finished: depot.export! of the upcoming 2
    play.starting(replay, corp)
    play.starting(replay, stock)
    assert bought == ["2-1", "3-0"]
    play.starting(replay, corp)
    play.starting(replay, stock)
    assert bought == ["2-1", "3-0"]  # the next is a 5: no export


def test_1888_plays_the_north_maps_hexes_and_tile_counts_and_keeps_the_mine_for_heng_shan(tmp_path):
    import json
    from types import SimpleNamespace

    from model.io.files import loads
    from model.io.title_data import TitleData
    from model.io.title_setup import title_setup

    setup = title_setup("1888")
    north, east = SimpleNamespace(optional_rules=["north"]), SimpleNamespace(optional_rules=["east"])
    assert setup.constants(north)["HEXES"] == "NORTH_HEXES" and setup.constants(east)["HEXES"] == "EAST_HEXES"
    folder = tmp_path / "lib" / "engine" / "game" / "g_1888"
    folder.mkdir(parents=True)
    (folder / "game.rb").write_text("module Engine\n  module Game\n    module G1888\n      class Game < Game::Base\n"
                                    "        MINE_TILE = 'L41'\n      end\n    end\n  end\nend\n")
    (folder / "map.rb").write_text("module Engine\n  module Game\n    module G1888\n      module Map\n"
                                   "        NORTH_VARIANT_TILES = { '51' => 2, '43' => 1 }.freeze\n      end\n    end\n  end\nend\n")
    title = setup.title_data(folder, TitleData([], [], [], [], []))
    assert title.constants == {"MINE_TILE": "L41", "NORTH_VARIANT_TILES": {"51": 2, "43": 1}}
    case = Path(__file__).parent / "cases" / "18xx" / "schedule-cost" / "case.json"
    scenario = loads(json.dumps(json.loads(case.read_text(encoding="utf-8"))["scenario"]), str(case))
    for log, counts in ((north, {"51": 2, "43": 1}), (east, {})):
        replay = SimpleNamespace(scenario=scenario, log=log, title=title)
        setup.start(replay)
        # Game#game_tiles: NORTH_VARIANT_TILES over TILES with :north; Game#upgrades_to?: the mine is Heng Shan's
        assert replay.scenario.tiles.counts == {**scenario.tiles.counts, **counts}
        assert replay.scenario.rules.options["ability_tiles"] == "L41"


def test_18al_montgomerys_yellow_upgrades_to_443a_only_and_the_lumber_terminal_never():
    from types import SimpleNamespace

    from model.io.files import loads
    from model.io.title_setup import title_setup

    sc = loads('{"format": "trackwright-scenario", "version": 3, "rules": {"id": "18xx"}, "board": {"grid": {"kind": "hex", '
               '"width": 3, "height": 3}}, "tiles": {"custom": [{"id": "445", "color": "yellow", "paths": [{"a": 0, "b": 3}]}]}}')
    replay = SimpleNamespace(scenario=sc)
    title_setup("18AL").start(replay)
    assert replay.scenario.rules.options["hex_upgrades"] == "L5 yellow: 443a"
    assert replay.scenario.tiles.upgrades == {"445": []}


def test_1846_a_chat_message_does_not_end_the_turn_and_the_next_turn_starts_before_its_first_lay():
    assert [e.cell for e in at("1846", 16, "3.json").state.laid] == ["C13"]  # the message (16) is no one's turn
    assert at("1846", 18, "3.json").state.laid == []  # MS passed: its next lay (19) is a new turn's


def test_1846_a_bankrupt_corporations_president_loses_their_minors_and_companies():
    # Bankrupt#process_bankrupt: bob parred B&O; his minor BIG4 (its token) and his TBC close
    before = at("1846", 19, "3.json")
    assert "G9" in tokens(before)
    s = at("1846", 20, "3.json")
    assert "G9" not in tokens(s)
    closed = {p.id for p in s.state.privates if p.used} - {p.id for p in before.state.privates if p.used}
    assert closed == {"BIG4", "TBC"}
    assert s.rules.options["min_tile_cost"] == 20  # Game#upgrade_cost: [TILE_COST, super].max


def test_1846_follows_the_corporations_cash_from_the_log():
    # 5.json: ann pars NYC at 60, cy B&O at 50 (the president's certificate, twice the price, from
    # the treasury: CAPITALIZATION :incremental); the minors start with their private's value
    assert treasuries(at("1846", 11, "5.json")) == {"NYC": 120, "B&O": 100, "MS": 60, "BIG4": 40}
    assert treasuries(at("1846", 14, "5.json"))["NYC"] == 180  # cy buys a share of NYC's at its share price
    assert treasuries(at("1846", 20, "5.json"))["NYC"] == 100  # a 2 train for 80
    assert treasuries(at("1846", 22, "5.json"))["B&O"] == 40  # Tunnel Blasting bought from bob for 60
    assert treasuries(at("1846", 24, "5.json"))["B&O"] == 0  # two lays at TILE_COST, 20 each
    assert treasuries(at("1846", 26, "5.json"))["B&O"] == 20  # an emergency issue of one share at 20
    path = FIXTURES / "1846" / "5.json"
    assert import_game(path.read_text(encoding="utf-8"), str(path), 26).unset.startswith("cash of the players,")


def test_1846_a_bankruptcy_gives_the_corporation_its_presidents_cash_and_it_goes_into_receivership():
    # cy's 35 and what their shares raise (B&O's president's certificate at 30, NYC's share at 50)
    # go to B&O (165); as the next operating round starts Tunnel Blasting pays B&O its 20; cy's
    # minor MS closes with its cash
    s = at("1846", 27, "5.json")
    assert treasuries(s) == {"NYC": 100, "B&O": 185, "BIG4": 40}
    assert s.state.game_phase == "I"


def test_1846_a_corporation_in_receivership_buys_the_cheapest_depot_train_when_its_cash_pays():
    # G1846::Round::Operating#receivership_train_buy: B&O (no president, no train, 185) takes its
    # turn with no action after NYC's (a higher price) and buys the depot's cheapest train, a 4
    # for 180 (the 2s are gone): phase II starts, no action in the log says so
    before = at("1846", 30, "5.json")  # NYC laid: B&O's turn is still to come
    assert before.state.game_phase == "I" and treasuries(before)["B&O"] == 185
    s = at("1846", 31, "5.json")
    assert s.state.game_phase == "II"
    assert treasuries(s)["B&O"] == 5


def test_1846_a_corporation_in_receivership_that_cannot_pay_buys_no_train():
    # 6.json: the same game, B&O buys Chicago and Western Indiana (10 as a round starts) in place
    # of Tunnel Blasting (20): 175 does not pay for the 4, the phase stays I
    s = at("1846", 31, "6.json")
    assert s.state.game_phase == "I"
    assert treasuries(s)["B&O"] == 175


def test_18_los_angeles_privates_made_in_code_keep_their_abilities_and_stubs_are_restricted():
    s = at("18 Los Angeles", 1)
    privates = {p.id: p for p in s.state.privates}
    assert [a.type for a in privates["BHC"].abilities] == ["blocks_hexes"]  # one of game_companies' second-edition entries
    assert s.rules.options.get("stubs_restricted") is True  # the second edition's game class includes StubsAreRestricted


def test_title_options_read_the_rule_modules_a_game_class_includes():
    from model.io.title_options import title_options

    assert title_options({}, ["StubsAreRestricted", "SomethingElse"]) == ({"stubs_restricted": True}, [])
    assert title_options({})[0] == {}


def test_18chesapeake_cornelius_vanderbilt_closes_when_the_corporation_the_first_random_number_picks_buys_a_train():
    from types import SimpleNamespace

    from model.io.title_setup import title_setup

    # Game::Base#rand on seed 1277: (1103515245 * 1277 + 12345) mod 2**31 = 439707122; mod 3 = 2, mod 7 = 1
    for corps, picked in ((["A", "B", "C"], "C"), (list("ABCDEFG"), "B")):
        replay = SimpleNamespace(title=SimpleNamespace(corporations=[{"sym": c} for c in corps]),
                                 log=SimpleNamespace(seed=1277), private_names={"CV": "Cornelius Vanderbilt"},
                                 abilities={"CV": [{"type": "shares", "shares": "random_president"}, {"type": "no_buy"}]},
                                 close_on_train={})
        title_setup("18Chesapeake").start(replay)
        assert replay.close_on_train == {"CV": picked}


def test_18tn_the_lnr_closes_when_l_and_n_is_parred_while_it_has_an_owner():
    from types import SimpleNamespace

    from model.io.title_setup import title_setup

    setup = title_setup("18TN")
    replay = SimpleNamespace(owners={}, closed=set())
    setup.after(replay, {"type": "par", "corporation": "L&N"})
    assert replay.closed == set()  # no owner (G18TN::SharePool#buy_shares: `!@game.lnr.owner`)
    replay.owners["LNR"] = "ann"
    setup.after(replay, {"type": "par", "corporation": "IC"})
    setup.after(replay, {"type": "buy_shares", "shares": ["IC_1"]})
    assert replay.closed == set()
    setup.after(replay, {"type": "buy_shares", "shares": ["L&N_1"]})
    assert replay.closed == {"LNR"}


def test_a_game_imported_after_another_of_its_title_shares_its_tiles(monkeypatch):
    """The second game of a title finds the first game's equal tile supply, with its built tile
    set (the same tile objects: what the rules derived from them is found again), and is the
    scenario a fresh import gives."""
    from model.io import import_18xx_game

    first = at("1882", None, "1.json")
    at("1846", None, "1.json")  # another title between them
    second = at("1882", None, "2.json")
    assert second.tiles is first.tiles and second.tileset() is first.tileset()
    monkeypatch.setattr(import_18xx_game, "_SUPPLIES", {})
    fresh = at("1882", None, "2.json")
    assert fresh.tiles is not first.tiles and fresh == second

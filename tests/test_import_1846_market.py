"""The 1846 family's share market in the game import (model/io/title_1846_market.py): prices moved as
the engine's code moves them, and a corporation in the closing cell closing, on the stand-in 1846
of tests/cases/import/game/engine (its MARKET is the title's row) and its game 4.json:

  10-17  stock round: ann pars NYC and buys 2 more shares, bob pars B&O and buys 1
  18-23  operating round: NYC and B&O pass with no train (the dividend skipped), B&O buys a 2
  24-30  operating round: NYC passes again; B&O runs for 40 (recorded) and pays out
  31-34  stock round: ann, NYC's president, sells a share; everyone passes
  35-40  operating round: B&O runs a route whose revenue the export does not record (C5 to B18,
         the stand-in's west and east off-boards), pays out
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from model.io.game_log import effective_actions, read_game
from model.io.import_18xx_game import GameReplay, base_scenario, import_game
from model.io.title_1846_market import POOL, Market1846, market_cells
from model.io.title_1846_revenue import Revenue18LA, Revenue1846, Stop, phase_value
from model.io.title_hooks import icon_name

ENGINE = Path(__file__).parent / "cases" / "import" / "game" / "engine"
GAME = ENGINE / "public" / "fixtures" / "1846" / "4.json"


@pytest.fixture(autouse=True)
def _no_engine_setting(monkeypatch):
    monkeypatch.delenv("T18XX_DIR", raising=False)


def prices_after() -> dict[int, dict[str, int | None]]:
    """Action id -> the followed price of NYC and B&O after it (None: closed or not followed)."""
    log = read_game(GAME.read_text(encoding="utf-8"), str(GAME))
    base, title, _ = base_scenario(log, ENGINE)
    replay = GameReplay(base, title, log)
    out = {}
    for a in effective_actions(log.actions):
        replay.apply(a)
        out[a["id"]] = {c: replay.setup.market.price(c) for c in ("NYC", "B&O")}
    return out


def test_prices_follow_par_skipped_dividends_a_recorded_payout_and_the_presidents_sale():
    p = prices_after()
    assert p[10]["NYC"] == 40 and p[11]["B&O"] == 40  # the par price, MARKET column 4
    assert p[21]["NYC"] == 30 and p[22]["B&O"] == 30  # no train: the dividend step skipped is a withhold
    assert p[23]["B&O"] == 30  # buying the train after it does not withhold twice
    assert p[26]["NYC"] == 20  # the next operating round, the same
    assert p[28]["B&O"] == 30 and p[29]["B&O"] == 40  # 40 paid out at a price of 30: one step right
    assert p[31]["NYC"] == 10  # the president sells: one step left


def test_a_corporation_in_the_closing_cell_closes_its_token_leaves_and_it_is_not_followed():
    def d20(action):
        path = str(GAME)
        s = import_game(GAME.read_text(encoding="utf-8"), path, action).scenario
        return [t.company for t in s.board.cell_at_label("D20").tokens]

    assert d20(30) == ["NYC"]  # NYC's home (timing :float), at 20
    assert d20(33) == ["NYC"]  # at 10 while the stock round lasts
    # the round ends (the minors act): NYC has a share in the pool (POOL_SHARE_DROP): 0, closed
    assert d20(35) == []
    assert prices_after()[35]["NYC"] is None


def test_a_run_recorded_without_its_revenue_is_computed_from_its_route():
    # B&O's 2 train from C5 (W, 20 in yellow, icon 50) to B18 (E, 30, icon 20): 50 and the
    # east-west bonus 70 (G1846 Game#east_west_bonus): 120 paid out at 40, three times the price
    # under 165: two steps right
    p = prices_after()
    assert p[38]["B&O"] == 40 and p[39]["B&O"] == 60


def test_the_revenue_rules():
    assert phase_value("yellow_30|brown_50", "yellow") == 30
    assert phase_value("yellow_30|brown_50", "green") == 30  # the latest colour listed up to the phase's
    assert phase_value("yellow_30|brown_50", "gray") == 50
    assert phase_value(40, "brown") == 40
    assert icon_name("image:1846/50") == "50" and icon_name("image:port,sticky:1") == "port"


def test_an_x_y_train_pays_its_best_stops_with_a_station_among_them():
    runs = Revenue1846()

    def stop(label, revenue, tokened=False, east=False, west=False, icons=()):
        s = Stop.__new__(Stop)
        s.label, s.revenue, s.tokened, s.groups, s.west, s.icons = label, revenue, tokened, {"E"} if east else set(), west, list(icons)
        return s

    replay = SimpleNamespace(closed=set())
    three_of_five = [{"nodes": ["city", "offboard"], "pay": 3, "visit": 5}]
    stops = [stop("A", 10, tokened=True), stop("B", 50), stop("C", 40), stop("D", 30), stop("E", 20)]
    assert runs.paying(stops, three_of_five, "X", replay) == 100  # A (the station) + B + C
    assert runs.paying(stops, 5, "X", replay) == 150  # a plain train pays every stop
    ew = [stop("W", 20, tokened=True, west=True, icons=["50"]), stop("M", 60), stop("Q", 40), stop("E", 10, east=True, icons=["20"])]
    # W, E and the best other: 20 + 10 + 60 + the bonus 70 beats W + M + Q (120)
    assert runs.paying(ew, three_of_five, "X", replay) == 160


def la_stop(label, revenue, tile_label="", icons=()):
    s = Stop.__new__(Stop)
    s.label, s.revenue, s.tokened, s.groups, s.west, s.icons = label, revenue, True, set(), False, list(icons)
    s.tile_label = tile_label
    return s


def test_18_los_angeles_pays_its_own_bonuses_north_south_and_the_dump():
    """``G18LosAngeles::Game#revenue_for``: its companies' bonuses, the east-west or north-south
    bonus by the tiles' labels, less the Dump's penalty (``dump_penalty``)."""
    runs = Revenue18LA()
    replay = SimpleNamespace(closed=set(), owners={"LAS": "X"})
    plain = [la_stop("D7", 30), la_stop("F9", 10, icons=["port", "port"])]
    assert runs.revenue_for(plain, "X", replay) == 40
    for action in ({"entity": "RKO", "target": "D7", "target_type": "hex"}, {"entity": "RKO", "target": "X", "target_type": "corporation"},
                   {"entity": "LAS", "target": "F9", "target_type": "hex"}, {"entity": "LAS", "target": "X", "target_type": "corporation"}):
        runs.assigned(action)
    assert runs.revenue_for(plain, "X", replay) == 40 + 20 + 2 * 20  # RKO at D7, the Steamship's two ports at F9
    assert runs.revenue_for(plain, "Y", replay) == 40  # assigned to X only
    ns = [la_stop("A4", 20, "N", ["30"]), la_stop("F13", 20, "S", ["10"])]
    assert runs.revenue_for(ns, "Y", replay) == 40 + 40
    ew = [*ns, la_stop("B1", 10, "W", ["50"]), la_stop("C14", 10, "E", ["20"])]
    assert runs.revenue_for(ew, "Y", replay) == 60 + 70  # east-west first
    runs.placed_token({"entity": "GT", "hex": "D7"})  # a corporation's token is not the Dump
    assert runs.revenue_for(plain, "Y", replay) == 40
    runs.placed_token({"entity": "APD", "hex": "D7"})
    assert runs.revenue_for(plain, "Y", replay) == 20 and runs.revenue_for(ns, "Y", replay) == 80
    runs.dump_hex = "F9"  # Westminster: 10 off, or 20 off its Steamship bonus
    assert runs.revenue_for(plain, "Y", replay) == 30
    assert runs.revenue_for(plain, "X", replay) == 100 - 20


def market(players=("ann", "bob", "cy")) -> Market1846:
    replay = SimpleNamespace(log=SimpleNamespace(players={i: p for i, p in enumerate(players)}),
                             title=SimpleNamespace(trains=[]), corp_info={}, floated=lambda corp: True)
    cells = market_cells([["0c", "10", "20", "30", "40p", "50p", "60p"]])
    return Market1846(replay, cells)


def test_the_presidency_passes_to_the_larger_holder_with_the_certificate_swap():
    m = market()
    m.par({"corporation": "X", "share_price": "40,0,4"}, "ann")
    m.player_buys({"shares": ["X_1", "X_2"]}, "bob")
    assert m.president["X"] == "ann"  # a tie keeps the president
    m.player_buys({"shares": ["X_3"]}, "bob")
    # SharePool#transfer_shares: bob holds more; his first two shares go to ann for the 20% certificate
    assert m.president["X"] == "bob"
    assert m.held["X"]["bob"] == [3, 0] and m.held["X"]["ann"] == [1, 2]
    m.player_sells({"shares": ["X_1"]}, "ann")
    assert m.price("X") == 40  # not the president: the price stays (:left_block_pres)
    m.player_sells({"shares": ["X_3"]}, "bob")
    assert m.price("X") == 30 and m.percent("X", POOL) == 20


def test_the_end_of_a_stock_round_moves_sold_out_right_and_pool_shares_left():
    m = market(("ann", "bob"))
    for corp in ("S", "P"):
        m.par({"corporation": corp, "share_price": "40,0,4"}, "ann")
    m.player_buys({"shares": [f"S_{i}" for i in range(1, 9)]}, "bob")  # S sold out
    m.player_buys({"shares": ["P_1"]}, "bob")
    m.player_sells({"shares": ["P_1"]}, "bob")  # P has a share in the pool
    m.stock_round_ends()
    assert (m.price("S"), m.price("P")) == (50, 30)


def test_a_bankrupt_president_sells_and_the_corporation_enters_receivership():
    m = market(("ann", "bob"))
    m.par({"corporation": "X", "share_price": "40,0,4"}, "ann")
    m.player_buys({"shares": ["X_1"]}, "ann")
    m.bankrupt("ann")
    # G1846 Step::Bankrupt: the sellable share is sold as a sale (left once: the president's), the
    # rest without moving the price; no president is left
    assert m.price("X") == 30
    assert m.president["X"] == POOL and m.percent("X", POOL) == 30
    # in receivership without a train, a skipped dividend moves left twice (Dividend#skip!)
    m.operating("X", {"type": "pass"})
    assert m.price("X") == 10
    m.column["X"] = 0
    assert m.closing() == ["X"] and m.price("X") is None


def test_a_presidents_sale_in_an_operating_round_does_not_end_the_round():
    # ann sells a NYC share to the pool in the operating round (an emergency sale, as to buy a
    # train): NYC moves left for it, and no stock round ends (no pool drop when B&O acts next)
    data = json.loads(GAME.read_text(encoding="utf-8"))
    at = next(i for i, a in enumerate(data["actions"]) if a["id"] == 21) + 1
    data["actions"].insert(at, {"type": "sell_shares", "entity": 1, "entity_type": "player", "shares": ["NYC_2"],
                                "percent": 10, "id": 100})
    log = read_game(json.dumps(data), "sale.json")
    base, title, _ = base_scenario(log, ENGINE)
    replay = GameReplay(base, title, log)
    for a in effective_actions(log.actions):
        replay.apply(a)
        if a["id"] == 22:
            break
    market = replay.setup.market
    assert (market.price("NYC"), market.price("B&O")) == (20, 30)

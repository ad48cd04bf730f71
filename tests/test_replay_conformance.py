"""The replay conformance's comparison (tools/replay_conformance.py), on the test title's game
with engine answers written by hand: agreement is counted, every kind of difference is counted
and explained, the baseline catches a fall, the report keeps the page around its section."""

from __future__ import annotations

import copy
import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "tests" / "cases" / "import" / "game" / "engine" / "public" / "fixtures" / "Mini" / "1.json"


@pytest.fixture(scope="module")
def rc():
    spec = importlib.util.spec_from_file_location("replay_conformance", ROOT / "tools" / "replay_conformance.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # its dataclasses look their module up
    try:
        spec.loader.exec_module(mod)
        yield mod
    finally:
        sys.modules.pop(spec.name, None)


@pytest.fixture(autouse=True)
def _no_engine_setting(monkeypatch):
    monkeypatch.delenv("T18XX_DIR", raising=False)


def position(**changes) -> dict:
    """The engine's dump before action 7 (AA's first lay, 57 on its home C3), as the oracle writes it."""
    pos = {
        "action": 7, "index": 6, "lay": ["C3", "57", 0], "entity": {"id": "AA", "cash": 100, "buying_power": 100},
        "board": {"C3": [None, 0, [["AA", "normal", 0]]]}, "phase": {"name": "2", "tiles": ["yellow"]}, "laid": [],
        "privates": [["PI", 11, False], ["FE", 11, False]], "tiles_left": {"57": 1, "7": 2, "8": 2, "9": 2, "14": 1},
        "step": {"class": "Engine::Step::Track", "overrides": []}, "available": ["C3"], "blocked": [],
        # rotations 0-2 of the straight city and 4, the same track as 1
        "legal": [["C3", "57", 0], ["C3", "57", 1], ["C3", "57", 2], ["C3", "57", 4]], "refused": [],
        "legal_ms": 40.0, "lay_legal": True,
    }
    pos.update(changes)
    return pos


def dump(*positions) -> dict:
    return {"file": str(GAME), "title": "Mini", "positions": list(positions), "special": [], "errors": [],
            "game_overrides": []}


def judged(rc, *positions):
    res = rc.TitleResult("Mini")
    rc.judge_game(res, GAME, dump(*positions), timed=True)
    return res


def test_an_agreeing_position_is_counted_equal_everywhere(rc):
    res = judged(rc, position())
    assert (res.positions, res.compared, res.board_equal, res.phase_equal, res.active_equal, res.owners_equal) == (1, 1, 1, 1, 1, 1)
    assert (res.identical, res.lay_legal_engine, res.lay_legal_ours) == (1, 1, 1)
    assert res.diffs == [] and len(res.ours_ms) == 1 and res.engine_ms == [40.0]


def test_differences_are_counted_with_their_cause(rc):
    res = judged(rc, position(
        legal=[["C3", "57", 0], ["C3", "57", 1]],  # the engine refuses rotation 2 ...
        refused=[["C3", "57", 2, "Must use new track or change city value"]],
        board={"C3": [None, 0, [["AA", "normal", 0], ["BB", "normal", 0]]]},
        phase={"name": "3", "tiles": ["yellow", "green"]},
        privates=[["PI", 12, False], ["FE", 11, False]],
    ))
    assert res.compared == 1 and res.identical == 0 and res.board_equal == 0 and res.phase_equal == 0
    assert res.owners_equal == 0 and res.active_equal == 1
    (d,) = res.diffs
    assert d["rows"] == [{"row": ["C3", "57", 2], "side": "ours only",
                          "why": "engine refuses: Must use new track or change city value"}]
    assert "engine 3 ours 2" in d["detail"]["phase"] and "PI: engine bob ours ann" in d["detail"]["private owners"]


def test_a_lay_only_the_engine_allows_is_explained_by_our_rule(rc):
    res = judged(rc, position(legal=[["C3", "57", 0], ["C3", "57", 1], ["C3", "57", 2], ["D4", "8", 0]]))
    (row,) = res.diffs[0]["rows"]
    assert row["side"] == "engine only" and row["why"].startswith("ours refuse: 18xx.")


def test_a_title_step_is_not_compared_and_says_why(rc):
    res = judged(rc, position(step={"class": "G::Step::Track", "overrides": ["G::Step::Track#legal_tile_rotation?"]}))
    assert res.compared == 0 and res.not_compared == {"a title's own step: G::Step::Track#legal_tile_rotation?": 1}


def test_the_baseline_catches_a_fall_and_the_report_keeps_the_page(rc, tmp_path):
    good, bad = judged(rc, position()), judged(rc, position(legal=[["C3", "57", 0]]))
    base = tmp_path / "baseline.json"
    base.write_text(json.dumps({"Mini": rc.figures(good)}), encoding="utf-8")
    assert rc.check_baseline([good], base) == []
    assert rc.check_baseline([bad], base) == ["Mini: identical fell from 1 to 0"]
    page = tmp_path / "conformance.md"
    page.write_text("# head\n\nkept above\n", encoding="utf-8")
    engine = GAME.parents[3]
    rc.write_doc([good], engine, page)
    first = page.read_text(encoding="utf-8")
    rc.write_doc([copy.deepcopy(bad)], engine, page)
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# head\n\nkept above\n") and text.count(rc.BEGIN) == 1
    assert "| Mini | 1 | 1/1 (100%) | 1/1 (100%) | 0/1 (0%) |" in text and first != text


def test_our_lays_through_a_privates_ability_are_not_in_the_compared_set(rc):
    # The stand-in 1889: ann owns MF, whose ability lays an 8 on D4 in TR's track step; the
    # engine's set is its Track step's, so ours is compared without MF's lay.
    game = GAME.parents[1] / "1889" / "1.json"
    pos = position(action=8, index=7, lay=["C1", "7", 0], entity={"id": "TR", "cash": 100, "buying_power": 100},
                   board={"C3": ["57", 0, [["TR", "normal", 0]]]}, privates=[["MF", 11, False]],
                   tiles_left={"7": 2, "8": 2}, available=["C1", "C5"],
                   legal=[["C1", "7", 0], ["C1", "7", 5], ["C5", "7", 2], ["C5", "7", 3]])
    res = rc.TitleResult("1889")
    rc.judge_game(res, game, {**dump(pos), "file": str(game), "title": "1889"}, timed=False)
    assert res.compared == 1 and res.board_equal == 1 and res.owners_equal == 1
    assert res.identical == 1 and res.diffs == []


def test_an_empty_hex_of_the_engines_map_is_no_tile(rc):
    # Hex.new(empty: true) keeps its default Tile.for('blank'), which is not preprinted
    pos = {"board": {"B14": ["blank", 0, []], "C3": ["7", 2, []], "D5": [None, 0, [["IC", "normal", 0]]]}}
    assert rc.engine_board(pos) == {"C3": ("7", 2, []), "D5": (None, 0, [("IC", 0)])}


def test_share_prices_are_judged_where_the_import_follows_the_market(rc):
    # the stand-in 1846's game 4.json before its first lay (action 18): NYC and B&O parred at 40
    game = GAME.parent.parent / "1846" / "4.json"
    pos = position(action=18, index=17, lay=["C13", "7", 0], entity={"id": "MS", "cash": 0, "buying_power": 0})

    def judge(prices):
        res = rc.TitleResult("1846")
        rc.judge_game(res, game, {**dump(dict(pos, prices=prices)), "file": str(game), "title": "1846"}, timed=False)
        return res

    res = judge({"NYC": 40, "B&O": 40})
    assert (res.prices_judged, res.prices_equal) == (1, 1)
    res = judge({"NYC": 30, "B&O": 40})
    assert (res.prices_judged, res.prices_equal) == (1, 0)
    assert "share prices" in res.diffs[0]["detail"] and "NYC: engine 30 ours 40" in res.diffs[0]["detail"]["share prices"]
    res = judge({"B&O": 40})  # the engine has closed NYC, the import has not
    assert res.prices_equal == 0


def test_share_prices_are_not_judged_where_the_import_follows_no_market(rc):
    res = judged(rc, position(prices={"AA": 100}))
    assert res.prices_judged == 0
    assert "| not judged |" in rc.markdown([res], ROOT)


def test_the_speed_target_is_judged_on_the_median_of_the_per_position_ratios(rc):
    fast, slow = rc.TitleResult("A"), rc.TitleResult("B")
    fast.engine_ms, fast.ours_ms = [10.0, 20.0, 30.0], [0.5, 1.0, 1.0]  # 20x, 20x, 30x
    slow.engine_ms, slow.ours_ms = [1.0, 2.0], [1.0, 1.0]  # 1x, 2x
    fast.first_game, slow.first_game = [True, False, False], [True, True]
    e, o, ratio, share = rc.speed([fast, slow])
    assert (e, o, ratio, share) == (10.0, 1.0, 20.0, 0.6)
    assert rc.speed_line([fast, slow]).endswith("Target: 10x (the median ratio): met.")
    # by the engine's own time: 1 ms quick (1x); 2, 10, 20, 30 ms (2x, 20x, 20x, 30x)
    assert rc.speed_bands([fast, slow]) == [("under 2 ms", 1, 1.0, 1.0, 1.0), ("2 ms or more", 4, 15.0, 1.0, 20.0)]
    assert "the 1 it takes under 2 ms (its median 1.0 ms, ours 1.00 ms) at 1.0x, the 4 it takes 2 ms" in rc.speed_line([fast, slow])
    # by game: the first games of their titles (20x, 1x, 2x) and the later ones (20x, 30x)
    assert rc.game_bands([fast, slow]) == [("in the first game of their title", 3, 2.0), ("in the later games", 2, 25.0)]
    assert "By game: the 3 in the first game of their title at 2.0x, the 2 in the later games at 25.0x." in rc.speed_line([fast, slow])
    slow.engine_ms, slow.ours_ms = [1.0, 2.0, 3.0, 4.0], [1.0, 1.0, 1.0, 1.0]  # now most positions are slow
    slow.first_game = [True] * 4
    assert rc.speed([fast, slow])[2] == 4.0  # 1, 2, 3, 4, 20, 20, 30
    assert "**not met**" in rc.speed_line([fast, slow])
    assert "not judged" in rc.speed_line([rc.TitleResult("C")])

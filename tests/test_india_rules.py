"""18india rule-set behaviour: the yellow-options oracle, the upgrade graph, applying moves
(gauge markers, costs, treasury), the railhead walk, move syntax and incremental checking."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_india_cases import bundled, derive

from model.rules import Move, MoveContext, MoveSyntaxError, get_rule_set
from model.rules.india import phase_rank
from model.tiles import load_tileset

REFERENCE = Path(__file__).resolve().parent / "data" / "18india_reference.json"


@pytest.fixture(scope="module")
def ref() -> dict:
    return json.loads(REFERENCE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def india():
    return get_rule_set("18india")


def test_yellow_options_oracle_for_every_white_hex(ref, india):
    """Our static yellow placements give exactly the reference's tile -> rotations on all 164 white hexes."""
    ours = india.static_yellow_options(bundled())
    white = [h for h in ref["hexes"] if "yellow_options" in h]
    assert len(white) == 164 and set(ours) == {h["coord"] for h in white}
    for h in white:
        expected = {tile: rots for tile, rots in h["yellow_options"].items() if rots}
        assert ours[h["coord"]] == expected, h["coord"]


def test_generic_rules_agree_except_for_the_ferry_landing(ref):
    """The generic 18xx rule set has no ferry rule: only J37's IF2 at rotation 1 differs."""
    ours = get_rule_set("18xx").static_yellow_options(bundled())
    for h in ref["hexes"]:
        if "yellow_options" not in h:
            continue
        expected = {tile: rots for tile, rots in h["yellow_options"].items() if rots}
        if h["coord"] == "J37":
            expected["IF2"] = sorted(expected["IF2"] + [1])
        assert ours[h["coord"]] == expected, h["coord"]


UPGRADES = {  # 18india.md section 2, "Upgrade graph"
    "9": ["82", "83"],
    "8": ["80", "81", "82", "83"],
    "7": ["80", "82", "83"],
    "4": ["141", "142", "205", "206"],
    "58": ["141", "142", "143", "144", "12", "13", "205", "206"],
    "3": ["141", "142", "143", "12", "205", "206"],
    "57": ["619", "14", "15"],
    "6": ["619", "14", "15"],
    "5": ["619", "14", "15"],
    "235": ["59"],
    "80": ["545", "546"],
    "81": ["546"],
    "82": ["544", "545", "546"],
    "83": ["544", "545", "546"],
    "141": ["145", "146", "147"],
    "142": ["145", "146", "147"],
    "143": ["146", "147"],
    "144": ["147"],
    **{t: ["611"] for t in ("619", "14", "15", "12", "13", "205", "206")},
    "59": ["64", "65", "66", "67", "68", "984"],
    **{t: ["60"] for t in ("544", "545", "546")},
    **{t: ["GT6"] for t in ("145", "146", "147")},
    "611": ["513"],
    **{t: ["IND1"] for t in ("64", "65", "66", "67", "68", "984")},
}
TOWN_TO_CITY = {"3": {"12", "205", "206"}, "4": {"205", "206"}, "58": {"12", "13", "205", "206"}}


def test_upgrade_graph_is_the_one_of_the_notes():
    ts = load_tileset("18india")
    for tile in ts.tiles:
        assert sorted(tile.upgrades) == sorted(UPGRADES.get(tile.id, [])), tile.id
        special = {t.split(":", 1)[1] for t in tile.tags if t.startswith("town-to-city:")}
        assert special == TOWN_TO_CITY.get(tile.id, set()), tile.id
    assert {t.id for t in ts.tiles if "towns-only" in t.tags} == {"12", "13", "205", "206"}
    dead_ends = {t.id for t in ts.tiles if not t.upgrades and t.color != "gray"}
    assert dead_ends == {"IF1", "IF2", "IND2", "IND3", "IND4", "IND5", "IND6"}


def test_special_upgrades_keep_exits_only_in_18india(india):
    """58 -> 12 replaces a town by a city: legal in 18india, refused by generic 18xx (towns kept)."""
    s = derive({"tiles": {"G6": ["58", 5]}})
    assert india.explain(s, Move("upgrade", "G6", "12", 5)).legal
    generic = derive({"tiles": {"G6": ["58", 5]}, "rules": "18xx"})
    v = get_rule_set("18xx").explain(generic, Move("upgrade", "G6", "12", 5))
    assert not v.legal and v.rule == "18xx.stops-preserved"


def test_lay_applies_cost_and_places_a_gauge_marker_before_phase_iv(india):
    s = derive({"tiles": {"K14": ["57", 0]}, "tokens": {"K14": [["NCR", 0]]}, "companies": {"NCR": {"treasury": 100}}})
    after = india.apply(s, india.parse_move(s, "lay K16 9 0", "NCR", None))
    assert after.board.cells["K16"].tile.tile == "9"
    assert [tuple(m) for m in after.state.gauge_markers] == [("K16", 3)]
    assert [e.cell for e in after.state.laid] == ["K16"]
    assert not [i for i in india.check(after) if i.severity != "info"]
    assert after.company("NCR").treasury == 100  # K16 is plain and the K14/K16 side has no river
    river = india.apply(s, india.parse_move(s, "lay K12 IND2 0", "NCR", None))
    assert river.company("NCR").treasury == 70
    assert s.board.cells.get("K16") is None or s.board.cells["K16"].tile is None  # input unchanged


def test_no_gauge_marker_from_phase_iv(india):
    s = derive({"tiles": {"K14": ["57", 0]}, "tokens": {"K14": [["NCR", 0]]}, "state": {"game_phase": "IV"}})
    after = india.apply(s, Move("lay", "K16", "9", 0, actor="NCR"))
    assert after.state.gauge_markers == []
    assert india.check(after) == []


def test_marker_removal_applies(india):
    s = derive(
        {
            "tiles": {"K14": ["57", 0], "K16": ["9", 0]},
            "tokens": {"K14": [["NCR", 0]]},
            "state": {"game_phase": "IV", "gauge_markers": [["K14", 0]]},
        }
    )
    move = india.parse_move(s, "remove-marker K16 3", "NCR", None)
    assert move.text() == "remove-marker K16 3"
    after = india.apply(s, move)
    assert after.state.gauge_markers == []
    laid = derive({"tiles": {"K14": ["57", 0], "K16": ["9", 0]}, "tokens": {"K14": [["NCR", 0]]},
                   "state": {"game_phase": "IV", "gauge_markers": [["K14", 0]], "laid": [["K16", "9"]]}})
    v = india.explain(laid, india.parse_move(laid, "remove-marker K14 0", "NCR", None))
    assert v.rule == "18india.marker-after-lay"


def test_terrain_is_paid_by_the_first_tile_only(india):
    s = derive({"tiles": {"G8": ["235", 3], "G6": ["4", 0]}, "tokens": {"G8": [["NWR", 0]]}})
    v = india.explain(s, Move("upgrade", "G6", "141", 0, actor="NWR"))
    assert v.legal and v.cost == 0
    fresh = derive({"tiles": {"G8": ["235", 3]}, "tokens": {"G8": [["NWR", 0]]}})
    assert india.explain(fresh, Move("lay", "G6", "4", 0, actor="NWR")).cost == 30


def test_station_costs_follow_the_token_list(india):
    s = derive({"tiles": {"K14": ["57", 0], "K16": ["9", 0], "K18": ["9", 0]}})
    home = india.explain(s, india.parse_move(s, "station K14 0", "NCR", None))
    assert home.legal and home.cost == 0
    s2 = india.apply(s, india.parse_move(s, "station K14 0", "NCR", None))
    assert s2.board.cells["K14"].tokens[0].company == "NCR"
    far = derive({"tiles": {"K14": ["57", 0], "H25": ["57", 0]}, "tokens": {"K14": [["NCR", 0]]}, "companies": {}})
    v = india.explain(far, india.parse_move(far, "station I20 0", "NCR", None))
    assert v.rule == "18india.station-reserved"  # I20 keeps its circle for BNR
    v = india.explain(far, india.parse_move(far, "station A16 0", "NCR", None))
    assert v.rule == "18india.station-unreachable"  # Karachi has a free circle but NCR's track is far away


def test_second_and_third_station_cost_40_then_100(india):
    spec = {"tiles": {"G8": ["235", 0], "G10": ["57", 0]}, "tokens": {"G8": [["NWR", 0]]}}
    s = derive(spec)
    v = india.explain(s, india.parse_move(s, "station G10 0", "NWR", None))
    assert v.legal and v.cost == 40, v.message
    spec["tokens"]["K30"] = [["NWR", 0]]
    s = derive(spec)
    v = india.explain(s, india.parse_move(s, "station G10 0", "NWR", None))
    assert v.legal and v.cost == 100, v.message


def test_railhead_never_leaves_the_map(india):
    s = derive({"tiles": {"E24": ["57", 2]}, "tokens": {"E24": [["WIP", 0]]}, "state": {"laid": [["E24", "57"]]}})
    from model.rules.eighteen_xx import Situation

    sit = Situation.of(s)
    net = india.network(sit, s.company("WIP"))
    hexes = india.railhead_hexes(sit, net, [s.board.grid.coord("E24")])
    assert hexes and all(s.board.grid.contains(c) for c in hexes)
    # through Mumbai's city 1 to E22, and on from E24 itself to F25 (D25 hangs off city 0)
    assert {s.board.grid.label(c) for c in hexes} == {"E22", "F25"}


def test_moves_for_a_company_on_the_bundled_map(india):
    moves = india.legal_moves(bundled(), MoveContext(actor="NCR"))
    texts = {m.text() for m in moves}
    assert "lay K14 57 0" in texts and "station K14 0" in texts
    assert all(m.cell == "K14" for m in moves)
    assert india.legal_moves(bundled(), MoveContext(actor="nobody")) == []


def test_parse_move_syntax(india):
    s = bundled()
    assert india.parse_move(s, "lay K14 57 1", "NCR", None).text() == "lay K14 57 1"
    assert india.parse_move(s, "station K14 0", "NCR", None).text() == "station K14 0"
    assert dict(india.parse_move(s, "station D23 1", "BR", None).extra) == {"city": 1}
    for bad in ("lay", "lay Z99 9 0", "lay K14 57", "lay K14 57 x", "station K14 x", "remove-marker G6 5 1"):
        with pytest.raises(MoveSyntaxError):
            india.parse_move(s, bad, None, None)
    v = india.explain(s, Move("jump", "K14"))
    assert v.rule == "18india.unknown-move"


def test_incremental_check_matches_the_full_check(india):
    s = derive({"tiles": {"K14": ["57", 0], "K16": ["9", 0], "J37": ["IF2", 1]}, "tokens": {"K14": [["NCR", 0]]}})
    grid = s.board.grid
    changed = [grid.coord("K16")]
    affected = india.affected_cells(s, changed)
    part = india.check_cells(s, affected)
    labels = {grid.label(c) for c in affected}
    full = [i for i in india.check(s) if set(i.cells) & labels and not i.rule.startswith("core.")]
    assert sorted(map(repr, part)) == sorted(map(repr, full))
    assert any(i.rule == "18india.gauge-marker-missing" for i in part)


def test_phase_rank():
    assert [phase_rank(p) for p in ("I", "II", "III", "IV", "V", "VI", "4", None, "z")] == [1, 2, 3, 4, 5, 6, 4, 0, 0]


def test_unknown_option_is_reported(india):
    s = derive({"options": {"yellow_lays": "four"}})
    assert any(i.rule == "core.bad-option" for i in india.check(s))


def test_oo_upgrade_turning_the_cities_moves_the_tokens(india):
    s = derive({"tiles": {"G8": ["235", 0]}, "tokens": {"G8": [["NWR", 0], ["SPD", 1]]}})
    same = india.apply(s, Move("upgrade", "G8", "59", 0, actor="NWR"))
    assert [(t.company, t.city) for t in same.board.cells["G8"].tokens] == [("NWR", 0), ("SPD", 1)]
    turned = india.apply(s, Move("upgrade", "G8", "59", 4, actor="NWR"))
    # at rotation 4 the stub (edge 0) belongs to city 1, so NWR's token follows it
    assert [(t.company, t.city) for t in turned.board.cells["G8"].tokens] == [("NWR", 1), ("SPD", 0)]
    assert india.check(turned) == []


def test_turn_state_belongs_to_the_active_company(india):
    spec = {
        "tiles": {"K14": ["57", 0], "K16": ["9", 0], "G8": ["235", 0]},
        "tokens": {"K14": [["NCR", 0]], "G8": [["NWR", 0]]},
        "state": {"laid": [["K16", "9"]], "gauge_markers": [["K14", 0]]},
    }
    s = derive(spec)
    s = s.model_copy(update={"state": s.state.model_copy(update={"active": "NCR"})})
    assert india.explain(s, Move("upgrade", "K14", "619", 0, actor="NCR")).rule == "18india.one-upgrade"
    # NWR's turn has not started: NCR's lays do not limit it
    assert india.explain(s, Move("upgrade", "G8", "59", 0, actor="NWR")).legal
    after = india.apply(s, Move("lay", "G10", "9", 0, actor="NWR"))
    assert after.state.active == "NWR" and [e.cell for e in after.state.laid] == ["G10"]


def test_random_games_stay_legal(india):
    """Legal moves, applied one after another, never produce a board the checker calls wrong."""
    import random

    rng = random.Random(18)
    s = bundled()
    companies = ["NCR", "NWR", "BR", "WR", "CGR", "MR", "EIR"]
    played = 0
    for turn in range(30):
        actor = companies[turn % len(companies)]
        s = s.model_copy(update={"state": s.state.model_copy(update={"laid": [], "active": actor})})
        for _ in range(4):
            moves = india.legal_moves(s, MoveContext(actor=actor))
            if not moves:
                break
            move = rng.choice(moves)
            assert india.explain(s, move).legal, move.text()
            s = india.apply(s, move)
            played += 1
            errors = [i for i in india.check(s) if i.severity != "info"]
            assert errors == [], (move.text(), [i.message for i in errors])
            if move.kind in ("upgrade", "station"):
                break
    assert played > 40


def test_oo_brown_to_gray_merges_the_cities(india):
    s = derive({"tiles": {"G8": ["984", 0]}, "tokens": {"G8": [["NWR", 0], ["SPD", 1]]}})
    v = india.explain(s, Move("upgrade", "G8", "IND1", 0, actor="NWR"))
    assert v.legal, v.message
    assert india.explain(s, Move("upgrade", "G8", "IND1", 3, actor="NWR")).rule == "18india.paths-preserved"
    after = india.apply(s, Move("upgrade", "G8", "IND1", 0, actor="NWR"))
    assert [(t.company, t.city) for t in after.board.cells["G8"].tokens] == [("NWR", 0), ("SPD", 0)]
    assert india.check(after) == []

"""18 India's private companies and GIPR's home choice: what ``apply`` leaves in the state, the
file format round trip, and the command line (``info``, ``moves``, ``explain``).

The legality of each move is in the golden cases (tests/cases/18india/p2-*, p3-*, p4-*, gipr-*)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from model.io import load, save
from model.io.migrate import INDIA_V2_ABILITIES
from model.rules import MoveContext, get_rule_set
from tests.test_india_cases import derive

ROOT = Path(__file__).resolve().parent.parent
RULES = get_rule_set("18india")


def play(scenario, company: str, text: str):
    return RULES.apply(scenario, RULES.parse_move(scenario, text, company, None))


def line_of_four() -> dict:
    return {
        "tiles": {"K14": ["57", 0], "K16": ["9", 0], "K18": ["9", 0], "K20": ["9", 0], "K22": ["9", 0]},
        "tokens": {"K14": [["NCR", 0]]},
        "companies": {"NCR": {"treasury": 100}},
        "state": {
            "active": "NCR",
            "laid": [["K16", "9"], ["K18", "9"], ["K20", "9"], ["K22", "9"]],
            "gauge_markers": [["K14", 0], ["K20", 0]],
            "privates": [{"id": "P2", "owner": "NCR", "abilities": INDIA_V2_ABILITIES["P2"]},
                         {"id": "P3", "owner": "NCR", "abilities": INDIA_V2_ABILITIES["P3"]}],
        },
    }


def test_an_extra_lay_closes_its_private_and_counts_toward_nothing():
    s = play(derive(line_of_four()), "NCR", "extra-lay K12 IND2 0 P2")
    assert s.board.cell_at_label("K12").tile.tile == "IND2"
    assert [(e.cell, e.private) for e in s.state.laid][-1] == ("K12", "P2")
    privates = {p.id: p for p in s.state.privates}
    assert privates["P2"].used and not privates["P3"].used
    assert s.company("NCR").treasury == 70  # the river side K12|K14 costs 30
    again = RULES.explain(s, RULES.parse_move(s, "extra-lay K24 9 0 P2", "NCR", None))
    assert again.rule == "18india.private-used"
    # the extra lay is not a fifth yellow of the line: the line's limit is unchanged
    assert RULES.explain(s, RULES.parse_move(s, "lay K24 9 0", "NCR", None)).rule == "18india.yellow-limit"


def test_p3_upgrades_a_tile_laid_this_turn_and_closes():
    s = play(derive(line_of_four()), "NCR", "extra-upgrade K16 82 0 P3")
    assert s.board.cell_at_label("K16").tile.tile == "82"
    assert {p.id: p.used for p in s.state.privates} == {"P2": False, "P3": True}
    moves = {m.text() for m in RULES.legal_moves(s, MoveContext(actor="NCR"))}
    assert not any(m.startswith("extra-upgrade") for m in moves)
    assert any(m.startswith("extra-lay") for m in moves)


def test_the_p4_discount_is_spent_lay_by_lay():
    spec = {
        "tiles": {"E24": ["57", 2]},
        "tokens": {"E24": [["WIP", 0]]},
        "companies": {"WIP": {"treasury": 100}},
        "state": {"active": "WIP", "gauge_markers": [["E24", 2]], "privates": [{"id": "P4", "owner": "WIP", "used": True, "discount": 40}]},
    }
    s = play(derive(spec), "WIP", "lay F25 58 0")  # mountain 30: all of it from the discount
    assert s.company("WIP").treasury == 100
    assert s.state.privates[0].discount == 10
    verdict = RULES.explain(s, RULES.parse_move(s, "lay F27 58 1", "WIP", None))  # mountain 30 again
    assert verdict.legal and verdict.cost == 20
    assert "P4 (French EIC) takes 10 off the terrain cost of 30" in verdict.message
    s2 = play(s, "WIP", "lay F27 58 1")
    assert s2.company("WIP").treasury == 80 and s2.state.privates[0].discount == 0
    # station tokens are not terrain
    assert RULES.explain(s, RULES.parse_move(s, "station D23 1", "WIP", None)).cost == 40


def test_gipr_home_on_a_town_is_a_green_city_with_its_station():
    s = derive({"state": {"pending_home": "GIPR"}, "companies": {"GIPR": {"treasury": 300}}})
    after = play(s, "GIPR", "home-upgrade L13 205 0")
    cell = after.board.cell_at_label("L13")
    assert cell.tile.tile == "205" and [(t.company, t.city) for t in cell.tokens] == [("GIPR", 0)]
    assert after.state.pending_home is None and after.state.laid == s.state.laid
    assert RULES.check(after) == [i for i in RULES.check(after) if i.severity == "info"]
    moves = {m.text() for m in RULES.legal_moves(after, MoveContext(actor="GIPR"))}
    assert moves and not any(m.startswith("home-") for m in moves)
    assert any(m.startswith("lay L15 ") or m.startswith("lay K14 ") or m.startswith("lay M12 ") for m in moves)


def test_gipr_home_in_an_open_city():
    s = derive({"state": {"pending_home": "GIPR"}})
    after = play(s, "GIPR", "home-station A16 0")
    assert [(t.company, t.city) for t in after.board.cell_at_label("A16").tokens] == [("GIPR", 0)]
    assert after.state.pending_home is None
    assert RULES.explain(after, RULES.parse_move(after, "home-station K30 0", "GIPR", None)).rule == "18india.home-not-pending"


def test_new_state_round_trips_through_the_file(tmp_path):
    s = play(derive(line_of_four()), "NCR", "extra-lay K12 IND2 0 P2")
    s = s.model_copy(update={"state": s.state.model_copy(update={"pending_home": "GIPR"})})
    oo = play(derive({"tiles": {"G8": ["235", 0]}, "tokens": {"G8": [["NWR", 0]]}}), "NWR", "upgrade G8 59 4")
    assert oo.board.cell_at_label("G8").tile.city_map == [1, 0]
    for scenario, name in ((s, "privates.json"), (oo, "oo.json")):
        path = tmp_path / name
        save(scenario, path)
        assert load(path) == scenario
    data = json.loads((tmp_path / "privates.json").read_text(encoding="utf-8"))
    assert data["state"]["pending_home"] == "GIPR"
    p2 = next(p for p in data["state"]["privates"] if p["id"] == "P2")
    assert (p2["owner"], p2["used"], p2["abilities"][0]["type"]) == ("NCR", True, "tile_lay")


@pytest.mark.parametrize(
    "state, field",
    [
        ({"privates": [{"id": "P2"}, {"id": "P2"}]}, "state.privates.1.id"),
        ({"pending_home": "XYZ"}, "state.pending_home"),
        ({"privates": [{"id": "P4", "discount": -5}]}, "state.privates.0.discount"),
    ],
)
def test_bad_state_is_refused_with_its_field_path(tmp_path, state, field):
    data = json.loads((ROOT / "scenarios" / "18india.json").read_text(encoding="utf-8"))
    data["state"].update(state)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(Exception) as err:
        load(path)
    assert field in str(err.value)


def run(*args: str) -> subprocess.CompletedProcess:
    code = "import sys; from editor.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT)


def test_cli_info_moves_and_explain(tmp_path):
    path = tmp_path / "turn.json"
    save(derive(line_of_four()), path)
    info = run("info", str(path))
    assert info.returncode == 0, info.stderr
    assert "privates:    P2 (NCR); P3 (NCR)" in info.stdout
    assert "laid this turn: K16 9, K18 9, K20 9, K22 9" in info.stdout
    moves = run("moves", str(path), "--company", "NCR", "--json")
    kinds = {m["kind"] for m in json.loads(moves.stdout)}
    assert {"extra-lay", "extra-upgrade"} <= kinds and "lay" not in kinds
    ok = run("explain", str(path), "--company", "NCR", "--move", "extra-lay K12 IND2 0 P2")
    assert ok.returncode == 0 and "P2 (Portuguese EIC)" in ok.stdout
    bad = run("explain", str(path), "--company", "NCR", "--move", "extra-lay K12 IND2")
    assert bad.returncode == 2 and "expected 'extra-lay CELL TILE ROTATION [PRIVATE]'" in bad.stderr
    home = tmp_path / "home.json"
    save(derive({"state": {"pending_home": "GIPR"}}), home)
    assert "pending home: GIPR" in run("info", str(home)).stdout
    listed = run("moves", str(home), "--company", "GIPR")
    assert "home-station A16 0" in listed.stdout and "home-upgrade L13 205 0" in listed.stdout

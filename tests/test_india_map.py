"""The bundled 18 India map and tile set against the extracted reference, hex by hex.

Also: the builder regenerates byte-identical files, and ``trackwright check`` finds no error.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from model.io import dumps, load
from model.rules import get_rule_set
from model.tiles import load_tileset

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "tests" / "data" / "18india_reference.json"
SCENARIO = ROOT / "scenarios" / "18india.json"
TILESET = ROOT / "resources" / "tilesets" / "18india.json"

@pytest.fixture(scope="module")
def ref() -> dict:
    return json.loads(REFERENCE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def scenario():
    return load(SCENARIO)


def _port(end: dict, n_cities: int, n_towns: int):
    if "edge" in end:
        return end["edge"]
    return {"city": 0, "town": n_cities, "junction": n_cities + n_towns}[end["node"]] + end["index"]


def _ref_paths(entry: dict) -> set:
    nc, nt = len(entry["cities"]), len(entry["towns"])
    out = set()
    for p in entry["paths"]:
        a, b = _port(p["a"], nc, nt), _port(p["b"], nc, nt)
        out.add((frozenset((("e" if "edge" in p["a"] else "n", a), ("e" if "edge" in p["b"] else "n", b))), bool(p.get("terminal"))))
    return out


def _our_paths(paths) -> set:
    def port(p):
        return ("e", p) if isinstance(p, int) else ("n", int(p[1:]))

    return {(frozenset((port(p.a), port(p.b))), p.terminal) for p in paths}


def test_grid_holds_exactly_the_reference_hexes(ref, scenario):
    grid = scenario.board.grid
    assert len(grid) == 193
    assert sorted(grid.cells) == sorted(h["coord"] for h in ref["hexes"])
    for h in ref["hexes"]:
        assert grid.coord(h["coord"]) == (h["x"], h["y"])
        for edge, other in h["neighbors"].items():
            assert grid.neighbour(grid.coord(h["coord"]), int(edge)) == grid.coord(other)


def test_every_hex_matches_the_reference(ref, scenario):
    terrain_of = {"hill": "hill", "mountain": "mountain", "water": "water"}
    colour_terrain = {"gray": "gray", "red": "offboard", "blue": "lake"}
    for h in ref["hexes"]:
        label = h["coord"]
        cell = scenario.board.cell_at_label(label)
        assert cell.printed_color == h["color"], label
        want_terrain = colour_terrain.get(h["color"], "plain")
        for t in h["terrain"]:
            want_terrain = terrain_of[t["type"]]
        assert cell.terrain == want_terrain, label
        assert cell.cost == h["terrain_cost"], label
        assert cell.name == h["name"], label
        assert cell.label == (h["labels"][0] if h["labels"] else None), label
        assert [(c.slots, str(c.revenue), c.groups) for c in cell.cities] == [
            (c["slots"], str(c["revenue"]), c.get("groups", [])) for c in h["cities"]
        ], label
        assert [str(t.revenue) for t in cell.towns] == [str(t["revenue"]) for t in h["towns"]], label
        assert cell.junction == h["junction"], label
        assert _our_paths(cell.paths) == _ref_paths(h), label
        exits = {p for path in cell.paths for p in (path.a, path.b) if isinstance(p, int)}
        assert exits == set(h["exits"]), label
        assert cell.icons == h["icons"], label
        assert cell.tile is None and not cell.tokens, label


def test_borders_match_the_reference(ref, scenario):
    sm_features = scenario.board.edge_features()
    grid = scenario.board.grid
    assert sum(1 for f in scenario.board.edges if f.kind == "gauge") == 81
    assert sum(1 for f in scenario.board.edges if f.kind == "river") == 29 + 7
    # every border of every reference hex is on that side, with the same meaning and cost
    seen = set()
    for h in ref["hexes"]:
        c = grid.coord(h["coord"])
        for b in h["borders"]:
            key = scenario.board.side_key(c, b["edge"])
            kinds = {f.kind: f.cost for f in sm_features.get(key, [])}
            if b["type"] == "province":
                assert "gauge" in kinds, (h["coord"], b)
                assert kinds.get("river", 0) == b.get("cost", 0), (h["coord"], b)
            else:
                assert b["type"] == "water"
                assert kinds == {"river": b["cost"]}, (h["coord"], b)
            seen.add(key)
    assert seen == set(sm_features)


def test_triple_towns_gray_red_and_blue(scenario):
    cells = scenario.board.cells
    assert {k for k, c in cells.items() if len(c.towns) == 3} == {"E22", "F5", "H35", "K12"}
    assert sorted(k for k, c in cells.items() if c.terrain == "gray" and not c.paths) == ["N25", "Q20"]
    assert sum(1 for c in cells.values() if c.terrain == "gray") == 11
    offboard = {k for k, c in cells.items() if c.terrain == "offboard" and c.cities}
    assert offboard == {"A16", "D3", "D23", "G36", "K30", "K40", "M10", "Q10", "R17"}
    assert all(cells[k].label == "+?" for k in offboard)
    c18 = cells["C18"]
    assert c18.terrain == "lake" and c18.junction and [(p.a, p.b, p.terminal) for p in c18.paths] == [(4, "n0", True)]
    assert cells["J37"].terrain == "water" and cells["J37"].cost == 60 and cells["J37"].label == "FERRY"


def test_companies_homes_and_reservations(ref, scenario):
    assert [c.id for c in scenario.companies] == [c["sym"] for c in ref["corporations"]]
    for corp, comp in zip(ref["corporations"], scenario.companies, strict=True):
        assert comp.name == corp["name"] and comp.tokens == corp["tokens"]
        assert comp.home == corp["home"] and comp.home_city == corp["home_city_index"]
    cells = scenario.board.cells
    assert cells["D23"].reserved == ["BR"] and cells["M10"].reserved == ["TR"]
    assert [c.reserved for c in cells["G8"].cities] == [["NWR"], ["SPD"]]
    assert [c.reserved for c in cells["P17"].cities] == [["EIR"], ["EBR"]]
    assert cells["K14"].cities[0].reserved == ["NCR"]
    assert all(not c.reserved for c in cells["D23"].cities)


def test_attribution_names_game_designers_publisher_and_source(scenario):
    text = scenario.meta.attribution
    for word in ("18 India", "M. Carter", "A. Fryer", "J. Harres", "N. Neylon", "GMT Games", "18xx.games"):
        assert word in text
    assert scenario.tiles.set == "18india" and scenario.rules.id == "18india"


def test_tile_set_matches_the_reference(ref):
    ts = load_tileset("18india")
    assert len(ts.tiles) == 50 and sum(t.count for t in ts.tiles) == 228
    for t in ref["tiles"]:
        ours = ts.get(t["name"])
        assert ours is not None, t["name"]
        assert (ours.color, ours.count, ours.label) == (t["color"], t["count"], t["label"]), t["name"]
        kinds = [n.kind for n in ours.nodes]
        assert kinds == ["city"] * len(t["cities"]) + ["town"] * len(t["towns"]) + ["junction"] * t["junction"]
        assert _our_paths(ours.paths) == _ref_paths(t), t["name"]
        assert ours.upgrades == [u["to"] for u in t["upgrades_to"]], t["name"]


def test_builder_regenerates_identical_files(tmp_path):
    tiles_out, scen_out = tmp_path / "tiles.json", tmp_path / "scenario.json"
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_18india.py"), "--tileset", str(tiles_out), "--scenario", str(scen_out)],
        check=True,
        capture_output=True,
    )
    assert tiles_out.read_bytes() == TILESET.read_bytes()
    assert scen_out.read_bytes() == SCENARIO.read_bytes()
    assert dumps(load(SCENARIO)) == SCENARIO.read_text(encoding="utf-8")


def test_check_reports_no_error(scenario):
    issues = get_rule_set("18india").check(scenario)
    assert [i for i in issues if i.severity == "error"] == []
    assert get_rule_set("18xx").check(scenario.model_copy(update={"rules": scenario.rules.model_copy(update={"id": "18xx"})})) == []


def test_cli_check_exit_status_zero():
    proc = subprocess.run(
        [sys.executable, "-c", "import sys; from editor.cli import main; sys.exit(main(sys.argv[1:]))", "check", str(SCENARIO)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 error(s)" in proc.stdout

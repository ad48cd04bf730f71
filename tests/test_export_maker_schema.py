"""Our 18xx-maker export validates against 18xx-maker's own JSON Schemas (Draft 7, a copy in
``tests/data/18xx-maker-schemas``): every bundled hex scenario, every 18xx.games map fixture of ours,
random boards; a broken export is reported with the JSON path of the error."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given, settings

from model.grid import HexGrid
from model.io import load
from model.io.export_18xx_maker import export_18xx_maker, export_18xx_maker_data
from model.io.import_18xx_games import ImportError18xx, import_18xx_games
from model.io.tile_formats import tiles_from_maker
from model.scenario import Scenario
from tests.maker_schema import SCHEMA_DIR, registry, schema_errors, validator
from tests.test_export_roundtrip import scenarios

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted(p for p in (ROOT / "scenarios").rglob("*.json") if isinstance(load(p).board.grid, HexGrid))
MAP_FIXTURES = sorted((ROOT / "tests").rglob("*.rb"))


def _imported(path: Path):
    """The scenario a map fixture imports to, or None for the fixtures of refused input."""
    try:
        return import_18xx_games(path.read_text(encoding="utf-8"), path.name, lenient=True, path=path).scenario
    except ImportError18xx:
        return None


IMPORTED = {p: s for p in MAP_FIXTURES if (s := _imported(p)) is not None}

MIXED_MAP = """
module Engine
  module Game
    module GMix
      module Map
        LAYOUT = :flat
        TILES = {
          '9' => 3,
          '57' => 'unlimited',
          'X1' => { 'count' => 2, 'color' => 'green', 'code' => 'city=revenue:40,slots:2;path=a:0,b:_0;path=a:3,b:_0,track:narrow;label=Y' },
        }.freeze
        LOCATION_NAMES = { 'A2' => 'Westport', 'B3' => 'Hill Town', 'C4' => 'Oslo' }.freeze
        HEXES = {
          red: { ['A2'] => 'offboard=revenue:yellow_30|brown_50;path=a:4,b:_0;path=a:5,b:_0' },
          gray: {
            ['C4'] => 'city=revenue:yellow_20|green_30;path=a:0,b:_0;path=a:2,b:_0',
            ['C2'] => 'path=a:0,b:3,track:dual;path=a:1,b:4,track:future',
          },
          white: {
            ['B3'] => 'town=revenue:10;path=a:1,b:_0,track:narrow;upgrade=cost:40,terrain:mountain;'\\
                      'border=edge:2,type:water,cost:20;border=edge:3,type:impassable',
            ['B1'] => 'stub=edge:2;label=Y;icon=image:port',
            ['D3'] => 'border=edge:0,type:province;frame=color:purple',
          },
          yellow: { ['D1'] => 'city=revenue:20;path=a:0,b:_0' },
          blue: { ['E2'] => '' },
        }.freeze
      end
    end
  end
end
"""


def _by_hex(data: dict) -> dict[str, dict]:
    return {h: d for d in data["map"]["hexes"] for h in d["hexes"]}


def test_the_schema_copy_is_complete_and_resolves_by_id_and_by_file_name():
    names = sorted(p.name for p in SCHEMA_DIR.glob("*.json"))
    assert names == ["companies.schema.json", "config.schema.json", "game.schema.json", "publishers.schema.json",
                     "theme.schema.json", "tiles.defs.json", "tiles.schema.json"]
    assert (SCHEMA_DIR / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert "5223bb4221003f9feb98fb8387f0a09189019235" in (SCHEMA_DIR / "README.md").read_text(encoding="utf-8")
    reg = registry()
    by_id = reg.resolver().lookup("https://18xx-maker.com/schemas/tiles.defs.json#/definitions/hex").contents
    by_name = reg.resolver().lookup("tiles.defs.json#/definitions/hex").contents
    assert by_id == by_name and "cities" in by_id["properties"]
    for name in names:
        validator(name)  # each one is a valid Draft 7 schema whose references resolve


def test_bundled_and_fixture_lists_hold_what_they_should():
    assert ROOT / "scenarios" / "18india.json" in BUNDLED
    assert any(p.name.startswith("india-") for p in BUNDLED)  # the 18 India puzzles
    assert not any("catalan" in p.name for p in BUNDLED)  # square grids have no 18xx-maker export
    assert ROOT / "tests" / "cases" / "import" / "pointy_mixed" / "map.rb" in IMPORTED


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: str(p.relative_to(ROOT)))
def test_bundled_scenario_export_validates(path):
    text, _notes = export_18xx_maker(load(path))
    assert schema_errors(json.loads(text)) == []


@pytest.mark.parametrize("path", sorted(IMPORTED), ids=lambda p: str(p.relative_to(ROOT)))
def test_imported_map_fixture_export_validates(path):
    data, _notes = export_18xx_maker_data(IMPORTED[path])
    assert schema_errors(data) == []


def test_expected_import_scenario_export_validates():
    s = load(ROOT / "tests" / "cases" / "import" / "pointy_mixed" / "expected.json")
    data, _ = export_18xx_maker_data(s)
    assert schema_errors(data) == []
    assert "orientation" not in data["info"]  # pointy
    assert _by_hex(data)["F2"]["offBoardRevenue"]["revenues"] == [
        {"color": "yellow", "cost": 30, "value": 30}, {"color": "brown", "cost": 50, "value": 50}]


@settings(max_examples=40, deadline=None)
@given(scenarios())
def test_random_board_export_validates(s):
    data, _ = export_18xx_maker_data(s)
    assert schema_errors(data) == []


def test_a_broken_export_is_reported_with_the_json_path():
    data, _ = export_18xx_maker_data(load(ROOT / "scenarios" / "18india.json"))
    assert schema_errors(data) == []
    broken = copy.deepcopy(data)
    k = next(i for i, d in enumerate(broken["map"]["hexes"]) if d.get("track"))
    broken["map"]["hexes"][k]["track"][0]["side"] = 7
    broken["map"]["hexes"][k + 1]["sparkle"] = True
    broken["tiles"]["9"] = 0
    del broken["info"]["title"]
    errors = schema_errors(broken)
    assert any(e.startswith(f"$.map.hexes[{k}].track[0].side: 7 is greater than the maximum of 6") for e in errors), errors
    assert any(e.startswith(f"$.map.hexes[{k + 1}]: Additional properties are not allowed ('sparkle'") for e in errors), errors
    assert any(e.startswith("$.tiles['9']: 0 is less than the minimum of 1") for e in errors), errors
    assert "$: 'title' is a required property" in [e.replace("$.info", "$") for e in errors], errors
    assert len(errors) == 4


def test_every_construct_in_18xx_maker_terms():
    s = import_18xx_games(MIXED_MAP, "mix.rb", lenient=True).scenario
    data, notes = export_18xx_maker_data(s)
    assert schema_errors(data) == []
    h = _by_hex(data)
    # off-board with phase revenues: red hex, arrows into the revenue
    assert h["A2"]["color"] == "offboard" and "cities" not in h["A2"]
    assert h["A2"]["offBoardRevenue"]["revenues"] == [
        {"color": "yellow", "cost": 30, "value": 30}, {"color": "brown", "cost": 50, "value": 50}]
    assert h["A2"]["track"] == [{"side": 5, "type": "offboard"}, {"side": 6, "type": "offboard"}]
    # a city with phase revenue keeps its circle, the phases beside it (as 18xx-maker's own gray cities)
    assert h["C4"]["cities"] == [{"size": 1}] and "values" not in h["C4"]
    assert [r["color"] for r in h["C4"]["offBoardRevenue"]["revenues"]] == ["yellow", "green"]
    # track kinds as gauge, stubs, terrain, borders with their cost at the side's middle
    assert h["C2"]["track"] == [{"type": "straight", "side": 1, "gauge": "dual"},
                                {"type": "straight", "side": 2, "color": "mainline"}]  # future track
    assert h["B3"]["track"] == [{"side": 2, "gauge": "narrow"}]
    assert h["B3"]["centerTowns"] == [{}] and h["B3"]["values"] == [{"value": 10}]
    assert h["B3"]["terrain"] == [{"type": "mountain", "cost": 40}]
    assert {"side": 3, "color": "water"} in h["B3"]["borders"] and {"side": 4, "color": "black"} in h["B3"]["borders"]
    assert {"cost": 20, "coord": "B3s3", "bgColor": "water"} in data["map"]["borderTexts"]
    assert h["D3"]["borders"] == [{"side": 1, "color": "red", "dashed": True}]
    assert h["B1"]["track"] == [{"type": "stub", "side": 3}]
    assert h["B1"]["labels"] == [{"label": "Y"}] and h["B1"]["icons"] == [{"type": "port"}]
    # hex colours
    assert (h["E2"]["color"], h["D1"]["color"], h["B1"]["color"]) == ("water", "yellow", "plain")
    assert h["A2"]["names"] == [{"name": "Westport"}]
    # tiles: standard as counts, unlimited as ∞, custom as definitions with their encoding
    assert data["tiles"]["9"] == 3 and data["tiles"]["57"] == {"quantity": "∞"}
    x1 = data["tiles"]["X1"]
    assert x1["quantity"] == 2 and x1["cities"] == [{"size": 2}] and x1["labels"] == [{"label": "Y"}]
    assert x1["track"] == [{"side": 1}, {"side": 4, "gauge": "narrow"}]
    assert x1["encoding"].startswith("city=revenue:40,slots:2")
    # what 18xx-maker cannot say is in the notes
    assert any(n.startswith("D3: a frame has no 18xx-maker field") for n in notes), notes


def test_what_cannot_be_written_is_noted_never_dropped_silently():
    d = import_18xx_games(MIXED_MAP, "mix.rb", lenient=True).scenario.model_dump(mode="json")
    d["board"]["cells"]["D1"]["color"] = "salmon"
    d["board"]["cells"]["B1"]["color"] = "empty"
    d["board"]["cells"]["C4"]["cities"][0]["slots"] = 9
    d["board"]["cells"]["C4"]["paths"].append({"a": "n0", "b": "n0"})
    d["board"]["cells"]["A2"]["cities"][0]["revenue"] = "yellow_30|diesel_90"
    d["board"]["cells"]["D3"]["icons"] = ["image:mine,sticky:1,name:mine1"]
    d["board"]["cells"]["C2"]["paths"][0]["lanes"] = 2
    d["board"]["cells"]["C2"]["cost"] = 20
    d["board"]["cells"]["D1"]["reserved"] = ["NYC"]
    d["board"]["cells"]["D1"]["paths"][0]["terminal"] = True
    assert d["tiles"]["set"] is None
    custom = {t["id"]: t for t in d["tiles"]["custom"]}
    custom["9"]["count"] = 0
    d["tiles"]["custom"].append({**custom["X1"], "id": "X-2"})
    data, notes = export_18xx_maker_data(Scenario.model_validate(d))
    assert schema_errors(data) == []
    h = _by_hex(data)
    assert "B1" not in h and "B1: a hole in the map (colour empty); hex not written" in notes
    assert h["D1"]["color"] == "salmon" and "D1: colour salmon is not one of 18xx-maker's hex colours; written by name" in notes
    assert h["C4"]["cities"] == [{"size": 6}]
    assert "C4: a city of 9 circles is written with 6, the most 18xx-maker draws" in notes
    assert any(n.startswith("C4: track between two stops inside the hex has no 18xx-maker shape") for n in notes)
    assert h["A2"]["offBoardRevenue"]["revenues"] == [  # a diesel's revenue as 18xx-maker prints it
        {"color": "yellow", "cost": 30, "value": 30}, {"color": "black", "textColor": "white", "cost": "D90", "value": "D90"}]
    assert h["C2"]["terrain"] == [{"cost": 20}]  # a cost on a gray hex: no terrain type
    assert h["D1"]["companies"] == [{"label": "NYC"}]  # a hex-level reservation
    assert h["D1"]["track"] == [{"side": 1}]
    assert "D1: a terminal path into a city or town is written as ordinary track (kept in encoding)" in notes
    assert h["D3"]["icons"] == [{"type": "mine"}]
    assert "D3: icon parameters name have no 18xx-maker field (kept in encoding)" in notes
    assert "C2: track lanes and ignore:1 have no 18xx-maker field (kept in encoding)" in notes
    assert "9" not in data["tiles"] and any(n.startswith("tile 9: a count of 0 cannot be written") for n in notes)
    assert "X-2" not in data["tiles"] and data["tiles"]["X2"]["quantity"] == 2
    assert "tile X-2: 18xx-maker tile ids are letters and digits; written as X2" in notes


def test_the_game_exports_tiles_read_back_with_unlimited_supply():
    s = import_18xx_games(MIXED_MAP, "mix.rb", lenient=True).scenario
    text, _ = export_18xx_maker(s)
    assert json.loads(text)["tiles"]["57"] == {"quantity": "∞"}
    back = {t.id: t for t in tiles_from_maker(text, "mix.json")}
    assert back == {t.id: t for t in s.tileset().tiles}
    assert back["57"].count is None and back["9"].count == 3 and back["X1"].count == 2

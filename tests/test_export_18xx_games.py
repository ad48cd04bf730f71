"""18xx.games map files: the 18 India export against the reference, round trips, golden import cases."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from editor.cli import main
from model.io import dumps, load, loads
from model.io.export_18xx_games import export_18xx_games, hex_strings, is_standard
from model.io.import_18xx_games import ImportError18xx, generic_upgrades, import_18xx_games
from model.io.ruby_eval import parse_ruby_constants
from model.io.tile_code import tile_code
from model.io.tile_parts import canonical_parts
from model.rules import available_rule_sets

REPO = Path(__file__).resolve().parents[1]
SCENARIO = REPO / "scenarios" / "18india.json"
REFERENCE = REPO / "tests" / "data" / "18india_reference.json"
CASES = Path(__file__).resolve().parent / "cases" / "import"


@pytest.fixture(scope="module")
def india():
    return load(SCENARIO)


@pytest.fixture(scope="module")
def reference():
    return json.loads(REFERENCE.read_text(encoding="utf-8"))


def _strings_by_label(scenario):
    groups, _ = hex_strings(scenario)
    return {lbl: (color, code) for color, g in groups.items() for code, labels in g.items() for lbl in labels}


def test_every_18india_hex_means_what_the_reference_string_means(india, reference):
    mine = _strings_by_label(india)
    assert set(mine) == {h["coord"] for h in reference["hexes"]}
    for h in reference["hexes"]:
        color, code = mine[h["coord"]]
        assert color == h["color"], h["coord"]
        assert canonical_parts(code) == canonical_parts(h["tobymao_dsl"]), (h["coord"], code, h["tobymao_dsl"])


def test_a_changed_hex_is_caught_by_the_comparison(india, reference):
    """The comparison above can fail: one border cost changed makes the strings differ."""
    cells = dict(india.board.cells)
    edges = [e.model_copy(update={"cost": 40}) if e.kind == "river" and e.cell == "G6" else e for e in india.board.edges]
    changed = india.model_copy(update={"board": india.board.model_copy(update={"cells": cells, "edges": edges})})
    mine = _strings_by_label(changed)
    ref = {h["coord"]: h["tobymao_dsl"] for h in reference["hexes"]}
    assert canonical_parts(mine["G6"][1]) != canonical_parts(ref["G6"])


def test_manifest_standard_counts_and_game_specific_codes(india, reference):
    src, _ = export_18xx_games(india)
    consts = parse_ruby_constants(src)
    assert consts["LAYOUT"].value == "flat"
    assert consts["AXES"].plain() == {"x": "letter", "y": "number"}
    assert [m.value for m in consts["__modules__"].value] == ["Engine", "Game", "G18India", "Map"]
    tiles = consts["TILES"].plain()
    ref_tiles = {t["name"]: t for t in reference["tiles"]}
    assert set(tiles) == set(ref_tiles)
    for name, t in ref_tiles.items():
        if t["definition"] == "standard":
            assert tiles[name] == t["count"], name
        else:
            assert tiles[name]["count"] == t["count"] and tiles[name]["color"] == t["color"], name
            assert canonical_parts(tiles[name]["code"]) == canonical_parts(t["tobymao_dsl"]), name
    names = consts["LOCATION_NAMES"].plain()
    assert names["D23"] == "MUMBAI" and names["G8"] == "DELHI" and "J37" not in names
    # one string is shared by many coordinates: far fewer entries than hexes
    n_entries = sum(len(g.value.items) for _, g in consts["HEXES"].value.items)
    assert n_entries < 150


def _without_game_data(text: str) -> dict:
    """The documented differences of a round trip through a map file: meta, companies, game
    state and reservations are not map data."""
    d = json.loads(text)
    for key in ("meta", "companies", "state"):
        d.pop(key, None)
    for cell in d["board"]["cells"].values():
        cell.pop("reserved", None)
        for city in cell.get("cities", []):
            city.pop("reserved", None)
    return d


def test_18india_round_trip_through_a_map_file(india):
    src, notes = export_18xx_games(india)
    result = import_18xx_games(src, "18india_map.rb")
    assert result.warnings == []
    back = result.scenario
    expected_rules = "18india" if "18india" in available_rule_sets() else "18xx"
    assert back.rules.id == expected_rules
    assert back.tiles.set == "18india"  # the manifest is exactly the bundled set
    assert _without_game_data(dumps(back)) == _without_game_data(dumps(india))
    # and what was left out is reported, not silently lost
    assert any("reservations" in n and n.startswith("G8") for n in notes)


def test_pointy_number_letter_golden_import_and_round_trip():
    case = CASES / "pointy_mixed"
    result = import_18xx_games((case / "map.rb").read_text(encoding="utf-8"), "map.rb")
    assert dumps(result.scenario) == (case / "expected.json").read_text(encoding="utf-8")
    s = result.scenario
    g = s.board.grid
    assert g.orientation == "pointy" and g.effective_axes == "number-letter"
    assert s.rules.id == "18xx"
    cells = s.board.cells
    assert cells["F2"].terrain == "offboard" and cells["F2"].cities[0].slots == 0
    assert cells["F2"].cities[0].revenue == "yellow_30|brown_50" and cells["F2"].name == "Chicago"
    assert cells["C5"].terrain == "mountain" and cells["C5"].cost == 80
    assert cells["F4"].color == "yellow" and cells["F4"].label == "OO" and len(cells["F4"].cities) == 2
    assert cells["B6"].color == "green" and cells["B6"].cities[0].slots == 2 and len(cells["B6"].towns) == 1
    assert cells["B4"].terrain == "lake" and cells["B4"].paths[0].terminal
    assert cells["A1"].terrain == "gray"
    assert cells["E5"].icons == ["image:port,sticky:1"]  # unconventional icon kept verbatim
    assert {(e.cell, e.edge, e.kind, e.cost) for e in s.board.edges} == {("D2", 4, "impassable", 0), ("E3", 5, "river", 20)}
    tiles = s.tileset()
    assert tiles.get("57").count is None and tiles.get("X1").label == "NY" and tiles.get("14").count == 2
    assert tiles.get("57").upgrades == ["14"]
    # exporting the imported map and reading it again changes nothing
    src, _ = export_18xx_games(s)
    assert dumps(import_18xx_games(src, "map.rb").scenario) == dumps(s)


def test_export_then_import_keeps_every_exported_string(india):
    """Strings written for every hex are read back to cells that write the same strings."""
    src, _ = export_18xx_games(india)
    back = import_18xx_games(src, "x.rb").scenario
    assert _strings_by_label(back) == _strings_by_label(india)


def test_square_grids_are_refused():
    s = loads((REPO / "tests" / "cases" / "import" / "pointy_mixed" / "expected.json").read_text())
    from model.grid import SquareGrid
    from model.io.export_18xx_games import ExportError

    square = s.model_copy(update={"board": s.board.model_copy(update={"grid": SquareGrid(width=3, height=3), "cells": {}, "edges": []})})
    with pytest.raises(ExportError):
        export_18xx_games(square)


def test_standard_tiles_are_recognised_by_track_not_by_name(india):
    t9 = india.tile("9")
    assert is_standard(t9)
    assert not is_standard(t9.model_copy(update={"id": "8"}))  # the number of another track
    assert not is_standard(t9.model_copy(update={"color": "green"}))


def test_generic_upgrades_follow_colour_label_and_exits(india):
    tiles = generic_upgrades([india.tile(i).model_copy(update={"upgrades": []}) for i in ("9", "8", "80", "81", "82", "83", "57", "619", "235", "59")])
    ups = {t.id: t.upgrades for t in tiles}
    assert ups["9"] == ["82", "83"]
    assert ups["8"] == ["80", "81", "82", "83"]
    assert ups["57"] == ["619"] and ups["235"] == ["59"]


def test_a_tile_with_an_unknown_part_keeps_it_and_names_its_line():
    src = "LAYOUT = :flat\nTILES = {\n  'Z' => { 'count' => 1, 'color' => 'yellow',\n    'code' => 'path=a:0,b:3;sparkle=color:red' },\n}\nHEXES = { white: { ['A2'] => '' } }\n"
    for lenient in (False, True):
        result = import_18xx_games(src, "t.rb", lenient=lenient)
        tile = result.scenario.tile("Z")
        assert tile.paths and tile.extra_parts == ["sparkle=color:red"]
        assert len([w for w in result.warnings if "t.rb:4:" in w and "sparkle" in w]) == 1
    keyed = src.replace("sparkle=color:red", "city=revenue:10,sparkle:1")  # a key on a city: carried, the city read without it
    result = import_18xx_games(keyed, "t.rb")
    city = result.scenario.tile("Z").nodes[0]
    assert (city.kind, city.revenue, city.extra) == ("city", 10, (("sparkle", "1"),))
    assert len([w for w in result.warnings if w.startswith("t.rb:4:") and "sparkle" in w]) == 1


def _bad_cases():
    return sorted(p.name for p in CASES.iterdir() if (p / "expect.json").is_file())


@pytest.mark.parametrize("name", _bad_cases())
def test_bad_import_files_exit_2_naming_the_line(name, tmp_path, capsys):
    case = CASES / name
    expect = json.loads((case / "expect.json").read_text())
    out = tmp_path / "out.json"
    rc = main(["import", str(case / "map.rb"), "--from", "18xx-games", "-o", str(out)])
    err = capsys.readouterr().err
    assert rc == expect["exit"] == 2
    assert f"map.rb:{expect['line']}:" in err, err
    assert expect["contains"] in err, err
    assert not out.exists()


def test_import_cli_writes_a_scenario_and_refuses_to_overwrite(tmp_path, capsys):
    out = tmp_path / "pointy.json"
    assert main(["import", str(CASES / "pointy_mixed" / "map.rb"), "--from", "18xx-games", "-o", str(out)]) == 0
    assert load(out).board.cells["F2"].name == "Chicago"
    before = out.read_bytes()
    assert main(["import", str(CASES / "pointy_mixed" / "map.rb"), "--from", "18xx-games", "-o", str(out)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert out.read_bytes() == before
    assert main(["check", str(out)]) == 0


def test_warnings_for_ignored_constants_name_the_line():
    src = "LAYOUT = :flat\nFOO = 3\nHEXES = { white: { ['A2'] => 'city=revenue:0,loc:1' } }\n"
    result = import_18xx_games(src, "w.rb")
    assert any(w.startswith("w.rb:2:") and "FOO" in w for w in result.warnings)
    assert result.scenario.board.cells["A2"].cities[0].loc == "1"  # a drawing position is kept, not warned about
    assert Counter(c.kind for c in [result.scenario.board.grid]) == Counter({"hex": 1})


def test_tile_code_of_every_18india_tile_parses_back(india):
    from model.io.tile_code import tile_from_code

    for t in india.tileset().tiles:
        back = tile_from_code(t.id, tile_code(t), t.color, t.count)
        assert canonical_parts(tile_code(back)) == canonical_parts(tile_code(t))


LENIENT_SRC = """LAYOUT = :flat
HEXES = {
  white: {
    %w[A2 B3] => 'city=revenue:0,outline:red',
    ['C2'] => 'upgrade=cost:40,terrain:swamp;sparkle=color:red',
  },
}.freeze
"""


def test_strict_import_refuses_drawing_leftovers_and_lenient_lists_each():
    with pytest.raises(ImportError18xx) as info:
        import_18xx_games(LENIENT_SRC, "l.rb")
    assert info.value.line == 4 and "--lenient" in info.value.message and "outline" in info.value.message
    result = import_18xx_games(LENIENT_SRC, "l.rb", lenient=True)
    cells = result.scenario.board.cells
    assert cells["A2"].cities and cells["B3"].cities
    assert (cells["C2"].cost, cells["C2"].costs[0].terrains) == (40, ["swamp"])  # any terrain is kept
    assert sum("l.rb:4:" in w and "outline" in w for w in result.warnings) == 2  # A2 and B3
    assert any("l.rb:5:" in w and "sparkle" in w for w in result.warnings)


def test_offboard_parts_anywhere_and_slotless_cities_round_trip():
    src = "LAYOUT = :flat\nHEXES = { gray: { ['A2'] => 'offboard=revenue:20;path=a:0,b:_0' }, red: { ['B3'] => 'city=revenue:20,slots:0;path=a:0,b:_0' } }\n"
    s = import_18xx_games(src, "o.rb").scenario
    assert s.board.cells["A2"].cities[0].offboard is True  # an off-board on a gray hex
    assert s.board.cells["B3"].cities[0].offboard is False  # a real city with no circle on a red hex
    out = export_18xx_games(s)[0]
    assert "'offboard=revenue:20;path=a:0,b:_0'" in out and "'city=revenue:20,slots:0;path=a:0,b:_0'" in out
    back = import_18xx_games(out, "o.rb").scenario
    assert back.board == s.board


NAMED = """
module Engine
  module Game
    module GNamed
      module Map
        LAYOUT = :flat
        TILES = {
          '57' => 2,
          'X9' => { 'count' => 1, 'color' => 'green', 'hidden' => 1, 'code' => 'path=a:0,b:3;path=a:1,b:4' },
          'X8' => { 'count' => 1, 'color' => 'green', 'code' => 'path=a:0,b:2;path=a:1,b:3' },
        }.freeze
        HEXES = {
          white: {
            %w[A1 A5] => 'blank',
            ['B2'] => 'city',
            ['B4'] => 'town',
            ['C1'] => '',
            ['C3'] => 'city=revenue:0',
          },
          yellow: { ['C5'] => '57' },
        }.freeze
      end
    end
  end
end
"""


def test_named_printed_tiles_and_hidden_tiles_are_exported_as_the_map_wrote_them():
    """The engine names a hex given as 'blank', 'city', 'town' or a tile number after that tile
    (any other hex after its coordinate), and keeps a tile's 'hidden' flag (Ruby's 1 is true)."""
    scenario = import_18xx_games(NAMED, "named/map.rb").scenario
    cells = scenario.board.cells
    assert (cells["A1"].printed_name, cells["B2"].printed_name, cells["B4"].printed_name, cells["C5"].printed_name) == (
        "blank", "city", "town", "57")
    assert "C1" not in cells and cells["C3"].printed_name is None  # written in the tile language: no name
    assert {t.id: t.hidden for t in scenario.tileset().tiles} == {"57": False, "X9": True, "X8": False}
    src, _ = export_18xx_games(scenario)
    consts = {k: v.plain() for k, v in parse_ruby_constants(src).items()}
    by_label = {lbl: code for group in consts["HEXES"].values() for key, code in group.items()
                for lbl in (key if isinstance(key, tuple | list) else [key])}
    assert (by_label["A1"], by_label["A5"], by_label["B2"], by_label["B4"], by_label["C5"]) == ("blank", "blank", "city", "town", "57")
    assert by_label["C1"] == "" and by_label["C3"] == "city=revenue:0"
    assert consts["TILES"]["X9"]["hidden"] is True and "hidden" not in consts["TILES"]["X8"]
    # a named hex that was edited is no longer that tile: it is written in the tile language
    edited = scenario.model_copy(update={"board": scenario.board.model_copy(update={"cells": {
        **cells, "B2": cells["B2"].model_copy(update={"label": "Z"})}})})
    code = _strings_by_label(edited)["B2"][1]
    assert code != "city" and canonical_parts(code) == canonical_parts("city=revenue:0;label=Z")
    again = import_18xx_games(src, "again/map.rb").scenario
    assert again.board.cells == scenario.board.cells


ADDED_GAME = """
module Engine
  module Game
    module GAdded
      class Game < Game::Base
        HOME_HEXES = {
          'AA' => { city: { %w[C1] => 'city=revenue:0' }, town: { %w[C1] => 'town=revenue:0' } },
        }.freeze

        def optional_hexes
          values = [10, 20].sort_by { rand }
          game_hexes.merge({ red: { ['A5'] => "offboard=revenue:yellow_#{values[0]};path=a:0,b:_0" } })
        end

        def game_hexes
          hexes = self.class::HEXES.dup
          if @corporations.find { |c| c.id == 'AA' }
            hexes[:white].merge!(HOME_HEXES['AA'][:city])
          else
            hexes[:white].merge!(HOME_HEXES['AA'][:town])
          end
          %w[AA].each { |corp| hexes[:white].merge!(HOME_HEXES[corp][:town]) }
          hexes
        end
      end
    end
  end
end
"""


def test_hexes_the_titles_code_adds_to_every_game_are_imported(tmp_path):
    """18USA's off-board areas (optional_hexes) and 18RoyalGorge's home towns (game_hexes) are in
    every game the engine builds, though not in the map file: the import has them, and says so."""
    folder = tmp_path / "g_added"
    folder.mkdir()
    (folder / "map.rb").write_text("""
module Engine
  module Game
    module GAdded
      module Map
        LAYOUT = :flat
        HEXES = { white: { %w[A1 A3 B2 B4] => '' }, red: { ['C5'] => 'offboard=revenue:10;path=a:0,b:_0' } }.freeze
      end
    end
  end
end
""", encoding="utf-8")
    (folder / "game.rb").write_text(ADDED_GAME, encoding="utf-8")
    plain = import_18xx_games((folder / "map.rb").read_text(), "g_added/map.rb").scenario
    assert not {"A5", "C1"} & {plain.board.grid.label(c) for c in plain.board.grid.ordered_coords}  # no game.rb read
    result = import_18xx_games((folder / "map.rb").read_text(), "g_added/map.rb", path=folder / "map.rb")
    cells = result.scenario.board.cells
    grid = result.scenario.board.grid
    labels = {grid.label(c) for c in grid.ordered_coords}
    assert {"A5", "C1"} <= labels and "C5" not in labels  # merge({red: ...}) replaces the map's red group
    assert cells["A5"].terrain == "offboard" and cells["A5"].cities[0].revenue == "yellow_0"
    assert cells["C1"].cities and not cells["C1"].towns  # the first variant the code names
    added = [w for w in result.warnings if "game.rb" in w]
    assert any(w.startswith("g_added/game.rb:") and "A5: added by optional_hexes" in w and "1 value(s)" in w for w in added), added
    assert any("C1: added by game_hexes" in w for w in added) and any("C5: replaced" in w for w in added)

"""Every construct of the 18xx.games map language, on a fixture of our own: import, fields, export back."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.cli import main
from model.io import load
from model.io.export_18xx_games import export_18xx_games
from model.io.import_18xx_games import import_18xx_games
from model.io.ruby_eval import HashValue, RubyProgram
from model.io.tile_parts import canonical_parts

CASE = Path(__file__).parent / "cases" / "import" / "constructs" / "map.rb"


@pytest.fixture(scope="module")
def result():
    return import_18xx_games(CASE.read_text(encoding="utf-8"), "map.rb")


def hex_codes(text: str) -> dict[str, str]:
    """Coordinate -> tile-language string of a map file's HEXES (first definition wins)."""
    hv = RubyProgram(text).value("HEXES")
    out: dict[str, str] = {}
    assert isinstance(hv.value, HashValue)
    for _colour, group in hv.value.items:
        for key, code in group.value.items:
            labels = key.plain()
            for lbl in [labels] if isinstance(labels, str) else labels:
                out.setdefault(lbl, code.value)
    return out


def test_grid_holds_coordinates_from_zero_left_of_a_and_off_parity(result):
    grid = result.scenario.board.grid
    assert (grid.letter_start, grid.number_start) == (-1, 0)
    assert {"B0", "a2", "A1", "G2"} <= set(grid.cells)
    assert grid.off_parity == ["G2"]
    assert grid.label(grid.coord("a2")) == "a2" and grid.label(grid.coord("B0")) == "B0"


def test_names_in_any_order_with_interpolation(result):
    cells = result.scenario.board.cells
    assert cells["C3"].name == "Grand Junction" and cells["B2"].name == "Portside"
    assert any(w.startswith("map.rb:14:") and "Z99" in w for w in result.warnings)
    # a name for a hex the map does not define (a title's code adds it) is kept for export
    assert result.scenario.board.other_names == {"Z99": "Nowhere"}
    assert "'Z99' => 'Nowhere'" in export_18xx_games(result.scenario)[0]
    assert any(w.startswith("map.rb:77:") and "method definition location_name" in w for w in result.warnings)


def test_stops_keep_every_detail(result):
    cells = result.scenario.board.cells
    city = cells["C3"].cities[0]
    assert (city.groups, city.visit_cost, city.route, city.boom) == (["NY"], 0, "optional", True)
    assert cells["C3"].towns[0].to_city
    halt = cells["C5"].towns[0]
    assert halt.halt and halt.symbol == "M" and halt.route == "mandatory"
    assert cells["C5"].junction_count == 2
    gray_off = cells["E5"].cities[0]
    assert gray_off.offboard is True and gray_off.hide and gray_off.revenue == "yellow_30|brown_60"
    red_off = cells["E3"].cities[0]
    assert red_off.offboard is None and red_off.slots == 0 and (red_off.format, red_off.rows) == ("+%d", 2)
    assert cells["E1"].cities[0].offboard is False  # a real city with no circle on a red hex


def test_track_kinds_lanes_and_terminals(result):
    cells = result.scenario.board.cells
    d4 = cells["D4"].paths
    assert d4[0].lanes == 2 and (d4[1].a_lane, d4[1].b_lane) == ("2.0", "2.1")
    assert d4[2].track == "future" and d4[3].track == "thin" and d4[3].ignore
    c3 = cells["C3"].paths
    assert c3[0].track == "narrow" and c3[1].terminal and c3[1].terminal_style == 2


def test_borders_of_every_type_and_one_sided_ones(result):
    edges = {(f.cell, f.edge, f.kind): f for f in result.scenario.board.edges}
    assert edges[("B0", 0, "mountain")].cost == 60 and not edges[("B0", 0, "mountain")].one_sided  # declared on both
    assert ("C3", 1, "border") in edges  # no type: impassable to track
    assert edges[("C3", 2, "gauge")].color == "red" and edges[("C3", 2, "river")].cost == 30
    assert edges[("D4", 5, "river")].cost == 20 and ("D4", 0, "impassable") in edges
    assert ("C5", 4, "divider") in edges and ("E3", 4, "offboard") in edges
    assert edges[("D4", 5, "river")].one_sided  # its neighbour does not declare it


def test_terrain_costs_colours_and_decorations(result):
    cells = result.scenario.board.cells
    assert (cells["B2"].terrain, cells["B2"].cost) == ("water", 40) and not cells["B2"].costs
    assert cells["C3"].costs[0].terrains == ["mountain", "river"] and cells["C3"].cost == 80
    assert [c.terrains[0] for c in cells["D6"].costs] == ["cow_skull", "swamp"] and cells["D6"].costs[0].size == 2
    assert cells["F2"].color == "sepia" and cells["F4"].color == "salmon" and cells["F6"].color == "empty"
    c5 = cells["C5"]
    assert c5.stubs == [5] and c5.partitions[0].type == "water" and c5.stripes == "white"
    assert (c5.future_label.label, c5.future_label.color) == ("T", "green")
    assert cells["F2"].icons == ["image:18_gb/west,loc:hex,large:1,blocks_lay:1"]


def test_tiles_in_every_form(result):
    ts = result.scenario.tileset()
    assert ts.get("7").count is None and ts.get("57").count == 3
    x1 = ts.get("X1")
    assert x1.color == "purple" and x1.hidden and x1.labels == ["Y"] and x1.paths[0].track == "dual"
    assert result.scenario.tiles.groups == [["X1", "X2"], ["7"]]  # double-sided tiles
    x2 = ts.get("X2")
    assert x2.costs[0].terrains == ["river"] and x2.icons == ["image:port"] and x2.frame.color == "#ff0000"


def test_export_writes_every_hex_back_with_the_same_meaning(result):
    src, _notes = export_18xx_games(result.scenario)
    before, after = hex_codes(CASE.read_text(encoding="utf-8")), hex_codes(src)
    assert set(before) == set(after)
    for lbl, code in before.items():
        assert canonical_parts(code) == canonical_parts(after[lbl]), lbl
    back = import_18xx_games(src, "back.rb")
    assert back.scenario.board == result.scenario.board
    assert back.scenario.tileset().tiles == result.scenario.tileset().tiles
    assert "'hidden' => true" in src and "  sepia: {" in src and "  empty: {" in src
    assert back.scenario.tiles.groups == [["X1", "X2"], ["7"]]


def test_cli_imports_the_fixture_and_the_file_loads(tmp_path):
    out = tmp_path / "c.json"
    assert main(["import", str(CASE), "--from", "18xx-games", "-o", str(out)]) == 0
    s = load(out)
    assert s.board.cells["C5"].future_label.label == "T"


def test_18xx_maker_export_keeps_every_hex_in_its_encoding_and_draws_the_new_kinds(result):
    from model.io.export_18xx_maker import export_18xx_maker_data

    data, _notes = export_18xx_maker_data(result.scenario)
    before = hex_codes(CASE.read_text(encoding="utf-8"))
    seen = set()
    for h in data["map"]["hexes"]:
        for lbl in h["hexes"]:
            seen.add(lbl)
            assert canonical_parts(h.get("encoding", "")) == canonical_parts(before[lbl]), lbl
    assert seen == set(before) - {"a2", "F6"}  # not an 18xx-maker coordinate; a hole (both in the notes)
    d4 = next(h for h in data["map"]["hexes"] if "D4" in h["hexes"])
    assert {t.get("gauge") for t in d4["track"]} == {None, "line"}
    assert {"type": "straight", "side": 3, "color": "mainline"} in d4["track"]  # future track
    c3 = next(h for h in data["map"]["hexes"] if "C3" in h["hexes"])
    assert c3["terrain"] == [{"type": "mountain", "cost": 80}, {"type": "river"}]
    assert {"side": 3, "color": "red", "dashed": True} in c3["borders"]  # the border's own colour
    assert data["tiles"]["X1"]["color"] == "purple" and "track:dual" in data["tiles"]["X1"]["encoding"]


def test_layout_and_tiles_from_the_titles_other_files(tmp_path):
    """A map file without LAYOUT/AXES/TILES: the engine takes them from game.rb (or the game it
    derives from, and that game's map module) and tiles.rb; so does the import."""
    games = tmp_path / "lib" / "engine" / "game"
    (games / "g_base_title").mkdir(parents=True)
    (games / "g_child").mkdir()
    (games / "g_base_title" / "game.rb").write_text("module Engine\n  module Game\n    module GBaseTitle\n      class Game < Game::Base\n        LAYOUT = :flat\n      end\n    end\n  end\nend\n")
    (games / "g_base_title" / "map.rb").write_text("module Engine\n  module Game\n    module GBaseTitle\n      module Map\n        AXES = { x: :number, y: :letter }.freeze\n      end\n    end\n  end\nend\n")
    (games / "g_child" / "game.rb").write_text("module Engine\n  module Game\n    module GChild\n      class Game < GBaseTitle::Game\n        def foo; end\n      end\n    end\n  end\nend\n")
    (games / "g_child" / "tiles.rb").write_text("module Engine\n  module Game\n    module GChild\n      module Tiles\n        TILES = { '9' => 3 }.freeze\n      end\n    end\n  end\nend\n")
    text = ("module Engine\n  module Game\n    module GChild\n      module Map\n        LOCATION_NAMES = { B1: 'Sym', 'A2' => 'Str' }.freeze\n"
            "        HEXES = { white: { %w[A2 B1] => '' } }.freeze\n      end\n    end\n  end\nend\n")
    (games / "g_child" / "map.rb").write_text(text)
    r = import_18xx_games(text, "map.rb", path=games / "g_child" / "map.rb")
    grid = r.scenario.board.grid
    assert grid.orientation == "flat" and grid.effective_axes == "number-letter"
    assert r.scenario.tileset().get("9").count == 3
    assert any("LAYOUT" in w and "g_base_title/game.rb:5" in w for w in r.warnings)
    assert any("AXES" in w and "g_base_title/map.rb:5" in w for w in r.warnings)
    assert any("TILES" in w and "g_child/tiles.rb:5" in w for w in r.warnings)
    # a symbol key names nothing in the engine (it looks names up by string), nor here
    assert r.scenario.board.cells["A2"].name == "Str" and "B1" not in r.scenario.board.cells
    assert any("symbol" in w for w in r.warnings)
    # without the file on disk: the engine's defaults, with a warning
    bare = import_18xx_games(text, "map.rb")
    assert bare.scenario.board.grid.orientation == "pointy"


def test_exports_leave_out_an_empty_tile_list():
    s = import_18xx_games("LAYOUT = :flat\nHEXES = { white: { ['A2'] => '' } }\n", "x.rb").scenario
    src, notes = export_18xx_games(s)
    assert "TILES = {" not in src and any("TILES is left out" in n for n in notes)


def test_hit_testing_finds_hexes_of_both_parities(result):
    grid = result.scenario.board.grid
    for lbl in ("G2", "C5", "a2", "B0"):
        x, y = grid.centre(grid.coord(lbl), 100.0)
        assert grid.cell_at(x, y, 100.0) == grid.coord(lbl), lbl


def test_the_titles_game_class_sets_the_rule_options():
    """TILE_LAYS, TRACK_RESTRICTION and IMPASSABLE_HEX_COLORS of the title's game.rb (read, not run)
    become the 18xx rule set's named options; without the file beside the map, the defaults."""
    from model.rules import get_rule_set

    rb = Path(__file__).resolve().parent / "cases" / "import" / "title_options" / "map.rb"
    s = import_18xx_games(rb.read_text(encoding="utf-8"), str(rb), path=rb).scenario
    assert s.rules.options == {"tile_lays": 2, "track_restriction": "restrictive", "impassable_colors": "gray red"}
    assert get_rule_set(s.rules.id).option_issues(s) == []
    alone = import_18xx_games(rb.read_text(encoding="utf-8"), "map.rb").scenario
    assert alone.rules.options == {}


def test_a_later_edition_takes_the_names_and_layout_of_the_game_it_derives_from():
    """A second edition whose map file redraws only the hexes: LAYOUT and LOCATION_NAMES come from
    the map of the game its game class derives from, TILES from that game class (as the engine's
    constant lookup finds them)."""
    rb = Path(__file__).resolve().parent / "cases" / "import" / "editions" / "g_first2" / "map.rb"
    r = import_18xx_games(rb.read_text(encoding="utf-8"), str(rb), path=rb)
    s = r.scenario
    assert s.board.grid.orientation == "pointy"
    assert {lbl: c.name for lbl, c in s.board.cells.items() if c.name} == {"B2": "Harbour", "C3": "Mill"}
    assert any("LOCATION_NAMES is not in the map file; taken from g_first/map.rb" in w for w in r.warnings)
    # the tiles: neither map file lists them; the first edition's game class does (as 18OE's do)
    assert {t.id: t.count for t in s.tileset().tiles} == {"7": 2, "57": None}


def test_a_map_the_titles_code_picks_from_several_hex_constants():
    """1888's ``game_hexes`` picks NORTH_HEXES or EAST_HEXES: named, the import holds that map only
    (a hex of the other map is not on the board); unnamed, the union of both, with a warning."""
    text = ("LAYOUT = :pointy\n"
            "NORTH_HEXES = { white: { %w[A2 B1] => '' }, blue: { ['C2'] => '' } }.freeze\n"
            "EAST_HEXES = { white: { %w[A2 C2] => 'city=revenue:0' }, gray: { ['A4'] => 'path=a:0,b:5' } }.freeze\n")
    north = import_18xx_games(text, "map.rb", hexes="NORTH_HEXES").scenario
    grid = north.board.grid
    assert sorted(grid.label(c) for c in grid.ordered_coords) == ["A2", "B1", "C2"]
    assert not north.board.cells.get("A2") or not north.board.cells["A2"].cities
    union = import_18xx_games(text, "map.rb")
    assert "A4" in {union.scenario.board.grid.label(c) for c in union.scenario.board.grid.ordered_coords}
    assert any("union of NORTH_HEXES, EAST_HEXES" in w for w in union.warnings)
    with pytest.raises(Exception, match="SOUTH_HEXES"):
        import_18xx_games(text, "map.rb", hexes="SOUTH_HEXES")

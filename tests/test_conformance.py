"""The conformance suite's own parts, without Ruby or an engine checkout.

* ``generic_upgrades`` and ``stops_preserved``: a labelled tile may merge its cities (as the
  engine's ``upgrades_to?``); an unlabelled one may not.
* :mod:`model.rules.eighteen_xx.tables`: the static yellow and upgrade tables, whose shortcuts
  (alike hexes, rotation symmetry) must answer as the hex-by-hex, rotation-by-rotation path does.
* ``tools/conformance.py``: rows for maps that do not import, the row-by-row comparison with an
  engine answer (override rows and hexes the game's set-up changes are excluded and counted; hexes
  the import lacks are compared), the verdicts (agree only with compared rows), the baseline of
  compared and excluded counts, the generated block of docs/conformance.md.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest
from test_18xx_rules import make

from model.io.import_18xx_games import generic_upgrades, import_18xx_games
from model.rules import Move, get_rule_set
from model.rules.eighteen_xx import EighteenXX, tables
from model.tiles import TileDef

ROOT = Path(__file__).resolve().parent.parent

# A small map in the 18xx.games file format: a two-city C hex that becomes one big C city in
# brown (the engine's 1877 Caracas tiles X1 -> X3), beside unlabelled two-city tiles.
MAP = """
module Engine
  module Game
    module GTiny
      module Map
        LAYOUT = :flat
        TILES = {
          '8' => 2,
          'Y1' => { 'count' => 1, 'color' => 'yellow',
                    'code' => 'city=revenue:20;city=revenue:20;path=a:1,b:_0;path=a:_1,b:5;label=C' },
          'X1' => { 'count' => 1, 'color' => 'green',
                    'code' => 'city=revenue:50;city=revenue:50;path=a:1,b:_0;path=a:_1,b:5;label=C' },
          'X3' => { 'count' => 1, 'color' => 'brown',
                    'code' => 'city=revenue:60,slots:2;path=a:1,b:_0;path=a:_0,b:5;label=C' },
          'G2' => { 'count' => 1, 'color' => 'green',
                    'code' => 'city=revenue:30;city=revenue:30;path=a:1,b:_0;path=a:_1,b:5' },
          'B1' => { 'count' => 1, 'color' => 'brown',
                    'code' => 'city=revenue:60,slots:2;path=a:1,b:_0;path=a:_0,b:5' },
        }.freeze
        HEXES = {
          white: {
            %w[A1 A3 A5 B4 C1 C3 C5] => '',
            ['B2'] => 'city=revenue:0;city=revenue:0;label=C',
          },
          gray: { ['B6'] => 'path=a:0,b:3' },
        }.freeze
      end
    end
  end
end
"""


def load_tool():
    spec = importlib.util.spec_from_file_location("conformance_tool", ROOT / "tools" / "conformance.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def tiny():
    return import_18xx_games(MAP, "tiny/map.rb").scenario


@pytest.fixture(scope="module")
def rules():
    return get_rule_set("18xx")


class Hooked(EighteenXX):
    """The generic rules with a title hook that changes nothing: the tables take their slow path."""

    id = "18xx-hooked-test"

    def rotation_failure(self, sit, coord, new, rotation):
        return None


def test_labelled_tiles_may_merge_their_cities(tiny):
    ups = {t.id: t.upgrades for t in tiny.tileset().tiles}
    assert ups["X1"] == ["X3"]  # labelled C: two cities become one
    assert ups["G2"] == []  # unlabelled: the city count must stay
    assert ups["Y1"] == ["X1"]
    std = {t.id: t for t in generic_upgrades(tiny.tileset().tiles)}
    assert std["X1"].upgrades == ["X3"]


def test_the_rule_set_upgrades_a_labelled_two_city_tile_to_one_city(tiny, rules):
    laid = tiny.model_copy(update={"board": tiny.board.model_copy(update={"cells": {
        **tiny.board.cells, "B2": tiny.board.cells["B2"].model_copy(update={"tile": _laid("X1", 0)})}})})
    assert rules.explain(laid, Move("upgrade", "B2", "X3", 0)).legal
    assert rules.explain(laid, Move("upgrade", "B2", "X3", 1)).rule == "18xx.paths-preserved"
    assert rules.explain(laid, Move("upgrade", "B2", "B1", 0)).rule == "18xx.not-upgradeable"


def _laid(tile, rotation):
    from model.board import LaidTile

    return LaidTile(tile=tile, rotation=rotation)


def test_yellow_table_of_the_tiny_map(tiny, rules):
    table = tables.yellow_table(rules, tiny)
    # flat hexes: B2's neighbours lie on edges 0 (B4), 1 (A3), 2 (A1), 4 (C1), 5 (C3); edge 3 is off
    # the map. Only the labelled two-city tile fits; Y1's exits 1 and 5 turned by r must avoid 3.
    assert table["B2"] == {"Y1": [0, 1, 3, 5]}
    assert "B6" not in table  # gray
    # C3 has every neighbour but B6's blank sides and the map's edge: tile 8 (edges 0-2 turned) fits
    # where both exits are accepted, and nowhere a city tile would
    assert set(table["C3"]) == {"8"}
    assert all(rot in range(6) for rots in table["C3"].values() for rot in rots)


@pytest.mark.parametrize("scenario_name", ["tiny", "small"])
def test_table_shortcuts_answer_as_the_full_checks(scenario_name, tiny, rules):
    scenario = tiny if scenario_name == "tiny" else make(tiles={"B5": ("yc", 0)})
    slow = Hooked()
    assert tables.yellow_table(rules, scenario) == tables.yellow_table(slow, scenario)
    plain = "B4" if scenario_name == "tiny" else "B7"
    fast_up = tables.upgrade_table(rules, scenario, plain)
    assert fast_up == tables.upgrade_table(slow, scenario, plain)
    assert any(fast_up.values())


def test_yellow_table_agrees_with_the_placements_the_overlay_uses(rules):
    scenario = make(tiles={"B5": ("yc", 0)})
    table = tables.yellow_table(rules, scenario)
    options = rules.static_yellow_options(scenario)
    for label, row in options.items():
        for tile, rots in row.items():
            assert set(rots) <= set(table[label][tile])
    for label, row in table.items():
        assert set(row) == set(options[label])


def test_a_map_that_does_not_import_is_a_row(tmp_path):
    tool = load_tool()
    bad = tmp_path / "g_bad" / "map.rb"
    bad.parent.mkdir()
    bad.write_text("HEXES = { white: { ['A1'] => 'city=revenue:10,slots:many' } }\n", encoding="utf-8")
    row = tool.TitleRow("Bad", str(bad))
    assert tool.import_and_export(row, tmp_path) is None
    assert row.problem.startswith("import failed: g_bad/map.rb:1: A1")
    assert not row.map_passed and row.verdict == row.problem


def test_rule_rows_are_compared_with_the_engine_answer(tiny, rules):
    tool = load_tool()
    row = tool.TitleRow("Tiny", "tiny/map.rb", scenario=tiny)
    yellow = tables.yellow_table(rules, tiny)
    upgrade = tables.upgrade_table(rules, tiny, "B4")
    engine = {"overrides": [], "yellow_ms": 10.0, "upgrade_ms": 10.0, "setup_changed": [],
              "setup_tiles": [], "yellow": json.loads(json.dumps(yellow)), "upgrade": {"hex": "B4", "table": upgrade}}
    same = tool.compare_rules(row, engine)
    assert same["yellow"]["disagree"] == 0 and same["upgrade"]["disagree"] == 0
    assert same["yellow"]["rows"] == same["yellow"]["compared"] == 9 * 2  # 9 hexes x 2 yellow tiles
    assert same["upgrade"]["rows"] == 4 * 6 * 2  # 8, Y1, X1, G2 at 6 rotations x 2 tiles of the next colour

    wrong = json.loads(json.dumps(engine))
    wrong["yellow"]["C3"] = {"8": [0]}
    wrong["upgrade"]["table"]["X1@0"] = {}
    diff = tool.compare_rules(row, wrong)
    assert diff["yellow"]["disagree"] == 1 and diff["upgrade"]["disagree"] == 1
    assert "C3 8: engine [0]" in diff["yellow"]["examples"][0]

    wrong["setup_changed"] = ["C3"]  # the game's setup changed C3: its rows are not compared
    wrong["overrides"] = ["game.rb:1 G#upgrades_to?"]
    wrong["plain_yellow"] = engine["yellow"]
    wrong["plain_upgrade"] = engine["upgrade"]  # the common predicates would allow X1@0 -> X3
    skipped = tool.compare_rules(row, wrong)
    # C3/8 differs between the title's and the common predicates: the override's row; C3/Y1: set up
    assert skipped["yellow"]["disagree"] == 0
    assert (skipped["yellow"]["override_rows"], skipped["yellow"]["setup_rows"]) == (1, 1)
    assert (skipped["yellow"]["compared"], skipped["yellow"]["excluded"]) == (9 * 2 - 2, 2)
    assert skipped["upgrade"]["disagree"] == 0 and skipped["upgrade"]["override_rows"] == 1

    removed = json.loads(json.dumps(engine))  # the game's setup removed tile 8 from the manifest
    removed["yellow"]["C3"] = {}
    removed["setup_tiles"] = ["8"]
    gone = tool.compare_rules(row, removed)
    assert gone["yellow"]["disagree"] == 0 and gone["yellow"]["setup_rows"] == 9  # 8 on each of 9 hexes
    assert gone["upgrade"]["setup_rows"] == 6 * 2  # 8@0-5 against X1 and G2


def _ruled(title, yellow=(10, 0, 0), upgrade=(12, 0, 0), **extra):
    """A row with rule tables: (compared, excluded, disagree) per table."""
    def table(t):
        return {"rows": t[0] + t[1], "compared": t[0], "excluded": t[1], "override_rows": t[1], "setup_rows": 0,
                "disagree": t[2], "examples": []}
    rules = {"overrides": [], "override_error": None, "setup_changed": [], "setup_tiles": [], "missing_hexes": [],
             "drawn_hexes": [], "engine_ms": 10.0, "ours_ms": 1.0, "yellow": table(yellow), "upgrade": table(upgrade), **extra}
    return load_tool().TitleRow(title, f"{title}/map.rb", hexes=10, tiles=3, rules=rules)


def test_a_title_agrees_only_when_both_tables_compared_rows():
    tool = load_tool()
    assert tool.rules_verdict(_ruled("A")) == "agree"
    assert tool.rules_verdict(_ruled("B", upgrade=(0, 0, 0))) == "not judged: no upgrade rows compared"
    assert tool.rules_verdict(_ruled("C", yellow=(0, 5, 0), upgrade=(0, 0, 0))) == "not judged: no yellow rows and no upgrade rows compared"
    assert tool.rules_verdict(_ruled("D", override_error="NoMethodError")).startswith("not judged: the title's own predicates")
    assert tool.rules_verdict(_ruled("E", yellow=(10, 0, 2))) == "disagree"
    assert tool.rules_verdict(tool.TitleRow("F", "f/map.rb")) == "not run"
    text = tool.summary([_ruled("A"), _ruled("B", upgrade=(0, 0, 0)), _ruled("E", yellow=(10, 0, 2))])
    assert "rule tables for 3: 1 agree, 1 disagree, 1 not judged, 0 fail; 54 rows compared, 0 excluded" in text


def test_the_console_prints_compared_and_excluded_rows_as_such(capsys):
    tool = load_tool()
    tool.print_rows([_ruled("A", yellow=(7, 5, 1))])
    out = capsys.readouterr().out
    assert "yellow 7 compared, 1 differ, 5 (5 override) excluded" in out and "12/12" not in out


def test_the_baseline_catches_fewer_compared_more_excluded_and_lost_titles(tmp_path):
    tool = load_tool()
    good = _ruled("Good")
    lost = tool.TitleRow("Lost", "l/map.rb", problem="import failed: l/map.rb:3: X")
    base = tmp_path / "baseline.json"
    tool.write_baseline([good, lost], base)
    data = json.loads(base.read_text(encoding="utf-8"))
    assert data["titles"]["Good"] == {"map": "equal", "hexes": 10, "rules": "agree",
                                      "yellow": {"compared": 10, "excluded": 0, "disagree": 0},
                                      "upgrade": {"compared": 12, "excluded": 0, "disagree": 0}}
    assert tool.check_baseline([good, lost], base) == []
    worse = [_ruled("Good", yellow=(9, 1, 0)), lost]
    assert tool.check_baseline(worse, base) == ["Good: yellow rows compared dropped from 10 to 9",
                                                "Good: yellow rows excluded grew from 0 to 1"]
    assert tool.check_baseline([_ruled("Good", upgrade=(0, 0, 0))], base) == [
        "Good: rule tables no longer agree (not judged)", "Good: upgrade rows compared dropped from 12 to 0",
        "Lost: no longer judged (not among the engine's titles, or left out)"]
    broken = tool.TitleRow("Good", "g/map.rb", problem="export failed: x")
    assert tool.check_baseline([broken, lost], base)[:2] == ["Good: map no longer equal", "Good: rule tables no longer agree (not run)"]
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"maps": ["Good"], "rules": []}), encoding="utf-8")
    assert "old baseline of title names only" in tool.check_baseline([good], old)[0]


def test_the_report_lives_between_markers_beside_other_sections(tmp_path):
    tool = load_tool()
    good = _ruled("Good")
    lost = tool.TitleRow("Lost", "l/map.rb", problem="import failed: l/map.rb:3: X")
    page = tmp_path / "conformance.md"
    page.write_text("# Conformance with the 18xx.games engine\n\nIntro.\n\n## Replay\n\nkept\n", encoding="utf-8")
    tool.write_page(page, tool.markdown([good, lost], tmp_path / "engine"))
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# Conformance with the 18xx.games engine\n\nIntro.\n\n## Replay\n\nkept\n")
    assert "| Lost | `l/map.rb` | - | 0 | 0 | 0 | import failed: l/map.rb:3: X |" in text
    assert "2 titles: 0 import, 1 export equal" in text and text.count(tool.BEGIN) == 1
    tool.write_page(page, tool.markdown([good], tmp_path / "engine"))  # again: the block is replaced, the rest kept
    again = page.read_text(encoding="utf-8")
    assert again.count(tool.BEGIN) == 1 and "| Lost |" not in again and "## Replay\n\nkept" in again


def test_rows_on_hexes_the_import_lacks_are_compared_and_drawn_hexes_take_any_draw(tiny, rules):
    tool = load_tool()
    row = tool.TitleRow("Tiny", "tiny/map.rb", scenario=tiny)
    yellow = json.loads(json.dumps(tables.yellow_table(rules, tiny)))
    upgrade = tables.upgrade_table(rules, tiny, "B4")
    engine = {"overrides": [], "yellow_ms": 1.0, "upgrade_ms": 1.0, "setup_changed": [], "setup_tiles": [],
              "yellow": yellow, "upgrade": {"hex": "B4", "table": upgrade}, "hexes": ["A1", "Z9"]}
    engine["yellow"]["Z9"] = {"8": [0, 3]}  # a hex the engine has and the import lacks
    out = tool.compare_rules(row, engine)
    assert out["missing_hexes"] == ["Z9"] and out["yellow"]["disagree"] == 1 and out["yellow"]["excluded"] == 0
    assert out["yellow"]["compared"] == 10 * 2 and "Z9 8: engine [0, 3] ours []" in out["yellow"]["examples"][0]
    drawn = json.loads(json.dumps(engine))
    drawn["yellow"]["C3"] = {"8": [1]}  # this draw has other rotations at C3 ...
    drawn["drawn"] = {"C3": [{"8": [0]}, {"8": sorted(yellow["C3"]["8"])}]}  # ... another draw ours
    del drawn["yellow"]["Z9"]
    drawn["hexes"] = ["A1"]
    got = tool.compare_rules(row, drawn)
    assert got["yellow"]["disagree"] == 0 and got["drawn_hexes"] == ["C3"]
    drawn["drawn"] = {"C3": [{"8": [0]}]}
    assert tool.compare_rules(row, drawn)["yellow"]["disagree"] == 1


def test_title_options_come_from_the_game_class_constants():
    from model.io.title_options import title_options

    options, notes = title_options({
        "TILE_LAYS": [{"lay": True, "upgrade": True}, {"lay": True, "upgrade": "not_if_upgraded"}],
        "TRACK_RESTRICTION": "permissive",
        "IMPASSABLE_HEX_COLORS": ["blue", "red"],
        "BANK_CASH": 9000,
    })
    assert options == {"tile_lays": 2, "track_restriction": "permissive", "impassable_colors": "blue red"}
    assert notes == []
    rules = get_rule_set("18xx")
    scenario = make().model_copy(update={"rules": make().rules.model_copy(update={"options": options})})
    assert rules.option_issues(scenario) == []  # every option is one the rule set knows, with a valid value
    assert rules.explain(scenario, Move("lay", "B5", "yc", 1, actor="X")).legal  # gray C4 takes track now

    options, notes = title_options({"TRACK_RESTRICTION": "city_restrictive", "TILE_LAYS": "x" * 200})
    assert options == {}
    assert "city_restrictive" in notes[1] and len(notes[0]) < 160


def test_an_upgrade_keeps_the_gauge_of_the_old_track():
    from model.rules.eighteen_xx.hexmap import TrackView
    from model.tiles import Node, TileDef, TilePath
    from model.upgrading.predicates import paths_preserved

    town = TileDef(id="t4", color="green", nodes=[Node(kind="town")],
                   paths=[TilePath(a=e, b="n0") for e in (0, 1, 2, 3)])
    for kinds, kept in ((("broad", "broad"), True), (("narrow", "broad"), False), (("broad", "thin"), False)):
        old = TrackView(color="yellow", label=None, tile=None, rotation=0, node_kinds=("town",), node_slots=(0,),
                        paths=((0, "n0", False), (1, "n0", False)), tracks=kinds)
        fail = paths_preserved(old, town, 0)
        assert (fail is None) is kept, kinds
        if not kept:
            assert "gauge" in fail[1]
    old = TrackView(color="yellow", label=None, tile=None, rotation=0, node_kinds=(), node_slots=(),
                    paths=((0, 3, False),), tracks=("narrow",))
    straight = TileDef(id="s", color="green", paths=[TilePath(a=0, b=3), TilePath(a=1, b=4)])
    assert paths_preserved(old, straight, 0)[1].endswith("the narrow gauge of the track at edge(s) 0, 3 is not kept")


def test_two_towns_may_exchange_edges_when_every_old_path_is_kept():
    """18xx.games compares an upgrade path by path, stops by kind (its 1862 double-town tiles)."""
    from model.rules.eighteen_xx.hexmap import tile_view
    from model.tiles import Node, TileDef, TilePath
    from model.upgrading.predicates import paths_preserved

    def towns(tid, color, a, b):
        return TileDef(id=tid, color=color, nodes=[Node(kind="town"), Node(kind="town")],
                       paths=[TilePath(a=a[0], b="n0"), TilePath(a=a[1], b="n0"), TilePath(a=b[0], b="n1"), TilePath(a=b[1], b="n1")])

    old = tile_view(towns("16_2", "green", (1, 3), (0, 2)), 0)
    assert paths_preserved(old, towns("780_2a", "brown", (0, 3), (1, 2)), 0) is None
    lost = paths_preserved(old, towns("x", "brown", (0, 3), (1, 4)), 0)
    assert lost is not None and "town's track to edge(s) 2" in lost[1]
    # an upgrade may add a city on new edges (as 18xx.games allows: a one-city tile to a two-city one)
    one = tile_view(TileDef(id="c1", color="yellow", nodes=[Node(kind="city")], paths=[TilePath(a=0, b="n0")]), 0)
    two = TileDef(id="c2", color="green", nodes=[Node(kind="city"), Node(kind="city")],
                  paths=[TilePath(a=0, b="n0"), TilePath(a=3, b="n1")])
    assert paths_preserved(one, two, 0) is None
    assert paths_preserved(one, two, 1)[1].endswith("a city's track to edge(s) 0 is not kept")


def test_a_future_label_is_the_label_of_the_tiles_of_its_colour():
    from model.rules.eighteen_xx.hexmap import TrackView
    from model.tiles import TileDef
    from model.upgrading.predicates import label_matches

    green_c = TrackView(color="green", label="C", tile=None, rotation=0, node_kinds=(), node_slots=(), paths=(),
                        future_label=("P", "brown"))
    assert label_matches(green_c, TileDef(id="170", color="brown", label="P")) is None
    assert label_matches(green_c, TileDef(id="x", color="brown", label="C"))[0] == "label-mismatch"
    white = TrackView(color="white", label=None, tile=None, rotation=0, node_kinds=(), node_slots=(), paths=(),
                      future_label=("Chi", "green"))
    assert label_matches(white, TileDef(id="y", color="yellow")) is None  # the yellow tile has no label yet
    assert label_matches(white, TileDef(id="b", color="brown", label="Chi")) is not None  # one step at a time
    assert label_matches(white, TileDef(id="b", color="brown", label="Chi"), later=True) is None  # up the chain



def test_a_tile_whose_icon_blocks_lays_is_not_an_ordinary_lay():
    from types import SimpleNamespace

    from model.upgrading.predicates import special_only

    port = SimpleNamespace(id="437", icons=["image:port,blocks_lay:1"])  # a tile as 18xx.games' config has it
    assert special_only(port)[0] == "special-tile"
    assert special_only(SimpleNamespace(id="57", icons=["image:port,sticky:true"])) is None
    assert special_only(TileDef(id="57", color="yellow")) is None  # a tile with no icons at all


def test_off_board_cities_and_halts_have_roles_of_their_own():
    from types import SimpleNamespace

    from model.board import Cell, City
    from model.rules.eighteen_xx.hexmap import node_role, printed_view

    red = printed_view(Cell(terrain="offboard", cities=[City(slots=0, revenue=40)]))
    assert (red.city_count, red.stop_city_count, red.node_roles) == (1, 0, ("offboard",))
    white = printed_view(Cell(cities=[City()]))
    assert (white.stop_city_count, white.roles) == (1, ())
    assert node_role(SimpleNamespace(halt=True), "town", False) == "halt"
    assert node_role(SimpleNamespace(offboard=True, slots=0), "city", False) == "offboard"
    assert node_role(SimpleNamespace(offboard=False, slots=0), "city", True) == "city"

"""Tiles in 18xx.games TILES code and 18xx-maker's tile format: written, read back, refused."""

from __future__ import annotations

import json

import pytest

from model.io.tile_code import tile_code
from model.io.tile_formats import (
    TileFormatError,
    tiles_from_18xx_games,
    tiles_from_maker,
    tiles_to_18xx_games,
    tiles_to_maker,
)
from model.tiles import Node, TileDef, TilePath, load_tileset

STD = load_tileset("18xx-standard")
B_CITY = TileDef(
    id="B1", color="green", label="B", count=2,
    nodes=[Node(kind="city", slots=2, revenue=40)],
    paths=[TilePath(a=e, b="n0") for e in (0, 1, 3)],
)
OO = TileDef(
    id="X2", color="green", label="OO",
    nodes=[Node(kind="city", revenue=30), Node(kind="city", revenue=30)],
    paths=[TilePath(a=0, b="n0"), TilePath(a=1, b="n0"), TilePath(a=3, b="n1"), TilePath(a=4, b="n1")],
)
MANIFEST = [STD.get("7").model_copy(update={"count": 4}), STD.get("9"), B_CITY, OO]


def test_tiles_code_is_what_the_engine_reads():
    text = tiles_to_18xx_games(MANIFEST)
    assert text.splitlines() == [
        "TILES = {",
        "  '7' => 4,",
        "  '9' => 'unlimited',",
        "  'B1' =>",
        "    {",
        "      'count' => 2,",
        "      'color' => 'green',",
        "      'code' => 'city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;label=B',",
        "    },",
        "  'X2' =>",
        "    {",
        "      'count' => 'unlimited',",
        "      'color' => 'green',",
        "      'code' => 'city=revenue:30;city=revenue:30;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_1;path=a:4,b:_1;label=OO',",
        "    },",
        "}.freeze",
    ]
    assert tiles_from_18xx_games(text) == MANIFEST


def test_tiles_read_from_a_bare_hash_and_from_a_map_file():
    assert [t.id for t in tiles_from_18xx_games("{ '57' => 3, '14' => 'unlimited' }")] == ["57", "14"]
    src = "module Engine\n  module Map\n    LAYOUT = :flat\n    TILES = { '8' => 2 }.freeze\n  end\nend\n"
    (t,) = tiles_from_18xx_games(src, "map.rb")
    assert t.id == "8" and t.count == 2 and t.paths == STD.get("8").paths


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{ 'Q9' => 2 }", "<s>:1: tile 'Q9' is not a standard tile: give its color and code"),
        ("{ '7' => -1 }", "<s>:1: tile 7: count -1 is not a number or 'unlimited'"),
        ("{\n '7' => 1,\n 'Z' => { 'count' => 1, 'color' => 'green' } }", "<s>:3: tile Z: 'code' is missing"),
        ("{\n 'Z' => { 'count' => 1, 'color' => 'green',\n 'code' => 'city=revenue:20;path=a:9,b:_0' } }",
         "<s>:3: tile Z: path=a:9,b:_0: '9' is neither an edge 0-5 nor a node _k"),
        ("{ '7' => 1 ", "<s>:1: Ruby syntax error: missing '}'"),
    ],
)
def test_bad_tiles_code_names_the_line(text, message):
    with pytest.raises(TileFormatError) as err:
        tiles_from_18xx_games(text, "<s>")
    assert str(err.value) == message


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_maker_tiles_round_trip(orientation):
    data = tiles_to_maker(MANIFEST, orientation)
    assert data["7"] == 4 and data["9"] == 99
    assert data["B1"]["quantity"] == 2 and data["B1"]["cities"] == [{"size": 2}]
    assert data["X2"]["quantity"] == 99
    back = tiles_from_maker(json.dumps(data), orientation=orientation)
    assert back == MANIFEST


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_maker_tiles_without_encoding_read_from_the_track(orientation):
    """Tiles as 18xx-maker's own library writes them (no ``encoding``): the track decides."""
    data = tiles_to_maker(STD.get(i) for i in ("7", "8", "9", "57", "14", "3", "53"))
    defs = {k: {key: val for key, val in tile.items() if key != "encoding"}
            for k, tile in tiles_to_maker([STD.get(i).model_copy(update={"id": "x" + i}) for i in ("7", "8", "9", "57", "14", "3", "53")], orientation).items()}
    for tile in tiles_from_maker(defs, orientation=orientation):
        ours = STD.get(tile.id[1:])
        assert tile_code(tile) == tile_code(ours) or tile.exits() == ours.exits(), tile.id
        assert tile.city_count == ours.city_count and tile.town_count == ours.town_count, tile.id
        assert (tile.label, tile.color) == (ours.label, ours.color)
    assert tiles_from_maker(data) == [STD.get(i) for i in ("7", "8", "9", "57", "14", "3", "53")]


def test_maker_library_style_tiles():
    """Shapes as in 18xx-maker's tile library: a sharp curve; a city fed from four sides."""
    lib = {
        "A": {"color": "yellow", "track": [{"type": "sharp", "side": 1}]},
        "B": {"color": "green", "values": [{"value": 30}], "cities": [{"size": 2}],
              "track": [{"side": 1}, {"side": 2}, {"side": 4}, {"side": 5}]},
        "C": {"color": "yellow", "values": [{"value": 20}], "cities": [{}], "track": [{"type": "straight"}]},
    }
    a, b, c = tiles_from_maker({"tiles": lib, "info": {"orientation": "horizontal"}})
    assert a.paths == [TilePath(a=0, b=1)]
    assert b.nodes == [Node(kind="city", slots=2, revenue=30)] and b.exits() == {0, 1, 3, 4}
    assert c.exits() == {0, 3} and c.nodes[0].revenue == 20


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"tiles": {"Q": 3}}, "f.json:tiles.Q: tile 'Q' is not a standard tile: give its definition"),
        ({"Q": {"color": "pink"}}, "f.json:Q.color: 'pink' is not a tile colour"),
        ({"Q": {"color": "green", "track": [{"side": 9}]}}, "f.json:Q.track.0.side: 9 is not a side 1-6"),
        ({"Q": {"color": "green", "track": [{"side": 2}]}}, "f.json:Q.track.0: track to the centre, but the tile has no city or town"),
        ({"Q": {"color": "green", "cities": [{}, {}]}}, "f.json:Q: a tile with several cities/towns needs its 'encoding' (which track joins which stop)"),
        ({"Q": {"color": "green", "encoding": "path=a:0,b:_3"}}, "f.json:Q.encoding: path=a:0,b:_3: _3 refers to node 3 but the string defines only 0 node(s)"),
        ({"Q": {"color": "green", "quantity": "x" * 200}}, "f.json:Q.quantity: '" + "x" * 76 + "... is not a count"),
    ],
)
def test_bad_maker_tiles_name_the_field(data, message):
    with pytest.raises(TileFormatError) as err:
        tiles_from_maker(data, "f.json")
    assert str(err.value) == message


def test_bad_maker_json_names_line_and_column():
    with pytest.raises(TileFormatError, match=r"^f.json:2:10: not JSON"):
        tiles_from_maker('{\n    "7": }', "f.json")


def test_a_tile_listed_twice_keeps_the_later_entry_as_ruby_does():
    # Ruby's hash literal keeps the last of two equal keys; the reader follows the language.
    tiles = tiles_from_18xx_games("{ '7' => 1, '7' => 2 }", "<s>")
    assert [(t.id, t.count) for t in tiles] == [("7", 2)]


def test_exports_carry_the_upgrade_graph_and_say_what_18xx_games_cannot_hold():
    from model import manifest
    from model.io.export_18xx_games import export_18xx_games
    from model.io.export_18xx_maker import export_18xx_maker_data
    from model.newboard import new_scenario
    from model.scenario import Scenario

    s = new_scenario("18xx", 5, 5, title="Graph")
    s.tiles = manifest.add_tiles(s, [STD.get(i) for i in ("9", "57", "14", "15", "18", "23")] + [B_CITY])
    s = Scenario.model_validate(s.model_dump(mode="json"))
    data, _ = export_18xx_maker_data(s)
    assert data["upgrades"] == {"9": ["18", "23"], "57": ["14", "15"]}   # derived as the engine does
    s.tiles = manifest.set_upgrades(s, "57", ["15", "B1"])
    s = Scenario.model_validate(s.model_dump(mode="json"))
    data, _ = export_18xx_maker_data(s)
    assert data["upgrades"] == {"9": ["18", "23"], "57": ["15", "B1"]}
    _ruby, notes = export_18xx_games(s)
    assert any(n.startswith("upgrade overrides (tiles.upgrades) are the title's own rules") for n in notes)


def test_tiles_code_with_an_unsupported_key_is_refused_not_dropped():
    text = "{\n 'Z' => { 'count' => 1, 'color' => 'green', 'code' => 'path=a:0,b:3', 'hidden' => true } }"
    with pytest.raises(TileFormatError) as err:
        tiles_from_18xx_games(text, "<s>")
    assert str(err.value) == "<s>:2: tile Z: unsupported key(s) hidden"

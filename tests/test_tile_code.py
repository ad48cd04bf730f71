"""The 18xx.games tile language and the Ruby literal subset, on small inputs."""

from __future__ import annotations

import pytest

from model.io.ruby_eval import HashValue, RubySyntaxError, Symbol, Unevaluable, parse_ruby_constants
from model.io.tile_code import parse_track, tile_code, tile_from_code
from model.io.tile_parts import DslError, canonical_parts, format_parts, parse_parts

# --- tile language ---------------------------------------------------------------------------


def test_parts_round_trip_and_bare_values():
    code = "city=revenue:30,slots:2;path=a:0,b:_0;label=OO;junction"
    parts = parse_parts(code)
    assert [p.type for p in parts] == ["city", "path", "label", "junction"]
    assert parts[0].params == {"revenue": "30", "slots": "2"}
    assert parts[2].bare == "OO" and parts[3].params == {}
    assert format_parts(parts) == code


def test_empty_parts_and_trailing_semicolon_are_skipped():
    assert [p.type for p in parse_parts("city=revenue:50;label=+?;")] == ["city", "label"]
    assert parse_parts("") == []


@pytest.mark.parametrize("bad", ["city=revenue:1,x", "9=foo", "city=revenue:1,slots:2:3"])
def test_bad_parts_are_refused(bad):
    with pytest.raises(DslError):
        parse_parts(bad)


def test_parts_are_read_as_the_engine_reads_them_with_notes():
    # a key given twice keeps its last value; text after a second '=' (a missing ';') is ignored
    p = parse_parts("offboard=groups:A,revenue:10,groups:W")[0]
    assert p.params == {"groups": "W", "revenue": "10"} and "given twice" in p.notes[0]
    q = parse_parts("path=a:3,b:_1path=a:2,b:_2")[0]
    assert q.params == {"a": "3", "b": "_1path"} and "second '='" in q.notes[0]
    assert parse_track("city=revenue:0;city=revenue:0;path=a:3,b:_1path=a:2,b:_2").paths[0].b == "n1"
    assert parse_parts("path=a:0,b:_0,")[0].params == {"a": "0", "b": "_0"}  # a trailing comma, as Ruby splits


def test_track_nodes_are_renumbered_cities_first():
    t = parse_track("town=revenue:10;city=revenue:40,slots:2;path=a:0,b:_1;path=a:_0,b:_1;path=a:3,b:_0")
    assert [n.kind for n in t.nodes] == ["city", "town"]
    # the city was _1 and becomes n0; the town was _0 and becomes n1
    assert [(p.a, p.b) for p in t.paths] == [(0, "n0"), ("n1", "n0"), (3, "n1")]


def test_offboard_becomes_a_city_without_slots_and_keeps_phase_revenue():
    t = parse_track("offboard=revenue:yellow_30|brown_60,groups:West;path=a:4,b:_0")
    assert t.nodes[0].kind == "city" and t.nodes[0].slots == 0
    assert t.nodes[0].revenue == "yellow_30|brown_60" and t.nodes[0].groups == ["West"]


def test_stop_and_path_details_are_kept_in_fields():
    t = parse_track(
        "city=revenue:20,loc:center,hide:1,visit_cost:0,route:optional,boom:1,format:+%d;"
        "halt=symbol:M,revenue:10,loc:2;town=revenue:10,style:dot,to_city:1;"
        "path=a:0,b:_0,terminal:2,track:dual,lanes:2,a_lane:2.0,b_lane:2.1,ignore:1;path=a:1,b:_1,track:narrow"
    )
    c, halt, town = t.nodes
    assert (c.loc, c.hide, c.visit_cost, c.route, c.boom, c.format) == ("center", True, 0, "optional", True, "+%d")
    assert halt.kind == "town" and halt.halt and halt.symbol == "M"
    assert town.style == "dot" and town.to_city
    p = t.paths[0]
    assert (p.terminal, p.terminal_style, p.track, p.lanes, p.a_lane, p.b_lane, p.ignore) == (True, 2, "dual", 2, "2.0", "2.1", True)
    assert t.paths[1].track == "narrow"
    assert t.dropped == [] and t.warnings == []


def test_drawing_leftovers_without_a_field_are_listed_as_dropped():
    t = parse_track("city=revenue:10,outline:red;offboard=revenue:10,rows:2;path=a:0,b:_0,loc:0.5")
    assert len(t.dropped) == 1 and "outline:red" in t.dropped[0]
    assert t.nodes[1].rows == 2 and t.paths[0].loc == "0.5"  # these have fields


@pytest.mark.parametrize(
    "code, words",
    [
        ("path=a:0,b:3,track:wide", "wide"),
        ("path=a:0,b:_0", "_0"),
        ("path=a:0,b:7", "7"),
        ("city=revenue:20,slots:x", "slots:x"),
        ("city=revenue:20;path=a:0,b:_" + "9" * 5001, "refers to node"),  # more digits than int() converts
        ("pass=revenue:10", "pass"),
        ("path=a:0,b:3,lanes:x", "lanes"),
        ("city=revenue:abc", "abc"),
    ],
)
def test_unsupported_track_is_an_error(code, words):
    with pytest.raises(DslError, match=words):
        parse_track(code)


def test_an_unknown_key_on_a_stop_or_path_is_kept_with_one_note():
    track = parse_track("city=revenue:20,foo:1;path=a:0,b:_0,bar:2")
    assert track.nodes[0].extra == (("foo", "1"),) and track.paths[0].extra == (("bar", "2"),)
    assert len(track.kept) == 2 and "foo" in track.kept[0] and "bar" in track.kept[1]


def test_tile_code_round_trip():
    code = "city=revenue:50;city=revenue:50;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3;label=OO"
    tile = tile_from_code("984", code, "brown", 2)
    assert tile.label == "OO" and tile.city_count == 2 and tile.count == 2
    assert tile_code(tile) == code
    notes: list[str] = []
    kept = tile_from_code("X", "path=a:0,b:3;sparkle=cost:20", "yellow", 1, notes=notes)  # a part the reader does not know
    assert kept.extra_parts == ["sparkle=cost:20"] and tile_code(kept) == "path=a:0,b:3;sparkle=cost:20"
    assert len(notes) == 1 and "sparkle" in notes[0]
    full = "path=a:0,b:3,track:narrow;label=T;label=B;upgrade=cost:20,terrain:water|mountain;border=edge:1,type:mountain,cost:40;icon=image:port;stub=edge:2;frame=color:#ff0000;future_label=label:X,color:green"
    t = tile_from_code("X", full, "yellow", 1, hidden=True)
    assert t.labels == ["B"] and t.costs[0].terrains == ["water", "mountain"] and t.borders[0].cost == 40
    assert t.icons == ["image:port"] and t.stubs == [2] and t.frame.color == "#ff0000" and t.hidden
    assert canonical_parts(tile_code(t)) == canonical_parts(full)


def test_canonical_parts_ignore_order_and_node_numbering_but_not_meaning():
    a = "city=revenue:60,slots:2,groups:M;city=revenue:60,groups:M;path=a:0,b:_0;path=a:4,b:_1"
    b = "city=revenue:60,groups:M;path=a:4,b:_0;city=revenue:60,groups:M,slots:2;path=a:_1,b:0"
    assert canonical_parts(a) == canonical_parts(b)
    assert canonical_parts("city=revenue:20,slots:1") == canonical_parts("city=revenue:20")
    # swapping which city has two slots changes the meaning
    c = "city=revenue:60,groups:M;city=revenue:60,slots:2,groups:M;path=a:0,b:_0;path=a:4,b:_1"
    assert canonical_parts(a) != canonical_parts(c)
    assert canonical_parts("border=edge:1,type:water,cost:30") != canonical_parts("border=edge:1,type:province,cost:30")


# --- Ruby literals ----------------------------------------------------------------------------

RUBY = """# frozen_string_literal: true

module Engine
  module Game
    module G1830
      module Map
        LAYOUT = :pointy
        AXES = { x: :number, y: :letter }.freeze
        TILES = {
          '9' => 7,
          "X1" => { 'count' => 1, 'color' => 'green', 'code' => 'path=a:0,b:3' },
        }.freeze
        HEXES = {
          white: {
            %w[A1 B2
               C3] => '',
            ['D4'] => 'city=revenue:0;' \\
                      'label=NY', # a comment
          },
        }.freeze
        WORDS = %i[a b].freeze
        NUMS = [1, -2, 3_000, true, false, nil]
      end
    end
  end
end
"""


def test_ruby_constants_with_lines_and_modules():
    c = parse_ruby_constants(RUBY)
    assert [m.value for m in c["__modules__"].value] == ["Engine", "Game", "G1830", "Map"]
    assert c["LAYOUT"].value == "pointy" and isinstance(c["LAYOUT"].value, Symbol)
    assert c["LAYOUT"].line == 7
    assert c["AXES"].plain() == {"x": "number", "y": "letter"}
    tiles = c["TILES"].plain()
    assert tiles["9"] == 7 and tiles["X1"]["code"] == "path=a:0,b:3"
    hexes = c["HEXES"]
    assert isinstance(hexes.value, HashValue)
    white = hexes.value.items[0][1].value.items
    assert white[0][0].plain() == ["A1", "B2", "C3"]
    assert white[1][1].value == "city=revenue:0;label=NY"  # adjacent literals joined
    assert white[1][1].line == 17
    assert c["WORDS"].plain() == ["a", "b"]
    assert c["NUMS"].plain() == [1, -2, 3000, True, False, None]


@pytest.mark.parametrize(
    "src, line, words",
    [
        ("A = 1\nB = <<~X\n  y\nX\n", 2, "heredoc"),
        ("A = 'x'\nB = \"#{C}\"\n", 2, "C is not defined"),
        ("A = [1, 2\nB = 3\n", 1, "syntax error"),
        ("A = foo(1)\n", 1, "foo(...) is not a literal"),
        ("A = 'x'.upcase\n", 1, ".upcase"),
        ("A = 1\nmodule M\nB = 1\n", 2, "syntax error"),
        ("A = { 'k' 1 }\n", 1, "syntax error"),
        ("A = B\nB = A\n", 1, "refers to itself"),
    ],
)
def test_ruby_errors_name_the_line(src, line, words):
    with pytest.raises((RubySyntaxError, Unevaluable)) as info:
        parse_ruby_constants(src)
    assert info.value.line == line, info.value
    assert words in info.value.message

"""The tree-sitter reader of map files: what evaluates, what is skipped, and the limits."""

from __future__ import annotations

import pytest

from editor.cli import main
from model.io.import_18xx_games import ImportError18xx, import_18xx_games
from model.io.ruby_eval import (
    MAX_DEPTH,
    MAX_SOURCE_BYTES,
    HashValue,
    RubyProgram,
    RubySyntaxError,
    Symbol,
    Unevaluable,
    parse_ruby_constants,
)


def test_interpolation_concatenation_and_calls_on_literals():
    src = """
module Engine
  module Game
    module GTest
      module Map
        CITY = 'city=revenue:'
        REV = 30
        LABEL = "label=#{'O' + 'O'}"
        PART = "#{CITY}#{REV};#{LABEL}".freeze
        BASE = { 'a' => 1, 'b' => 2 }.freeze
        MERGED = BASE.merge('b' => 3, 'c' => 4).dup
        ARR = [*%w[x y], 'z'] + ['w']
        PICK = BASE.reject { |k, _v| %w[a].include?(k) }
        ELEM = BASE['b'] * 10 - 1
        ESC = "a\\tb\\u00e9"
      end
    end
  end
end
"""
    c = parse_ruby_constants(src)
    assert c["PART"].value == "city=revenue:30;label=OO"
    assert c["MERGED"].plain() == {"a": 1, "b": 3, "c": 4}
    assert c["ARR"].plain() == ["x", "y", "z", "w"]
    assert c["PICK"].plain() == {"b": 2}
    assert c["ELEM"].value == 19
    assert c["ESC"].value == "a\tb\u00e9"
    assert [m.value for m in c["__modules__"].value] == ["Engine", "Game", "GTest", "Map"]


def test_constants_in_any_order_and_from_an_outer_scope():
    src = "module A\n  X = [Y, Z]\n  Y = :flat\n  module B\n    W = X\n  end\nend\nZ = 1\n"
    prog = RubyProgram(src)
    w = prog.value("W")
    assert w.plain() == [Symbol("flat"), 1] and isinstance(w.value[0].value, Symbol)
    assert w.line == 2  # the line where the value is written


def test_methods_and_other_code_are_skipped_with_a_warning_naming_the_line():
    src = "module Map\n  LAYOUT = :flat\n  def location_name(c)\n    HEXES = 1\n  end\n  include Foo\nend\n"
    prog = RubyProgram(src, "m.rb")
    assert prog.names() == ["LAYOUT"]  # the assignment inside the method is not a constant of the file
    assert any(w.startswith("m.rb:3:") and "method definition location_name" in w for w in prog.warnings)
    assert any(w.startswith("m.rb:6:") and "include" in w for w in prog.warnings)


def test_nothing_is_executed():
    src = "A = `touch /tmp/never`\nB = system('x')\nC = eval('1')\n"
    prog = RubyProgram(src)
    for name in ("A", "B", "C"):
        with pytest.raises(Unevaluable):
            prog.value(name)


def test_sibling_files_and_other_titles_modules(tmp_path):
    game = tmp_path / "lib" / "engine" / "game"
    (game / "g_base").mkdir(parents=True)
    (game / "g_child").mkdir()
    (game / "g_base" / "map.rb").write_text(
        "module Engine\n  module Game\n    module GBase\n      module Map\n"
        "        TILES = { '7' => 2, '8' => 3 }.freeze\n      end\n    end\n  end\nend\n"
    )
    (game / "g_child" / "tiles.rb").write_text("module Engine\n  module Game\n    module GChild\n      EXTRA = { '9' => 5 }.freeze\n    end\n  end\nend\n")
    text = (
        "require_relative '../g_base/map'\nrequire_relative 'tiles'\nrequire_relative '../../../../outside'\n"
        "module Engine\n  module Game\n    module GChild\n      module Map\n"
        "        TILES = GBase::Map::TILES.merge(EXTRA)\n      end\n    end\n  end\nend\n"
    )
    (game / "g_child" / "map.rb").write_text(text)
    prog = RubyProgram(text, "map.rb", path=game / "g_child" / "map.rb")
    assert prog.value("TILES").plain() == {"7": 2, "8": 3, "9": 5}
    assert any("map.rb:3:" in w and "not read" in w for w in prog.warnings)
    # without the file on disk the reference cannot be resolved, and the error names the line
    with pytest.raises(Unevaluable) as info:
        RubyProgram(text, "map.rb").value("TILES")
    assert info.value.line == 8 and "GBase::Map::TILES is not defined" in info.value.message


def test_nested_hashes_past_the_cap_are_refused_with_the_line():
    deep = "A = " + "{ a: " * 500 + "1" + " }" * 500 + "\n"
    with pytest.raises(RubySyntaxError) as info:
        parse_ruby_constants(deep)
    assert info.value.line == 1 and f"nested more than {MAX_DEPTH}" in info.value.message
    ok = "A = " + "[" * (MAX_DEPTH - 2) + "1" + "]" * (MAX_DEPTH - 2) + "\n"
    assert parse_ruby_constants(ok)["A"].line == 1


def test_huge_integers_and_sources_are_refused():
    with pytest.raises(RubySyntaxError) as info:
        parse_ruby_constants("A = 1\nB = " + "9" * 4301 + "\n")
    assert info.value.line == 2 and "digits" in info.value.message
    with pytest.raises(RubySyntaxError) as info:
        RubyProgram("A = '" + "x" * (MAX_SOURCE_BYTES + 1) + "'\n")
    assert "limited to" in info.value.message


def test_import_errors_name_file_and_line_for_hostile_input():
    deep = "LAYOUT = :flat\nHEXES = " + "{ a: " * 500 + "1" + " }" * 500 + "\n"
    with pytest.raises(ImportError18xx) as info:
        import_18xx_games(deep, "deep.rb")
    assert str(info.value).startswith("deep.rb:2:")
    big = "LAYOUT = :flat\nHEXES = { white: { ['A2'] => 'city=revenue:" + "1" * 4301 + "' } }\n"
    with pytest.raises(ImportError18xx) as info:
        import_18xx_games(big, "big.rb")
    assert str(info.value).startswith("big.rb:2:")


def test_cli_refuses_an_oversized_map_file_without_reading_it(tmp_path, capsys):
    src = tmp_path / "map.rb"
    with src.open("wb") as f:
        f.truncate(MAX_SOURCE_BYTES + 10)
    out = tmp_path / "out.json"
    assert main(["import", str(src), "--from", "18xx-games", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "map.rb" in err and "limited to" in err and not out.exists()


def test_hash_value_merge_keeps_the_first_position():
    h = parse_ruby_constants("A = { 'x' => 1, 'y' => 2 }.merge({ 'x' => 3 })\n")["A"].value
    assert isinstance(h, HashValue) and [(k.value, v.value) for k, v in h.items] == [("x", 3), ("y", 2)]


def test_statements_that_change_a_constant_are_applied_in_order():
    src = (
        "module M\n  NAMES = { 'A1' => 'x' }.dup\n  NAMES.update({ 'B2' => 'y' })\n"
        "  NAMES['C3'] = 'z'\n  NAMES.merge!('A1' => 'w')\n  NAMES.freeze\nend\n"
    )
    prog = RubyProgram(src, "m.rb")
    assert prog.value("NAMES").plain() == {"A1": "w", "B2": "y", "C3": "z"}
    assert prog.warnings == []  # recognised, not skipped


@pytest.mark.parametrize(
    "body, words",
    [
        ("HEXES = " + "{ a: " * 500 + "1" + " }" * 500, "nested more than"),
        ("HEXES = { white: { ['A2'] => 'city=revenue:" + "7" * 4301 + "' } }", "digits"),
        ("HEXES = " + "9" * 4301, "digits"),
    ],
)
def test_cli_exits_2_with_file_and_line_on_hostile_values(tmp_path, capsys, body, words):
    src = tmp_path / "map.rb"
    src.write_text("LAYOUT = :flat\n" + body + "\n", encoding="utf-8")
    out = tmp_path / "out.json"
    assert main(["import", str(src), "--from", "18xx-games", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "map.rb:2:" in err and words in err and not out.exists()
    assert len(err) < 400  # the offending value is not echoed in full


def test_cli_lenient_lists_every_dropped_item(tmp_path, capsys):
    src = tmp_path / "map.rb"
    src.write_text("LAYOUT = :flat\nHEXES = { white: {\n  ['A2'] => 'city=revenue:0,outline:red;sparkle=x:1',\n} }\n", encoding="utf-8")
    out = tmp_path / "out.json"
    assert main(["import", str(src), "--from", "18xx-games", "-o", str(out)]) == 2
    assert not out.exists()
    capsys.readouterr()
    assert main(["import", str(src), "--from", "18xx-games", "-o", str(out), "--lenient"]) == 0
    err = capsys.readouterr().err
    assert "map.rb:3: A2: dropped" in err and "outline" in err and "sparkle" in err
    assert out.exists()

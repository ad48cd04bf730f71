"""Maps written after our snapshot of the engine: the importer follows the checkout it reads from.

* Standard tiles come from the checkout's own ``lib/engine/config/tile.rb`` when the map file
  sits in one (a fake checkout is made here); the bundled list is the fallback for a lone file.
* What the tile-code reader does not know (a key the tile language gained, a part type) is
  carried through import, the model, a save and the export unchanged, with one warning naming it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from model.io import dumps, loads
from model.io.export_18xx_games import export_18xx_games
from model.io.import_18xx_games import ImportError18xx, import_18xx_games
from model.io.tile_code import tile_code
from model.io.tile_parts import canonical_parts

TILE_401 = "city=revenue:40,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0;label=Z"
TILE_LIST = f"""module Engine
  module Config
    module Tile
      WHITE = {{ 'blank' => '' }}.freeze
      YELLOW = {{
        '7' => 'path=a:0,b:1',
      }}.freeze
      GREEN = {{
        '401' => '{TILE_401}',
      }}.freeze
    end
  end
end
"""
MAP = """module Engine
  module Game
    module GNewer
      module Map
        LAYOUT = :flat
        TILES = { '7' => 4, '401' => 2 }.freeze
        HEXES = { white: { %w[A2 B3] => '', ['C2'] => 'city=revenue:20' } }.freeze
      end
    end
  end
end
"""


def checkout(root: Path) -> Path:
    (root / "lib" / "engine" / "config").mkdir(parents=True)
    (root / "lib" / "engine" / "config" / "tile.rb").write_text(TILE_LIST, encoding="utf-8")
    game = root / "lib" / "engine" / "game" / "g_newer"
    game.mkdir(parents=True)
    (game / "map.rb").write_text(MAP, encoding="utf-8")
    return game / "map.rb"


def test_standard_tiles_come_from_the_checkout_the_map_sits_in(tmp_path):
    path = checkout(tmp_path / "18xx")
    result = import_18xx_games(path.read_text(), str(path), path=path)
    tiles = {t.id: t for t in result.scenario.tileset().tiles}
    assert set(tiles) == {"7", "401"} and tiles["401"].count == 2 and tiles["401"].color == "green"
    assert canonical_parts(tile_code(tiles["401"])) == canonical_parts(TILE_401)
    notes = [w for w in result.warnings if "401" in w]
    assert len(notes) == 1 and "engine checkout's tile list" in notes[0] and "tile.rb" in notes[0]
    assert not any("tile 7 " in w for w in result.warnings)  # the same as ours: nothing to say


def test_a_lone_map_file_falls_back_to_the_bundled_list(tmp_path):
    lone = tmp_path / "map.rb"
    lone.write_text(MAP, encoding="utf-8")
    with pytest.raises(ImportError18xx) as info:
        import_18xx_games(MAP, str(lone), path=lone)
    assert info.value.line == 6 and "tile 401 is not a standard tile" in info.value.message
    ok = import_18xx_games(MAP.replace(", '401' => 2", ""), str(lone), path=lone)
    assert [t.id for t in ok.scenario.tileset().tiles] == ["7"]


CODE = "partition=a:1,b:4,type:province,length:0.5;sparkle=x:1,y:2"
UNKNOWN = f"""LAYOUT = :flat
TILES = {{ 'X1' => {{ 'count' => 1, 'color' => 'yellow', 'code' => 'path=a:0,b:3;glow=level:2' }} }}
HEXES = {{ white: {{ ['A2'] => '{CODE}', ['B3'] => '' }} }}
"""


def test_an_unknown_key_and_part_are_carried_round_with_one_warning_each():
    first = import_18xx_games(UNKNOWN, "m.rb")
    cell = first.scenario.board.cells["A2"]
    assert [(p.a, p.b, p.type, p.extra) for p in cell.partitions] == [("1", "4", "province", (("length", "0.5"),))]
    assert cell.extra_parts == ["sparkle=x:1,y:2"]
    tile = first.scenario.tileset().get("X1")
    assert tile.extra_parts == ["glow=level:2"] and len(tile.paths) == 1
    for word in ("length", "sparkle", "glow"):
        assert len([w for w in first.warnings if word in w]) == 1, (word, first.warnings)
    # the model keeps it through a save
    again = loads(dumps(first.scenario))
    assert again == first.scenario
    # and the export writes it back, as written
    text, _notes = export_18xx_games(again)
    assert "length:0.5" in text and "sparkle=x:1,y:2" in text and "glow=level:2" in text
    second = import_18xx_games(text, "export.rb")
    assert second.scenario.board.cells["A2"] == cell
    assert second.scenario.tileset().get("X1").extra_parts == ["glow=level:2"]


# Every kind of part of the tile language with a key the reader does not know: kept in the model
# (a field of its own where the part is one, or the part kept whole), one warning naming the key,
# the same through a save, and the export writes the part back as written.
EVERY_KIND = [
    ("city=revenue:20,glow:1;path=a:0,b:_0", "glow"),
    ("town=revenue:10,glow:1;path=a:0,b:_0", "glow"),
    ("offboard=revenue:yellow_30|brown_40,glow:1;path=a:0,b:_0", "glow"),
    ("halt=symbol:X,glow:1", "glow"),
    ("city=revenue:20;path=a:0,b:_0,fancy:2", "fancy"),
    ("junction=x:1;path=a:0,b:_0;path=a:2,b:_0", "x"),
    ("border=edge:0,shiny:yes", "shiny"),
    ("border=edge:1,type:province,cost:20,shiny:yes", "shiny"),
    ("upgrade=cost:20,terrain:hill,glow:3", "glow"),
    ("icon=image:port,glow:1", "glow"),
    ("label=A:1", "label"),
    ("stub=edge:1,glow:1", "glow"),
    ("frame=color:red,glow:2", "glow"),
    ("stripes=color:red,glow:1", "glow"),
    ("future_label=label:T,color:green,glow:1", "glow"),
    ("partition=a:1,b:4,type:province,length:0.5", "length"),
    ("sparkle=x:1", "sparkle"),
]


@pytest.mark.parametrize(("code", "key"), EVERY_KIND)
def test_an_unknown_key_on_every_kind_of_part_is_carried_round(code, key):
    src = f"LAYOUT = :flat\nHEXES = {{ white: {{ ['B2'] => '{code}', %w[A1 C1 A3 B4 C3] => '' }} }}\n"
    first = import_18xx_games(src, "m.rb")
    named = [w for w in first.warnings if key in w.split(": ", 2)[-1]]
    assert len(named) == 1 and named[0].startswith("m.rb:2: B2:") and "kept as written" in named[0], first.warnings
    again = loads(dumps(first.scenario))
    assert again == first.scenario
    text, _notes = export_18xx_games(again)
    written = next(line for line in text.splitlines() if "'B2'" in line).split(" => ", 1)[1].strip(" ',")
    assert canonical_parts(written) == canonical_parts(code)
    assert import_18xx_games(text, "e.rb").scenario.board == first.scenario.board


def test_unknown_keys_on_a_tile_of_the_title_are_carried_with_their_part():
    code = "city=revenue:20,glow:1;path=a:0,b:_0,fancy:2;path=a:3,b:_0;upgrade=cost:10,sparkle:1;border=edge:2,shiny:1"
    src = f"LAYOUT = :flat\nTILES = {{ 'X1' => {{ 'count' => 1, 'color' => 'yellow', 'code' => '{code}' }} }}\n" \
          "HEXES = { white: { ['A2'] => '' } }\n"
    result = import_18xx_games(src, "t.rb")
    tile = result.scenario.tileset().get("X1")
    assert tile.nodes[0].extra == (("glow", "1"),) and tile.paths[0].extra == (("fancy", "2"),)
    assert tile.costs[0].extra == (("sparkle", "1"),) and tile.borders[0].extra == (("shiny", "1"),)
    for word in ("glow", "fancy", "sparkle", "shiny"):
        assert len([w for w in result.warnings if w.startswith("t.rb:2:") and word in w]) == 1, (word, result.warnings)
    assert canonical_parts(tile_code(tile)) == canonical_parts(code)


@pytest.mark.parametrize(("code", "words"), [
    ("city=revenue:20,format:" + "x" * 30, "format: string should have at most 20 characters"),
    ("town=revenue:10,style:" + "x" * 30, "style: string should have at most 20 characters"),
    ("upgrade=cost:20,loc:" + "x" * 20, "loc: string should have at most 12 characters"),
    ("frame=color:" + "x" * 30, "color: string should have at most 20"),
    ("future_label=label:" + "x" * 30, "label: string should have at most 20"),
    ("stripes=color:" + "x" * 30, "a colour is at most 20 characters"),
    ("partition=a:1,b:2,type:" + "x" * 30, "type: string should have at most 20"),
    ("city=revenue:20," + "k" * 50 + ":1", "is not one Trackwright can keep"),
    ("border=edge:0,color:" + "x" * 50, "a colour is at most 40"),
    ("upgrade=" + "9" * 40 + "cost:80,terrain:water", "expected upgrade=cost:N"),  # a fuzzed key the warning must not trip on
    ("upgrade=cost:80," + "9" * 45 + ":1", "is not one Trackwright can keep"),
])
def test_a_value_the_model_cannot_hold_is_refused_by_line_and_key(code, words):
    with pytest.raises(ImportError18xx) as info:
        import_18xx_games(f"LAYOUT = :flat\nHEXES = {{ white: {{ ['A1'] => '{code}' }} }}\n", "m.rb")
    message = str(info.value)
    assert message.startswith("m.rb:2: A1: ") and words in message and "\n" not in message and len(message) < 300, message


def test_a_newer_map_in_a_checkout_opens_and_exports_what_it_read(tmp_path):
    # a tile of the checkout's list, a key on a city and on a path, a part kind: all at once
    path = checkout(tmp_path / "18xx")
    newer = MAP.replace("'city=revenue:20'", "'city=revenue:20,capital:1;path=a:0,b:_0,bridge:1;marker=type:ferry'")
    path.write_text(newer, encoding="utf-8")
    result = import_18xx_games(newer, str(path), path=path)
    cell = result.scenario.board.cells["C2"]
    assert cell.cities[0].extra == (("capital", "1"),) and cell.paths[0].extra == (("bridge", "1"),)
    assert cell.extra_parts == ["marker=type:ferry"] and result.scenario.tileset().get("401") is not None
    for word in ("capital", "bridge", "marker", "401"):
        assert len([w for w in result.warnings if word in w]) == 1, (word, result.warnings)
    text, _notes = export_18xx_games(result.scenario)
    written = next(line for line in text.splitlines() if "'C2'" in line).split(" => ", 1)[1].strip(" ',")
    assert canonical_parts(written) == canonical_parts("city=revenue:20,capital:1;path=a:0,b:_0,bridge:1;marker=type:ferry")

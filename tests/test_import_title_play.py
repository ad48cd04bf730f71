"""The import of a title's state of play from its code (read, never run): PHASES, TILE_LAYS,
MINOR_TILE_LAYS, CORPORATIONS, MINORS and COMPANIES with their abilities, and what is listed as
not held. The title is written here, in the engine's layout (g_<title>/map.rb, game.rb,
entities.rb, a parent game), so the test needs no engine checkout."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from model.io.import_18xx_games import import_18xx_games
from model.rules import get_rule_set

ROOT = Path(__file__).resolve().parent.parent

MAP = """
module Engine
  module Game
    module GTst
      module Map
        LAYOUT = :flat
        TILES = { '7' => 2, '8' => 2, '9' => 2 }.freeze
        HEXES = {
          white: { %w[A2 C2 B3 A4 C4 B5] => '', ['B1'] => 'city=revenue:0' },
        }.freeze
      end
    end
  end
end
"""

PARENT_GAME = """
module Engine
  module Game
    module GBas
      class Game < Game::Base
        TILE_LAYS = [{ lay: true, upgrade: true }, { lay: :not_if_upgraded, upgrade: false, cost: 20 }].freeze
        MINOR_TILE_LAYS = [{ lay: true, upgrade: false }].freeze
      end
    end
  end
end
"""

GAME = """
require_relative 'entities'
module Engine
  module Game
    module GTst
      class Game < GBas::Game
        include Entities
        PHASES = [{ name: '2', train_limit: 4, tiles: [:yellow], operating_rounds: 1 },
                  { name: '3', on: '3', tiles: %i[yellow green], operating_rounds: 2, status: ['can_buy_companies'] }].freeze

        def upgrades_to?(from, to, special = false, selected_company: nil)
          super
        end
      end
    end
  end
end
"""

ENTITIES = """
module Engine
  module Game
    module GTst
      module Entities
        COMPANIES = [
          { name: 'Blocker', sym: 'BL', value: 20, abilities: [{ type: 'blocks_hexes', owner_type: 'player', hexes: ['B3'] }] },
          { name: 'Builder', sym: 'BU', value: 40,
            abilities: [{ type: 'tile_lay', owner_type: 'corporation', when: 'track', hexes: %w[A4 Z9], tiles: %w[7 8],
                          free: true, count: 1, must_lay_together: true },
                        { type: 'shares', shares: 'TR_1' }] },
          { name: 'Jumper', sym: 'JU', value: 50, abilities: [{ type: 'teleport', hexes: ['C4'], tiles: ['9'] }] },
        ].freeze
        CORPORATIONS = [
          { sym: 'TR', name: 'Test Railway', tokens: [0, 40, 100], coordinates: 'B1', color: '#112233', type: 'major',
            abilities: [{ type: 'tile_discount', discount: 20, terrain: 'mountain' }] },
          { sym: 'NO', name: 'Nowhere', tokens: [0], coordinates: 'C2' },
        ].freeze
        MINORS = [{ sym: 'M1', name: 'Minor One', tokens: [0], coordinates: 'B1' }].freeze
      end
    end
  end
end
"""


def title(tmp_path: Path) -> Path:
    games = tmp_path / "game"
    (games / "g_bas").mkdir(parents=True)
    (games / "g_bas" / "game.rb").write_text(PARENT_GAME, encoding="utf-8")
    folder = games / "g_tst"
    folder.mkdir()
    (folder / "map.rb").write_text(MAP, encoding="utf-8")
    (folder / "game.rb").write_text(GAME, encoding="utf-8")
    (folder / "entities.rb").write_text(ENTITIES, encoding="utf-8")
    return folder / "map.rb"


def test_the_state_of_play_comes_from_the_titles_code(tmp_path):
    path = title(tmp_path)
    result = import_18xx_games(path.read_text(encoding="utf-8"), str(path), path=path)
    s = result.scenario
    assert [(p.name, p.tiles, p.operating_rounds, p.status, p.on) for p in s.play.phases] == [
        ("2", ["yellow"], 1, [], None), ("3", ["yellow", "green"], 2, ["can_buy_companies"], "3")]
    # the parent game's schedule, its minor schedule by type
    assert [(e.lay, e.upgrade, e.cost) for e in s.play.tile_lays] == [(True, True, 0), ("not_if_upgraded", False, 20)]
    assert [(e.lay, e.upgrade) for e in s.play.tile_lays_by_type["minor"]] == [(True, False)]
    companies = {c.id: c for c in s.companies}
    assert (companies["TR"].home, companies["TR"].tokens, companies["TR"].type) == ("B1", [0, 40, 100], "major")
    assert [(a.type, a.discount, a.terrain) for a in companies["TR"].abilities] == [("tile_discount", 20, "mountain")]
    assert companies["NO"].home is None and companies["M1"].type == "minor"
    privates = {p.id: p for p in s.state.privates}
    assert [(a.type, a.owner_type, a.hexes) for a in privates["BL"].abilities] == [("blocks_hexes", "player", ["B3"])]
    bu = privates["BU"].abilities
    assert [(a.type, a.hexes, a.tiles, a.free, a.count, a.when) for a in bu] == [("tile_lay", ["A4"], ["7", "8"], True, 1, ["track"])]
    assert privates["JU"].abilities == [] and all(p.owner is None for p in privates.values())
    notes = "\n".join(s.play.not_held)
    for want in ("JU: ability teleport not held", "BU: tile_lay must_lay_together not held",
                 "BU: tile_lay hexes Z9 are not on this map", "NO: home 'C2' is not a city of this map",
                 "method upgrades_to? (game.rb)"):
        assert want in notes, want
    assert "shares" not in notes  # an ability that changes no lay is not a loss
    assert all(any(n in w for w in result.warnings) for n in s.play.not_held)
    # and it plays: phase 2 refuses green, the schedule's second lay costs 20
    rules = get_rule_set("18xx")
    assert rules.option_issues(s) == []


def test_the_import_opens_and_info_lists_what_is_not_held(tmp_path):
    path = title(tmp_path)
    out = tmp_path / "tst.json"
    code = "import sys; from editor.cli import main; sys.exit(main(sys.argv[1:]))"
    run = subprocess.run([sys.executable, "-c", code, "import", str(path), "--from", "18xx-games", "-o", str(out)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert "state of play: JU: ability teleport not held" in run.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["version"] == 4 and data["play"]["phases"][0]["name"] == "2"
    info = subprocess.run([sys.executable, "-c", code, "info", str(out)], capture_output=True, text=True, cwd=ROOT)
    assert "phases:      2, 3" in info.stdout and "not held:" in info.stdout
    check = subprocess.run([sys.executable, "-c", code, "check", str(out)], capture_output=True, text=True, cwd=ROOT)
    assert check.returncode == 0, check.stdout + check.stderr


def test_bad_state_of_play_in_a_file_exits_2_naming_the_field(tmp_path):
    path = title(tmp_path)
    s = import_18xx_games(path.read_text(encoding="utf-8"), str(path), path=path).scenario
    code = "import sys; from editor.cli import main; sys.exit(main(sys.argv[1:]))"
    base = json.loads(s.model_dump_json())
    cases = [
        ({"state": {**base["state"], "game_phase": "7"}}, "state.game_phase"),
        ({"play": {**base["play"], "tile_lays": [{"lay": True, "upgrade": True, "teleport": True}]}}, "play.tile_lays.0.teleport"),
        ({"state": {**base["state"], "laid": [{"cell": "A4", "tile": "7", "private": "XX"}]}}, "state.laid.0.private"),
    ]
    for i, (change, where) in enumerate(cases):
        bad = tmp_path / f"bad{i}.json"
        bad.write_text(json.dumps({**base, **change}), encoding="utf-8")
        run = subprocess.run([sys.executable, "-c", code, "check", str(bad)], capture_output=True, text=True, cwd=ROOT)
        assert run.returncode == 2 and where in run.stderr, (where, run.stderr)
    # a move naming a private that is not in the scenario
    good = tmp_path / "good.json"
    good.write_text(json.dumps(base), encoding="utf-8")
    run = subprocess.run([sys.executable, "-c", code, "explain", str(good), "--company", "TR", "--move", "lay A4 7 0 XX"],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 2 and "'XX' is not one of state.privates" in run.stderr

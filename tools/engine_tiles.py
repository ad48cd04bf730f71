"""Optional: have the 18xx.games engine build the tiles of a ``TILES`` constant, and compare.

Usage::

    python tools/engine_tiles.py FILE [--json]

``FILE`` is a scenario (its tile manifest is written as ``TILES`` code first, as the
18xx.games export writes it), an exported ``map.rb``, or a Ruby file holding ``TILES = {...}``.
The engine (Ruby, MIT; setting ``T18XX_DIR``, default ``../shared/upstream/18xx-2025-01``
relative to the repository root) builds every entry the way a game does (``Tile.for`` for a
standard number, ``Tile.from_code`` for a code entry); each built tile is then compared with
ours: colour, label, cities (slots, revenue, exits), towns (exits) and edge-to-edge paths.

Exit status: 0 every entry was accepted and means the same, 1 an entry was refused or differs,
2 bad input or no engine/Ruby. Needs ``ruby`` (Debian's Ruby 3.1 runs the engine without gems).
Tests never need this tool.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from model.io.files import LoadError, load  # noqa: E402
from model.io.tile_formats import TileFormatError, tiles_from_18xx_games, tiles_to_18xx_games  # noqa: E402
from model.tiles import TileDef  # noqa: E402

RUBY = r'''
require "engine"
require "json"
load ARGV[0]
out = {}
TrackwrightTiles::TILES.each do |name, val|
  begin
    tile = if val.is_a?(Integer) || val == "unlimited"
             Engine::Tile.for(name)
           else
             Engine::Tile.from_code(name, val["color"], val["code"])
           end
    rev = ->(c) { r = c.revenue; r.is_a?(Hash) ? r.values.uniq : [r] }
    out[name] = {
      "color" => tile.color.to_s,
      "label" => tile.label&.to_s,
      "cities" => tile.cities.map { |c| { "slots" => c.slots, "revenue" => rev.call(c), "exits" => c.paths.flat_map(&:exits).uniq.sort } },
      "towns" => tile.towns.map { |t| { "exits" => t.paths.flat_map(&:exits).uniq.sort } },
      "edge_paths" => tile.paths.select { |p| p.nodes.empty? }.map { |p| p.exits.sort },
    }
  rescue StandardError => e
    out[name] = { "error" => "#{e.class}: #{e.message}" }
  end
end
puts JSON.generate(out)
'''


def engine_dir() -> Path:
    """The engine's folder: ``T18XX_DIR``, else the default next to the repository."""
    setting = os.environ.get("T18XX_DIR", "../shared/upstream/18xx-2025-01")
    path = Path(setting)
    return path if path.is_absolute() else (ROOT / path).resolve()


def ours(t: TileDef) -> dict:
    """Our tile described the way the Ruby side describes the engine's."""
    def exits(k: int) -> list[int]:
        node = f"n{k}"
        ends = {p.a if p.b == node else p.b for p in t.paths if node in (p.a, p.b)}
        return sorted(e for e in ends if isinstance(e, int))

    return {
        "color": t.color,
        "label": t.label,
        "cities": [{"slots": n.slots, "revenue": [n.revenue], "exits": exits(k)} for k, n in enumerate(t.nodes) if n.kind == "city"],
        "towns": [{"exits": exits(k)} for k, n in enumerate(t.nodes) if n.kind == "town"],
        "edge_paths": sorted(sorted((p.a, p.b)) for p in t.paths if isinstance(p.a, int) and isinstance(p.b, int)),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", type=Path)
    ap.add_argument("--json", action="store_true", help="print the comparison as JSON")
    args = ap.parse_args(argv)
    try:
        if args.file.suffix == ".json":
            tiles = load(args.file).tileset().tiles
            code = tiles_to_18xx_games(tiles)
        else:
            code = args.file.read_text(encoding="utf-8")
            tiles = tiles_from_18xx_games(code, str(args.file))
            code = tiles_to_18xx_games(tiles) if "module" in code else code
    except (LoadError, TileFormatError, OSError, ValueError) as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 2
    engine, ruby = engine_dir(), shutil.which("ruby")
    if ruby is None or not (engine / "lib" / "engine.rb").is_file():
        print(f"needs ruby and the 18xx.games engine (T18XX_DIR={engine})", file=sys.stderr)
        return 2
    shim = engine.parent / "shim"
    with tempfile.TemporaryDirectory() as tmp:
        rb = Path(tmp) / "tiles.rb"
        rb.write_text("module TrackwrightTiles\n" + code + "end\n", encoding="utf-8")
        script = Path(tmp) / "check.rb"
        script.write_text(RUBY, encoding="utf-8")
        cmd = [ruby, "-I", str(engine / "lib"), *(["-I", str(shim)] if shim.is_dir() else []), "-rset", str(script), str(rb)]
        run = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "ENGINE_LOG_LEVEL": "4"}, timeout=120)
    if run.returncode != 0:
        print(f"the engine failed: {run.stderr.strip()[-400:]}", file=sys.stderr)
        return 1
    built = json.loads(run.stdout.strip().splitlines()[-1])
    report, bad = {}, 0
    for t in tiles:
        theirs = built.get(t.id, {"error": "not built"})
        if "error" in theirs:
            verdict = f"refused: {theirs['error']}"
        else:
            mine = ours(t)
            theirs["edge_paths"] = sorted(theirs["edge_paths"])
            diff = [k for k in mine if mine[k] != theirs[k]]
            verdict = "accepted" if not diff else "differs in " + ", ".join(f"{k} (ours {mine[k]}, engine {theirs[k]})" for k in diff)
        bad += verdict != "accepted"
        report[t.id] = verdict
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for tid, verdict in report.items():
            print(f"{tid}: {verdict}")
        print(f"{len(report) - bad} of {len(report)} TILES entries accepted by the engine")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Rebuild ``resources/tilesets/18xx-standard.json`` from the engine's standard tile list.

Usage: ``python tools/build_standard_tiles.py [--check]``

Reads ``lib/engine/config/tile.rb`` of the engine checkout named by ``T18XX_DIR`` (default
``../shared/upstream/18xx-2025-01``, relative to the repository root) with the same reader the
map import uses, and writes every tile of its colour hashes (track, cities, towns, labels) as a
Trackwright tile set. ``--check`` only reports tiles whose stored definition differs.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from model.io.ruby_eval import HashValue, RubyProgram  # noqa: E402
from model.io.tile_code import tile_from_code  # noqa: E402

COLOURS = ("WHITE", "YELLOW", "GREEN", "BROWN", "GRAY", "RED", "BLUE")
OUT = REPO / "resources" / "tilesets" / "18xx-standard.json"


def standard_tiles(engine: Path) -> list[dict]:
    """Every standard tile of the engine as tile-set JSON, in the engine's order."""
    path = engine / "lib" / "engine" / "config" / "tile.rb"
    prog = RubyProgram(path.read_text(encoding="utf-8"), str(path), path=path)
    out = []
    for colour in COLOURS:
        v = prog.value(colour)
        if v is None or not isinstance(v.value, HashValue):
            continue
        for k, code in v.value.items:
            if colour == "WHITE":
                continue  # blank/city/town: the pre-printed plain hexes, not tiles
            t = tile_from_code(str(k.value), str(code.value), colour.lower(), None)
            out.append(t.model_dump(mode="json", exclude_defaults=True))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    d = Path(os.environ.get("T18XX_DIR", "../shared/upstream/18xx-2025-01"))
    engine = d if d.is_absolute() else (REPO / d).resolve()
    tiles = standard_tiles(engine)
    old = json.loads(OUT.read_text(encoding="utf-8"))
    before = {t["id"]: t for t in old["tiles"]}
    changed = [t["id"] for t in tiles if t["id"] in before and before[t["id"]] != t]
    print(f"{len(tiles)} standard tiles ({len(tiles) - len([t for t in tiles if t['id'] in before])} new, {len(changed)} changed: {changed[:10]})")
    if args.check:
        return 1 if changed else 0
    old["tiles"] = tiles
    OUT.write_text(json.dumps(old, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

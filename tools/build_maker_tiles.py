"""Regenerate resources/tilesets/18xx-maker-library.json from 18xx-maker's tile library.

18xx-maker game files name many tiles of its own library by number only (``"437": 1``). The
tiles of that library that are not standard 18xx tiles (resources/tilesets/18xx-standard.json)
are converted here, once, with the same reader the importer uses for tiles defined in a game
file, so that an import needs nothing beside the repository.

Usage::

    .venv/bin/python tools/build_maker_tiles.py [--maker DIR]

``DIR`` is a checkout of github.com/18xx-maker/18xx-maker (MIT); the default is the setting
``MAKER_DIR``, else ``../shared/upstream/18xx-maker-2025-11`` beside the repository.
Tiles the reader cannot hold (custom SVG paths, special gauges) are left out and listed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from model.io.import_18xx_maker import ImportError18xxMaker, _Reader  # noqa: E402
from model.tiles import TileSet, load_tileset  # noqa: E402

OUT = ROOT / "resources" / "tilesets" / "18xx-maker-library.json"
COLOURS = ("yellow", "green", "brown", "gray", "other")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--maker", default=os.environ.get("MAKER_DIR", str(ROOT.parent / "shared" / "upstream" / "18xx-maker-2025-11")))
    args = p.parse_args(argv)
    src = Path(args.maker) / "src" / "data" / "tiles"
    std = load_tileset("18xx-standard")
    tiles: dict[str, object] = {}  # a later colour file replaces an earlier tile of the same id, as 18xx-maker merges them
    left_out = []
    for colour in COLOURS:
        data = json.loads((src / f"{colour}.json").read_text(encoding="utf-8"))
        for tid, definition in data.items():
            if std.get(tid.split("|")[0]) is not None:
                continue
            tiles.pop(tid, None)
            reader = _Reader(f"{colour}.json", lenient=False)
            try:
                tile = reader.tile_def(tid, {**definition, "quantity": 1}, f"{colour}[{json.dumps(tid)}]", "flat")
            except ImportError18xxMaker as exc:
                left_out.append(f"{tid}: {exc.where}: {exc.message}")
                continue
            tiles[tid] = tile.model_copy(update={"count": None})
    ts = TileSet(
        id="18xx-maker-library",
        name="18xx-maker's tile library (tiles that are not standard 18xx tiles; MIT, github.com/18xx-maker/18xx-maker)",
        sides=6,
        tiles=list(tiles.values()),
    )
    OUT.write_text(json.dumps({"format": "trackwright-tileset", "version": 1, **ts.model_dump(mode="json", exclude_defaults=True)},
                              indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(tiles)} tiles; left out {len(left_out)}")
    for line in left_out:
        print(f"  left out {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

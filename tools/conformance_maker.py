"""18xx-maker conformance: every game of an 18xx-maker checkout imported, checked, exported back,
validated with 18xx-maker's own schemas, and compared with the source file field by field.

Usage::

    .venv/bin/python tools/conformance_maker.py [--maker DIR] [--write docs/conformance-18xx-maker.md] [--min-equal N]

``DIR`` is a checkout of github.com/18xx-maker/18xx-maker; the default is the setting
``MAKER_DIR``, else ``../shared/upstream/18xx-maker-2025-11`` beside the repository. Without it
the run says so and stops (exit 0): the table is optional, like the engine's. For each game with
a map, one row:

* **import**: ``ok`` when the file imports as it is (no ``--lenient``); otherwise the first thing
  it cannot hold, by JSON path;
* **dropped**: what ``--lenient`` would leave out (the import everything below uses);
* **check**: errors and warnings of the ``18xx`` rule set on the imported map;
* **schema**: our 18xx-maker export of it, validated with the checkout's ``public/schemas``;
* **again**: the export imports again as it is (it holds nothing Trackwright cannot read);
* **hexes not equal**: the source and our export compared hex by hex and field by field
  (:mod:`model.io.maker_compare`, after normalising what 18xx-maker draws the same); each field
  that differs, with the hexes where it does; ``—`` when every hex is equal;
* **tiles not equal**: the same for the tiles the game defines or names;
* **ms**: the import's time.

Exit status 1 when a game does not import as it is, its export fails the schema or does not
import again, or fewer than ``--min-equal`` games (default 12) export to hexes equal to the source.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from model.io.export_18xx_maker import export_18xx_maker_data  # noqa: E402
from model.io.import_18xx_maker import ImportError18xxMaker, import_18xx_maker  # noqa: E402
from model.io.maker_compare import NOT_HELD, compare, compare_tiles  # noqa: E402
from model.rules import get_rule_set  # noqa: E402


def schema_validator(maker: Path):
    """A Draft 7 validator of game files with every schema of the checkout registered, or None
    when the jsonschema package is not installed."""
    try:
        import jsonschema
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT7
    except ImportError:
        return None
    folder = maker / "public" / "schemas"
    registry = Registry()
    for f in sorted(folder.glob("*.json")):
        doc = json.loads(f.read_text(encoding="utf-8"))
        res = Resource.from_contents(doc, default_specification=DRAFT7)
        registry = registry.with_resource(f.name, res)
        if "$id" in doc:
            registry = registry.with_resource(doc["$id"], res)
    game = json.loads((folder / "game.schema.json").read_text(encoding="utf-8"))
    return jsonschema.Draft7Validator(game, registry=registry)


def _fields(diffs: dict[str, list[str]]) -> str:
    if not diffs:
        return "—"
    return "; ".join(f"{k} ({len(v)}: {', '.join(v[:3])}{' …' if len(v) > 3 else ''})" for k, v in sorted(diffs.items()))


def row(path: Path, validator) -> dict:
    text = path.read_text(encoding="utf-8")
    source = json.loads(text)
    if "map" not in source:
        return {}
    r = {"game": path.stem}
    t = time.perf_counter()
    try:
        result = import_18xx_maker(text, path.name)
        r["import"] = "ok"
    except ImportError18xxMaker as exc:
        r["import"] = f"{exc.where}: {exc.message}".replace(" (use --lenient to drop it)", "")
        try:
            result = import_18xx_maker(text, path.name, lenient=True)
        except ImportError18xxMaker as exc2:
            r.update(dropped="—", check="—", schema="—", again="—", hexes=f"import failed: {exc2}", tiles="—", ms=0, ok=False, equal=False)
            return r
    r["ms"] = (time.perf_counter() - t) * 1000
    s = result.scenario
    r["dropped"] = len(result.dropped)
    issues = get_rule_set("18xx").check(s)
    r["check"] = f"{sum(i.severity == 'error' for i in issues)} errors, {sum(i.severity == 'warning' for i in issues)} warnings"
    data, _notes = export_18xx_maker_data(s)
    if validator is None:
        r["schema"] = "not run (no jsonschema)"
        schema_ok = False
    else:
        errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
        schema_ok = not errors
        r["schema"] = "valid" if schema_ok else f"{len(errors)} errors, first at {'/'.join(map(str, errors[0].absolute_path)) or '(root)'}"
    try:
        import_18xx_maker(json.dumps(data), "export")
        r["again"] = "ok"
    except ImportError18xxMaker as exc:
        r["again"] = f"{exc.where}: {exc.message[:60]}"
    hexes, tiles = compare(source, data), compare_tiles(source, data)
    r["hexes"], r["tiles"] = _fields(hexes), _fields(tiles)
    r["equal"] = not hexes
    r["ok"] = r["import"] == "ok" and r["dropped"] == 0 and schema_ok and r["again"] == "ok"
    return r


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--maker", default=os.environ.get("MAKER_DIR", str(ROOT.parent / "shared" / "upstream" / "18xx-maker-2025-11")))
    p.add_argument("--write", default=str(ROOT / "docs" / "conformance-18xx-maker.md"), help="the table's page ('' to skip)")
    p.add_argument("--min-equal", type=int, default=12, help="games whose export must equal the source hex by hex")
    args = p.parse_args(argv)
    maker = Path(args.maker)
    games = sorted((maker / "src" / "data" / "games").glob("*.json"))
    if not games:
        print(f"18xx-maker conformance: no games under {maker}; skipped")
        return 0
    validator = schema_validator(maker)
    rows = [r for r in (row(g, validator) for g in games) if r]
    head = "| game | import | dropped (lenient) | check (18xx) | schema | again | hexes not equal | tiles not equal | ms |"
    lines = [head, "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        lines.append(f"| {r['game']} | {r['import']} | {r['dropped']} | {r['check']} | {r['schema']} | {r['again']} | "
                     f"{r['hexes']} | {r['tiles']} | {r['ms']:.0f} |")
    whole = sum(r["ok"] for r in rows)
    equal = sum(r["equal"] for r in rows)
    tiles_equal = sum(r["tiles"] == "—" for r in rows)
    summary = (f"{len(rows)} games with a map: {sum(r['import'] == 'ok' for r in rows)} import as they are with nothing dropped, "
               f"{whole} of them export to a schema-valid file that imports again; the export equals the source on every "
               f"compared hex field for {equal} games, and on every tile for {tiles_equal}.")
    print("\n".join(lines))
    print(summary)
    if args.write:
        not_held = "\n".join(f"- `{k}`: {v}" for k, v in NOT_HELD.items())
        page = Path(args.write)
        page.write_text(
            "# 18xx-maker conformance\n\n"
            "Written by `tools/conformance_maker.py` (`make conformance`) from an 18xx-maker checkout "
            f"(`MAKER_DIR`). {summary}\n\n"
            "Columns: whether the game imports as it is (else the first thing Trackwright cannot hold, by JSON "
            "path); how many items `--lenient` would drop; what the `18xx` rule set finds on the map; our export "
            "validated with 18xx-maker's schemas; whether that export imports again as it is; and the fields on "
            "which the export differs from the source file, hex by hex and tile by tile, with the places "
            "(`model/io/maker_compare.py`: each coordinate of a hex definition on its own, map borders as the "
            "sides they run along, defaults written out, a name the same whether written as text or as an "
            "object).\n\n"
            + "\n".join(lines) + "\n\n"
            "## Not compared\n\nHow the content is typeset, which Trackwright does not hold (it draws these "
            "itself):\n\n" + not_held + "\n",
            encoding="utf-8",
        )
    return 0 if whole == len(rows) and equal >= args.min_equal else 1


if __name__ == "__main__":
    sys.exit(main())

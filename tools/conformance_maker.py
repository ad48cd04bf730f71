"""18xx-maker conformance: every game of an 18xx-maker checkout imported, checked, exported back,
validated with 18xx-maker's own schemas and imported again.

Usage::

    .venv/bin/python tools/conformance_maker.py [--maker DIR] [--write docs/conformance-18xx-maker.md]

``DIR`` is a checkout of github.com/18xx-maker/18xx-maker; the default is the setting
``MAKER_DIR``, else ``../shared/upstream/18xx-maker-2025-11`` beside the repository. Without it
the run says so and stops (exit 0): the table is optional, like the engine's. For each game with
a map, one row:

* **import**: ``ok`` when the file imports as it is; otherwise the first thing it cannot hold;
* **dropped**: what ``--lenient`` leaves out (the import everything below uses);
* **check**: errors and warnings of the ``18xx`` rule set on the imported map;
* **schema**: our 18xx-maker export of it, validated with the checkout's ``public/schemas``;
* **round trip**: the export imported again gives the same hexes (content, not drawing), and
  the same borders; the hexes that differ are counted;
* **ms**: the import's time.

Exit status 1 when a game's export fails the schema or its round trip loses a hex.
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


def hex_content(scenario) -> dict:
    """Each hex's content without drawing details, keyed by label."""
    out = {}
    for label, cell in scenario.board.cells.items():
        d = cell.model_dump(mode="json", exclude_defaults=True)
        out[label] = json.dumps(d, sort_keys=True)
    return out


def row(path: Path, validator) -> dict:
    text = path.read_text(encoding="utf-8")
    if "map" not in json.loads(text):
        return {}
    r = {"game": path.stem}
    try:
        import_18xx_maker(text, path.name)
        r["import"] = "ok"
    except ImportError18xxMaker as exc:
        r["import"] = f"{exc.where}: {exc.message}".replace(" (use --lenient to drop it)", "")
    t = time.perf_counter()
    try:
        result = import_18xx_maker(text, path.name, lenient=True)
    except ImportError18xxMaker as exc:
        r.update(dropped="—", check="—", schema="—", round_trip=f"import failed: {exc}", ms=0, ok=False)
        return r
    r["ms"] = (time.perf_counter() - t) * 1000
    s = result.scenario
    r["dropped"] = len(result.dropped)
    issues = get_rule_set("18xx").check(s)
    r["check"] = f"{sum(i.severity == 'error' for i in issues)} errors, {sum(i.severity == 'warning' for i in issues)} warnings"
    data, _notes = export_18xx_maker_data(s)
    if validator is None:
        r["schema"] = "not run (no jsonschema)"
        schema_ok = True
    else:
        errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
        schema_ok = not errors
        r["schema"] = "valid" if schema_ok else f"{len(errors)} errors, first at {'/'.join(map(str, errors[0].absolute_path)) or '(root)'}"
    try:
        again = import_18xx_maker(json.dumps(data), "export", lenient=True).scenario
    except ImportError18xxMaker as exc:
        r.update(round_trip=f"the export does not import: {exc.where}: {exc.message[:60]}", ok=False)
        return r
    a, b = hex_content(s), hex_content(again)
    lost = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
    edges_same = {(e.cell, e.edge, e.kind) for e in s.board.edges} == {(e.cell, e.edge, e.kind) for e in again.board.edges}
    r["round_trip"] = "same" if not lost and edges_same else (
        f"{len(lost)} hexes differ ({', '.join(lost[:4])}{' …' if len(lost) > 4 else ''})" + ("" if edges_same else "; borders differ"))
    r["ok"] = schema_ok and not lost and edges_same
    return r


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--maker", default=os.environ.get("MAKER_DIR", str(ROOT.parent / "shared" / "upstream" / "18xx-maker-2025-11")))
    p.add_argument("--write", default=str(ROOT / "docs" / "conformance-18xx-maker.md"), help="the table's page ('' to skip)")
    args = p.parse_args(argv)
    maker = Path(args.maker)
    games = sorted((maker / "src" / "data" / "games").glob("*.json"))
    if not games:
        print(f"18xx-maker conformance: no games under {maker}; skipped")
        return 0
    validator = schema_validator(maker)
    rows = [r for r in (row(g, validator) for g in games) if r]
    head = "| game | import | dropped (lenient) | check (18xx) | schema | round trip | ms |"
    lines = [head, "| --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        lines.append(f"| {r['game']} | {r['import']} | {r['dropped']} | {r['check']} | {r['schema']} | {r['round_trip']} | {r['ms']:.0f} |")
    passed = sum(r["ok"] for r in rows)
    summary = f"{len(rows)} games with a map: {sum(r['import'] == 'ok' for r in rows)} import as they are, {len(rows)} with --lenient; " \
              f"{passed} export to a schema-valid file that imports back to the same hexes."
    print("\n".join(lines))
    print(summary)
    if args.write:
        page = Path(args.write)
        page.write_text(
            "# 18xx-maker conformance\n\n"
            "Written by `tools/conformance_maker.py` (`make conformance`) from an 18xx-maker checkout "
            f"(`MAKER_DIR`). {summary}\n\n"
            "Columns: whether the game imports as it is (else the first thing Trackwright cannot hold, by JSON "
            "path); how many items `--lenient` drops; what the `18xx` rule set finds on the map; our export "
            "validated with 18xx-maker's schemas; and whether that export imports back to the same hexes.\n\n"
            + "\n".join(lines) + "\n",
            encoding="utf-8",
        )
    return 0 if passed == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())

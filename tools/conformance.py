"""The 18xx.games conformance suite: the engine judges our import, export and rule set, title by title.

Usage::

    .venv/bin/python tools/conformance.py [--engine DIR] [--title T ...] [--no-rules]
                                          [--out docs/conformance.md] [--check-baseline | --update-baseline]

For every title of the engine checkout (``T18XX_DIR``, default ``../shared/upstream/18xx-2025-01``
relative to the repository root) whose map constants live in a file of their own:

1. **maps**: the file is imported (:mod:`model.io.import_18xx_games`), exported back
   (:mod:`model.io.export_18xx_games`), and ``tools/engine_compare.rb maps`` builds the game from
   its own map and from ours and compares them hex by hex and tile by tile. A title passes when
   the engine finds both equal.
2. **rules**: ``tools/engine_compare.rb rules`` computes the engine's static yellow-lay table and
   upgrade table; the ``18xx`` rule set computes the same tables on the imported scenario
   (:mod:`model.rules.eighteen_xx.tables`); they are compared row by row and both are timed.
   When a title's game class overrides the predicates, the engine also answers with its common
   predicates, and rows where the two engine answers differ are the override's, not compared.

It prints one row per title and a summary, and writes both tables to ``docs/conformance.md``.
The titles that passed are kept in ``tools/conformance-baseline.json``: ``--check-baseline`` exits
1 when one of them fails now, ``--update-baseline`` rewrites the file. Exit 2: no engine or no ruby.
"""

from __future__ import annotations

import argparse
import gc
import inspect
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))  # after PYTHONPATH: another checkout's model may be judged

DEFAULT_ENGINE = "../shared/upstream/18xx-2025-01"
SCRIPT = ROOT / "tools" / "engine_compare.rb"
RUNS = 3
"""Each side's tables are timed as the best of this many runs (tools/engine_compare.rb does the same)."""
BASELINE = ROOT / "tools" / "conformance-baseline.json"
DOC = ROOT / "docs" / "conformance.md"
REPLAY_SECTION = "<!-- replay:"
"""Where the replay conformance's section of the report begins (kept when the maps and rules are rewritten)."""


class SetupError(RuntimeError):
    """No engine checkout or no Ruby: the suite cannot run."""


@dataclass
class TitleRow:
    """One title's results."""

    title: str
    file: str
    import_ms: float | None = None
    problem: str | None = None  # "import failed: ..." / "export failed: ..." / "engine: ..."
    warnings: int = 0
    hexes: int = 0
    tiles: int = 0
    hex_diffs: int = 0
    tile_diffs: int = 0
    diff_fields: dict[str, int] = field(default_factory=dict)
    example: str = ""
    scenario: object = None
    rules: dict | None = None

    @property
    def map_passed(self) -> bool:
        return self.problem is None and self.hex_diffs == 0 and self.tile_diffs == 0 and self.hexes > 0

    @property
    def verdict(self) -> str:
        if self.problem:
            return self.problem
        if self.map_passed:
            return "equal"
        fields = ", ".join(f"{k} {v}" for k, v in sorted(self.diff_fields.items(), key=lambda kv: -kv[1]))
        return f"{self.hex_diffs} hexes, {self.tile_diffs} tiles differ ({fields})"


def engine_dir(arg: str | None) -> Path:
    path = Path(arg or os.environ.get("T18XX_DIR") or DEFAULT_ENGINE)
    if not path.is_absolute():
        path = (ROOT / path).resolve()
    if not (path / "lib" / "engine.rb").is_file():
        raise SetupError(f"no 18xx.games engine at {path} (set T18XX_DIR or --engine)")
    return path


def ruby(mode: str, engine: Path, jobs: list[dict] | None = None) -> list[dict]:
    """Run tools/engine_compare.rb and return its JSON answer."""
    exe = shutil.which("ruby")
    if exe is None:
        raise SetupError("ruby is not installed (Debian: apt-get install -y ruby)")
    env = {**os.environ, "T18XX_DIR": str(engine), "ENGINE_LOG_LEVEL": "4"}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(jobs or [], fh)
    try:
        proc = subprocess.run([exe, str(SCRIPT), mode, fh.name], capture_output=True, text=True, env=env, check=False)
    finally:
        os.unlink(fh.name)
    if proc.returncode != 0:
        raise SetupError(f"engine_compare.rb {mode} failed: {proc.stderr.strip()[-800:]}")
    return json.loads(proc.stdout)


def short(text: str, n: int = 120) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[: n - 1] + "…"


# --- maps -------------------------------------------------------------------------------------
def import_and_export(row: TitleRow, outdir: Path) -> Path | None:
    """Import the title's file and export it back; the exported file, or None (``row.problem`` set)."""
    from model.io.export_18xx_games import export_18xx_games
    from model.io.import_18xx_games import import_18xx_games

    path = Path(row.file)
    try:
        text = path.read_text(encoding="utf-8")
        # the importer may read sibling files (require_relative) when it is told where the file is
        extra = {"path": path} if "path" in inspect.signature(import_18xx_games).parameters else {}
        t0 = time.perf_counter()
        result = import_18xx_games(text, str(path), **extra)
        row.import_ms = (time.perf_counter() - t0) * 1000
    except Exception as exc:  # noqa: BLE001 - every failure becomes a row of the report
        row.problem = "import failed: " + short(str(exc).replace(str(path.parent.parent) + "/", ""))
        return None
    row.warnings = len(result.warnings)
    row.scenario = result.scenario
    try:
        src, _notes = export_18xx_games(result.scenario)
    except Exception as exc:  # noqa: BLE001
        row.problem = "export failed: " + short(exc)
        return None
    out = outdir / ("".join(ch if ch.isalnum() else "_" for ch in row.title) + ".rb")
    out.write_text(src, encoding="utf-8")
    return out


def judge_maps(rows: list[TitleRow], engine: Path, outdir: Path) -> None:
    jobs = []
    for row in rows:
        out = import_and_export(row, outdir)
        if out is not None:
            jobs.append({"title": row.title, "file": str(out)})
    by_title = {r.title: r for r in rows}
    for res in ruby("maps", engine, jobs) if jobs else []:
        row = by_title[res["title"]]
        if res["status"] == "error":
            row.problem = "engine: " + short(res["error"])
            continue
        row.hexes, row.tiles = res["hexes"], res["tiles"]
        row.hex_diffs, row.tile_diffs = res["hex_diffs"]["count"], res["tile_diffs"]["count"]
        fields: dict[str, int] = {}
        for part in ("hex_diffs", "tile_diffs"):
            for k, v in res[part]["fields"].items():
                fields[k] = fields.get(k, 0) + v
        row.diff_fields = fields
        ex = (res["hex_diffs"]["examples"] or res["tile_diffs"]["examples"] or [None])[0]
        if ex:
            where = ex.get("hex") or ex.get("tile")
            row.example = short(f"{where} {ex['field']}: engine {json.dumps(ex['engine'])} ours {json.dumps(ex['ours'])}", 160)


# --- rules ------------------------------------------------------------------------------------
def _rows(table: dict, keys: list[str], tiles_for) -> dict[tuple[str, str], tuple[int, ...]]:
    return {(k, t): tuple(table.get(k, {}).get(t, ())) for k in keys for t in tiles_for(k)}


def compare_rules(row: TitleRow, eng: dict) -> dict:
    """Our tables for a title against the engine's answer ``eng`` (see engine_compare.rb rules)."""
    from model.rules import get_rule_set
    from model.rules.eighteen_xx import tables

    rules = get_rule_set("18xx")
    scenario = row.scenario
    hex_label = eng["upgrade"]["hex"] if eng.get("upgrade") else None
    yellow_s = upgrade_s = float("inf")
    gc.collect()
    for _ in range(RUNS):  # best of RUNS, as the engine's side is timed
        t0 = time.perf_counter()
        ours_yellow = tables.yellow_table(rules, scenario)
        t1 = time.perf_counter()
        ours_upgrade = tables.upgrade_table(rules, scenario, hex_label) if hex_label else {}
        t2 = time.perf_counter()
        yellow_s, upgrade_s = min(yellow_s, t1 - t0), min(upgrade_s, t2 - t1)

    # the rows are what either side enumerates: a tile or hex only one side knows is a row too
    grid = scenario.board.grid
    colors = ("white", "yellow", "green", "brown", "gray")
    manifest = {t.id: t.color for t in scenario.tileset().tiles}
    for name, color in eng.get("manifest", {}).items():
        manifest.setdefault(name, color)
    yellows = [t for t, c in manifest.items() if c == "yellow"]
    hexes = list(dict.fromkeys([grid.label(c) for c in grid.ordered_coords] + eng.get("hexes", [])))
    next_of = {t: [u for u, cu in manifest.items() if cu == colors[colors.index(c) + 1]]
               for t, c in manifest.items() if c in ("yellow", "green", "brown")}
    up_keys = [f"{t}@{r}" for t in next_of for r in range(6)]
    setup = set(eng.get("setup_changed", ()))
    # hexes the title's code adds beyond its map file (18USA's off-board areas, 18RoyalGorge's
    # home towns): no map file holds them, so they and their neighbours are the game's set-up
    ours = {grid.label(c) for c in grid.ordered_coords}
    added = [h for h in eng.get("hexes", []) if h not in ours]
    setup |= set(added) | {n for h in added for n in eng.get("neighbors", {}).get(h, ())}
    setup_tiles = set(eng.get("setup_tiles", ()))
    out = {"overrides": eng["overrides"], "override_error": eng.get("override_error"), "setup_changed": sorted(setup), "setup_tiles": sorted(setup_tiles), "engine_ms": eng["yellow_ms"] + eng["upgrade_ms"],
           "ours_ms": (yellow_s + upgrade_s) * 1000, "yellow_ours_ms": yellow_s * 1000, "upgrade_ours_ms": upgrade_s * 1000,
           "yellow_engine_ms": eng["yellow_ms"], "upgrade_engine_ms": eng["upgrade_ms"], "plain_hex": hex_label}
    for name, ours, theirs, plain, keys, tiles_for in (
        ("yellow", ours_yellow, eng["yellow"], eng.get("plain_yellow"), hexes, lambda k: yellows),
        ("upgrade", ours_upgrade, (eng.get("upgrade") or {}).get("table", {}),
         (eng.get("plain_upgrade") or {}).get("table") if eng.get("plain_upgrade") else None,
         up_keys if hex_label else [], lambda k: next_of[k.rsplit("@", 1)[0]]),
    ):
        mine, eng_rows = _rows(ours, keys, tiles_for), _rows(theirs, keys, tiles_for)
        skip = set()
        if plain is not None:
            plain_rows = _rows(plain, keys, tiles_for)
            skip = {k for k in eng_rows if eng_rows[k] != plain_rows[k]}
        changed = {k for k in eng_rows if (name == "yellow" and k[0] in setup) or k[1] in setup_tiles
                   or k[0].rsplit("@", 1)[0] in setup_tiles} - skip
        bad = [k for k in mine if k not in skip and k not in changed and mine[k] != eng_rows[k]]
        out[name] = {"rows": len(mine), "override_rows": len(skip), "setup_rows": len(changed), "disagree": len(bad),
                     "examples": [f"{k[0]} {k[1]}: engine {list(eng_rows[k])} ours {list(mine[k])}" for k in bad[:3]]}
    return out


def judge_rules(rows: list[TitleRow], engine: Path) -> None:
    ready = [r for r in rows if r.map_passed or (r.scenario is not None and r.problem is None)]
    if not ready:
        return
    by_title = {r.title: r for r in ready}
    for eng in ruby("rules", engine, [{"title": r.title} for r in ready]):
        row = by_title[eng["title"]]
        if eng["status"] == "error":
            row.rules = {"error": short(eng["error"])}
            continue
        try:
            row.rules = compare_rules(row, eng)
        except Exception as exc:  # noqa: BLE001 - a crash of our rule set is a row of the report
            row.rules = {"error": "ours: " + short(exc)}


def rules_passed(row: TitleRow) -> bool:
    r = row.rules
    return bool(r) and "error" not in r and r["yellow"]["disagree"] == 0 and r["upgrade"]["disagree"] == 0


# --- report -----------------------------------------------------------------------------------
def summary(rows: list[TitleRow]) -> str:
    imported = sum(1 for r in rows if r.scenario is not None)
    equal = sum(1 for r in rows if r.map_passed)
    ruled = [r for r in rows if r.rules and "error" not in r.rules]
    agree = sum(1 for r in ruled if rules_passed(r))
    return (f"{len(rows)} titles: {imported} import, {equal} export equal to the engine's map; "
            f"rule tables for {len(ruled)}, {agree} agree on every compared row")


def ratio(r: dict) -> str:
    return f"{r['engine_ms'] / r['ours_ms']:.1f}x" if r["ours_ms"] else "-"


def markdown(rows: list[TitleRow], engine: Path) -> str:
    lines = [
        "# Conformance with the 18xx.games engine",
        "",
        "Written by `tools/conformance.py` (`make conformance`); do not edit by hand. The engine checkout",
        f"is `{engine.name}`; the map comparison and the rule tables are computed by `tools/engine_compare.rb`.",
        "",
        f"**Summary:** {summary(rows)}.",
        "",
        "## Maps: import, export, and the engine's verdict",
        "",
        "Each title's map file is imported, exported back, and the engine builds the game from its own",
        "map and from ours and compares every hex (tile colour, paths with track kind and lanes, cities,",
        "towns, offboards, borders, upgrades, labels, future label, icons, location name, neighbours)",
        "and every tile of `game.tiles` (count and the same parts).",
        "",
        "| title | map file | import ms | warnings | verdict |",
        "| --- | --- | ---: | ---: | --- |",
    ]
    for r in rows:
        ms = f"{r.import_ms:.0f}" if r.import_ms is not None else "-"
        verdict = r.verdict.replace("|", "\\|")
        lines.append(f"| {r.title} | `{Path(r.file).parent.name}/{Path(r.file).name}` | {ms} | {r.warnings} | {verdict} |")
    lines += [
        "",
        "## Rules: the static lay tables, engine against the `18xx` rule set",
        "",
        "Yellow table: every hex x every yellow tile of the manifest x rotation 0-5, every neighbour",
        "counted as reached, as the engine's `upgrades_to?` and the track step's `legal_tile_rotation?`",
        "answer it. Upgrade table: on one plain hex (white, no track, six neighbours), every manifest tile",
        "of yellow, green and brown at each rotation, against every tile of the next colour. A row is one",
        "(hex or old tile@rotation, new tile) pair, compared by its set of legal rotations. Times: the",
        "engine's two tables (game already built) against ours (from the imported scenario), each the",
        "best of three runs in the same run (so our printed-map index is built once, as the engine's game).",
        "",
        "| title | yellow rows | differ | upgrade rows | differ | engine ms | ours ms | ratio |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    overridden = []
    for r in rows:
        if not r.rules:
            continue
        if "error" in r.rules:
            lines.append(f"| {r.title} | {r.rules['error'].replace('|', chr(92) + '|')} | | | | | | |")
            continue
        y, u = r.rules["yellow"], r.rules["upgrade"]

        def cell(t):
            extra = [f"{t[k]} {w}" for k, w in (("override_rows", "override"), ("setup_rows", "set up")) if t[k]]
            return f"{t['disagree']}" + (f" ({', '.join(extra)})" if extra else "")

        lines.append(f"| {r.title} | {y['rows']} | {cell(y)} | {u['rows']} | {cell(u)} | "
                     f"{r.rules['engine_ms']:.1f} | {r.rules['ours_ms']:.1f} | {ratio(r.rules)} |")
        if r.rules["overrides"]:
            overridden.append(r)
    if overridden:
        lines += ["", "### Titles that override the predicates", "",
                  "Rows where the title's own predicates answer otherwise than the engine's common ones are the",
                  "override's (counted as \"override\" above, not compared); the rest are compared. Track-step",
                  "overrides are listed but not applied: the tables use the engine's common track step.", ""]
        for r in overridden:
            note = f" (the title's predicates fail outside a game: {r.rules['override_error']})" if r.rules["override_error"] else ""
            lines.append(f"* {r.title}: " + "; ".join(f"`{o}`" for o in r.rules["overrides"]) + note)
    changed = [r for r in rows if r.rules and "error" not in r.rules and (r.rules["setup_changed"] or r.rules["setup_tiles"])]
    if changed:
        lines += ["", "### Hexes and tiles the game's setup changes", "",
                  "The game changes these hexes (their tile or their links, and the hexes next to a changed one)",
                  "or manifest tiles (removed, relabelled) when it starts; the map file does not say how they end",
                  "up, so their rows are not compared (\"set up\" above).", ""]
        for r in changed:
            parts = []
            if r.rules["setup_changed"]:
                parts.append("hexes " + ", ".join(r.rules["setup_changed"]))
            if r.rules["setup_tiles"]:
                parts.append("tiles " + ", ".join(r.rules["setup_tiles"]))
            lines.append(f"* {r.title}: {'; '.join(parts)}")
    disagreeing = [r for r in rows if r.rules and "error" not in r.rules and not rules_passed(r)]
    if disagreeing:
        lines += ["", "### Disagreements (first rows)", ""]
        for r in disagreeing:
            ex = r.rules["yellow"]["examples"] + r.rules["upgrade"]["examples"]
            lines.append(f"* {r.title}: " + "; ".join(ex[:3]))
    return "\n".join(lines) + "\n"


def print_rows(rows: list[TitleRow]) -> None:
    width = max((len(r.title) for r in rows), default=10)
    for r in rows:
        rules = ""
        if r.rules:
            if "error" in r.rules:
                rules = f"  rules: {r.rules['error']}"
            else:
                y, u = r.rules["yellow"], r.rules["upgrade"]
                rules = (f"  rules: yellow {y['rows'] - y['disagree']}/{y['rows']} upgrade "
                         f"{u['rows'] - u['disagree']}/{u['rows']} engine {r.rules['engine_ms']:.0f} ms "
                         f"ours {r.rules['ours_ms']:.0f} ms ({ratio(r.rules)})")
        print(f"{r.title:<{width}}  {short(r.verdict, 90)}{rules}")
    print(summary(rows))


def check_baseline(rows: list[TitleRow], path: Path) -> list[str]:
    """Titles that passed in the baseline and fail now (maps or rules)."""
    if not path.is_file():
        return []
    base = json.loads(path.read_text(encoding="utf-8"))
    now_maps = {r.title for r in rows if r.map_passed}
    now_rules = {r.title for r in rows if rules_passed(r)}
    out = [f"{t}: map no longer equal" for t in base.get("maps", []) if t not in now_maps]
    out += [f"{t}: rule tables no longer agree" for t in base.get("rules", []) if t not in now_rules]
    return out


def write_baseline(rows: list[TitleRow], path: Path) -> None:
    data = {"maps": sorted(r.title for r in rows if r.map_passed), "rules": sorted(r.title for r in rows if rules_passed(r))}
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--engine", help=f"the 18xx.games checkout (default $T18XX_DIR or {DEFAULT_ENGINE})")
    p.add_argument("--title", action="append", help="only these titles (repeatable)")
    p.add_argument("--no-rules", action="store_true", help="skip the rule tables")
    p.add_argument("--out", default=str(DOC), help="the markdown report (default docs/conformance.md; '-' for none)")
    p.add_argument("--baseline", default=str(BASELINE), help="titles that passed before")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--check-baseline", action="store_true", help="exit 1 if a title of the baseline fails now")
    g.add_argument("--update-baseline", action="store_true", help="rewrite the baseline with today's passes")
    args = p.parse_args(argv)
    try:
        engine = engine_dir(args.engine)
        titles = ruby("titles", engine)
    except SetupError as exc:
        print(f"conformance: {exc}", file=sys.stderr)
        return 2
    if args.title:
        titles = [t for t in titles if t["title"] in args.title]
    rows = [TitleRow(t["title"], t["file"]) for t in titles]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            judge_maps(rows, engine, Path(tmp))
        if not args.no_rules:
            judge_rules(rows, engine)
    except SetupError as exc:
        print(f"conformance: {exc}", file=sys.stderr)
        return 2
    print_rows(rows)
    if args.out != "-":
        out = Path(args.out)
        text = markdown(rows, engine)
        old = out.read_text(encoding="utf-8") if out.is_file() else ""
        if REPLAY_SECTION in old:  # the replay conformance's section (tools/replay_conformance.py) stays
            text += "\n" + old[old.index(REPLAY_SECTION):]
        out.write_text(text, encoding="utf-8")
    if args.update_baseline:
        write_baseline(rows, Path(args.baseline))
    if args.check_baseline:
        lost = check_baseline(rows, Path(args.baseline))
        for line in lost:
            print(f"conformance: regression: {line}", file=sys.stderr)
        if lost:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

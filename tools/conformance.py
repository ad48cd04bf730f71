"""The 18xx.games conformance suite: the engine judges our import, export and rule set, title by title.

Usage::

    .venv/bin/python tools/conformance.py [--engine DIR] [--title T ...] [--no-rules] [--cache DIR]
                                          [--out docs/conformance.md] [--check-baseline | --update-baseline]

For every title of the engine checkout (``T18XX_DIR``, default ``../shared/upstream/18xx-2025-01``
relative to the repository root) whose map constants live in a file of their own:

1. **maps**: the file is imported (:mod:`model.io.import_18xx_games`), exported back
   (:mod:`model.io.export_18xx_games`), and ``tools/engine_compare.rb maps`` builds the game from
   its own map and from ours and compares them hex by hex and tile by tile. A title passes when
   the engine finds both equal (and has hexes to compare).
2. **rules**: ``tools/engine_compare.rb rules`` computes the engine's static yellow-lay table and
   upgrade table; the ``18xx`` rule set computes the same tables on the imported scenario
   (:mod:`model.rules.eighteen_xx.tables`); they are compared row by row and both are timed.
   When a title's game class overrides the predicates, the engine also answers with its common
   predicates, and rows where the two engine answers differ are the override's: excluded, and
   counted. A title agrees only when both tables compared rows and all of them agree; it is "not
   judged" when a table compared nothing or its own predicates cannot answer outside a game.

It prints one row per title and a summary; ``--out docs/conformance.md`` writes the tables into
that page, between its generated markers (``make conformance-docs``). The baseline
(``tools/conformance-baseline.json``) keeps, per title, the map verdict, the rules verdict and
each table's compared, excluded and differing row counts: ``--check-baseline`` (``make
conformance``, CI) exits 1 when any of them got worse, ``--update-baseline`` rewrites the file.
Exit 2: no engine or no ruby.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
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


CACHE_ENV = "CONFORMANCE_CACHE"
"""A folder where the engine's answers are kept between runs (development only: a published run
leaves it unset, so every figure comes from the engine in that run)."""


def _job_key(mode: str, engine: Path, job: dict) -> str:
    """What an engine answer depends on: this script, the engine, the job and the file it names."""
    h = hashlib.sha256()
    h.update(SCRIPT.read_bytes())
    named = {k: v for k, v in job.items() if k != "file"}  # a file counts by its content, not its (temporary) path
    h.update(f"{mode}\0{engine}\0{json.dumps(named, sort_keys=True)}".encode())
    if job.get("file"):
        h.update(Path(job["file"]).read_bytes())
    return h.hexdigest()[:32]


def ruby(mode: str, engine: Path, jobs: list[dict] | None = None, cache: Path | None = None) -> list[dict]:
    """Run tools/engine_compare.rb and return its JSON answer (one entry per job; ``titles``: a list).

    With ``cache`` (or $CONFORMANCE_CACHE) set, answers already there are reused and new ones stored."""
    if cache is None and os.environ.get(CACHE_ENV):
        cache = Path(os.environ[CACHE_ENV])
    jobs = jobs or []
    if cache is not None and (jobs or mode == "titles"):
        cache.mkdir(parents=True, exist_ok=True)
        keys = [_job_key(mode, engine, j) for j in jobs] if jobs else [_job_key(mode, engine, {})]
        found = {k: json.loads((cache / f"{k}.json").read_text()) for k in keys if (cache / f"{k}.json").is_file()}
        if mode == "titles":
            if keys[0] not in found:
                found[keys[0]] = _run_ruby(mode, engine, [])
                (cache / f"{keys[0]}.json").write_text(json.dumps(found[keys[0]]))
            return found[keys[0]]
        todo = [(k, j) for k, j in zip(keys, jobs, strict=True) if k not in found]
        if todo:
            for (k, _), answer in zip(todo, _run_ruby(mode, engine, [j for _, j in todo]), strict=True):
                found[k] = answer
                (cache / f"{k}.json").write_text(json.dumps(answer))
        return [found[k] for k in keys]
    return _run_ruby(mode, engine, jobs)


def _run_ruby(mode: str, engine: Path, jobs: list[dict]) -> list[dict]:
    exe = shutil.which("ruby")
    if exe is None:
        raise SetupError("ruby is not installed (Debian: apt-get install -y ruby)")
    env = {**os.environ, "T18XX_DIR": str(engine), "ENGINE_LOG_LEVEL": "4"}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(jobs, fh)
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


def judge_maps(rows: list[TitleRow], engine: Path, outdir: Path, cache: Path | None = None) -> None:
    jobs = []
    for row in rows:
        out = import_and_export(row, outdir)
        if out is not None:
            jobs.append({"title": row.title, "file": str(out)})
    by_title = {r.title: r for r in rows}
    for res in ruby("maps", engine, jobs, cache) if jobs else []:
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
    ours_hexes = {grid.label(c) for c in grid.ordered_coords}
    hexes = list(dict.fromkeys([grid.label(c) for c in grid.ordered_coords] + eng.get("hexes", [])))
    next_of = {t: [u for u, cu in manifest.items() if cu == colors[colors.index(c) + 1]]
               for t, c in manifest.items() if c in ("yellow", "green", "brown")}
    up_keys = [f"{t}@{r}" for t in next_of for r in range(6)]
    # hexes and tiles the game's own set-up changes (engine_compare.rb setup_changed/setup_tiles):
    # the map file does not say how they end up, so their rows are excluded, and counted as such.
    # A hex the engine has and our import lacks is never excluded: its rows are compared (and
    # disagree wherever the engine lets a tile be laid there or pointed at it).
    setup = set(eng.get("setup_changed", ()))
    setup_tiles = set(eng.get("setup_tiles", ()))
    missing = sorted(h for h in eng.get("hexes", []) if h not in ours_hexes)
    out = {"overrides": eng["overrides"], "override_error": eng.get("override_error"), "setup_changed": sorted(setup),
           "setup_tiles": sorted(setup_tiles), "missing_hexes": missing, "drawn_hexes": sorted(eng.get("drawn", {})), "engine_ms": eng["yellow_ms"] + eng["upgrade_ms"],
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
        compared = [k for k in mine if k not in skip and k not in changed]
        # a hex the game draws at random when it starts: our row agrees when it is one of the draws
        drawn = eng.get("drawn", {}) if name == "yellow" else {}
        bad = [k for k in compared if mine[k] != eng_rows[k]
               and not any(mine[k] == tuple(t.get(k[1], ())) for t in drawn.get(k[0], ()))]
        out[name] = {"rows": len(mine), "compared": len(compared), "override_rows": len(skip), "setup_rows": len(changed),
                     "excluded": len(skip) + len(changed), "disagree": len(bad),
                     "examples": [f"{k[0]} {k[1]}: engine {list(eng_rows[k])} ours {list(mine[k])}" for k in bad[:3]]}
    if not hex_label:
        out["upgrade"]["why_none"] = "the engine's map has no plain hex (white, no track, six neighbours)"
    return out


def judge_rules(rows: list[TitleRow], engine: Path, cache: Path | None = None) -> None:
    ready = [r for r in rows if r.map_passed or (r.scenario is not None and r.problem is None)]
    if not ready:
        return
    by_title = {r.title: r for r in ready}
    for eng in ruby("rules", engine, [{"title": r.title} for r in ready], cache):
        row = by_title[eng["title"]]
        if eng["status"] == "error":
            row.rules = {"error": short(eng["error"])}
            continue
        try:
            row.rules = compare_rules(row, eng)
        except Exception as exc:  # noqa: BLE001 - a crash of our rule set is a row of the report
            row.rules = {"error": "ours: " + short(exc)}


TABLES = ("yellow", "upgrade")


def rules_verdict(row: TitleRow) -> str:
    """``agree``: every compared row of both tables agrees, and both compared some rows;
    ``disagree``: some compared row differs; ``not judged: ...``: the engine could not answer
    with the title's own rules, or a table compared nothing; ``error: ...``; ``not run``."""
    r = row.rules
    if not r:
        return "not run"
    if "error" in r:
        return f"error: {r['error']}"
    if any(r[t]["disagree"] for t in TABLES):
        return "disagree"
    if r.get("override_error"):
        return "not judged: the title's own predicates fail outside a game"
    empty = [t for t in TABLES if r[t]["compared"] == 0]
    if empty:
        return "not judged: no " + " and no ".join(f"{t} rows" for t in empty) + " compared"
    return "agree"


def rules_passed(row: TitleRow) -> bool:
    return rules_verdict(row) == "agree"


# --- report -----------------------------------------------------------------------------------
def summary(rows: list[TitleRow]) -> str:
    imported = sum(1 for r in rows if r.scenario is not None)
    equal = sum(1 for r in rows if r.map_passed)
    verdicts = [rules_verdict(r) for r in rows if r.rules]
    agree = verdicts.count("agree")
    disagree = verdicts.count("disagree")
    unjudged = sum(1 for v in verdicts if v.startswith("not judged"))
    errors = sum(1 for v in verdicts if v.startswith("error"))
    compared = sum(r.rules[t]["compared"] for r in rows if r.rules and "error" not in r.rules for t in TABLES)
    excluded = sum(r.rules[t]["excluded"] for r in rows if r.rules and "error" not in r.rules for t in TABLES)
    return (f"{len(rows)} titles: {imported} import, {equal} export equal to the engine's map; "
            f"rule tables for {len(verdicts)}: {agree} agree, {disagree} disagree, {unjudged} not judged, "
            f"{errors} fail; {compared} rows compared, {excluded} excluded")


def ratio(r: dict) -> str:
    return f"{r['engine_ms'] / r['ours_ms']:.1f}x" if r["ours_ms"] else "-"


BEGIN = "<!-- BEGIN generated by tools/conformance.py: do not edit by hand -->"
END = "<!-- END generated by tools/conformance.py -->"


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|")


def excluded_cell(t: dict) -> str:
    parts = [f"{t[k]} {w}" for k, w in (("override_rows", "override"), ("setup_rows", "set up")) if t[k]]
    return f"{t['excluded']}" + (f" ({', '.join(parts)})" if parts else "")


def markdown(rows: list[TitleRow], engine: Path) -> str:
    """The generated block of docs/conformance.md (between BEGIN and END)."""
    lines = [
        BEGIN,
        "",
        "## The engine's verdict on our import, export and rule tables",
        "",
        f"Written by `tools/conformance.py` (`make conformance-docs`). The engine checkout is `{engine.name}`;",
        "the map comparison and the rule tables are computed by `tools/engine_compare.rb`.",
        "",
        f"**Summary:** {summary(rows)}.",
        "",
        "### Maps: import, export, and the engine's verdict",
        "",
        "Each title's map file is imported, exported back, and the engine builds the game from its own",
        "map and from ours and compares every hex (the printed tile's name, tile colour, paths with track",
        "kind and lanes, cities, towns, offboards, borders, upgrades, labels, future label, icons, hidden",
        "flag, location name, neighbours) and every tile of `game.tiles` (count and the same parts).",
        "",
        "| title | map file | import ms | warnings | hexes | tiles | verdict |",
        "| --- | --- | ---: | ---: | ---: | ---: | --- |",
    ]
    for r in rows:
        ms = f"{r.import_ms:.0f}" if r.import_ms is not None else "-"
        lines.append(f"| {r.title} | `{Path(r.file).parent.name}/{Path(r.file).name}` | {ms} | {r.warnings} | "
                     f"{r.hexes} | {r.tiles} | {_cell(r.verdict)} |")
    lines += [
        "",
        "### Rules: the static lay tables, engine against the `18xx` rule set",
        "",
        "Yellow table: every hex x every yellow tile of the manifest x rotation 0-5, every neighbour",
        "counted as reached, as the engine's `upgrades_to?` and the track step's `legal_tile_rotation?`",
        "answer it. Upgrade table: on one plain hex (white, no track, six neighbours), every manifest tile",
        "of yellow, green and brown at each rotation, against every tile of the next colour. A row is one",
        "(hex or old tile@rotation, new tile) pair, compared by its set of legal rotations. A hex the",
        "engine has and our import lacks is a row like any other. Rows are excluded only where the",
        "engine's own answer is not the map's: the title's predicates answer otherwise than the common",
        "ones (\"override\"), or the game's set-up changes the hex or tile (\"set up\"); they are counted.",
        "A title agrees when both tables compared some rows and every compared row agrees; it is not",
        "judged when a table compared nothing or the title's own predicates cannot answer outside a game.",
        "Times: the engine's two tables (game already built) against ours (from the imported scenario),",
        "each the best of three runs in the same run.",
        "",
        "| title | yellow compared | differ | excluded | upgrade compared | differ | excluded | verdict | engine ms | ours ms | ratio |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |",
    ]
    overridden = []
    for r in rows:
        if not r.rules:
            continue
        if "error" in r.rules:
            lines.append(f"| {r.title} | | | | | | | {_cell(rules_verdict(r))} | | | |")
            continue
        y, u = r.rules["yellow"], r.rules["upgrade"]
        lines.append(f"| {r.title} | {y['compared']} | {y['disagree']} | {excluded_cell(y)} | {u['compared']} | "
                     f"{u['disagree']} | {excluded_cell(u)} | {_cell(rules_verdict(r))} | "
                     f"{r.rules['engine_ms']:.1f} | {r.rules['ours_ms']:.1f} | {ratio(r.rules)} |")
        if r.rules["overrides"]:
            overridden.append(r)
    if overridden:
        lines += ["", "#### Titles that override the predicates", "",
                  "Rows where the title's own predicates answer otherwise than the engine's common ones are the",
                  "override's (excluded as \"override\" above, and counted); the rest are compared. Track-step",
                  "overrides are listed but not applied: the tables use the engine's common track step.", ""]
        for r in overridden:
            note = f" (not judged: the title's predicates fail outside a game: {r.rules['override_error']})" if r.rules["override_error"] else ""
            lines.append(f"* {r.title}: " + "; ".join(f"`{o}`" for o in r.rules["overrides"]) + note)
    changed = [r for r in rows if r.rules and "error" not in r.rules and (r.rules["setup_changed"] or r.rules["setup_tiles"])]
    if changed:
        lines += ["", "#### Hexes and tiles the game's set-up changes", "",
                  "The game changes these hexes (their tile or their links, and the hexes next to a changed one)",
                  "or manifest tiles (removed, relabelled) when it starts; the map file does not say how they end",
                  "up, so their rows are excluded (\"set up\" above).", ""]
        for r in changed:
            parts = []
            if r.rules["setup_changed"]:
                parts.append("hexes " + ", ".join(r.rules["setup_changed"]))
            if r.rules["setup_tiles"]:
                parts.append("tiles " + ", ".join(r.rules["setup_tiles"]))
            lines.append(f"* {r.title}: {'; '.join(parts)}")
    missing = [r for r in rows if r.rules and "error" not in r.rules and r.rules.get("missing_hexes")]
    if missing:
        lines += ["", "#### Hexes the engine has and our import lacks", "",
                  "Compared like every other hex: a row disagrees where the engine allows a lay that needs them.", ""]
        lines += [f"* {r.title}: {', '.join(r.rules['missing_hexes'])}" for r in missing]
    drawn = [r for r in rows if r.rules and "error" not in r.rules and r.rules.get("drawn_hexes")]
    if drawn:
        lines += ["", "#### Hexes the game draws at random when it starts", "",
                  "The engine builds these hexes differently with other seeds (random revenues, a city or a town by",
                  "the corporations drawn); their rows are compared, and agree when ours is the engine's answer for one",
                  "of the draws (seeds 0, 1, 2, 3, 5, 8).", ""]
        lines += [f"* {r.title}: {', '.join(r.rules['drawn_hexes'])}" for r in drawn]
    disagreeing = [r for r in rows if rules_verdict(r) == "disagree"]
    if disagreeing:
        lines += ["", "#### Disagreements (first rows)", ""]
        for r in disagreeing:
            ex = r.rules["yellow"]["examples"] + r.rules["upgrade"]["examples"]
            lines.append(f"* {r.title}: " + "; ".join(ex[:3]))
    unjudged = [r for r in rows if rules_verdict(r).startswith("not judged")]
    if unjudged:
        lines += ["", "#### Not judged", ""]
        for r in unjudged:
            why = rules_verdict(r).removeprefix("not judged: ")
            if r.rules["upgrade"].get("why_none") and not r.rules["upgrade"]["compared"]:
                why += f" ({r.rules['upgrade']['why_none']})"
            lines.append(f"* {r.title}: {why}")
    lines += ["", END]
    return "\n".join(lines) + "\n"


PAGE_HEAD = """# Conformance with the 18xx.games engine

What the 18xx.games engine says about Trackwright's import, export and rules, title by title.
The sections between the generated markers are written by the tools named in them; the rest of
the page is kept as it is.
"""


def write_page(path: Path, block: str) -> None:
    """Put ``block`` (BEGIN..END) into the page at ``path``, replacing an earlier block and keeping
    everything outside it (other generated parts, such as a replay section, live beside it)."""
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        tail = rest.split(END, 1)[1].lstrip("\n")
        new = head + block + ("\n" + tail if tail else "")
    elif text.startswith("# Conformance with the 18xx.games engine") and "tools/conformance.py" in text[:400] and BEGIN not in text:
        new = PAGE_HEAD + "\n" + block  # the page as an earlier version wrote it whole: replaced
    else:
        new = (text.rstrip("\n") + "\n\n" if text else PAGE_HEAD + "\n") + block
    path.write_text(new, encoding="utf-8")


def table_line(name: str, t: dict) -> str:
    line = f"{name} {t['compared']} compared, {t['disagree']} differ"
    return line + (f", {excluded_cell(t)} excluded" if t["excluded"] else "")


def print_rows(rows: list[TitleRow]) -> None:
    width = max((len(r.title) for r in rows), default=10)
    for r in rows:
        rules = ""
        if r.rules:
            if "error" in r.rules:
                rules = f"  rules: {r.rules['error']}"
            else:
                rules = (f"  rules: {rules_verdict(r)}; {table_line('yellow', r.rules['yellow'])}; "
                         f"{table_line('upgrade', r.rules['upgrade'])}; engine {r.rules['engine_ms']:.0f} ms "
                         f"ours {r.rules['ours_ms']:.0f} ms ({ratio(r.rules)})")
        print(f"{r.title:<{width}}  {short(r.verdict, 90)}{rules}")
    print(summary(rows))


def title_record(row: TitleRow) -> dict:
    """What the baseline keeps of one title."""
    rec = {"map": "equal" if row.map_passed else "different", "hexes": row.hexes, "rules": rules_verdict(row).split(":")[0]}
    if row.rules and "error" not in row.rules:
        for t in TABLES:
            rec[t] = {k: row.rules[t][k] for k in ("compared", "excluded", "disagree")}
    return rec


def check_baseline(rows: list[TitleRow], path: Path) -> list[str]:
    """What got worse since the baseline: a map no longer equal, rule tables no longer agreeing,
    a table comparing fewer rows, excluding more, or disagreeing on more; a title gone."""
    if not path.is_file():
        return [f"no baseline at {path} (write one with --update-baseline)"]
    base = json.loads(path.read_text(encoding="utf-8"))
    if "titles" not in base:
        return [f"{path}: an old baseline of title names only; write it again with --update-baseline"]
    now = {r.title: title_record(r) for r in rows}
    out = []
    for title, was in base["titles"].items():
        cur = now.get(title)
        if cur is None:
            out.append(f"{title}: no longer judged (not among the engine's titles, or left out)")
            continue
        if was["map"] == "equal" and cur["map"] != "equal":
            out.append(f"{title}: map no longer equal")
        if was["rules"] == "agree" and cur["rules"] != "agree":
            out.append(f"{title}: rule tables no longer agree ({cur['rules']})")
        for t in TABLES:
            if t not in was:
                continue
            if t not in cur:
                out.append(f"{title}: {t} table no longer computed")
                continue
            a, b = was[t], cur[t]
            if b["compared"] < a["compared"]:
                out.append(f"{title}: {t} rows compared dropped from {a['compared']} to {b['compared']}")
            if b["excluded"] > a["excluded"]:
                out.append(f"{title}: {t} rows excluded grew from {a['excluded']} to {b['excluded']}")
            if b["disagree"] > a["disagree"]:
                out.append(f"{title}: {t} rows that differ grew from {a['disagree']} to {b['disagree']}")
    return out


def write_baseline(rows: list[TitleRow], path: Path) -> None:
    lines = [f"  {json.dumps(r.title)}: {json.dumps(title_record(r))}" for r in sorted(rows, key=lambda r: r.title)]
    path.write_text('{"titles": {\n' + ",\n".join(lines) + "\n}}\n", encoding="utf-8")  # one title a line


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--engine", help=f"the 18xx.games checkout (default $T18XX_DIR or {DEFAULT_ENGINE})")
    p.add_argument("--title", action="append", help="only these titles (repeatable)")
    p.add_argument("--no-rules", action="store_true", help="skip the rule tables")
    p.add_argument("--out", default="-", help="write the report into this page (docs/conformance.md; default '-': none)")
    p.add_argument("--baseline", default=str(BASELINE), help="what each title reached before")
    p.add_argument("--cache", help=f"keep the engine's answers in this folder (development; also ${CACHE_ENV})")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--check-baseline", action="store_true", help="exit 1 if any title got worse than the baseline")
    g.add_argument("--update-baseline", action="store_true", help="rewrite the baseline with today's figures")
    args = p.parse_args(argv)
    cache = Path(args.cache) if args.cache else None
    try:
        engine = engine_dir(args.engine)
        titles = ruby("titles", engine, cache=cache)
    except SetupError as exc:
        print(f"conformance: {exc}", file=sys.stderr)
        return 2
    if args.title:
        titles = [t for t in titles if t["title"] in args.title]
    rows = [TitleRow(t["title"], t["file"]) for t in titles]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            judge_maps(rows, engine, Path(tmp), cache)
        if not args.no_rules:
            judge_rules(rows, engine, cache)
    except SetupError as exc:
        print(f"conformance: {exc}", file=sys.stderr)
        return 2
    print_rows(rows)
    if args.out != "-":
        write_page(Path(args.out), markdown(rows, engine))
    if args.update_baseline:
        write_baseline(rows, Path(args.baseline))
    if args.check_baseline:
        if args.title or args.no_rules:
            print("conformance: --check-baseline needs every title and the rule tables", file=sys.stderr)
            return 2
        lost = check_baseline(rows, Path(args.baseline))
        for line in lost:
            print(f"conformance: regression: {line}", file=sys.stderr)
        if lost:
            return 1
        print(f"conformance: no title worse than {Path(args.baseline).name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

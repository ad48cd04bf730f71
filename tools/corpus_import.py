"""Import every 18xx.games map file of an engine checkout and print a per-title table.

Usage: ``python tools/corpus_import.py [--export] [--lenient] [--only TITLE...]``

The engine's folder is the setting ``T18XX_DIR`` (default ``../shared/upstream/18xx-2025-01``,
relative to the repository root). For each ``lib/engine/game/g_*/map.rb`` the script imports the
file (and, with ``--export``, writes it back as a map file and imports that again, checking that
the scenario is unchanged), then prints: title, status, hexes, tiles, warnings, milliseconds and
the first error. A summary line ends the table. Nothing is written to disk.

Exit status: 0 when every file imported, 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from model.io.export_18xx_games import export_18xx_games  # noqa: E402
from model.io.import_18xx_games import ImportError18xx, import_18xx_games  # noqa: E402


def engine_dir() -> Path:
    """The engine checkout named by ``T18XX_DIR`` (relative paths are taken from the repository)."""
    d = Path(os.environ.get("T18XX_DIR", "../shared/upstream/18xx-2025-01"))
    return d if d.is_absolute() else (REPO / d).resolve()


def map_files(root: Path) -> list[Path]:
    """Every title's ``map.rb`` under ``lib/engine/game``, sorted by title folder."""
    return sorted((root / "lib" / "engine" / "game").glob("g_*/map.rb"))


def import_one(path: Path, lenient: bool, export: bool) -> dict:
    """Import one file (and optionally export and re-import it); a row of the table."""
    text = path.read_text(encoding="utf-8")
    label = f"{path.parent.name}/map.rb"
    row = {"title": path.parent.name[2:], "status": "ok", "hexes": 0, "tiles": 0, "warnings": 0, "ms": 0.0, "error": ""}
    t0 = time.perf_counter()
    try:
        result = import_18xx_games(text, label, lenient=lenient, path=path)
    except ImportError18xx as exc:
        row["ms"] = (time.perf_counter() - t0) * 1000
        row["status"], row["error"] = "FAIL", str(exc)
        return row
    row["ms"] = (time.perf_counter() - t0) * 1000
    s = result.scenario
    row["hexes"] = len(s.board.grid.ordered_coords)
    row["tiles"] = len(s.tileset().tiles)
    row["warnings"] = len(result.warnings)
    if export:
        try:
            src, _notes = export_18xx_games(s)
            back = import_18xx_games(src, label + " (exported)", lenient=lenient).scenario
        except (ImportError18xx, ValueError) as exc:
            row["status"], row["error"] = "EXPORT-FAIL", str(exc)
            return row
        if back.board != s.board:
            diff = [k for k in set(s.board.cells) | set(back.board.cells) if s.board.cells.get(k) != back.board.cells.get(k)]
            row["status"] = "EXPORT-DIFF"
            row["error"] = f"{len(diff)} cell(s) differ after export, e.g. {sorted(diff)[:3]}" if diff else "edges differ after export"
        elif back.tileset().tiles != s.tileset().tiles:
            row["status"] = "EXPORT-DIFF"
            row["error"] = "tiles differ after export"
        else:
            changed = meaning_changes(path, text, src)
            row["changed"] = len(changed)
            if changed:
                row["error"] = f"{len(changed)} hex string(s) written differently in meaning: " + "; ".join(changed[:2])
    return row


def _hex_codes(text: str, label: str, path: Path | None) -> dict[str, str]:
    from model.io.ruby_eval import HashValue, RubyProgram

    prog = RubyProgram(text, label, path=path)
    out: dict[str, str] = {}
    hv = prog.value("HEXES")
    for _colour, group in hv.value.items if hv is not None and isinstance(hv.value, HashValue) else []:
        for key, code in group.value.items:
            labels = key.plain()
            for lbl in [labels] if isinstance(labels, str) else labels:
                out.setdefault(lbl, code.value)
    return out


def meaning_changes(path: Path, text: str, exported: str) -> list[str]:
    """Hexes whose exported string differs in meaning from the original (canonical parts)."""
    from model.io.tile_parts import DslError, canonical_parts

    before = _hex_codes(text, path.name, path)
    after = _hex_codes(exported, "exported", None)
    out = []
    for lbl, code in before.items():
        try:
            a, b = canonical_parts(code), canonical_parts(after.get(lbl, ""))
        except DslError:
            continue
        if a != b:
            extra, lost = b - a, a - b
            out.append(f"{lbl}: -{sorted(lost)[:2]} +{sorted(extra)[:2]}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--export", action="store_true", help="also export each map and import it again")
    ap.add_argument("--lenient", action="store_true", help="import with --lenient")
    ap.add_argument("--only", nargs="*", help="title folders (without g_) to run")
    ap.add_argument("--errors", action="store_true", help="print every error in full")
    args = ap.parse_args(argv)
    root = engine_dir()
    files = map_files(root)
    if not files:
        print(f"no map files under {root} (set T18XX_DIR to an 18xx.games engine checkout)", file=sys.stderr)
        return 2
    if args.only:
        files = [f for f in files if f.parent.name[2:] in args.only]
    rows = []
    t0 = time.perf_counter()
    print(f"{'title':24} {'status':11} {'hexes':>5} {'tiles':>5} {'warn':>5} {'ms':>7}  error")
    for f in files:
        r = import_one(f, args.lenient, args.export)
        rows.append(r)
        err = r["error"] if args.errors else r["error"][:100]
        print(f"{r['title']:24} {r['status']:11} {r['hexes']:5} {r['tiles']:5} {r['warnings']:5} {r['ms']:7.1f}  {err}")
    total = time.perf_counter() - t0
    ok = sum(1 for r in rows if r["status"] == "ok")
    big = max(rows, key=lambda r: r["ms"])
    print(f"\n{ok} of {len(rows)} map files imported{' and exported back' if args.export else ''}; "
          f"slowest {big['title']} {big['ms']:.0f} ms; whole corpus {total:.1f} s")
    return 0 if ok == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())

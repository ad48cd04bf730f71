"""Benchmark of the 18xx.games map import (tree-sitter reader, evaluator, model).

* The largest map file (1858's, bundled under tests/data) and the whole corpus of the engine
  checkout named by ``T18XX_DIR`` (default ``../shared/upstream/18xx-2025-01``; without it its
  figures are not measured, which misses their targets): requirement < 300 ms for the largest
  map, < 60 s for every map file.
* Memory: peak RSS of importing generated map files, each in a fresh process: dense hexes (about
  seven bytes a token) at a quarter, half and 95% of the token cap (``MAX_TOKENS``, which bounds
  what a dense file may hold), and a file at the size cap (4 MiB) within the token cap (long
  location names); target linear and under 100 bytes of memory per input byte. A file the
  importer refuses measures nothing: its figures are not measured, which misses.

Run: ``.venv/bin/python bench/bench_import.py`` (or ``make bench``).
"""

from __future__ import annotations

import gc
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from harness import Report, cpu_ms  # noqa: E402

LARGEST_TARGET_MS = 300.0
CORPUS_TARGET_S = 60.0
BYTES_PER_BYTE_TARGET = 100.0


def engine_dir() -> Path:
    d = Path(os.environ.get("T18XX_DIR", "../shared/upstream/18xx-2025-01"))
    return d if d.is_absolute() else (ROOT / d).resolve()


def synthetic_map(tokens: int, target_bytes: int = 0) -> str:
    """A valid flat map file of at most ``tokens`` tokens (as the importer counts them): one long
    HEXES hash of white hexes with cities, paths, borders and terrain, and a LOCATION_NAMES entry
    per hex; with ``target_bytes``, the names are made long enough (one word each) that the
    file has about that size."""
    from model.io.ruby_values import _TOKEN

    rows: list[str] = []
    names: list[str] = []
    for x in range(26 * 27):
        for y in range(0, 60, 2):
            lbl = f"{chr(65 + x % 26)}{'' if x < 26 else chr(65 + x // 26 % 26)}{y + 1 + x % 2}"
            code = (f"city=revenue:{10 + y % 50},slots:2,groups:G{x % 7};path=a:0,b:_0;path=a:3,b:_0,track:narrow;"
                    f"upgrade=cost:40,terrain:mountain|river;border=edge:1,type:water,cost:20;icon=image:port,sticky:1")
            rows.append(f"            ['{lbl}'] => '{code}',\n")
            names.append(f"          '{lbl}' => 'Town{x}x{y}',\n")
        if len(rows) * 80 >= tokens:
            break

    def text() -> str:
        return ("LAYOUT = :flat\nLOCATION_NAMES = {\n" + "".join(names) + "}.freeze\n"
                "HEXES = {\n  white: {\n" + "".join(rows) + "  },\n}.freeze\n")

    def count() -> int:
        return sum(1 for _ in _TOKEN.finditer(text().encode()))

    n = count()
    per_hex = n / len(rows)
    while len(rows) > 1 and n > tokens:
        cut = max(1, int((n - tokens) / per_hex))
        del rows[-cut:], names[-cut:]
        n = count()
    if target_bytes:
        pad = max(0, (target_bytes - len(text().encode())) // len(names))
        names[:] = [n.replace("',\n", "z" * pad + "',\n") for n in names]
    return text()


CASES = (("t25", 0.25, 0), ("t50", 0.50, 0), ("t95", 0.95, 0), ("4mb", 0.40, 4 * 1024 * 1024 - 64 * 1024))
"""The generated files: key, share of the token cap, size (0: as dense as the hexes make it)."""


def peak_rss(reset: bool = False) -> int:
    """This process's peak RSS in bytes; ``reset`` first sets the peak to the current RSS (Linux's
    ``clear_refs``). A process started by a large one inherits its high-water mark in
    ``ru_maxrss``, which would hide what the import adds; ``ru_maxrss`` is the fallback."""
    try:
        if reset:
            Path("/proc/self/clear_refs").write_text("5", encoding="ascii")
        for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def child_peak(case: str) -> None:
    """In a child process: import a generated map, print bytes, peak RSS before and after, seconds."""
    from model.io.import_18xx_games import ImportError18xx, import_18xx_games
    from model.io.ruby_values import MAX_TOKENS

    _key, share, size = next(c for c in CASES if c[0] == case)
    text = synthetic_map(int(MAX_TOKENS * share), size)
    gc.collect()
    base = peak_rss(reset=True)
    t0 = time.process_time()
    try:
        import_18xx_games(text, "synthetic.rb")
        ok = "ok"
    except ImportError18xx as exc:
        ok = f"refused: {str(exc)[:60]}"
    dt = time.process_time() - t0
    peak = peak_rss()
    print(f"{len(text.encode())} {base} {peak} {dt:.3f} {ok}")


def corpus(report: Report) -> None:
    from model.io.import_18xx_games import ImportError18xx, import_18xx_games

    import_18xx_games("LAYOUT = :flat\nHEXES = { white: { ['A2'] => '' } }\n", "warm.rb")  # load tile sets once
    bundled = ROOT / "tests" / "data" / "both-ecosystems" / "1858" / "map.rb"  # the largest map file, in the repository
    text = bundled.read_text(encoding="utf-8")
    report.time("largest", f"the largest map file (1858, {len(text.encode()) / 1000:.0f} kB, bundled in tests/data)",
                cpu_ms(lambda: import_18xx_games(text, "map.rb"), 5), limit=LARGEST_TARGET_MS)
    files = sorted((engine_dir() / "lib" / "engine" / "game").glob("g_*/map.rb"))
    if not files:
        print(f"  corpus: no engine checkout at {engine_dir()} (set T18XX_DIR): its figures are not measured")
        return
    texts = [(f, f.read_text(encoding="utf-8")) for f in files]
    ok = 0
    best = float("inf")
    for _ in range(3):
        t0, good = time.process_time(), 0
        for f, text in texts:
            try:
                import_18xx_games(text, f.name, path=f)
                good += 1
            except ImportError18xx:
                pass
        best, ok = min(best, time.process_time() - t0), good
    report.count("corpus.files", "map files of the engine checkout", len(files))
    report.count("corpus.import", "of them import", ok)
    report.time("corpus.all", "import every map file of the engine checkout", best, unit="s", limit=CORPUS_TARGET_S)


def memory(report: Report) -> None:
    nan = float("nan")
    rows = {}
    for key, _share, _size in CASES:
        out = subprocess.run([sys.executable, __file__, "--child", key], capture_output=True, text=True, cwd=ROOT)
        if out.returncode != 0:
            raise SystemExit(f"memory {key}: child failed: {out.stderr[-300:]}")
        n, base, peak, dt, *status = out.stdout.split()
        ok = status == ["ok"]
        rows[key] = (int(n), (int(peak) - int(base)) / int(n) if ok else nan, float(dt) if ok else nan, " ".join(status))
    for key, share, size in CASES:
        n, per_byte, _dt, status = rows[key]
        what = f"{n / 1e6:.1f} MB at the size cap, long names" if size else f"{n / 1e6:.2f} MB, {share:.0%} of the token cap"
        report.at_most(f"memory.{key}", f"a map file of {what}: memory per input byte (peak RSS added)", per_byte, "B",
                       limit=BYTES_PER_BYTE_TARGET, note="" if status == "ok" else status)
    low, high = rows["t25"][1], rows["t95"][1]
    report.side_by_side("memory.linear", "memory per byte, 95% over 25% of the token cap (linear: about 1)",
                        high / max(1.0, low) if high == high and low == low else nan, 1.5)
    report.time("memory.4mb.s", "the file at the size cap: time to import (CPU)", rows["4mb"][2], unit="s")


def main() -> int:
    report = Report(__file__, "Importing 18xx.games map files",
                    "The tree-sitter reader, the evaluator and the model: the largest map file (requirement < 300 ms), "
                    "the whole corpus of the engine checkout named by `T18XX_DIR` (requirement < 60 s), and the memory "
                    "of importing generated map files, each in a fresh process: dense hexes at 25%, 50% and 95% of the "
                    "token cap, and one at the size cap (4 MiB) within it (requirement: linear, under 100 bytes a byte; "
                    "a file the importer refuses is not measured, which misses).")
    corpus(report)
    memory(report)
    return report.finish()


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        child_peak(sys.argv[2])
    else:
        sys.exit(main())

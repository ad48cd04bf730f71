"""Benchmark of the 18xx.games map import (tree-sitter reader, evaluator, model).

* The largest map file (1858's, bundled under tests/data) and the whole corpus of the engine
  checkout named by ``T18XX_DIR`` (default ``../shared/upstream/18xx-2025-01``; without it its
  figures are not measured, which misses their targets): requirement < 300 ms for the largest
  map, < 60 s for every map file.
* Memory: peak RSS of importing a generated map file of 1, 2 and 4 MB (the size cap is 4 MiB),
  each in a fresh process; target linear and under 100 bytes of memory per input byte.

Run: ``.venv/bin/python bench/bench_import.py`` (or ``make bench``).
"""

from __future__ import annotations

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


def synthetic_map(target_bytes: int) -> str:
    """A valid flat map file of about ``target_bytes``: one long HEXES hash of white hexes with
    cities, paths, borders and terrain, and a LOCATION_NAMES entry per hex."""
    rows = []
    names = []
    size, x = 0, 0
    while size < target_bytes:
        for y in range(0, 60, 2):
            lbl = f"{chr(65 + x % 26)}{'' if x < 26 else chr(65 + x // 26 % 26)}{y + 1 + x % 2}"
            code = (f"city=revenue:{10 + y % 50},slots:2,groups:G{x % 7};path=a:0,b:_0;path=a:3,b:_0,track:narrow;"
                    f"upgrade=cost:40,terrain:mountain|river;border=edge:1,type:water,cost:20;icon=image:port,sticky:1")
            row = f"            ['{lbl}'] => '{code}',\n"
            rows.append(row)
            names.append(f"          '{lbl}' => 'Town {x}-{y}',\n")
            size += len(row) + len(names[-1])
        x += 1
        if x >= 26 * 27:
            break
    return ("LAYOUT = :flat\nLOCATION_NAMES = {\n" + "".join(names) + "}.freeze\n"
            "HEXES = {\n  white: {\n" + "".join(rows) + "  },\n}.freeze\n")


def child_peak(megabytes: int) -> None:
    """In a child process: import a generated map, print bytes, peak RSS before and after, seconds."""
    from model.io.import_18xx_games import ImportError18xx, import_18xx_games

    text = synthetic_map(megabytes * 1024 * 1024 - 64 * 1024)
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    t0 = time.process_time()
    try:
        import_18xx_games(text, "synthetic.rb")
        ok = "ok"
    except ImportError18xx as exc:
        ok = f"refused: {str(exc)[:60]}"
    dt = time.process_time() - t0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
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
    rows = []
    for mb in (1, 2, 4):
        out = subprocess.run([sys.executable, __file__, "--child", str(mb)], capture_output=True, text=True, cwd=ROOT)
        if out.returncode != 0:
            raise SystemExit(f"memory {mb} MB: child failed: {out.stderr[-300:]}")
        n, base, peak, dt, *status = out.stdout.split()
        rows.append((int(n), int(base), int(peak), float(dt), " ".join(status)))
    for n, base, peak, _dt, status in rows:
        report.at_most(f"memory.{round(n / 2**20)}mb", f"a {n / 1e6:.1f} MB map file: memory per input byte (peak RSS added)",
                       (peak - base) / n, "B", limit=BYTES_PER_BYTE_TARGET, note=status)
    (n1, b1, p1, _, _), (n4, b4, p4, _, _) = rows[0], rows[-1]
    report.side_by_side("memory.linear", "memory per byte, 4 MB over 1 MB (linear: about 1)",
                        ((p4 - b4) / n4) / max(1.0, (p1 - b1) / n1), 1.5)
    report.time("memory.4mb.s", "the 4 MB map file: time to import (CPU)", rows[-1][3], unit="s")


def main() -> int:
    report = Report(__file__, "Importing 18xx.games map files",
                    "The tree-sitter reader, the evaluator and the model: the largest map file (requirement < 300 ms), "
                    "the whole corpus of the engine checkout named by `T18XX_DIR` (requirement < 60 s), and the memory "
                    "of importing generated map files of 1, 2 and 4 MB (the size cap is 4 MiB), each in a fresh process "
                    "(requirement: linear, under 100 bytes a byte).")
    corpus(report)
    memory(report)
    return report.finish()


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        child_peak(int(sys.argv[2]))
    else:
        sys.exit(main())

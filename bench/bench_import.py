"""Benchmark of the 18xx.games map import (tree-sitter reader, evaluator, model).

* The largest map file of the engine checkout named by ``T18XX_DIR`` (default
  ``../shared/upstream/18xx-2025-01``) and the whole corpus, when that checkout is present:
  target < 300 ms for the largest map, < 60 s for every map file.
* Memory: peak RSS of importing a generated map file of 1, 2 and 4 MB (the size cap is 4 MiB),
  each in a fresh process; target linear and under 100 bytes of memory per input byte.

Run: ``.venv/bin/python bench/bench_import.py`` (or ``make bench``).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

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
    t0 = time.perf_counter()
    try:
        import_18xx_games(text, "synthetic.rb")
        ok = "ok"
    except ImportError18xx as exc:
        ok = f"refused: {str(exc)[:60]}"
    dt = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(f"{len(text.encode())} {base} {peak} {dt:.3f} {ok}")


def corpus() -> None:
    from model.io.import_18xx_games import ImportError18xx, import_18xx_games

    files = sorted((engine_dir() / "lib" / "engine" / "game").glob("g_*/map.rb"))
    if not files:
        print(f"corpus: no engine checkout at {engine_dir()} (set T18XX_DIR); skipped")
        return
    import_18xx_games("LAYOUT = :flat\nHEXES = { white: { ['A2'] => '' } }\n", "warm.rb")  # load tile sets once
    times: dict[str, float] = {}
    ok = 0
    t_all = time.perf_counter()
    for f in files:
        text = f.read_text(encoding="utf-8")
        runs = []
        for _ in range(3):
            t0 = time.perf_counter()
            try:
                import_18xx_games(text, f.name, path=f)
                good = True
            except ImportError18xx:
                good = False
            runs.append(time.perf_counter() - t0)
        ok += good
        times[f.parent.name] = statistics.median(runs) * 1000
    total = (time.perf_counter() - t_all) / 3
    big = max((f for f in files), key=lambda f: f.stat().st_size)
    slow = max(times, key=times.get)
    verdict = "ok" if times[big.parent.name] < LARGEST_TARGET_MS else "SLOW"
    print(f"largest map file {big.parent.name} ({big.stat().st_size} bytes): {times[big.parent.name]:.0f} ms "
          f"(target < {LARGEST_TARGET_MS:.0f} ms) {verdict}")
    print(f"slowest import {slow}: {times[slow]:.0f} ms")
    print(f"whole corpus, {len(files)} map files ({ok} import): {total:.2f} s (target < {CORPUS_TARGET_S:.0f} s) "
          f"{'ok' if total < CORPUS_TARGET_S else 'SLOW'}")


def memory() -> None:
    rows = []
    for mb in (1, 2, 4):
        out = subprocess.run([sys.executable, __file__, "--child", str(mb)], capture_output=True, text=True, cwd=ROOT)
        if out.returncode != 0:
            print(f"memory {mb} MB: child failed: {out.stderr[-300:]}")
            return
        n, base, peak, dt, *status = out.stdout.split()
        rows.append((int(n), int(base), int(peak), float(dt), " ".join(status)))
    for n, base, peak, dt, status in rows:
        per = (peak - base) / n
        print(f"memory: {n / 1e6:.1f} MB map file: {dt:.2f} s, peak RSS +{(peak - base) / 1e6:.0f} MB "
              f"({per:.0f} bytes per input byte, target < {BYTES_PER_BYTE_TARGET:.0f}) {status} "
              f"{'ok' if per < BYTES_PER_BYTE_TARGET else 'HIGH'}")
    (n1, b1, p1, _, _), (n4, b4, p4, _, _) = rows[0], rows[-1]
    ratio = ((p4 - b4) / n4) / max(1.0, (p1 - b1) / n1)
    print(f"memory per byte, 4 MB vs 1 MB: x{ratio:.2f} (linear: about 1)")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        child_peak(int(sys.argv[2]))
    else:
        corpus()
        memory()

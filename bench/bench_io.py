"""Benchmark of the scenario file: load+validate and save.

1. A 100x100 square Catalan board with a tile on every cell (10,000 cells).
   Targets: load+validate < 300 ms, save < 300 ms.
2. The 18 India map (scenarios/18india.json), when it exists: load+validate, save, and the peak
   memory (RSS) of `trackwright check` on it, measured with /usr/bin/time -v (target < 120 MB).

Run: `.venv/bin/python bench/bench_io.py` (or `make bench`). Figures are the median of several
runs; the minimum is shown too, since this machine is shared.
"""

from __future__ import annotations

import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from model.board import Cell, LaidTile  # noqa: E402
from model.io import dumps, load, save  # noqa: E402
from model.newboard import new_scenario  # noqa: E402
from model.scenario import Scenario  # noqa: E402

RUNS = 7
TARGET_LOAD_MS = 300.0
TARGET_SAVE_MS = 300.0
TARGET_RSS_MB = 120.0


def full_catalan_board(size: int = 100) -> Scenario:
    """A size x size Catalan board with a random tile at a random rotation on every cell."""
    rng = random.Random(2)
    s = new_scenario("catalan", size, size, title=f"{size}x{size} benchmark")
    ids = [t.id for t in s.tileset().tiles]
    grid = s.board.grid
    cells = {grid.label(c): Cell(tile=LaidTile(tile=rng.choice(ids), rotation=rng.randrange(4))) for c in grid.ordered_coords}
    return s.model_copy(update={"board": s.board.model_copy(update={"cells": cells})})


def timed(fn, runs: int = RUNS) -> tuple[float, float]:
    """Median and minimum wall time of ``fn`` in milliseconds."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), min(times)


def line(what: str, median: float, best: float, target: float | None, unit: str = "ms") -> None:
    verdict = "" if target is None else ("  OK" if median < target else "  OVER TARGET")
    goal = "" if target is None else f" (target < {target:.0f} {unit})"
    print(f"{what:<56} {median:8.1f} {unit} median, {best:8.1f} {unit} best{goal}{verdict}", flush=True)


def bench_file(label: str, scenario: Scenario, folder: Path, load_target: float | None, save_target: float | None) -> None:
    path = folder / f"{label}.json"
    save(scenario, path)
    size_kb = path.stat().st_size / 1024
    print(f"{label}: {len(scenario.board.cells)} cells described, file {size_kb:.0f} KiB", flush=True)
    assert load(path) == scenario, "round trip changed the scenario"
    line(f"  {label} load+validate (read, parse, check)", *timed(lambda: load(path)), load_target)
    line(f"  {label} save (dumps, write, fsync, .bak, rename)", *timed(lambda: save(scenario, path)), save_target)
    line(f"  {label} dumps only", *timed(lambda: dumps(scenario)), None)


def peak_rss_mb(args: list[str]) -> float | None:
    time_bin = shutil.which("time") or "/usr/bin/time"
    if not Path(time_bin).exists():
        return None
    proc = subprocess.run([time_bin, "-v", *args], capture_output=True, text=True)
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", proc.stderr)
    if proc.returncode not in (0, 1) or not m:
        print(f"  (could not measure: exit {proc.returncode}: {proc.stderr.strip().splitlines()[-1:]})")
        return None
    return int(m.group(1)) / 1024


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        bench_file("catalan-100x100", full_catalan_board(100), folder, TARGET_LOAD_MS, TARGET_SAVE_MS)
        india = ROOT / "scenarios" / "18india.json"
        if india.exists():
            bench_file("18india", load(india), folder, TARGET_LOAD_MS, TARGET_SAVE_MS)
            script = Path(sys.executable).with_name("trackwright")
            rss = peak_rss_mb([str(script), "check", str(india)])
            if rss is not None:
                verdict = "  OK" if rss < TARGET_RSS_MB else "  OVER TARGET"
                print(f"{'  18india `trackwright check` peak RSS':<56} {rss:8.1f} MB (target < {TARGET_RSS_MB:.0f} MB){verdict}")
            t = timed(lambda: subprocess.run([str(script), "check", str(india)], capture_output=True), runs=3)
            line("  18india `trackwright check` wall time", *t, None)
        else:
            print("18india: scenarios/18india.json does not exist yet; skipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())

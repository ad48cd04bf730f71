"""Benchmark of the scenario file: load+validate and save.

1. A 100x100 square Catalan board with a tile on every cell (10,000 cells): load+validate and
   save (requirement < 300 ms each).
2. The 18 India map (scenarios/18india.json): load+validate, save, and the peak memory (RSS) and
   CPU time of a whole `trackwright check` process on it (requirement < 120 MB).

Run: `.venv/bin/python bench/bench_io.py` (or `make bench`). Times are the best CPU time of
several runs (bench/harness.py); targets are in bench/recorded.json.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from harness import Report, child_cpu_ms, cpu_ms, peak_rss_mb  # noqa: E402

from model.board import Cell, LaidTile  # noqa: E402
from model.io import dumps, load, save  # noqa: E402
from model.newboard import new_scenario  # noqa: E402
from model.scenario import Scenario  # noqa: E402

RUNS = 5


def full_catalan_board(size: int = 100) -> Scenario:
    """A size x size Catalan board with a random tile at a random rotation on every cell."""
    rng = random.Random(2)
    s = new_scenario("catalan", size, size, title=f"{size}x{size} benchmark")
    ids = [t.id for t in s.tileset().tiles]
    grid = s.board.grid
    cells = {grid.label(c): Cell(tile=LaidTile(tile=rng.choice(ids), rotation=rng.randrange(4))) for c in grid.ordered_coords}
    return s.model_copy(update={"board": s.board.model_copy(update={"cells": cells})})


def bench_file(report: Report, key: str, what: str, scenario: Scenario, folder: Path) -> None:
    path = folder / f"{key}.json"
    save(scenario, path)
    if load(path) != scenario:
        raise SystemExit(f"{key}: the round trip changed the scenario")
    size = f"{path.stat().st_size / 1024:,.0f} KiB"
    report.time(f"{key}.load", f"{what}: load + validate (read, parse, check)", cpu_ms(lambda: load(path), RUNS), limit=300, note=size)
    report.time(f"{key}.save", f"{what}: save (dumps, write, fsync, .bak, rename)", cpu_ms(lambda: save(scenario, path), RUNS), limit=300)
    report.time(f"{key}.dumps", f"{what}: canonical JSON text only", cpu_ms(lambda: dumps(scenario), RUNS))


def main() -> int:
    report = Report(__file__, "Files: load, validate, save",
                    "A 100×100 Catalan board with a tile on every cell (10,000 cells) and the bundled 18 India map: "
                    "load with validation, save (canonical JSON, write, fsync, `.bak`, rename), and the whole "
                    "`trackwright check` command in a process of its own.")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        bench_file(report, "catalan100", "100×100 Catalan board, a tile on every cell", full_catalan_board(100), folder)
        india = ROOT / "scenarios" / "18india.json"
        bench_file(report, "india", "18 India map", load(india), folder)
        exe = Path(sys.executable).with_name("trackwright")
        report.memory("india.check.rss", "`trackwright check scenarios/18india.json`: peak RSS", peak_rss_mb([str(exe), "check", str(india)]), limit=120)
        ms, _ = child_cpu_ms([str(exe), "check", str(india)], runs=3)
        report.time("india.check.cpu", "`trackwright check scenarios/18india.json`: the whole process (CPU)", ms, limit=1000)
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())

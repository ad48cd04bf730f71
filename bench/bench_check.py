"""Benchmark of `trackwright check` on filled boards: CPU time and peak memory.

A square Catalan board of N x N cells with a random tile at a random rotation on every cell
(100x100 and 300x300 = 90,000 cells), written as the canonical file, then checked by
`trackwright check` in its own process. Requirements: time and memory linear in the number of
cells, and peak memory under 1 KB (1024 bytes) a cell above the baseline (the same command on a
2x2 board: the interpreter and its libraries).

Run: `.venv/bin/python bench/bench_check.py [SIZE SIZE]` (default 100 300; `make bench` runs it).
1000 (the largest board the format allows) takes a minute or more and about a gigabyte: give it
by hand, not in `make bench`.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from harness import Report, child_cpu_ms, peak_rss_mb  # noqa: E402

from model.grid import SquareGrid  # noqa: E402
from model.tiles import load_tileset  # noqa: E402

TARGET_BYTES_PER_CELL = 1024
SIZES = (100, 300)


def write_filled_board(path: Path, size: int) -> int:
    """Write a size x size Catalan board with a tile on every cell; returns the file's size."""
    rng = random.Random(size)
    ids = [t.id for t in load_tileset("catalan").tiles]
    grid = SquareGrid(width=size, height=size)
    head = {"format": "trackwright-scenario", "version": 1, "meta": {"title": f"{size}x{size} filled"},
            "rules": {"id": "catalan"}}
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(json.dumps(head, indent=1)[:-2] + ',\n "board": {\n  "grid": ')
        fh.write(json.dumps({"kind": "square", "width": size, "height": size}))
        fh.write(',\n  "cells": {\n')
        first = True
        for y in range(size):
            for x in range(size):
                cell = {"tile": {"tile": rng.choice(ids), "rotation": rng.randrange(4)}}
                fh.write(("" if first else ",\n") + f"   {json.dumps(grid.label((x, y)))}: {json.dumps(cell)}")
                first = False
        fh.write('\n  }\n },\n "tiles": {"set": "catalan"}\n}\n')
    return path.stat().st_size


def measure(args: list[str]) -> tuple[float, float]:
    """CPU seconds (user + system) and peak RSS in bytes of a command run in a child process."""
    ms, proc = child_cpu_ms(args, runs=1, cwd=ROOT)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"`{' '.join(args[-2:])}` failed with exit {proc.returncode}: {proc.stderr[-300:]}")
    return ms / 1000, peak_rss_mb(args, cwd=ROOT) * 2**20


def main(sizes: tuple[int, ...] = SIZES) -> int:
    report = Report(__file__, "Checking huge boards",
                    "`trackwright check` of a square Catalan board with a random tile on every cell, in a process of "
                    "its own: CPU time and peak memory, for two sizes, so that growth with the number of cells shows "
                    "(requirement: linear, under 1 KB a cell above the interpreter's own memory, measured on a 2×2 board).")
    cli = [sys.executable, "-m", "editor.cli"]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        tiny = Path(tmp) / "tiny.json"
        write_filled_board(tiny, 2)
        _, base = measure([*cli, "check", str(tiny)])
        report.memory("base.rss", "`trackwright check` of a 2×2 board: peak RSS (the interpreter and libraries)", base / 2**20)
        for size in sizes:
            path = Path(tmp) / f"filled-{size}.json"
            nbytes = write_filled_board(path, size)
            cells = size * size
            cpu, rss = measure([*cli, "check", str(path)])
            report.time(f"s{size}.cpu", f"{size}×{size} ({cells:,} cells, {nbytes / 1e6:.1f} MB): CPU time", cpu, unit="s")
            report.memory(f"s{size}.rss", f"{size}×{size}: peak RSS", rss / 2**20)
            report.at_most(f"s{size}.bytes_per_cell", f"{size}×{size}: bytes a cell above the 2×2 board", (rss - base) / cells,
                           "B", limit=TARGET_BYTES_PER_CELL)
            rows.append((cells, cpu, rss - base))
            path.unlink()
    (c0, t0, m0), (c1, t1, m1) = rows[0], rows[-1]
    # linear: time and memory grow by the factor of the cells or less (a margin of a quarter for noise)
    report.side_by_side("scaling.time", f"time growth from {c0:,} to {c1:,} cells, over the cells' growth ×{c1 / c0:.0f}",
                        (t1 / t0) / (c1 / c0), 1.25)
    report.side_by_side("scaling.memory", "memory growth (above the 2×2 board), over the cells' growth", (m1 / m0) / (c1 / c0), 1.25)
    return report.finish()


if __name__ == "__main__":
    sys.exit(main(tuple(int(a) for a in sys.argv[1:]) or SIZES))

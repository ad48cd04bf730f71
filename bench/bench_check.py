"""Benchmark of `trackwright check` on filled boards: wall time and peak memory.

A square Catalan board of N x N cells with a random tile at a random rotation on every cell
(300x300 = 90,000 cells, and 1000x1000 = 1,000,000 cells, the largest board the format allows),
written as the canonical file, then checked by `trackwright check` in its own process under
`/usr/bin/time -v`. Targets: time and memory linear in the number of cells, and peak memory
under 1 KB (1024 bytes) a cell above the baseline (the same command on a 2x2 board: the
interpreter and its libraries, about 30 MiB). Both figures are printed.

Run: `.venv/bin/python bench/bench_check.py [SIZE ...]` (default 300 1000; `make bench` runs it).
The 1000x1000 run takes a minute or more and about a gigabyte: run it once, not in a loop.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from model.grid import SquareGrid  # noqa: E402
from model.tiles import load_tileset  # noqa: E402

TARGET_BYTES_PER_CELL = 1024
SIZES = (300, 1000)


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


def measure(args: list[str]) -> tuple[float, float, int]:
    """Wall seconds, peak RSS in bytes and exit status of a command run under /usr/bin/time -v."""
    t0 = time.perf_counter()
    proc = subprocess.run(["/usr/bin/time", "-v", *args], capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - t0
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", proc.stderr)
    return wall, (int(m.group(1)) * 1024 if m else float("nan")), proc.returncode


def main(sizes: tuple[int, ...] = SIZES) -> int:
    cli = [sys.executable, "-m", "editor.cli"]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        tiny = Path(tmp) / "tiny.json"
        write_filled_board(tiny, 2)
        _, base, _ = measure([*cli, "check", str(tiny)])
        print(f"baseline: `trackwright check` of a 2x2 board, peak RSS {base / 2**20:.1f} MiB (the interpreter and libraries)")
        for size in sizes:
            path = Path(tmp) / f"filled-{size}.json"
            nbytes = write_filled_board(path, size)
            cells = size * size
            wall, rss, rc = measure([*cli, "check", str(path)])
            if rc not in (0, 1):
                print(f"filled {size}x{size}: `trackwright check` failed with exit {rc}")
                return 1
            per_cell = rss / cells
            # judged on what the board adds: the interpreter's own ~30 MiB is not the board's
            verdict = "OK" if (rss - base) / cells < TARGET_BYTES_PER_CELL else "OVER TARGET"
            print(f"filled {size}x{size} ({cells} cells, file {nbytes / 1e6:.1f} MB): `trackwright check` "
                  f"{wall:6.1f} s, peak RSS {rss / 2**20:7.1f} MiB = {per_cell:6.0f} bytes a cell, "
                  f"{(rss - base) / cells:6.0f} above the baseline (target < {TARGET_BYTES_PER_CELL} a cell) {verdict}", flush=True)
            rows.append((cells, wall, rss))
            path.unlink()
    if len(rows) > 1:
        (c0, t0, m0), (c1, t1, m1) = rows[0], rows[-1]
        print(f"scaling {c0} -> {c1} cells (x{c1 / c0:.1f}): time x{t1 / t0:.1f}, memory x{m1 / m0:.1f} "
              "(linear: the same factor or less)")
    return 0


if __name__ == "__main__":
    sys.exit(main(tuple(int(a) for a in sys.argv[1:]) or SIZES))

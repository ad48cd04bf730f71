"""Puzzle benchmark: every bundled puzzle solved (a shortest solution) and its uniqueness checked.

For each file under ``scenarios/puzzles/``: the time of ``solve`` (iterative deepening, one
shortest solution) and of ``solve(count=True)`` (every distinct solution, the uniqueness check),
with the nodes searched. Requirement: under 2 s per puzzle for the two together (CPU). Exit
status 1 when a figure misses its target (bench/harness.py): a puzzle slow, no longer unique, or
a puzzle added or removed without a new record.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from harness import Report  # noqa: E402

from model.io import load  # noqa: E402
from model.paths import scenarios_dir  # noqa: E402
from model.puzzles.solver import solve  # noqa: E402

TARGET_S = 2.0
REPEATS = 3


def bench(path: Path) -> tuple[float, float, int, int, int, bool]:
    """Best-of-REPEATS CPU seconds for solve and solve(count=True), moves, nodes, count, unique."""
    scenario = load(path)
    best_one = best_all = float("inf")
    for _ in range(REPEATS):
        t0 = time.process_time()
        one = solve(scenario, max_seconds=60)
        t1 = time.process_time()
        every = solve(scenario, count=True, max_seconds=60)
        t2 = time.process_time()
        best_one, best_all = min(best_one, t1 - t0), min(best_all, t2 - t1)
    moves = len(one.solution) if one.solution is not None else -1
    return best_one, best_all, moves, every.nodes, every.count or 0, every.unique


def main() -> int:
    report = Report(__file__, "Puzzles",
                    "Every bundled puzzle (`scenarios/puzzles/`): a shortest solution (`solve`) and the uniqueness "
                    "check (`solve(count=True)`, every distinct solution), with the nodes searched; requirement "
                    "under 2 s per puzzle for the two together.")
    files = sorted((scenarios_dir() / "puzzles").glob("*.json"))
    report.count("bundled", "bundled puzzles", len(files), "puzzles")
    rows = []
    for path in files:
        t_one, t_all, moves, nodes, count, unique = bench(path)
        total = t_one + t_all
        report.count(f"{path.stem}.solutions", f"`{path.stem}`: solutions ({moves} moves)", count, "solutions")
        report.at_most(f"{path.stem}.nodes", f"`{path.stem}`: nodes searched by the uniqueness check", nodes, "nodes")
        report.time(f"{path.stem}.total", f"`{path.stem}`: solve + uniqueness", total * 1000, limit=TARGET_S * 1000)
        rows.append([f"`{path.stem}`", str(moves), f"{t_one * 1000:.0f} ms", f"{t_all * 1000:.0f} ms", f"{nodes:,}",
                     f"{total * 1000:.0f} ms", "unique" if unique else f"{count} solutions"])
    report.table("Every bundled puzzle (CPU, best of 3)", ["puzzle", "moves", "solve", "uniqueness", "nodes", "total", "verdict"], rows)
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())

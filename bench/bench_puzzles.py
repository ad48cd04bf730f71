"""Puzzle benchmark: every bundled puzzle solved (a shortest solution) and its uniqueness checked.

For each file under ``scenarios/puzzles/``: the time of ``solve`` (iterative deepening, one
shortest solution) and of ``solve(count=True)`` (every distinct solution, the uniqueness check),
with the nodes searched. Target: under 2 s per puzzle for the two together. Exit status 1 when a
puzzle misses the target or is not unique.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from model.io import load  # noqa: E402
from model.paths import scenarios_dir  # noqa: E402
from model.puzzles.solver import solve  # noqa: E402

TARGET_S = 2.0
REPEATS = 3


def bench(path: Path) -> tuple[float, float, int, int, int, bool]:
    """Best-of-REPEATS seconds for solve and solve(count=True), moves, nodes, count, unique."""
    scenario = load(path)
    best_one = best_all = float("inf")
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        one = solve(scenario, max_seconds=60)
        t1 = time.perf_counter()
        every = solve(scenario, count=True, max_seconds=60)
        t2 = time.perf_counter()
        best_one, best_all = min(best_one, t1 - t0), min(best_all, t2 - t1)
    moves = len(one.solution) if one.solution is not None else -1
    return best_one, best_all, moves, every.nodes, every.count or 0, every.unique


def main() -> int:
    files = sorted((scenarios_dir() / "puzzles").glob("*.json"))
    if not files:
        print("no bundled puzzles found")
        return 1
    print(f"{'puzzle':34} {'moves':>5} {'solve':>8} {'unique?':>8} {'nodes':>7} {'total':>8}  target < {TARGET_S:.0f} s")
    worst = 0.0
    status = 0
    for path in files:
        t_one, t_all, moves, nodes, count, unique = bench(path)
        total = t_one + t_all
        worst = max(worst, total)
        ok = unique and total < TARGET_S
        status = status or (0 if ok else 1)
        verdict = "ok" if ok else ("NOT UNIQUE" if not unique else "SLOW")
        print(
            f"{path.stem:34} {moves:>5} {t_one * 1000:>6.0f}ms {t_all * 1000:>6.0f}ms {nodes:>7} {total * 1000:>6.0f}ms  "
            f"{'unique' if unique else f'{count} solutions'}, {verdict}"
        )
    print(f"puzzles: {len(files)}, slowest {worst:.3f} s (target < {TARGET_S:.1f} s each): {'PASS' if status == 0 else 'FAIL'}")
    return status


if __name__ == "__main__":
    sys.exit(main())

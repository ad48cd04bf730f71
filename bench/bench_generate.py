"""The puzzle generator with its default goal on every bundled board.

For each bundled board (``scenarios/catalan/*.json``, ``scenarios/18india.json``) and 3, 5, 8 and
12 moves: ``generate`` with the default goal (``auto``: the destination when it lies N moves
away, else a place that does), seed 1, within TARGET_S seconds. A puzzle it makes is proven
unique again by the counting solver (``solve --all``). A board without a place N moves from the
actor's network has no room for it: the generator must then say so in one line, at once.

Prints one line per case and a summary; exit status 1 when a case with room misses the target
(no puzzle, too slow, not unique) or a case without room does not say so.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from model.io import load  # noqa: E402
from model.paths import scenarios_dir  # noqa: E402
from model.puzzles.generate import generate  # noqa: E402
from model.puzzles.solver import solve  # noqa: E402

TARGET_S = 10.0
MOVES = (3, 5, 8, 12)


def boards() -> list[Path]:
    return sorted((scenarios_dir() / "catalan").glob("*.json")) + [scenarios_dir() / "18india.json"]


def main() -> int:
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    misses = cases = 0
    for path in boards():
        scenario = load(path)
        for n in MOVES:
            t0 = time.perf_counter()
            got = generate(scenario, n, seed=1, max_seconds=TARGET_S)
            dt = time.perf_counter() - t0
            room = not got.reason.startswith("no place on this board")
            if got.found:
                proof = solve(got.scenario, count=True, max_seconds=60)
                ok = proof.unique and len(proof.solution) == n and dt <= TARGET_S + 0.5
                what = (f"{got.scenario.puzzle.goal.kind} goal, {got.tried} candidate(s), "
                        f"{'unique' if proof.unique else 'NOT UNIQUE'} ({proof.nodes} nodes)")
            elif not room:
                ok = got.tried == 0 and "\n" not in got.reason and dt < 2.0
                what = f"no room: {got.reason}"
            else:
                ok = False
                what = f"none: {got.reason}"
            cases += room
            misses += not ok
            print(f"generate {path.name:24} {n:>2} moves: {dt:5.1f} s  {what}  "
                  f"target {'< ' + str(int(TARGET_S)) + ' s' if room else 'one line'}: {'ok' if ok else 'MISSED'}", flush=True)
    print(f"generator: {cases} case(s) with room, {misses} missed  {'PASS' if misses == 0 else 'FAIL'}")
    return 0 if misses == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

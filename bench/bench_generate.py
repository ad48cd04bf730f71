"""The puzzle generator with its default goal on every bundled board.

For each bundled board (``scenarios/catalan/*.json``, ``scenarios/18india.json``) and 3, 5, 8 and
12 moves: ``generate`` with the default goal (``auto``: the destination when it lies N moves
away, else a place that does), seed 1, within TARGET_S seconds. A puzzle it makes is proven
unique again by the counting solver (``solve --all``). A board without a place N moves from the
actor's network has no room for it: the generator must then say so in one line, at once.

Each case's outcome is a count judged against bench/recorded.json (bench/harness.py): a case
that stops finding its puzzle, or whose puzzle is no longer unique, misses; so does a time over
3 times its record. CPU times, after one untimed generate per board (its warm-up).
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
from model.puzzles.generate import generate  # noqa: E402
from model.puzzles.solver import solve  # noqa: E402

TARGET_S = 10.0
MOVES = (3, 5, 8, 12)


def boards() -> list[Path]:
    return sorted((scenarios_dir() / "catalan").glob("*.json")) + [scenarios_dir() / "18india.json"]


def main() -> int:
    report = Report(__file__, "The puzzle generator's default goal",
                    f"On every bundled board, `generate` with the default goal for {', '.join(map(str, MOVES))} moves, seed 1, "
                    f"within {TARGET_S:g} s; a puzzle made is proven unique again by the counting solver; a board with no "
                    "place that far away must say so in one line, at once. The outcome of each case is a count: "
                    "1 a unique puzzle, 0 none, -1 no room said at once, -2 a puzzle not unique or no room said badly.")
    rows = []
    for path in boards():
        scenario = load(path)
        # the board's first generate loads what every later one shares (the rule set, the tile
        # set, the static map, the shared verdicts): untimed, so that the first case measures
        # the generator as the others do, not the warm-up
        generate(scenario, MOVES[0], seed=1, max_seconds=TARGET_S)
        for n in MOVES:
            t0 = time.process_time()
            got = generate(scenario, n, seed=1, max_seconds=TARGET_S)
            dt = time.process_time() - t0
            room = not got.reason.startswith("no place on this board")
            if got.found:
                proof = solve(got.scenario, count=True, max_seconds=60)
                outcome = 1 if proof.unique and len(proof.solution) == n else -2
                what = f"{got.scenario.puzzle.goal.kind} goal, {'unique' if outcome == 1 else 'NOT UNIQUE'} ({proof.nodes:,} nodes)"
            elif not room:
                outcome = -1 if got.tried == 0 and "\n" not in got.reason else -2
                what = f"no room: {got.reason}"
            else:
                outcome, what = 0, f"none: {got.reason}"
            key = f"{path.stem}.{n}"
            report.count(f"{key}.outcome", f"`{path.stem}`, {n} moves: outcome", outcome)
            report.time(f"{key}.s", f"`{path.stem}`, {n} moves: time", dt, unit="s", limit=TARGET_S if room else 2.0)
            rows.append([f"`{path.stem}`", str(n), f"{dt:.1f} s", what])
    report.table("Each case (CPU time)", ["board", "moves", "time", "outcome"], rows)
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())

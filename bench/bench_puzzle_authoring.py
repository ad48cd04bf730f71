"""Puzzle authoring benchmark: proofs of the generated puzzles, generation, the solver at scale.

* proof of uniqueness (``solve(count=True)``) of the generated bundled puzzles: the 15-move
  Catalan puzzle on the 12×12 board and the two 6-lay 18 India puzzles (two operating rounds);
  target < 10 s each;
* generation of a unique 8-move Catalan puzzle on the 12×12 four-player board, Red's destination
  as the goal, drawn tiles only (seeds 1-3); and with a hand as well (mandatory + optional phase,
  a stop about 8 cells away as the goal, seeds 1-3); target < 60 s each;
* the solver at scale: the 12×12 board, Red's destination, a hand of straights and curves and a
  drawn sequence, counting every solution for 4 and 6 turns (nodes, nodes per second), side by
  side: "before" is the plain search (the rule set's ``search_position`` hook hidden), "after"
  the incremental one; the counts must agree. CPU seconds are printed beside the wall time
  because the machine may be shared.

Best of REPEATS for the proofs; generation runs once per seed (it is deterministic). Prints the
load average beside the figures. Exit status 1 when a target is missed.
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
from model.puzzle_spec import Puzzle  # noqa: E402
from model.puzzles.generate import generate, parse_phases  # noqa: E402
from model.puzzles.solver import solve  # noqa: E402
from model.rules import get_rule_set  # noqa: E402

REPEATS = 3
PROOF_TARGET_S = 10.0
GENERATE_TARGET_S = 60.0
SCALE_MAX_S = 150.0
PROOFS = ["catalan-10-fifteen-to-berga", "india-05-two-rounds-to-chennai", "india-06-nsr-to-the-coast"]


def _load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "?"


def bench_proofs() -> int:
    status = 0
    for name in PROOFS:
        scenario = load(scenarios_dir() / "puzzles" / f"{name}.json")
        best = float("inf")
        for _ in range(REPEATS):
            t0 = time.perf_counter()
            res = solve(scenario, count=True, max_seconds=120)
            best = min(best, time.perf_counter() - t0)
        ok = res.unique and best < PROOF_TARGET_S
        status = status or (0 if ok else 1)
        moves = len(res.solution) if res.solution else 0
        print(f"proof  {name:32} {moves:>2} moves {res.nodes:>6} nodes {best:>7.3f} s  {'unique' if res.unique else 'NOT UNIQUE'}  "
              f"target < {PROOF_TARGET_S:.0f} s: {'ok' if ok else 'MISSED'}")
    return status


def bench_generate() -> int:
    board = load(scenarios_dir() / "catalan" / "four-players-12x12.json")
    status = 0
    for seed in (1, 2, 3):
        t0 = time.perf_counter()
        got = generate(board, 8, seed=seed, phases=parse_phases("mandatory:drawn:required"), max_seconds=GENERATE_TARGET_S)
        dt = time.perf_counter() - t0
        ok = got.found and dt < GENERATE_TARGET_S
        status = status or (0 if ok else 1)
        print(f"generate 8 moves, draws only, seed {seed}: {'found' if got.found else 'none'} in {dt:.2f} s, "
              f"{got.tried} candidate(s), {got.walks} plays  target < {GENERATE_TARGET_S:.0f} s: {'ok' if ok else 'MISSED'}")
    for seed in (1, 2, 3):
        t0 = time.perf_counter()
        got = generate(board, 8, goal="reach", seed=seed, phases=parse_phases("mandatory:drawn:required, optional"), max_seconds=GENERATE_TARGET_S)
        dt = time.perf_counter() - t0
        ok = got.found and dt < GENERATE_TARGET_S
        status = status or (0 if ok else 1)
        why = ", ".join(f"{n} {k}" for k, n in sorted(got.rejected.items()))
        print(f"generate 8 moves, draws and a hand, reach, seed {seed}: {'found' if got.found else 'none'} in {dt:.2f} s, "
              f"{got.tried} candidate(s) ({why})  target < {GENERATE_TARGET_S:.0f} s: {'ok' if ok else 'MISSED'}")
    return status


class _PlainRules:
    """The rule set without its ``search_position`` hook: the solver as it was before it (every
    position from scratch, every move tried at the last move)."""

    def __init__(self, rules) -> None:
        self._rules = rules

    def __getattr__(self, name: str):
        if name == "search_position":
            raise AttributeError(name)
        return getattr(self._rules, name)


def _timed(scenario, rules=None, workers=1):
    t0, c0 = time.perf_counter(), time.process_time()
    res = solve(scenario, rules=rules, count=True, max_seconds=SCALE_MAX_S, max_nodes=10_000_000, workers=workers)
    return res, time.perf_counter() - t0, time.process_time() - c0


def bench_scale() -> int:
    """Counting runs side by side: the plain search ("before") and the incremental one ("after")."""
    base = load(scenarios_dir() / "catalan" / "four-players-12x12.json")
    plain = _PlainRules(get_rule_set("catalan"))
    cases = [(["straight", "straight", "curve", "curve"], 4), (["straight", "straight", "curve", "curve"], 6),
             (["straight"] * 3 + ["curve"] * 3, 4), (["straight"] * 3 + ["curve"] * 3, 6)]
    status = 0
    for hand, turns in cases:
        puzzle = Puzzle.model_validate({
            "actor": "red",
            "goal": {"kind": "destination", "player": "red"},
            "resources": {
                "hand": hand,
                "draws": ["straight", "curve", "straight", "curve", "straight", "straight"][:turns],
                "turns": turns,
            },
            "phases": [{"name": "mandatory", "tile_from": "drawn", "required": True}, {"name": "optional"}],
        })
        scenario = base.model_copy(update={"puzzle": puzzle})
        rows = []
        for what, rules, workers in (("before", plain, 1), ("after", None, 1), ("after, 2 processes", None, 2)):
            res, wall, cpu = _timed(scenario, rules, workers)
            rows.append((res, wall, cpu))
            done = "complete" if res.complete else f"stopped: {res.reason}"
            cpu_note = f"cpu {cpu:.1f} s" if workers == 1 else f"load {_load()}"
            print(f"scale  12x12, hand of {len(hand)} + draws, {turns} turns, {what:18}: {res.count} solution(s), "
                  f"{res.nodes} nodes in {wall:.1f} s ({cpu_note}, {res.nodes / wall:,.0f} nodes/s), {done}")
        (b, bwall, bcpu), (a, awall, acpu), (p, pwall, _) = rows
        complete = b.complete and a.complete and p.complete
        same = complete and b.count == a.count == p.count
        if complete and not same:
            status = 1
        verdict = "yes" if same else "not comparable (a run stopped)" if not complete else "NO"
        print(f"scale  speed-up {bcpu / acpu:.2f}x (cpu), {bwall / awall:.2f}x (wall); 2 processes {awall / pwall:.2f}x "
              f"over one (wall)  same count: {verdict}")
    return status


def main() -> int:
    print(f"load average before: {_load()}")
    status = bench_proofs()
    status = bench_generate() or status
    status = bench_scale() or status
    print(f"load average after: {_load()}")
    print("PASS" if status == 0 else "FAIL")
    return status


if __name__ == "__main__":
    sys.exit(main())

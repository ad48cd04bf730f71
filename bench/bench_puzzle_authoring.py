"""Puzzle authoring benchmark: proofs of the generated puzzles, generation, the solver at scale.

* proof of uniqueness (``solve(count=True)``) of the generated bundled puzzles: the 15-move
  Catalan puzzle on the 12×12 board and the two 6-lay 18 India puzzles (two operating rounds);
  target < 10 s each;
* generation of a unique 8-move Catalan puzzle on the 12×12 four-player board, Red's destination
  as the goal, drawn tiles only (seeds 1-3); and with a hand as well (mandatory + optional phase,
  a stop about 8 cells away as the goal, seeds 1 and 3); requirement < 60 s each;
* the solver at scale: the 12×12 board, Red's destination, a hand of straights and curves and a
  drawn sequence, counting every solution (4 and 6 turns with a hand of 4, 4 turns with a hand
  of 6), side by side: the plain search (the rule set's ``search_position`` hook hidden), the
  incremental one, and two processes; the counts must agree;
* the requirements of issue #28: the same count with a hand of 6 over 6 turns in < 3 s and over
  8 turns in < 15 s (CPU of the search in one process; beside it the wall time of two processes,
  ``solve --workers 2``); the one-process and the two-process counts must agree.

CPU times (bench/harness.py); best of REPEATS for the proofs; generation runs once per seed (it
is deterministic). Exit status 1 when a target is missed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from harness import Report, cpu_ms_and_result  # noqa: E402

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


def bench_proofs(report: Report) -> None:
    for name in PROOFS:
        scenario = load(scenarios_dir() / "puzzles" / f"{name}.json")
        ms, res = cpu_ms_and_result(lambda scenario=scenario: solve(scenario, count=True, max_seconds=120), REPEATS)
        moves = len(res.solution) if res.solution else 0
        report.count(f"proof.{name}.unique", f"proof of `{name}`: solutions found ({moves} moves)", res.count or 0, "solutions")
        report.at_most(f"proof.{name}.nodes", f"proof of `{name}`: nodes searched", res.nodes, "nodes")
        report.time(f"proof.{name}.s", f"proof of `{name}`: uniqueness", ms / 1000, unit="s", limit=PROOF_TARGET_S)


def bench_generate(report: Report) -> None:
    board = load(scenarios_dir() / "catalan" / "four-players-12x12.json")
    for kind, seeds, kwargs in (("draws", (1, 2, 3), {"phases": parse_phases("mandatory:drawn:required")}),
                                ("hand", (1, 3), {"goal": "reach", "phases": parse_phases("mandatory:drawn:required, optional")})):
        for seed in seeds:
            t0 = time.process_time()
            got = generate(board, 8, seed=seed, max_seconds=GENERATE_TARGET_S, **kwargs)
            dt = time.process_time() - t0
            what = "drawn tiles only" if kind == "draws" else "drawn tiles and a hand, reach goal"
            report.count(f"generate.{kind}.{seed}.found", f"generate a unique 8-move puzzle, {what}, seed {seed}: found",
                         1 if got.found else 0, note=f"{got.tried} candidate(s)")
            report.time(f"generate.{kind}.{seed}.s", "the same: time", dt, unit="s", limit=GENERATE_TARGET_S)


class _PlainRules:
    """The rule set without its ``search_position`` hook: the solver as it was before it (every
    position from scratch, every move tried at the last move)."""

    def __init__(self, rules) -> None:
        self._rules = rules

    def search_position(self, scenario, parent=None):
        return None  # the hook's default: the solver asks legal_moves and reached directly

    def __getattr__(self, name: str):
        return getattr(self._rules, name)


DRAWS = ["straight", "curve", "straight", "curve", "straight", "straight", "curve", "straight"]
HAND_OF_6 = ["straight"] * 3 + ["curve"] * 3
REQUIRED_S = {6: 3.0, 8: 15.0}  # issue #28: hand of 6, turns -> seconds
REQUIRED_MAX_S = 600.0  # the search's own limit there: the count must complete to be compared


def _scale_scenario(base, hand: list[str], turns: int):
    """The 12×12 board with Red's destination as the goal, ``hand`` and the first ``turns`` draws."""
    puzzle = Puzzle.model_validate({
        "actor": "red",
        "goal": {"kind": "destination", "player": "red"},
        "resources": {"hand": hand, "draws": DRAWS[:turns], "turns": turns},
        "phases": [{"name": "mandatory", "tile_from": "drawn", "required": True}, {"name": "optional"}],
    })
    return base.model_copy(update={"puzzle": puzzle})


def _counted(scenario, rules=None, workers=1, max_seconds=SCALE_MAX_S):
    t0 = time.process_time()
    res = solve(scenario, rules=rules, count=True, max_seconds=max_seconds, max_nodes=10_000_000, workers=workers)
    return res, time.process_time() - t0


def bench_scale(report: Report) -> None:
    """Counting runs side by side: the plain search ("before") and the incremental one ("after")."""
    base = load(scenarios_dir() / "catalan" / "four-players-12x12.json")
    plain = _PlainRules(get_rule_set("catalan"))
    cases = [(["straight", "straight", "curve", "curve"], 4), (["straight", "straight", "curve", "curve"], 6),
             (["straight"] * 3 + ["curve"] * 3, 4)]
    rows = []
    for hand, turns in cases:
        scenario = _scale_scenario(base, hand, turns)
        key, what = f"h{len(hand)}t{turns}", f"hand of {len(hand)} + draws, {turns} turns"
        before, bcpu = _counted(scenario, plain)
        after, acpu = _counted(scenario)
        two, _ = _counted(scenario, workers=2)
        same = before.complete and after.complete and two.complete and before.count == after.count == two.count
        report.count(f"scale.{key}.solutions", f"count all solutions, {what}: solutions (plain = incremental = 2 processes)",
                     after.count if same else -1, "solutions")
        report.at_most(f"scale.{key}.nodes", "the same: nodes searched, incremental", after.nodes, "nodes")
        report.time(f"scale.{key}.s", "the same: time, incremental", acpu, unit="s")
        report.ratio(f"scale.{key}.speedup", "the same: speed-up over the plain search in the same run", bcpu / acpu)
        rows.append([what, f"{bcpu:.1f} s, {before.nodes:,} nodes", f"{acpu:.1f} s, {after.nodes:,} nodes",
                     f"{bcpu / acpu:.1f}×", f"{two.nodes:,} nodes", str(after.count)])
    report.table("Counting all solutions on the 12×12 board (CPU; two processes: nodes only, their CPU is the workers')",
                 ["case", "plain search", "incremental", "speed-up", "two processes", "solutions"], rows)


def bench_required(report: Report) -> None:
    """Issue #28's cases: a hand of 6 over 6 and over 8 turns, one process (CPU) and two (wall)."""
    base = load(scenarios_dir() / "catalan" / "four-players-12x12.json")
    rows = []
    for turns, limit in REQUIRED_S.items():
        scenario = _scale_scenario(base, HAND_OF_6, turns)
        key, what = f"h6t{turns}", f"hand of 6 + draws, {turns} turns"
        one, cpu = _counted(scenario, max_seconds=REQUIRED_MAX_S)
        w0 = time.perf_counter()
        two, _ = _counted(scenario, workers=2, max_seconds=REQUIRED_MAX_S)
        wall = time.perf_counter() - w0
        same = one.complete and two.complete and one.count == two.count
        report.count(f"scale.{key}.solutions", f"count all solutions, {what}: solutions (1 = 2 processes)",
                     one.count if same else -1, "solutions")
        report.at_most(f"scale.{key}.nodes", "the same: nodes searched, one process", one.nodes, "nodes")
        report.time(f"scale.{key}.s", f"the same: time, one process (requirement < {limit:g} s)", cpu, unit="s", limit=limit)
        report.time(f"scale.{key}.two.wall", f"the same: wall time, two processes (requirement < {limit:g} s)", wall, unit="s",
                    limit=limit, note="wall time: grows with the machine's load")
        rows.append([what, f"{cpu:.1f} s, {one.nodes:,} nodes", f"{wall:.1f} s, {two.nodes:,} nodes", f"< {limit:g} s",
                     str(one.count) if same else "disagree"])
    report.table("Issue #28: counting with a hand of 6 on the 12×12 board (one process: CPU; two: wall)",
                 ["case", "one process", "two processes", "requirement", "solutions"], rows)


def main() -> int:
    report = Report(__file__, "Puzzle authoring",
                    "Proofs of uniqueness of the generated bundled puzzles (requirement < 10 s each), generating "
                    "unique 8-move Catalan puzzles on the 12×12 four-player board (requirement < 60 s each), and the "
                    "solver counting every solution, the incremental search beside the plain one in the same run.")
    bench_proofs(report)
    bench_generate(report)
    bench_scale(report)
    bench_required(report)
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())

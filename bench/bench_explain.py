"""``explain`` and ``legal_moves`` on the 18 India map, side by side with the 18xx.games engine.

The engine's loop is the one ``tools/engine_compare.rb rules`` times for the conformance run: for
every hex and every yellow tile of the manifest, ``upgrades_to?`` and, where it passes,
``legal_tile_rotation?`` for each rotation (the static yellow table, best of its 3 runs). Ours,
in the same run and alternating with the engine's:

* ``explain`` once per move: every hex x every yellow tile x every rotation, one call each, with
  the 18 India rule set, each run in a position asked nothing yet (a copy of the scenario: the
  verdicts ``explain`` keeps with a position are not carried from one run to the next; target:
  no slower than the engine's loop);
* ``legal_moves`` for the position (every tile, no company: the same static lays; target: ten
  times faster than the engine's loop);
* the static yellow table (the fast path ``explain`` and ``legal_moves`` share), for reference.

Ours is best-of CPU time. Needs Ruby and an engine checkout (the setting T18XX_DIR, default
../shared/upstream/18xx-2025-01 beside the repository); without them nothing is compared and
the recorded figures are not measured, which misses (bench/harness.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from harness import Report, cpu_ms  # noqa: E402

from model.io import load  # noqa: E402
from model.rules import Move, MoveContext, get_rule_set  # noqa: E402
from model.rules.eighteen_xx import tables  # noqa: E402

SCENARIO = ROOT / "scenarios" / "18india.json"
ROUNDS = 2
LEGAL_MOVES_FACTOR = 10.0


def engine_ms() -> float | None:
    """The engine's static yellow loop on 18India, in ms (best of the script's 3 runs)."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as jobs:
        json.dump([{"title": "18India"}], jobs)
    try:
        out = subprocess.run(["ruby", str(ROOT / "tools" / "engine_compare.rb"), "rules", jobs.name],
                             capture_output=True, text=True, timeout=600, cwd=ROOT)
    except (OSError, subprocess.TimeoutExpired) as exc:
        print(f"engine: not run ({exc})")
        return None
    finally:
        os.unlink(jobs.name)
    if out.returncode != 0:
        print(f"engine: not run ({out.stderr.strip()[:200]})")
        return None
    row = json.loads(out.stdout)[0]
    return float(row["yellow_ms"]) if row.get("status") == "ok" else None


def explain_once_per_move(rules, scenario, moves) -> list:
    """``explain`` once per move in a position asked nothing yet: a copy of the scenario, so that
    no verdict kept by an earlier run is read (what is shared across positions, by identity of
    the hexes' views, is, as in any session after its first check)."""
    position = scenario.model_copy()
    explain = rules.explain
    return [explain(position, m) for m in moves]


def best_cpu(fn, runs: int) -> float:
    return cpu_ms(fn, runs) / 1000


def main() -> int:
    report = Report(__file__, "`explain` and `legal_moves` beside the engine",
                    "On the 18 India map, in the same run and alternating with the 18xx.games engine's static yellow loop "
                    "(`upgrades_to?` and `legal_tile_rotation?` over every hex and yellow tile, as `tools/engine_compare.rb "
                    "rules` times it): `explain` once per move (requirement: no slower than the engine), `legal_moves` "
                    "for the position (requirement: a tenth of the engine's time), and the static yellow table. Needs "
                    "Ruby and an engine checkout (`T18XX_DIR`); without them the figures are not measured, which misses.")
    scenario = load(SCENARIO)
    rules = get_rule_set(scenario.rules.id)
    yellows = sorted({t.id for t in scenario.tileset().tiles if t.color == "yellow"})
    labels = [scenario.board.grid.label(c) for c in scenario.board.grid.ordered_coords]
    moves = [Move("lay", label, tid, r) for label in labels for tid in yellows for r in range(6)]
    engine, explain_s, moves_s, table_s = [], [], [], []
    for _ in range(ROUNDS):
        e = engine_ms()
        if e is None:
            return report.finish()
        engine.append(e / 1000)
        explain_s.append(best_cpu(lambda: explain_once_per_move(rules, scenario, moves), 3))
        moves_s.append(best_cpu(lambda: rules.legal_moves(scenario, MoveContext(None, None, None)), 5))
        table_s.append(best_cpu(lambda: tables.yellow_table(rules, scenario), 5))
    e, x, lm, tb = min(engine), min(explain_s), min(moves_s), min(table_s)
    n_moves = len(rules.legal_moves(scenario, MoveContext(None, None, None)))
    report.time("engine.ms", f"the engine's loop over {len(labels)} hexes × {len(yellows)} yellow tiles (its own clock)", e * 1000)
    report.time("explain.ms", f"`explain` once per move, {len(moves):,} calls", x * 1000, note=f"{x / len(moves) * 1e6:.1f} µs a call")
    report.count("legal_moves.count", "`legal_moves` for the position: lays", n_moves)
    report.time("legal_moves.ms", "`legal_moves` for the position", lm * 1000)
    report.time("table.ms", "static yellow table (the shared fast path)", tb * 1000)
    report.side_by_side("explain.over_engine", "`explain` over the engine's time, same run", x / e, 1.0)
    report.side_by_side("legal_moves.over_engine", "`legal_moves` over the engine's time, same run", lm / e, 1 / LEGAL_MOVES_FACTOR)
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())

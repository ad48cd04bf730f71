"""``explain`` and ``legal_moves`` on the 18 India map, side by side with the 18xx.games engine.

The engine's loop is the one ``tools/engine_compare.rb rules`` times for the conformance run: for
every hex and every yellow tile of the manifest, ``upgrades_to?`` and, where it passes,
``legal_tile_rotation?`` for each rotation (the static yellow table, best of its 3 runs). Ours,
in the same run and alternating with the engine's:

* ``explain`` once per move: every hex x every yellow tile x every rotation, one call each, with
  the 18 India rule set (target: no slower than the engine's loop);
* ``legal_moves`` for the position (every tile, no company: the same static lays; target: ten
  times faster than the engine's loop);
* the static yellow table (the fast path ``explain`` and ``legal_moves`` share), for reference.

Ours is best-of CPU time. Needs Ruby and an engine checkout (the setting T18XX_DIR, default
../shared/upstream/18xx-2025-01 beside the repository); without them nothing is compared and
the script exits 1. Exit 1 when a target is missed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

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


def best_cpu(fn, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best


def main() -> int:
    scenario = load(SCENARIO)
    rules = get_rule_set(scenario.rules.id)
    yellows = sorted({t.id for t in scenario.tileset().tiles if t.color == "yellow"})
    labels = [scenario.board.grid.label(c) for c in scenario.board.grid.ordered_coords]
    moves = [Move("lay", label, tid, r) for label in labels for tid in yellows for r in range(6)]
    engine, explain_s, moves_s, table_s = [], [], [], []
    for _ in range(ROUNDS):
        e = engine_ms()
        if e is None:
            print("explain and legal_moves against the engine: not compared (no engine)  MISSED")
            return 1
        engine.append(e / 1000)
        explain_s.append(best_cpu(lambda: [rules.explain(scenario, m) for m in moves], 3))
        moves_s.append(best_cpu(lambda: rules.legal_moves(scenario, MoveContext(None, None, None)), 5))
        table_s.append(best_cpu(lambda: tables.yellow_table(rules, scenario), 5))
    e, x, lm, tb = min(engine), min(explain_s), min(moves_s), min(table_s)
    n_moves = len(rules.legal_moves(scenario, MoveContext(None, None, None)))
    print(f"engine: upgrades_to? + legal_tile_rotation? over {len(labels)} hexes x {len(yellows)} yellow tiles: {e * 1e3:.0f} ms "
          f"(load {' '.join(f'{v:.1f}' for v in os.getloadavg())})")
    ok_x = x <= e
    ok_lm = lm * LEGAL_MOVES_FACTOR <= e
    print(f"explain once per move, {len(moves)} calls ({x / len(moves) * 1e6:.1f} us a call): {x * 1e3:.0f} ms, "
          f"{e / x:.2f}x the engine  target >= 1x: {'ok' if ok_x else 'MISSED'}")
    print(f"legal_moves for the position ({n_moves} lays): {lm * 1e3:.1f} ms, {e / lm:.1f}x the engine  "
          f"target >= {LEGAL_MOVES_FACTOR:g}x: {'ok' if ok_lm else 'MISSED'}")
    print(f"static yellow table (the shared fast path): {tb * 1e3:.1f} ms, {e / tb:.1f}x the engine")
    return 0 if ok_x and ok_lm else 1


if __name__ == "__main__":
    sys.exit(main())

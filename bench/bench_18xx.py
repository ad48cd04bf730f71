"""Benchmarks of the generic ``18xx`` rule set on the bundled 18 India map.

1. The static lay tables the conformance suite compares with the 18xx.games engine
   (:mod:`model.rules.eighteen_xx.tables`): the yellow table (every hex x every yellow tile x
   rotation) and the upgrade table (every manifest pair of consecutive colours on a plain hex,
   for each old rotation), first call and best of 10. Target: under 25 ms for both, a tenth of
   the engine's time for the same tables (``tools/conformance.py`` times both side by side).
2. ``explain`` one move at a time on the same scenario: the cost of a call minus the cost of
   the rule work itself (``lay_failure`` on a situation built once). Target: at most 5 µs.

Run: ``.venv/bin/python bench/bench_18xx.py`` (or ``make bench``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from model.io import load  # noqa: E402
from model.rules import Move, get_rule_set  # noqa: E402
from model.rules.eighteen_xx import Situation, tables  # noqa: E402

SCENARIO = ROOT / "scenarios" / "18india.json"
PLAIN_HEX = "F9"  # white, no track, six neighbours that take tiles


def line(name: str, value: float, unit: str, target: float) -> bool:
    ok = value <= target
    print(f"{name:<58} {value:9.2f} {unit:<3} (target <= {target:g} {unit}) {'OK' if ok else 'SLOW'}")
    return ok


def both_tables(rules, scenario) -> tuple[dict, dict]:
    return tables.yellow_table(rules, scenario), tables.upgrade_table(rules, scenario, PLAIN_HEX)


def main() -> int:
    scenario = load(SCENARIO)
    rules = get_rule_set("18xx")
    ok = True

    t0 = time.perf_counter()
    yellow, upgrade = both_tables(rules, scenario)
    cold = time.perf_counter() - t0
    best = float("inf")
    for _ in range(10):
        t0 = time.perf_counter()
        both_tables(rules, scenario)
        best = min(best, time.perf_counter() - t0)
    rows = sum(len(v) for v in yellow.values())
    print(f"static tables: {len(yellow)} hexes take a yellow tile ({rows} hex/tile pairs); {len(upgrade)} old tile@rotation rows")
    ok &= line("yellow + upgrade tables, first call", cold * 1000, "ms", 25)
    ok &= line("yellow + upgrade tables, best of 10", best * 1000, "ms", 25)

    moves = [Move("lay", "F7", "7", r) for r in range(6)] + [Move("lay", "B9", "9", 0), Move("lay", "E4", "3", 1)]
    n = 2000
    sit = Situation.of(scenario)
    over = []
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(n):
            for m in moves:
                rules.explain(scenario, m)
        t1 = time.perf_counter()
        for _ in range(n):
            for m in moves:
                rules.lay_failure(sit, m, None)
        t2 = time.perf_counter()
        over.append(((t1 - t0) - (t2 - t1)) / (n * len(moves)))
        work = (t2 - t1) / (n * len(moves))
    print(f"{'  rule work per move (lay_failure)':<58} {work * 1e6:9.2f} us")
    ok &= line("explain, one move at a time: cost on top of the rule work", min(over) * 1e6, "us", 5)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

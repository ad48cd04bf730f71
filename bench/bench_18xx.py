"""Benchmarks of the generic ``18xx`` rule set on the bundled 18 India map.

1. The static lay tables the conformance suite compares with the 18xx.games engine
   (:mod:`model.rules.eighteen_xx.tables`): the yellow table (every hex x every yellow tile x
   rotation) and the upgrade table (every manifest pair of consecutive colours on a plain hex,
   for each old rotation), first call and best of 10. Requirement: under 25 ms for both
   (``tools/conformance.py`` times them beside the engine's).
2. ``explain`` one move at a time, each in a position asked nothing yet (a copy of the
   scenario): the cost of a call minus the cost of the rule work itself (``explain_in`` on a
   situation built once). Requirement: at most 5 µs. And a move asked again in the same
   position, which reads the verdict kept with it.

CPU times; targets in bench/recorded.json (bench/harness.py).

Run: ``.venv/bin/python bench/bench_18xx.py`` (or ``make bench``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from harness import Report, cpu_ms  # noqa: E402

from model.io import load  # noqa: E402
from model.rules import Move, get_rule_set  # noqa: E402
from model.rules.eighteen_xx import Situation, tables  # noqa: E402

SCENARIO = ROOT / "scenarios" / "18india.json"
PLAIN_HEX = "F9"  # white, no track, six neighbours that take tiles


def both_tables(rules, scenario) -> tuple[dict, dict]:
    return tables.yellow_table(rules, scenario), tables.upgrade_table(rules, scenario, PLAIN_HEX)


def main() -> int:
    report = Report(__file__, "The generic 18xx rule set: static lay tables and explain",
                    "On the bundled 18 India map: the yellow and upgrade tables the conformance suite compares with "
                    "the 18xx.games engine (`model.rules.eighteen_xx.tables`; requirement under 25 ms for both), and "
                    "what `explain` costs on top of the rule work when called one move at a time in a position asked nothing yet "
                    "(requirement at most 5 µs), and asked again.")
    scenario = load(SCENARIO)
    rules = get_rule_set("18xx")

    t0 = time.process_time()
    yellow, upgrade = both_tables(rules, scenario)
    cold = (time.process_time() - t0) * 1000
    rows = sum(len(v) for v in yellow.values())
    report.count("tables.yellow_rows", "hex/tile pairs the yellow table allows", rows)
    report.count("tables.upgrade_rows", "old tile@rotation rows of the upgrade table", len(upgrade))
    report.time("tables.first", "yellow + upgrade tables, first call (builds the map index)", cold, limit=25)
    report.time("tables.best", "yellow + upgrade tables, best of 10", cpu_ms(lambda: both_tables(rules, scenario), 10), limit=25)

    moves = [Move("lay", "F7", "7", r) for r in range(6)] + [Move("lay", "B9", "9", 0), Move("lay", "E4", "3", 1)]
    n = 2000
    sit = Situation.of(scenario)
    over, work, again = [], [], []
    for _ in range(5):
        positions = [scenario.model_copy() for _ in range(n)]  # each asked nothing yet: no kept verdict
        t0 = time.process_time()
        for position in positions:
            for m in moves:
                rules.explain(position, m)
        t1 = time.process_time()
        for _ in range(n):
            for m in moves:
                rules.explain_in(sit, m)
        t2 = time.process_time()
        for _ in range(n):
            for m in moves:
                rules.explain(scenario, m)
        t3 = time.process_time()
        calls = n * len(moves)
        over.append(((t1 - t0) - (t2 - t1)) / calls)
        work.append((t2 - t1) / calls)
        again.append((t3 - t2) / calls)
    report.time("explain.work", "rule work per move (explain_in on a situation built once)", min(work) * 1e6, unit="µs")
    report.time("explain.overhead", "explain, one move at a time in a position asked nothing yet: cost on top of the rule work",
                max(0.0, min(over)) * 1e6, unit="µs", limit=5)
    report.time("explain.again", "explain of a move asked before in the same position (the verdict kept with it)",
                min(again) * 1e6, unit="µs")
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())

"""Benchmarks of the 18xx / 18india rule sets on the bundled 18 India map.

1. Every legal yellow placement of every manifest tile over the whole map (the static rules:
   colour, label, stops, exits, the ferry), requirement < 200 ms.
2. One re-check after an upgrade (the affected hexes only), requirement < 5 ms; the full check of
   the same board beside it.
3. Peak RSS of ``trackwright check scenarios/18india.json``, requirement < 120 MB.
4. The yellow-line (railhead) walk, which walks every line without a repeated stop or side, on a
   busy board built by seeded random play (8 companies, 12 rounds): the slowest walk from a
   company's stations through one of its yellow tiles, requirement < 50 ms.

CPU times; targets in bench/recorded.json (bench/harness.py).

Run: ``.venv/bin/python bench/bench_india.py`` (or ``make bench``).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from harness import Report, cpu_ms_and_result, peak_rss_mb  # noqa: E402

from model.board import LaidTile, Token  # noqa: E402
from model.io import load  # noqa: E402
from model.rules import Move, MoveContext, get_rule_set  # noqa: E402
from model.rules.eighteen_xx import Situation  # noqa: E402

SCENARIO = ROOT / "scenarios" / "18india.json"


def best_of(fn, runs: int) -> tuple[float, object]:
    """The best CPU time in seconds over ``runs`` calls, and the last result."""
    ms, result = cpu_ms_and_result(fn, runs)
    return ms / 1000, result


def main() -> int:
    report = Report(__file__, "18xx and 18 India rules",
                    "On the bundled 18 India map: every legal yellow placement of every manifest tile, the re-check "
                    "after one upgrade, the command-line check's memory, and the yellow-line (railhead) walk on a "
                    "busy board built by seeded random play (8 companies, 12 rounds).")
    scenario = load(SCENARIO)
    india = get_rule_set("18india")

    # 1. every legal yellow placement over the whole map
    cold_t0 = time.process_time()
    india.legal_moves(scenario, MoveContext())
    cold = time.process_time() - cold_t0
    t, moves = best_of(lambda: india.legal_moves(scenario, MoveContext()), 10)
    report.count("yellow.moves", "legal yellow placements on the bare map", len(moves), "moves")
    report.count("yellow.hexes", "hexes they are on", len({m.cell for m in moves}), "hexes")
    report.time("yellow.all", "all legal yellow placements, whole map (best of 10)", t * 1000, limit=200)
    report.time("yellow.first", "the same, first call (builds the map index)", cold * 1000)
    t, _opts = best_of(lambda: india.static_yellow_options(scenario), 10)
    report.time("yellow.options", "yellow options per white hex (the oracle's form, best of 10)", t * 1000, limit=200)

    # 2. one re-check after an upgrade
    grid = scenario.board.grid
    cells = dict(scenario.board.cells)
    for label, tile, rot in (("K14", "57", 0), ("K16", "9", 0), ("K18", "9", 0), ("G8", "235", 0), ("G10", "57", 0)):
        cells[label] = scenario.board.cell_at_label(label).model_copy(update={"tile": LaidTile(tile=tile, rotation=rot)})
    cells["K14"] = cells["K14"].model_copy(update={"tokens": [Token(company="NCR", city=0)]})
    board = scenario.board.model_copy(update={"cells": cells})
    played = scenario.model_copy(update={"board": board})
    india.check(played)  # warm the caches as the editor would
    upgraded = india.apply(played, Move("upgrade", "K14", "619", 0, actor="NCR"))
    changed = [grid.coord("K14")]

    def recheck():
        return india.check_cells(upgraded, india.affected_cells(upgraded, changed))

    t, _issues = best_of(recheck, 50)
    report.time("recheck.upgrade", "re-check after one upgrade (affected hexes, best of 50)", t * 1000, limit=5)
    t_full, _ = best_of(lambda: india.check(upgraded), 20)
    report.time("check.full", "full check of the same board (best of 20)", t_full * 1000)
    t_ex, _ = best_of(lambda: india.explain(upgraded, Move("lay", "K20", "9", 0, actor="NCR")), 20)
    report.time("explain.lay", "explain one company lay (best of 20)", t_ex * 1000)

    # 3. peak RSS of the command-line check
    exe = ROOT / ".venv" / "bin" / "trackwright"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "editor.cli"]
    report.memory("check.rss", "peak RSS of `trackwright check scenarios/18india.json`",
                  peak_rss_mb([*cmd, "check", str(SCENARIO)], cwd=ROOT), limit=120)

    # 4. the railhead walk on a busy board
    busy = busy_board(india, scenario, rounds=12, seed=1)
    sit = Situation.of(busy)
    worst, walks = 0.0, 0
    for company in busy.companies:
        net = india.network(sit, company)
        yellow = [c for c in sorted(net.cells) if sit.cell(c).tile is not None and sit.view(c).color == "yellow"]
        for first in yellow:
            t, _ = best_of(lambda first=first, net=net: india.railhead_hexes(sit, net, [first]), 3)
            worst, walks = max(worst, t), walks + 1
    laid = sum(1 for c in busy.board.cells.values() if c.tile is not None)
    report.count("busy.tiles", "busy board: tiles laid by the seeded play", laid, "tiles")
    report.count("busy.walks", "busy board: railhead walks measured", walks, "walks")
    report.time("busy.worst_walk", "slowest railhead walk on the busy board (best of 3)", worst * 1000, limit=50)
    return report.finish()


def busy_board(india, scenario, rounds: int, seed: int):
    """A mid-game board: home stations, then rounds of random legal lays, upgrades and stations."""
    rng = random.Random(seed)
    companies = ["NCR", "NWR", "WIP", "BNR", "NSR", "MR", "SIR", "EIR"]
    s = scenario
    for c in companies:
        first = [m for m in india.legal_moves(s, MoveContext(actor=c)) if m.kind == "station"]
        if first:
            s = india.apply(s, first[0], check=False)
    for _ in range(rounds):
        for c in companies:
            s = s.model_copy(update={"state": s.state.model_copy(update={"laid": [], "active": c})})
            for _ in range(4):
                moves = [m for m in india.legal_moves(s, MoveContext(actor=c)) if m.kind in ("lay", "upgrade")]
                if not moves:
                    break
                ups = [m for m in moves if m.kind == "upgrade"]
                lays = [m for m in moves if m.kind == "lay"]
                m = rng.choice(ups) if ups and not s.state.laid and rng.random() < 0.4 else rng.choice(lays or moves)
                s = india.apply(s, m, check=False)
                if m.kind == "upgrade":
                    break
            stations = [m for m in india.legal_moves(s, MoveContext(actor=c)) if m.kind == "station"]
            if stations and rng.random() < 0.3:
                s = india.apply(s, rng.choice(stations), check=False)
    return s


if __name__ == "__main__":
    sys.exit(main())

"""Benchmarks of the 18xx / 18india rule sets on the bundled 18 India map.

1. Every legal yellow placement of every manifest tile over the whole map (the static rules:
   colour, label, stops, exits, the ferry), target < 200 ms.
2. One re-check after an upgrade (the affected hexes only), target < 5 ms; the full check of the
   same board is printed for comparison.
3. Peak RSS of ``trackwright check scenarios/18india.json`` (via /usr/bin/time -v), target < 120 MB.
4. The yellow-line (railhead) walk, which walks every line without a repeated stop or side, on a
   busy board built by seeded random play (8 companies, 12 rounds): the slowest walk from a
   company's stations through one of its yellow tiles, target < 50 ms.

Run: ``.venv/bin/python bench/bench_india.py`` (or ``make bench``).
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from model.board import LaidTile, Token  # noqa: E402
from model.io import load  # noqa: E402
from model.rules import Move, MoveContext, get_rule_set  # noqa: E402
from model.rules.eighteen_xx import Situation  # noqa: E402

SCENARIO = ROOT / "scenarios" / "18india.json"


def best_of(fn, runs: int) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(runs):
        t0 = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t0)
    return best, result


def line(name: str, value: float, unit: str, target: float) -> bool:
    ok = value < target
    print(f"{name:<58} {value:9.2f} {unit:<3} (target < {target:g} {unit}) {'OK' if ok else 'SLOW'}")
    return ok


def main() -> int:
    scenario = load(SCENARIO)
    india = get_rule_set("18india")
    ok = True

    # 1. every legal yellow placement over the whole map
    cold_t0 = time.perf_counter()
    india.legal_moves(scenario, MoveContext())
    cold = time.perf_counter() - cold_t0
    t, moves = best_of(lambda: india.legal_moves(scenario, MoveContext()), 10)
    print(f"legal yellow placements on the bare map: {len(moves)} moves on {len({m.cell for m in moves})} hexes")
    ok &= line("all legal yellow placements, whole map (best of 10)", t * 1000, "ms", 200)
    print(f"{'  (first call, building the map index)':<58} {cold * 1000:9.2f} ms")
    t, opts = best_of(lambda: india.static_yellow_options(scenario), 10)
    ok &= line("yellow options per white hex (oracle form, best of 10)", t * 1000, "ms", 200)

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

    t, issues = best_of(recheck, 50)
    ok &= line("re-check after one upgrade (affected hexes, best of 50)", t * 1000, "ms", 5)
    t_full, _ = best_of(lambda: india.check(upgraded), 20)
    print(f"{'  (full check of the same board, best of 20)':<58} {t_full * 1000:9.2f} ms")
    t_ex, _ = best_of(lambda: india.explain(upgraded, Move("lay", "K20", "9", 0, actor="NCR")), 20)
    print(f"{'  (explain one company lay, best of 20)':<58} {t_ex * 1000:9.2f} ms")

    # 3. peak RSS of the command-line check
    exe = ROOT / ".venv" / "bin" / "trackwright"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "editor.cli"]
    if os.path.exists("/usr/bin/time"):
        proc = subprocess.run(
            ["/usr/bin/time", "-v", *cmd, "check", str(SCENARIO)], capture_output=True, text=True, cwd=ROOT
        )
        m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", proc.stderr)
        if m:
            ok &= line("peak RSS of `trackwright check scenarios/18india.json`", int(m.group(1)) / 1024, "MB", 120)
        else:
            print("peak RSS: /usr/bin/time gave no figure")
    else:
        print("peak RSS: /usr/bin/time is not installed; skipped")

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
    print(f"busy board: {laid} tiles laid, {walks} walks")
    ok &= line("slowest railhead walk on the busy board (best of 3)", worst * 1000, "ms", 50)
    return 0 if ok else 1


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

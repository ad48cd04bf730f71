"""Catalan rule set benchmark: legal_moves and incremental re-checking on a 30x30 board.

The board is grown by play: four players extend their tracks with random drawn tiles through the
rule set's own ``legal_moves`` + ``apply`` until 300 tiles are laid or everyone is blocked (then a
few tiles are laid away from all track to make 300; a fixed seed, so every run measures the same
board). Then:

* ``legal_moves`` for every tile type, one player, mandatory and optional phase (requirement
  < 50 ms per call);
* re-checking after a one-cell edit with the incremental checker (requirement < 5 ms), next to a
  full ``check`` for comparison.

CPU times; targets in bench/recorded.json (bench/harness.py).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from harness import Report, cpu_ms_and_result  # noqa: E402

from model.board import Board, Cell, City, LaidTile, Platform  # noqa: E402
from model.grid import SquareGrid  # noqa: E402
from model.rules import MoveContext, get_rule_set  # noqa: E402
from model.scenario import GameState, Player, RulesRef, Scenario, TileSupply  # noqa: E402

TILES = ["straight", "curve", "switch_left", "switch_right", "crossing", "turntable", "bridge", "tunnel", "dead_end"]
WEIGHTS = [30, 30, 8, 8, 6, 3, 5, 5, 1]
SIZE, TARGET_TILES = 30, 300


def build_board(seed: int = 7) -> Scenario:
    rng = random.Random(seed)
    rules = get_rule_set("catalan")
    grid = SquareGrid(width=SIZE, height=SIZE)
    cells: dict[str, Cell] = {}
    origins = {"red": ((3, 26), 2), "yellow": ((26, 3), 0), "green": ((3, 3), 3), "blue": ((26, 26), 1)}
    for pid, ((x, y), access) in origins.items():
        cells[grid.label((x, y))] = Cell(platform=Platform(station=f"{pid}-station", access=access, kind="origin", owner=pid))
    free = [c for c in grid.ordered_coords if grid.label(c) not in cells]
    rng.shuffle(free)
    for c in free[:40]:
        cells[grid.label(c)] = Cell(terrain="lake")
    for c in free[40:80]:
        cells[grid.label(c)] = Cell(terrain="mountain")
    for i, c in enumerate(free[80:92]):
        cells[grid.label(c)] = Cell(cities=[City(name=f"city{i}")])
    players = [Player(id=pid, origin=f"{pid}-station", hand=list(TILES)) for pid in origins]
    s = Scenario(
        rules=RulesRef(id="catalan"),
        board=Board(grid=grid, cells=cells),
        tiles=TileSupply(set="catalan"),
        players=players,
        state=GameState(turn=1, active="red", phase="mandatory"),
    )
    laid = 0
    stuck = 0
    while laid < TARGET_TILES and stuck < 1000:
        pid = s.state.active
        tile = rng.choices(TILES, WEIGHTS)[0]
        s = s.model_copy(update={"state": s.state.model_copy(update={"drawn": tile})})
        moves = rules.legal_moves(s, MoveContext(pid, "mandatory"))
        if moves:
            s = rules.apply(s, rng.choice(moves), check=False)
            laid += 1
            stuck = 0
        else:
            stuck += 1
        s = rules.end_turn(s)
    # when every player is blocked before 300 tiles, top up with tiles laid away from all track
    cells = dict(s.board.cells)
    free = [c for c in grid.ordered_coords if grid.label(c) not in cells]
    rng.shuffle(free)
    have = sum(1 for c in cells.values() if c.tile is not None)  # M5 replacements add no tile
    for c in free[: max(0, TARGET_TILES - have)]:
        cells[grid.label(c)] = Cell(tile=LaidTile(tile=rng.choice(TILES[:2]), rotation=rng.randrange(4), turn=1))
    s = s.model_copy(update={"board": s.board.model_copy(update={"cells": cells})})
    # put back full hands and a clean turn for the active player
    s = s.model_copy(update={"players": [p.model_copy(update={"hand": list(TILES)}) for p in s.players]})
    s = s.model_copy(update={"state": GameState(turn=s.state.turn, active="red", phase="mandatory")})
    return s


def main() -> int:
    report = Report(__file__, "Catalan rules",
                    f"A {SIZE}×{SIZE} board grown by seeded play to {TARGET_TILES} laid tiles, 4 players, player red: "
                    "`legal_moves` for each tile type in the mandatory and the optional phase (requirement < 50 ms a "
                    "call), the whole hand, a full check, and the incremental re-check after a one-cell edit "
                    "(requirement < 5 ms).")
    s = build_board()
    rules = get_rule_set("catalan")
    report.count("board.tiles", "laid tiles on the board", sum(1 for c in s.board.cells.values() if c.tile is not None), "tiles")
    worst, worst_tile = {}, {}
    rows = []
    for phase in ("mandatory", "optional"):
        for tile in TILES:
            ms, moves = cpu_ms_and_result(lambda phase=phase, tile=tile: rules.legal_moves(s, MoveContext("red", phase, tile)), 5)
            rows.append([phase, tile, f"{ms:.2f} ms", str(len(moves))])
            if ms > worst.get(phase, -1):
                worst[phase], worst_tile[phase] = ms, tile
            report.count(f"moves.{phase}.{tile}", f"legal moves, {phase} phase, {tile}", len(moves), "moves")
    for phase in ("mandatory", "optional"):
        report.time(f"legal_moves.{phase}.worst", f"`legal_moves`, {phase} phase, the slowest tile type ({worst_tile[phase]})",
                    worst[phase], limit=50)
    report.table("`legal_moves` per tile type (CPU, best of 5)", ["phase", "tile", "time", "moves"], rows)
    ms_all, moves = cpu_ms_and_result(lambda: rules.legal_moves(s, MoveContext("red", "optional")), 3)
    report.time("legal_moves.hand", "`legal_moves`, optional phase, the whole hand of 9 tiles", ms_all, note=f"{len(moves):,} moves")
    full_ms, _issues = cpu_ms_and_result(lambda: rules.check(s), 3)
    report.time("check.full", "full `check`", full_ms)
    checker = rules.incremental_checker(s)
    grid = s.board.grid
    empty = [c for c in grid.ordered_coords if grid.label(c) not in s.board.cells]
    edits = []
    for i in range(40):
        c = empty[(i * 37) % len(empty)]
        label = grid.label(c)
        cells = dict(s.board.cells)
        cells[label] = Cell(tile=LaidTile(tile="straight", rotation=i % 2))
        edits.append((c, s.model_copy(update={"board": s.board.model_copy(update={"cells": cells})})))
    times = []
    for c, edited in edits:
        t1 = time.process_time()
        checker.update(edited, [c])
        times.append((time.process_time() - t1) * 1000)
        checker.update(s, [c])  # undo
    report.time("recheck.median", "re-check after a one-cell edit (incremental), median of 40", statistics.median(times), limit=5)
    report.time("recheck.p90", "the same, 90th percentile of 40", statistics.quantiles(times, n=10)[-1])
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())

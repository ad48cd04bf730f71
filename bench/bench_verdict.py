"""The one verdict (model/verdict.py): what the stamp's ghost costs per hovered cell and what a
whole 'where can this tile go?' overlay costs, designing (no active actor: the live checker
judges) and playing (an active actor: the rule set's moves), on 18 India and a Catalan board."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from harness import Report, cpu_ms  # noqa: E402

from model import editing  # noqa: E402
from model.io import load  # noqa: E402
from model.paths import scenarios_dir  # noqa: E402
from model.rules import get_rule_set  # noqa: E402


def with_active(scenario, active):
    return scenario.model_copy(update={"state": scenario.state.model_copy(update={"active": active})})


def ghost_per_cell(scenario, tile: str) -> float:
    """The median CPU time of the stamp's verdict on one cell, over every cell, in ms."""
    rules = get_rule_set(scenario.rules.id)
    times = []
    for coord in scenario.board.grid.ordered_coords:
        t0 = time.process_time()
        editing.stamp_verdict(scenario, rules, coord, tile, 0)
        times.append(time.process_time() - t0)
    return statistics.median(times) * 1000


def overlay(scenario, tile: str) -> float:
    rules = get_rule_set(scenario.rules.id)
    return cpu_ms(lambda: editing.legal_cells(scenario, rules, tile), 3)


def main() -> int:
    report = Report(__file__, "One verdict: the ghost and the overlay",
                    "What the stamp's ghost costs per hovered cell (requirement < 16 ms, a frame) and what a whole "
                    "\"where can this tile go?\" overlay costs, designing (no active actor: the live checker judges) "
                    "and playing (an active actor: the rule set's moves).")
    india = load(scenarios_dir() / "18india.json")
    catalan = load(scenarios_dir() / "catalan" / "four-players-12x12.json")
    for key, name, scenario, tile, actor in (("india", "18 India", india, "9", "NWR"),
                                             ("catalan", "Catalan 12×12", catalan, "straight", catalan.players[0].id)):
        designing, playing = with_active(scenario, None), with_active(scenario, actor)
        report.time(f"{key}.ghost.designing", f"ghost verdict per hovered cell, {name}, designing (median)", ghost_per_cell(designing, tile), limit=16)
        report.time(f"{key}.ghost.playing", f"ghost verdict per hovered cell, {name}, playing (median)", ghost_per_cell(playing, tile), limit=16)
        report.time(f"{key}.overlay.designing", f"whole overlay, {name}, designing", overlay(designing, tile))
        report.time(f"{key}.overlay.playing", f"whole overlay, {name}, playing", overlay(playing, tile))
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())

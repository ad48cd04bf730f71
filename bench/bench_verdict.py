"""The one verdict (model/verdict.py): what the stamp's ghost costs per hovered cell and what a
whole 'where can this tile go?' overlay costs, designing (no active actor: the live checker
judges) and playing (an active actor: the rule set's moves), on 18 India and a Catalan board."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from model import editing  # noqa: E402
from model.io import load  # noqa: E402
from model.paths import scenarios_dir  # noqa: E402
from model.rules import get_rule_set  # noqa: E402


def line(name: str, value: float, unit: str, target: float | None = None) -> None:
    verdict = "" if target is None else f"   target < {target:g} {unit}   {'OK' if value < target else 'MISSED'}"
    print(f"{name:<62} {value:8.2f} {unit}{verdict}", flush=True)


def with_active(scenario, active):
    return scenario.model_copy(update={"state": scenario.state.model_copy(update={"active": active})})


def ghost_per_cell(scenario, tile: str) -> float:
    rules = get_rule_set(scenario.rules.id)
    times = []
    for coord in scenario.board.grid.ordered_coords:
        t0 = time.perf_counter()
        editing.stamp_verdict(scenario, rules, coord, tile, 0)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def overlay(scenario, tile: str) -> float:
    rules = get_rule_set(scenario.rules.id)
    runs = []
    for _ in range(3):
        t0 = time.perf_counter()
        editing.legal_cells(scenario, rules, tile)
        runs.append(time.perf_counter() - t0)
    return min(runs) * 1000


def main() -> int:
    india = load(scenarios_dir() / "18india.json")
    catalan = load(scenarios_dir() / "catalan" / "four-players-12x12.json")
    for name, scenario, tile, actor in (("18 India", india, "9", "NWR"), ("Catalan 12x12", catalan, "straight", catalan.players[0].id)):
        designing, playing = with_active(scenario, None), with_active(scenario, actor)
        line(f"ghost verdict per hovered cell, {name}, designing (median)", ghost_per_cell(designing, tile), "ms", 16)
        line(f"ghost verdict per hovered cell, {name}, playing (median)", ghost_per_cell(playing, tile), "ms", 16)
        line(f"whole overlay, {name}, designing", overlay(designing, tile), "ms")
        line(f"whole overlay, {name}, playing", overlay(playing, tile), "ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

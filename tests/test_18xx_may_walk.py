"""``company.may_walk`` never says no where the walk walks: on every golden 18xx case and the
bundled real positions, for every company, every hex and every candidate tile at every rotation,
each path of the tile that the company's walk after the lay walks is one ``may_walk`` allows; and
it does say no somewhere (else the track restriction would gain nothing from asking it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from model.io import load
from model.io.files import loads
from model.rules import get_rule_set
from model.rules.eighteen_xx.company import may_walk, network, node_blocks
from model.rules.eighteen_xx.hexmap import LAYABLE_COLORS, distinct_rotations
from model.rules.eighteen_xx.situation import Situation
from model.upgrading.view import tile_view

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "tests" / "cases" / "18xx").glob("*/case.json"))
REAL = [ROOT / "scenarios" / "puzzles" / "1830-01-pittsburgh-and-lancaster.json",
        ROOT / "scenarios" / "puzzles" / "1889-01-kubokawa-to-kouchi.json"]


def scenario_of(path: Path):
    if path.name == "case.json":
        import json

        return loads(json.dumps(json.loads(path.read_text(encoding="utf-8"))["scenario"]))
    return load(path)


def judged(scenario) -> tuple[int, int]:
    """(tile paths the walk walks, tile paths may_walk rules out), asserting none of the first is ruled out."""
    rules = get_rule_set(scenario.rules.id)
    sit = Situation.of(scenario)
    home = bool(rules.option(scenario, "home_counts_as_station")) if any(o.name == "home_counts_as_station" for o in rules.options) else True
    walked_total = ruled_out = 0
    for company in scenario.companies:
        base = network(scenario, sit.sm, company, home, view_of=sit.view)
        if not base.stations:
            continue
        for coord in sit.sm.coords:
            if sit.sm.printed_color[coord] not in LAYABLE_COLORS or coord not in base.connected:
                continue  # a lay the company cannot connect is never walked after
            cell = sit.cell(coord)
            for tile in rules.candidate_tiles(sit, coord):
                for rot in distinct_rotations(tile, sit.sm.sides):
                    new = tile_view(tile, rot, sit.sm.sides)

                    def blocks(k: int, new=new, cell=cell, company=company) -> bool:
                        return node_blocks(new, cell, k, company.id)  # what the walk after the lay reads

                    after = network(scenario, sit.sm, company, home, {coord: new}, view_of=sit.view)
                    walked = {i for c, i in after.walked if c == coord}
                    for i in range(len(new.paths)):
                        allowed = may_walk(scenario, sit.sm, company.id, after.stations, sit.view, coord, new, {i}, blocks)
                        # the reach outside the hex, kept per position, company and hex, answers the same
                        assert allowed == may_walk(scenario, sit.sm, company.id, after.stations, sit.view, coord, new, {i},
                                                   blocks, sit.walk_reading(company.id))
                        if i in walked:
                            walked_total += 1
                            assert allowed, f"{sit.sm.label_of[coord]} {tile.id}@{rot} path {i} ({company.id}): walked, ruled out"
                        elif not allowed:
                            ruled_out += 1
    return walked_total, ruled_out


@pytest.mark.parametrize("path", CASES + REAL, ids=lambda p: p.parent.name if p.name == "case.json" else p.stem)
def test_may_walk_allows_every_walked_path(path: Path) -> None:
    walked, ruled_out = judged(scenario_of(path))
    if path in REAL:  # real positions: it must also rule something out, and the walk walk something
        assert walked > 0 and ruled_out > 0, (walked, ruled_out)

"""The static lay tables of an 18xx rule set, in the shape the conformance suite compares.

* :func:`yellow_table`: for every hex, every yellow tile of the manifest and every rotation
  0-5, may the tile be laid there at that rotation (every neighbour counted as reached: only the
  rules that do not depend on a company or the turn)?
* :func:`upgrade_table`: on one plain hex, for every manifest tile of yellow, green or brown at
  every rotation, which rotations of which tile of the next colour may replace it?

Both answer ``{key: {tile id: [rotations]}}`` leaving out empty entries, as the 18xx.games
engine's answers are written by ``tools/engine_compare.rb``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.eighteen_xx.hexmap import LAYABLE_COLORS, color_rank, distinct_rotations, tile_view
from model.scenario import Scenario
from model.tiles import COLOR_ORDER, TileDef

if TYPE_CHECKING:  # pragma: no cover
    from model.rules.eighteen_xx import EighteenXX

Table = dict[str, dict[str, list[int]]]


def _equivalents(tile: TileDef, sides: int) -> dict[int, list[int]]:
    """Each distinct rotation -> every rotation giving the same track (so one check answers them all)."""
    reps = distinct_rotations(tile, sides)
    shapes = {r: tile.signature(r, sides) for r in range(sides)}
    out: dict[int, list[int]] = {r: [] for r in reps}
    for r in range(sides):
        rep = next((q for q in reps if shapes[q] == shapes[r]), r)
        out.setdefault(rep, []).append(r)
    return out


def _legal_rotations(rules: EighteenXX, sit, coord, tile: TileDef, equiv: dict[int, list[int]]) -> list[int]:
    out: list[int] = []
    for rep, same in equiv.items():
        if next(rules.rotation_failures(sit, coord, tile, rep), None) is None:
            out += same
    return sorted(out)


def yellow_table(rules: EighteenXX, scenario: Scenario) -> Table:
    """Every hex x every yellow tile x rotation that passes the static rules (see the module docstring)."""
    from model.rules.eighteen_xx import Situation

    sit = Situation.of(scenario)
    sides = sit.sm.sides
    yellows = [t for t in sit.tileset.tiles if t.color == "yellow"]
    equiv = {t.id: _equivalents(t, sides) for t in yellows}
    out: Table = {}
    for coord in sit.sm.coords:
        if sit.sm.printed_color[coord] not in LAYABLE_COLORS or color_rank(sit.view(coord).color) != 0:
            continue
        row: dict[str, list[int]] = {}
        for tile in yellows:
            if rules.fit_failure_static(sit, coord, tile) is not None:
                continue
            rots = _legal_rotations(rules, sit, coord, tile, equiv[tile.id])
            if rots:
                row[tile.id] = rots
        if row:
            out[sit.sm.label_of[coord]] = row
    return out


def upgrade_table(rules: EighteenXX, scenario: Scenario, hex_label: str) -> Table:
    """On the plain hex ``hex_label``: ``"<old>@<rotation>"`` -> next-colour tile -> legal rotations."""
    from model.rules.eighteen_xx import Situation

    sit = Situation.of(scenario)
    sides = sit.sm.sides
    coord = sit.sm.grid.coord(hex_label)
    by_color: dict[str, list[TileDef]] = {}
    for t in sit.tileset.tiles:
        by_color.setdefault(t.color, []).append(t)
    out: Table = {}
    for color in ("yellow", "green", "brown"):
        nxt = by_color.get(COLOR_ORDER[COLOR_ORDER.index(color) + 1], [])
        equiv = {t.id: _equivalents(t, sides) for t in nxt}
        for old in by_color.get(color, []):
            for r in range(sides):
                sit._views[coord] = tile_view(old, r, sides)
                row: dict[str, list[int]] = {}
                for new in nxt:
                    if rules.fit_failure_static(sit, coord, new) is not None:
                        continue
                    rots = _legal_rotations(rules, sit, coord, new, equiv[new.id])
                    if rots:
                        row[new.id] = rots
                out[f"{old.id}@{r}"] = row
    sit._views.pop(coord, None)
    return out

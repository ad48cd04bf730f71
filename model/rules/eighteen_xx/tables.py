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

from model.memo import IdentityMemo
from model.rules.eighteen_xx.hexmap import LAYABLE_COLORS, color_rank, exit_mask, field, tile_view
from model.rules.eighteen_xx.terrain import hex_terrains
from model.scenario import Scenario
from model.tiles import COLOR_ORDER, TileDef
from model.upgrading.predicates import explicit_graph

if TYPE_CHECKING:  # pragma: no cover
    from model.rules.eighteen_xx import EighteenXX

Table = dict[str, dict[str, list[int]]]


_EQUIV: IdentityMemo[dict[int, list[int]]] = IdentityMemo(4096)


def _equivalents(tile: TileDef, sides: int) -> dict[int, list[int]]:
    """Each distinct rotation -> every rotation giving the same track (so one check answers them
    all). Nodes keep their identity and paths their track kind (a narrow and a broad branch of
    one town do not make the tile symmetric). Cached per tile object."""
    return _EQUIV.get(tile, sides, lambda: _classes(tile, sides))


def _classes(tile: TileDef, sides: int) -> dict[int, list[int]]:
    kinds = [field(p, "track", "broad") for p in tile.paths]
    out: dict[int, list[int]] = {}
    seen: dict[frozenset, int] = {}
    for r in range(sides):
        shape = frozenset(
            (frozenset((a, b)), term, kind) for (a, b, term), kind in zip(tile.rotated_paths(r, sides), kinds, strict=True)
        )
        out.setdefault(seen.setdefault(shape, r), []).append(r)
    return out


def _generic(rules: EighteenXX) -> bool:
    """True when the rule set keeps the common tile-against-hex hooks (then answers can be shared
    between hexes that look alike, and between rotations of a hex that accepts every side)."""
    from model.rules.eighteen_xx import EighteenXX

    cls = type(rules)
    return (
        cls.fit_failure is EighteenXX.fit_failure
        and cls.rotation_failure is EighteenXX.rotation_failure
        and cls.relaxed_upgrade is EighteenXX.relaxed_upgrade
    )


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
    masks = {t.id: [(exit_mask(t, rep, sides), same) for rep, same in equiv[t.id].items()] for t in yellows}
    generic = _generic(rules)
    fits: dict[tuple, list[TileDef]] = {}
    out: Table = {}
    for coord in sit.sm.coords:
        if sit.sm.printed_color[coord] not in LAYABLE_COLORS:
            continue
        view = sit.view(coord)
        if color_rank(view.color) != 0:
            continue
        key = (view.label, view.node_kinds, view.paths, hex_terrains(sit.sm.printed[coord])) if generic else coord
        fitting = fits.get(key)
        if fitting is None:
            fitting = fits[key] = [t for t in yellows if rules.fit_failure_static(sit, coord, t) is None]
        row: dict[str, list[int]] = {}
        if generic and not view.paths:  # a plain hex: only the exits matter
            refused = ~sit.sm.accept_mask[coord]
            for tile in fitting:
                rots = sorted(r for mask, same in masks[tile.id] if not mask & refused for r in same)
                if rots:
                    row[tile.id] = rots
        else:
            for tile in fitting:
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
    # on a hex accepting every side, turning the old tile turns the answer with it
    generic = _generic(rules)
    symmetric = generic and sit.sm.accept_mask[coord] == (1 << sides) - 1
    # with an upgrade graph, only the listed tiles can pass (the others fail not-upgradeable)
    graph = generic and explicit_graph(sit.tileset)
    by_color: dict[str, list[TileDef]] = {}
    for t in sit.tileset.tiles:
        by_color.setdefault(t.color, []).append(t)
    out: Table = {}
    try:
        for color in ("yellow", "green", "brown"):
            nxt = by_color.get(COLOR_ORDER[COLOR_ORDER.index(color) + 1], [])
            equiv = {t.id: _equivalents(t, sides) for t in nxt}
            for old in by_color.get(color, []):
                base: dict[str, list[int]] | None = None
                for r in range(sides):
                    if symmetric and base is not None:
                        out[f"{old.id}@{r}"] = {k: sorted((q + r) % sides for q in v) for k, v in base.items()}
                        continue
                    sit.set_view(coord, tile_view(old, r, sides))
                    row: dict[str, list[int]] = {}
                    listed = set(old.upgrades) if graph else None
                    for new in nxt:
                        if listed is not None and new.id not in listed:
                            continue
                        if rules.fit_failure_static(sit, coord, new) is not None:
                            continue
                        rots = _legal_rotations(rules, sit, coord, new, equiv[new.id])
                        if rots:
                            row[new.id] = rots
                    out[f"{old.id}@{r}"] = base = row
    finally:
        sit.set_view(coord, None)
    return out

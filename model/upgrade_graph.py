"""The upgrade graph of a tile manifest: derived as the 18xx.games engine derives it, with overrides.

The engine decides whether tile A upgrades to tile B (``upgrades_to?``) from the tiles alone:
B is one colour later, carries the same label, has the same number of towns and (for an
unlabelled tile) of cities, and at some rotation every path of A is contained in a path of B.
:func:`derived_graph` applies exactly those tests, through the predicates of the ``18xx`` rule
set (:mod:`model.upgrading.predicates`, below the scenario), to every pair of tiles of a manifest.

A title that differs lists its own targets for a tile (``TileSupply.upgrades``, the per-tile
overrides); :func:`with_overrides` gives the tile list the scenario plays with, and
:func:`effective_graph` the graph a tile set stands for (declared upgrades when the set has
any, else the derived one). Qt-free.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from model.memo import Memo
from model.tiles import COLOR_ORDER, TileDef, TileSet
from model.upgrading import predicates as up
from model.upgrading import view as tv


def upgrade_rotations(old: TileDef, new: TileDef, sides: int = 6) -> list[int]:
    """Rotations of ``new`` at which it keeps every path of ``old`` (laid at rotation 0)."""
    view = tv.tile_view(old, 0, sides)
    return [r for r in range(sides) if up.paths_preserved(view, new, r, sides) is None]


def engine_upgrades_to(old: TileDef, new: TileDef, sides: int = 6) -> bool:
    """The engine's test: colour, label, city/town counts and paths kept at some rotation."""
    if old.color not in COLOR_ORDER or new.color not in COLOR_ORDER:
        return False
    view = tv.tile_view(old, 0, sides)
    if up.colour_progression(view, new) or up.label_matches(view, new) or up.stops_preserved(view, new):
        return False
    return bool(upgrade_rotations(old, new, sides))


def _n(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def refusal(old: TileDef, new: TileDef, sides: int = 6) -> str | None:
    """Why the engine's test refuses ``old -> new`` (a short reason), or None when it upgrades."""
    if old.color not in COLOR_ORDER or new.color not in COLOR_ORDER:
        return "not a tile colour"
    view = tv.tile_view(old, 0, sides)
    if up.colour_progression(view, new):
        return f"{new.color}, not the next colour"
    if up.label_matches(view, new):
        return f"label {new.label}" if new.label else "no label"
    if up.stops_preserved(view, new):
        return (f"{_n(new.city_count, 'city', 'cities')} and {_n(new.town_count, 'town', 'towns')}, "
                f"not {old.city_count} and {old.town_count}")
    if not upgrade_rotations(old, new, sides):
        return "no rotation keeps its paths"
    return None


def derived_graph(tiles: Iterable[TileDef], sides: int = 6) -> dict[str, list[str]]:
    """Tile id -> the ids it upgrades to by the engine's test (in manifest order)."""
    tiles = list(tiles)
    by_color: dict[str, list[TileDef]] = {}
    for t in tiles:
        by_color.setdefault(t.color, []).append(t)
    out: dict[str, list[str]] = {}
    for t in tiles:
        if t.color not in COLOR_ORDER or t.color == COLOR_ORDER[-1]:
            out[t.id] = []
            continue
        nxt = COLOR_ORDER[COLOR_ORDER.index(t.color) + 1]
        out[t.id] = [u.id for u in by_color.get(nxt, []) if engine_upgrades_to(t, u, sides)]
    return out


def declares_graph(tiles: Iterable[TileDef]) -> bool:
    """True when some tile lists its upgrades (the rule sets then allow only listed upgrades)."""
    return any(t.upgrades for t in tiles)


def with_overrides(tiles: list[TileDef], overrides: Mapping[str, list[str]], sides: int = 6) -> list[TileDef]:
    """The tiles with the per-tile overrides applied.

    When the tiles declare no graph, every other tile gets its derived targets written out, so
    that an override of one tile does not leave the others without upgrades (a declared graph
    allows only what it lists)."""
    if not overrides:
        return tiles
    base = None if declares_graph(tiles) else _derived_cached(tiles, sides)
    out = []
    for t in tiles:
        if t.id in overrides:
            ups = list(overrides[t.id])
        elif base is not None:
            ups = base.get(t.id, [])
        else:
            out.append(t)
            continue
        out.append(t.model_copy(update={"upgrades": ups}))
    return out


_DERIVED: Memo[dict[str, list[str]]] = Memo(16)


def effective_graph(tileset: TileSet) -> dict[str, list[str]]:
    """Tile id -> upgrade targets that the rule sets use for this tile set: the declared
    upgrades when any tile declares some, else the derived graph (cached by content)."""
    if declares_graph(tileset.tiles):
        return {t.id: list(t.upgrades) for t in tileset.tiles}
    return {k: list(v) for k, v in _derived_cached(tileset.tiles, tileset.sides).items()}


def _derived_cached(tiles: list[TileDef], sides: int) -> dict[str, list[str]]:
    key = (sides, tuple(t.model_dump_json(exclude={"count", "name", "upgrades"}) for t in tiles))
    return _DERIVED.get(key, lambda: derived_graph(tiles, sides))


def upgrade_problem(old: TileDef, new: TileDef, sides: int = 6) -> str | None:
    """Why a listed upgrade ``old -> new`` loses something, or None.

    A target must be a later colour, keep every exit of ``old`` at some rotation, and keep its
    cities (a labelled tile may merge them into fewer, never into none) and towns."""
    if old.color in COLOR_ORDER and new.color in COLOR_ORDER and COLOR_ORDER.index(new.color) <= COLOR_ORDER.index(old.color):
        return f"tile {old.id} ({old.color}) lists {new.id} as an upgrade, but {new.id} is {new.color}"
    old_exits = old.exits(0, sides)
    if not any(old_exits <= new.exits(r, sides) for r in range(sides)):
        return f"tile {old.id} lists {new.id} as an upgrade, but no rotation of {new.id} keeps all its exits"
    if new.city_count < old.city_count and not (old.label and new.city_count >= 1):
        return (f"tile {old.id} lists {new.id} as an upgrade, but {new.id} has {new.city_count} "
                f"{'city' if new.city_count == 1 else 'cities'} and {old.id} has {old.city_count}")
    return None

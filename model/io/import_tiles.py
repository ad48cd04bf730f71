"""The ``TILES`` of an 18xx.games map file: standard tiles by number, game-specific ones by code.

Standard numbers come from the engine checkout the map file sits in, else from the bundled list
(:mod:`model.io.engine_tiles`); a tile the checkout's list adds or defines otherwise is named in
one warning. Game-specific tiles are read from their code; what the tile-code reader does not
know is kept as written (:func:`model.io.tile_code.tile_from_code`) with a warning. When the title
has a bundled tile set of the same id and the manifest matches it exactly, the scenario refers to
that set; otherwise the tiles become custom tiles, with upgrades by :func:`generic_upgrades`.
"""

from __future__ import annotations

from model.io.messages import shorten
from model.io.ruby_values import HashValue, RValue
from model.io.tile_code import tile_code, tile_from_code
from model.io.tile_parts import DslError, canonical_parts, short
from model.scenario import TileSupply
from model.tiles import COLOR_ORDER, TileDef, load_tileset


def generic_upgrades(tiles: list[TileDef]) -> list[TileDef]:
    """Upgrades by the usual 18xx rule, as the engine's ``upgrades_to?`` has it: the next colour,
    the same label (or the tile's future label, for a tile of its colour), the same number of towns, the same number of cities unless the tile is
    labelled (a labelled tile may merge its cities, e.g. two-city C to one-city C, but never lose
    them all), and some rotation that keeps every old exit. Title-specific exceptions belong to
    a rule set."""
    out = []
    for t in tiles:
        if t.color not in COLOR_ORDER or t.color == COLOR_ORDER[-1]:
            out.append(t)
            continue
        nxt = COLOR_ORDER[COLOR_ORDER.index(t.color) + 1]
        ups = []
        future = getattr(t, "future_label", None)
        want = future.label if future is not None and future.color == nxt else t.label
        for u in tiles:
            if u.color != nxt or u.label != want or u.town_count != t.town_count:
                continue
            if (u.city_count != t.city_count) if not t.label else (t.city_count and not u.city_count):
                continue
            old = t.exits()
            if any(old <= u.exits(r) for r in range(6)):
                ups.append(u.id)
        out.append(t.model_copy(update={"upgrades": ups}))
    return out


def read_tiles(imp, tv: RValue | None, game_id: str | None) -> TileSupply:
    """The tile supply of a ``TILES`` constant; ``imp`` is the importer (its ``fail``, ``warn``,
    ``lenient``, ``file`` and standard tiles)."""
    if tv is None:
        return TileSupply()
    if not isinstance(tv.value, HashValue):
        raise imp.fail(tv.line, "TILES must be a hash { ... }")
    std = imp._std()
    tiles: list[TileDef] = []
    for k, v in tv.value.items:
        tid = k.value
        if not isinstance(tid, str):
            raise imp.fail(k.line, f"tile name {shorten(repr(tid), 40)} must be a string")
        if isinstance(v.value, HashValue):
            spec = {kk.plain_key(): vv for kk, vv in v.value.items}
            unknown = set(spec) - {"count", "color", "code", "hidden"}
            if unknown:
                raise imp.fail(v.line, f"tile {tid}: keys {short(', '.join(sorted(map(repr, unknown))), 60)} are not supported")
            if "code" not in spec or "color" not in spec:
                raise imp.fail(v.line, f"tile {tid}: a game-specific tile needs 'color' and 'code'")
            count = count_of(imp, spec.get("count", RValue(1, v.line)), tid)
            try:
                # the engine reads 'hidden' as Ruby does: anything but nil and false (1862's 1) is true
                hidden = spec.get("hidden", RValue(False, v.line)).value not in (None, False)
                dropped: list[str] | None = [] if imp.lenient else None
                notes: list[str] = []
                tiles.append(tile_from_code(tid, str(spec["code"].value), str(spec["color"].value), count, hidden=hidden,
                                            dropped=dropped, notes=notes))
                for d in dropped or []:
                    imp.warn(spec["code"].line, f"dropped {d} (--lenient)")
                for n in notes:
                    imp.warn(spec["code"].line, n)
            except (DslError, ValueError) as exc:
                raise imp.fail(spec["code"].line, f"tile {tid}: {exc}") from None
        else:
            base = std.get(tid)
            if base is None:
                where = "the engine's tile list nor in Trackwright's" if imp.tile_list is not None else "Trackwright's standard tiles"
                raise imp.fail(k.line, f"tile {tid} is not a standard tile: not in {where} "
                               "(add it as {'count' => N, 'color' => ..., 'code' => ...})")
            if tid in imp.newer_standard:
                imp.warn(k.line, f"tile {tid} taken from the engine checkout's tile list ({imp.tile_list}), "
                         "which Trackwright's bundled copy lacks or holds otherwise")
            tiles.append(base.model_copy(update={"count": count_of(imp, v, tid)}))
    bundled = bundled_set(tiles, game_id)
    if bundled is not None:
        return TileSupply(set=bundled)
    return TileSupply(custom=generic_upgrades(tiles))


def count_of(imp, v: RValue, tid: str) -> int | None:
    """A tile's count: a number, or 'unlimited' (None)."""
    if v.value == "unlimited":
        return None
    if isinstance(v.value, int) and not isinstance(v.value, bool) and v.value >= 0:
        return v.value
    raise imp.fail(v.line, f"tile {tid}: count {shorten(repr(v.value), 40)} must be a number or 'unlimited'")


def bundled_set(tiles: list[TileDef], game_id: str | None) -> str | None:
    """The id of a bundled tile set that is exactly this manifest, if there is one."""
    if not game_id:
        return None
    try:
        ts = load_tileset(game_id)
    except (KeyError, ValueError):
        return None
    if [t.id for t in ts.tiles] != [t.id for t in tiles]:
        return None
    for mine, theirs in zip(tiles, ts.tiles, strict=True):
        if (mine.color, mine.count, mine.label) != (theirs.color, theirs.count, theirs.label):
            return None
        if canonical_parts(tile_code(mine), drawing=False) != canonical_parts(tile_code(theirs), drawing=False):
            return None
    return game_id

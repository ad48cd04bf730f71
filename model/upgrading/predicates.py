"""Tile-against-tile predicates: colour progression, labels, stops and paths preserved.

Each predicate returns ``None`` when it holds, or a ``(rule, message)`` pair naming the rule that
fails; the rule set prefixes the rule with its id (``18xx.paths-preserved``). They know nothing
of companies or the map around the hex.
"""

from __future__ import annotations

from itertools import permutations

from model.memo import PairMemo
from model.tiles import TileDef, TileSet
from model.upgrading.preserve import lost_track, stop_edges, stops_fit_some_rotation
from model.upgrading.view import TrackView, color_rank, count_of, field, last_label, node_exits, tile_view

Failure = tuple[str, str] | None


_GRAPH: list = [None, False]
_PRESERVED: PairMemo[Failure] = PairMemo(1 << 15)  # (old view, tile), (rotation, sides)
_STOPS: PairMemo[Failure] = PairMemo(1 << 14)  # (old view, tile)


def explicit_graph(tileset: TileSet) -> bool:
    """True when the tile set declares an upgrade graph (then only listed upgrades are allowed)."""
    if _GRAPH[0] is not tileset:  # the last tile set asked about, kept alive by the reference
        _GRAPH[0], _GRAPH[1] = tileset, any(t.upgrades for t in tileset.tiles)
    return _GRAPH[1]


def colour_progression(old: TrackView, new: TileDef) -> Failure:
    """The new tile is exactly one colour later than what it replaces."""
    want = color_rank(old.color) + 1
    if color_rank(new.color) != want:
        nxt = ("white", "yellow", "green", "brown", "gray", "-")[min(want, 5)]
        return (
            "colour-progression",
            f"{old.name} is not upgradeable to {new.id}: a {new.color} tile cannot replace a {old.color} one "
            f"(the next colour is {nxt})",
        )
    return None


def future_label_applies(old: TrackView, color: str) -> bool:
    """The hex's future label, carried by the laid tile, names the label of a tile of this colour
    (18xx.games ``upgrades_to_correct_label?``: then that label, not the old tile's, counts)."""
    fl = old.future_label
    return fl is not None and fl[1] is not None and fl[1] == color


def in_upgrade_graph(old: TrackView, new: TileDef, tileset: TileSet) -> Failure:
    """A laid tile may only be replaced by a tile its manifest entry lists as an upgrade, unless
    the hex's future label names the label of the new tile's colour: the graph is the tile's,
    made for its own label, and the hex's label decides there (the label and stops rules
    still apply)."""
    if old.tile is None or not explicit_graph(tileset) or future_label_applies(old, new.color):
        return None
    if new.id not in old.tile.upgrades:
        listed = ", ".join(old.tile.upgrades) or "nothing"
        return ("not-upgradeable", f"tile {old.tile.id} is not upgradeable to {new.id} (it upgrades to {listed})")
    return None


def wanted_label(old: TrackView, color: str, later: bool = False) -> str | None:
    """The label a tile of this colour must carry to replace ``old``: the old label, or the old
    future label when the tile has its colour (18xx.games ``upgrades_to_correct_label?``).
    ``later``: the tile may stand further up a chain of upgrades (any colour from the future
    label's on takes it)."""
    fl = old.future_label
    if fl is not None and fl[1] is not None:
        if color == fl[1] or (later and color_rank(color) >= color_rank(fl[1]) >= 0):
            return fl[0] or None
    return old.label or None


def special_only(new: TileDef) -> Failure:
    """A tile whose icon blocks lays (18xx.games ``blocks_lay``, e.g. a port or lumber terminal)
    is laid only by a special ability, never as a company's ordinary lay."""
    if any("blocks_lay:1" in icon or "blocks_lay:true" in icon for icon in field(new, "icons", ())):
        return ("special-tile", f"tile {new.id} is laid only by a special ability (its icon blocks ordinary lays)")
    return None


def label_matches(old: TrackView, new: TileDef, later: bool = False) -> Failure:
    want_label = wanted_label(old, new.color, later)
    have_label = last_label(new) or None
    if want_label != have_label:
        want = f"label {want_label}" if want_label else "no label"
        have = f"label {have_label}" if have_label else "no label"
        return ("label-mismatch", f"{old.name} has {want} but tile {new.id} has {have}")
    return None


def stops_preserved(old: TrackView, new: TileDef) -> Failure:
    """Same number of towns; same number of cities, except on a labelled hex or tile, which may
    change its number of cities but never lose them all (as the engine's ``upgrades_to?``; a
    printed white ``OO`` hex still needs two cities). Kept per (old view, tile): both frozen."""
    return _STOPS.get(old, new, None, lambda: _stops_preserved(old, new))


def _stops_preserved(old: TrackView, new: TileDef) -> Failure:
    n_cities = tile_view(new, 0).stop_city_count  # off-board locations are no cities here
    n_towns = sum(1 for n in new.nodes if n.kind == "town")
    old_cities = old.stop_city_count
    if n_towns != old.town_count:
        return (
            "stops-preserved",
            f"New track must override old one: {old.name} has {count_of(old.town_count, 'town')}, tile {new.id} has {n_towns}",
        )
    if old.label is None or (old.tile is None and old.color == "white" and old.label == "OO"):
        ok = n_cities == old_cities
    else:
        ok = n_cities >= 1 or not old_cities
    if not ok:
        return (
            "stops-preserved",
            f"New track must override old one: {old.name} has {count_of(old_cities, 'city')}, tile {new.id} has {n_cities}",
        )
    if old_cities > 1 and n_cities > 1 and old.paths:
        if not stops_fit_some_rotation(old, [stop_edges(tile_view(new, r)) for r in range(6)]):
            return ("stops-preserved", f"{old.name}'s cities do not fit the cities of tile {new.id} at any rotation")
    return None


def paths_preserved(old: TrackView, new: TileDef, rotation: int, sides: int = 6) -> Failure:
    """Every old path lies within a path of the new tile at this rotation, in a gauge that carries
    it on; no stop appears away from the old ones; cities are not split (see :mod:`.preserve`)."""
    if not old.paths:
        return None
    # the verdict reads only the old view and the new tile at the rotation (frozen: views are one
    # object per tile and rotation, per cell): an upgrade pair met on several hexes and in later
    # positions is judged once
    def judge() -> Failure:
        lost = lost_track(old, tile_view(new, rotation, sides))
        return None if lost is None else (
            "paths-preserved",
            f"{old.name} is not legally rotated for {new.id}: at rotation {rotation} {lost} is not kept",
        )

    return _PRESERVED.get(old, new, (rotation, sides), judge)


def exits_preserved(old: TrackView, new: TileDef, rotation: int, sides: int = 6) -> Failure:
    """The weaker test of special upgrades: every old exit is still an exit."""
    missing = old.exits - new.exits(rotation, sides)
    if missing:
        return (
            "paths-preserved",
            f"{old.name} is not legally rotated for {new.id}: at rotation {rotation} exit(s) "
            f"{', '.join(map(str, sorted(missing)))} would be lost",
        )
    return None


def city_mapping(old: TrackView, new: TileDef, rotation: int, sides: int = 6) -> dict[int, int]:
    """Which new city each old city becomes (by city number), matching exits as the upgrade
    check does; identity for cities that cannot be told apart (no exits yet)."""
    nv = tile_view(new, rotation, sides)
    o_nodes, n_nodes = node_exits(old), node_exits(nv)
    olds = [o_nodes[k] for k in old.city_nodes]
    news = [n_nodes[k] for k in nv.city_nodes]
    if not olds or not news:
        return {}
    if len(olds) > len(news):  # merged cities: each old city goes to the first new one holding its exits
        return {i: next((j for j, n in enumerate(news) if o <= n), 0) for i, o in enumerate(olds)}
    for perm in permutations(range(len(news)), len(olds)):
        if all(o <= news[j] for o, j in zip(olds, perm, strict=True)):
            if all(not o for o in olds):
                break
            return dict(enumerate(perm))
    return {i: i for i in range(len(olds)) if i < len(news)}

"""Tile-against-tile predicates: colour progression, labels, stops and paths preserved.

Each predicate returns ``None`` when it holds, or a ``(rule, message)`` pair naming the rule that
fails; the rule set prefixes the rule with its id (``18xx.paths-preserved``). They know nothing
of companies or the map around the hex.
"""

from __future__ import annotations

from itertools import permutations

from model.rules.eighteen_xx.hexmap import TrackView, color_rank, count_of, node_exits, tile_view
from model.tiles import TileDef, TileSet, node_index

Failure = tuple[str, str] | None


def explicit_graph(tileset: TileSet) -> bool:
    """True when the tile set declares an upgrade graph (then only listed upgrades are allowed)."""
    return any(t.upgrades for t in tileset.tiles)


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


def in_upgrade_graph(old: TrackView, new: TileDef, tileset: TileSet) -> Failure:
    """A laid tile may only be replaced by a tile its manifest entry lists as an upgrade."""
    if old.tile is None or not explicit_graph(tileset):
        return None
    if new.id not in old.tile.upgrades:
        listed = ", ".join(old.tile.upgrades) or "nothing"
        return ("not-upgradeable", f"tile {old.tile.id} is not upgradeable to {new.id} (it upgrades to {listed})")
    return None


def label_matches(old: TrackView, new: TileDef) -> Failure:
    if (old.label or None) != (new.label or None):
        want = f"label {old.label}" if old.label else "no label"
        have = f"label {new.label}" if new.label else "no label"
        return ("label-mismatch", f"{old.name} has {want} but tile {new.id} has {have}")
    return None


def stops_preserved(old: TrackView, new: TileDef) -> Failure:
    """Same number of towns; same number of cities, except on a labelled hex or tile, which may
    change its number of cities but never lose them all (as the engine's ``upgrades_to?``; a
    printed white ``OO`` hex still needs two cities)."""
    n_cities = sum(1 for n in new.nodes if n.kind == "city")
    n_towns = sum(1 for n in new.nodes if n.kind == "town")
    if n_towns != old.town_count:
        return (
            "stops-preserved",
            f"New track must override old one: {old.name} has {count_of(old.town_count, 'town')}, tile {new.id} has {n_towns}",
        )
    if old.label is None or (old.tile is None and old.color == "white" and old.label == "OO"):
        ok = n_cities == old.city_count
    else:
        ok = n_cities >= 1 or not old.city_count
    if not ok:
        return (
            "stops-preserved",
            f"New track must override old one: {old.name} has {count_of(old.city_count, 'city')}, tile {new.id} has {n_cities}",
        )
    return None


_PROFILES: dict[int, tuple[TrackView, tuple]] = {}


def _profile(view: TrackView) -> tuple[dict[int, frozenset[int]], set[frozenset[int]]]:
    """Exits of each node and the edge-to-edge pairs of a view (cached per view object)."""
    hit = _PROFILES.get(id(view))
    if hit is not None and hit[0] is view:
        return hit[1]
    pairs = {frozenset((a, b)) for a, b, _ in view.paths if isinstance(a, int) and isinstance(b, int)}
    if len(_PROFILES) > 8192:
        _PROFILES.clear()
    _PROFILES[id(view)] = (view, (node_exits(view), pairs))
    return _PROFILES[id(view)][1]


def _match(old_sets: list[frozenset[int]], new_sets: list[frozenset[int]]) -> bool:
    """Can every old node be given its own new node whose exits contain the old node's exits?

    When the new tile has fewer such nodes (a labelled tile merging its cities, e.g. an OO tile
    becoming one big city), old nodes may share a new node."""
    if len(old_sets) > len(new_sets):
        return all(any(o <= n for n in new_sets) for o in old_sets)
    if len(new_sets) > 6:  # pragma: no cover - no tile has that many stops
        return all(any(o <= n for n in new_sets) for o in old_sets)
    for perm in permutations(range(len(new_sets)), len(old_sets)):
        if all(o <= new_sets[j] for o, j in zip(old_sets, perm, strict=True)):
            return True
    return False


def paths_preserved(old: TrackView, new: TileDef, rotation: int, sides: int = 6) -> Failure:
    """Every old path is contained in a path of the new tile at this rotation.

    Edge-to-edge paths may be continued by a junction (Lawson tiles); each old city and town
    keeps its exits on its own new city or town.
    """
    if not old.paths:
        return None
    nv = tile_view(new, rotation, sides)
    o_nodes, o_pairs = _profile(old)
    n_nodes, n_pairs = _profile(nv)
    junctions = [ex for k, ex in n_nodes.items() if nv.node_kinds[k] == "junction"]
    lost = None
    for pair in o_pairs:
        if pair not in n_pairs and not any(pair <= j for j in junctions):
            lost = "the track between edges " + "-".join(str(e) for e in sorted(pair))
            break
    if lost is None:
        for k, ex in o_nodes.items():
            if old.node_kinds[k] == "junction" and ex:
                if not any(ex <= j for j in junctions) and not (len(ex) == 2 and ex in n_pairs):
                    lost = "the junction's track"
                    break
    if lost is None:
        for kind in ("city", "town"):
            olds = [ex for k, ex in o_nodes.items() if old.node_kinds[k] == kind]
            news = [ex for k, ex in n_nodes.items() if nv.node_kinds[k] == kind]
            if not _match(olds, news):
                lost = f"a {kind}'s track"
                break
    if lost is None and (old.tracks or nv.tracks):
        lost = _gauge_lost(old, nv)
    if lost is not None:
        return (
            "paths-preserved",
            f"{old.name} is not legally rotated for {new.id}: at rotation {rotation} {lost} is not kept",
        )
    return None


# What each track kind of a new path can carry on for an old path (18xx.games: broad track is
# continued by broad or dual track, narrow by narrow or dual, dual only by dual; other kinds,
# such as thin drawing lines, by nothing).
_CARRIES = {"broad": ("broad",), "narrow": ("narrow",), "dual": ("broad", "narrow", "dual")}


def _gauged(view: TrackView, new: bool) -> tuple[dict[int, frozenset], set]:
    """Like ``_profile``, with each exit tagged by its gauge: an old path needs its own gauge, a
    new path offers every gauge it carries on."""
    kinds = view.tracks or ("broad",) * len(view.paths)
    nodes: dict[int, set] = {i: set() for i in range(len(view.node_kinds))}
    pairs: set = set()
    for (a, b, _), kind in zip(view.paths, kinds, strict=True):
        tags = _CARRIES.get(kind, (kind,)) if new else (kind if kind in _CARRIES else "-" + kind,)
        if isinstance(a, int) and isinstance(b, int):
            pairs |= {(frozenset((a, b)), t) for t in tags}
            continue
        for x, y in ((a, b), (b, a)):
            k = node_index(x) if isinstance(x, str) else None
            if k is not None and isinstance(y, int):
                nodes.setdefault(k, set()).update((y, t) for t in tags)
    return {k: frozenset(v) for k, v in nodes.items()}, pairs


def _gauge_lost(old: TrackView, nv: TrackView) -> str | None:
    """What old track the new tile keeps only in another gauge (None when every gauge is kept)."""
    o_nodes, o_pairs = _gauged(old, new=False)
    n_nodes, n_pairs = _gauged(nv, new=True)
    junctions = [ex for k, ex in n_nodes.items() if nv.node_kinds[k] == "junction"]
    for pair, tag in o_pairs:
        if (pair, tag) not in n_pairs and not any({(e, tag) for e in pair} <= j for j in junctions):
            return "the gauge of the track between edges " + "-".join(str(e) for e in sorted(pair))
    for kind in ("city", "town", "junction"):
        olds = [ex for k, ex in o_nodes.items() if old.node_kinds[k] == kind and ex]
        news = [ex for k, ex in n_nodes.items() if nv.node_kinds[k] == kind]
        if kind == "junction":
            for o in olds:
                as_pair = {(frozenset(e for e, _ in o), t) for _, t in o}
                if not any(o <= j for j in junctions) and not (len(o) == 2 and len(as_pair) == 1 and as_pair <= n_pairs):
                    return "the gauge of the junction's track"
        elif not _match(olds, news):
            return f"the gauge of a {kind}'s track"
    return None


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

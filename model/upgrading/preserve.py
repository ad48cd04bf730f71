"""Does a new tile keep the old track? The test of an upgrade at one rotation, path by path.

The rule, as 18xx.games has it (``old_paths_maintained?`` and ``legal_tile_rotation?``):

* **every old path lies within a new path**: each end of the old path (an edge, or a stop of a
  kind: city, town, off-board) is an end of one new path, and the new path's track carries the
  old one's gauge (broad by broad or dual, narrow by narrow or dual, dual by dual). A path
  through a junction ends where the junction's other paths end (Lawson tiles);
* **no stop appears from nowhere**: the new tile's stops whose edges touch none of the old stops'
  edges are no more than the stops it adds;
* **cities are not split** (both tiles with more than one city): each old stop's edges lie
  within exactly one new stop's edges;
* **no city loses circles** where the old cities differ in circles (1822CA's Montréal): each
  old city, mapped to the new city that keeps its exits (or by its place when it has none), gets
  at least as many circles (``city_sizes_maintained``).

Stops are compared by kind, not one by one: two towns may exchange their edges as long as
every old path is still there.
"""

from __future__ import annotations

from model.memo import IdentityMemo, Memo
from model.tiles import node_index
from model.upgrading.view import TrackView, node_exits

_CARRIES = {"broad": ("broad", "dual"), "narrow": ("narrow", "dual"), "dual": ("dual",)}
"""Track kinds of a new path that carry on an old path of each kind (others: none)."""

Shape = tuple[tuple[tuple[frozenset, str], ...], tuple[frozenset[int], ...], int]

_SHAPES: IdentityMemo[Shape] = IdentityMemo(8192)
_SHAPES_BY_VALUE: Memo[Shape] = Memo(8192)


def _shape(view: TrackView) -> Shape:
    """(each path's ends and track kind, each stop's edges, the number of cities), cached per view,
    and by what it reads of one (a tile at a rotation in every game of a title, printed hexes alike)."""
    return _SHAPES.get(view, None, lambda: _SHAPES_BY_VALUE.get(
        (view.paths, view.tracks, view.node_kinds, view.roles), lambda: _compute_shape(view)))


def _compute_shape(view: TrackView) -> Shape:
    kinds = view.tracks or ("broad",) * len(view.paths)
    at_junction: dict[int, list[int]] = {}
    for i, (a, b, _) in enumerate(view.paths):
        for x in (a, b):
            k = node_index(x) if isinstance(x, str) else None
            if k is not None and view.node_kinds[k] == "junction":
                at_junction.setdefault(k, []).append(i)

    roles = view.node_roles

    def end(x) -> tuple:
        if isinstance(x, int):
            return ("e", x)
        return (roles[node_index(x)],)

    paths = []
    stop_edges: dict[int, set[int]] = {}
    for i, (a, b, _) in enumerate(view.paths):
        ends: set[tuple] = set()
        for x in (a, b):
            k = node_index(x) if isinstance(x, str) else None
            if k is not None and view.node_kinds[k] == "junction":
                for j in at_junction[k]:
                    if j != i:
                        ends |= {end(y) for y in view.paths[j][:2] if not _is_junction(view, y)}
            else:
                ends.add(end(x))
        if ("town",) in ends:  # a halt's track is carried on by a town's (18xx.games Halt#<=)
            ends.add(("halt",))
        paths.append((frozenset(ends), kinds[i]))
        stop = next((node_index(x) for x in (a, b) if isinstance(x, str) and roles[node_index(x)] in ("city", "town", "halt")), None)
        if stop is not None:
            edges = [x for x in (a, b) if isinstance(x, int)]
            if edges:
                stop_edges.setdefault(stop, set()).update(edges)
    return (tuple(paths), tuple(frozenset(v) for v in stop_edges.values()), view.stop_city_count)


def _is_junction(view: TrackView, port) -> bool:
    return isinstance(port, str) and view.node_kinds[node_index(port)] == "junction"


def lost_track(old: TrackView, new: TrackView) -> str | None:
    """What of the old track the new one (both at their rotations) does not keep; None when all is kept."""
    o_paths, o_stops, o_cities = _shape(old)
    n_paths, n_stops, n_cities = _shape(new)
    for ends, kind in o_paths:
        carriers = _CARRIES.get(kind, ())
        if not any(ends <= n_ends and n_kind in carriers for n_ends, n_kind in n_paths):
            edges = sorted(e[1] for e in ends if e[0] == "e")
            stops = sorted(e[0] for e in ends if e[0] != "e" and not (e[0] == "halt" and ("town",) in ends))
            if kind != "broad" and any(ends <= n_ends for n_ends, _ in n_paths):
                return f"the {kind} gauge of the track at edge(s) {', '.join(map(str, edges))}"
            if stops:
                return f"a {stops[0]}'s track to edge(s) {', '.join(map(str, edges))}"
            return "the track between edges " + "-".join(map(str, edges))
    added = max(0, len(n_stops) - len(o_stops))
    if sum(1 for n in n_stops if all(not (n & o) for o in o_stops)) > added:
        return "the stops where they were (a new stop appears away from the old ones)"
    if o_cities > 1 and n_cities > 1 and not all(sum(1 for n in n_stops if o <= n) == 1 for o in o_stops):
        return "each city's track on a city of its own"
    shrunk = shrunk_city(old, new)
    if shrunk is not None:
        return shrunk
    return None


def _cities(view: TrackView) -> list[tuple[int, frozenset[int]]]:
    """(circles, exits) of each city (off-board locations are not cities), in node order."""
    exits = node_exits(view)
    return [(view.node_slots[k], exits.get(k, frozenset())) for k, role in enumerate(view.node_roles) if role == "city"]


def shrunk_city(old: TrackView, new: TrackView) -> str | None:
    """Where old cities differ in circles, the old city that the new tile gives fewer circles, as
    the engine maps cities (by exits kept, else by place, else the first city left); None if none."""
    old_c, new_c = _cities(old), _cities(new)
    if len({slots for slots, _ in old_c}) <= 1 or not new_c:
        return None
    if all(not ex for _, ex in old_c) and len(old_c) == len(new_c):
        mapping = list(range(len(old_c)))
    else:
        mapping = [next((j for j, (_, n_ex) in enumerate(new_c) if ex and ex <= n_ex), None) for _, ex in old_c]
        used = [j for j in mapping if j is not None]
        for i, j in enumerate(mapping):
            if j is None:
                j = i if i < len(new_c) else None
                if j is None or j in used:
                    j = next((k for k in range(len(new_c)) if k not in used), None)
                mapping[i] = j
                if j is not None:
                    used.append(j)
    for (slots, _), j in zip(old_c, mapping, strict=True):
        if j is not None and new_c[j][0] < slots:
            return f"a city's circles (a city of {slots} would have {new_c[j][0]})"
    return None


def stops_fit_some_rotation(old: TrackView, new_stops_by_rotation: list[tuple[frozenset[int], ...]]) -> bool:
    """For multi-city upgrades: at some rotation every old stop's edges lie within a new stop's."""
    o_stops = _shape(old)[1]
    return any(all(any(o <= n for n in stops) for o in o_stops) for stops in new_stops_by_rotation)


def stop_edges(view: TrackView) -> tuple[frozenset[int], ...]:
    """The edges of each stop (city or town) that has track to an edge."""
    return _shape(view)[1]

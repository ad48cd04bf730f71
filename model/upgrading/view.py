"""The track on one hex or tile as the 18xx rules see it: :class:`TrackView` and its helpers.

A view is the track as it stands (a laid tile at its rotation, or the printed hex): colour,
label, nodes with their roles, absolute paths and their track kinds. It needs only tiles and
cells, so the upgrade predicates built on it (:mod:`model.upgrading.predicates`) serve the
scenario's derived upgrade graph (:mod:`model.upgrade_graph`) as well as the ``18xx`` rule set.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from operator import is_

from model.board import Cell, printed_parts
from model.memo import IdentityMemo, Memo
from model.tiles import COLOR_ORDER, TileDef, node_index


def field(obj, name: str, default=None):
    """``obj.name``, or ``default`` when the model has no such field (files written before the
    field existed, or models of another kind). Asks the model class first: a missing attribute
    of a pydantic model is slow to find out about."""
    model = type(obj)
    fields = _MODEL_FIELDS.get(model, _UNSEEN)
    if fields is _UNSEEN:
        fields = _MODEL_FIELDS[model] = getattr(model, "model_fields", None)
    if fields is not None and name not in fields:
        return default
    return getattr(obj, name, default)


_UNSEEN = object()
_MODEL_FIELDS: dict[type, object] = {}  # a class's fields, read once (pydantic's class attribute is slow to read)


def live_paths(paths) -> list:
    """Printed paths that are track now (18xx.games ``track:future`` paths are drawn for later)."""
    return [p for p in paths if field(p, "track", "broad") != "future"]


def count_of(n: int, word: str) -> str:
    """'1 city', '2 cities', '0 towns'."""
    if n == 1:
        return f"1 {word}"
    return f"{n} {word[:-1] + 'ies' if word.endswith('y') else word + 's'}"


def color_rank(color: str) -> int:
    """Position of a colour in white -> yellow -> green -> brown -> gray (-1 for red/blue/track)."""
    try:
        return COLOR_ORDER.index(color)
    except ValueError:
        return -1


@dataclass(frozen=True)
class TrackView:
    """The track on a hex as it stands: a laid tile at its rotation, or the printed hex."""

    color: str
    label: str | None
    tile: TileDef | None
    rotation: int
    node_kinds: tuple[str, ...]
    node_slots: tuple[int, ...]
    paths: tuple[tuple[object, object, bool], ...]
    tracks: tuple[str, ...] = ()
    """The track kind of each path (``broad``, ``narrow``, ``dual``, ...); empty when all are broad."""
    future_label: tuple[str | None, str | None] | None = None
    """(label, colour): the label the hex takes on with a tile of that colour (18xx.games ``future_label``)."""
    roles: tuple[str, ...] = ()
    """What each node is to an upgrade, where it is more than its kind: ``offboard`` (a city that is
    an off-board revenue location), ``halt`` (a town-like halt); empty when every node is its kind."""

    @property
    def node_roles(self) -> tuple[str, ...]:
        return self.roles or self.node_kinds

    @property
    def stop_city_count(self) -> int:
        """Cities that count for an upgrade (off-board locations do not)."""
        return sum(1 for k in self.node_roles if k == "city")

    @cached_property
    def exits(self) -> frozenset[int]:
        return frozenset(p for a, b, _ in self.paths for p in (a, b) if isinstance(p, int))

    @cached_property
    def city_nodes(self) -> tuple[int, ...]:
        """Node indices of the cities, in order (token ``city`` k is ``city_nodes[k]``)."""
        return tuple(i for i, k in enumerate(self.node_kinds) if k == "city")

    @property
    def city_count(self) -> int:
        return sum(1 for k in self.node_kinds if k == "city")

    @property
    def town_count(self) -> int:
        return sum(1 for k in self.node_kinds if k == "town")

    @property
    def name(self) -> str:
        """How messages refer to it: the tile id, or 'the printed hex'."""
        return f"tile {self.tile.id}" if self.tile is not None else f"the printed {self.color} hex"


def node_role(node, kind: str, on_red: bool) -> str:
    """A node's role in an upgrade (see ``TrackView.roles``): an off-board city (flagged, or by
    convention a city without circles on a red hex or tile), a halt, or its kind."""
    if kind == "city":
        offboard = field(node, "offboard")
        if offboard or (offboard is None and on_red and node.slots == 0):
            return "offboard"
    elif kind == "town" and field(node, "halt", False):
        return "halt"
    return kind


def _roles(nodes, kinds, on_red: bool) -> tuple[str, ...]:
    """Roles of every node (``kinds`` may go on past ``nodes``: a printed junction keeps its kind)."""
    roles = tuple(node_role(n, k, on_red) for n, k in zip(nodes, kinds, strict=False)) + tuple(kinds[len(nodes):])
    return roles if roles != tuple(kinds) else ()


_PRINTED: IdentityMemo[TrackView] = IdentityMemo(16384)
_BY_PARTS: Memo[tuple[tuple, TrackView]] = Memo(16384)


def printed_view(cell: Cell) -> TrackView:
    """The printed track of a cell: one view object per printed map of a cell, so the caches keyed
    by a view's identity hit across positions. Cells are replaced, never changed: a view is kept per
    cell object and, for a cell made from another by a new token or tile (``model_copy``, which
    keeps the same objects for every printed part, ``board.printed_parts``), found again by those
    parts' identities, as a cell laid with a tile gets the tile's one view whatever its tokens."""
    def by_parts() -> TrackView:
        parts = printed_parts(cell)
        key = tuple(map(id, parts))
        hit = _BY_PARTS.peek(key)
        if hit is not None and all(map(is_, hit[0], parts)):
            return hit[1]
        view = _printed_view(cell)
        _BY_PARTS.put(key, (parts, view))  # the entry holds the parts: their ids stay theirs
        return view

    return _PRINTED.get(cell, None, by_parts)


def _printed_view(cell: Cell) -> TrackView:
    kinds = ["city"] * len(cell.cities) + ["town"] * len(cell.towns) + ["junction"] * cell.junction_count
    slots = [c.slots for c in cell.cities] + [0] * (len(kinds) - len(cell.cities))
    return TrackView(
        color=cell.printed_color,
        label=last_label(cell),
        tile=None,
        rotation=0,
        node_kinds=tuple(kinds),
        node_slots=tuple(slots),
        paths=tuple((p.a, p.b, p.terminal) for p in live_paths(cell.paths)),
        tracks=track_kinds(live_paths(cell.paths)),
        future_label=future_label_of(cell),
        roles=_roles([*cell.cities, *cell.towns], kinds, cell.printed_color == "red"),
    )


def last_label(obj) -> str | None:
    """The label that counts for upgrades: the last one given (18xx.games ``tile.label``)."""
    more = field(obj, "labels")
    return more[-1] if more else obj.label


def future_label_of(obj) -> tuple[str | None, str | None] | None:
    """(label, colour) of a hex's or tile's future label, if it has one."""
    fl = field(obj, "future_label")
    return None if fl is None else (fl.label, fl.color)


def track_kinds(paths) -> tuple[str, ...]:
    """The track kind of each path, or () when every path is broad (the common case)."""
    kinds = tuple(field(p, "track", "broad") for p in paths)
    return kinds if any(k != "broad" for k in kinds) else ()


_VIEWS: IdentityMemo[TrackView] = IdentityMemo(8192)


def tile_view(tdef: TileDef, rotation: int, sides: int = 6) -> TrackView:
    """The track of a tile at a rotation (cached per tile object and rotation; views are frozen)."""
    hit = _VIEWS.entries.get((id(tdef), (rotation, sides)))
    if hit is not None and hit[0] is tdef:
        return hit[1]
    return _VIEWS.get(tdef, (rotation, sides), lambda: _tile_view(tdef, rotation, sides))


def _tile_view(tdef: TileDef, rotation: int, sides: int) -> TrackView:
    return TrackView(
        color=tdef.color,
        label=last_label(tdef),
        tile=tdef,
        rotation=rotation,
        node_kinds=tuple(n.kind for n in tdef.nodes),
        node_slots=tuple(n.slots if n.kind == "city" else 0 for n in tdef.nodes),
        paths=tdef.rotated_paths(rotation, sides),
        tracks=track_kinds(tdef.paths),
        future_label=future_label_of(tdef),
        roles=_roles(tdef.nodes, [n.kind for n in tdef.nodes], tdef.color == "red"),
    )


def node_exits(view: TrackView) -> dict[int, frozenset[int]]:
    """Exits touching each node (every node is listed, even without paths)."""
    out: dict[int, set[int]] = {i: set() for i in range(len(view.node_kinds))}
    for a, b, _ in view.paths:
        for x, y in ((a, b), (b, a)):
            k = node_index(x) if isinstance(x, str) else None
            if k is not None and isinstance(y, int):
                out.setdefault(k, set()).add(y)
    return {k: frozenset(v) for k, v in out.items()}

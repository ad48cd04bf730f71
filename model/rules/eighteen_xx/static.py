"""The static verdicts of the 18xx rules, shared across positions and companies.

Whether a tile fits a hex (the rotation-independent rules: layable hex, colour, upgrade graph,
label, stops, terrain) and the first rule each rotation breaks (paths kept, exits accepted, the
title's own rotation rules) depend on the hex as it stands and the tile, not on the company, the
turn or the other hexes. They are computed once per (hex as it stands, tile) and kept here, so
``legal_moves`` and ``explain`` in the next position (another company, one tile later) find
them again for every hex that did not change.

The key is what the verdicts are computed from, by identity (held by the entry, so no id is
reused while it lives): the rule set's class, the static map (the printed board), the hex, its
current view (laid tile and rotation, or the printed cell: :func:`~model.rules.eighteen_xx.situation.cell_view`
keeps one view object per cell and tile), the candidate tile, the tile set (the upgrade graph)
and the rule options (``scenario.rules``, replaced, never changed in place, as
:class:`~model.rules.eighteen_xx.situation.Situation` assumes too); and by value the sides of the
hex that accept an exit now (``Situation.accept_mask``: a tile laid on a neighbouring hex of an
impassable colour opens a side). The per-hex list of candidate tiles also depends on what it
reads of the phase's colours (``candidate_colours``: whether the hex's next colour is allowed),
which joins its key by value.

A title that overrides a method the verdicts are computed by (:data:`HOOKS`) shares them only if
the class overriding it says ``static_hooks = True`` (its overrides read nothing but the hex, the
tile, the rotation and the options); otherwise the verdicts are kept per position, in the
situation's memo.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.grid import Coord
from model.memo import Memo
from model.rules.eighteen_xx.hexmap import distinct_rotations
from model.tiles import TileDef

if TYPE_CHECKING:  # pragma: no cover
    from model.rules.eighteen_xx import EighteenXX, Failure
    from model.rules.eighteen_xx.situation import Situation

HOOKS = ("_fit_failure_static", "fit_failure", "relaxed_upgrade", "rotation_failures", "exit_failures",
         "rotation_failure", "candidate_tiles")
"""The methods the static verdicts are computed by."""

_UNKNOWN = object()

_SHARED: Memo = Memo(1 << 15)  # a game replayed end to end asks a few thousand
_CLASSES: dict[type, bool] = {}


def shares(cls: type) -> bool:
    """True when the verdicts of a rule-set class may be shared across positions (see the module docstring)."""
    hit = _CLASSES.get(cls)
    if hit is None:
        hit = True
        for name in HOOKS:
            owner = next(c for c in cls.__mro__ if name in vars(c))
            if vars(owner).get("static_hooks") is not True:
                hit = False
        _CLASSES[cls] = hit
    return hit


class TileVerdicts:
    """One tile on one hex as it stands: the fit (None or the failure) and, per rotation, the
    first rule it breaks (None: it passes), filled in as they are asked."""

    __slots__ = ("owners", "fit", "rotations", "_passing")

    def __init__(self, owners: tuple, fit: Failure, sides: int) -> None:
        self.owners = owners
        self.fit = fit
        self.rotations: list = [_UNKNOWN] * sides
        self._passing: tuple[int, ...] | None = None

    def rotation(self, rules: EighteenXX, sit: Situation, coord: Coord, tile: TileDef, rotation: int) -> Failure:
        """The first rule the tile breaks at ``rotation`` (0 <= rotation < sides) after its fit."""
        fail = self.rotations[rotation]
        if fail is _UNKNOWN:
            fail = self.rotations[rotation] = rules.first_rotation_failure(sit, coord, tile, rotation)
        return fail  # type: ignore[return-value]

    def passing(self, rules: EighteenXX, sit: Situation, coord: Coord, tile: TileDef) -> tuple[int, ...]:
        """The distinct rotations (``distinct_rotations``) that pass every static rule."""
        out = self._passing
        if out is None:
            if self.fit is not None:
                out = ()
            else:
                out = tuple(r for r in distinct_rotations(tile, sit.sm.sides) if self.rotation(rules, sit, coord, tile, r) is None)
            self._passing = out
        return out


def tile_verdicts(rules: EighteenXX, sit: Situation, coord: Coord, tile: TileDef) -> TileVerdicts:
    """The static verdicts of ``tile`` on ``coord`` as the situation shows the hex."""
    old = sit.view(coord)
    sm, ts, spec = sit.sm, sit.tileset, sit.scenario.rules
    cls = type(rules)
    if shares(cls):
        key = (cls, id(sm), coord, id(old), id(tile), id(ts), id(spec), sit.accept_mask(coord))
        hit = _SHARED.peek(key)
        if hit is not None:
            o = hit.owners
            if o[0] is sm and o[1] is old and o[2] is tile and o[3] is ts and o[4] is spec:
                return hit
        entry = TileVerdicts((sm, old, tile, ts, spec), rules._fit_failure_static(sit, coord, tile), sm.sides)
        _SHARED.put(key, entry)
        return entry
    key = ("static", type(rules), coord, tile.id, sit.accept_mask(coord))
    hit = sit.memo.get(key)
    if hit is not None and hit.owners[1] is old and hit.owners[2] is tile:
        return hit
    entry = TileVerdicts((sm, old, tile, ts, spec), rules._fit_failure_static(sit, coord, tile), sm.sides)
    sit.memo[key] = entry
    return entry


def bad_rotation(sit: Situation, coord: Coord, rotation: int) -> Failure:
    """``bad-rotation`` when ``rotation`` is not one of the hex's sides (None when it is)."""
    if 0 <= rotation < sit.sm.sides:
        return None
    return ("bad-rotation", f"{sit.sm.label_of[coord]}: rotation {rotation} is not 0-{sit.sm.sides - 1}")


def _per_hex(rules: EighteenXX, sit: Situation, coord: Coord, colours, kind: str, compute):
    """``compute()`` for the hex as it stands, kept as the verdicts are: shared across positions
    by identity (``kind`` names the list), or per position for a title whose hooks read it."""
    old = sit.view(coord)
    sm, ts, spec = sit.sm, sit.tileset, sit.scenario.rules
    shared = shares(type(rules))
    colours = rules.candidate_colours(old, colours)  # a phase that allows more of other colours: the same list
    if shared:
        key = (kind, type(rules), id(sm), coord, id(old), id(ts), id(spec), sit.accept_mask(coord), colours)
        hit = _SHARED.peek(key)
        if hit is not None:
            o = hit[0]
            if o[0] is sm and o[1] is old and o[2] is ts and o[3] is spec:
                return hit[1]
    else:
        key = (kind, type(rules), coord, sit.accept_mask(coord), colours)
        hit = sit.memo.get(key)
        if hit is not None and hit[0][1] is old:
            return hit[1]
    value = ((sm, old, ts, spec), compute())
    if shared:
        _SHARED.put(key, value)
    else:
        sit.memo[key] = value
    return value[1]


def hex_lays(rules: EighteenXX, sit: Situation, coord: Coord, colours) -> tuple[tuple[TileDef, tuple[int, ...]], ...]:
    """Every candidate tile of the hex (``candidate_tiles``) with the distinct rotations that pass
    the static rules, leaving out the tiles with none; ``colours`` is the phase's
    (``play.phase_colours``), which the candidates depend on."""
    def compute():
        out = []
        for tile in rules.candidate_tiles(sit, coord):
            rots = tile_verdicts(rules, sit, coord, tile).passing(rules, sit, coord, tile)
            if rots:
                out.append((tile, rots))
        return tuple(out)

    return _per_hex(rules, sit, coord, colours, "hex", compute)


def hex_fits(rules: EighteenXX, sit: Situation, coord: Coord, colours) -> tuple[tuple[TileDef, TileVerdicts], ...]:
    """Every candidate tile of the hex (``candidate_tiles``) that fits it (the rotation-independent
    rules pass), with its verdicts, whose rotations are judged only as they are asked: a
    company's lays ask only the rotations that reach its track. Kept as :func:`hex_lays` is."""
    def compute():
        fits = ((tile, tile_verdicts(rules, sit, coord, tile)) for tile in rules.candidate_tiles(sit, coord))
        return tuple((tile, v) for tile, v in fits if v.fit is None)

    return _per_hex(rules, sit, coord, colours, "fits", compute)


def yellow_options(rules: EighteenXX, sit: Situation) -> dict[str, dict[str, list[int]]]:
    """For every white hex without a tile: yellow tile id -> the distinct rotations passing the static rules."""
    yellows = [t for t in sit.tileset.tiles if t.color == "yellow"]
    out: dict[str, dict[str, list[int]]] = {}
    for coord in sit.sm.coords:
        if sit.sm.printed_color[coord] != "white" or sit.view(coord).tile is not None:
            continue
        entry: dict[str, list[int]] = {}
        for tile in yellows:
            rots = tile_verdicts(rules, sit, coord, tile).passing(rules, sit, coord, tile)
            if rots:
                entry[tile.id] = list(rots)
        out[sit.sm.label_of[coord]] = entry
    return out


def clear() -> None:
    """Forget every shared verdict (tests and benchmarks that time a cold start)."""
    _SHARED.clear()

"""Tiles that may be laid only on some terrains (``TileDef.terrains``): rule ``tile-terrain``.

A hex's terrains are its own terrain (``Cell.terrain``: plain, hill, mountain, water...) and the
terrains its upgrade costs name (``Cell.costs``: river, swamp, desert..., as an 18xx.games
``upgrade=cost:20,terrain:river`` part is imported). A hex that names any terrain besides
plain land is not plain: a ``plain``-only tile is refused on a plain hex with a river cost.

A tile with no terrains may be laid anywhere; a tile with some needs the hex to have one of them,
for a first lay and for an upgrade alike (the printed hex decides, whatever lies on it).
"""

from __future__ import annotations

from model.board import Cell
from model.rules.eighteen_xx.hexmap import field
from model.tiles import TileDef


def hex_terrains(cell: Cell) -> frozenset[str]:
    """The terrains of a printed hex (see the module docstring)."""
    named = {t for c in field(cell, "costs", ()) for t in c.terrains}
    if cell.terrain != "plain" or not named:
        named.add(cell.terrain)
    return frozenset(named)


def _either(names) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _both(names) -> str:
    names = sorted(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def terrain_failure(cell: Cell, tile: TileDef) -> tuple[str, str] | None:
    """``('tile-terrain', why)`` when ``tile`` may not be laid on the printed hex ``cell``, else None
    (the caller puts the hex's name before the sentence)."""
    allowed = getattr(tile, "terrains", None)  # a TileDef field: a plain attribute, read on every lay tried
    if not allowed:
        return None
    have = hex_terrains(cell)
    if have.intersection(allowed):
        return None
    return ("tile-terrain", f"tile {tile.id} may be laid only on {_either(allowed)}; this hex's terrain is {_both(have)}")

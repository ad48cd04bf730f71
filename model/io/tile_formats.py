"""Tiles on their own, in the two formats other tools read: 18xx.games ``TILES`` and 18xx-maker tiles.

* **18xx.games** (``TILES`` in a title's ``map.rb``): a Ruby hash from tile name to either a
  count (a standard tile the engine knows by number; ``'unlimited'`` allowed) or a hash with
  ``'count'``, ``'color'`` and ``'code'`` (the tile DSL, see :mod:`model.io.tile_code`).
  :func:`tiles_to_18xx_games` writes one, :func:`tiles_from_18xx_games` reads one back (a whole
  ``map.rb`` or just ``TILES = {...}`` / ``{...}``).
* **18xx-maker** (a game's ``tiles`` object, or a file of its tile library): tile id -> a count
  (a standard tile) or a tile definition (``color``, ``quantity``, ``cities``, ``towns`` /
  ``centerTowns``, ``values``, ``track``, ``labels``). :func:`tile_to_maker` writes one (with
  ``encoding``, the DSL string, which carries what the drawing model cannot say: which path
  joins which of several cities); :func:`tiles_from_maker` reads them back, from ``encoding``
  when there is one, else from the track: plain track, and track to one city or town in the
  middle. Sides are 1-6 (flat hexes: side = edge + 1; pointy: side = edge, edge 0 is side 6);
  ``sharp`` runs from side s to s+1, ``gentle`` to s+2, ``straight`` to s+3, a track with no
  type from its side to the centre. A quantity of 99 or ``"∞"`` is read as unlimited (what the
  tile export and the game export write); a standard tile may also be given as ``{"quantity": n}``.

Errors are :class:`TileFormatError` naming the file and the place (line, or the JSON field path).
Qt-free.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable

from model.io.export_18xx_games import is_standard, terrain_notes
from model.io.ruby_eval import HashValue, RubySyntaxError, RValue, parse_ruby_constants
from model.io.tile_code import tile_code, tile_from_code
from model.io.tile_parts import DslError
from model.tiles import Node, TileDef, TilePath, load_tileset

STANDARD_SET = "18xx-standard"
ENGINE_COLORS = ("yellow", "green", "brown", "gray", "white", "red", "blue")
UNLIMITED_QUANTITY = 99


class TileFormatError(ValueError):
    """Tiles that cannot be read; ``str()`` names the file and the place."""

    def __init__(self, file: str, where: str, message: str) -> None:
        self.file, self.where, self.message = file, where, message
        super().__init__(f"{file}:{where}: {message}" if where else f"{file}: {message}")


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _rb(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


# ------------------------------------------------------------------------------------------------
# 18xx.games TILES
# ------------------------------------------------------------------------------------------------


def tile_entry_18xx_games(tile: TileDef, indent: str = "  ") -> list[str]:
    """The lines of one ``TILES`` entry: a count for a standard tile, else count/colour/code."""
    count = "'unlimited'" if tile.count is None else str(tile.count)
    if is_standard(tile):
        return [f"{indent}{_rb(tile.id)} => {count},"]
    if tile.color not in ENGINE_COLORS:
        raise ValueError(f"tile {tile.id}: colour {tile.color!r} has no 18xx.games equivalent")
    return [
        f"{indent}{_rb(tile.id)} =>",
        f"{indent}  {{",
        f"{indent}    'count' => {count},",
        f"{indent}    'color' => {_rb(tile.color)},",
        f"{indent}    'code' => {_rb(tile_code(tile))},",
        f"{indent}  }},",
    ]


def tiles_to_18xx_games(tiles: Iterable[TileDef]) -> str:
    """A ``TILES = {...}.freeze`` constant holding these tiles (Ruby source)."""
    lines = ["TILES = {"]
    for t in tiles:
        lines += tile_entry_18xx_games(t)
    lines.append("}.freeze")
    return "\n".join(lines) + "\n"


def tiles_notes(tiles: Iterable[TileDef], to: str) -> list[str]:
    """What a tile export to ``to`` ('18xx-games' or '18xx-maker') leaves out: the terrains a
    tile may be laid on (see :func:`model.io.export_18xx_games.terrain_notes`)."""
    return terrain_notes(tiles, "the 18xx.games tile DSL" if to == "18xx-games" else "18xx-maker's tile format")


def tiles_from_18xx_games(text: str, file: str = "<string>") -> list[TileDef]:
    """The tiles of a ``TILES`` constant (in a map file, alone, or as a bare ``{...}`` hash)."""
    src = text if re.search(r"^\s*(module\s|TILES\s*=)", text, re.M) else "TILES = " + text
    try:
        consts = parse_ruby_constants(src)
    except RubySyntaxError as exc:
        raise TileFormatError(file, f"{exc.line}", exc.message) from None
    if "TILES" not in consts:
        raise TileFormatError(file, "", "no TILES constant")
    v = consts["TILES"]
    if not isinstance(v.value, HashValue):
        raise TileFormatError(file, str(v.line), "TILES must be a hash { ... }")
    std = load_tileset(STANDARD_SET)
    out: list[TileDef] = []
    for key, val in v.value.items:
        name = key.value
        if not isinstance(name, str) or not name:
            raise TileFormatError(file, str(key.line), f"tile name {_short(name)} is not a string")
        if isinstance(val.value, HashValue):
            try:
                out.append(_code_entry(name, val, file))
            except RubySyntaxError as exc:  # a budget met while reading a key
                raise TileFormatError(file, f"{exc.line}", exc.message) from None
            continue
        count = _count(val, name, file)
        base = std.get(name)
        if base is None:
            raise TileFormatError(file, str(val.line), f"tile {name[:40]!r} is not a standard tile: give its color and code")
        out.append(base.model_copy(update={"count": count}))
    ids = [t.id for t in out]
    dup = next((i for i in ids if ids.count(i) > 1), None)
    if dup is not None:
        raise TileFormatError(file, str(v.line), f"tile {dup!r} is listed twice")
    return out


def _count(val: RValue, name: str, file: str) -> int | None:
    if val.value == "unlimited":
        return None
    if isinstance(val.value, bool) or not isinstance(val.value, int) or val.value < 0:
        raise TileFormatError(file, str(val.line), f"tile {name[:40]}: count {_short(val.value)} is not a number or 'unlimited'")
    return val.value


def _code_entry(name: str, val: RValue, file: str) -> TileDef:
    fields = {k.plain_key(): v for k, v in val.value.items}
    unknown = set(fields) - {"count", "color", "code"}
    if unknown:
        raise TileFormatError(file, str(val.line), f"tile {name[:40]}: unsupported key(s) {', '.join(sorted(map(str, unknown)))}")
    for req in ("count", "color", "code"):
        if req not in fields:
            raise TileFormatError(file, str(val.line), f"tile {name[:40]}: '{req}' is missing")
    color, code = fields["color"].value, fields["code"].value
    if not isinstance(color, str) or not isinstance(code, str):
        raise TileFormatError(file, str(val.line), f"tile {name[:40]}: color and code must be strings")
    try:
        return tile_from_code(name, code, str(color), _count(fields["count"], name, file))
    except (DslError, ValueError) as exc:
        if isinstance(exc, TileFormatError):
            raise
        raise TileFormatError(file, str(fields["code"].line), f"tile {name[:40]}: {exc}") from None


# ------------------------------------------------------------------------------------------------
# 18xx-maker tiles
# ------------------------------------------------------------------------------------------------


def maker_side(edge: int, orientation: str) -> int:
    """18xx-maker side (1-6) of an edge (0-5)."""
    return edge + 1 if orientation == "flat" else (edge if edge else 6)


def edge_of_side(side: int, orientation: str) -> int:
    """The edge (0-5) of an 18xx-maker side (1-6)."""
    return side - 1 if orientation == "flat" else side % 6


def tile_to_maker(t: TileDef, orientation: str = "flat") -> dict:
    """One tile as an 18xx-maker tile definition (see the module docstring)."""
    from model.io.export_18xx_maker import tile_def

    return tile_def(t, orientation, unlimited=UNLIMITED_QUANTITY)


def tiles_to_maker(tiles: Iterable[TileDef], orientation: str = "flat") -> dict:
    """A ``tiles`` object: standard tiles as counts, the others as definitions."""
    out: dict = {}
    for t in tiles:
        out[t.id] = (t.count if t.count is not None else UNLIMITED_QUANTITY) if is_standard(t) else tile_to_maker(t, orientation)
    return out


def tiles_from_maker(data: dict | str, file: str = "<string>", orientation: str = "flat") -> list[TileDef]:
    """Tiles from an 18xx-maker ``tiles`` object, a game JSON (its ``tiles``), or JSON text."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise TileFormatError(file, f"{exc.lineno}:{exc.colno}", f"not JSON: {exc.msg}") from None
    prefix = ""
    if isinstance(data, dict) and isinstance(data.get("tiles"), dict):
        info = data.get("info")
        if isinstance(info, dict):
            orientation = "flat" if info.get("orientation") == "horizontal" else "pointy"
        data, prefix = data["tiles"], "tiles."
    if not isinstance(data, dict):
        raise TileFormatError(file, "", "expected an object of tiles (id -> count or definition)")
    std = load_tileset(STANDARD_SET)
    out = []
    for tid, d in data.items():
        where = f"{prefix}{tid}"
        if isinstance(d, bool) or (not isinstance(d, (int, dict))):
            raise TileFormatError(file, where, f"expected a count or a tile definition, found {_short(d)}")
        if isinstance(d, int):
            base = std.get(tid)
            if base is None:
                raise TileFormatError(file, where, f"tile {tid[:40]!r} is not a standard tile: give its definition")
            out.append(base.model_copy(update={"count": None if d >= UNLIMITED_QUANTITY else d}))
            continue
        base = std.get(tid)
        if base is not None and not {"color", "encoding"} & set(d):  # a standard tile: {"quantity": "∞"}
            out.append(base.model_copy(update={"count": _maker_quantity(d.get("quantity"), file, f"{where}.quantity")}))
            continue
        out.append(_maker_tile(str(tid), d, file, where, orientation))
    return out


_MAKER_KEYS = {"color", "quantity", "cities", "towns", "centerTowns", "values", "track", "labels", "encoding", "rotations"}
"""Keys read from a definition (``rotations`` only says how many rotations differ: we work it out)."""
_TRACK_TYPES = {"sharp": 1, "gentle": 2, "straight": 3}


def _maker_quantity(q: object, file: str, where: str) -> int | None:
    """A tile count: None (unlimited) for no quantity, 99 or more, or 18xx-maker's ``"∞"``."""
    if q is None or q == "∞":
        return None
    if isinstance(q, bool) or not isinstance(q, int) or q < 0:
        raise TileFormatError(file, where, f"{_short(q)} is not a count")
    return None if q >= UNLIMITED_QUANTITY else q


def _maker_tile(tid: str, d: dict, file: str, where: str, orientation: str) -> TileDef:
    color = d.get("color")
    color = {"plain": "white", "offboard": "red", "water": "blue"}.get(color, color)
    if color not in ENGINE_COLORS:
        raise TileFormatError(file, f"{where}.color", f"{_short(d.get('color'))} is not a tile colour")
    count = _maker_quantity(d.get("quantity"), file, f"{where}.quantity")
    if "encoding" in d:
        if not isinstance(d["encoding"], str):
            raise TileFormatError(file, f"{where}.encoding", "must be a tile-language string")
        try:
            return tile_from_code(tid, d["encoding"], color, count)
        except ValueError as exc:
            raise TileFormatError(file, f"{where}.encoding", str(exc)) from None
    unknown = sorted(set(d) - _MAKER_KEYS)
    if unknown:
        raise TileFormatError(file, f"{where}.{unknown[0]}", "is not read (only colour, quantity, cities, towns, values, track, labels)")
    cities = d.get("cities") or []
    towns = (d.get("towns") or []) + (d.get("centerTowns") or [])
    if len(cities) + len(towns) > 1:
        raise TileFormatError(file, where, "a tile with several cities/towns needs its 'encoding' (which track joins which stop)")
    values = [v.get("value", 0) for v in d.get("values") or [] if isinstance(v, dict)]
    nodes = []
    for i, c in enumerate(cities):
        slots = c.get("size", 1) if isinstance(c, dict) else 1
        if isinstance(slots, bool) or not isinstance(slots, int) or not 0 <= slots <= 12:
            raise TileFormatError(file, f"{where}.cities.{i}.size", f"{_short(slots)} is not a number of slots")
        nodes.append(Node(kind="city", slots=slots, revenue=values[0] if values else 0))
    if towns:
        nodes.append(Node(kind="town", revenue=values[0] if values else 0))
    paths = []
    for i, tr in enumerate(d.get("track") or []):
        w = f"{where}.track.{i}"
        if not isinstance(tr, dict):
            raise TileFormatError(file, w, f"expected a track object, found {_short(tr)}")
        side = tr.get("side", 1)
        if isinstance(side, bool) or side not in range(1, 7):
            raise TileFormatError(file, f"{w}.side", f"{_short(side)} is not a side 1-6")
        kind = tr.get("type")
        a = edge_of_side(side, orientation)
        if kind in (None, "stub", "offboard"):
            if not nodes:
                raise TileFormatError(file, w, "track to the centre, but the tile has no city or town")
            paths.append(TilePath(a=a, b="n0", terminal=kind == "stub"))
        elif kind in _TRACK_TYPES:
            b = (a + _TRACK_TYPES[kind]) % 6
            if nodes:  # through the stop in the middle
                paths += [TilePath(a=a, b="n0"), TilePath(a="n0", b=b)]
            else:
                paths.append(TilePath(a=a, b=b))
        else:
            raise TileFormatError(file, f"{w}.type", f"track type {_short(kind)} is not read")
    labels = d.get("labels") or []
    label = labels[0].get("label") if labels and isinstance(labels[0], dict) else None
    try:
        return TileDef(id=tid, color=color, label=label, nodes=nodes, paths=paths, count=count)
    except ValueError as exc:
        raise TileFormatError(file, where, str(exc).splitlines()[-1][:200]) from None

"""Compare two 18xx-maker game files hex by hex and field by field: the source, and our export
of its import (18xx-maker JSON -> Trackwright -> 18xx-maker JSON).

Both files are brought to one normal form first, with what 18xx-maker itself draws the same:

* a hex definition serves each coordinate in its ``hexes``; map borders drawn through corners
  (``map.borders``) are the sides they run along, like a hex's own ``borders``;
* defaults are written out (a city has ``size`` 1, a track ``side`` 1, a hex is ``plain``;
  ``white`` is ``plain``); a name is its text whether written ``"X"`` or ``{"name": "X"}``;
* a straight track from side s is the one from side s+3; a sharp or gentle curve is the pair of
  sides it joins; lists whose order 18xx-maker does not draw (track, borders, terrain) are sets.

Fields that only say how something is typeset — positions of names, values, labels, icons and
revenue boxes, widths, fonts, the colour of a text — are not compared: Trackwright does not hold
them (:data:`NOT_HELD` lists them, and the conformance page says so). Every other field is.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

PLACE = ("angle", "percent", "x", "y", "rotation", "rotate")
TYPESET = frozenset(
    "width fontSize fontFamily fontStyle fontWeight textColor outerBorderColor borderColor borderWidth gaugeColor "
    "cross offset reverse straight hidden extend outside rows noCircle stroke strokeWidth bgColor size".split()
)
"""Drawing fields of the parts Trackwright reads as content (stops, track, values, labels...)."""
NOT_HELD = {
    "names[].position": "where a name is written, its font and colour",
    "values[].position": "where a revenue is written",
    "labels[].position": "where a label is written, its size and colour",
    "icons[].position": "where an icon is drawn and its size",
    "terrain[].position": "where a terrain symbol is drawn",
    "offBoardRevenue.position": "where the revenue box is drawn",
    "track[].width, cross, offset": "the width of a track and which of two crossing tracks is drawn over",
    "cities[].width, extend, names' offsets": "how wide a city's circles are drawn",
    "map.borders[].width, dashArray": "the width of a drawn border",
}
"""What the comparison leaves out, and why (the drawing of content Trackwright holds)."""


def _name(v: Any) -> str | None:
    if isinstance(v, dict):
        v = v.get("name")
    return v if isinstance(v, str) and v else None


def _place(d: dict) -> dict:
    return {k: float(d[k]) for k in PLACE if isinstance(d.get(k), int | float) and not isinstance(d.get(k), bool)}


def _side(v: Any) -> int:
    return int(v) if isinstance(v, int | float) and not isinstance(v, bool) else 1


def _track(t: dict) -> tuple:
    kind = t.get("type")
    side = _side(t.get("side", 1))
    if kind in ("city", "mid", "stop"):
        kind = None if kind == "city" else kind
    extra = tuple((k, t[k]) for k in ("start", "end", "gauge", "path") if k in t)
    extra += (("color", "mainline"),) if t.get("color") == "mainline" else ()
    if kind == "straight" and not ("start" in t or "end" in t):
        return ("straight", frozenset({side, (side + 2) % 6 + 1}), extra)
    if kind in ("gentle", "sharp") and not ("start" in t or "end" in t):
        step = 2 if kind == "gentle" else 1
        return (kind, frozenset({side, (side - 1 + step) % 6 + 1}), extra)
    return (kind, side, extra)


def _value(v: Any) -> Any:
    if isinstance(v, dict):
        v = v.get("value", v.get("cost"))
    if isinstance(v, str) and re.fullmatch(r"\s*\+?\d+\s*", v):
        return int(v)
    return v


def _stop(c: dict, circles: bool) -> dict:
    out: dict = {"name": _name(c.get("name")), **_place(c)}
    if circles:
        out["size"] = c.get("size", 1)
        comps = []
        for comp in c.get("companies") or []:
            if isinstance(comp, dict):
                comps.append({k: comp[k] for k in ("label", "abbrev", "color", "reserved") if k in comp})
            else:
                comps.append(comp)
        while comps and comps[-1] is None:
            comps.pop()
        out["companies"] = comps
    if c.get("groups"):
        out["groups"] = list(c["groups"])
    return out


def _mark(d: dict) -> str:
    return json.dumps({k: v for k, v in d.items()}, sort_keys=True)


def hex_record(h: dict) -> dict[str, Any]:
    """One hex definition in normal form: field -> comparable value (absent fields left out)."""
    color = h.get("color") or "plain"
    rec: dict[str, Any] = {"color": "plain" if color == "white" else color}
    names = [n for n in (_name(x) for x in h.get("names") or []) if n]
    if names:
        rec["names"] = names
    for key, circles in (("cities", True), ("towns", False), ("centerTowns", False)):
        items = [_stop(c, circles) for c in h.get(key) or [] if isinstance(c, dict)]
        if items:
            rec[key] = items
    booms = [{"name": _name(b.get("name")), "city": bool(b.get("city")), "dashed": b.get("dashed", True), **_place(b)}
             for b in h.get("boomtowns") or []]
    if booms:
        rec["boomtowns"] = booms
    values = [_value(v) for v in h.get("values") or []]
    stops = len(h.get("cities") or []) + len(h.get("towns") or []) + len(h.get("centerTowns") or []) + len(booms)
    if len(values) == 1 and stops > 1:
        values = values * stops  # one value printed for every stop
    if values and any(v not in (0, None) for v in values):
        rec["values"] = values
    track = sorted((_track(t) for t in h.get("track") or []), key=repr)
    if track:
        rec["track"] = repr(track)
    labels = [x.get("label") for x in h.get("labels") or [] if x.get("label")]
    if labels:
        rec["labels"] = labels
    terrain = sorted((str(t.get("type") or ""), _value(t.get("cost", 0)) or 0) for t in h.get("terrain") or [])
    terrain += sorted(("tunnel", _value(t.get("cost", 0)) or 0) for t in h.get("tunnels") or [])
    terrain += sorted(("bridge", _value(t.get("cost", 0)) or 0) for t in h.get("bridges") or [])
    if terrain:
        rec["terrain"] = (sorted(k for k, _ in terrain), sum(int(c) for _, c in terrain if isinstance(c, int)))
    icons = sorted(i.get("type") for i in h.get("icons") or [] if i.get("type"))
    if icons:
        rec["icons"] = icons
    obr = h.get("offBoardRevenue")
    if isinstance(obr, dict):
        rec["offBoardRevenue"] = {
            "name": _name(obr.get("name")),
            "revenues": [(r.get("color"), _value(r)) for r in obr.get("revenues") or []],
            "groups": list(obr.get("groups") or []),
        }
    if h.get("removeBorders"):
        rec["removeBorders"] = sorted(_side(x) for x in h["removeBorders"])
    for key in ("tokens", "shapes", "routeBonuses", "companies"):
        marks = [_mark(m) for m in h.get(key) or []]
        if marks:
            rec[key] = sorted(marks)
    return rec


def _xy(label: str, orientation: str) -> tuple[int, int] | None:
    from model.grid import letter_index

    m = re.fullmatch(r"([A-Z]{1,3})([0-9]{1,4})", label)
    if not m:
        return None
    a, n = letter_index(m.group(1)), int(m.group(2))
    return (a, n) if orientation == "flat" else (n, a)


def _corner(label: str, k: int, orientation: str) -> tuple[int, int] | None:
    """A hex corner ``p<k>`` as a point shared by every hex that has it."""
    from model.io.maker_geometry import corner_angle, unit

    xy = _xy(label, orientation)
    if xy is None:
        return None
    x, y = xy
    cx, cy = (1 + x * 1.5, math.sqrt(3) / 2 * (1 + y)) if orientation == "flat" else (math.sqrt(3) / 2 * (1 + x), 1 + y * 1.5)
    ux, uy = unit(corner_angle(orientation, k))
    return (round((cx + ux) * 1000), round((cy + uy) * 1000))


def _side_corners(side: int, orientation: str) -> tuple[int, int]:
    """The corners p<k> bounding 18xx-maker's hex side ``side``."""
    from model.io.maker_geometry import side_of_corners

    edge = side - 1 if orientation == "flat" else side % 6
    for k in range(1, 7):
        if side_of_corners(orientation, k, k % 6 + 1) == edge:
            return k, k % 6 + 1
    raise ValueError(side)


def borders(game: dict) -> dict[frozenset, set[tuple]]:
    """Every drawn border side of ``game`` (a hex's own borders and map borders through corners),
    keyed by its two corners, with the (colour, dashed) it is drawn in."""
    orientation = "flat" if (game.get("info") or {}).get("orientation") == "horizontal" else "pointy"
    out: dict[frozenset, set[tuple]] = {}
    for h in (game.get("map") or {}).get("hexes") or []:
        for b in h.get("borders") or []:
            k1, k2 = _side_corners(_side(b.get("side", 1)), orientation)
            for coord in h.get("hexes") or []:
                p, q = _corner(coord, k1, orientation), _corner(coord, k2, orientation)
                if p is not None and q is not None:
                    out.setdefault(frozenset((p, q)), set()).add((b.get("color"), bool(b.get("dashed"))))
    for b in (game.get("map") or {}).get("borders") or []:
        pts = []
        for text in b.get("coords") or []:
            m = re.fullmatch(r"([A-Z]+[0-9]+)p([1-6])", text) if isinstance(text, str) else None
            pt = _corner(m.group(1), int(m.group(2)), orientation) if m else None
            if pt is not None:
                pts.append(pt)
        for p, q in zip(pts, pts[1:], strict=False):
            if p != q:
                out.setdefault(frozenset((p, q)), set()).add((b.get("color"), bool(b.get("dashed"))))
    return out


def expand(game: dict) -> dict[str, dict[str, Any]]:
    """Every coordinate of ``game``'s map -> its hex record."""
    out: dict[str, dict[str, Any]] = {}
    for h in (game.get("map") or {}).get("hexes") or []:
        rec = hex_record(h)
        for coord in h.get("hexes") or []:
            out[coord] = rec
    return out


def compare(source: dict, ours: dict) -> dict[str, list[str]]:
    """field -> the coordinates where the two files differ on it (an empty dict: equal). Border
    sides that differ are listed under ``borders`` by one of their corners."""
    a, b = expand(source), expand(ours)
    diffs: dict[str, list[str]] = {}
    for coord in sorted(set(a) | set(b)):
        ra, rb = a.get(coord), b.get(coord)
        if ra is None or rb is None:
            diffs.setdefault("hex (missing)" if rb is None else "hex (added)", []).append(coord)
            continue
        for key in sorted(set(ra) | set(rb)):
            if ra.get(key) != rb.get(key):
                diffs.setdefault(key, []).append(coord)
    ba, bb = borders(source), borders(ours)
    for side in sorted(set(ba) | set(bb), key=lambda s: sorted(s)):
        if ba.get(side) != bb.get(side):
            diffs.setdefault("borders", []).append("side at " + ",".join(f"{x / 1000:.2f}" for x in sorted(side)[0]))
    return diffs


def tile_records(game: dict) -> dict[str, dict[str, Any]]:
    """The tiles a game defines inline (not those it names by number), as records."""
    tiles = game.get("tiles") or {}
    if isinstance(tiles, list):
        tiles = {str(t.get("id", i)): t for i, t in enumerate(tiles) if isinstance(t, dict)}
    out = {}
    for tid, t in tiles.items():
        if isinstance(t, dict) and not set(t) <= {"tile", "quantity", "print", "group"}:
            rec = hex_record(t)
            rec["quantity"] = t.get("quantity", 1)
            out[tid] = rec
        else:
            q = t.get("quantity", 1) if isinstance(t, dict) else t
            out[tid] = {"count": q, "tile": t.get("tile", tid) if isinstance(t, dict) else tid}
    return out


def compare_tiles(source: dict, ours: dict) -> dict[str, list[str]]:
    """field -> the tile ids where the two files' tiles differ on it."""
    a, b = tile_records(source), tile_records(ours)
    diffs: dict[str, list[str]] = {}
    for tid in sorted(set(a) | set(b)):
        ra, rb = a.get(tid), b.get(tid)
        if ra is None or rb is None:
            diffs.setdefault("tile (missing)" if rb is None else "tile (added)", []).append(tid)
            continue
        for key in sorted(set(ra) | set(rb)):
            if ra.get(key) != rb.get(key):
                diffs.setdefault(key, []).append(tid)
    return diffs

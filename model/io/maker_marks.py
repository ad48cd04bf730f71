"""18xx-maker's drawn marks (tokens, shapes, route bonuses, company labels, marked station
circles) read into :mod:`model.drawing` and written back.

Both directions live here so that they stay each other's inverse: what :func:`read_marks` takes
from a hex or tile definition, :func:`write_marks` gives back field for field. A mark's place
(``angle``, ``percent``, ``x``, ``y``, ``rotation``, ``rotate``) becomes its :class:`Placement`;
its other drawing fields (``width``, ``outline``, ``fontSize``...) its ``style``, as written.
The importer has checked the shapes of all these fields (:mod:`model.io.maker_schema`) before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from model.drawing import CircleMark, CompanyLabel, DrawnToken, Placement, RouteBonus, Shape

PLACE = ("angle", "percent", "x", "y", "rotation", "rotate")
MARK_FIELDS = {
    "tokens": ("drawn_tokens", ("company", "label", "logo", "color", "destination", "reserved")),
    "shapes": ("shapes", ("type", "text", "color", "background", "dashed")),
    "routeBonuses": ("bonuses", ("value",)),
    "companies": ("company_labels", ("label", "color")),
}
"""18xx-maker field -> (our field, the fields that say what the mark is rather than how it is drawn)."""


def _scalar(v: Any) -> bool:
    return isinstance(v, str | int | float | bool) or (isinstance(v, list) and all(isinstance(x, str) for x in v))


def placement(d: dict) -> Placement | None:
    got = {k: d[k] for k in PLACE if d.get(k) is not None}
    return Placement(**got) if got else None


def read_mark(key: str, d: dict, where: str, drop: Callable[[str, str], None]) -> Any:
    """One mark of the list ``key`` (``tokens``, ``shapes``...) of a hex or tile, or None when a
    field of it cannot be held (``drop`` is told where)."""
    _ours, semantic = MARK_FIELDS[key]
    style = {}
    for k, v in d.items():
        if k in PLACE or k in semantic:
            continue
        if not _scalar(v) or len(k) > 40:
            drop(f"{where}.{k}", "a drawing detail that is not a value")
            continue
        style[k] = list(v) if isinstance(v, list) else v
    at = placement(d)
    if key == "tokens":
        return DrawnToken(company=d.get("company"), label=d.get("label"), logo=d.get("logo"), color=d.get("color"),
                          destination=bool(d.get("destination")), reserved=bool(d.get("reserved")), at=at, style=style)
    if key == "shapes":
        kind = d.get("type", "circle")
        if kind not in ("circle", "diamond", "ellipse", "hexagon", "square", "triangle"):
            drop(f"{where}.type", f"a shape of type {str(kind)[:20]!r} (18xx-maker draws circle, diamond, ellipse, hexagon, square, triangle)")
            return None
        return Shape(kind=kind, text=d.get("text"), color=d.get("color"), background=bool(d.get("background")),
                     dashed=bool(d.get("dashed")), at=at, style=style)
    if key == "routeBonuses":
        if not d.get("value"):
            drop(where, "a route bonus with no value")
            return None
        return RouteBonus(value=d["value"], at=at, style=style)
    if not d.get("label"):
        drop(where, "a company label with no label")
        return None
    return CompanyLabel(label=d["label"], color=d.get("color"), at=at, style=style)


def read_marks(h: dict, where: str, drop: Callable[[str, str], None], keys=("tokens", "shapes", "routeBonuses")) -> dict:
    """Our mark fields of a hex or tile definition ``h`` (``drawn_tokens``, ``shapes``, ``bonuses``
    and, when asked, ``company_labels``)."""
    out: dict[str, list] = {}
    for key in keys:
        ours, _ = MARK_FIELDS[key]
        items = []
        for i, d in enumerate(h.get(key) or []):
            mark = read_mark(key, d, f"{where}.{key}[{i}]", drop)
            if mark is not None:
                items.append(mark)
        out[ours] = items
    return out


def write_mark(mark: Any) -> dict:
    """A mark as 18xx-maker writes it (the inverse of :func:`read_mark`)."""
    d: dict = {}
    if isinstance(mark, DrawnToken):
        for k in ("company", "label", "logo", "color"):
            if getattr(mark, k) is not None:
                d[k] = getattr(mark, k)
        for k in ("destination", "reserved"):
            if getattr(mark, k):
                d[k] = True
    elif isinstance(mark, Shape):
        d["type"] = mark.kind
        for k in ("text", "color"):
            if getattr(mark, k) is not None:
                d[k] = getattr(mark, k)
        for k in ("background", "dashed"):
            if getattr(mark, k):
                d[k] = True
    elif isinstance(mark, RouteBonus):
        d["value"] = mark.value
    elif isinstance(mark, CompanyLabel):
        d["label"] = mark.label
        if mark.color is not None:
            d["color"] = mark.color
    d.update(mark.style)
    if mark.at is not None:
        d.update(placement_fields(mark.at))
    return d


def placement_fields(at: Placement) -> dict:
    """A placement as 18xx-maker writes it (whole numbers without a fraction)."""
    return {k: int(v) if float(v).is_integer() else v for k, v in at.model_dump(exclude_none=True).items()}


def write_marks(obj: Any, d: dict) -> None:
    """Write the marks of a cell or tile into its 18xx-maker definition ``d``."""
    for key, (ours, _) in MARK_FIELDS.items():
        marks = getattr(obj, ours)
        if marks:
            d[key] = [write_mark(m) for m in marks]


def circle_marks(companies: list, where: str, fail: Callable[[str, str], Exception]) -> tuple[list[str], list[CircleMark]]:
    """A city's ``companies`` list -> (the companies it reserves circles for, what each circle
    shows); the marks are empty when every entry is a bare company id."""
    reserved: list[str] = []
    marks: list[CircleMark] = []
    for comp in companies:
        if isinstance(comp, str):
            reserved.append(comp)
            marks.append(CircleMark(company=comp, written_as="id"))
        elif isinstance(comp, dict):
            key = "abbrev" if isinstance(comp.get("abbrev"), str) else "label"
            cid = comp.get(key) if isinstance(comp.get(key), str) and comp.get(key) else None
            if cid is not None:
                reserved.append(cid)
            marks.append(CircleMark(company=cid, color=comp.get("color"), reserved=bool(comp.get("reserved")),
                                    written_as=key if cid is not None else "label"))
        else:
            marks.append(CircleMark(written_as="empty"))
    if all(m.written_as == "id" for m in marks):
        marks = []
    return reserved, marks


def write_circles(reserved: list[str], marks: list[CircleMark]) -> list:
    """A city's ``companies`` list (the inverse of :func:`circle_marks`)."""
    if not marks:
        return list(reserved)
    out: list = []
    for m in marks:
        if m.written_as == "empty":
            out.append(None)
        elif m.written_as == "id":
            out.append(m.company)
        else:
            d: dict = {}
            if m.company is not None:
                d[m.written_as] = m.company
            if m.color is not None:
                d["color"] = m.color
            if m.reserved:
                d["reserved"] = True
            out.append(d)
    named = {m.company for m in marks if m.company}
    out += [cid for cid in reserved if cid not in named]  # reservations added since
    return out


ENGINE_HEX_COLORS = frozenset(
    "white yellow green brown gray red blue orange purple sepia salmon gray40 gray50 gray60 gray70 gray80 lightblue "
    "lightgreen lightbrown empty".split()
)
"""Hex colours the 18xx.games map language names (others cannot be written as a colour there)."""


def games_notes(cell: Any, place: str) -> list[str]:
    """One note per thing on ``cell`` that the 18xx.games map language has no place for, each
    naming the item (a drawn token 'MA', a route bonus '+30'...)."""
    out = []
    for m in cell.company_labels:
        out.append(f"{place}: company label {m.label[:30]!r} has no 18xx.games field; not written")
    for m in cell.drawn_tokens:
        what = m.company or m.label or m.logo or m.color or "plain"
        out.append(f"{place}: drawn token {what[:30]!r} has no 18xx.games field; not written")
    for m in cell.shapes:
        out.append(f"{place}: shape {m.kind}{' ' + repr(m.text[:20]) if m.text else ''} has no 18xx.games field; not written")
    for m in cell.bonuses:
        out.append(f"{place}: route bonus {m.value[:30]!r} has no 18xx.games field; not written")
    for k, c in enumerate(cell.cities):
        for j, mark in enumerate(c.marks):
            if mark.color is not None:
                out.append(f"{place}: city {k} circle {j} marked {mark.color[:20]} has no 18xx.games field; not written")
        if c.style:
            out.append(f"{place}: city {k} drawn as a {c.style} has no 18xx.games field; written as a city")
    for k, t in enumerate(cell.towns):
        if t.style and t.style.startswith("boomtown"):
            out.append(f"{place}: town {k} drawn as a boomtown has no 18xx.games field; written as a town")
    for v in cell.extra_values:
        out.append(f"{place}: printed value {str(v)[:20]} beside the stops has no 18xx.games field; not written")
    if any(p.track == "dashed" for p in cell.paths):
        out.append(f"{place}: dashed track has no 18xx.games kind; written as ordinary track")
    color = getattr(cell, "color", None)
    if color and color not in ENGINE_HEX_COLORS:
        out.append(f"{place}: hex colour {color[:30]} is not an 18xx.games colour; written by name")
    return out

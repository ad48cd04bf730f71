"""Painting of what an 18xx.games hex shows beyond track: icons as small pictures, terrain
costs of any terrain, frames, stripes, future labels, stubs and partitions, and the colours of
any hex colour the engine names.

Drawn in the local cell frame of :mod:`editor.render.base` (centre at the origin, cell size
``UNIT``); called by :mod:`editor.render`. See ``docs/rendering.md``.
"""

from __future__ import annotations

import math
import re

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

from editor.render.base import (
    CITY_FILL,
    HILL,
    MOUNTAIN,
    MOUNTAIN_SNOW,
    RIVER,
    TEXT,
    TRACK,
    Geometry,
    covered_area,
    draw_text,
)

HEX_COLORS = {
    "orange": QColor("#f5a442"),
    "purple": QColor("#b07cc6"),
    "sepia": QColor("#d2b48c"),
    "salmon": QColor("#f4a38f"),
    "lightblue": QColor("#add8e6"),
    "black": QColor("#3a3a3a"),
    "empty": QColor(0, 0, 0, 0),
}
"""Fills of the hex colours beyond white/yellow/green/brown/gray/red/blue."""

NAMED = {
    "white": "#ffffff", "yellow": "#f5dc55", "green": "#74bb5d", "brown": "#c08552", "gray": "#bdbdbd",
    "grey": "#bdbdbd", "red": "#e05a4f", "blue": "#4f86d1", "orange": "#f5a442", "purple": "#9b59b6",
    "pink": "#f48fb1", "black": "#222222", "sepia": "#d2b48c", "salmon": "#f4a38f", "water": "#4f86d1",
}


def hex_color(name: str) -> QColor:
    """The fill of a hex colour by name: ours, then ``grayNN`` (NN % light), then Qt's names."""
    if name in HEX_COLORS:
        return HEX_COLORS[name]
    m = re.fullmatch(r"gr[ae]y(\d{1,2})", name)
    if m:
        v = int(255 * (100 - int(m.group(1))) / 100)
        return QColor(v, v, v)
    c = QColor(NAMED.get(name, name))
    return c if c.isValid() else QColor("#dcdcdc")


def any_color(name: str | None, default: str = "#444444") -> QColor:
    """A colour from a map file: ``#rrggbb`` or a name."""
    if not name:
        return QColor(default)
    c = QColor(NAMED.get(name, name))
    return c if c.isValid() else QColor(default)


# --- icons -------------------------------------------------------------------------------------
def icon_image(icon: str) -> str:
    """The image name of a cell icon: ``port`` or ``image:1846/20,sticky:1`` -> ``1846/20``."""
    if icon.startswith("image:"):
        return icon.split(",", 1)[0][len("image:"):]
    return icon


def icon_kind(image: str) -> tuple[str, str | None]:
    """What picture an icon image gets: (kind, detail). Kinds: port, mine, mountain, water,
    tree, grain, oil, train, value (detail: the number), colour (detail: the colour), hex
    (detail: colour), and token for anything else."""
    name = image.rsplit("/", 1)[-1].lower()
    words = set(re.split(r"[^a-z]+", name))
    if words & {"port", "anchor", "harbor", "harbour", "ferry", "ship", "boat", "trajekt"}:
        return "port", None
    if words & {"mine", "coal", "coalcar", "ore", "iron", "gold", "silver", "mining", "quarry"}:
        return "mine", None
    if words & {"mountain", "mountains", "hill", "alps", "pass"}:
        return "mountain", None
    if words & {"river", "water", "canal", "lake", "fish", "swamp", "marsh"}:
        return "water", None
    if words & {"forest", "tree", "wood", "lumber", "timber"}:
        return "tree", None
    if words & {"wheat", "grain", "corn", "rice", "farm", "farmland", "harvest"}:
        return "grain", None
    if words & {"oil", "petroleum"}:
        return "oil", None
    if words & {"train", "loco", "rail", "station", "token"}:
        return "train", None
    if re.fullmatch(r"[+-]?\d{1,4}", name) or re.fullmatch(r"[a-z_]*?(\d{1,4})", name):
        return "value", re.search(r"\d{1,4}", name).group(0)
    for w in name.replace("-", "_").split("_"):
        if w in NAMED:
            return ("hex" if "hex" in words else "colour"), w
    return "token", name[:1].upper() if name[:1].isalpha() else None


def paint_icon(painter: QPainter, at: QPointF, r: float, image: str) -> None:
    """One icon as a small round picture of radius ``r`` centred at ``at``."""
    kind, detail = icon_kind(image)
    painter.save()
    painter.translate(at)
    ring = QPen(TRACK, max(1.0, r * 0.12))
    if kind == "colour":
        painter.setPen(ring)
        painter.setBrush(any_color(detail))
        painter.drawEllipse(QPointF(0, 0), r, r)
        painter.restore()
        return
    if kind == "hex":
        painter.setPen(ring)
        painter.setBrush(any_color(detail))
        painter.drawPolygon(QPolygonF([QPointF(r * math.cos(math.pi / 3 * i), r * math.sin(math.pi / 3 * i)) for i in range(6)]))
        painter.restore()
        return
    painter.setPen(ring)
    painter.setBrush(CITY_FILL)
    painter.drawEllipse(QPointF(0, 0), r, r)
    u = r / 10.0
    line = QPen(TRACK, u * 1.3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(line)
    if kind == "port":  # an anchor: ring, shank, stock and curved arms
        painter.drawEllipse(QPointF(0, -5.5 * u), 1.4 * u, 1.4 * u)
        painter.drawLine(QPointF(0, -4 * u), QPointF(0, 6 * u))
        painter.drawLine(QPointF(-3 * u, -2.5 * u), QPointF(3 * u, -2.5 * u))
        arc = QPainterPath(QPointF(-5.5 * u, 1.5 * u))
        arc.quadTo(QPointF(-4.5 * u, 6.5 * u), QPointF(0, 6 * u))
        arc.quadTo(QPointF(4.5 * u, 6.5 * u), QPointF(5.5 * u, 1.5 * u))
        painter.drawPath(arc)
    elif kind == "mine":  # crossed hammer and pick
        painter.drawLine(QPointF(-5 * u, 5 * u), QPointF(5 * u, -5 * u))
        painter.drawLine(QPointF(-5 * u, -5 * u), QPointF(5 * u, 5 * u))
        pick = QPainterPath(QPointF(1 * u, -6.5 * u))
        pick.quadTo(QPointF(6.5 * u, -6.5 * u), QPointF(6.5 * u, -1 * u))
        painter.drawPath(pick)
        painter.drawLine(QPointF(-6.5 * u, -3.5 * u), QPointF(-3.5 * u, -6.5 * u))
    elif kind == "mountain":
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(MOUNTAIN)
        painter.drawPolygon(QPolygonF([QPointF(-7 * u, 5 * u), QPointF(0, -6 * u), QPointF(7 * u, 5 * u)]))
        painter.setBrush(MOUNTAIN_SNOW)
        painter.drawPolygon(QPolygonF([QPointF(-2.2 * u, -2.5 * u), QPointF(0, -6 * u), QPointF(2.2 * u, -2.5 * u)]))
    elif kind == "water":
        painter.setPen(QPen(RIVER, u * 1.4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        for dy in (-3 * u, 0.5 * u, 4 * u):
            wave = QPainterPath(QPointF(-6 * u, dy))
            wave.cubicTo(QPointF(-3 * u, dy - 2.5 * u), QPointF(-1 * u, dy + 2.5 * u), QPointF(1.5 * u, dy))
            wave.cubicTo(QPointF(3.5 * u, dy - 2.5 * u), QPointF(5 * u, dy + 1.5 * u), QPointF(6 * u, dy))
            painter.drawPath(wave)
    elif kind == "tree":
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(HILL)
        painter.drawPolygon(QPolygonF([QPointF(-5 * u, 3 * u), QPointF(0, -6.5 * u), QPointF(5 * u, 3 * u)]))
        painter.setBrush(QColor("#6b4a2b"))
        painter.drawRect(QRectF(-1 * u, 3 * u, 2 * u, 3.5 * u))
    elif kind == "grain":  # an ear of wheat: a stem and grains on both sides
        painter.setPen(QPen(QColor("#8a6d1c"), u * 1.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawLine(QPointF(0, 7 * u), QPointF(0, -6 * u))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#d9a521"))
        for k in range(4):
            y = -5 * u + k * 2.6 * u
            for sx in (-1, 1):
                painter.save()
                painter.translate(QPointF(sx * 1.6 * u, y))
                painter.rotate(sx * 30)
                painter.drawEllipse(QPointF(0, 0), 1.1 * u, 2.0 * u)
                painter.restore()
        painter.drawEllipse(QPointF(0, -6.8 * u), 1.0 * u, 1.8 * u)
    elif kind == "oil":  # a drop
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(TRACK)
        drop = QPainterPath(QPointF(0, -7 * u))
        drop.cubicTo(QPointF(2 * u, -3 * u), QPointF(5 * u, 0), QPointF(5 * u, 2.5 * u))
        drop.cubicTo(QPointF(5 * u, 5.5 * u), QPointF(2.5 * u, 7 * u), QPointF(0, 7 * u))
        drop.cubicTo(QPointF(-2.5 * u, 7 * u), QPointF(-5 * u, 5.5 * u), QPointF(-5 * u, 2.5 * u))
        drop.cubicTo(QPointF(-5 * u, 0), QPointF(-2 * u, -3 * u), QPointF(0, -7 * u))
        painter.drawPath(drop)
    elif kind == "train":  # a locomotive in profile
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(TRACK)
        painter.drawRect(QRectF(-6 * u, -1 * u, 9 * u, 4 * u))
        painter.drawRect(QRectF(1 * u, -5 * u, 4 * u, 4.5 * u))
        painter.drawRect(QRectF(-5 * u, -4 * u, 1.8 * u, 3 * u))
        for x in (-4 * u, 0.5 * u, 4 * u):
            painter.drawEllipse(QPointF(x, 4 * u), 1.6 * u, 1.6 * u)
    elif kind == "value":
        draw_text(painter, QPointF(0, 0), detail or "", int(r * (1.0 if len(detail or "") < 3 else 0.75)), bold=True, color=TEXT)
    else:  # a plain token: its initial, or a dot
        if detail:
            draw_text(painter, QPointF(0, 0), detail, int(r * 1.1), bold=True, color=TEXT)
        else:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(TRACK)
            painter.drawEllipse(QPointF(0, 0), r * 0.35, r * 0.35)
    painter.restore()


ICON_TEXT_PX = 13
"""The size of the text on a named icon badge (cell units; 13 px at 100 %), as a hex's label reads."""


def icon_badge_text(image: str) -> str:
    """What a named icon's badge says: a short name (a company's mark: ``1846/ic``, ``lsl``,
    ``meat``) in capitals, a longer one (``18_india/rice-30``) as written, with spaces."""
    text = image.rsplit("/", 1)[-1].replace("-", " ").replace("_", " ").strip()
    return text.upper() if len(text) <= 4 and " " not in text else text


ICON_SPOTS = ((0, 0.62), (0.3, 0.66), (-0.3, 0.66), (0.45, 0.42), (-0.45, 0.42), (0.55, 0.0), (-0.55, 0.0),
              (0.42, -0.45), (-0.42, -0.45), (0, 0.8), (0.2, 0.8), (-0.2, 0.8), (0.62, 0.22), (-0.62, 0.22),
              (0.62, -0.22), (-0.62, -0.22))
ICON_SPOTS = ICON_SPOTS + tuple(sorted(
    ((x / 10, y / 10) for x in range(-7, 8) for y in range(-8, 9)),
    key=lambda p: (abs(p[0]) + abs(p[1] - 0.62), p),
))
"""Where an icon that finds no room in the row may go (times the apothem): the usual spots, the
bottom first, then every point of a tenth-apothem grid, nearest the bottom first."""


def _inside(geo: Geometry, rect: QRectF) -> bool:
    """Whether the rect lies inside the cell's outline."""
    from PySide6.QtCore import Qt as _Qt

    return all(geo.polygon.containsPoint(p, _Qt.FillRule.OddEvenFill)
               for p in (rect.topLeft(), rect.topRight(), rect.bottomLeft(), rect.bottomRight()))


def _badge_rect(at: QPointF, text: str, max_width: float) -> QRectF:
    from editor.render.base import text_rect

    rect = text_rect(at, text, ICON_TEXT_PX, bold=True, max_width=max_width)
    h = max(rect.height() + 2, ICON_TEXT_PX * 1.45)
    w = max(rect.width() + 6, h)
    return QRectF(at.x() - w / 2, at.y() - h / 2, w, h)


def _paint_badge(painter: QPainter, at: QPointF, text: str, max_width: float) -> QRectF:
    """A named icon: a white badge ringed like a token, with its name in bold."""
    rect = _badge_rect(at, text, max_width)
    painter.save()
    painter.setPen(QPen(TRACK, 1.6))
    painter.setBrush(CITY_FILL)
    painter.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
    painter.restore()
    draw_text(painter, at, text, ICON_TEXT_PX, bold=True, color=TEXT, max_width=max_width)
    return rect


def paint_icons(painter: QPainter, geo: Geometry, icons: list[str], busy: bool, occupied: list[QRectF] = ()) -> list[QRectF]:  # type: ignore[assignment]
    """A cell's icons: a column at the centre, or a row at the bottom when the cell has track
    (moved to the first other spot that ``occupied``, what the cell drew already, leaves clear).
    Known kinds are pictures; an image of no known kind (a company's mark such as ``1846/ic``, a
    commodity such as ``18_india/rice-30``) is a ringed badge with its name in bold, never the raw
    ``image:...`` text. Returns the rects drawn."""
    a = geo.apothem
    n = len(icons)
    r = a * (0.16 if busy else 0.2)
    images = [icon_image(icon) for icon in icons]
    named = [icon_kind(image)[0] == "token" for image in images]
    texts = [icon_badge_text(image) if is_named else "" for image, is_named in zip(images, named, strict=True)]
    max_w = a * (1.4 if not busy else 0.9)

    def widths() -> list[float]:
        return [_badge_rect(QPointF(0, 0), t, max_w).width() if is_named else 2 * r for t, is_named in zip(texts, named, strict=True)]

    if not busy:  # a column at the centre
        y0 = -a * 0.3 * (n - 1) / 2
        spots = [[QPointF(0, y0 + i * a * 0.3) for i in range(n)]]
    else:  # a row: at the bottom, else at another free spot of the cell
        ws = widths()
        gap = a * 0.08
        total = sum(ws) + gap * (n - 1)

        def row(cx: float, cy: float) -> list[QPointF]:
            out, x = [], cx - total / 2
            for w in ws:
                out.append(QPointF(x + w / 2, cy))
                x += w + gap
            return out

        spots = [row(cx * a, cy * a) for cx, cy in ((0, 0.62), (0.3, 0.66), (-0.3, 0.66), (0.42, 0.42), (-0.42, 0.42),
                                                    (0.5, 0.0), (-0.5, 0.0), (0.4, -0.45), (-0.4, -0.45), (0, 0.78))]

    def rects(points: list[QPointF]) -> list[QRectF]:
        return [_badge_rect(p, t, max_w) if is_named else QRectF(p.x() - r, p.y() - r, 2 * r, 2 * r)
                for p, t, is_named in zip(points, texts, named, strict=True)]

    chosen = spots[0]
    if occupied and len(spots) > 1:
        def cover(points: list[QPointF]) -> float:
            total_cover = 0.0
            for rect in rects(points):
                for o in occupied:
                    i = rect.intersected(o)
                    if not i.isEmpty():
                        total_cover += i.width() * i.height()
            return total_cover

        best = min(range(len(spots)), key=lambda k: (cover(spots[k]) > 0, cover(spots[k]), k))
        chosen = spots[best]
        if cover(chosen) > 0 and n > 1:  # no room for the row: each icon at the first free spot of its own
            taken = list(occupied)
            chosen = []
            for k in range(n):
                def one(p: QPointF, k: int = k) -> QRectF:
                    return rects([p if j == k else QPointF(-1e6, -1e6) for j in range(n)])[k]
                points = [QPointF(cx * a, cy * a) for cx, cy in ICON_SPOTS]
                points = [q for q in points if _inside(geo, one(q))] or points
                pick = min(range(len(points)), key=lambda m: (covered_area(one(points[m]), taken), m))
                chosen.append(points[pick])
                taken.append(one(points[pick]))
    for at, image, text, is_named in zip(chosen, images, texts, named, strict=True):
        if is_named:
            _paint_badge(painter, at, text, max_w)
        else:
            paint_icon(painter, at, r, image)
    return rects(chosen)


# --- terrain costs ----------------------------------------------------------------------------
def paint_costs(painter: QPainter, geo: Geometry, costs, busy: bool) -> None:
    """Terrain costs of any terrain (``upgrade=`` parts): a small picture per terrain (a mountain,
    waves, a tree, a pick; others by their initial) and the cost above it."""
    a = geo.apothem
    r = a * (0.14 if busy else 0.19)
    n = len(costs)
    for i, c in enumerate(costs):
        at = QPointF(a * 0.5, a * 0.3 - i * r * 2.6) if busy else QPointF((i - (n - 1) / 2) * r * 2.8, a * 0.4)
        for j, t in enumerate(c.terrains[:2]):
            paint_icon(painter, QPointF(at.x() + j * r * 1.1, at.y() + j * r * 0.35), r, t)
        if c.cost:
            draw_text(painter, QPointF(at.x(), at.y() - r * 1.65), str(c.cost), int(r * 1.0), bold=True,
                      color=TEXT, background=QColor(255, 255, 255, 210))


# --- frames, stripes, labels, stubs, partitions -----------------------------------------------
def paint_frame(painter: QPainter, geo: Geometry, frame) -> None:
    """A coloured band inside the hex border (two colours: one per half)."""
    poly = geo.polygon
    inner = QPolygonF([QPointF(p.x() * 0.9, p.y() * 0.9) for p in poly])
    band = QPainterPath()
    band.addPolygon(poly)
    band.addPolygon(inner)
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(any_color(frame.color))
    painter.drawPath(band)
    if frame.color2:
        half = QPainterPath()
        half.addRect(QRectF(0, -200, 200, 400))
        painter.setBrush(any_color(frame.color2))
        painter.drawPath(band.intersected(half))
    painter.restore()


def paint_stripes(painter: QPainter, geo: Geometry, color: str) -> None:
    """Diagonal stripes over the hex in ``color``."""
    clip = QPainterPath()
    clip.addPolygon(geo.polygon)
    painter.save()
    painter.setClipPath(clip, Qt.ClipOperation.IntersectClip)
    painter.setPen(QPen(any_color(color), 6))
    for k in range(-12, 13):
        painter.drawLine(QPointF(k * 16 - 120, 120), QPointF(k * 16 + 120, -120))
    painter.restore()


def paint_future_label(painter: QPainter, geo: Geometry, fl) -> None:
    """A future label: the label on a small square of the colour the hex must reach."""
    a = geo.apothem
    at = QPointF(a * 0.58, -a * 0.42)
    s = a * 0.17
    painter.save()
    painter.setPen(QPen(TRACK, 1.2))
    painter.setBrush(any_color(fl.color, "#ffffff"))
    painter.drawRect(QRectF(at.x() - s, at.y() - s, 2 * s, 2 * s))
    painter.restore()
    if fl.label:
        draw_text(painter, at, fl.label, int(s * 1.2), bold=True, max_width=s * 1.9)


def paint_stubs(painter: QPainter, geo: Geometry, stubs: list[int], w: float) -> None:
    """Short track stubs from an edge towards the centre."""
    painter.save()
    painter.setPen(QPen(TRACK, w, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
    for e in stubs:
        if 0 <= e < len(geo.mids):
            m, d = geo.mids[e], geo.inward[e]
            painter.drawLine(m, QPointF(m.x() + d.x() * geo.apothem * 0.35, m.y() + d.y() * geo.apothem * 0.35))
    painter.restore()


def _partition_point(geo: Geometry, text: str) -> QPointF | None:
    """A partition end: an edge number (its midpoint), a half number (a corner) or a fraction."""
    try:
        v = float(text)
    except ValueError:
        return None
    n = len(geo.mids)
    lo = math.floor(v) % n
    hi = (lo + 1) % n
    t = v - math.floor(v)
    p, q = geo.mids[lo], geo.mids[hi]
    if t == 0:
        return p
    # between two edge midpoints: through the shared corner
    return QPointF(p.x() + (q.x() - p.x()) * t, p.y() + (q.y() - p.y()) * t) * (1 / math.cos(math.pi / n))


def paint_partitions(painter: QPainter, geo: Geometry, partitions) -> None:
    """Partition lines across the hex (water: blue, others dark and dashed)."""
    for pt in partitions:
        p, q = _partition_point(geo, pt.a), _partition_point(geo, pt.b)
        if p is None or q is None:
            continue
        pen = QPen(RIVER if pt.type == "water" else TRACK, 5 if pt.type == "water" else 3)
        if pt.type != "water":
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawLine(p, q)

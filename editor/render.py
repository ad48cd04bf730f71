"""Pure painting of boards, cells, edges and tiles with QPainter.

Used by the scene items (``editor/items/``) and by SVG/PNG/PDF export. Nothing here keeps
state about a document: every function paints what the scenario says.

Every cell is painted in a local frame where the cell has the reference size ``UNIT``
(square side or hex circumradius = 100) and its centre is at the origin; the painter is then
scaled by ``size / UNIT``. The shapes of a grid (corners, edge midpoints, track curves) are
therefore the same for every cell and are computed once per grid orientation
(:func:`geometry`). See ``docs/rendering.md`` for the symbols and colours.
"""

from __future__ import annotations

import ctypes
import math
import sys
from dataclasses import dataclass, field
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF

from model.board import Cell
from model.grid import Coord, letters_for
from model.scenario import Scenario
from model.tiles import TileDef, node_index


def guard_none_refcount() -> None:
    """Work around a PySide6 6.12 bug on Python 3.11: void Qt methods drop a reference to None.

    Every call such as ``painter.save()`` or ``painter.setPen(...)`` decrements None's
    reference count once, so a long painting session ends in "Fatal Python error:
    none_dealloc". Since Python 3.12 None is immortal and this does nothing; on 3.11 we give
    None a reference count so large that it can never reach zero. Idempotent.
    """
    if sys.version_info >= (3, 12):
        return
    ref = ctypes.c_ssize_t.from_address(id(None))
    if ref.value < (1 << 40):
        ref.value += 1 << 50


guard_none_refcount()

CELL_SIZE: float = 100.0
"""Scene units per cell: the side of a square, the circumradius of a hex."""

UNIT = 100.0
"""Size of a cell in the local painting frame (see the module docstring)."""

FONT_FAMILY = "DejaVu Sans"
LOW_DETAIL_PX = 40.0
"""Below this many device pixels per cell the scene items paint without text and symbols."""

# --- colours ---------------------------------------------------------------------------------
LAND = QColor("#f6f1e1")
WHITE_HEX = QColor("#fbf8ef")
GRID_LINE = QColor("#9a8f78")
TRACK = QColor("#1d1d1d")
TEXT = QColor("#141414")
LAKE = QColor("#6fa8dc")
LAKE_WAVE = QColor("#3d7fbf")
WATER = QColor("#b9d7f0")
RIVER = QColor("#2f78c4")
GAUGE = QColor("#d42020")
IMPASSABLE = QColor("#2b2118")
MOUNTAIN = QColor("#8b6a43")
MOUNTAIN_SNOW = QColor("#ffffff")
HILL = QColor("#7f9a4a")
CITY_FILL = QColor("#ffffff")
RESERVED_TEXT = QColor("#9a9a9a")
TILE_COLORS = {
    "white": QColor("#fbf8ef"),
    "yellow": QColor("#f5dc55"),
    "green": QColor("#74bb5d"),
    "brown": QColor("#c08552"),
    "gray": QColor("#bdbdbd"),
    "red": QColor("#e05a4f"),
    "blue": QColor("#6fa8dc"),
}
PHASE_COLORS = {"yellow": "#f5dc55", "green": "#74bb5d", "brown": "#c08552", "gray": "#bdbdbd", "red": "#e05a4f"}
TERRAIN_FILL = {
    "plain": LAND,
    "mountain": LAND,
    "hill": LAND,
    "lake": LAKE,
    "water": WATER,
    "gray": TILE_COLORS["gray"],
    "offboard": TILE_COLORS["red"],
}
FALLBACK_OWNER = QColor("#777777")


# --- fonts -----------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def font(pixel_size: int, bold: bool = False) -> QFont:
    """A sans-serif font of the given pixel size (in the local frame's units)."""
    f = QFont(FONT_FAMILY)
    f.setStyleHint(QFont.StyleHint.SansSerif)
    f.setPixelSize(max(1, int(pixel_size)))
    f.setBold(bold)
    return f


@lru_cache(maxsize=512)
def _text_width(text: str, pixel_size: int, bold: bool) -> float:
    return QFontMetricsF(font(pixel_size, bold)).horizontalAdvance(text)


def draw_text(
    painter: QPainter,
    centre: QPointF,
    text: str,
    pixel_size: float,
    *,
    bold: bool = False,
    color: QColor = TEXT,
    max_width: float | None = None,
    background: QColor | None = None,
) -> None:
    """Draw ``text`` centred on ``centre``, shrunk to ``max_width``, optionally on a pale pill."""
    if not text:
        return
    px = int(round(pixel_size))
    if max_width is not None:
        w = _text_width(text, px, bold)
        if w > max_width and w > 0:
            px = max(4, int(px * max_width / w))
    f = font(px, bold)
    w = _text_width(text, px, bold)
    h = px * 1.25
    rect = QRectF(centre.x() - w / 2 - 2, centre.y() - h / 2, w + 4, h)
    if background is not None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(background)
        painter.drawRoundedRect(rect, h / 3, h / 3)
    painter.setFont(f)
    painter.setPen(color)
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


# --- geometry per grid orientation -----------------------------------------------------------
@dataclass
class Geometry:
    """The shape of one cell of a grid in the local frame (centre at the origin, size UNIT)."""

    sides: int
    corners: list[QPointF]
    polygon: QPolygonF
    mids: list[QPointF]
    inward: list[QPointF]
    apothem: float
    side_corners: list[tuple[int, int]]
    _paths: dict = field(default_factory=dict)

    def opposite(self, edge: int) -> int:
        return (edge + self.sides // 2) % self.sides

    def edge_path(self, a: int, b: int) -> QPainterPath:
        """Track from edge ``a`` to edge ``b``: straight when opposite, an arc otherwise."""
        key = (a, b)
        if key not in self._paths:
            self._paths[key] = self._make_edge_path(a, b)
        return self._paths[key]

    def _make_edge_path(self, a: int, b: int) -> QPainterPath:
        pa, pb = self.mids[a], self.mids[b]
        path = QPainterPath(pa)
        if b == self.opposite(a) or a == b:
            path.lineTo(pb)
            return path
        # The arc is tangent to both inward normals: its centre is where the two side lines meet.
        da = QPointF(-self.inward[a].y(), self.inward[a].x())  # along side a
        db = QPointF(-self.inward[b].y(), self.inward[b].x())
        den = da.x() * db.y() - da.y() * db.x()
        if abs(den) < 1e-9:
            path.lineTo(pb)
            return path
        t = ((pb.x() - pa.x()) * db.y() - (pb.y() - pa.y()) * db.x()) / den
        c = QPointF(pa.x() + t * da.x(), pa.y() + t * da.y())
        r = math.hypot(pa.x() - c.x(), pa.y() - c.y())
        ang_a = math.degrees(math.atan2(-(pa.y() - c.y()), pa.x() - c.x()))
        ang_b = math.degrees(math.atan2(-(pb.y() - c.y()), pb.x() - c.x()))
        sweep = (ang_b - ang_a + 180.0) % 360.0 - 180.0
        path.arcTo(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), ang_a, sweep)
        return path


_GEOMETRY: dict[tuple, Geometry] = {}


def geometry(grid) -> Geometry:
    """The cached :class:`Geometry` of a grid's cells."""
    key = (grid.kind, getattr(grid, "orientation", None))
    geo = _GEOMETRY.get(key)
    if geo is not None:
        return geo
    origin = (0, getattr(grid, "parity", 0))
    cx, cy = grid.centre(origin, UNIT)
    corners = [QPointF(x - cx, y - cy) for x, y in grid.corners(origin, UNIT)]
    mids, inward, side_corners = [], [], []
    n = len(corners)
    for e in range(grid.sides):
        mx, my = grid.edge_midpoint(origin, e, UNIT)
        m = QPointF(mx - cx, my - cy)
        mids.append(m)
        d = math.hypot(m.x(), m.y())
        inward.append(QPointF(-m.x() / d, -m.y() / d))
        best = min(
            range(n),
            key=lambda i: (corners[i].x() + corners[(i + 1) % n].x() - 2 * m.x()) ** 2
            + (corners[i].y() + corners[(i + 1) % n].y() - 2 * m.y()) ** 2,
        )
        side_corners.append((best, (best + 1) % n))
    apothem = math.hypot(mids[0].x(), mids[0].y())
    geo = Geometry(grid.sides, corners, QPolygonF(corners), mids, inward, apothem, side_corners)
    _GEOMETRY[key] = geo
    return geo


def cell_polygon(grid, coord: Coord, size: float = CELL_SIZE) -> QPolygonF:
    """The outline of a cell in scene coordinates."""
    return QPolygonF([QPointF(x, y) for x, y in grid.corners(coord, size)])


def cell_centre(grid, coord: Coord, size: float = CELL_SIZE) -> QPointF:
    x, y = grid.centre(coord, size)
    return QPointF(x, y)


# --- track and nodes -------------------------------------------------------------------------
@dataclass
class _Track:
    """What to draw for a cell's track: paths, node kinds and data, and the background colour."""

    paths: list[tuple]
    kinds: list[str]
    slots: list[int]
    revenues: list
    styles: list
    tags: tuple = ()


def _node_positions(geo: Geometry, kinds: list[str], paths: list[tuple]) -> list[QPointF]:
    """Where each node sits: alone at the centre, otherwise pulled towards the edges it serves."""
    n = len(kinds)
    if n == 0:
        return []
    if n == 1:
        return [QPointF(0, 0)]
    edges: dict[int, list[int]] = {i: [] for i in range(n)}
    for a, b, _t in paths:
        for x, y in ((a, b), (b, a)):
            k = node_index(x)
            if k is not None and k < n and isinstance(y, int):
                edges[k].append(y)
    out: list[QPointF | None] = [None] * n
    for k, es in edges.items():
        if es:
            sx = sum(geo.mids[e].x() for e in es) / len(es)
            sy = sum(geo.mids[e].y() for e in es) / len(es)
            d = math.hypot(sx, sy)
            if d < 1e-6:  # e.g. a straight through: stay on the line, offset later if needed
                out[k] = QPointF(0, 0)
            else:
                r = geo.apothem * 0.45
                out[k] = QPointF(sx / d * r, sy / d * r)
    ring = [
        QPointF(geo.apothem * 0.45 * math.cos(math.pi + 2 * math.pi * i / n), geo.apothem * 0.45 * math.sin(math.pi + 2 * math.pi * i / n))
        for i in range(n)
    ]
    for k in range(n):
        if out[k] is None:
            placed = [p for p in out if p is not None]
            out[k] = max(ring, key=lambda q: min((math.hypot(q.x() - p.x(), q.y() - p.y()) for p in placed), default=0.0))
    _spread(out, _city_radius(geo) * 2.1)  # type: ignore[arg-type]
    return out  # type: ignore[return-value]


def _spread(points: list[QPointF], min_gap: float) -> None:
    """Push apart nodes that would overlap (e.g. two cities serving neighbouring sides)."""
    for _round in range(6):
        moved = False
        for i in range(len(points)):
            for j in range(i + 1, len(points)):
                p, q = points[i], points[j]
                dx, dy = q.x() - p.x(), q.y() - p.y()
                d = math.hypot(dx, dy)
                if d >= min_gap:
                    continue
                if d < 1e-6:
                    dx, dy, d = 1.0, 0.0, 1.0
                push = (min_gap - d) / 2
                ux, uy = dx / d * push, dy / d * push
                points[i] = QPointF(p.x() - ux, p.y() - uy)
                points[j] = QPointF(q.x() + ux, q.y() + uy)
                moved = True
        if not moved:
            return


def _port_point(port, geo: Geometry, pos: list[QPointF]) -> QPointF:
    k = node_index(port)
    return pos[k] if k is not None else geo.mids[port]


def _path_shape(a, b, geo: Geometry, pos: list[QPointF]) -> QPainterPath:
    if isinstance(a, int) and isinstance(b, int):
        return geo.edge_path(a, b)
    pa, pb = _port_point(a, geo, pos), _port_point(b, geo, pos)
    p = QPainterPath(pa)
    p.lineTo(pb)
    return p


def _track_width(geo: Geometry) -> float:
    return 11.0 if geo.sides == 6 else 8.0


def _city_radius(geo: Geometry) -> float:
    return min(25.0, geo.apothem * 0.36)


def _slot_offsets(slots: int, r: float) -> list[QPointF]:
    if slots <= 1:
        return [QPointF(0, 0)]
    if slots == 2:
        return [QPointF(-r, 0), QPointF(r, 0)]
    if slots == 3:
        return [QPointF(0, -r * 1.1), QPointF(-r, r * 0.65), QPointF(r, r * 0.65)]
    if slots == 4:
        return [QPointF(-r, -r), QPointF(r, -r), QPointF(-r, r), QPointF(r, r)]
    return [QPointF((i - (slots - 1) / 2) * 2 * r, 0) for i in range(slots)]


def _paint_track(
    painter: QPainter,
    geo: Geometry,
    track: _Track,
    background: QColor,
    detail: bool,
    tokens: list[list[tuple[str, QColor, QColor, bool]]] | None = None,
    names: list[str | None] | None = None,
) -> None:
    """Paint paths and nodes. ``tokens[k]`` lists (text, fill, text colour, reserved) for city k."""
    w = _track_width(geo)
    pos = _node_positions(geo, track.kinds, track.paths)
    town_arcs: dict[int, QPainterPath] = {}
    # A town with exactly two edge paths sits on one edge-to-edge curve (like printed 18xx tiles).
    for k, kind in enumerate(track.kinds):
        if kind != "town":
            continue
        es = [(b if node_index(a) == k else a) for a, b, _t in track.paths if k in (node_index(a), node_index(b))]
        if len(es) == 2 and es[0] != es[1] and all(isinstance(e, int) for e in es) and len(track.kinds) == 1:
            town_arcs[k] = geo.edge_path(es[0], es[1])
            pos[k] = geo.edge_path(es[0], es[1]).pointAtPercent(0.5)
    pen = QPen(TRACK, w, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.RoundJoin)
    casing = QPen(background, w * 2.6, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.RoundJoin)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    drawn_ports: list[set] = []
    done_towns: set[int] = set()
    for a, b, terminal in track.paths:
        ka, kb = node_index(a), node_index(b)
        tk = ka if ka in town_arcs else kb if kb in town_arcs else None
        if tk is not None:
            if tk in done_towns:
                continue
            done_towns.add(tk)
            shape = town_arcs[tk]
        else:
            shape = _path_shape(a, b, geo, pos)
        ports = {a, b}
        # A path that meets no earlier path passes over it: a gap (background casing) shows the two levels.
        if drawn_ports and not any(ports & s for s in drawn_ports) and detail:
            painter.setPen(casing)
            painter.drawPath(_middle_of(shape, 0.2, 0.8))
        drawn_ports.append(ports)
        if terminal and (isinstance(a, int) or isinstance(b, int)):
            _paint_terminal(painter, geo, a if isinstance(a, int) else b, w)
            continue
        painter.setPen(pen)
        painter.drawPath(shape)
        if a == b:
            continue
        if "tunnel" in track.tags and isinstance(a, int) and isinstance(b, int):
            _paint_tunnel(painter, geo, a, b, w, background)
        if "bridge" in track.tags and isinstance(a, int) and isinstance(b, int):
            _paint_bridge(painter, geo, a, b, w)
    # nodes on top of the track
    for k, kind in enumerate(track.kinds):
        p = pos[k]
        if kind == "junction":
            if sum(1 for a, b, t in track.paths if not t and k in (node_index(a), node_index(b))) < 2:
                continue  # only off-board exits meet here: nothing to join
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(TRACK)
            painter.drawEllipse(p, w / 2, w / 2)
        elif kind == "town":
            _paint_town(painter, geo, track, k, p, w, detail, k in town_arcs)
        elif kind == "city":
            city_tokens = tokens[k] if tokens is not None and k < len(tokens) else []
            others = [q for j, q in enumerate(pos) if j != k]
            away = None
            if others:
                ox, oy = sum(q.x() for q in others) / len(others), sum(q.y() for q in others) / len(others)
                d = math.hypot(p.x() - ox, p.y() - oy)
                if d > 1e-6:
                    away = QPointF((p.x() - ox) / d, (p.y() - oy) / d)
            _paint_city(painter, geo, p, track.slots[k], track.revenues[k], city_tokens, detail, away)
        elif kind == "turntable":
            _paint_turntable(painter, geo, p, w)
        elif kind == "buffer":
            _paint_buffer(painter, geo, track, k, p, w)
        elif kind == "platform":
            painter.setPen(QPen(TRACK, 2))
            painter.setBrush(CITY_FILL)
            painter.drawRect(QRectF(p.x() - 12, p.y() - 8, 24, 16))


def _middle_of(path: QPainterPath, t0: float, t1: float, steps: int = 12) -> QPainterPath:
    """The part of ``path`` between two fractions of its length (as a polyline)."""
    out = QPainterPath(path.pointAtPercent(t0))
    for i in range(1, steps + 1):
        out.lineTo(path.pointAtPercent(t0 + (t1 - t0) * i / steps))
    return out


def _paint_terminal(painter: QPainter, geo: Geometry, edge: int, w: float) -> None:
    """An off-board exit: a black wedge pointing out through the edge."""
    m, d = geo.mids[edge], geo.inward[edge]
    s = QPointF(-d.y(), d.x())
    depth = geo.apothem * 0.55
    tip = QPointF(m.x() + d.x() * depth, m.y() + d.y() * depth)
    half = w * 1.1
    poly = QPolygonF([QPointF(m.x() + s.x() * half, m.y() + s.y() * half), tip, QPointF(m.x() - s.x() * half, m.y() - s.y() * half)])
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(TRACK)
    painter.drawPolygon(poly)


def _edge_frame(geo: Geometry, a: int, b: int) -> tuple[QPointF, QPointF, QPointF, float]:
    pa, pb = geo.mids[a], geo.mids[b]
    length = math.hypot(pb.x() - pa.x(), pb.y() - pa.y())
    u = QPointF((pb.x() - pa.x()) / length, (pb.y() - pa.y()) / length)
    n = QPointF(-u.y(), u.x())
    return pa, u, n, length


def _paint_bridge(painter: QPainter, geo: Geometry, a: int, b: int, w: float) -> None:
    """Bridge parapets: two lines alongside the track with splayed ends."""
    pa, u, n, length = _edge_frame(geo, a, b)
    off, s0, s1, flare = w * 1.3, length * 0.22, length * 0.78, w * 0.9
    painter.setPen(QPen(QColor("#5a3b1c"), w * 0.45, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for sign in (1, -1):
        def at(t: float, o: float, sign: int = sign) -> QPointF:
            return QPointF(pa.x() + u.x() * t + n.x() * o * sign, pa.y() + u.y() * t + n.y() * o * sign)

        poly = QPolygonF([at(s0 - flare, off + flare), at(s0, off), at(s1, off), at(s1 + flare, off + flare)])
        painter.drawPolyline(poly)


def _paint_tunnel(painter: QPainter, geo: Geometry, a: int, b: int, w: float, background: QColor) -> None:
    """A tunnel: the middle of the track drawn dashed under the hill, with a portal at each end."""
    pa, u, n, length = _edge_frame(geo, a, b)
    s0, s1 = length * 0.25, length * 0.75
    p0 = QPointF(pa.x() + u.x() * s0, pa.y() + u.y() * s0)
    p1 = QPointF(pa.x() + u.x() * s1, pa.y() + u.y() * s1)
    painter.setPen(QPen(background, w + 1, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
    painter.drawLine(p0, p1)
    dash = QPen(TRACK, w * 0.55, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap)
    painter.setPen(dash)
    painter.drawLine(p0, p1)
    painter.setPen(QPen(QColor("#5a3b1c"), w * 0.55, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    r = w * 1.5
    ang = math.degrees(math.atan2(-u.y(), u.x()))
    for p, start in ((p0, ang + 90), (p1, ang - 90)):
        painter.drawArc(QRectF(p.x() - r, p.y() - r, 2 * r, 2 * r), int(start * 16), int(180 * 16))


def _paint_turntable(painter: QPainter, geo: Geometry, p: QPointF, w: float) -> None:
    r = geo.apothem * 0.42
    painter.setPen(QPen(TRACK, 2.5))
    painter.setBrush(QColor("#d9d2c0"))
    painter.drawEllipse(p, r, r)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(p, r * 0.78, r * 0.78)
    painter.setPen(QPen(TRACK, w, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
    painter.drawLine(QPointF(p.x() - r * 0.78, p.y()), QPointF(p.x() + r * 0.78, p.y()))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(TRACK)
    painter.drawEllipse(p, w * 0.5, w * 0.5)


def _paint_buffer(painter: QPainter, geo: Geometry, track: _Track, k: int, p: QPointF, w: float) -> None:
    """A dead end: a buffer bar across the end of the track."""
    edges = [b if node_index(a) == k else a for a, b, _t in track.paths if k in (node_index(a), node_index(b))]
    d = geo.inward[edges[0]] if edges and isinstance(edges[0], int) else QPointF(0, 1)
    s = QPointF(-d.y(), d.x())
    half = w * 1.6
    painter.setPen(QPen(QColor("#b01010"), w * 0.9, Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap))
    painter.drawLine(QPointF(p.x() + s.x() * half, p.y() + s.y() * half), QPointF(p.x() - s.x() * half, p.y() - s.y() * half))


def _paint_town(painter: QPainter, geo: Geometry, track: _Track, k: int, p: QPointF, w: float, detail: bool, on_curve: bool) -> None:
    edges = [b if node_index(a) == k else a for a, b, _t in track.paths if k in (node_index(a), node_index(b))]
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(TRACK)
    style = track.styles[k] if k < len(track.styles) else None
    if len(edges) == 2 and edges[0] != edges[1] and style != "dot" and all(isinstance(e, int) for e in edges):
        # a bar across the track
        if on_curve:
            shape = geo.edge_path(edges[0], edges[1])
            ang = shape.angleAtPercent(0.5)
            u = QPointF(math.cos(math.radians(ang)), -math.sin(math.radians(ang)))
        else:
            a, b = geo.mids[edges[0]], geo.mids[edges[1]]
            L = math.hypot(b.x() - a.x(), b.y() - a.y())
            u = QPointF((b.x() - a.x()) / L, (b.y() - a.y()) / L)
        n = QPointF(-u.y(), u.x())
        hl, hw = w * 1.7, w * 0.55
        poly = QPolygonF(
            [
                QPointF(p.x() + n.x() * hl + u.x() * hw, p.y() + n.y() * hl + u.y() * hw),
                QPointF(p.x() + n.x() * hl - u.x() * hw, p.y() + n.y() * hl - u.y() * hw),
                QPointF(p.x() - n.x() * hl - u.x() * hw, p.y() - n.y() * hl - u.y() * hw),
                QPointF(p.x() - n.x() * hl + u.x() * hw, p.y() - n.y() * hl + u.y() * hw),
            ]
        )
        painter.drawPolygon(poly)
    else:
        painter.drawEllipse(p, w * 0.95, w * 0.95)
    if detail:
        _paint_revenue(painter, QPointF(p.x() + w * 2.6, p.y() - w * 2.0), track.revenues[k], 9.0)


def _paint_revenue(painter: QPainter, at: QPointF, revenue, r: float) -> None:
    """A revenue: a number in a small white circle, or coloured boxes for phase revenues."""
    if revenue in (0, "0", None, ""):
        return
    if isinstance(revenue, str) and ("|" in revenue or "_" in revenue):
        parts = []
        for part in revenue.split("|"):
            colour, _, value = part.partition("_")
            parts.append((PHASE_COLORS.get(colour, "#ffffff"), value or colour))
        bw, bh = r * 2.4, r * 2.0
        x0 = at.x() - bw * len(parts) / 2
        for i, (colour, value) in enumerate(parts):
            rect = QRectF(x0 + i * bw, at.y() - bh / 2, bw, bh)
            painter.setPen(QPen(TRACK, 1))
            painter.setBrush(QColor(colour))
            painter.drawRect(rect)
            draw_text(painter, rect.center(), value, r * 1.25, bold=True, max_width=bw - 2)
        return
    painter.setPen(QPen(TRACK, 1.2))
    painter.setBrush(CITY_FILL)
    painter.drawEllipse(at, r, r)
    draw_text(painter, at, str(revenue), r * 1.15, bold=True, max_width=r * 1.9)


def _paint_city(
    painter: QPainter, geo: Geometry, p: QPointF, slots: int, revenue, tokens, detail: bool, away: QPointF | None = None
) -> None:
    r = _city_radius(geo)
    slots = max(1, slots)
    if slots > 4:
        r = min(r, geo.apothem * 1.6 / (2 * slots))
    offs = _slot_offsets(slots, r)
    painter.setPen(QPen(TRACK, 2.0))
    painter.setBrush(CITY_FILL)
    if slots == 2:
        painter.drawRoundedRect(QRectF(p.x() - 2 * r, p.y() - r, 4 * r, 2 * r), r, r)
    elif slots in (3, 4):
        ext = max(abs(o.x()) for o in offs) + r
        ey = max(abs(o.y()) for o in offs) + r
        painter.drawRoundedRect(QRectF(p.x() - ext, p.y() - ey, 2 * ext, 2 * ey), r, r)
    for i, o in enumerate(offs):
        c = QPointF(p.x() + o.x(), p.y() + o.y())
        token = tokens[i] if i < len(tokens) else None
        painter.setPen(QPen(TRACK, 2.0))
        painter.setBrush(token[1] if token is not None and not token[3] else CITY_FILL)
        painter.drawEllipse(c, r * 0.96, r * 0.96)
        if token is not None and detail:
            text, _fill, text_color, reserved = token
            draw_text(painter, c, text, r * 0.8, bold=True, color=RESERVED_TEXT if reserved else text_color, max_width=r * 1.75)
    if detail:
        ext = max(abs(o.x()) for o in offs) + r
        if away is None:
            at = QPointF(p.x() - ext - 6, p.y() - r - 2)
        else:  # several stops in the cell: put the revenue on the side away from the others
            at = QPointF(p.x() + away.x() * (ext + 8), p.y() + away.y() * (r + 8))
            d = math.hypot(at.x(), at.y())
            limit = geo.apothem * 0.8
            if d > limit:
                at = QPointF(at.x() * limit / d, at.y() * limit / d)
        _paint_revenue(painter, at, revenue, 10.0)


# --- terrain symbols -------------------------------------------------------------------------
def _paint_mountain(painter: QPainter, at: QPointF, cost: int, s: float) -> None:
    poly = QPolygonF([QPointF(at.x() - s, at.y() + s * 0.6), QPointF(at.x(), at.y() - s * 0.8), QPointF(at.x() + s, at.y() + s * 0.6)])
    painter.setPen(QPen(QColor("#4a3520"), 1.5))
    painter.setBrush(MOUNTAIN)
    painter.drawPolygon(poly)
    cap = QPolygonF([QPointF(at.x() - s * 0.3, at.y() - s * 0.38), QPointF(at.x(), at.y() - s * 0.8), QPointF(at.x() + s * 0.3, at.y() - s * 0.38)])
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(MOUNTAIN_SNOW)
    painter.drawPolygon(cap)
    if cost:
        draw_text(painter, QPointF(at.x(), at.y() + s * 0.25), str(cost), s * 0.62, bold=True, color=QColor("#ffffff"))


def _paint_hill(painter: QPainter, at: QPointF, cost: int, s: float) -> None:
    path = QPainterPath(QPointF(at.x() - s, at.y() + s * 0.5))
    path.cubicTo(QPointF(at.x() - s * 0.7, at.y() - s * 0.7), QPointF(at.x() + s * 0.7, at.y() - s * 0.7), QPointF(at.x() + s, at.y() + s * 0.5))
    path.closeSubpath()
    painter.setPen(QPen(QColor("#4d5f2a"), 1.5))
    painter.setBrush(HILL)
    painter.drawPath(path)
    if cost:
        draw_text(painter, QPointF(at.x(), at.y() + s * 0.12), str(cost), s * 0.58, bold=True, color=QColor("#ffffff"))


def _paint_waves(painter: QPainter, at: QPointF, s: float, color: QColor, rows: int = 2) -> None:
    painter.setPen(QPen(color, 2.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for row in range(rows):
        y = at.y() + (row - (rows - 1) / 2) * s * 0.5
        path = QPainterPath(QPointF(at.x() - s, y))
        for i in range(4):
            x0 = at.x() - s + i * s / 2
            path.quadTo(QPointF(x0 + s / 8, y + (-1) ** i * s * 0.14), QPointF(x0 + s / 4, y))
            path.quadTo(QPointF(x0 + 3 * s / 8, y - (-1) ** i * s * 0.14), QPointF(x0 + s / 2, y))
        painter.drawPath(path)


def _paint_cost_badge(painter: QPainter, at: QPointF, cost: int, color: QColor) -> None:
    painter.setPen(QPen(color, 2))
    painter.setBrush(CITY_FILL)
    painter.drawEllipse(at, 11, 11)
    draw_text(painter, at, str(cost), 11, bold=True, color=color, max_width=20)


# --- owners and tokens -----------------------------------------------------------------------
def owner_colors(scenario: Scenario, owner_id: str | None) -> tuple[QColor, QColor]:
    """Fill and text colour of a company or player id (companies first)."""
    if owner_id:
        comp = scenario.company(owner_id)
        if comp is not None:
            return QColor(comp.color), QColor(comp.text_color)
        player = scenario.player(owner_id)
        if player is not None:
            fill = QColor(player.color)
            return fill, (QColor("#000000") if fill.lightness() > 150 else QColor("#ffffff"))
    return FALLBACK_OWNER, QColor("#ffffff")


def _city_tokens(scenario: Scenario, cell: Cell, n_cities: int) -> list[list[tuple[str, QColor, QColor, bool]]]:
    out: list[list] = [[] for _ in range(n_cities)]
    placed: list[set] = [set() for _ in range(n_cities)]
    for t in cell.tokens:
        if t.city < n_cities:
            fill, txt = owner_colors(scenario, t.company)
            out[t.city].append((t.company, fill, txt, False))
            placed[t.city].add(t.company)
    for k in range(n_cities):
        reserved = list(cell.cities[k].reserved) if k < len(cell.cities) else []
        if k == 0:
            reserved += cell.reserved
        for cid in reserved:
            if cid not in placed[k] and all(cid not in s for s in placed):
                out[k].append((cid, CITY_FILL, RESERVED_TEXT, True))
    return out


# --- cells -----------------------------------------------------------------------------------
def _cell_track(scenario: Scenario, cell: Cell) -> tuple[_Track | None, TileDef | None]:
    tdef = scenario.tile(cell.tile.tile) if cell.tile is not None else None
    if tdef is not None:
        sides = scenario.board.grid.sides
        return (
            _Track(
                paths=list(tdef.rotated_paths(cell.tile.rotation, sides)),
                kinds=[n.kind for n in tdef.nodes],
                slots=[n.slots for n in tdef.nodes],
                revenues=[n.revenue for n in tdef.nodes],
                styles=[n.style for n in tdef.nodes],
                tags=tuple(tdef.tags),
            ),
            tdef,
        )
    kinds = ["city"] * len(cell.cities) + ["town"] * len(cell.towns) + (["junction"] if cell.junction else [])
    if not kinds and not cell.paths:
        return None, None
    return (
        _Track(
            paths=[(p.a, p.b, p.terminal) for p in cell.paths],
            kinds=kinds,
            slots=[c.slots for c in cell.cities] + [1] * (len(cell.towns) + (1 if cell.junction else 0)),
            revenues=[c.revenue for c in cell.cities] + [t.revenue for t in cell.towns] + [0] * (1 if cell.junction else 0),
            styles=[None] * len(kinds),
        ),
        None,
    )


def cell_background(scenario: Scenario, cell: Cell) -> QColor:
    """The fill of a cell: the laid tile's colour, else the printed colour, else the terrain's."""
    if cell.tile is not None:
        tdef = scenario.tile(cell.tile.tile)
        if tdef is not None and tdef.color in TILE_COLORS:
            return TILE_COLORS[tdef.color]
    if cell.color is not None:
        return TILE_COLORS[cell.color]
    return TERRAIN_FILL.get(cell.terrain, LAND)


def paint_cell(painter: QPainter, scenario: Scenario, coord: Coord, size: float, *, detail: bool = True) -> None:
    """Paint one cell (background, terrain, features, track, tokens, text) in scene coordinates."""
    grid = scenario.board.grid
    x, y = grid.centre(coord, size)
    paint_cell_at(painter, scenario, coord, QPointF(x, y), size, detail=detail)


def paint_cell_at(painter: QPainter, scenario: Scenario, coord: Coord, centre: QPointF, size: float, *, detail: bool = True) -> None:
    """Paint one cell with its centre at ``centre`` (items paint in their own coordinates)."""
    grid = scenario.board.grid
    geo = geometry(grid)
    cell = scenario.board.cell(coord)
    painter.save()
    painter.translate(centre)
    s = size / UNIT
    painter.scale(s, s)
    bg = cell_background(scenario, cell)
    painter.setPen(QPen(GRID_LINE, 1.5 if detail else 2.5))
    painter.setBrush(bg)
    painter.drawPolygon(geo.polygon)
    try:
        if not cell.is_empty():
            _paint_cell_content(painter, scenario, grid, geo, coord, cell, bg, detail)
    finally:
        painter.restore()


def _paint_cell_content(painter, scenario, grid, geo, coord, cell, bg, detail) -> None:
    track, tdef = _cell_track(scenario, cell)
    covered = tdef is not None and tdef.color != "track"  # a coloured 18xx tile covers the printed hex
    busy = track is not None or cell.platform is not None
    a = geo.apothem
    # terrain
    if detail and not covered:
        sym = QPointF(a * 0.5, a * 0.45) if busy else QPointF(0, 0)
        big = 13.0 if busy else 20.0
        if cell.terrain == "mountain":
            _paint_mountain(painter, sym, cell.cost, big * 1.35)
        elif cell.terrain == "hill":
            _paint_hill(painter, sym, cell.cost, big * 1.3)
        elif cell.terrain == "lake":
            _paint_waves(painter, QPointF(0, a * 0.45) if busy else QPointF(0, 0), a * 0.5, LAKE_WAVE, 2)
        elif cell.terrain == "water":
            _paint_waves(painter, QPointF(0, a * 0.4) if busy else QPointF(0, a * 0.15), a * 0.55, RIVER, 2)
            if cell.cost:
                _paint_cost_badge(painter, QPointF(0, -a * 0.3), cell.cost, RIVER)
    elif not detail and not covered and cell.terrain in ("mountain", "hill"):
        s = 20.0
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(MOUNTAIN if cell.terrain == "mountain" else HILL)
        painter.drawPolygon(QPolygonF([QPointF(-s, s * 0.6), QPointF(0, -s * 0.8), QPointF(s, s * 0.6)]))
    if cell.platform is not None:
        _paint_platform(painter, scenario, geo, cell, detail)
    if track is not None:
        n_cities = track.kinds.count("city")
        tokens = _city_tokens(scenario, cell, n_cities) if n_cities else None
        _paint_track(painter, geo, track, bg, detail, tokens)
    if not detail:
        return
    _paint_destination_markers(painter, scenario, grid, geo, coord, cell)
    # texts
    name = cell.name or next((c.name for c in cell.cities if c.name), None) or next((t.name for t in cell.towns if t.name), None)
    if name:
        draw_text(painter, QPointF(0, -a * 0.74), name, 13, bold=True, max_width=a * 1.5 if geo.sides == 6 else a * 1.9,
                  background=QColor(255, 255, 255, 170))
    label = cell.label or (tdef.label if tdef is not None else None)
    if label:
        draw_text(painter, _label_position(geo), label, 15, bold=True, max_width=a * 0.55)
    if cell.icons:
        _paint_icons(painter, geo, cell.icons, busy or (not covered and cell.terrain in ("mountain", "hill", "water")))
    if tdef is not None and tdef.color != "track":
        draw_text(painter, QPointF(a * 0.55, a * 0.72), tdef.id, 9, color=QColor(0, 0, 0, 150), max_width=a * 0.6)


def _label_position(geo: Geometry) -> QPointF:
    """Where a cell's label ('OO', 'B', '+?') goes: the lower left, clear of centred cities."""
    a = geo.apothem
    return QPointF(-a * 0.6, a * 0.55) if geo.sides == 6 else QPointF(-a * 0.68, -a * 0.68)


def _paint_icons(painter: QPainter, geo: Geometry, icons: list[str], busy: bool) -> None:
    """Icons (e.g. commodities '18_india/rice-30') as small labelled badges."""
    a = geo.apothem
    n = len(icons)
    y0 = a * 0.62 if busy else -a * 0.3 * (n - 1) / 2
    for i, icon in enumerate(icons):
        text = icon.rsplit("/", 1)[-1].replace("-", " ")
        at = QPointF(0, y0 + i * a * 0.3) if not busy else QPointF((i - (n - 1) / 2) * a * 0.55, y0)
        draw_text(painter, at, text, 11, max_width=a * (1.4 if not busy else 0.5), background=QColor(255, 255, 255, 200))


def _paint_platform(painter: QPainter, scenario: Scenario, geo: Geometry, cell: Cell, detail: bool) -> None:
    """A station platform in its owner's colour, with track to its access side and an access arrow."""
    plat = cell.platform
    fill, text_color = owner_colors(scenario, plat.owner)
    e = plat.access % geo.sides
    m, d = geo.mids[e], geo.inward[e]
    s = QPointF(-d.y(), d.x())
    a = geo.apothem
    w = _track_width(geo)
    # the platform body sits on the far side of the cell, across the direction of access
    c = QPointF(d.x() * a * 0.35, d.y() * a * 0.35)
    painter.setPen(QPen(TRACK, w, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
    painter.drawLine(m, c)
    half_len, half_w = a * 0.62, a * 0.2
    body = QPolygonF(
        [
            QPointF(c.x() + s.x() * half_len + d.x() * half_w, c.y() + s.y() * half_len + d.y() * half_w),
            QPointF(c.x() - s.x() * half_len + d.x() * half_w, c.y() - s.y() * half_len + d.y() * half_w),
            QPointF(c.x() - s.x() * half_len - d.x() * half_w, c.y() - s.y() * half_len - d.y() * half_w),
            QPointF(c.x() + s.x() * half_len - d.x() * half_w, c.y() + s.y() * half_len - d.y() * half_w),
        ]
    )
    painter.setPen(QPen(TRACK, 2))
    painter.setBrush(fill)
    painter.drawPolygon(body)
    # access arrow at the edge, pointing into the cell
    tip = QPointF(m.x() + d.x() * a * 0.22, m.y() + d.y() * a * 0.22)
    arrow = QPolygonF([QPointF(m.x() + s.x() * a * 0.2, m.y() + s.y() * a * 0.2), tip, QPointF(m.x() - s.x() * a * 0.2, m.y() - s.y() * a * 0.2)])
    painter.setPen(QPen(TRACK, 1.5))
    painter.setBrush(fill)
    painter.drawPolygon(arrow)
    if not detail:
        return
    text = plat.name or plat.station
    painter.save()
    painter.translate(c)
    angle = math.degrees(math.atan2(s.y(), s.x()))
    if angle > 90.01 or angle < -89.99:
        angle -= 180  # keep the text upright
    painter.rotate(angle)
    draw_text(painter, QPointF(0, 0), text, 12, bold=True, color=text_color, max_width=half_len * 1.8)
    painter.restore()
    badge = QPointF(-d.x() * a * 0.05 + s.x() * a * 0.55, -d.y() * a * 0.05 + s.y() * a * 0.55)
    if plat.kind == "origin":
        _paint_origin_flag(painter, badge, fill)
    elif plat.kind == "destination":
        _paint_bullseye(painter, badge, fill, 11)


def _paint_origin_flag(painter: QPainter, at: QPointF, color: QColor) -> None:
    """The origin marker: a flag on a white disc."""
    painter.setPen(QPen(TRACK, 1.5))
    painter.setBrush(CITY_FILL)
    painter.drawEllipse(at, 12, 12)
    painter.setPen(QPen(TRACK, 2))
    painter.drawLine(QPointF(at.x() - 4, at.y() + 8), QPointF(at.x() - 4, at.y() - 8))
    painter.setPen(QPen(TRACK, 1))
    painter.setBrush(color)
    painter.drawPolygon(QPolygonF([QPointF(at.x() - 4, at.y() - 8), QPointF(at.x() + 8, at.y() - 4), QPointF(at.x() - 4, at.y())]))


def _paint_bullseye(painter: QPainter, at: QPointF, color: QColor, r: float) -> None:
    """The destination marker: concentric rings in the player's colour."""
    painter.setPen(QPen(TRACK, 1.2))
    for k, c in enumerate((color, CITY_FILL, color)):
        painter.setBrush(c)
        rr = r * (1 - k * 0.33)
        painter.drawEllipse(at, rr, rr)


def _paint_destination_markers(painter, scenario: Scenario, grid, geo: Geometry, coord: Coord, cell: Cell) -> None:
    if not scenario.players:
        return
    label = grid.label(coord)
    station = cell.platform.station if cell.platform is not None else None
    hits = [p for p in scenario.players if p.destination is not None and p.destination in (label, station)]
    for i, p in enumerate(hits):
        _paint_bullseye(painter, QPointF(geo.apothem * 0.62 - i * 22, -geo.apothem * 0.62 + (6 if geo.sides == 6 else 0)), QColor(p.color), 10)


# --- tiles (palette, ghost) ------------------------------------------------------------------
def paint_tile(painter: QPainter, tile: TileDef, rotation: int, grid, centre: QPointF, size: float) -> None:
    """Paint a tile on its own (palette, ghost preview): background in its colour and its track."""
    geo = geometry(grid)
    painter.save()
    painter.translate(centre)
    s = size / UNIT
    painter.scale(s, s)
    bg = TILE_COLORS.get(tile.color, QColor("#efe6cf"))
    painter.setPen(QPen(GRID_LINE, 1.5))
    painter.setBrush(bg)
    painter.drawPolygon(geo.polygon)
    track = _Track(
        paths=list(tile.rotated_paths(rotation, grid.sides)),
        kinds=[n.kind for n in tile.nodes],
        slots=[n.slots for n in tile.nodes],
        revenues=[n.revenue for n in tile.nodes],
        styles=[n.style for n in tile.nodes],
        tags=tuple(tile.tags),
    )
    _paint_track(painter, geo, track, bg, True, None)
    if tile.label:
        draw_text(painter, _label_position(geo), tile.label, 15, bold=True, max_width=geo.apothem * 0.55)
    painter.restore()


# --- edges -----------------------------------------------------------------------------------
def side_segment(grid, coord: Coord, edge: int, size: float) -> tuple[QPointF, QPointF]:
    """The two corners of a cell side, in scene coordinates."""
    geo = geometry(grid)
    i, j = geo.side_corners[edge]
    cx, cy = grid.centre(coord, size)
    s = size / UNIT
    p, q = geo.corners[i], geo.corners[j]
    return QPointF(cx + p.x() * s, cy + p.y() * s), QPointF(cx + q.x() * s, cy + q.y() * s)


EDGE_ORDER = {"river": 0, "impassable": 1, "gauge": 2}


def edge_pen(kind: str, size: float) -> QPen:
    """The pen of an edge feature, scaled to the cell size."""
    s = size / UNIT
    if kind == "river":
        return QPen(RIVER, 7 * s, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    if kind == "impassable":
        return QPen(IMPASSABLE, 10 * s, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap)
    pen = QPen(GAUGE, 5 * s, Qt.PenStyle.CustomDashLine, Qt.PenCapStyle.FlatCap)
    pen.setDashPattern([2.2, 1.4])
    return pen


def paint_edges(painter: QPainter, scenario: Scenario, size: float, *, rect: QRectF | None = None, detail: bool = True) -> None:
    """Paint rivers (blue, with cost), impassable sides (dark bars) and gauge lines (dashed red)."""
    board = scenario.board
    grid = board.grid
    features = sorted(board.edges, key=lambda f: EDGE_ORDER.get(f.kind, 3))
    painter.save()
    painter.setBrush(Qt.BrushStyle.NoBrush)
    costs: list[tuple[QPointF, int]] = []
    for f in features:
        try:
            coord = grid.coord(f.cell)
        except ValueError:
            continue
        p, q = side_segment(grid, coord, f.edge, size)
        if rect is not None and not rect.intersects(QRectF(p, q).normalized().adjusted(-size * 0.2, -size * 0.2, size * 0.2, size * 0.2)):
            continue
        painter.setPen(edge_pen(f.kind, size))
        painter.drawLine(p, q)
        if f.kind == "river" and f.cost and detail:
            costs.append((QPointF((p.x() + q.x()) / 2, (p.y() + q.y()) / 2), f.cost))
    for at, cost in costs:
        painter.save()
        painter.translate(at)
        painter.scale(size / UNIT, size / UNIT)
        _paint_cost_badge(painter, QPointF(0, 0), cost, RIVER)
        painter.restore()
    painter.restore()


# --- coordinate labels and whole boards ------------------------------------------------------
def _axis_texts(grid) -> tuple:
    if grid.kind == "hex" and grid.effective_axes == "number-letter":
        return (lambda x: str(x + 1)), letters_for
    return letters_for, (lambda y: str(y + 1))


def label_margin(size: float) -> float:
    return size * 0.5


def paint_labels(painter: QPainter, scenario: Scenario, size: float, *, rect: QRectF | None = None) -> None:
    """Column and row labels along the four board edges (18xx letters and numbers on hex maps)."""
    grid = scenario.board.grid
    x0, y0, x1, y1 = grid.bounds(size)
    m = label_margin(size)
    col_text, row_text = _axis_texts(grid)
    xs = sorted({c[0] for c in grid.coord_set})
    ys = sorted({c[1] for c in grid.coord_set})
    px = size * 0.26
    painter.save()
    for x in xs:
        cx = grid.centre((x, 0), size)[0]
        t = col_text(x)
        for yy in (y0 - m / 2, y1 + m / 2):
            if rect is not None and not rect.intersects(QRectF(cx - size, yy - m, 2 * size, 2 * m)):
                continue
            painter.save()
            painter.translate(cx, yy)
            painter.scale(size / UNIT, size / UNIT)
            draw_text(painter, QPointF(0, 0), t, px * UNIT / size, bold=True, color=QColor("#303030"))
            painter.restore()
    for y in ys:
        cy = grid.centre((0, y), size)[1]
        t = row_text(y)
        for xx in (x0 - m / 2, x1 + m / 2):
            if rect is not None and not rect.intersects(QRectF(xx - m, cy - size, 2 * m, 2 * size)):
                continue
            painter.save()
            painter.translate(xx, cy)
            painter.scale(size / UNIT, size / UNIT)
            draw_text(painter, QPointF(0, 0), t, px * UNIT / size, bold=True, color=QColor("#303030"),
                      max_width=m * 0.95 * UNIT / size)
            painter.restore()
    painter.restore()


def board_rect(scenario: Scenario, size: float, *, labels: bool = True) -> QRectF:
    """The scene rectangle a painted board covers (with room for the coordinate labels)."""
    x0, y0, x1, y1 = scenario.board.grid.bounds(size)
    m = label_margin(size) if labels else size * 0.05
    return QRectF(QPointF(x0 - m, y0 - m), QPointF(x1 + m, y1 + m))


def paint_board(painter: QPainter, scenario: Scenario, size: float, *, labels: bool = True) -> None:
    """Paint the whole board (cells, edges, labels) in scene coordinates, as exports need it."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    painter.fillRect(board_rect(scenario, size, labels=labels), QColor("#ffffff"))
    for coord in scenario.board.grid.ordered_coords:
        paint_cell(painter, scenario, coord, size)
    paint_edges(painter, scenario, size)
    if labels:
        paint_labels(painter, scenario, size)
    painter.restore()


def brush(color: QColor) -> QBrush:
    return QBrush(color)

"""Painting of track and stops inside one cell: paths, switches, crossings, turntables, buffers,
bridges, tunnels, cities with their station circles and tokens, towns, junctions, revenues.

Everything is drawn in the local cell frame of :mod:`editor.render.base` (centre at the
origin, cell size ``UNIT``). :func:`paint_track` is called by :mod:`editor.render`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

from editor.render.base import CITY_FILL, PHASE_COLORS, RESERVED_TEXT, TRACK, Geometry, covered_area, draw_text
from model.tiles import node_index


# --- track and nodes -------------------------------------------------------------------------
@dataclass
class TrackData:
    """What to draw for a cell's track: paths, node kinds and data, and the background colour."""

    paths: list[tuple]
    kinds: list[str]
    slots: list[int]
    revenues: list
    styles: list
    tags: tuple = ()
    kinds_of_track: list | None = None
    """Per path: (track kind, lanes, terminal style) from :class:`~model.tiles.TilePath` (None: broad)."""
    locs: list | None = None
    """Per node: where the map says to draw it (18xx.games ``loc``: an edge, a half edge, 'center')."""
    offboards: list | None = None
    """Per node: True for an off-board revenue location (drawn as its revenue, with no station circle)."""


def is_offboard_stop(offboard: bool | None, kind: str, slots: int, red: bool) -> bool:
    """An off-board revenue location: marked so (``offboard``), or by convention a city with no
    station circle on a red hex or tile."""
    return bool(offboard) or (offboard is None and kind == "city" and slots == 0 and red)


def _loc_point(geo: Geometry, loc: str) -> QPointF | None:
    """The drawing position of a node with ``loc``: towards an edge (``2``) or a corner (``1.5``)."""
    if loc == "center":
        return QPointF(0, 0)
    try:
        v = float(loc)
    except ValueError:
        return None
    n = len(geo.mids)
    lo = math.floor(v)
    t = v - lo
    p, q = geo.mids[lo % n], geo.mids[(lo + 1) % n]
    x, y = p.x() * (1 - t) + q.x() * t, p.y() * (1 - t) + q.y() * t
    d = math.hypot(x, y) or 1.0
    r = geo.apothem * 0.5
    return QPointF(x / d * r, y / d * r)


def _node_positions(geo: Geometry, kinds: list[str], paths: list[tuple], locs: list | None = None) -> list[QPointF]:
    """Where each node sits: where the map's ``loc`` says, else alone at the centre, otherwise
    pulled towards the edges it serves."""
    if locs and any(locs):
        out = _node_positions(geo, kinds, paths)
        placed = [(_loc_point(geo, loc) if loc else None) for loc in locs[: len(out)]]
        out = [q if q is not None else p for p, q in zip(out, placed + [None] * (len(out) - len(placed)), strict=True)]
        if len(out) > 1:
            _spread(out, _city_radius(geo) * 2.1)
        return out
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


def path_shapes(geo: Geometry, track: TrackData) -> list[QPainterPath]:
    """The centre line of each of the track's paths, in the local cell frame (as painted)."""
    pos = _node_positions(geo, track.kinds, track.paths, track.locs)
    return [_path_shape(a, b, geo, pos) for a, b, _t in track.paths]


def track_width(geo: Geometry) -> float:
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


def paint_track(
    painter: QPainter,
    geo: Geometry,
    track: TrackData,
    background: QColor,
    detail: bool,
    tokens: list[list[tuple[str, QColor, QColor, bool]]] | None = None,
    names: list[str | None] | None = None,
    avoid: list[QRectF] | None = None,
    occupied: list[QRectF] | None = None,
) -> None:
    """Paint paths and nodes. ``tokens[k]`` lists (text, fill, text colour, reserved) for city k.
    A revenue is put where it overlaps neither ``avoid`` (the cell's name) nor another stop;
    ``occupied`` (when given) receives the rects of the stops and revenues drawn, for the texts
    placed after the track."""
    w = track_width(geo)
    pos = _node_positions(geo, track.kinds, track.paths, track.locs)
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
    for i, (a, b, terminal) in enumerate(track.paths):
        kind, lanes, term_style, *lane_ends = track.kinds_of_track[i] if track.kinds_of_track else ("broad", None, 1)
        ka, kb = node_index(a), node_index(b)
        tk = ka if ka in town_arcs else kb if kb in town_arcs else None
        if tk is not None:
            if tk in done_towns:
                continue
            done_towns.add(tk)
            shape = town_arcs[tk]
        else:
            shape = _path_shape(a, b, geo, pos)
        if any(lane_ends):
            shape = shape.translated(_lane_offset(geo, a, b, lane_ends, w))
        ports = {a, b}
        # A path that meets no earlier path passes over it: a gap (background casing) shows the two levels.
        if drawn_ports and not any(ports & s for s in drawn_ports) and detail:
            painter.setPen(casing)
            painter.drawPath(_middle_of(shape, 0.2, 0.8))
        drawn_ports.append(ports)
        if terminal and (isinstance(a, int) or isinstance(b, int)):
            _paint_terminal(painter, geo, a if isinstance(a, int) else b, w, 0.3 if term_style == 2 else 0.55)
            continue
        _stroke_track(painter, shape, kind, lanes, w, background, pen)
        if a == b:
            continue
        if "tunnel" in track.tags and isinstance(a, int) and isinstance(b, int):
            _paint_tunnel(painter, geo, a, b, w, background)
        if "bridge" in track.tags and isinstance(a, int) and isinstance(b, int):
            _paint_bridge(painter, geo, a, b, w)
    # nodes on top of the track
    bodies = [_stop_body(geo, track, k, pos[k], w) for k in range(len(track.kinds))]
    revenues: list[QRectF] = []
    if occupied is not None:
        occupied += [r for r in bodies if r is not None]
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
            if track.offboards and k < len(track.offboards) and track.offboards[k]:
                if detail:  # an off-board area: its revenue, large, where the stop is; no station circle
                    drawn = _paint_revenue(painter, p, track.revenues[k], OFFBOARD_REVENUE_R)
                    if drawn is not None and occupied is not None:
                        occupied.append(drawn)
                continue
            others_clear = [r for j, r in enumerate(bodies) if j != k and r is not None] + list(avoid or ()) + revenues
            drawn = _paint_city(painter, geo, p, track.slots[k], track.revenues[k], city_tokens, detail, away, others_clear)
            if drawn is not None:
                revenues.append(drawn.adjusted(-1, -1, 1, 1))  # a hair apart from the next
                if occupied is not None:
                    occupied.append(drawn)
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


NARROW_DASH = [1.2, 1.2]


def _lane_offset(geo: Geometry, a, b, lane_ends, w: float) -> QPointF:
    """How far a path that uses one lane (``a_lane``/``b_lane`` = 'width.index') is moved off the
    centre line: along each lane end's side, by the lane's place among the side's lanes."""
    dx = dy = 0.0
    n = 0
    for port, lane in zip((a, b), lane_ends, strict=False):
        if not lane or not isinstance(port, int):
            continue
        width, index = (int(x) for x in lane.split("."))
        d = geo.inward[port]
        along = QPointF(-d.y(), d.x())
        k = (index - (width - 1) / 2) * w * 1.6
        dx, dy, n = dx + along.x() * k, dy + along.y() * k, n + 1
    return QPointF(dx / n, dy / n) if n else QPointF(0, 0)


def _stroke_track(painter: QPainter, shape: QPainterPath, kind: str, lanes: int | None, w: float, background: QColor, pen: QPen) -> None:
    """One path by its track kind: broad (solid), narrow (thinner, white ties), dual (broad with
    white ties), thin (a hairline), future (dashed gray); lanes as parallel rails."""
    cap, join = Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.RoundJoin
    if lanes and lanes > 1:
        painter.setPen(QPen(TRACK, w * (0.8 + 0.7 * lanes), Qt.PenStyle.SolidLine, cap, join))
        painter.drawPath(shape)
        for k in range(1, lanes):
            gap = QPen(background, w * 0.35, Qt.PenStyle.SolidLine, cap, join)
            painter.setPen(gap)
            if lanes == 2:
                painter.drawPath(shape)
            else:  # more lanes: the gaps shown as dashes of different phase
                gap.setStyle(Qt.PenStyle.CustomDashLine)
                gap.setDashPattern([2.0, 1.0])
                gap.setDashOffset(k)
                painter.setPen(gap)
                painter.drawPath(shape)
    elif kind == "narrow":
        painter.setPen(QPen(TRACK, w * 0.6, Qt.PenStyle.SolidLine, cap, join))
        painter.drawPath(shape)
        ties = QPen(CITY_FILL, w * 0.22, Qt.PenStyle.CustomDashLine, cap, join)
        ties.setDashPattern(NARROW_DASH)
        painter.setPen(ties)
        painter.drawPath(shape)
    elif kind == "dual":
        painter.setPen(pen)
        painter.drawPath(shape)
        ties = QPen(CITY_FILL, w * 0.3, Qt.PenStyle.CustomDashLine, cap, join)
        ties.setDashPattern([2.0, 1.2])
        painter.setPen(ties)
        painter.drawPath(shape)
    elif kind == "thin":
        painter.setPen(QPen(TRACK, w * 0.3, Qt.PenStyle.SolidLine, cap, join))
        painter.drawPath(shape)
    elif kind == "future":
        dashed = QPen(QColor("#8a8a8a"), w * 0.6, Qt.PenStyle.CustomDashLine, cap, join)
        dashed.setDashPattern([1.6, 1.2])
        painter.setPen(dashed)
        painter.drawPath(shape)
    else:
        painter.setPen(pen)
        painter.drawPath(shape)


def _paint_terminal(painter: QPainter, geo: Geometry, edge: int, w: float, length: float = 0.55) -> None:
    """An off-board exit: a black wedge pointing out through the edge (``length``: of the apothem)."""
    m, d = geo.mids[edge], geo.inward[edge]
    s = QPointF(-d.y(), d.x())
    depth = geo.apothem * length
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


def _paint_buffer(painter: QPainter, geo: Geometry, track: TrackData, k: int, p: QPointF, w: float) -> None:
    """A dead end: a buffer bar across the end of the track."""
    edges = [b if node_index(a) == k else a for a, b, _t in track.paths if k in (node_index(a), node_index(b))]
    d = geo.inward[edges[0]] if edges and isinstance(edges[0], int) else QPointF(0, 1)
    s = QPointF(-d.y(), d.x())
    half = w * 1.6
    painter.setPen(QPen(QColor("#b01010"), w * 0.9, Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap))
    painter.drawLine(QPointF(p.x() + s.x() * half, p.y() + s.y() * half), QPointF(p.x() - s.x() * half, p.y() - s.y() * half))


def _paint_town(painter: QPainter, geo: Geometry, track: TrackData, k: int, p: QPointF, w: float, detail: bool, on_curve: bool) -> None:
    edges = [b if node_index(a) == k else a for a, b, _t in track.paths if k in (node_index(a), node_index(b))]
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(TRACK)
    style = track.styles[k] if k < len(track.styles) else None
    if style == "hidden":  # 18xx.games style:hidden: the track runs through, no town is drawn
        return
    if isinstance(style, str) and style.startswith("halt"):  # a halt: a small open diamond with its symbol
        r = w * 1.2
        painter.setPen(QPen(TRACK, w * 0.35))
        painter.setBrush(CITY_FILL)
        painter.drawPolygon(QPolygonF([QPointF(p.x(), p.y() - r), QPointF(p.x() + r, p.y()), QPointF(p.x(), p.y() + r), QPointF(p.x() - r, p.y())]))
        symbol = style[5:]
        if symbol and detail:
            draw_text(painter, p, symbol, w * 0.9, bold=True, max_width=r * 1.4)
        if detail:
            _paint_revenue(painter, QPointF(p.x() + w * 2.6, p.y() - w * 2.0), track.revenues[k], 9.0)
        return
    if style == "rect":
        painter.drawRect(QRectF(p.x() - w * 1.1, p.y() - w * 0.7, w * 2.2, w * 1.4))
        if detail:
            _paint_revenue(painter, QPointF(p.x() + w * 2.6, p.y() - w * 2.0), track.revenues[k], 9.0)
        return
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


OFFBOARD_REVENUE_R = 14.0
"""The size (a revenue circle's radius, in cell units of :data:`UNIT`) of an off-board area's revenue."""


def revenue_rect(at: QPointF, revenue, r: float) -> QRectF | None:
    """The rect :func:`_paint_revenue` fills for a revenue at ``at`` (None: nothing is drawn)."""
    if revenue in (0, "0", None, ""):
        return None
    if isinstance(revenue, str) and ("|" in revenue or "_" in revenue):
        n = len(revenue.split("|"))
        bw, bh = r * 2.4, r * 2.0
        return QRectF(at.x() - bw * n / 2, at.y() - bh / 2, bw * n, bh)
    return QRectF(at.x() - r, at.y() - r, 2 * r, 2 * r)


def _stop_body(geo: Geometry, track: TrackData, k: int, p: QPointF, w: float) -> QRectF | None:
    """The rect a stop's drawing covers (a city's circles, a town's mark), without its revenue."""
    kind = track.kinds[k]
    if kind == "city":
        if track.offboards and k < len(track.offboards) and track.offboards[k]:
            return None
        r = _city_radius(geo)
        slots = max(1, track.slots[k])
        if slots > 4:
            r = min(r, geo.apothem * 1.6 / (2 * slots))
        offs = _slot_offsets(slots, r)
        ex = max(abs(o.x()) for o in offs) + r
        ey = max(abs(o.y()) for o in offs) + r
        return QRectF(p.x() - ex, p.y() - ey, 2 * ex, 2 * ey)
    if kind == "town":
        return QRectF(p.x() - w * 1.3, p.y() - w * 1.3, w * 2.6, w * 2.6)
    return None


def stop_rects(geo: Geometry, track: TrackData) -> list[QRectF]:
    """The rects the stops of a cell's track cover (cities' circles, towns), as :func:`paint_track`
    draws them: what a name is kept clear of."""
    pos = _node_positions(geo, track.kinds, track.paths, track.locs)
    w = track_width(geo)
    return [r for k in range(len(track.kinds)) if (r := _stop_body(geo, track, k, pos[k], w)) is not None]


def clear_spot(candidates: list[QPointF], rect_at, others) -> QPointF:
    """The first candidate whose rect (``rect_at(point)``) none of ``others`` overlaps; else the
    one they overlap least (the first on a tie: the usual spot)."""
    best, best_cover = candidates[0], math.inf
    for c in candidates:
        rect = rect_at(c)
        cover = 0.0 if rect is None else covered_area(rect, others)
        if cover == 0.0:
            return c
        if cover < best_cover:
            best, best_cover = c, cover
    return best


def _paint_revenue(painter: QPainter, at: QPointF, revenue, r: float) -> QRectF | None:
    """A revenue: a number in a small white circle, or coloured boxes for phase revenues."""
    if revenue in (0, "0", None, ""):
        return None
    rect = revenue_rect(at, revenue, r)
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
        return QRectF(x0, at.y() - bh / 2, bw * len(parts), bh)
    painter.setPen(QPen(TRACK, 1.2))
    painter.setBrush(CITY_FILL)
    painter.drawEllipse(at, r, r)
    draw_text(painter, at, str(revenue), r * 1.15, bold=True, max_width=r * 1.9)
    return rect


def city_circles(geo: Geometry, track: TrackData) -> list[list[tuple[QPointF, float]]]:
    """Where each city's station circles are painted: per city (in node order), the centre and
    radius of every circle, in the cell's own units (the token tool finds the clicked circle)."""
    pos = _node_positions(geo, track.kinds, track.paths)
    out: list[list[tuple[QPointF, float]]] = []
    for k, kind in enumerate(track.kinds):
        if kind != "city":
            continue
        if track.offboards and k < len(track.offboards) and track.offboards[k]:
            out.append([])  # an off-board area has no station circle
            continue
        r = _city_radius(geo)
        slots = max(1, track.slots[k])
        if slots > 4:
            r = min(r, geo.apothem * 1.6 / (2 * slots))
        p = pos[k]
        out.append([(QPointF(p.x() + o.x(), p.y() + o.y()), r * 0.96) for o in _slot_offsets(slots, r)])
    return out


def _paint_city(
    painter: QPainter, geo: Geometry, p: QPointF, slots: int, revenue, tokens, detail: bool, away: QPointF | None = None,
    keep_clear: list[QRectF] = (),  # type: ignore[assignment]
) -> QRectF | None:
    """A city's circles and tokens, and its revenue beside it where it overlaps nothing in
    ``keep_clear`` (returns the revenue's rect)."""
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
        ey = max(abs(o.y()) for o in offs) + r
        if away is None:
            candidates = [QPointF(p.x() - ext - 6, p.y() - r - 2), QPointF(p.x() + ext + 6, p.y() - r - 2),
                          QPointF(p.x() - ext - 6, p.y() + r + 2), QPointF(p.x() + ext + 6, p.y() + r + 2)]
        else:  # several stops in the cell: put the revenue on the side away from the others
            candidates = []
            limit = geo.apothem * 0.8
            for turn in (0, 30, -30, 60, -60, 90, -90, 120, -120, 150, -150, 180):
                t = math.radians(turn)
                u = QPointF(away.x() * math.cos(t) - away.y() * math.sin(t), away.x() * math.sin(t) + away.y() * math.cos(t))
                at = QPointF(p.x() + u.x() * (ext + 8), p.y() + u.y() * (r + 8))
                d = math.hypot(at.x(), at.y())
                if d > limit:
                    if turn:  # past the edge: another side of the city instead
                        continue
                    at = QPointF(at.x() * limit / d, at.y() * limit / d)
                candidates.append(at)
        body = QRectF(p.x() - ext, p.y() - ey, 2 * ext, 2 * ey)
        at = clear_spot(candidates, lambda c: revenue_rect(c, revenue, 10.0), [*keep_clear, body.adjusted(2, 2, -2, -2)])
        return _paint_revenue(painter, at, revenue, 10.0)
    return None

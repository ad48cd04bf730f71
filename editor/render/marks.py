"""Painting the marks of :mod:`model.drawing` on a hex or tile: company labels, drawn tokens,
shapes and route bonuses, boomtown rings, and the colours a game names (``board.palette``).

Places and sizes follow 18xx-maker's drawing: ``angle`` clockwise from straight down and
``percent`` of the apothem from the centre; widths in hundredths of the hex's circumradius.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF

from editor.render.base import Geometry, draw_text
from editor.render.decor import hex_color
from model.drawing import Placement


def palette_color(palette: dict[str, str] | None, name: str | None, default: str = "#ffffff") -> QColor:
    """A colour by name: the game's own colours first (``lightlightGray`` -> #dddddd), then ours."""
    if not name:
        return QColor(default)
    value = (palette or {}).get(name, name)
    if value.startswith("#"):
        c = QColor(value)
        return c if c.isValid() else QColor(default)
    return hex_color(value)


def _radius(geo: Geometry) -> float:
    return geo.apothem * 2 / math.sqrt(3)


def place(geo: Geometry, at: Placement | None, default: tuple[float, float] = (0.0, 0.0)) -> QPointF:
    """The point a placement names in the hex's local frame."""
    if at is None or (at.percent is None and at.x is None and at.y is None):
        return QPointF(default[0] * geo.apothem, default[1] * geo.apothem)
    if at.x is not None or at.y is not None:
        k = _radius(geo) / 100
        return QPointF((at.x or 0) * k, (at.y or 0) * k)
    a = math.radians(at.angle or 0.0)
    r = (at.percent or 0.0) * geo.apothem
    return QPointF(-math.sin(a) * r, math.cos(a) * r)


def _contrast(c: QColor) -> QColor:
    return QColor("#000000") if c.lightness() > 140 else QColor("#ffffff")


def _size(mark, key: str, default: float, geo: Geometry) -> float:
    v = mark.style.get(key)
    v = v if isinstance(v, int | float) and not isinstance(v, bool) and 0 < v <= 200 else default
    return v * _radius(geo) / 100


def paint_background_shapes(painter: QPainter, geo: Geometry, obj, palette: dict[str, str] | None) -> None:
    """Shapes drawn behind the track (a space port's circle)."""
    for s in obj.shapes:
        if s.background:
            _paint_shape(painter, geo, s, palette)


def paint_marks(painter: QPainter, geo: Geometry, obj, palette: dict[str, str] | None, company_colors: dict) -> None:
    """Everything of :class:`model.drawing.MakerDrawing` on ``obj`` except background shapes."""
    for s in obj.shapes:
        if not s.background:
            _paint_shape(painter, geo, s, palette)
    for t in obj.drawn_tokens:
        _paint_token(painter, geo, t, palette, company_colors)
    for b in obj.bonuses:
        at = place(geo, b.at, (0.0, -0.35))
        draw_text(painter, at, b.value, 9, bold=True, color=QColor("#000000"), max_width=geo.apothem * 1.4,
                  background=QColor(255, 236, 140, 230))
    for i, v in enumerate(getattr(obj, "extra_values", ())):  # revenues printed beside the stops
        at = QPointF(geo.apothem * (0.55 - 0.3 * i), -geo.apothem * 0.45)
        painter.setPen(QPen(QColor("#000000"), 1.2))
        painter.setBrush(QColor("#ffffff"))
        painter.drawEllipse(at, geo.apothem * 0.16, geo.apothem * 0.16)
        draw_text(painter, at, str(v)[:4], 8, bold=True, color=QColor("#000000"), max_width=geo.apothem * 0.3)
    for i, lab in enumerate(obj.company_labels):
        at = place(geo, lab.at, (0.0, 0.55 - 0.3 * i))
        fill = palette_color(palette, lab.color, "#ffffff") if lab.color else QColor(255, 255, 255, 220)
        draw_text(painter, at, lab.label, 8, bold=True, color=_contrast(fill), max_width=geo.apothem * 1.6, background=fill)


def _paint_token(painter: QPainter, geo: Geometry, t, palette, company_colors: dict) -> None:
    at = place(geo, t.at)
    r = _size(t, "width", 15, geo)
    if t.company and t.company in company_colors:
        fill, text = company_colors[t.company]
    else:
        fill = palette_color(palette, t.color, "#ffffff")
        text = _contrast(fill)
    outline = palette_color(palette, str(t.style.get("outline", "black")), "#000000")
    pen = QPen(outline, max(1.0, _size(t, "outlineWidth", 1.5, geo)))
    if t.destination:
        pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(fill)
    painter.drawEllipse(at, r, r)
    word = t.company or t.label or (t.logo.rsplit("/", 1)[-1] if t.logo else None)
    if word:
        draw_text(painter, at, word, max(6, min(11, int(r * 0.7))), bold=True, color=text, max_width=r * 1.8)


def _paint_shape(painter: QPainter, geo: Geometry, s, palette) -> None:
    at = place(geo, s.at)
    w = _size(s, "width", 25, geo)
    h = _size(s, "height", w * 100 / _radius(geo), geo) if "height" in s.style else w
    fill = palette_color(palette, s.color, "#ffffff") if s.color else QColor(0, 0, 0, 0)
    if isinstance(s.style.get("opacity"), int | float):
        fill.setAlphaF(max(0.0, min(1.0, float(s.style["opacity"]))))
    border = palette_color(palette, str(s.style.get("borderColor", "black")), "#000000")
    pen = QPen(border, max(1.0, _size(s, "borderWidth", 1.5, geo)))
    if s.dashed:
        pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(fill)
    half_w, half_h = w / 2, h / 2
    if s.kind == "circle":
        painter.drawEllipse(at, half_w, half_w)
    elif s.kind == "ellipse":
        painter.drawEllipse(at, half_w, half_h)
    elif s.kind == "square":
        painter.drawRect(QRectF(at.x() - half_w, at.y() - half_h, w, h))
    else:
        n, start = {"diamond": (4, 90.0), "hexagon": (6, 0.0), "triangle": (3, -90.0)}[s.kind]
        pts = [QPointF(at.x() + half_w * math.cos(math.radians(start + 360 * i / n)),
                       at.y() + half_h * math.sin(math.radians(start + 360 * i / n))) for i in range(n)]
        painter.drawPolygon(QPolygonF(pts))
    if s.text:
        color = palette_color(palette, str(s.style.get("textColor", "")), "#000000") if s.style.get("textColor") else _contrast(fill)
        draw_text(painter, at, s.text, max(6, min(12, int(h * 0.35))), bold=True, color=color, max_width=w * 0.95)


def paint_boomtown_rings(painter: QPainter, geo: Geometry, stops) -> None:
    """The ring 18xx-maker draws around a boomtown (dashed unless drawn solid)."""
    for stop in stops:
        style = getattr(stop, "style", None)
        if not style or not style.startswith("boomtown"):
            continue
        pen = QPen(QColor("#000000"), 1.6)
        if style == "boomtown":
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        r = geo.apothem * 0.3
        painter.drawEllipse(place(geo, stop.at), r, r)


def off_grid_scenario(scenario):
    """The hexes beside the map (``board.off_grid``) as a scenario of their own grid, or None."""
    board = scenario.board
    if not board.off_grid or board.off_grid_layout is None:
        return None
    side = board.model_copy(update={"grid": board.off_grid_layout, "cells": dict(board.off_grid),
                                    "edges": list(board.off_grid_edges), "off_grid": {}, "lines": []})
    return scenario.model_copy(update={"board": side})


def paint_lines(painter: QPainter, scenario, size: float) -> None:
    """Lines drawn along hex corners that are on no hex of the board (``board.lines``)."""
    from model.io.maker_geometry import corner_angle, unit

    grid = scenario.board.grid
    orientation = getattr(grid, "orientation", "flat")
    for line in scenario.board.lines:
        pts = []
        for text in line.coords:
            label, _, k = text.rpartition("p")
            xy = _label_xy(grid, label)
            if xy is None or not k.isdigit():
                continue
            cx, cy = grid.centre(xy, size)
            ux, uy = unit(corner_angle(orientation, int(k)))
            pts.append(QPointF(cx + ux * size, cy + uy * size))
        if len(pts) < 2:
            continue
        pen = QPen(palette_color(scenario.board.palette, line.color, "#000000"), size * 0.06)
        if line.dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolyline(QPolygonF(pts))


def _label_xy(grid, label: str):
    """Grid coordinates of an 18xx label even where the grid has no hex (either row parity)."""
    import re

    from model.grid import letter_index

    m = re.fullmatch(r"([A-Z]{1,3})([0-9]{1,4})", label)
    if not m:
        return None
    a, n = letter_index(m.group(1)), int(m.group(2)) - grid.number_start
    return (a, n) if grid.orientation == "flat" else (n, a)

"""Painting edge features: rivers, mountains, impassable sides, borders, gauge lines."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen

from editor.render.base import (
    GAUGE,
    IMPASSABLE,
    MOUNTAIN,
    RIVER,
    TILE_COLORS,
    UNIT,
    geometry,
)
from editor.render.cell import paint_cost_badge
from editor.render.decor import (
    any_color,
)
from model.grid import Coord
from model.scenario import Scenario


# --- edges -----------------------------------------------------------------------------------
def side_segment(grid, coord: Coord, edge: int, size: float) -> tuple[QPointF, QPointF]:
    """The two corners of a cell side, in scene coordinates."""
    geo = geometry(grid)
    i, j = geo.side_corners[edge]
    cx, cy = grid.centre(coord, size)
    s = size / UNIT
    p, q = geo.corners[i], geo.corners[j]
    return QPointF(cx + p.x() * s, cy + p.y() * s), QPointF(cx + q.x() * s, cy + q.y() * s)


EDGE_ORDER = {"offboard": 0, "river": 1, "mountain": 2, "impassable": 3, "border": 3, "divider": 4, "gauge": 5}


def edge_pen(kind: str, size: float, color: str | None = None) -> QPen:
    """The pen of an edge feature, scaled to the cell size (``color``: the border's own colour)."""
    s = size / UNIT
    if kind == "river":
        pen = QPen(RIVER, 7 * s, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    elif kind in ("impassable", "border"):
        pen = QPen(IMPASSABLE, 10 * s, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap)
    elif kind == "mountain":
        pen = QPen(MOUNTAIN, 9 * s, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    elif kind == "divider":
        pen = QPen(IMPASSABLE, 4 * s, Qt.PenStyle.CustomDashLine, Qt.PenCapStyle.FlatCap)
        pen.setDashPattern([3.0, 2.0])
    elif kind == "offboard":
        pen = QPen(TILE_COLORS["red"].darker(130), 6 * s, Qt.PenStyle.CustomDashLine, Qt.PenCapStyle.FlatCap)
        pen.setDashPattern([1.0, 1.0])
    else:
        pen = QPen(GAUGE, 5 * s, Qt.PenStyle.CustomDashLine, Qt.PenCapStyle.FlatCap)
        pen.setDashPattern([2.2, 1.4])
    if color:
        pen.setColor(any_color(color))
    return pen


def paint_edges(painter: QPainter, scenario: Scenario, size: float, *, rect: QRectF | None = None, detail: bool = True) -> None:
    """Paint rivers (blue, with cost), mountain passes (brown, with cost), impassable and untyped
    borders (dark bars), dividers (dark dashes), off-board edges (red dots) and gauge lines
    (dashed red); a border's own colour wins."""
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
        painter.setPen(edge_pen(f.kind, size, scenario.board.palette.get(f.color, f.color) if f.color else None))
        if f.one_sided:  # declared by one hex only: drawn on its side of the line
            c = QPointF(*grid.centre(coord, size))
            p, q = (QPointF(v.x() + (c.x() - v.x()) * 0.04, v.y() + (c.y() - v.y()) * 0.04) for v in (p, q))
        painter.drawLine(p, q)
        if f.kind in ("river", "mountain") and f.cost and detail:
            costs.append((QPointF((p.x() + q.x()) / 2, (p.y() + q.y()) / 2), f.cost, RIVER if f.kind == "river" else MOUNTAIN))
    for at, cost, colour in costs:
        painter.save()
        painter.translate(at)
        painter.scale(size / UNIT, size / UNIT)
        paint_cost_badge(painter, QPointF(0, 0), cost, colour)
        painter.restore()
    painter.restore()

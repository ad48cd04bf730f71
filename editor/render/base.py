"""Shared basics of board painting: constants, colours, fonts and the geometry of one cell.

See :mod:`editor.render` (the public painting API) and ``docs/rendering.md``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPolygonF

import editor.qtcompat  # noqa: F401  (PySide6 6.12 refcount fix before any painting)
from model.grid import Coord
from model.memo import IdentityMemo

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
    "purple": QColor("#b07cc6"),
    "orange": QColor("#f5a442"),
    "sepia": QColor("#d2b48c"),
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
def font(pixel_size: int, bold: bool = False) -> QFont:
    """A sans-serif font of the given pixel size (in the local frame's units), a new one on every
    call: a QFont object kept alive in a cache and handed to painters for a whole session was
    the one thing common to three crashes inside ``QPainter.drawText`` late in full test runs
    (Qt keeps its own cache of font engines, so a new QFont costs little)."""
    f = QFont(FONT_FAMILY)
    f.setStyleHint(QFont.StyleHint.SansSerif)
    f.setPixelSize(max(1, int(pixel_size)))
    f.setBold(bold)
    return f


@lru_cache(maxsize=512)
def text_width(text: str, pixel_size: int, bold: bool) -> float:
    return QFontMetricsF(font(pixel_size, bold)).horizontalAdvance(text)


def text_rect(centre: QPointF, text: str | None, pixel_size: float, *, bold: bool = False, max_width: float | None = None) -> QRectF:
    """The rect :func:`draw_text` fills with ``text`` centred on ``centre`` (its pill, if it has one)."""
    if not text:
        return QRectF(centre, centre)
    px = int(round(pixel_size))
    if max_width is not None:
        w = text_width(text, px, bold)
        if w > max_width and w > 0:
            px = max(4, int(px * max_width / w))
    w = text_width(text, px, bold)
    h = px * 1.25
    return QRectF(centre.x() - w / 2 - 2, centre.y() - h / 2, w + 4, h)


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
        w = text_width(text, px, bold)
        if w > max_width and w > 0:
            px = max(4, int(px * max_width / w))
    f = font(px, bold)
    w = text_width(text, px, bold)
    h = px * 1.25
    rect = QRectF(centre.x() - w / 2 - 2, centre.y() - h / 2, w + 4, h)
    if background is not None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(background)
        painter.drawRoundedRect(rect, h / 3, h / 3)
    painter.setFont(f)
    painter.setPen(color)
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def covered_area(rect: QRectF, others) -> float:
    """How much of ``rect`` the ``others`` cover (0: it is clear): what a label placed beside a
    stop, a revenue or a badge is kept clear of."""
    out = 0.0
    for o in others:
        i = rect.intersected(o)
        if not i.isEmpty():
            out += i.width() * i.height()
    return out


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


_BOUNDS: IdentityMemo[tuple[float, float, float, float]] = IdentityMemo(16)


def grid_bounds(grid, size: float) -> tuple[float, float, float, float]:
    """``grid.bounds(size)``, remembered per grid object (it visits every corner of every cell)."""
    x0, y0, x1, y1 = _BOUNDS.get(grid, None, lambda: grid.bounds(1.0))
    return (x0 * size, y0 * size, x1 * size, y1 * size)

"""Overlays on top of the cells: shading, selection, issue marks, hover and the ghost preview."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget

from editor import render
from model.grid import Coord
from model.tiles import TileDef

ISSUE_COLOR = QColor("#e01010")
HOVER_COLOR = QColor("#1a5fd0")
SELECTION_COLOR = QColor("#1f6fe0")
LEGAL_COLOR = QColor("#18a030")
ILLEGAL_COLOR = QColor("#e01010")


def polygons_path(polygons: list[QPolygonF]) -> QPainterPath:
    path = QPainterPath()
    for poly in polygons:
        path.addPolygon(poly)
        path.closeSubpath()
    return path


class OutlineItem(QGraphicsPathItem):
    """An outline (and optional fill) around some cells: hover and selection highlights."""

    def __init__(self, color: QColor, width_px: float, fill: QColor | None = None, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        pen = QPen(color, width_px)
        pen.setCosmetic(True)  # the same width on screen at every zoom
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        self.setPen(pen)
        self.setBrush(QBrush(fill) if fill is not None else QBrush(Qt.BrushStyle.NoBrush))
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.coords: list[Coord] = []

    def set_polygons(self, coords: list[Coord], polygons: list[QPolygonF]) -> None:
        self.coords = list(coords)
        self.setPath(polygons_path(polygons))
        self.setVisible(bool(polygons))


class IssueMarkItem(QGraphicsPathItem):
    """A red outline around a cell with an issue; the tooltip names the rule."""

    def __init__(self, coord: Coord, polygon: QPolygonF, text: str, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.coord = coord
        path = QPainterPath()
        path.addPolygon(polygon)
        path.closeSubpath()
        self.setPath(path)
        pen = QPen(ISSUE_COLOR, 3.5)
        pen.setCosmetic(True)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        self.setPen(pen)
        self.setBrush(QBrush(QColor(224, 16, 16, 28)))
        self.setToolTip(text)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)


class IssueEdgeMarkItem(QGraphicsPathItem):
    """A red band along a cell side that an issue names (a river crossing, a gauge line…); the tooltip names the rule."""

    def __init__(self, coord: Coord, edge: int, p: QPointF, q: QPointF, text: str, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.coord, self.edge = coord, edge
        self.p, self.q = QPointF(p), QPointF(q)
        path = QPainterPath(p)
        path.lineTo(q)
        self.setPath(path)
        pen = QPen(ISSUE_COLOR, 7.0)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self.setPen(pen)
        self.setOpacity(0.85)
        self.setToolTip(text)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def midpoint(self) -> QPointF:
        return (self.p + self.q) / 2

    def distance_to(self, pos: QPointF) -> float:
        """Distance from ``pos`` to the side's segment (scene units)."""
        dx, dy = self.q.x() - self.p.x(), self.q.y() - self.p.y()
        length2 = dx * dx + dy * dy or 1.0
        t = max(0.0, min(1.0, ((pos.x() - self.p.x()) * dx + (pos.y() - self.p.y()) * dy) / length2))
        cx, cy = self.p.x() + t * dx - pos.x(), self.p.y() + t * dy - pos.y()
        return (cx * cx + cy * cy) ** 0.5


class ShadeItem(QGraphicsItem):
    """The 'where can this tile go?' shading: a translucent colour over each listed cell.

    A new set of shades repaints only the cells whose shade appeared, went or changed colour
    (the item's bounding rect is the board's, set once), and each colour is painted as one path.
    """

    def __init__(self, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._shades: dict[Coord, tuple[QPolygonF, QColor]] = {}
        self._paths: list[tuple[QPainterPath, QColor]] = []
        self._rect = QRectF()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)

    @property
    def shades(self) -> dict[Coord, QColor]:
        return {c: col for c, (_p, col) in self._shades.items()}

    def set_area(self, rect: QRectF) -> None:
        """The area every shade lies in (the board): the item's bounding rect."""
        self.prepareGeometryChange()
        self._rect = QRectF(rect)

    def set_shades(self, shades: dict[Coord, tuple[QPolygonF, QColor]]) -> None:
        old = self._shades
        changed = [c for c in set(old) | set(shades) if (old.get(c) is None) != (shades.get(c) is None)
                   or (c in old and old[c][1] != shades[c][1])]
        self._shades = dict(shades)
        outside = False
        for c in changed:
            rect = (shades.get(c) or old.get(c))[0].boundingRect()
            outside = outside or not self._rect.contains(rect)
        if outside:  # no area set (or a shade beyond it): grow to hold every shade
            area = QRectF(self._rect)
            for poly, _c in self._shades.values():
                area = area.united(poly.boundingRect())
            self.set_area(area)
        by_colour: dict[int, tuple[QPainterPath, QColor]] = {}
        for poly, color in self._shades.values():
            path, _col = by_colour.setdefault(color.rgba(), (QPainterPath(), QColor(color)))
            path.addPolygon(poly)
            path.closeSubpath()
        self._paths = list(by_colour.values())
        self.setVisible(bool(shades))
        for c in changed:
            self.update((shades.get(c) or old.get(c))[0].boundingRect())

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setClipRect(option.exposedRect)
        for path, color in self._paths:
            painter.setBrush(color)
            painter.drawPath(path)


class OwnershipItem(QGraphicsItem):
    """Thin coloured lines beside owned track (View ▸ Show Track Ownership), cell by cell."""

    LINE_PX = 2.2

    def __init__(self, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._lines: dict[Coord, list[tuple[QPolygonF, QColor]]] = {}
        self._rect = QRectF()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)

    def set_area(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self._rect = QRectF(rect)

    def boundingRect(self) -> QRectF:
        return self._rect

    @property
    def cells(self) -> dict[Coord, list[tuple[QPolygonF, QColor]]]:
        return dict(self._lines)

    def set_lines(self, lines: dict[Coord, list[tuple[QPolygonF, QColor]]]) -> None:
        """Replace the lines; only cells whose lines changed are repainted."""
        old = self._lines
        changed = [c for c in set(old) | set(lines) if not _same_lines(old.get(c), lines.get(c))]
        self._lines = {c: v for c, v in lines.items() if v}
        for c in changed:
            rect = QRectF()
            for poly, _col in (old.get(c) or []) + (lines.get(c) or []):
                rect = rect.united(poly.boundingRect())
            self.update(rect.adjusted(-4, -4, 4, 4))

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        exposed = option.exposedRect
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for lines in self._lines.values():
            for poly, color in lines:
                if exposed.intersects(poly.boundingRect().adjusted(-2, -2, 2, 2)):  # a straight line's rect is empty
                    pen = QPen(color, self.LINE_PX)
                    pen.setCosmetic(True)
                    painter.setPen(pen)
                    painter.drawPolyline(poly)


def _same_lines(a, b) -> bool:
    if not a or not b:
        return not a and not b
    return len(a) == len(b) and all(p == q and c == d for (p, c), (q, d) in zip(a, b, strict=True))


class GhostItem(QGraphicsItem):
    """The tile stamp's preview: the tile half transparent, outlined green (legal) or red, with the reason."""

    def __init__(self, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.tile: TileDef | None = None
        self.grid = None
        self.coord: Coord | None = None
        self.rotation = 0
        self.legal = True
        self.reason = ""
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(False)

    def show_tile(self, grid, coord: Coord, centre: QPointF, tile: TileDef, rotation: int, legal: bool, reason: str) -> None:
        self.prepareGeometryChange()
        self.grid, self.coord, self.tile, self.rotation, self.legal, self.reason = grid, coord, tile, rotation, legal, reason
        self.setPos(centre)
        self.setToolTip(reason if reason else ("Legal" if legal else "Not legal"))
        self.setVisible(True)
        self.update()

    def clear(self) -> None:
        self.coord = None
        self.tile = None
        self.setVisible(False)

    def boundingRect(self) -> QRectF:
        s = render.CELL_SIZE
        return QRectF(-s * 1.6, -s * 1.2, s * 3.2, s * 2.6)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if self.tile is None or self.grid is None:
            return
        painter.save()
        painter.setOpacity(0.6)
        render.paint_tile(painter, self.tile, self.rotation, self.grid, QPointF(0, 0), render.CELL_SIZE)
        painter.restore()
        geo = render.geometry(self.grid)
        s = render.CELL_SIZE / render.UNIT
        poly = QPolygonF([QPointF(p.x() * s, p.y() * s) for p in geo.corners])
        color = LEGAL_COLOR if self.legal else ILLEGAL_COLOR
        pen = QPen(color, 4)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolygon(poly)
        if not self.legal and self.reason:
            painter.save()
            painter.scale(s, s)
            y = geo.apothem + 16
            render.draw_text(painter, QPointF(0, y), self.reason, 13, bold=True, color=QColor("#ffffff"),
                             max_width=render.UNIT * 3.0, background=QColor(200, 20, 20, 230))
            painter.restore()

"""The item of one cell, and the invisible layer item that holds every cell item."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPolygonItem, QStyleOptionGraphicsItem, QWidget

from editor import render
from editor.items.names import NamesItem
from model.grid import Coord

if TYPE_CHECKING:
    from model.scenario import Scenario


_MARGIN_PEN = QPen(QColor(0, 0, 0, 0), 4.0)


class LayerItem(QGraphicsItem):
    """An item without content that groups children (hiding it hides them all at once)."""

    def __init__(self, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return QRectF()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        pass


class CellItem(QGraphicsPolygonItem):
    """One cell of the board, painted by :func:`editor.render.paint_cell_at` around its centre.

    The item sits at the cell centre; its polygon is the same for every cell of the grid.
    It derives from QGraphicsPolygonItem so that ``boundingRect`` and ``shape`` stay in C++:
    with thousands of items on screen a Python ``boundingRect`` per item per frame costs more
    than drawing the cached pictures. It caches its picture in device coordinates, so it repaints only when the model
    changes it (:meth:`refresh`) or the zoom changes. Below ``render.LOW_DETAIL_PX`` pixels per
    cell it paints without text and symbols.
    """

    def __init__(
        self,
        coord: Coord,
        centre: QPointF,
        scenario_of: Callable[[], Scenario],
        polygon: QPolygonF,
        parent: QGraphicsItem | None = None,
    ) -> None:
        super().__init__(polygon, parent)
        self.coord = coord
        self._scenario_of = scenario_of
        self.setPen(_MARGIN_PEN)  # never drawn: it only widens the bounding rect to hold the outline
        self.setPos(centre)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.paint_count = 0

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        self.paint_count += 1
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        detail = lod * render.CELL_SIZE >= render.LOW_DETAIL_PX
        render.paint_cell_at(painter, self._scenario_of(), self.coord, QPointF(0, 0), render.CELL_SIZE, detail=detail,
                             names=not NamesItem.needed(lod))  # below that zoom the names layer writes them

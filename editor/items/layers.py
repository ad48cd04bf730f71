"""Board-wide layers: the low-zoom overview picture, the edge features and the coordinate labels."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor import render
from model.grid import Coord

if TYPE_CHECKING:
    from model.scenario import Scenario

OVERVIEW_MAX_PIXELS = 10_000_000
"""Pixel budget of the overview picture (memory: at most 10 M pixels x 4 bytes = 40 MB)."""
OVERVIEW_CELL_PX = 32.0
"""Pixels per CELL_SIZE in the overview picture, when the board is small enough for that."""


class OverviewItem(QGraphicsItem):
    """The whole board as one picture, shown instead of the cell items at low zoom.

    Painting thousands of cell items per frame is too slow when the board is zoomed out, so
    the scene shows this item instead: one ``drawImage`` per frame. The picture is painted
    lazily (the first time it is shown) and kept current cell by cell (:meth:`update_cells`).
    """

    def __init__(self, scenario_of: Callable[[], Scenario], parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._scenario_of = scenario_of
        self._image: QImage | None = None
        self._scaled: QImage | None = None  # the picture resampled once for the current zoom
        self._scale = 1.0
        self._rect = QRectF()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.reset()

    def reset(self) -> None:
        """Forget the picture (the board was replaced); it is repainted when next shown."""
        self.prepareGeometryChange()
        grid = self._scenario_of().board.grid
        x0, y0, x1, y1 = render.grid_bounds(grid, render.CELL_SIZE)
        self._rect = QRectF(QPointF(x0, y0), QPointF(x1, y1))
        self._image = None
        self._scaled = None
        self.update()

    def invalidate(self) -> None:
        self._image = None
        self._scaled = None
        self.update()

    @property
    def image(self) -> QImage | None:
        return self._image

    def boundingRect(self) -> QRectF:
        return self._rect

    def pixels_per_cell(self) -> float:
        """Resolution of the overview picture: its pixels per CELL_SIZE scene units."""
        r = self._rect
        area = max(r.width() * r.height(), 1.0)
        return min(OVERVIEW_CELL_PX, (OVERVIEW_MAX_PIXELS / area) ** 0.5 * render.CELL_SIZE)

    def ensure_image(self) -> QImage:
        """The overview picture, painted now if it does not exist yet."""
        if self._image is not None:
            return self._image
        scen = self._scenario_of()
        r = self._rect
        self._scale = self.pixels_per_cell() / render.CELL_SIZE
        img = QImage(max(1, int(r.width() * self._scale) + 1), max(1, int(r.height() * self._scale) + 1), QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(Qt.GlobalColor.transparent)
        self._image = img
        self._paint_cells(scen.board.grid.ordered_coords)
        return img

    def _paint_cells(self, coords: Iterable[Coord], image: QImage | None = None) -> None:
        scen = self._scenario_of()
        image = image if image is not None else self._image
        scale = image.width() / max(self._rect.width(), 1.0) if image is not self._image else self._scale
        p = QPainter(image)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.scale(scale, scale)
        p.translate(-self._rect.left(), -self._rect.top())
        for c in coords:
            render.paint_cell(p, scen, c, render.CELL_SIZE, detail=False)
        p.end()

    def paint_cells_into(self, image: QImage, coords: Iterable[Coord]) -> None:
        """Paint these cells into another image of the whole board at its own size (the minimap)."""
        self._paint_cells(coords, image)

    def update_cells(self, coords: Iterable[Coord]) -> None:
        """Repaint these cells in the picture (if it exists) and schedule a redraw."""
        if self._image is None:
            return
        coords = list(coords)
        self._paint_cells(coords)
        if self._scaled is not None:  # keep the resampled copy current too (no resampling per edit)
            self._paint_cells(coords, self._scaled)
        self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        img = self.ensure_image()
        t = painter.worldTransform()
        w, h = round(self._rect.width() * t.m11()), round(self._rect.height() * t.m22())
        if t.m12() or t.m21() or w <= 0 or h <= 0 or w * h > img.width() * img.height():
            painter.drawImage(self._rect, img)  # rotated or enlarged: let the painter resample
            return
        # Shrinking a big picture smoothly on every frame is slow: resample once per zoom level
        # and then copy pixels 1:1.
        if self._scaled is None or (self._scaled.width(), self._scaled.height()) != (w, h):
            self._scaled = img.scaled(w, h, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation)
        origin = t.map(self._rect.topLeft())
        painter.save()
        painter.resetTransform()
        painter.drawImage(QPointF(round(origin.x()), round(origin.y())), self._scaled)
        painter.restore()


class BoardLayerItem(QGraphicsItem):
    """A board-wide layer painted from the shown scenario: covers :meth:`area`, takes no mouse."""

    def __init__(self, scenario_of: Callable[[], Scenario], parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._scenario_of = scenario_of
        self._rect = QRectF()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        # only the exposed part is painted (no cache: a board-sized cached picture would be huge at high zoom)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.reset()

    def area(self) -> QRectF:  # pragma: no cover - overridden
        raise NotImplementedError

    def reset(self) -> None:
        """The board changed size: take the new area and repaint."""
        self.prepareGeometryChange()
        self._rect = self.area()
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect


class EdgeLayerItem(BoardLayerItem):
    """Rivers, gauge lines and impassable sides of the whole board (above the cells)."""

    def area(self) -> QRectF:
        return render.board_rect(self._scenario_of(), render.CELL_SIZE, labels=False).adjusted(-20, -20, 20, 20)

    def update_sides(self, sides: Iterable[tuple[Coord, int]]) -> None:
        """Schedule a redraw of the area around these sides."""
        grid = self._scenario_of().board.grid
        for coord, edge in sides:
            p, q = render.side_segment(grid, coord, edge, render.CELL_SIZE)
            pad = render.CELL_SIZE * 0.25
            self.update(QRectF(p, q).normalized().adjusted(-pad, -pad, pad, pad))

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        render.paint_edges(
            painter, self._scenario_of(), render.CELL_SIZE, rect=option.exposedRect,
            detail=lod * render.CELL_SIZE >= render.LOW_DETAIL_PX,
        )


class LabelsItem(BoardLayerItem):
    """Column and row labels along the board edges, readable at every zoom.

    Where the labels painted at the board's scale would be at least ``render.SCREEN_LABEL_PX``
    pixels high they are painted that way (:func:`render.paint_labels`); further out they are
    painted at that screen-constant size beside the grid (:func:`render.paint_screen_labels`),
    thinned where they would crowd. The scene passes the view's zoom (:meth:`set_view_scale`) so
    that the bounding rect holds the labels, which then lie further out in scene units.
    """

    TEXT_FRACTION = 0.26  # text height of the scaled labels per CELL_SIZE (as render.paint_labels)

    def __init__(self, scenario_of, parent: QGraphicsItem | None = None) -> None:
        self._view_scale = 1.0
        super().__init__(scenario_of, parent)

    def area(self) -> QRectF:
        scen = self._scenario_of()
        rect = render.board_rect(scen, render.CELL_SIZE, labels=True)
        if not self.screen_constant(self._view_scale):
            return rect
        x0, y0, x1, y1 = render.grid_bounds(scen.board.grid, render.CELL_SIZE)
        off_x, off_y = render.screen_label_offsets(scen, render.CELL_SIZE, self._view_scale)
        pad_x, pad_y = (render.screen_label_bands(scen)[0] / 2 + 4) / self._view_scale, render.SCREEN_LABEL_PX / self._view_scale
        return rect.united(QRectF(QPointF(x0 - off_x - pad_x, y0 - off_y - pad_y), QPointF(x1 + off_x + pad_x, y1 + off_y + pad_y)))

    def screen_constant(self, scale: float) -> bool:
        """True when at ``scale`` the labels are painted at a screen-constant size."""
        return scale * render.CELL_SIZE * self.TEXT_FRACTION < render.SCREEN_LABEL_PX

    def set_view_scale(self, scale: float) -> None:
        """The view's zoom changed: the screen-constant labels lie further out at lower zoom."""
        if scale == self._view_scale:
            return
        was = self.screen_constant(self._view_scale)
        self._view_scale = scale
        now = self.screen_constant(scale)
        # Screen-constant labels are cached as a picture in device pixels (Qt keeps only the part
        # in the viewport), so a frame is one copy; the scaled labels at high zoom are not cached.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache if now else QGraphicsItem.CacheMode.NoCache)
        if was or now:
            self.reset()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        if self.screen_constant(lod):
            render.paint_screen_labels(painter, self._scenario_of(), render.CELL_SIZE, rect=option.exposedRect)
        else:
            render.paint_labels(painter, self._scenario_of(), render.CELL_SIZE, rect=option.exposedRect)


BOARD_BACKGROUND = QColor("#ffffff")

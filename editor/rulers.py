"""Rulers that stay on the board view's edges while the board is scrolled (as in Tiled).

The coordinate labels are painted beside the board (``LabelsItem``); once the board is
zoomed in and scrolled so far that the top (or left) labels leave the view, the view paints a
ruler strip along its own top (or left) edge instead, with the letters of the columns and the
numbers of the rows that are in view, each level with its column or row.

:class:`Rulers` is owned by the :class:`editor.view.BoardView`: it paints in the view's
foreground (device pixels) and asks the view to repaint its strips when it scrolls, since
Qt scrolls the viewport's pixels and would otherwise move the old strip along.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF
from PySide6.QtGui import QColor, QPainter

from editor import render

STRIP = QColor(236, 233, 225, 235)
STRIP_LINE = QColor(0, 0, 0, 60)


class Rulers:
    """The sticky top and left rulers of one board view."""

    def __init__(self, view) -> None:
        self.view = view
        self.shown: tuple[bool, bool] = (False, False)  # (top, left) at the last paint
        self.drawn: list[tuple[QPointF, str, str]] = []  # (device point, text, 'top'/'left') at the last paint

    def bands(self) -> tuple[int, int]:
        """Width of the left strip and height of the top strip, in pixels."""
        bx, by = render.screen_label_bands(self.view.board_scene.shown_scenario())
        return int(bx) + 2, int(by) + 2

    def needed(self) -> tuple[bool, bool]:
        """Whether the top and left labels beside the board are out of the view."""
        view = self.view
        scen = view.board_scene.shown_scenario()
        scale = view.scale_factor()
        x0, y0, _x1, _y1 = render.grid_bounds(scen.board.grid, render.CELL_SIZE)
        off_x, off_y = render.screen_label_offsets(scen, render.CELL_SIZE, scale)
        if not view.board_scene.labels_item.screen_constant(scale):
            off_x = off_y = render.label_margin(render.CELL_SIZE) / 2  # the scaled labels sit in the margin
        top_label = view.mapFromScene(QPointF(x0, y0 - off_y))
        left_label = view.mapFromScene(QPointF(x0 - off_x, y0))
        # shown once a label's middle is (nearly) out of the view; at fit-to-window they sit well inside
        return top_label.y() < render.SCREEN_LABEL_PX * 0.5, left_label.x() < 4

    def paint(self, painter: QPainter) -> None:
        """Paint the strips that are needed (the painter in the view's scene coordinates)."""
        top, left = self.needed()
        self.shown = (top, left)
        self.drawn = []
        if not (top or left):
            return
        view = self.view
        scen = view.board_scene.shown_scenario()
        t = painter.worldTransform()
        scale = view.scale_factor()
        band_x, band_y = self.bands()
        vp = view.viewport().rect()
        px = int(render.SCREEN_LABEL_PX)
        labels = render.screen_labels(scen, render.CELL_SIZE, scale)
        painter.save()
        painter.resetTransform()
        painter.setFont(render.font(px, True))
        if left:
            painter.fillRect(QRect(0, 0, band_x, vp.height()), STRIP)
            painter.setPen(STRIP_LINE)
            painter.drawLine(band_x, 0, band_x, vp.height())
            painter.setPen(render.LABEL_COLOR)
            for at, text, side, lane in labels:
                if side == "left":
                    y = t.map(at).y()
                    if -px < y < vp.height() + px:
                        self._draw(painter, QPointF(band_x / 2 - lane, y), text, "left", px)
        if top:
            painter.fillRect(QRect(0, 0, vp.width(), band_y), STRIP)
            painter.setPen(STRIP_LINE)
            painter.drawLine(0, band_y, vp.width(), band_y)
            painter.setPen(render.LABEL_COLOR)
            for at, text, side, lane in labels:
                if side == "top":
                    x = t.map(at).x()
                    if band_x * left < x < vp.width() + px:
                        self._draw(painter, QPointF(x, band_y / 2 - lane), text, "top", px)
        if top and left:  # the corner belongs to neither ruler
            corner = QColor(STRIP)
            corner.setAlpha(255)
            painter.fillRect(QRect(0, 0, band_x, band_y), corner)
        painter.restore()

    def _draw(self, painter: QPainter, at: QPointF, text: str, side: str, px: int) -> None:
        render.draw_static_label(painter, at, text, px)
        self.drawn.append((at, text, side))

    def scrolled(self, dx: int, dy: int) -> None:
        """The view scrolled by (dx, dy) pixels: repaint where the strips are and where Qt moved them."""
        if not (any(self.shown) or any(self.needed())):
            return
        band_x, band_y = self.bands()
        vp = self.view.viewport()
        r = vp.rect()
        vp.update(QRect(0, 0, r.width(), band_y + abs(dy) + 1))
        vp.update(QRect(0, 0, band_x + abs(dx) + 1, r.height()))

    def strip_rects(self) -> tuple[QRectF, QRectF]:
        """The top and left strips in viewport pixels (for tests and hit checks)."""
        band_x, band_y = self.bands()
        r = self.view.viewport().rect()
        return QRectF(0, 0, r.width(), band_y), QRectF(0, 0, band_x, r.height())

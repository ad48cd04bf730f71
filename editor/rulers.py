"""Rulers that stay on the board view's edges while the board is scrolled (as in Tiled).

The coordinate labels are painted beside the board (``LabelsItem``); once the board is
zoomed in and scrolled so far that the top (or left) labels leave the view, the view shows a
ruler strip along its own top (or left) edge instead, with the letters of the columns and the
numbers of the rows that are in view, each level with its column or row.

A strip is a widget of its own in a margin of the view (``setViewportMargins``), beside the
viewport, not over it: nothing of the board (a name on the top row, an off-board area's revenue)
is ever under a ruler. When a strip comes or goes the view's scroll bars move by its width, so
the board stays where it was on the screen.

:class:`Rulers` is owned by the :class:`editor.view.BoardView`, which calls :meth:`Rulers.update`
after it scrolls, zooms or is resized.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QWidget

from editor import render

STRIP = QColor(236, 233, 225, 235)
STRIP_LINE = QColor(0, 0, 0, 60)


class RulerStrip(QWidget):
    """One ruler strip (``side`` 'top' or 'left') in the view's margin."""

    def __init__(self, rulers: Rulers, side: str) -> None:
        super().__init__(rulers.view)
        self.rulers = rulers
        self.side = side
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.hide()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        try:
            self.rulers.paint_strip(painter, self.side)
        finally:
            painter.end()


class Rulers:
    """The sticky top and left rulers of one board view."""

    def __init__(self, view) -> None:
        self.view = view
        self.shown: tuple[bool, bool] = (False, False)  # (top, left) as the margins are now
        self.drawn: list[tuple[QPointF, str, str]] = []  # (viewport point, text, 'top'/'left') at the last paint
        self.strips = {"top": RulerStrip(self, "top"), "left": RulerStrip(self, "left")}
        self._updating = False

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

    def update(self) -> None:
        """Show or hide the strips as the view now needs them (after a scroll, zoom or resize):
        the viewport's margins make room for them and the scroll bars move by as much, so the
        board does not move on the screen."""
        if self._updating:
            return
        view = self.view
        top, left = self.needed()
        band_x, band_y = self.bands()
        self._updating = True
        try:
            if (top, left) != self.shown:
                old_top, old_left = self.shown
                view.setViewportMargins(band_x if left else 0, band_y if top else 0, 0, 0)
                dx = (band_x if left else 0) - (band_x if old_left else 0)
                dy = (band_y if top else 0) - (band_y if old_top else 0)
                if dx:
                    bar = view.horizontalScrollBar()
                    bar.setValue(bar.value() + dx)
                if dy:
                    bar = view.verticalScrollBar()
                    bar.setValue(bar.value() + dy)
                self.shown = (top, left)
            vp = view.viewport().geometry()
            strip_top, strip_left = self.strips["top"], self.strips["left"]
            strip_top.setVisible(top)
            strip_left.setVisible(left)
            if top:
                strip_top.setGeometry(QRect(0, 0, vp.x() + vp.width(), band_y))
                strip_top.update()
            if left:
                strip_left.setGeometry(QRect(0, vp.y(), band_x, vp.height()))
                strip_left.update()
            if not (top or left):
                self.drawn = []
        finally:
            self._updating = False

    def clear(self) -> None:
        """Take the strips away (before the view fits the board: it measures the whole viewport);
        the next :meth:`update` brings back what the new view needs."""
        if self.shown == (False, False) or self._updating:
            return
        self._updating = True
        try:
            self.view.setViewportMargins(0, 0, 0, 0)
            for strip in self.strips.values():
                strip.hide()
            self.shown = (False, False)
            self.drawn = []
        finally:
            self._updating = False

    def paint_strip(self, painter: QPainter, side: str) -> None:
        """Paint one strip (the painter on the strip's widget)."""
        view = self.view
        scen = view.board_scene.shown_scenario()
        t = view.viewportTransform()
        scale = view.scale_factor()
        band_x, band_y = self.bands()
        vp = view.viewport().geometry()
        px = int(render.SCREEN_LABEL_PX)
        labels = render.screen_labels(scen, render.CELL_SIZE, scale)
        self.drawn = [d for d in self.drawn if d[2] != side]
        painter.setFont(render.font(px, True))
        if side == "left":
            painter.fillRect(QRect(0, 0, band_x, vp.height()), STRIP)
            painter.setPen(STRIP_LINE)
            painter.drawLine(band_x - 1, 0, band_x - 1, vp.height())
            painter.setPen(render.LABEL_COLOR)
            for at, text, where, lane in labels:
                if where == "left":
                    y = t.map(at).y()  # viewport y: the strip starts level with the viewport
                    if -px < y < vp.height() + px:
                        self._draw(painter, QPointF(band_x / 2 - lane, y), QPointF(band_x / 2 - lane, y), text, "left", px)
            return
        corner = vp.x()
        painter.fillRect(QRect(0, 0, corner + vp.width(), band_y), STRIP)
        painter.setPen(STRIP_LINE)
        painter.drawLine(0, band_y - 1, corner + vp.width(), band_y - 1)
        painter.setPen(render.LABEL_COLOR)
        for at, text, where, lane in labels:
            if where == "top":
                x = t.map(at).x()  # viewport x; the strip's own x is the viewport's plus the corner
                if -px < x < vp.width() + px:
                    self._draw(painter, QPointF(corner + x, band_y / 2 - lane), QPointF(x, band_y / 2 - lane), text, "top", px)
        if corner:  # the corner belongs to neither ruler
            c = QColor(STRIP)
            c.setAlpha(255)
            painter.fillRect(QRect(0, 0, corner, band_y), c)

    def _draw(self, painter: QPainter, at: QPointF, in_viewport: QPointF, text: str, side: str, px: int) -> None:
        render.draw_static_label(painter, at, text, px)
        self.drawn.append((in_viewport, text, side))

    def strip_rects(self) -> tuple[QRectF, QRectF]:
        """The top and left strips in the view's own pixels (empty when a strip is hidden)."""
        top, left = self.strips["top"], self.strips["left"]
        return (QRectF(top.geometry()) if top.isVisible() else QRectF(),
                QRectF(left.geometry()) if left.isVisible() else QRectF())

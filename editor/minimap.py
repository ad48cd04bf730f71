"""The minimap: the whole board small, with a rectangle for what the main view shows.

It paints the scene's cached overview picture (:meth:`editor.scene.BoardScene.overview_picture`)
rather than being a second QGraphicsView on the scene: the scene picks its level of detail from
the main view's zoom. The picture is shrunk to the widget once (when shown, resized, or the
board replaced); after that an edit repaints only its own cells into the small copy (a debounced
timer gathers a brush drag's edits), so a repaint for a scroll or zoom of the main view is one
pixmap copy and one rectangle, and an edit costs the few cells it changed.

The overview picture holds cells only; the minimap draws the edge features (rivers, gauge lines,
impassable sides) as thin lines on a layer of their own, redrawn only when edges change. A click or a drag in the minimap centres the
main view on that point.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from editor import render

VIEW_RECT_COLOR = QColor("#d0202a")
BACKGROUND = QColor("#e4e1d8")
REFRESH_MS = 120
"""Edits are gathered this long before the picture is shrunk again (a brush drag is many edits)."""


class Minimap(QWidget):
    """The whole board from the scene's overview picture, with the main view's visible area outlined."""

    MARGIN = 4

    def __init__(self, view, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = view
        self._pixmap: QPixmap | None = None
        self._cells_image: QImage | None = None  # the board's cells at minimap size
        self._edges_image: QImage | None = None  # the edge features at the same size, transparent elsewhere
        self._pending: set | None = set()  # cells to repaint at the next refresh; None: shrink everything again
        self._edges_stale = True
        self._pixmap_rect = QRectF()  # where the pixmap is drawn, in widget coordinates
        self.picture_updates = 0  # how often the picture was shrunk again (tests)
        self.setMinimumSize(120, 120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip("Click or drag to move the board view")
        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.setInterval(REFRESH_MS)
        self._refresh_timer.timeout.connect(self.refresh_picture)
        view.horizontalScrollBar().valueChanged.connect(self._view_moved)
        view.verticalScrollBar().valueChanged.connect(self._view_moved)
        view.zoomChanged.connect(self._view_moved)
        view.viewport().installEventFilter(self)
        view.board_scene.overviewChanged.connect(self._cells_changed)  # edits, meta changes
        view.board_scene.document.edgesChanged.connect(self._edges_changed)
        view.board_scene.previewChanged.connect(self._board_changed)  # a preview may differ in everything
        view.board_scene.document.boardReset.connect(self._board_reset)

    @property
    def scene(self):
        return self.view.board_scene

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(240, 300)

    # --- the picture -------------------------------------------------------------------------
    def _board_changed(self, *_args) -> None:
        self._pending = None
        self._edges_stale = True
        self._schedule()

    def _cells_changed(self, coords: list) -> None:
        if self._pending is not None:
            self._pending.update(coords)
        self._schedule()

    def _edges_changed(self, *_args) -> None:
        self._edges_stale = True
        self._schedule()

    def _schedule(self) -> None:
        if self.isVisible():
            self._refresh_timer.start()
        else:
            self._pixmap = None  # shrunk again when next shown
            self._pending = None

    def _board_reset(self) -> None:
        self._pixmap = None
        self._pending = None
        self._edges_stale = True
        self.update()

    def refresh_picture(self) -> None:
        """Bring the small picture up to date: the cells edited since the last refresh, or all of it."""
        self._refresh_timer.stop()
        area = QRectF(self.rect()).adjusted(self.MARGIN, self.MARGIN, -self.MARGIN, -self.MARGIN)
        pending, self._pending = self._pending, set()
        if pending is None or self._cells_image is None or self._pixmap is None:
            image = self.scene.overview_picture()
            if image.isNull() or area.width() < 2 or area.height() < 2:
                self._pixmap = None
                self._pending = None
                return
            k = min(area.width() / image.width(), area.height() / image.height())
            w, h = max(1, round(image.width() * k)), max(1, round(image.height() * k))
            self._cells_image = image.scaled(w, h, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation)
            self._pixmap_rect = QRectF(area.center().x() - w / 2, area.center().y() - h / 2, w, h).toRect().toRectF()
            self._edges_stale = True
        elif pending:
            self.scene.overview.paint_cells_into(self._cells_image, pending)
        if self._edges_stale or self._edges_image is None or self._edges_image.size() != self._cells_image.size():
            self._edges_image = QImage(self._cells_image.size(), QImage.Format.Format_ARGB32_Premultiplied)
            self._edges_image.fill(Qt.GlobalColor.transparent)
            self._paint_edges(self._edges_image)
            self._edges_stale = False
        small = QImage(self._cells_image)
        p = QPainter(small)
        p.drawImage(0, 0, self._edges_image)
        p.end()
        self._pixmap = QPixmap.fromImage(small)
        self.picture_updates += 1
        self.update()

    def _paint_edges(self, image: QImage) -> None:
        """Rivers, impassable sides and gauge lines (not in the overview picture) as thin lines."""
        scenario = self.scene.shown_scenario()
        grid = scenario.board.grid
        src = self.board_scene_rect()
        if not scenario.board.edges or src.isEmpty():
            return
        p = QPainter(image)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.scale(image.width() / src.width(), image.height() / src.height())
        p.translate(-src.left(), -src.top())
        for f in sorted(scenario.board.edges, key=lambda f: render.EDGE_ORDER.get(f.kind, 3)):
            try:
                coord = grid.coord(f.cell)
            except ValueError:
                continue
            pen = QPen(render.edge_pen(f.kind, render.CELL_SIZE).color(), 1.0 if f.kind == "gauge" else 1.5)
            pen.setCosmetic(True)
            if f.kind == "gauge":  # dashed and thin, as on the board: it must not hide the cells
                pen.setDashPattern([2.0, 2.0])
            p.setPen(pen)
            p.drawLine(*render.side_segment(grid, coord, f.edge, render.CELL_SIZE))
        p.end()

    def board_scene_rect(self) -> QRectF:
        """The scene rectangle the overview picture covers."""
        return self.scene.overview.boundingRect()

    # --- mapping -----------------------------------------------------------------------------
    def scene_to_widget(self, p: QPointF) -> QPointF:
        src, dst = self.board_scene_rect(), self._pixmap_rect
        if src.isEmpty() or dst.isEmpty():
            return QPointF()
        return QPointF(dst.left() + (p.x() - src.left()) * dst.width() / src.width(),
                       dst.top() + (p.y() - src.top()) * dst.height() / src.height())

    def widget_to_scene(self, p: QPointF) -> QPointF:
        src, dst = self.board_scene_rect(), self._pixmap_rect
        if src.isEmpty() or dst.isEmpty():
            return QPointF()
        return QPointF(src.left() + (p.x() - dst.left()) * src.width() / dst.width(),
                       src.top() + (p.y() - dst.top()) * src.height() / dst.height())

    def view_rect(self) -> QRectF:
        """The main view's visible area in minimap (widget) coordinates."""
        r = self.view.visible_scene_rect()
        return QRectF(self.scene_to_widget(r.topLeft()), self.scene_to_widget(r.bottomRight()))

    # --- events ------------------------------------------------------------------------------
    def _view_moved(self, *_args) -> None:
        self.update()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Resize:
            self.update()
        return False

    def showEvent(self, event) -> None:  # noqa: N802
        super().showEvent(event)
        if self._pixmap is None:
            self._refresh_timer.start(0)

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._refresh_timer.start(0)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        if self._pixmap is None and self.isVisible():
            self.refresh_picture()
        p = QPainter(self)
        p.fillRect(self.rect(), BACKGROUND)
        if self._pixmap is None:
            p.end()
            return
        p.drawPixmap(self._pixmap_rect.topLeft(), self._pixmap)
        # clipped to the board's picture: when the whole board is in view it outlines the board
        rect = self.view_rect().intersected(self._pixmap_rect.adjusted(-2, -2, 2, 2)).toRect().toRectF()  # crisp edges
        if not rect.isEmpty():
            p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            p.setPen(QPen(VIEW_RECT_COLOR, 2))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(rect)
        p.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            self.centre_view_at(event.position())
            event.accept()
        else:
            super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.buttons() & Qt.MouseButton.LeftButton:
            self.centre_view_at(event.position())
            event.accept()
        else:
            super().mouseMoveEvent(event)

    def centre_view_at(self, pos: QPointF) -> None:
        """Centre the main view on the scene point under ``pos`` (widget coordinates)."""
        if self._pixmap is None:
            self.refresh_picture()
        if self._pixmap is None:
            return
        self.view.centerOn(self.widget_to_scene(pos))

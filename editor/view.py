"""BoardView: the zoomable, pannable view of a BoardScene that feeds mouse events to the tool.

* Ctrl+wheel zooms around the cursor; QKeySequence.ZoomIn / ZoomOut zoom around the centre;
  Ctrl+0 resets to 100 %; Ctrl+9 fits the board in the window.
* Middle-drag, or Space held with a left-drag, pans; scroll bars and the plain wheel scroll.
* Mouse, wheel and key events that no item takes go to the current tool (``set_tool``); a
  plain wheel the tool consumes (the tile stamp rotates) does not scroll.
* A right-click on a cell emits ``cellMenuRequested`` (the main window shows the cell's menu).
* After each zoom the view tells the scene its scale, so the scene can switch between the
  cell items and the low-zoom overview picture.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeyEvent, QKeySequence, QMouseEvent, QPainter, QPixmapCache, QWheelEvent
from PySide6.QtWidgets import QFrame, QGraphicsView

from editor import render
from editor.rulers import Rulers
from editor.scene import BoardScene

PIXMAP_CACHE_KB = 96 * 1024
"""Cell items cache their pictures in QPixmapCache; Qt's default 10 MB thrashes at 100 % zoom."""

MIN_SCALE = 0.01
MAX_SCALE = 6.0
ZOOM_STEP = 1.25


class BoardView(QGraphicsView):
    """A QGraphicsView over a :class:`BoardScene` with zoom, pan and tool forwarding."""

    zoomChanged = Signal(float)  # the new scale (1.0 = 100 %: one scene unit per pixel)
    cellMenuRequested = Signal(object, QPoint)  # a right-click (or the menu key) on a cell: (Coord, global position)

    def __init__(self, scene: BoardScene, parent=None) -> None:
        super().__init__(scene, parent)
        self.board_scene = scene
        if QPixmapCache.cacheLimit() < PIXMAP_CACHE_KB:
            QPixmapCache.setCacheLimit(PIXMAP_CACHE_KB)
        self._tool = None
        self._pan_from: QPointF | None = None
        self._space_held = False
        # No SmoothPixmapTransform: cached cell pictures and the overview are drawn 1:1, and the
        # hint made Qt resample every cached picture on every frame (twice as slow at 100 %).
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.rulers = Rulers(self)  # the coordinate labels stay on the view's edges when scrolled away
        app = QGuiApplication.instance()
        if app is not None:
            app.focusWindowChanged.connect(self._focus_window_changed)
        self._notify_scale()

    # --- tools -----------------------------------------------------------------------------------
    @property
    def tool(self):
        return self._tool

    def set_tool(self, tool) -> None:
        """Make ``tool`` (or None) receive the mouse, wheel and key events no item takes."""
        if tool is self._tool:
            return
        if self._tool is not None:
            self._tool.deactivate()
        self._tool = tool
        if tool is not None:
            tool.activate(self)

    # --- zoom --------------------------------------------------------------------------------------
    def scale_factor(self) -> float:
        return self.transform().m11()

    def _notify_scale(self) -> None:
        self.board_scene.set_view_scale(self.scale_factor())
        self.zoomChanged.emit(self.scale_factor())
        self._update_rulers()

    def set_scale(self, scale: float, anchor: QPoint | None = None) -> None:
        """Zoom to ``scale`` keeping the scene point under ``anchor`` (viewport pixels) in place."""
        scale = max(MIN_SCALE, min(MAX_SCALE, scale))
        if anchor is None:
            anchor = self.viewport().rect().center()
        before = self.mapToScene(anchor)
        factor = scale / self.scale_factor()
        self.scale(factor, factor)
        after = self.mapToScene(anchor)
        delta = after - before
        # move the scroll bars so that `before` is under `anchor` again
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - round(delta.x() * scale))
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() - round(delta.y() * scale))
        self._notify_scale()

    def zoom_in(self, anchor: QPoint | None = None) -> None:
        self.set_scale(self.scale_factor() * ZOOM_STEP, anchor)

    def zoom_out(self, anchor: QPoint | None = None) -> None:
        self.set_scale(self.scale_factor() / ZOOM_STEP, anchor)

    def zoom_reset(self) -> None:
        """Back to 100 % (one scene unit per pixel)."""
        self.set_scale(1.0)

    def fit_to_window(self) -> None:
        """Show the whole board (with its labels) in the window.

        At low zoom the coordinate labels keep a screen-constant size beside the grid, so the
        scale leaves those pixel bands free as well as the board's own label margin.
        """
        scene = self.board_scene
        rect = scene.board_rect
        if rect.isEmpty():
            return
        if getattr(self, "rulers", None) is not None:
            self.rulers.clear()  # fitted, the labels beside the board are in view: measure the whole viewport
        scen = scene.shown_scenario()
        x0, y0, x1, y1 = render.grid_bounds(scen.board.grid, render.CELL_SIZE)
        band_x, band_y = render.screen_label_bands(scen)
        vp = self.viewport().rect()
        if x1 <= x0 or y1 <= y0:
            self.fit_rect(rect)
            return
        scale = min(
            vp.width() / rect.width(), vp.height() / rect.height(),
            (vp.width() - 2 * band_x) / (x1 - x0), (vp.height() - 2 * band_y) / (y1 - y0),
        ) * 0.98
        self.fit_rect(rect, scale)

    def fit_rect(self, rect: QRectF, scale: float | None = None) -> None:
        """Zoom to fit ``rect`` in the viewport (or to ``scale``) and centre on it."""
        if rect.isEmpty():
            return
        if scale is None and getattr(self, "rulers", None) is not None:
            self.rulers.clear()
        vp = self.viewport().rect()
        if scale is None:
            scale = min(vp.width() / rect.width(), vp.height() / rect.height()) * 0.98
        scale = max(MIN_SCALE, min(MAX_SCALE, scale))
        self.scale(scale / self.scale_factor(), scale / self.scale_factor())
        self.centerOn(rect.center())
        self._notify_scale()

    def centre_on_cells(self, coords: list) -> None:
        """Centre the view on these cells, zooming out if they do not fit."""
        coords = [c for c in coords if self.board_scene.cell_item(c) is not None]
        if not coords:
            return
        rect = self.board_scene.cells_rect(coords)
        vp = self.viewport().rect()
        s = self.scale_factor()
        if rect.width() * s > vp.width() * 0.9 or rect.height() * s > vp.height() * 0.9:
            self.fit_rect(rect.adjusted(-50, -50, 50, 50))
        else:
            self.centerOn(rect.center())

    def visible_scene_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def _update_rulers(self) -> None:
        rulers = getattr(self, "rulers", None)  # None while the view is built or torn down
        if rulers is not None:
            rulers.update()

    def centerOn(self, *args) -> None:  # noqa: N802 - Qt override
        """Centre on a point (or item): again once a ruler that came or went moved the viewport."""
        shown = self.rulers.shown if getattr(self, "rulers", None) is not None else None
        super().centerOn(*args)
        if shown is not None and self.rulers.shown != shown:
            super().centerOn(*args)

    def scrollContentsBy(self, dx: int, dy: int) -> None:  # noqa: N802 - Qt override
        super().scrollContentsBy(dx, dy)
        self._update_rulers()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._update_rulers()

    # --- events --------------------------------------------------------------------------------------
    def _coord_and_pos(self, event) -> tuple:
        pos = self.mapToScene(event.position().toPoint())
        return self.board_scene.coord_at(pos), pos

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt override
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            steps = event.angleDelta().y() / 120.0
            if steps:
                self.set_scale(self.scale_factor() * (ZOOM_STEP ** steps), event.position().toPoint())
            event.accept()
            return
        if self._tool is not None:
            coord, _pos = self._coord_and_pos(event)
            if self._tool.wheel(coord, event):
                event.accept()
                return
        super().wheelEvent(event)

    def _start_pan(self, event: QMouseEvent) -> None:
        self._pan_from = event.position()
        self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        button = event.button()
        if button == Qt.MouseButton.MiddleButton or (button == Qt.MouseButton.LeftButton and self._space_held):
            self._start_pan(event)
            return
        event.ignore()
        super().mousePressEvent(event)
        if event.isAccepted() and self.scene().mouseGrabberItem() is not None:
            return  # an item took it
        if self._tool is not None:
            coord, pos = self._coord_and_pos(event)
            self._tool.press(coord, pos, event)
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        # Qt sends press, release, double-click, release: the tool sees the double-click as a
        # second press, so its presses and releases stay paired.
        self.mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._pan_from is not None:
            delta = event.position() - self._pan_from
            self._pan_from = event.position()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - round(delta.x()))
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - round(delta.y()))
            event.accept()
            return
        super().mouseMoveEvent(event)
        coord, pos = self._coord_and_pos(event)
        self.board_scene.set_hover(coord)
        if self._tool is not None and self.scene().mouseGrabberItem() is None:
            self._tool.move(coord, pos, event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._pan_from is not None and event.button() in (Qt.MouseButton.MiddleButton, Qt.MouseButton.LeftButton):
            self._pan_from = None
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor if self._space_held else Qt.CursorShape.ArrowCursor)
            event.accept()
            return
        grabbed = self.scene().mouseGrabberItem() is not None
        super().mouseReleaseEvent(event)
        if not grabbed and self._tool is not None:
            coord, pos = self._coord_and_pos(event)
            self._tool.release(coord, pos, event)
        event.accept()

    def contextMenuEvent(self, event) -> None:  # noqa: N802 - Qt override
        """A right-click on a cell asks for the cell's menu, unless the tool takes the right
        button there (the Token tool removes the token under the pointer)."""
        pos = self.mapToScene(event.pos())
        coord = self.board_scene.coord_at(pos)
        wants = getattr(self._tool, "context_menu_here", None)
        if coord is None or (wants is not None and not wants(coord, pos)):
            event.ignore()
            return
        event.accept()
        self.cellMenuRequested.emit(coord, event.globalPos())

    def leaveEvent(self, event) -> None:  # noqa: N802
        self.board_scene.set_hover(None)
        self._tool_left()  # the stamp's ghost and the hover message go with the pointer
        super().leaveEvent(event)

    def _tool_left(self) -> None:
        leave = getattr(self._tool, "leave", None)  # optional in the tool protocol
        if leave is not None:
            leave()

    def _focus_window_changed(self, window) -> None:
        # a dialog (or another window) took over: the pointer's ghost and message go, as on leave
        own = self.window().windowHandle()
        if window is not None and own is not None and window is not own:
            self.board_scene.set_hover(None)
            self._tool_left()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        ctrl = event.modifiers() & Qt.KeyboardModifier.ControlModifier
        if event.key() == Qt.Key.Key_Space and not ctrl:
            if not event.isAutoRepeat():
                self._space_held = True
                self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        if event.matches(QKeySequence.StandardKey.ZoomIn) or (ctrl and event.key() in (Qt.Key.Key_Plus, Qt.Key.Key_Equal)):
            self.zoom_in()
        elif event.matches(QKeySequence.StandardKey.ZoomOut) or (ctrl and event.key() == Qt.Key.Key_Minus):
            self.zoom_out()
        elif ctrl and event.key() == Qt.Key.Key_0:
            self.zoom_reset()
        elif ctrl and event.key() == Qt.Key.Key_9:
            self.fit_to_window()
        elif self._tool is not None and self._tool.key(event):
            pass
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def keyReleaseEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_held = False
            if self._pan_from is None:
                self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
            event.accept()
            return
        super().keyReleaseEvent(event)

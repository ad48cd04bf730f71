"""Showing a puzzle solution's step on the main board, read-only.

:class:`BoardPreviewController` puts the main window into *preview mode*: the scene paints the
step's scenario instead of the document's (:meth:`editor.scene.BoardScene.set_preview`), the
editing tools and the clipboard edits are disabled, and a banner says "Previewing step k of n —
Esc or 'Back to editing' to leave". The document is never modified. Leaving (Esc, the banner's
button, picking a tool, or any change of the document) restores the document's board exactly.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

BANNER_STYLE = "QFrame#previewBanner { background: #fff1b8; border-bottom: 1px solid #c9a400; }"


def preview_text(step: int, total: int) -> str:
    """The banner's sentence."""
    return f"Previewing step {step} of {total} — Esc or 'Back to editing' to leave"


class PreviewBanner(QFrame):
    """The yellow strip at the top of the board view while a preview is shown.

    A child of the view placed in the view's top viewport margin (:meth:`show_on`), so it hides
    none of the board; hiding it gives the margin back.
    """

    def __init__(self, view: QWidget) -> None:
        super().__init__(view)
        self.setObjectName("previewBanner")
        self.setStyleSheet(BANNER_STYLE)
        self.setAutoFillBackground(True)
        self.label = QLabel()
        font = self.label.font()
        font.setBold(True)
        self.label.setFont(font)
        self.back_button = QPushButton("Back to editing")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(8, 4, 8, 4)
        lay.addWidget(self.label, 1)
        lay.addWidget(self.back_button)
        self.setVisible(False)
        self._view = view
        viewport = getattr(view, "viewport", None)
        (viewport() if viewport is not None else view).installEventFilter(self)
        self._fit()

    def _fit(self) -> None:
        """Just above the view's viewport, as wide as it (not over the scroll bars)."""
        viewport = getattr(self._view, "viewport", None)
        area = viewport().geometry() if viewport is not None else self._view.rect()
        h = self.sizeHint().height()
        self.setGeometry(area.x(), max(0, area.y() - h), area.width(), h)
        self.raise_()

    def show_on(self, on: bool) -> None:
        """Show the banner in a top margin of the view's viewport (or hide it and drop the margin)."""
        margins = getattr(self._view, "setViewportMargins", None)
        if margins is not None:
            margins(0, self.sizeHint().height() if on else 0, 0, 0)
        self.setVisible(on)
        self._fit()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Resize:
            self._fit()
        return False

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        self._fit()
        super().showEvent(event)


class BoardPreviewController(QObject):
    """Preview mode of a :class:`editor.mainwindow.MainWindow` (see the module docstring)."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.scene = window.scene
        self.banner = window.preview_banner
        self.step = 0
        self.total = 0
        self.leave_action = QAction("&Back to Editing", window)
        self.leave_action.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        self.leave_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.leave_action.setStatusTip("Leave the solution preview and show the document's board")
        self.leave_action.setEnabled(False)
        self.leave_action.triggered.connect(self.leave)
        window.addAction(self.leave_action)
        self.banner.back_button.clicked.connect(self.leave)
        self.scene.previewChanged.connect(self._preview_changed)
        doc = window.document
        # any change of the document ends the preview: the step no longer follows from the board
        doc.cellsChanged.connect(self._document_changed)
        doc.edgesChanged.connect(self._document_changed)
        doc.metaChanged.connect(self.leave)

    def is_active(self) -> bool:
        return self.scene.is_previewing()

    def show_step(self, scenario, step: int, total: int, cell: str = "") -> None:
        """Show ``scenario`` (the board after ``step`` of ``total`` moves) on the main board,
        with the cell of that step's move (a label, "" for none) outlined."""
        if scenario is None:
            self.leave()
            return
        self.step, self.total = step, total
        grid = scenario.board.grid
        self.scene.set_preview(scenario, [grid.coord(cell)] if cell and grid.is_label(cell) else [])
        self.banner.label.setText(preview_text(step, total))
        self.window.statusBar().showMessage(preview_text(step, total))

    def leave(self) -> None:
        """Back to the document's board (nothing happens when no preview is shown)."""
        if self.scene.is_previewing():
            self.scene.set_preview(None)

    def _document_changed(self, _changed: list) -> None:
        self.leave()

    def _preview_changed(self, on: bool) -> None:
        win = self.window
        self.banner.show_on(on)
        self.leave_action.setEnabled(on)
        for act in [*win.tool_actions.values(), win.cut_action, win.paste_action, win.delete_action,
                    win.rotate_cw_action, win.rotate_ccw_action]:
            act.setEnabled(not on)
        win.view.set_tool(None if on else win.current_tool)
        if not on:
            win.statusBar().showMessage("Back to editing", 3000)

"""The main window's habits from other Qt editors and Tiled, kept out of mainwindow.py.

* The status bar shows how many cells are selected (from the document's selection, whichever
  tool or menu made it) and the zoom level.
* Focus: Return in a field of a dock (Properties, Turn, Tile Set ...) applies it and gives the
  keyboard back to the board, so the next tool key picks a tool instead of typing into the field;
  Escape in a field puts back what it held and leaves it; Escape on the board clears the
  selection; the clear button of a search field leaves the keyboard to the board.
* Help: F1 opens the editor's documentation, Help ▸ Keyboard Shortcuts lists every shortcut the
  window's actions carry (read from the actions themselves, so the list cannot go stale), and
  Help ▸ About names the version, Qt and the licence.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, QUrl
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QLabel,
    QLineEdit,
    QMessageBox,
    QTabBar,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from editor import preferences

DOCS = Path(__file__).resolve().parent.parent / "docs" / "editor.md"


def install(win) -> None:
    """Add the status fields, the focus rules and the Help menu to a main window."""
    win.selection_label = QLabel()
    win.zoom_label = QLabel()
    win.zoom_label.setToolTip("Zoom level (Ctrl+0: 100 %, Ctrl+9: fit to the window)")
    bar = win.statusBar()
    bar.insertPermanentWidget(0, win.selection_label)
    bar.addPermanentWidget(win.zoom_label)
    def selected(sel) -> None:
        win.selection_label.setText(selection_text(len(sel)))
        if win.statusBar().currentMessage().endswith(" selected"):  # a tool's count from before
            win.statusBar().showMessage(selection_text(len(sel)), 3000)

    win.document.selectionChanged.connect(selected)
    win.view.zoomChanged.connect(lambda scale: win.zoom_label.setText(f"{scale:.0%}"))
    win.selection_label.setText(selection_text(len(win.document.selection)))
    win.zoom_label.setText(f"{win.view.scale_factor():.0%}")
    win.focus_keeper = FocusKeeper(win)
    whole_dock_tabs(win)
    preferences.install(win)
    build_help_menu(win)


def with_standard_tiles(scenario):
    """A new hex board whose rule set brings no tile set of its own gets every standard 18xx tile
    (File ▸ New), so tiles can be laid at once; Tile Set ▸ Remove takes away what the game lacks."""
    from model import manifest

    if scenario.board.grid.sides == 6 and scenario.tiles.set is None and not scenario.tiles.custom:
        scenario.tiles = manifest.add_tiles(scenario, manifest.standard_tiles().tiles)
    return scenario


def whole_dock_tabs(win) -> None:
    """Tabbed docks show their whole titles ("Properties", not "P…"); the tab bar scrolls instead.

    The window makes a tab bar whenever docks come to share a place (its layout, a restored
    state, a dock dragged onto another), so each is set as it appears (:class:`_WholeTabs`)."""
    for bar in win.findChildren(QTabBar):
        if isinstance(bar.parent(), type(win)):
            _whole(bar)
    win.whole_tabs = _WholeTabs(win)
    win.installEventFilter(win.whole_tabs)


def _whole(bar: QTabBar) -> None:
    bar.setElideMode(Qt.TextElideMode.ElideNone)
    bar.setUsesScrollButtons(True)


class _WholeTabs(QObject):
    """Sets each tab bar the main window makes from now on as :func:`whole_dock_tabs` says."""

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.ChildPolished and isinstance(event.child(), QTabBar):
            _whole(event.child())
        return False


def selection_text(n: int) -> str:
    """'3 cells selected' (empty when nothing is)."""
    return f"{n} cell{'s' if n != 1 else ''} selected" if n else ""


class FocusKeeper(QObject):
    """Return and Escape in the docks' fields, Escape on the board (see the module docstring).

    It filters the dock widgets (the keys a field does not take bubble up to them) and the
    board view, never the whole application, so other events pay nothing for it."""

    def __init__(self, win) -> None:
        super().__init__(win)
        self.win = win
        for dock in win.findChildren(QDockWidget):
            dock.installEventFilter(self)
        win.view.installEventFilter(self)
        for edit in win.findChildren(QLineEdit):
            self.watch_clear_button(edit)

    def watch_clear_button(self, edit: QLineEdit) -> None:
        """A search field's clear button gives the keyboard back to the board."""
        if edit.isClearButtonEnabled():
            for act in edit.findChildren(QAction):
                act.triggered.connect(self.to_board)

    def to_board(self, *_args) -> None:
        self.win.view.setFocus(Qt.FocusReason.OtherFocusReason)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() != QEvent.Type.KeyPress:
            return False
        key = event.key()
        if watched is self.win.view:
            if key == Qt.Key.Key_Escape and self.win.document.selection:
                self.win.document.set_selection([])
                return True
            return False
        field = self.win.focusWidget()
        if not isinstance(field, (QLineEdit, QAbstractSpinBox)):
            return False
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.to_board()  # the field applied itself (editingFinished) as the focus left it
            return True
        if key == Qt.Key.Key_Escape:
            self.win.properties.revert_field(field)  # a Properties field shows the cell's value again
            self.to_board()
            return True
        return False


# --- Help -------------------------------------------------------------------------------------
def shortcut_rows(win) -> list[tuple[str, str]]:
    """(what, keys) for every action of the window that has a shortcut, in menu order."""
    rows: list[tuple[str, str]] = []
    seen: set[int] = set()
    for act in win.findChildren(QAction):
        keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in act.shortcuts() if not k.isEmpty()]
        if not keys or id(act) in seen or not act.text():
            continue
        seen.add(id(act))
        rows.append((act.text().replace("&", "").rstrip("…"), ", ".join(keys)))
    return rows


class ShortcutsDialog(QDialog):
    """Every keyboard shortcut of the window, read from its actions."""

    def __init__(self, win) -> None:
        super().__init__(win)
        self.setWindowTitle("Keyboard Shortcuts")
        rows = shortcut_rows(win)
        self.table = QTableWidget(len(rows), 2)
        self.table.setHorizontalHeaderLabels(["Action", "Keys"])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for r, (what, keys) in enumerate(rows):
            self.table.setItem(r, 0, QTableWidgetItem(what))
            self.table.setItem(r, 1, QTableWidgetItem(keys))
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)
        note = QLabel("Space + drag pans the board; the mouse wheel zooms; Escape leaves a field or clears the selection.")
        note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.table, 1)
        lay.addWidget(note)
        lay.addWidget(buttons)
        self.resize(460, 560)


def about_text() -> str:
    from PySide6 import __version__ as pyside_version

    from model import __version__

    return (f"<b>Trackwright {__version__}</b><br>A board and map editor and rules checker for tile-laying "
            f"railway games (18xx titles, 18 India, the Catalan game).<br><br>PySide6 {pyside_version}. "
            "Game titles and their maps belong to their designers and publishers; each bundled map names "
            "its source. See LICENSE for the licence.")


def build_help_menu(win) -> None:
    menu = win.menuBar().addMenu("&Help")
    win.help_action = QAction("Trackwright &Help", win)
    win.help_action.setShortcut(QKeySequence(QKeySequence.StandardKey.HelpContents))
    win.help_action.setStatusTip("Open the editor's documentation (tools, shortcuts, panels, files)")
    win.help_action.triggered.connect(lambda: open_help(win))
    win.shortcuts_action = QAction("&Keyboard Shortcuts", win)
    win.shortcuts_action.setStatusTip("Every keyboard shortcut of the editor")
    win.shortcuts_action.triggered.connect(lambda: show_shortcuts(win))
    win.about_action = QAction("&About Trackwright", win)
    win.about_action.triggered.connect(lambda: QMessageBox.about(win, "About Trackwright", about_text()))
    for act in (win.help_action, win.shortcuts_action, win.about_action):
        win.addAction(act)
        menu.addAction(act)
    win.help_menu = menu


def open_help(win) -> bool:
    """Open docs/editor.md with the desktop's viewer; says so in the status bar."""
    ok = DOCS.is_file() and QDesktopServices.openUrl(QUrl.fromLocalFile(str(DOCS)))
    win.statusBar().showMessage(f"Opened {DOCS}" if ok else f"The documentation is in {DOCS}", 5000)
    return ok


def show_shortcuts(win) -> ShortcutsDialog:
    win.shortcuts_dialog = ShortcutsDialog(win)
    win.shortcuts_dialog.open()
    return win.shortcuts_dialog

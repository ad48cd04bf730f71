"""What the main window remembers between runs, and how it lays its docks out at first.

* The window's geometry and its dock and toolbar layout are saved in the editor's QSettings
  when it closes (``QMainWindow.saveGeometry`` / ``saveState``) and restored when it opens.
* Without a saved layout the docks take a share of the window's width that leaves the board
  most of it, whatever the window's size (``fit_docks``).
* Open Recent writes each file's name, and its folder too when two files share a name.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QMainWindow

GEOMETRY_KEY = "window/geometry"
STATE_KEY = "window/state"
STATE_VERSION = 1
"""Bumped when the set of docks changes so much that an old saved layout makes no sense."""

LEFT_SHARE, RIGHT_SHARE = 0.17, 0.24
"""Parts of the window's width the left docks (tiles, minimap) and the right docks take at first."""
LEFT_MIN, RIGHT_MIN = 150, 200
"""Narrowest the docks are made at first (pixels)."""


def _bytes(value) -> QByteArray | None:
    if isinstance(value, QByteArray) and not value.isEmpty():
        return value
    if isinstance(value, (bytes, bytearray)) and value:
        return QByteArray(bytes(value))
    return None


def save_layout(win: QMainWindow) -> None:
    """Remember the window's geometry and its docks' layout in its settings."""
    settings = win.settings
    settings.setValue(GEOMETRY_KEY, win.saveGeometry())
    settings.setValue(STATE_KEY, win.saveState(STATE_VERSION))
    settings.sync()


def restore_layout(win: QMainWindow) -> bool:
    """Give the window its remembered geometry and dock layout; True when there was one.

    Without one, the docks get their first widths (:func:`fit_docks`).
    """
    settings = win.settings
    geometry = _bytes(settings.value(GEOMETRY_KEY))
    state = _bytes(settings.value(STATE_KEY))
    restored = geometry is not None and win.restoreGeometry(geometry)
    if state is not None and win.restoreState(state, STATE_VERSION):
        return True
    fit_docks(win, win.width())
    win._first_layout = _FirstShow(win)  # and again at the size the window is first shown at
    return restored


class _FirstShow(QObject):
    """Lays the docks out once more when the window is first shown (its real size is known then)."""

    def __init__(self, win: QMainWindow) -> None:
        super().__init__(win)
        self.win = win
        win.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if obj is self.win and event.type() == QEvent.Type.Show:
            self.win.removeEventFilter(self)
            QTimer.singleShot(0, self._fit)
        return False

    def _fit(self) -> None:
        fit_docks(self.win, self.win.width())


def fit_docks(win: QMainWindow, width: int) -> None:
    """First widths of the docks: a modest share of ``width`` on each side, the board gets the rest."""
    left = [d for d in (getattr(win, "palette_dock", None), getattr(win, "minimap_dock", None)) if d is not None]
    right = [d for d in (getattr(win, "properties_dock", None), getattr(win, "players_dock", None),
                         getattr(win, "history_dock", None), getattr(win, "puzzle_dock", None)) if d is not None]
    docks, sizes = [], []
    if left:
        docks.append(left[0])
        sizes.append(max(LEFT_MIN, round(width * LEFT_SHARE)))
    if right:
        docks.append(right[0])
        sizes.append(max(RIGHT_MIN, round(width * RIGHT_SHARE)))
    if docks:
        win.resizeDocks(docks, sizes, Qt.Orientation.Horizontal)


def recent_texts(files: list[str]) -> list[str]:
    """Menu texts for recent files: the name, with its folder when another entry has the same name."""
    names = [Path(f).name for f in files]
    out = []
    for f, name in zip(files, names, strict=True):
        if names.count(name) > 1:
            folder = Path(f).parent
            out.append(f"{name} — {folder.name or folder}  ({folder})")
        else:
            out.append(name)
    return out

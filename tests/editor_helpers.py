"""Helpers for the editor's GUI tests: windows on small boards and real mouse events on the view."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QMouseEvent
from PySide6.QtWidgets import QApplication

from editor import dialogs
from editor.document import Document
from editor.mainwindow import MainWindow
from model.newboard import new_scenario

LEFT = Qt.MouseButton.LeftButton
NO_MOD = Qt.KeyboardModifier.NoModifier


class DialogLog:
    """Records the dialogs a test triggered; answers are set by the test."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []
        self.unsaved_answer = "discard"
        self.open_path: str | None = None
        self.save_path: str | None = None
        self.new_board = None
        self.recover = True
        self.colour: str | None = None

    def names(self) -> list[str]:
        return [c[0] for c in self.calls]


_CURRENT: list[DialogLog] = []


def answers() -> DialogLog:
    """The dialog log of the running test (set up by the autouse ``no_dialogs`` fixture)."""
    return _CURRENT[-1]


@pytest.fixture(autouse=True)
def no_dialogs(monkeypatch, tmp_path):
    """Every modal dialog answered without blocking; settings and recovery files in tmp_path."""
    log = DialogLog()
    _CURRENT.append(log)
    monkeypatch.setenv("TRACKWRIGHT_SETTINGS", str(tmp_path / "settings.ini"))
    monkeypatch.setenv("TRACKWRIGHT_RECOVERY_DIR", str(tmp_path / "recovery"))

    def record(name, answer):
        def f(*args, **kwargs):
            log.calls.append((name, *args[1:]))
            return answer() if callable(answer) else answer
        return f

    monkeypatch.setattr(dialogs, "ask_unsaved", record("ask_unsaved", lambda: log.unsaved_answer))
    monkeypatch.setattr(dialogs, "ask_open_path", record("ask_open_path", lambda: log.open_path))
    monkeypatch.setattr(dialogs, "ask_save_path", record("ask_save_path", lambda: log.save_path))
    monkeypatch.setattr(dialogs, "ask_new_board", record("ask_new_board", lambda: log.new_board))
    monkeypatch.setattr(dialogs, "ask_recover", record("ask_recover", lambda: log.recover))
    monkeypatch.setattr(dialogs, "show_error", record("show_error", None))
    monkeypatch.setattr(dialogs, "ask_colour", record("ask_colour", lambda: log.colour))
    return log


def make_window(qtbot, tmp_path, scenario=None, path=None, size=(1200, 800)) -> MainWindow:
    """A main window on ``scenario`` (default: a 6x5 Catalan board), shown offscreen."""
    doc = Document(scenario or new_scenario("catalan", 6, 5), path)
    doc.check_delay_ms = 0
    win = MainWindow(doc, autosave_dir=tmp_path / "recovery")
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    win.view.zoom_reset()
    win.view.centerOn(win.scene.board_rect.center())
    return win


def settled_frame(view) -> QImage:
    """The view's viewport as it paints now, for a test that reads pixels.

    Events already posted (a resize, a layout request, a scroll bar appearing: on a busy machine
    they may still be queued after ``waitExposed``) are delivered first, and the viewport is then
    painted synchronously into an image (``QWidget.grab`` renders the widget; it does not copy
    the screen, so nothing waits on a paint). Map scene points to the viewport *after* this call,
    so that the picture and the mapping belong to the same frame."""
    QApplication.sendPostedEvents()
    return view.viewport().grab().toImage()


def view_pixel(view, scene_pt: QPointF) -> QColor:
    """The colour the view paints at a scene point (see :func:`settled_frame`)."""
    image = settled_frame(view)
    p = view.mapFromScene(scene_pt)
    return image.pixelColor(p.x(), p.y())


def view_point(win, coord, offset=(0.0, 0.0)) -> QPointF:
    """The viewport position of a cell's centre (plus an offset in scene units), once events
    already posted (a pending resize or layout) have been delivered."""
    QApplication.sendPostedEvents()
    c = win.scene.cell_centre(coord)
    return QPointF(win.view.mapFromScene(QPointF(c.x() + offset[0], c.y() + offset[1])))


def send_mouse(win, kind, pos: QPointF, button=LEFT, buttons=None, modifiers=NO_MOD) -> None:
    """Send one real QMouseEvent to the board view's viewport."""
    types = {"press": QMouseEvent.Type.MouseButtonPress, "move": QMouseEvent.Type.MouseMove, "release": QMouseEvent.Type.MouseButtonRelease}
    if buttons is None:
        buttons = button if kind in ("press", "move") else Qt.MouseButton.NoButton
    if kind == "move" and button != Qt.MouseButton.NoButton:
        b = Qt.MouseButton.NoButton
    else:
        b = button
    vp = win.view.viewport()
    glob = QPointF(vp.mapToGlobal(pos.toPoint()))
    ev = QMouseEvent(types[kind], pos, glob, b, buttons, modifiers)
    QApplication.sendEvent(vp, ev)


def click(win, coord, offset=(0.0, 0.0), modifiers=NO_MOD) -> None:
    p = view_point(win, coord, offset)
    send_mouse(win, "press", p, modifiers=modifiers)
    send_mouse(win, "release", p, modifiers=modifiers)


def drag(win, coords, modifiers=NO_MOD) -> None:
    """Press on the first cell, move through the others with the button held, release on the last."""
    pts = [view_point(win, c) for c in coords]
    send_mouse(win, "press", pts[0], modifiers=modifiers)
    for p in pts[1:]:
        send_mouse(win, "move", p, modifiers=modifiers)
    send_mouse(win, "release", pts[-1], modifiers=modifiers)


def hover(win, coord) -> None:
    send_mouse(win, "move", view_point(win, coord), button=Qt.MouseButton.NoButton, buttons=Qt.MouseButton.NoButton)

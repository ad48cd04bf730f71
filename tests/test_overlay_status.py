"""The status line of the *Where can this tile go?* overlay counts cells in good English."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from model.board import Token
from model.io import load
from model.paths import scenarios_dir
from tests.editor_helpers import make_window, no_dialogs  # noqa: F401 (autouse fixture)


def bnr_on_i20():
    """18 India with BNR's token in its home city I20 and BNR active: tile 57 fits one hex."""
    s = load(scenarios_dir() / "18india.json")
    cells = dict(s.board.cells)
    cells["I20"] = cells["I20"].model_copy(update={"tokens": [Token(company="BNR", city=0)]})
    board = s.board.model_copy(update={"cells": cells})
    return s.model_copy(update={"board": board, "state": s.state.model_copy(update={"active": "BNR"})})


def test_overlay_status_says_one_cell(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, bnr_on_i20(), None, size=(1400, 900))
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win)
    win.palette.select_tile("57")
    box = win.palette.overlay_box
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))
    assert win.overlay_action.isChecked()
    qtbot.waitUntil(lambda: "legal move" in win.statusBar().currentMessage())
    assert win.overlay_cells() == {win.document.grid.coord("I20")}
    assert win.statusBar().currentMessage() == "57 has a legal move on 1 cell"

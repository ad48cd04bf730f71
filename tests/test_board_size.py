"""Edit ▸ Board Size…: the grid resized as one undo step, with a warning listing the cells that
would be dropped; a size that would break the scenario is refused with the reason."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from editor import dialogs
from model import editing
from model.io import load
from model.paths import scenarios_dir
from tests.editor_helpers import make_window, no_dialogs  # noqa: F401 (autouse fixture)

MIDGAME = scenarios_dir() / "catalan" / "midgame.json"
INDIA = scenarios_dir() / "18india.json"


def test_resize_keeps_positions_and_lists_dropped_cells():
    s = load(MIDGAME)
    smaller, dropped = editing.resize_board(s, 6, 6)
    assert (smaller.board.grid.width, smaller.board.grid.height) == (6, 6)
    assert dropped[:4] == ["G5", "H5", "I5", "J5"] and "C10" in dropped and "D5" not in dropped
    assert smaller.board.cells["D5"] == s.board.cells["D5"]
    assert all(smaller.board.grid.is_label(e.cell) for e in smaller.board.edges)
    bigger, none = editing.resize_board(s, 12, 11)
    assert none == [] and bigger.board.cells == s.board.cells and len(bigger.board.grid) == 132


def test_resize_an_irregular_map_and_refuse_what_breaks_it():
    s = load(INDIA)
    same, dropped = editing.resize_board(s, s.board.grid.width + 2, s.board.grid.height + 4)
    assert dropped == [] and same.board.cells == s.board.cells and len(same.board.grid) == len(s.board.grid)
    with pytest.raises(ValueError, match="home"):
        editing.resize_board(s, 30, 30)  # a company's home would fall off the map


@pytest.mark.gui
def test_dialog_warns_about_dropped_cells_and_refuses_broken_sizes(qtbot):
    s = load(INDIA)

    def preview(w, h):
        try:
            return editing.resize_board(s, w, h)[1], ""
        except ValueError as exc:
            return [], str(exc)

    dlg = dialogs.BoardSizeDialog(s.board.grid.width, s.board.grid.height, preview)
    qtbot.addWidget(dlg)
    ok = dlg.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert dlg.warning.text() == "" and ok.isEnabled()
    dlg.height_box.setValue(30)
    assert "cannot be used" in dlg.warning.text() and "home" in dlg.warning.text() and not ok.isEnabled()
    m = load(MIDGAME)
    dlg2 = dialogs.BoardSizeDialog(10, 10, lambda w, h: (editing.resize_board(m, w, h)[1], ""))
    qtbot.addWidget(dlg2)
    dlg2.width_box.setValue(6)
    assert dlg2.warning.text() == "5 cells with content would be dropped: G5, H5, I5, J5, H8"
    dlg2.width_box.setValue(10)
    assert dlg2.warning.text() == ""


@pytest.mark.gui
def test_board_size_is_one_undo_step(qtbot, tmp_path, monkeypatch):
    win = make_window(qtbot, tmp_path, load(MIDGAME), MIDGAME)
    doc = win.document
    before = doc.scenario
    asked = []

    def answer(parent, width, height, preview):
        asked.append((width, height, preview(6, 6)))
        return (6, 6)

    monkeypatch.setattr(dialogs, "ask_board_size", answer)
    assert win.change_board_size()
    assert asked[0][:2] == (10, 10) and "C10" in asked[0][2][0]
    assert (doc.grid.width, doc.grid.height) == (6, 6)
    assert len(win.scene.cell_items()) == 36 and doc.undo_stack.count() == 1
    assert "J5" not in doc.scenario.board.cells
    doc.undo_stack.undo()
    assert doc.scenario == before and len(win.scene.cell_items()) == 100
    doc.undo_stack.redo()
    assert (doc.grid.width, doc.grid.height) == (6, 6)
    # the same size, or cancelling, changes nothing
    monkeypatch.setattr(dialogs, "ask_board_size", lambda *a: None)
    assert not win.change_board_size() and doc.undo_stack.count() == 1

"""The Token tool's status line names who holds a circle right after a click changed it, not
what the circle was before (hovered 'free', clicked, still said 'free')."""

from __future__ import annotations

from PySide6.QtCore import Qt

from editor.tools import TokenTool
from model.board import Token
from tests.editor_helpers import no_dialogs, send_mouse  # noqa: F401 (autouse fixture)
from tests.test_turn_tokens import choose, circle_point, click_at, india, press_button

NONE = Qt.MouseButton.NoButton


def test_status_line_follows_a_placed_and_a_removed_token(qtbot, tmp_path):
    win = india(qtbot, tmp_path)
    doc = win.document
    choose(qtbot, win.turn_panel.active_combo, "BNR")
    press_button(win, win.tool_actions[TokenTool])
    p = circle_point(win, "I20", 0, 0)
    send_mouse(win, "move", p, button=NONE, buttons=NONE)
    status = win.statusBar().currentMessage
    assert status().startswith("I20 city 1, circle 1: free")
    click_at(win, p)
    assert doc.cell(doc.grid.coord("I20")).tokens == [Token(company="BNR", city=0, circle=0)]
    assert status() == "I20 city 1, circle 1: BNR"
    click_at(win, p, Qt.MouseButton.RightButton)
    assert doc.cell(doc.grid.coord("I20")).tokens == []
    assert status().startswith("I20 city 1, circle 1: free")

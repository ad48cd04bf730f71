"""The Turn panel's generic state fields follow what the rule set reads: 18 India's gauge markers,
privates and pending home on the 18 India map, none of them on a plain 18xx board (an imported
18xx.games or 18xx-maker map), also after File > New switches between the two."""

from __future__ import annotations

from PySide6.QtCore import Qt

from editor.dialogs import NewBoardChoice
from model.io import load
from model.newboard import new_scenario
from model.paths import scenarios_dir
from tests.editor_helpers import answers, make_window, no_dialogs  # noqa: F401 (autouse fixture)

INDIA_FIELDS = ("gauge_markers", "privates", "pending_home")
GENERIC_ON_INDIA = ("gauge_markers",)  # the privates and the pending home have a box of their own


def test_plain_18xx_board_has_no_18_india_state_fields(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, new_scenario("18xx", 8, 6))
    win.turn_dock.show()
    win.turn_dock.raise_()
    panel = win.turn_panel
    assert [n for n in INDIA_FIELDS if panel.field("state", "", n) is not None] == []
    assert not panel.other_box.isVisibleTo(win)
    # private companies are any title's (their abilities are in the file); a pending home is 18 India's
    assert panel.privates_box.isVisibleTo(win) and not panel.privates_box.pending_combo.isVisibleTo(win)


def test_state_fields_follow_the_document_from_18_india_to_18xx(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, load(scenarios_dir() / "18india.json"), None, size=(1400, 900))
    win.turn_dock.show()
    win.turn_dock.raise_()
    panel = win.turn_panel
    assert all(panel.field("state", "", n) is not None for n in GENERIC_ON_INDIA)
    assert panel.other_box.isVisibleTo(win) and panel.privates_box.isVisibleTo(win)
    assert panel.privates_box.pending_combo.isVisibleTo(win)
    answers().unsaved_answer = "discard"
    answers().new_board = NewBoardChoice("18xx", 8, 6, "flat", "Plain")
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)  # File > New
    qtbot.waitUntil(lambda: win.document.scenario.meta.title == "Plain")
    qtbot.wait(20)  # the panels refresh once control is back in the event loop
    assert [n for n in INDIA_FIELDS if panel.field("state", "", n) is not None] == []
    assert not panel.other_box.isVisibleTo(win) and not panel.privates_box.pending_combo.isVisibleTo(win)

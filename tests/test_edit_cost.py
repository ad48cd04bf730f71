"""What one edit sets off: only the panels and cells that show what changed do any work, a
panel out of view waits until it is shown, and the live checker's thread never holds the
event loop (edits by real key presses and clicks)."""

from __future__ import annotations

import sys
import threading

from PySide6.QtCore import Qt

from editor import workers
from editor.commands import SetPartCommand
from model.board import Cell, City, Token
from model.newboard import new_scenario
from model.scenario import Company
from tests.editor_helpers import make_window, no_dialogs  # noqa: F401
from tests.test_tileset_updates import click_dock_tab


def board_with_companies():
    s = new_scenario("18xx", 8, 6)
    s.companies = [Company(id="LNWR", color="#202080"), Company(id="GWR", color="#206020")]
    s.board.cells["C3"] = Cell(cities=[City(name="Bristol", slots=2)], tokens=[Token(company="GWR")])
    return s


def type_turn(qtbot, win, number: int) -> None:
    box = win.turn_panel.turn_box
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box.lineEdit(), str(number))
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)


def test_an_edit_of_the_state_repaints_no_cell_and_rebuilds_no_palette(qtbot, tmp_path, monkeypatch):
    win = make_window(qtbot, tmp_path, board_with_companies())
    click_dock_tab(qtbot, win, "Turn")
    qtbot.waitUntil(win.turn_panel.in_view)
    rebuilt = []
    monkeypatch.setattr(win.palette, "rebuild", lambda: rebuilt.append(1))
    updates = win.scene.item_updates
    type_turn(qtbot, win, 7)
    assert win.document.scenario.state.turn == 7
    qtbot.wait(50)
    assert win.scene.item_updates == updates and rebuilt == []
    # a company's colour is drawn on the board: that repaints the cells with content
    companies = [c.model_copy(update={"color": "#a00000"}) if c.id == "GWR" else c for c in win.document.scenario.companies]
    win.document.undo_stack.push(SetPartCommand(win.document, "companies", companies, "GWR colour"))
    assert win.scene.item_updates > updates
    # its cash is not
    updates = win.scene.item_updates
    table = win.turn_panel.company_table
    qtbot.waitUntil(lambda: table.rowCount() == 2)
    table.setCurrentCell(0, 1)
    table.editItem(table.item(0, 1))
    editor = table.focusWidget()
    qtbot.keyClicks(editor, "450")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: win.document.scenario.company("LNWR").treasury == 450)
    qtbot.wait(50)
    assert win.scene.item_updates == updates


def test_the_turn_panel_out_of_view_waits_until_shown(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, board_with_companies())
    panel = win.turn_panel
    click_dock_tab(qtbot, win, "Turn")
    qtbot.waitUntil(panel.in_view)
    calls = []
    real = panel.refresh
    panel.refresh = lambda *a, **k: (calls.append(1), real(*a, **k))
    panel._refresh_timer.timeout.disconnect()
    panel._refresh_timer.timeout.connect(lambda: panel.refresh(changed_only=True))
    click_dock_tab(qtbot, win, "Properties")
    qtbot.waitUntil(lambda: not panel.in_view())
    state = win.document.scenario.state.model_copy(update={"turn": 12})
    win.document.undo_stack.push(SetPartCommand(win.document, "state", state, "Turn 12"))
    qtbot.wait(50)
    assert calls == [] and panel.turn_box.value() != 12       # out of view: nothing done
    click_dock_tab(qtbot, win, "Turn")
    qtbot.waitUntil(lambda: panel.turn_box.value() == 12)     # shown: it catches up
    assert calls == [1]
    # the title is not shown in the Turn panel: editing it does no work there
    win.document.undo_stack.push(SetPartCommand(win.document, "meta", win.document.scenario.meta.model_copy(update={"title": "T"}), "Title"))
    qtbot.wait(50)
    assert calls == [1]


def test_checks_run_on_one_long_lived_thread_that_hands_the_lock_back_often(qtbot, tmp_path):
    from editor.commands import PaintStrokeCommand
    from model import editing

    win = make_window(qtbot, tmp_path, board_with_companies())
    doc = win.document
    seen: list[tuple[int, float]] = []
    original = doc.check_scenario  # noqa: F841 - the checker reads run_check below
    import editor.document as document_module

    real = document_module.run_check

    def spy(*args):
        seen.append((threading.get_ident(), sys.getswitchinterval()))
        return real(*args)

    default = sys.getswitchinterval()
    try:
        document_module.run_check = spy
        for k, label in enumerate(("B2", "C3")):
            coord = doc.grid.coord(label)
            with qtbot.waitSignal(doc.issuesChanged, timeout=5000):
                doc.undo_stack.push(PaintStrokeCommand(doc, editing.brush_cells(doc.scenario, [coord], "mountain", 80), 500 + k, "mountain"))
    finally:
        document_module.run_check = real
    assert len(seen) == 2 and seen[0][0] == seen[1][0] != threading.get_ident()  # the same thread, not the main one
    assert all(interval <= workers.SWITCH_INTERVAL_S for _t, interval in seen)
    qtbot.waitUntil(lambda: workers.paused_collections() == 0)
    assert sys.getswitchinterval() == default                 # back as it was once no worker runs


def test_status_bar_labels_keep_their_size_while_checking(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, board_with_companies())
    for label in (win.checking_label, win.counts_label):
        hint = label.sizeHint()
        label.setText("checking…" if label is win.checking_label else "123 errors, 4567 warnings, 89 notes")
        assert label.minimumSize() == label.maximumSize()   # a fixed size: no layout of the window
        assert label.sizeHint().width() <= label.width() or label.sizeHint() == hint

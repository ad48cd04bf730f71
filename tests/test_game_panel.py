"""The Game panel: File > Import of a recorded game, stepping through it, a puzzle from a position."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from editor import dialogs
from model.puzzles.solver import solve
from tests.editor_helpers import make_window, no_dialogs  # noqa: F401 (autouse fixture)

GAME = Path(__file__).parent / "cases" / "import" / "game" / "engine" / "public" / "fixtures" / "Mini" / "1.json"
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def tiles(doc) -> dict:
    return {label: c.tile.tile for label, c in doc.scenario.board.cells.items() if c.tile is not None}


def test_import_a_game_then_step_back_and_make_a_puzzle(qtbot, tmp_path, monkeypatch):
    monkeypatch.delenv("T18XX_DIR", raising=False)
    win = make_window(qtbot, tmp_path)
    monkeypatch.setattr(dialogs, "ask_import_path", lambda *a: str(GAME))
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win)
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_O, CTRL_SHIFT)
    doc, panel = win.document, win.game_panel
    assert tiles(doc) == {"C3": "14", "C1": "7", "E5": "9"}  # the last position
    assert panel.moves.count() == len(panel.session.actions) and panel.moves.item(0).text() == "1 11 bid PI"

    # the list steps back to the position after the first lay (action 7), one undo step
    panel.moves.setFocus()
    item = panel.moves.item(6)
    qtbot.mouseClick(panel.moves.viewport(), Qt.MouseButton.LeftButton, pos=panel.moves.visualItemRect(item).center())
    assert panel.current_action() == 7 and tiles(doc) == {"C3": "57"}
    assert "phase 2, AA to act" in panel.where.text()
    qtbot.keyClick(panel.moves, Qt.Key.Key_Down)  # the next action that stood: 10 (8 was undone)
    assert panel.current_action() == 10 and tiles(doc) == {"C3": "57", "C1": "7"}
    assert panel.slider.value() == 7

    # a puzzle from the position after action 6: AA's next two lays (57 on C3, 7 on C1)
    qtbot.mouseClick(panel.moves.viewport(), Qt.MouseButton.LeftButton,
                     pos=panel.moves.visualItemRect(panel.moves.item(5)).center())
    assert panel.current_action() == 6 and tiles(doc) == {}
    qtbot.mouseClick(panel.puzzle_button, Qt.MouseButton.LeftButton)
    puzzle = doc.scenario.puzzle
    assert puzzle is not None and puzzle.actor == "AA" and sorted(puzzle.resources.hand) == ["57", "7"]
    assert solve(doc.scenario).verdict == "solvable"
    doc.undo_stack.undo()
    assert doc.scenario.puzzle is None and panel.message.text().startswith("Puzzle: AA reaches")



def test_every_tab_bar_of_the_docks_shows_whole_titles_after_a_restored_layout_and_an_import(qtbot, tmp_path):
    from PySide6.QtWidgets import QTabBar

    def bars(win):
        QApplication.processEvents()
        return [b for b in win.findChildren(QTabBar) if b.parent() is win]

    first = make_window(qtbot, tmp_path, size=(1500, 950))
    first.splitDockWidget(first.game_dock, first.players_dock, Qt.Orientation.Vertical)
    state = first.saveState()
    win = make_window(qtbot, tmp_path, size=(1500, 950))
    win.restoreState(state)  # as the window does at start with the layout it saved last time
    assert win.import_file(GAME)
    win.tabifyDockWidget(win.players_dock, win.game_dock)  # as a drag onto another dock does
    assert len(bars(win)) > 1
    assert all(b.elideMode() == Qt.TextElideMode.ElideNone and b.usesScrollButtons() for b in bars(win))

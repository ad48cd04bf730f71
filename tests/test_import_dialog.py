"""File > Import in the editor: another program's map opens as a new unsaved board."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from editor import dialogs
from tests.editor_helpers import answers, make_window, no_dialogs  # noqa: F401 (autouse fixture)

BOTH = Path(__file__).resolve().parent / "data" / "both-ecosystems"
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def press_import(qtbot, win) -> None:
    win.activateWindow()  # window shortcuts reach the active window
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win)
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_O, CTRL_SHIFT)


def test_import_an_18xx_maker_game_and_an_18xx_games_map(qtbot, tmp_path, monkeypatch):
    win = make_window(qtbot, tmp_path)
    picked = iter([str(BOTH / "1889" / "18xx-maker.json"), str(BOTH / "1889" / "map.rb")])
    monkeypatch.setattr(dialogs, "ask_import_path", lambda *a: next(picked))
    press_import(qtbot, win)
    doc = win.document
    assert doc.path is None and doc.is_modified()  # nothing written; closing asks to save
    assert doc.scenario.board.grid.is_label("K4") and doc.scenario.rules.id == "18xx"
    assert "Shikoku 1889" in doc.scenario.meta.title
    assert "Imported 18xx-maker.json" in win.statusBar().currentMessage()
    answers().unsaved_answer = "discard"
    press_import(qtbot, win)  # the unsaved import is asked about first, then the map.rb opens
    assert "ask_unsaved" in answers().names()
    assert doc.scenario.board.cell(doc.scenario.board.grid.coord("F3")).cities


def test_an_import_that_drops_items_asks_first_and_lists_them(qtbot, tmp_path, monkeypatch):
    game = {"info": {"title": "Dropping", "orientation": "horizontal"},
            "map": {"hexes": [{"color": "plain", "hexes": ["A1", "B2"]},
                              {"color": "plain", "goods": [{"type": "coal"}], "hexes": ["C1"]}]}}
    src = tmp_path / "dropping.json"
    src.write_text(json.dumps(game), encoding="utf-8")
    win = make_window(qtbot, tmp_path)
    before = win.document.scenario
    monkeypatch.setattr(dialogs, "ask_import_path", lambda *a: str(src))
    asked, shown = [], []
    monkeypatch.setattr(dialogs, "ask_import_anyway", lambda parent, name, reason: asked.append(reason) or False)
    monkeypatch.setattr(dialogs, "show_dropped", lambda parent, name, dropped: shown.append(dropped))
    press_import(qtbot, win)
    assert asked and "map.hexes[1].goods" in asked[0]
    assert win.document.scenario is before and not shown  # declined: the open board stays
    monkeypatch.setattr(dialogs, "ask_import_anyway", lambda parent, name, reason: True)
    press_import(qtbot, win)
    assert shown == [["map.hexes[1].goods: not something Trackwright can hold"]]
    assert win.document.scenario.meta.title == "Dropping" and win.document.scenario.board.grid.is_label("C1")


def test_a_file_that_cannot_be_imported_shows_why_and_keeps_the_board(qtbot, tmp_path, monkeypatch):
    bad = tmp_path / "broken.json"
    bad.write_text('{"info": {}, "map": {"hexes": [}', encoding="utf-8")
    win = make_window(qtbot, tmp_path)
    before = win.document.scenario
    monkeypatch.setattr(dialogs, "ask_import_path", lambda *a: str(bad))
    press_import(qtbot, win)
    errors = [c for c in answers().calls if c[0] == "show_error"]
    assert errors and "broken.json" in errors[0][-1] and "1:32" in errors[0][-1]
    assert win.document.scenario is before

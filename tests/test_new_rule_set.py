"""A rule set the editor has never heard of plugs in through the RuleSet interface alone.

``tests/tiny_rails.py`` registers *Tiny rails*, a two-tile square-grid game, at test time. Driven
by real mouse and key events, the editor's palette and stamp, its ghost, the live checker and the
issues panel, the Turn panel, File > New and the command line's check, moves and export all work
on it; nothing in ``editor/`` names it.
"""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from tiny_rails import TinyRails, tiny_scenario

from editor.cli import main
from editor.dialogs import NewBoardDialog
from editor.tools import StampTool
from model import turn
from model.io import load, save
from model.newboard import new_scenario
from model.rules import Move, RuleSet, get_rule_set, register
from tests.editor_helpers import click, hover, make_window, no_dialogs  # noqa: F401 (autouse fixture)

LEFT = Qt.MouseButton.LeftButton


def pick_tile(qtbot, win, tile_id: str) -> None:
    """Click the tile's entry in the palette."""
    item = win.palette.item_for(tile_id)
    section = item.listWidget()
    section.scrollToItem(item)
    QTest.mouseClick(section.viewport(), LEFT, Qt.KeyboardModifier.NoModifier, section.visualItemRect(item).center())
    qtbot.waitUntil(lambda: win.palette.current_tile() == tile_id)


def choose(qtbot, combo, text: str) -> None:
    """Pick an entry of a combo box with the arrow keys."""
    combo.setFocus()
    items = [combo.itemText(i) for i in range(combo.count())]
    assert text in items, (text, items)
    key = Qt.Key.Key_Down if items.index(text) > combo.currentIndex() else Qt.Key.Key_Up
    for _ in range(len(items)):
        if combo.currentText() == text:
            break
        QTest.keyClick(combo, key)
    assert combo.currentText() == text
    qtbot.wait(5)


def rules_of(issues) -> set[str]:
    return {i.rule for i in issues}


def test_the_game_is_registered_with_its_declared_facts():
    rules = get_rule_set(TinyRails.id)
    assert rules.actor_kind == "player"  # derived: square grids only
    s = new_scenario(TinyRails.id, 4, 3)
    assert s.board.grid.kind == "square" and s.rules.id == TinyRails.id


def test_palette_stamp_checker_and_issues_panel(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, tiny_scenario())
    doc = win.document
    assert sorted(win.palette.visible_tiles()) == ["bend", "line"]
    pick_tile(qtbot, win, "line")
    assert isinstance(win.view.tool, StampTool) and win.view.tool.tile_id == "line"
    click(win, (2, 1))  # a straight from bottom to top, inside the board
    assert doc.cell((2, 1)).tile.tile == "line"
    qtbot.waitUntil(lambda: not doc.is_checking())
    assert doc.issues == []
    click(win, (2, 0))  # the top row: the straight runs off the board
    qtbot.waitUntil(lambda: "tiny.off-board" in rules_of(doc.issues))
    assert [i.cells for i in doc.issues] == [("C1",)]
    tree = win.issues_panel.tree
    errors = tree.topLevelItem(0)
    rows = [" ".join(errors.child(i).text(k) for k in range(tree.columnCount())) for i in range(errors.childCount())]
    assert errors.text(0) == "Errors (1)" and "C1: the line runs off the board" in rows[0], rows
    assert (2, 0) in win.scene.issue_marks()
    QTest.keySequence(win, QKeySequence(QKeySequence.StandardKey.Undo))
    qtbot.waitUntil(lambda: doc.issues == [] and doc.cell((2, 0)).tile is None)


def test_turn_panel_and_the_ghost_ask_the_rule_set(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, tiny_scenario())
    doc, panel = win.document, win.turn_panel
    assert panel.active_label.text() == "Active player"
    choose(qtbot, panel.active_combo, "ann")
    qtbot.waitUntil(lambda: doc.scenario.state.active == "ann")
    # the turn phases are the game's own (RuleSet.turn_phases), not another game's
    combo = panel.phase_combo
    assert combo.isVisibleTo(win) and [combo.itemText(i) for i in range(combo.count())] == ["(unset)", "survey", "build"]
    choose(qtbot, combo, "build")
    qtbot.waitUntil(lambda: doc.scenario.state.phase == "build")
    assert doc.undo_stack.undoText() == "Phase: build"
    pick_tile(qtbot, win, "line")
    stamp = win.view.tool
    win.view.setFocus()
    QApplication.sendEvent(win.view, QKeyEvent(QKeyEvent.Type.KeyPress, Qt.Key.Key_R, Qt.KeyboardModifier.NoModifier, "r"))
    assert stamp.rotation == 1  # left to right
    hover(win, (4, 1))  # the last column: the straight runs off the right side
    ghost = win.scene.ghost_item
    assert ghost.isVisible() and not ghost.legal and "tiny.off-board" in ghost.reason
    hover(win, (2, 1))
    assert ghost.coord == (2, 1) and ghost.legal
    click(win, (2, 1))
    assert doc.cell((2, 1)).tile.rotation == 1


def test_a_game_without_turn_phases_gets_no_phase_choice(qtbot, tmp_path):
    """The Turn panel offers what the rule set declares: a player game whose turn has no phases
    (the default RuleSet.turn_phases) shows no phase list, and a phase set in the file stays shown."""

    class NoPhases(TinyRails):
        id = "test.tiny-rails-no-phases"

        def turn_phases(self, scenario):
            return RuleSet.turn_phases(self, scenario)

    register(NoPhases)
    s = tiny_scenario()
    s = s.model_copy(update={"rules": s.rules.model_copy(update={"id": NoPhases.id})})
    win = make_window(qtbot, tmp_path, s)
    panel = win.turn_panel
    assert panel.catalan_box.isVisibleTo(win) and not panel.phase_combo.isVisibleTo(win)
    assert turn.turn_phases(s, get_rule_set(NoPhases.id)) == []
    assert turn.turn_phases(s.model_copy(update={"state": s.state.model_copy(update={"phase": "dig"})}),
                            get_rule_set(NoPhases.id)) == ["dig"]


def test_file_new_offers_the_game_on_a_square_board(qtbot):
    dlg = NewBoardDialog()
    qtbot.addWidget(dlg)
    ids = [dlg.rules.itemText(i) for i in range(dlg.rules.count())]
    assert ids[:3] == ["catalan", "18xx", "18india"] and TinyRails.id in ids
    choose(qtbot, dlg.rules, TinyRails.id)
    assert not dlg.orientation.isEnabled()  # square boards have no hex orientation
    choose(qtbot, dlg.rules, "18xx")
    assert dlg.orientation.isEnabled()


def test_command_line_check_moves_and_export(tmp_path, capsys):
    s = tiny_scenario()
    s = s.model_copy(update={"state": s.state.model_copy(update={"active": "ann"})})
    path = tmp_path / "tiny.json"
    save(s, path)
    assert main(["check", str(path)]) == 0
    assert main(["moves", str(path), "--player", "ann", "--tile", "line"]) == 0
    out = capsys.readouterr().out
    assert "build B2 line 0" in out and "build B1 line 0" not in out
    assert main(["explain", str(path), "--player", "ann", "--move", "build A2 line 1"]) == 1
    assert "tiny.off-board" in capsys.readouterr().out
    assert main(["export", str(path), "--to", "json", "-o", str(tmp_path / "out.json")]) == 0
    assert json.loads((tmp_path / "out.json").read_text())["rules"]["id"] == TinyRails.id
    assert main(["export", str(path), "--to", "svg", "-o", str(tmp_path / "out.svg")]) == 0
    assert "<svg" in (tmp_path / "out.svg").read_text()
    broken = load(path)
    rules = get_rule_set(TinyRails.id)
    broken = rules.apply(broken, Move("build", "A1", "bend", 0, "ann"), check=False)  # runs off the left side
    save(broken, tmp_path / "broken.json")
    assert main(["check", str(tmp_path / "broken.json")]) == 1
    assert main(["export", str(tmp_path / "broken.json"), "--to", "json", "-o", str(tmp_path / "refused.json")]) == 1
    assert not (tmp_path / "refused.json").exists()

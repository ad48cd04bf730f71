"""Catalan stations set up as people think of them, by real mouse and key events: a platform
clicked near the rim opens toward the board, its owner is picked from the players (and its
colour is hers), origins and destinations are picked from the board's stations, each new player
gets a colour of her own and a colour picker, and only the rule set's actors are listed."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox

from editor.render import CELL_SIZE, owner_colors
from editor.tools import FeatureTool
from model.io import load
from model.newboard import new_scenario
from model.paths import scenarios_dir
from model.stations import inward_access
from tests.editor_helpers import answers, click, make_window, no_dialogs, view_pixel  # noqa: F401 (autouse fixture)


def pick(combo, data) -> None:
    """Pick the entry holding ``data`` with the arrow keys."""
    combo.setFocus()
    target = combo.findData(data)
    assert target >= 0, data
    key = Qt.Key.Key_Down if target > combo.currentIndex() else Qt.Key.Key_Up
    while combo.currentIndex() != target:
        QTest.keyClick(combo, key)


def test_a_platform_near_the_rim_opens_toward_the_board():
    s = new_scenario("catalan", 6, 5)
    s_, w, n, e = 0, 1, 2, 3  # square sides: S, W, N, E
    assert inward_access(s, (2, 0), n) == s_  # top row, clicked near the north side
    assert inward_access(s, (0, 2), w) == e
    assert inward_access(s, (5, 4), s_) == n and inward_access(s, (5, 4), e) == w
    assert inward_access(s, (2, 2), n) == n  # inside the board: as clicked


def test_platforms_owners_and_colours_from_the_players(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, new_scenario("catalan", 6, 5))
    doc = win.document
    panel = win.players
    assert panel.players.isVisibleTo(win) and not panel.companies.isVisibleTo(win)  # Catalan: players only
    win.players_dock.raise_()
    for _ in range(3):
        QTest.mouseClick(panel.players.add_button, Qt.MouseButton.LeftButton)
        qtbot.wait(5)
    colours = [p.color for p in doc.scenario.players]
    assert len(colours) == 3 and len(set(colours)) == 3  # each new player a colour of her own
    # the colour picker: double-click the colour cell
    answers().colour = "#123456"
    table = panel.players.table
    rect = table.visualItemRect(table.item(1, 2))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center())
    QTest.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center())
    qtbot.wait(5)
    assert "ask_colour" in answers().names()
    assert doc.scenario.players[1].color == "#123456"
    # an origin platform for p2, clicked near the top rim of B1: it opens south, onto the board
    tool = win.tools[FeatureTool]
    win.set_tool(tool)
    pick(tool.feature_box, "origin")
    pick(tool.owner_box, "p2")
    click(win, (1, 0), offset=(0, -CELL_SIZE * 0.42))
    plat = doc.cell((1, 0)).platform
    assert plat is not None and plat.kind == "origin" and plat.access == 0 and plat.owner == "p2"
    assert owner_colors(doc.scenario, plat.owner)[0].name() == "#123456"
    # drawn in her colour: the platform's body (north half of the cell, beside its name)
    qtbot.wait(5)
    centre = win.scene.cell_centre((1, 0))
    seen = view_pixel(win.view, QPointF(centre.x() + CELL_SIZE * 0.2, centre.y() - CELL_SIZE * 0.2))
    want = QColor("#123456")  # (the hover highlight tints it a little)
    assert max(abs(seen.red() - want.red()), abs(seen.green() - want.green()), abs(seen.blue() - want.blue())) < 40, seen.name()
    # p2's origin is picked from the stations (F2 opens the list; arrow keys, Return)
    qtbot.wait(5)
    rect = table.visualItemRect(table.item(1, 3))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center())
    QTest.keyClick(table, Qt.Key.Key_F2)
    combos = [c for c in table.viewport().findChildren(QComboBox) if c.isVisible()]
    assert len(combos) == 1
    assert [combos[0].itemText(i) for i in range(combos[0].count())] == ["", plat.station]
    QTest.keyClick(combos[0], Qt.Key.Key_Down)
    QTest.keyClick(combos[0], Qt.Key.Key_Return)
    qtbot.wait(5)
    assert doc.scenario.players[1].origin == plat.station
    # the owner in Properties is a list of the players
    win.properties_dock.raise_()
    from editor.tools import SelectTool

    win.set_tool(win.tools[SelectTool])
    click(win, (1, 0))
    owner = win.properties.owner_combo
    assert owner is not None and [owner.itemData(i) for i in range(owner.count())] == ["", "p1", "p2", "p3"]
    pick(owner, "p3")
    QTest.keyClick(owner, Qt.Key.Key_Return)
    assert doc.cell((1, 0)).platform.owner == "p3"
    # every step undoes
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.scenario.players == [] and doc.scenario.board.cells == {}


def test_18xx_maps_list_companies_only(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, load(scenarios_dir() / "18india.json"))
    panel = win.players
    assert panel.companies.isVisibleTo(win) and not panel.players.isVisibleTo(win)

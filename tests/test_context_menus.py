"""Right-clicks, by real mouse events: the board's cell menu (turn or delete the laid tile, why it
is illegal, Properties, the Edit actions), the palette's tile menu and the issues list's menu."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

from editor.tools.token import TokenTool
from editor.window_extras import with_standard_tiles
from model.board import Cell, City, LaidTile
from model.newboard import new_scenario
from tests.editor_helpers import make_window, no_dialogs, view_point  # noqa: F401

RIGHT = Qt.MouseButton.RightButton
LEFT = Qt.MouseButton.LeftButton


def board():
    s = with_standard_tiles(new_scenario("18xx", 10, 8))
    s.board.cells["C3"] = Cell(cities=[City(revenue=20)])
    s.board.cells["F6"] = Cell(tile=LaidTile(tile="9", rotation=0))   # a straight on a plain hex: legal
    s.board.cells["E5"] = Cell(tile=LaidTile(tile="57", rotation=1))  # a city tile on a hex with no city
    return s


def window_click(widget, pos: QPoint, button=RIGHT) -> None:
    """A click through the window system, as a real mouse makes it: Qt's window turns a right
    press into the context-menu event itself (a click sent to the widget would skip that)."""
    top = widget.window()
    QTest.mouseClick(top.windowHandle(), button, Qt.KeyboardModifier.NoModifier, widget.mapTo(top, pos))


def right_click(qtbot, win, label) -> QMenu:
    coord = win.document.grid.coord(label)
    window_click(win.view.viewport(), view_point(win, coord).toPoint())
    qtbot.waitUntil(lambda: win.context_menu is not None and win.context_menu.isVisible())
    return win.context_menu


def choose(qtbot, menu: QMenu, text: str) -> None:
    action = next(a for a in menu.actions() if a.text() == text)
    assert action.isEnabled(), text
    window_click(menu, menu.actionGeometry(action).center(), LEFT)
    qtbot.waitUntil(lambda: not menu.isVisible())


def window(qtbot, tmp_path, scenario=None):
    win = make_window(qtbot, tmp_path, scenario or board())
    win.view.fit_to_window()  # every cell in view
    qtbot.waitUntil(lambda: not win.document.is_checking(), timeout=5000)
    return win


def test_right_click_turns_and_deletes_the_laid_tile_one_undo_step_each(qtbot, tmp_path):
    win = window(qtbot, tmp_path)
    doc = win.document
    e5 = doc.grid.coord("E5")
    menu = right_click(qtbot, win, "E5")
    assert doc.selection == [e5]  # the cell under the pointer is what the menu acts on
    texts = [a.text().replace("&", "") for a in menu.actions()]
    for wanted in ("Rotate Tile Clockwise", "Rotate Tile Anticlockwise", "Delete Tile", "Why Is This Tile Illegal?", "Properties…", "Copy"):
        assert wanted in texts
    choose(qtbot, menu, "Rotate Tile Clockwise")
    assert doc.cell(e5).tile == LaidTile(tile="57", rotation=2)
    choose(qtbot, right_click(qtbot, win, "E5"), "Rotate Tile Anticlockwise")
    choose(qtbot, right_click(qtbot, win, "E5"), "Rotate Tile Anticlockwise")
    assert doc.cell(e5).tile.rotation == 0
    choose(qtbot, right_click(qtbot, win, "E5"), "Delete Tile")
    assert doc.cell(e5).tile is None
    assert doc.undo_stack.text(doc.undo_stack.index() - 1) == "Delete tile 57 from E5"
    doc.undo_stack.undo()
    assert doc.cell(e5).tile == LaidTile(tile="57", rotation=0)


def test_a_cell_without_a_tile_offers_no_tile_actions(qtbot, tmp_path):
    win = window(qtbot, tmp_path)
    menu = right_click(qtbot, win, "B2")
    enabled = {a.text(): a.isEnabled() for a in menu.actions() if a.text()}
    assert not enabled["Rotate Tile Clockwise"] and not enabled["Delete Tile"] and not enabled["Why Is This Tile Illegal?"]
    assert enabled["Properties…"]


def test_why_is_this_tile_illegal_names_the_checker_rules(qtbot, tmp_path):
    win = window(qtbot, tmp_path)
    doc = win.document
    e5 = doc.grid.coord("E5")
    errors = [i for i in doc.issues_at(e5) if i.severity == "error"]
    assert errors  # the fixture's tile breaks a rule
    choose(qtbot, right_click(qtbot, win, "E5"), "Why Is This Tile Illegal?")
    box = win.explain_box
    qtbot.waitUntil(box.isVisible)
    assert box.text().startswith("Tile 57 (rotation 1) on E5 breaks")
    for issue in errors:
        assert f"[{issue.rule}]" in box.informativeText()
    choose(qtbot, right_click(qtbot, win, "F6"), "Why Is This Tile Illegal?")  # a legal tile: says so
    assert win.explain_box.text() == "Tile 9 (rotation 0) on F6: the live checker finds nothing wrong here."


def test_properties_from_the_menu_raises_the_dock_with_the_keyboard_in_it(qtbot, tmp_path):
    win = window(qtbot, tmp_path)
    win.activateWindow()
    win.turn_dock.raise_()  # another tab in front of Properties
    assert win.properties_dock.visibleRegion().isEmpty()
    choose(qtbot, right_click(qtbot, win, "C3"), "Properties…")
    qtbot.waitUntil(lambda: not win.properties_dock.visibleRegion().isEmpty())
    assert win.document.selection == [win.document.grid.coord("C3")]
    assert win.properties.isAncestorOf(QApplication.focusWidget())


def test_the_token_tool_keeps_the_right_button_on_a_city(qtbot, tmp_path):
    win = window(qtbot, tmp_path)
    win.set_tool(win.tools[TokenTool])
    coord = win.document.grid.coord("C3")
    window_click(win.view.viewport(), view_point(win, coord).toPoint())
    qtbot.wait(50)
    assert win.context_menu is None  # the right button on a city is the Token tool's (it removes a token)
    right_click(qtbot, win, "B2")  # elsewhere the cell's menu


def test_the_palette_and_the_issues_list_have_menus(qtbot, tmp_path):
    win = window(qtbot, tmp_path)
    item = win.palette.item_for("57")
    section = item.listWidget()
    rect = section.visualItemRect(item)
    spot = section.viewport().mapTo(win.palette.scroll.widget(), rect.center())
    win.palette.scroll.ensureVisible(spot.x(), spot.y(), 10, rect.height())
    QApplication.sendPostedEvents()
    window_click(section.viewport(), rect.center())
    qtbot.waitUntil(lambda: win.context_menu is not None and win.context_menu.isVisible())
    choose(qtbot, win.context_menu, "Where Can This Tile Go?")
    assert win.overlay_action.isChecked() and win.tools[type(win.current_tool)].tile_id == "57"
    tree = win.issues_panel.tree
    row = next(r for r in win.issues_panel.issue_items() if "E5" in r.text(1))
    tree.scrollToItem(row)
    win.document.set_selection([])
    window_click(tree.viewport(), tree.visualItemRect(row).center())
    qtbot.waitUntil(lambda: win.context_menu is not None and win.context_menu.objectName() == "issueMenu" and win.context_menu.isVisible())
    choose(qtbot, win.context_menu, "Show on Board")
    assert win.document.grid.coord("E5") in win.document.selection
    window_click(tree.viewport(), tree.visualItemRect(row).center())
    qtbot.waitUntil(lambda: win.context_menu.isVisible())
    choose(qtbot, win.context_menu, "Copy Text")
    assert row.text(0) in QApplication.clipboard().text()

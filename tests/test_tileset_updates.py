"""The Tile Set panel keeps up with edits without redoing its table: a hidden panel does no work
until it is shown, and a shown one refreshes only the rows an edit changed."""

from __future__ import annotations

from PySide6.QtWidgets import QTabBar

from editor.tools.brush import BrushTool
from model import manifest
from model.newboard import new_scenario
from tests.editor_helpers import LEFT, click, make_window, no_dialogs  # noqa: F401


def click_dock_tab(qtbot, win, title: str) -> None:
    """Click the tab of a tabbed dock, as a user picks it."""
    for bar in win.findChildren(QTabBar):
        for i in range(bar.count()):
            if bar.tabText(i) == title:
                qtbot.mouseClick(bar, LEFT, pos=bar.tabRect(i).center())
                return
    raise AssertionError(f"no dock tab {title!r}")


def board_with_tiles():
    s = new_scenario("18xx", 8, 6)
    s.tiles = manifest.add_tiles(s, [manifest.standard_tiles().get(t) for t in ("7", "8", "9", "57", "14", "15")])
    return s


def test_hidden_panel_does_no_work_and_catches_up_when_shown(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, board_with_tiles())
    panel = win.tileset_panel
    click_dock_tab(qtbot, win, "Properties")
    qtbot.waitUntil(lambda: not panel.in_view())
    before = panel.refreshes
    win.palette.select_tile("9")
    click(win, win.document.grid.coord("C3"))      # a tile laid with the stamp, by a real click
    click(win, win.document.grid.coord("E5"))
    assert win.document.cell(win.document.grid.coord("E5")).tile.tile == "9"
    qtbot.wait(150)
    assert panel.refreshes == before               # hidden: nothing redone
    click_dock_tab(qtbot, win, "Tile Set")
    qtbot.waitUntil(lambda: "2 laid" in panel.count_spin("9").toolTip())
    assert panel.refreshes == before + 1           # shown: the one row whose count changed


def test_shown_panel_refreshes_only_the_changed_rows(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, board_with_tiles())
    panel = win.tileset_panel
    click_dock_tab(qtbot, win, "Tile Set")
    qtbot.waitUntil(panel.in_view)
    qtbot.wait(100)
    before = panel.refreshes
    win.palette.select_tile("57")
    click(win, win.document.grid.coord("C3"))
    qtbot.waitUntil(lambda: "1 laid" in panel.count_spin("57").toolTip())
    assert panel.refreshes == before + 1
    win.set_tool(win.tools[BrushTool])               # terrain: no tile count changes, no row is touched
    click(win, win.document.grid.coord("D6"))
    assert win.document.cell(win.document.grid.coord("D6")).terrain != "plain"
    qtbot.wait(150)
    assert panel.refreshes == before + 1
    win.document.undo_stack.undo()                 # the terrain
    win.document.undo_stack.undo()                 # the 57
    qtbot.waitUntil(lambda: "0 laid" in panel.count_spin("57").toolTip())
    assert panel.refreshes == before + 2

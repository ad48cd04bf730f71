"""What users of Qt editors and Tiled reach for, driven by real mouse and key events: names typed
in Properties drawn at once at every zoom, focus that goes back to the board, the selection count
and zoom level in the status bar, the Help menu."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QTabBar, QToolButton

from editor.panels.players import change_text
from editor.tools.brush import BrushTool
from model.board import Cell, City
from model.newboard import new_scenario
from tests.editor_helpers import answers, click, make_window, no_dialogs  # noqa: F401


def city_board():
    s = new_scenario("18xx", 14, 10)
    g = s.board.grid
    for label in ("C3", "F6", "J8"):
        s.board.cells[label] = Cell(cities=[City(revenue=20)])
    assert all(g.is_label(x) for x in ("C3", "F6", "J8"))
    return s


def active_window(qtbot, tmp_path, scenario=None, size=(1200, 800)):
    """A window on the city board that has the keyboard (shortcuts need an active window)."""
    win = make_window(qtbot, tmp_path, scenario or city_board(), size=size)
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win)
    return win


def cell_picture(win, coord):
    """The viewport's pixels around a cell, as painted now."""
    QApplication.sendPostedEvents()
    image = win.view.viewport().grab().toImage()
    c = win.view.mapFromScene(win.scene.cell_centre(coord))
    r = max(24, int(60 * win.view.scale_factor()))
    return image.copy(QRect(c.x() - r, c.y() - 2 * r, 2 * r, 3 * r))


def name_ink(image) -> int:
    """Dark pixels in the band above the cell's centre, where its name is written."""
    return sum(1 for y in range(image.height() // 2) for x in range(image.width()) if image.pixelColor(x, y).lightness() < 110)


def zooms(win):
    """Fit to the window, then each zoom step up to 100 %."""
    win.view.fit_to_window()
    out = [win.view.scale_factor()]
    while out[-1] * 1.25 < 1.0:
        out.append(out[-1] * 1.25)
    return out


def menu_click(qtbot, win, title, action):
    """Open a menu of the menu bar and click one of its entries."""
    menu = next(a.menu() for a in win.menuBar().actions() if a.text() == title)
    bar = win.menuBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(menu.menuAction()).center())
    qtbot.waitUntil(menu.isVisible)
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())


def focus(qtbot, edit):
    """Put the keyboard in a field (a click does it for a user; offscreen, QTest's click does not)."""
    qtbot.mouseClick(edit, Qt.MouseButton.LeftButton)
    edit.setFocus(Qt.FocusReason.MouseFocusReason)
    qtbot.waitUntil(lambda: edit.window().focusWidget() is edit)


def type_into(qtbot, edit, text):
    focus(qtbot, edit)
    qtbot.keyClick(edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Return)


def pictures(win, coord, scales):
    out = {}
    for z in scales:
        win.view.set_scale(z)
        win.view.centerOn(win.scene.cell_centre(coord))
        out[z] = cell_picture(win, coord)
    return out


def test_a_name_typed_in_properties_is_drawn_at_once_at_every_zoom(qtbot, tmp_path):
    win = active_window(qtbot, tmp_path, size=(1300, 850))
    doc = win.document
    f6 = doc.grid.coord("F6")
    scales = zooms(win)
    pictures(win, f6, scales)                        # painted (and cached) once without the name
    click(win, f6)                                   # the select tool is the default
    win.properties_dock.raise_()
    edit = win.properties.field("cities", 0, "name")
    type_into(qtbot, edit, "Bremerhaven")
    assert doc.cell(f6).cities[0].name == "Bremerhaven"
    doc.set_selection([])
    win.scene.set_hover(None)
    typed = pictures(win, f6, scales)
    reopened = make_window(qtbot, tmp_path, doc.scenario.model_copy(deep=True), size=(1300, 850))
    fresh = pictures(reopened, f6, scales)
    for z in typed:
        ink, expected = name_ink(typed[z]), name_ink(fresh[z])
        assert expected > 20 and ink >= 0.8 * expected, f"at {z:.0%} the typed name is not drawn as after a restart ({ink} of {expected} dark pixels)"


def test_return_in_a_field_gives_tool_keys_back_to_the_board(qtbot, tmp_path):
    win = active_window(qtbot, tmp_path)
    doc = win.document
    click(win, doc.grid.coord("F6"))
    win.properties_dock.raise_()
    edit = win.properties.field("cities", 0, "name")
    type_into(qtbot, edit, "Bremerhaven")
    assert win.focusWidget() is win.view
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_B)   # the brush's key picks the brush
    assert win.current_tool is win.tools[BrushTool]
    assert doc.cell(doc.grid.coord("F6")).cities[0].name == "Bremerhaven"


def test_escape_leaves_a_field_unapplied_then_clears_the_selection(qtbot, tmp_path):
    win = active_window(qtbot, tmp_path)
    doc = win.document
    f6 = doc.grid.coord("F6")
    click(win, f6)
    win.properties_dock.raise_()
    edit = win.properties.field("cities", 0, "name")
    focus(qtbot, edit)
    qtbot.keyClicks(edit, "Oops")
    qtbot.keyClick(edit, Qt.Key.Key_Escape)
    assert win.focusWidget() is win.view and edit.text() == ""
    assert doc.cell(f6).cities[0].name is None and not doc.undo_stack.canUndo()
    assert doc.selection == [f6]
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)
    assert doc.selection == []


def test_the_filter_clear_button_leaves_the_keyboard_to_the_board(qtbot, tmp_path):
    win = active_window(qtbot, tmp_path)
    edit = win.palette.filter_edit
    focus(qtbot, edit)
    qtbot.keyClicks(edit, "57")
    button = next(b for b in edit.findChildren(QToolButton) if b.isVisible())
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert edit.text() == "" and win.focusWidget() is win.view
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_B)
    assert win.current_tool is win.tools[BrushTool] and edit.text() == ""


def test_status_bar_counts_the_selection_and_shows_the_zoom(qtbot, tmp_path):
    win = active_window(qtbot, tmp_path)
    doc = win.document
    click(win, doc.grid.coord("F6"))
    assert win.selection_label.text() == "1 cell selected"
    qtbot.keyClick(win.view, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)   # Select All
    n = len(doc.selection)
    assert n > 8 and win.selection_label.text() == f"{n} cells selected"
    assert "1 cell selected" not in win.statusBar().currentMessage()
    win.view.zoom_reset()
    assert win.zoom_label.text() == "100%"
    qtbot.keyClick(win.view, Qt.Key.Key_Minus)
    assert win.zoom_label.text() == "80%"


def test_help_menu_lists_every_shortcut_from_the_actions(qtbot, tmp_path):
    win = active_window(qtbot, tmp_path)
    titles = [a.text() for a in win.menuBar().actions()]
    assert "&Help" in titles
    assert win.help_action.shortcut() == QKeySequence(QKeySequence.StandardKey.HelpContents)
    menu_click(qtbot, win, "&Help", win.shortcuts_action)
    qtbot.waitUntil(lambda: getattr(win, "shortcuts_dialog", None) is not None and win.shortcuts_dialog.isVisible())
    table = win.shortcuts_dialog.table
    listed = {(table.item(r, 0).text(), table.item(r, 1).text()) for r in range(table.rowCount())}
    names = {what for what, _keys in listed}
    for act in (win.undo_action, win.save_action, win.tool_actions[BrushTool], win.fit_action, win.help_action):
        assert act.text().replace("&", "").rstrip("…") in names, act.text()
    assert ("Terrain brush", "B") in listed
    for act in win.findChildren(QAction):                   # nothing with a shortcut is left out
        if not act.shortcut().isEmpty() and act.text():
            assert act.text().replace("&", "").rstrip("…") in names, act.text()


def test_add_standard_ranks_the_exact_number_first_and_counts_the_selection(qtbot, tmp_path):
    win = active_window(qtbot, tmp_path, new_scenario("18xx", 8, 6))
    win.tileset_dock.raise_()
    panel = win.tileset_panel
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    picker = panel.picker
    add = picker.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not add.isEnabled()
    for typed, first in (("20", "20"), ("63", "63"), ("8", "8")):
        picker.filter_edit.selectAll()
        qtbot.keyClicks(picker.filter_edit, typed)
        shown = [picker.list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(picker.list.count())]
        assert shown[0] == first, shown[:5]
        item = picker.list.item(0)
        qtbot.mouseClick(picker.list.viewport(), Qt.MouseButton.LeftButton, pos=picker.list.visualItemRect(item).center())
    assert picker.count_label.text() == "3 tiles selected" and add.text() == "Add 3"
    qtbot.mouseClick(add, Qt.MouseButton.LeftButton)
    assert {"20", "63", "8"} <= {t.id for t in win.document.scenario.tileset().tiles}


def test_new_companies_get_distinct_colours_and_history_says_what_changed(qtbot, tmp_path):
    win = active_window(qtbot, tmp_path, new_scenario("18xx", 8, 6))
    win.players_dock.raise_()
    table = win.players.companies
    for _ in range(3):
        qtbot.mouseClick(table.add_button, Qt.MouseButton.LeftButton)
    colours = [c.color for c in win.document.scenario.companies]
    assert len(colours) >= 3 and len(set(colours)) == len(colours), colours
    first = win.document.scenario.companies[0]
    renamed = [c.model_copy(update={"name": "Lübeck-Büchen"}) if c is first else c for c in win.document.scenario.companies]
    assert change_text("companies", win.document.scenario.companies, renamed) == f"{first.id} name: — → Lübeck-Büchen"
    recoloured = [first.model_copy(update={"color": "#123456"})] + win.document.scenario.companies[1:]
    assert change_text("companies", win.document.scenario.companies, recoloured) == f"{first.id} color: {first.color} → #123456"


def test_exports_have_their_own_default_names_and_ask_before_replacing(qtbot, tmp_path):
    from editor.export_dialog import ExportDialog
    from model.io import save

    board = tmp_path / "line.json"
    save(new_scenario("18xx", 6, 5), board)
    win = active_window(qtbot, tmp_path)
    win.load_path(board)
    dlg = ExportDialog(win.document, win)
    qtbot.addWidget(dlg)
    dlg.show()
    written = []
    for fmt in ("json", "18xx-maker"):
        dlg.format_box.setFocus()
        while dlg.fmt != fmt:
            qtbot.keyClick(dlg.format_box, Qt.Key.Key_Down)
        qtbot.mouseClick(dlg.export_button, Qt.MouseButton.LeftButton)
        written.append(Path(dlg.path_edit.text()))
    assert written == [tmp_path / "line-export.json", tmp_path / "line-18xx-maker.json"]
    assert all(p.exists() for p in written) and "trackwright-scenario" in written[0].read_text()
    assert answers().names().count("ask_replace") == 0
    before = written[1].read_text()
    answers().replace = False
    qtbot.mouseClick(dlg.export_button, Qt.MouseButton.LeftButton)
    assert answers().names().count("ask_replace") == 1
    assert written[1].read_text() == before and "kept" in dlg.message.text()


def test_a_new_18xx_board_has_the_standard_tiles(qtbot, tmp_path):
    from editor.dialogs import NewBoardChoice
    from model import manifest

    win = active_window(qtbot, tmp_path)
    answers().new_board = NewBoardChoice("18xx", 8, 6, "flat", "Fresh")
    qtbot.keyClick(win.view, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)    # File > New
    assert win.document.scenario.meta.title == "Fresh"
    ids = {t.id for t in win.document.scenario.tileset().tiles}
    assert ids == {t.id for t in manifest.standard_tiles().tiles}
    win.palette.select_tile("57")                            # a lay at once, no Tile Set step first
    click(win, win.document.grid.coord("C3"))
    assert win.document.cell(win.document.grid.coord("C3")).tile.tile == "57"


def test_preferences_are_kept_and_a_restart_opens_the_last_file(qtbot, tmp_path):
    from editor.app import build_window
    from model.io import save
    from model.paths import scenarios_dir

    board = tmp_path / "mine.json"
    save(new_scenario("catalan", 4, 4), board)
    win = active_window(qtbot, tmp_path)
    assert win.open_file(board)
    menu_click(qtbot, win, "&Edit", win.preferences_action)
    dlg = win.preferences_dialog
    qtbot.waitUntil(dlg.isVisible)
    dlg.autosave_box.setFocus()
    qtbot.keyClick(dlg.autosave_box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(dlg.autosave_box, "10")
    dlg.rules_box.setFocus()
    qtbot.keyClicks(dlg.rules_box, "18xx")
    qtbot.mouseClick(dlg.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert win.autosaver.timer.interval() == 10_000
    again = build_window(None)                               # a restart: the last file, its preferences
    qtbot.addWidget(again)
    assert again.document.path == board and again.autosaver.timer.interval() == 10_000
    from editor.dialogs import NewBoardDialog

    assert NewBoardDialog(again).rules.currentText() == "18xx"
    again.show()
    qtbot.waitExposed(again)
    again.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is again)
    menu_click(qtbot, again, "&Edit", again.preferences_action)
    dlg = again.preferences_dialog
    qtbot.waitUntil(dlg.isVisible)
    qtbot.mouseClick(dlg.reopen_box, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dlg.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    third = build_window(None)
    qtbot.addWidget(third)
    assert third.document.path == scenarios_dir() / "18india.json"


def test_dock_tabs_show_their_whole_titles(qtbot, tmp_path):
    win = active_window(qtbot, tmp_path)
    bars = [b for b in win.findChildren(QTabBar) if b.count() > 2]
    assert bars
    for bar in bars:
        for i in range(bar.count()):
            text = bar.tabText(i).replace("&&", "&")
            assert bar.tabRect(i).width() > bar.fontMetrics().horizontalAdvance(text), text


def test_file_close_asks_to_save_then_leaves_an_empty_board(qtbot, tmp_path):
    from model.io import load, save

    path = tmp_path / "cities.json"
    save(city_board(), path)
    win = active_window(qtbot, tmp_path, load(path))
    win.document.set_path(path)
    assert QKeySequence("Ctrl+W") in win.close_action.shortcuts()  # on every platform, whatever its first binding
    assert win.close_action in next(a.menu() for a in win.menuBar().actions() if a.text() == "&File").actions()
    win.set_tool(win.tools[BrushTool])
    click(win, win.document.grid.coord("D4"))  # a brush stroke: unsaved changes
    assert win.document.is_modified()
    answers().unsaved_answer = "cancel"
    qtbot.keyClick(win.view, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert answers().names() == ["ask_unsaved"]
    assert win.document.path == path and win.document.is_modified()  # kept as it was
    answers().unsaved_answer = "discard"
    qtbot.keyClick(win.view, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert answers().names() == ["ask_unsaved", "ask_unsaved"]
    assert win.document.path is None and not win.document.is_modified()
    assert win.document.scenario.meta.title == "Untitled" and win.windowTitle().startswith("Untitled")
    assert not win.document.undo_stack.count() and win.isVisible()  # the window stays, on an empty board
    qtbot.keyClick(win.view, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)  # nothing unsaved: no question
    assert answers().names() == ["ask_unsaved", "ask_unsaved"]

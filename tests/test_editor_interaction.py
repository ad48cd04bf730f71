"""Using the editor by keyboard and mouse as a new user does: shortcuts, focus, the ghost, dialogs, window state, the palette, labels.

Keys go through Qt's shortcut machinery (``qtbot.keyClick`` on the focused widget), clicks and
pointer moves through the window (``qtbot.mouseClick`` / ``qtbot.mouseMove``), so the tests see
what a user sees: the shortcut map, focus, enter and leave events.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QKeySequence
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QLineEdit

from editor.tools import BrushTool, EdgeTool, SelectTool, StampTool
from model.rules import Issue
from tests.editor_helpers import make_window, no_dialogs, settled_frame, view_point  # noqa: F401 (autouse fixture)

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
LEFT = Qt.MouseButton.LeftButton


def active_window(qtbot, tmp_path, **kw):
    win = make_window(qtbot, tmp_path, **kw)
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win)
    return win


def vp_point(win, coord, offset=(0.0, 0.0)) -> QPoint:
    return view_point(win, coord, offset).toPoint()


def move_over(qtbot, win, coord, offset=(0.0, 0.0)) -> None:
    """Move the pointer over a cell through the window system (enter/leave follow)."""
    qtbot.mouseMove(win.view.viewport(), vp_point(win, coord, offset))


def click_cell(qtbot, win, coord, offset=(0.0, 0.0)) -> None:
    qtbot.mouseClick(win.view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier, vp_point(win, coord, offset))


# --- 1. "Where can this tile go?": one state, three faces ---------------------------------------
def test_overlay_checkbox_menu_item_and_shortcut_share_one_state(qtbot, tmp_path):
    win = active_window(qtbot, tmp_path)
    win.palette.select_tile("straight")
    box = win.palette.overlay_box
    shades = win.scene.shade_item
    qtbot.mouseClick(box, LEFT, pos=QPoint(8, box.height() // 2))
    assert box.isChecked() and win.overlay_action.isChecked()
    qtbot.waitUntil(lambda: bool(shades.shades))
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_L, CTRL)
    assert not box.isChecked() and not win.overlay_action.isChecked()
    assert shades.shades == {}
    qtbot.keyClick(win.view, Qt.Key.Key_L, CTRL)
    assert box.isChecked()
    qtbot.waitUntil(lambda: bool(shades.shades))
    qtbot.mouseClick(box, LEFT, pos=QPoint(8, box.height() // 2))
    assert not win.overlay_action.isChecked()
    assert shades.shades == {}


# --- 2. the stamp's ghost and the hover message go with the pointer, and on undo ----------------
def test_stamp_ghost_and_message_hide_when_the_pointer_leaves_and_on_undo(qtbot, tmp_path):
    win = active_window(qtbot, tmp_path)
    win.palette.select_tile("curve")
    assert isinstance(win.current_tool, StampTool)
    ghost = win.scene.ghost_item
    move_over(qtbot, win, (2, 2))
    qtbot.waitUntil(ghost.isVisible)
    assert win.statusBar().currentMessage().startswith("C3")
    assert win.cell_label.text() == "C3"
    qtbot.mouseMove(win.palette, QPoint(20, 20))  # onto the Tiles dock
    qtbot.waitUntil(lambda: not ghost.isVisible())
    assert win.statusBar().currentMessage() == ""
    assert win.cell_label.text() == ""
    move_over(qtbot, win, (1, 1))
    qtbot.waitUntil(ghost.isVisible)
    click_cell(qtbot, win, (1, 1))
    assert win.document.cell((1, 1)).tile is not None
    assert ghost.isVisible()  # our own stamp keeps the ghost
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_Z, CTRL)
    assert win.document.cell((1, 1)).tile is None
    assert not ghost.isVisible()
    assert win.statusBar().currentMessage() == ""
    # a dialog taking over hides the ghost too
    move_over(qtbot, win, (3, 1))
    qtbot.waitUntil(ghost.isVisible)
    from editor.export_dialog import ExportDialog

    dlg = ExportDialog(win.document, win)
    qtbot.addWidget(dlg)
    dlg.show()
    dlg.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dlg)
    qtbot.waitUntil(lambda: not ghost.isVisible())
    assert win.statusBar().currentMessage() == ""


# --- 3. Redo: Ctrl+Y and Ctrl+Shift+Z on every platform ----------------------------------------
def test_redo_answers_ctrl_y_and_ctrl_shift_z(qtbot, tmp_path):
    win = active_window(qtbot, tmp_path)
    keys = win.redo_action.shortcuts()
    assert QKeySequence("Ctrl+Y") in keys and QKeySequence("Ctrl+Shift+Z") in keys
    win.set_tool(win.tools[BrushTool])
    click_cell(qtbot, win, (1, 1))
    stack = win.document.undo_stack
    assert stack.index() == 1
    win.view.setFocus()
    for redo in ((Qt.Key.Key_Y, CTRL), (Qt.Key.Key_Z, CTRL | SHIFT)):
        qtbot.keyClick(win.view, Qt.Key.Key_Z, CTRL)
        assert stack.index() == 0
        qtbot.keyClick(win.view, *redo)
        assert stack.index() == 1, redo


# --- 4. tool keys while a dock has focus; the board gets the focus after an issue click ----------
def test_tool_keys_work_while_a_dock_has_focus_and_not_while_typing(qtbot, tmp_path):
    win = active_window(qtbot, tmp_path)
    doc = win.document
    doc._set_issues([Issue("x.err", "error", "C3 is wrong", ("C3",))])
    tree = win.issues_panel.tree
    row = win.issues_panel.issue_items()[0]
    tree.scrollToItem(row)
    qtbot.mouseClick(tree.viewport(), LEFT, pos=tree.visualItemRect(row).center())
    assert doc.selection == [(2, 2)]
    assert win.view.hasFocus()
    tree.setFocus()  # the user clicks into the issues list again
    qtbot.keyClick(tree, Qt.Key.Key_B)
    assert isinstance(win.current_tool, BrushTool)
    win.palette.setFocus()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_G)
    assert isinstance(win.current_tool, EdgeTool)
    win.set_tool(win.tools[SelectTool])
    click_cell(qtbot, win, (2, 2))
    def fields():
        return [w for w in win.properties.findChildren(QLineEdit) if w.isVisible() and w.isEnabled()]

    qtbot.waitUntil(lambda: bool(fields()))
    field = fields()[0]
    field.setFocus()
    qtbot.keyClick(field, Qt.Key.Key_B)
    assert isinstance(win.current_tool, SelectTool)  # typed, not a tool switch
    assert "b" in field.text().lower()


# --- 5. the Export dialog -------------------------------------------------------------------------
def _india_with_an_error():
    from model.board import Token
    from model.io import load
    from model.paths import scenarios_dir

    s = load(scenarios_dir() / "18india.json")
    cells = dict(s.board.cells)
    cells["G8"] = cells["G8"].model_copy(update={"tokens": [Token(company="NOPE", city=0)]})
    return s.model_copy(update={"board": s.board.model_copy(update={"cells": cells})})


def test_export_dialog_label_message_show_on_board_and_remembered_format(qtbot, tmp_path):
    from editor.export_dialog import ExportDialog

    win = active_window(qtbot, tmp_path, scenario=_india_with_an_error(), path=tmp_path / "india.json", size=(1400, 900))
    dlg = ExportDialog(win.document, win)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    dlg.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dlg)
    label = next(lb for lb in dlg.findChildren(QLabel) if lb.buddy() is dlg.path_edit)
    assert label.text() == "&Output:"  # drawn as "Output:" with O underlined
    # the Output label is a mnemonic (Alt+O), not a literal "&"
    qtbot.keyClick(dlg.format_box, Qt.Key.Key_O, Qt.KeyboardModifier.AltModifier)
    assert dlg.path_edit.hasFocus()
    # the format: chosen with the keyboard, remembered for the next dialog
    dlg.format_box.setFocus()
    qtbot.keyClick(dlg.format_box, Qt.Key.Key_End)
    assert dlg.fmt == "pdf"
    dlg.path_edit.setText(str(tmp_path / "out.pdf"))
    qtbot.mouseClick(dlg.export_button, LEFT)
    assert dlg.outcome.refused and not (tmp_path / "out.pdf").exists()
    texts = [dlg.issue_list.item(i).text() for i in range(dlg.issue_list.count())]
    g8 = next(t for t in texts if t.startswith("G8"))
    assert "G8: G8" not in g8 and all(t.count(t.split(":")[0] + ":") == 1 for t in texts)
    # Show on board: the cell ends up where the dialog does not cover it
    vp = win.view.viewport()
    centre = vp.mapToGlobal(vp.rect().center())
    dlg.move(centre - QPoint(dlg.width() // 2, dlg.height() // 2))
    dlg.issue_list.setCurrentRow(texts.index(g8))
    qtbot.mouseClick(dlg.jump_button, LEFT)
    coord = win.document.grid.coord("G8")
    assert win.document.selection == [coord]
    cell = ExportDialog._cells_area(win.view, [coord])
    assert not dlg.frameGeometry().intersects(cell)
    dlg.grab().save(str(tmp_path / "export-dialog.png"))
    assert win.view.viewport().rect().contains(win.view.mapFromScene(win.scene.cell_centre(coord)))
    dlg.close()
    again = ExportDialog(win.document, win)
    qtbot.addWidget(again)
    assert again.fmt == "pdf"


# --- 9. window and layout state -------------------------------------------------------------------
def test_window_size_and_dock_layout_come_back_after_a_restart(qtbot, tmp_path):
    from editor.document import Document
    from editor.mainwindow import MainWindow
    from model.newboard import new_scenario

    first = MainWindow(Document(new_scenario("catalan", 6, 5)), autosave_dir=tmp_path / "recovery")
    qtbot.addWidget(first)
    first.resize(760, 560)  # inside the offscreen screen (800 x 600): restoreGeometry keeps windows on screen
    first.show()
    qtbot.waitExposed(first)
    close = first.minimap_dock.findChild(QAbstractButton, "qt_dockwidget_closebutton")
    qtbot.mouseClick(close, LEFT)
    assert not first.minimap_dock.isVisible()
    first.close()
    second = MainWindow(Document(new_scenario("catalan", 6, 5)), autosave_dir=tmp_path / "recovery")
    qtbot.addWidget(second)
    second.show()
    qtbot.waitExposed(second)
    assert (second.width(), second.height()) == (760, 560)
    assert not second.minimap_dock.isVisible() and second.palette_dock.isVisible()


def test_docks_leave_the_board_most_of_a_small_window(qtbot, tmp_path):
    from editor.document import Document
    from editor.mainwindow import MainWindow
    from model.io import load
    from model.paths import scenarios_dir

    win = MainWindow(Document(load(scenarios_dir() / "18india.json")), autosave_dir=tmp_path / "recovery")
    qtbot.addWidget(win)
    win.resize(1024, 700)
    win.show()
    qtbot.waitExposed(win)
    qtbot.waitUntil(lambda: win.view.width() >= 0.55 * win.width())
    qtbot.wait(20)
    win.grab().save(str(tmp_path / "window-1024.png"))
    assert win.view.width() >= 0.55 * win.width()
    # the right-hand panels share one column as tabs
    assert set(win.tabifiedDockWidgets(win.properties_dock)) >= {win.players_dock, win.history_dock}


def test_new_board_forgets_the_old_cell_and_recovery_fits_the_board(qtbot, tmp_path):
    import json

    from editor.autosave import find_recoveries
    from editor.dialogs import NewBoardChoice
    from model.io import save
    from model.newboard import new_scenario
    from tests.editor_helpers import answers

    win = active_window(qtbot, tmp_path)
    move_over(qtbot, win, (2, 2))
    assert win.cell_label.text() == "C3"
    answers().new_board = NewBoardChoice("catalan", 4, 4)
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_N, CTRL)
    assert win.document.grid.width == 4
    assert win.cell_label.text() == "" and win.statusBar().currentMessage() == ""
    # a recovered board opens fitted, not at the zoom the previous board had
    win.view.set_scale(4.0)
    folder = tmp_path / "recovery"
    folder.mkdir(exist_ok=True)
    save(new_scenario("catalan", 30, 30), folder / "crashed.json")
    (folder / "crashed.info.json").write_text(json.dumps({"original": None, "saved_at": 0}))
    rec = next(r for r in find_recoveries(folder) if r.file.name == "crashed.json")
    assert win.recover(rec)
    board = win.view.mapFromScene(win.scene.board_rect).boundingRect()
    assert win.view.viewport().rect().contains(board)
    assert board.width() > 0.5 * win.view.viewport().width() or board.height() > 0.5 * win.view.viewport().height()


def test_open_recent_tells_files_of_the_same_name_apart(qtbot, tmp_path):
    from model.io import save
    from model.newboard import new_scenario

    win = active_window(qtbot, tmp_path)
    for folder in ("east", "west"):
        (tmp_path / folder).mkdir()
        save(new_scenario("catalan", 3, 3), tmp_path / folder / "board.json")
        win.add_recent(tmp_path / folder / "board.json")
    save(new_scenario("catalan", 3, 3), tmp_path / "other.json")
    win.add_recent(tmp_path / "other.json")
    win.recent_menu.popup(win.mapToGlobal(QPoint(40, 40)))
    qtbot.waitUntil(win.recent_menu.isVisible)
    texts = [a.text() for a in win.recent_menu.actions() if a.text()]
    win.recent_menu.close()
    assert texts[0] == "&1 other.json"
    assert "west" in texts[1] and "east" in texts[2] and texts[1] != texts[2]


def test_greyed_puzzle_form_shows_no_values_of_the_previous_file(qtbot, tmp_path):
    from model.paths import scenarios_dir
    from tests.editor_helpers import answers

    win = active_window(qtbot, tmp_path)
    panel = win.puzzle_panel
    answers().open_path = str(scenarios_dir() / "puzzles" / "catalan-01-first-steps.json")
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_O, CTRL)
    assert win.document.scenario.puzzle is not None and panel.title.text()
    answers().open_path = str(scenarios_dir() / "catalan" / "midgame.json")
    qtbot.keyClick(win.view, Qt.Key.Key_O, CTRL)
    assert win.document.scenario.puzzle is None
    assert not panel.title.isEnabled()
    assert panel.title.text() == "" and panel.hand.text() == "" and panel.places.text() == ""


def test_plain_plus_and_minus_zoom(qtbot, tmp_path):
    win = active_window(qtbot, tmp_path)
    win.view.setFocus()
    s0 = win.view.scale_factor()
    qtbot.keyClick(win.view, Qt.Key.Key_Plus)
    assert win.view.scale_factor() > s0
    win.palette.setFocus()  # also while a dock has the focus
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Minus)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Minus)
    assert win.view.scale_factor() < s0


# --- 8. the edge tool shows which side a click changes, and how ----------------------------------
def test_edge_tool_highlights_the_side_in_the_colour_of_the_click(qtbot, tmp_path):
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QToolTip

    from editor.tools.edge import ACTION_COLOURS

    win = active_window(qtbot, tmp_path)
    tool = win.tools[EdgeTool]
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_G)
    assert win.current_tool is tool
    north = (0.0, -40.0)  # near the north side of C3
    move_over(qtbot, win, (2, 2), north)
    assert tool.highlight.isVisible()
    assert tool.preview[0] == (2, 2) and win.document.grid.edge_name(tool.preview[1]) == "N" and tool.preview[2] == "add"
    assert tool.highlight.pen().color() == ACTION_COLOURS["add"]
    assert win.statusBar().currentMessage() == "C3 side N: a click adds a gauge line"
    pos = vp_point(win, (2, 2), north)
    QApplication.sendEvent(win.view.viewport(), QHelpEvent(QHelpEvent.Type.ToolTip, pos, win.view.viewport().mapToGlobal(pos)))
    assert "C3 side N: a click adds a gauge line" in QToolTip.text()
    QToolTip.hideText()  # no tooltip window left over the board for the next test
    click_cell(qtbot, win, (2, 2), north)
    assert [f.kind for f in win.document.scenario.board.edges] == ["gauge"]
    assert not tool.highlight.isVisible()  # the new gauge line shows unobscured
    move_over(qtbot, win, (2, 2), (5.0, -40.0))
    assert tool.preview[2] == "remove" and tool.highlight.pen().color() == ACTION_COLOURS["remove"]
    assert "removes the gauge line" in win.statusBar().currentMessage()
    qtbot.keyClick(win.view, Qt.Key.Key_Z, CTRL)  # undo: the highlight follows the board
    assert win.document.scenario.board.edges == [] and tool.preview[2] == "add"
    qtbot.mouseMove(win.palette, QPoint(20, 20))
    qtbot.waitUntil(lambda: not tool.highlight.isVisible())
    move_over(qtbot, win, (2, 2), north)
    qtbot.wait(10)
    win.grab().save(str(tmp_path / "edge-preview.png"))


# --- 6. the tile palette: colour sections, a filter, captions that stay, rotation from 0 ----------
def test_palette_groups_by_colour_filters_and_starts_each_tile_upright(qtbot, tmp_path):
    from model.io import load
    from model.paths import scenarios_dir

    win = active_window(qtbot, tmp_path, scenario=load(scenarios_dir() / "18india.json"), size=(1400, 900))
    pal = win.palette
    assert list(pal.sections) == ["yellow", "green", "brown", "gray"]
    for sec in pal.sections.values():  # a section never scrolls by itself: captions stay under their tiles
        assert sec.verticalScrollBar().maximum() == 0
    pal.scroll.verticalScrollBar().setValue(pal.scroll.verticalScrollBar().maximum() // 2)
    qtbot.wait(20)
    pal.grab().save(str(tmp_path / "palette-scrolled.png"))
    # the filter: by number or by label
    pal.filter_edit.setFocus()
    qtbot.keyClicks(pal.filter_edit, "OO")
    visible = pal.visible_tiles()
    assert visible and all("OO" in (pal._tiles[t].label or "") or "oo" in t.lower() for t in visible)
    qtbot.keyClick(pal.filter_edit, Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(pal.filter_edit, "57")
    assert pal.visible_tiles() == ["57"]
    assert [c for c, sec in pal.sections.items() if sec.isVisible()] == ["yellow"]  # empty sections fold away
    qtbot.wait(20)
    pal.grab().save(str(tmp_path / "palette-filtered.png"))
    qtbot.keyClick(pal.filter_edit, Qt.Key.Key_A, CTRL)
    qtbot.keyClick(pal.filter_edit, Qt.Key.Key_Delete)
    assert len(pal.visible_tiles()) == len(pal.items())

    def pick(tile_id):
        item = pal.item_for(tile_id)
        sec = item.listWidget()
        pal.scroll.ensureWidgetVisible(sec)
        sec.scrollToItem(item)
        qtbot.mouseClick(sec.viewport(), LEFT, pos=sec.visualItemRect(item).center())
        assert pal.current_tile() == tile_id

    stamp = win.tools[StampTool]
    pick("9")
    assert win.current_tool is stamp and stamp.tile_id == "9"
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_R)
    qtbot.keyClick(win.view, Qt.Key.Key_R)
    assert stamp.rotation == 2
    pick("8")  # a new tile starts at rotation 0
    assert stamp.rotation == 0
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_R, SHIFT)
    assert stamp.rotation == 5  # wraps backwards
    qtbot.keyClick(win.view, Qt.Key.Key_R)
    assert stamp.rotation == 0  # and forwards
    pick("59")  # a green tile, in the green section
    assert pal.item_for("59").listWidget() is pal.sections["green"]
    assert pal.sections["yellow"].currentItem() is None


# --- 10. PDF defaults: overlap with crop marks, no empty pages, one page on request ---------------
def test_pdf_export_defaults_and_fit_to_one_page(qtbot, tmp_path):
    import re

    from editor.export_dialog import ExportDialog
    from model.io import load
    from model.paths import scenarios_dir

    win = active_window(qtbot, tmp_path, scenario=load(scenarios_dir() / "18india.json"), path=tmp_path / "india.json")
    dlg = ExportDialog(win.document, win)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    dlg.format_box.setFocus()
    qtbot.keyClick(dlg.format_box, Qt.Key.Key_End)
    assert dlg.fmt == "pdf" and dlg.overlap_box.value() == 10.0
    assert dlg.fit_box.isChecked()  # the whole board on one page unless asked otherwise
    qtbot.mouseClick(dlg.fit_box, LEFT, pos=QPoint(8, dlg.fit_box.height() // 2))
    assert not dlg.fit_box.isChecked()
    text = dlg.pages_label.text()
    assert re.fullmatch(r"\d+ pages at true size, with crop marks \(\d+ without a cell left out\)", text), text

    def pages(path) -> int:
        return len(re.findall(rb"/Type\s*/Page[^s]", path.read_bytes()))

    dlg.path_edit.setText(str(tmp_path / "split.pdf"))
    qtbot.mouseClick(dlg.export_button, LEFT)
    assert pages(tmp_path / "split.pdf") == int(text.split()[0])
    qtbot.mouseClick(dlg.fit_box, LEFT, pos=QPoint(8, dlg.fit_box.height() // 2))
    assert dlg.fit_box.isChecked() and dlg.pages_label.text().startswith("1 page, the board at ")
    assert not dlg.overlap_box.isEnabled()
    dlg.path_edit.setText(str(tmp_path / "one.pdf"))
    qtbot.mouseClick(dlg.export_button, LEFT)
    assert pages(tmp_path / "one.pdf") == 1
    dlg.grab().save(str(tmp_path / "export-pdf.png"))


# --- 7. 18 India readable: names at fit, every row labelled, rulers that stay, no doubled names ----
def _india_window(qtbot, tmp_path):
    from model.io import load
    from model.paths import scenarios_dir

    return active_window(qtbot, tmp_path, scenario=load(scenarios_dir() / "18india.json"), size=(1400, 900))


def test_india_fitted_shows_city_names_readably_and_labels_every_row(qtbot, tmp_path):
    from PySide6.QtGui import QFontMetricsF

    from editor import render
    from editor.items.names import MIN_NAME_PX

    win = _india_window(qtbot, tmp_path)
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_9, CTRL)  # fit to window
    qtbot.wait(20)
    names = win.scene.names_item
    assert names.isVisible()
    placed = names.placed(win.view.transform())
    written = {n for _box, n in placed}
    assert {"DELHI", "KOLKATA", "MUMBAI", "CHENNAI", "KARACHI", "LAHORE", "COLOMBO"} <= written
    fm = QFontMetricsF(render.font(int(MIN_NAME_PX), True))
    assert all(box.height() >= fm.height() for box, _n in placed)  # at least MIN_NAME_PX text
    assert not any(a.intersects(b) for i, (a, _) in enumerate(placed) for b, _ in placed[i + 1:])
    # every row number 1..41 is written on the left edge, with no two labels overlapping
    labels = render.screen_labels(win.document.scenario, render.CELL_SIZE, win.view.scale_factor())
    left = [(win.view.mapFromScene(at), text) for at, text, side, _lane in labels if side == "left"]
    assert sorted(int(t) for _p, t in left) == list(range(1, 42))
    boxes = [QRectF(p.x() - 9, p.y() - 7, 18, 14) for p, _t in left]
    assert not any(a.intersects(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    win.grab().save(str(tmp_path / "india-fit.png"))
    assert win.view.rulers.shown == (False, False)  # fitted, the labels beside the board are in view
    # zoomed in, the names are the cells' own (the layer steps aside)
    for _ in range(8):
        qtbot.keyClick(win.view, Qt.Key.Key_Plus)
    assert win.view.scale_factor() * 13 >= MIN_NAME_PX and not names.isVisible()


def test_india_rulers_stay_on_the_view_edges_when_scrolled(qtbot, tmp_path):
    from PySide6.QtGui import QWheelEvent

    win = _india_window(qtbot, tmp_path)
    view = win.view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_0, CTRL)  # actual size
    view.centerOn(win.scene.cell_centre(win.document.grid.coord("K20")))
    qtbot.wait(20)
    vp = view.viewport()
    before = view.verticalScrollBar().value()
    for _ in range(3):  # the plain wheel scrolls down
        pos = QPointF(vp.width() / 2, vp.height() / 2)
        QApplication.sendEvent(vp, QWheelEvent(pos, QPointF(vp.mapToGlobal(pos.toPoint())), QPoint(0, 0), QPoint(0, -120),
                                               Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False))
    assert view.verticalScrollBar().value() > before
    qtbot.wait(20)
    image = settled_frame(view)
    assert view.rulers.shown == (True, True)
    top = {t for _p, t, side in view.rulers.drawn if side == "top"}
    left = {t for _p, t, side in view.rulers.drawn if side == "left"}
    strip_top, strip_left = view.rulers.strip_rects()
    in_view = {str(y + 1) for y in range(41)
               if strip_top.height() + 7 < view.mapFromScene(win.scene.cell_centre((0, y))).y() < vp.height() - 7}
    assert {"J", "K", "L"} <= top and len(in_view) > 5 and in_view <= left
    for at, text, side in view.rulers.drawn:  # each letter level with its column, each number with its row
        if side == "top" and text == "K":
            assert abs(at.x() - view.mapFromScene(win.scene.cell_centre(win.document.grid.coord("K20"))).x()) <= 1
        if side == "left" and text == "20":
            assert abs(at.y() - view.mapFromScene(win.scene.cell_centre(win.document.grid.coord("K20"))).y()) <= 1
    # the strip is painted: dark glyph pixels inside it; it lies beside the viewport, not over the board
    strip = view.rulers.strips["top"].grab().toImage()
    y = int(strip_top.height() / 2)
    row = [QColor(strip.pixel(x, y)) for x in range(int(strip_left.width()) + 2, strip.width(), 2)]
    assert any(c.lightness() < 100 for c in row)
    assert not strip_top.intersects(QRectF(vp.geometry())) and not strip_left.intersects(QRectF(vp.geometry()))
    image.save(str(tmp_path / "rulers.png"))
    # back at the board's edge, the rulers give way to the labels beside the board
    view.centerOn(win.scene.board_rect.topLeft())
    qtbot.wait(20)
    vp.grab()
    assert view.rulers.shown == (False, False)


def test_india_no_name_said_twice_and_the_plus_label_explained(qtbot, tmp_path):
    from PySide6.QtGui import QHelpEvent, QImage, QPainter
    from PySide6.QtWidgets import QToolTip

    from editor import render

    win = _india_window(qtbot, tmp_path)
    scen = win.document.scenario

    def picture(label, without_icons=False):
        s = scen
        if without_icons:
            cells = dict(s.board.cells)
            cells[label] = cells[label].model_copy(update={"icons": []})
            s = s.model_copy(update={"board": s.board.model_copy(update={"cells": cells})})
        img = QImage(240, 240, QImage.Format.Format_ARGB32)
        img.fill(0)
        p = QPainter(img)
        render.paint_cell_at(p, s, s.board.grid.coord(label), QPointF(120, 120), 110)
        p.end()
        return img

    for label in ("H21", "H15", "O12"):  # COTTON, ORE1, TEA2: the badge saying the same is gone
        assert picture(label) == picture(label, without_icons=True), label
    assert picture("A18") != picture("A18", without_icons=True)  # badges with values stay
    # the '+?' of Mumbai says what it is
    view = win.view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_0, CTRL)
    d23 = win.document.grid.coord("D23")
    view.centerOn(win.scene.cell_centre(d23))
    qtbot.wait(10)
    pos = view_point(win, d23).toPoint()
    qtbot.mouseMove(view.viewport(), pos)
    QApplication.sendEvent(view.viewport(), QHelpEvent(QHelpEvent.Type.ToolTip, pos, view.viewport().mapToGlobal(pos)))
    assert "+? variable revenue" in QToolTip.text()
    # a printed town says what it earns (the map's towns mostly have no name)
    m24 = win.document.grid.coord("M24")
    view.centerOn(win.scene.cell_centre(m24))
    qtbot.wait(10)
    pos = view_point(win, m24).toPoint()
    qtbot.mouseMove(view.viewport(), pos)
    QApplication.sendEvent(view.viewport(), QHelpEvent(QHelpEvent.Type.ToolTip, pos, view.viewport().mapToGlobal(pos)))
    assert "VISAKHAPATNAM" in QToolTip.text() and "town revenue 10" in QToolTip.text()
    QToolTip.hideText()


def test_india_names_layer_covers_the_cells_own_names_at_middle_zoom(qtbot, tmp_path):
    from editor import render

    win = _india_window(qtbot, tmp_path)
    view = win.view
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_0, CTRL)
    for _ in range(3):
        qtbot.keyClick(view, Qt.Key.Key_Minus)  # about 51 %: cells in detail, their names 7 px
    assert win.scene.names_item.isVisible() and not win.scene.overview_mode
    g8 = win.document.grid.coord("G8")
    anchor = next(a for a, name, _r in win.scene.names_item.names() if name == "DELHI")
    x, y = win.document.grid.centre(g8, render.CELL_SIZE)
    own = y - render.geometry(win.document.grid).apothem * 0.74 * render.CELL_SIZE / render.UNIT
    assert (anchor.x(), anchor.y()) == (x, own)  # one DELHI: the readable one sits on the small one


def test_the_palette_filter_is_cleared_when_another_board_is_opened(qtbot, tmp_path):
    from editor.dialogs import NewBoardChoice
    from model.io import load
    from model.paths import scenarios_dir
    from tests.editor_helpers import answers

    win = active_window(qtbot, tmp_path, scenario=load(scenarios_dir() / "18india.json"))
    palette = win.palette
    qtbot.keyClicks(palette.filter_edit, "57")
    assert palette.visible_tiles() == ["57"]
    answers().unsaved_answer = "discard"
    answers().new_board = NewBoardChoice("catalan", 6, 5, "flat", "Fresh")
    win.activateWindow()
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_N, CTRL)  # File > New
    qtbot.waitUntil(lambda: win.document.scenario.meta.title == "Fresh")
    assert palette.filter_edit.text() == ""
    assert len(palette.visible_tiles()) == len(win.document.scenario.tileset().tiles) == 9

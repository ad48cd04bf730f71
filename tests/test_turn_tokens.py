"""The editor authors the game state and the station tokens, by real mouse and key events:
tokens placed, moved and removed on 18 India; GIPR made active with ₹200 and the overlay shading
exactly the hexes ``trackwright moves`` lists; a Catalan mid-game position (active player,
optional phase, hand) whose overlay equals ``trackwright moves``; every step undoes and redoes.
"""

from __future__ import annotations

import json

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLineEdit

from editor.cli import main as cli_main
from editor.render import CELL_SIZE, station_circles
from editor.tools import StampTool, TokenTool
from model.board import Token
from model.io import load, save
from model.newboard import new_scenario
from model.paths import scenarios_dir
from tests.editor_helpers import hover, make_window, no_dialogs, send_mouse  # noqa: F401 (autouse fixture)

RIGHT = Qt.MouseButton.RightButton


def india(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, load(scenarios_dir() / "18india.json"), None, size=(1400, 900))
    win.turn_dock.show()
    win.turn_dock.raise_()
    return win


def choose(qtbot, combo, text: str) -> None:
    """Pick an entry of a combo box with the arrow keys, as a user at the keyboard would."""
    combo.setFocus()
    items = [combo.itemText(i) for i in range(combo.count())]
    assert text in items, (text, items)
    key = Qt.Key.Key_Down if items.index(text) > combo.currentIndex() else Qt.Key.Key_Up
    for _ in range(len(items)):
        if combo.currentText() == text:
            break
        QTest.keyClick(combo, key)
    assert combo.currentText() == text
    qtbot.wait(5)  # the panels refresh once control is back in the event loop


def edit_cell(qtbot, table, row: int, col: int, text: str) -> None:
    """Click a table cell, open its editor with F2, type, press Return."""
    rect = table.visualItemRect(table.item(row, col))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center())
    QTest.keyClick(table, Qt.Key.Key_F2)
    editors = [e for e in table.viewport().findChildren(QLineEdit) if e.isVisible()]
    assert len(editors) == 1, "F2 opens the cell's editor"
    editor = editors[0]
    editor.selectAll()
    QTest.keyClicks(editor, text)
    QTest.keyClick(editor, Qt.Key.Key_Return)
    qtbot.wait(5)


def row_of(table, first: str) -> int:
    return next(r for r in range(table.rowCount()) if table.item(r, 0).text() == first)


def press_button(win, action) -> None:
    """Click the toolbar button of an action (offscreen windows may not receive shortcuts)."""
    button = win.tools_bar.widgetForAction(action)
    assert button is not None and button.isEnabled(), action.text()
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)


def circle_point(win, label: str, city: int, circle: int) -> QPointF:
    coord = win.document.grid.coord(label)
    win.view.centre_on_cells([coord])
    centre, _r = station_circles(win.document.scenario, coord, CELL_SIZE)[city][circle]
    return QPointF(win.view.mapFromScene(centre))


def click_at(win, p: QPointF, button=Qt.MouseButton.LeftButton) -> None:
    send_mouse(win, "press", p, button=button)
    send_mouse(win, "release", p, button=button)


def cli_moves(tmp_path, scenario, *args) -> list[dict]:
    path = tmp_path / "position.json"
    save(scenario, path)
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli_main(["moves", str(path), *args, "--json"]) == 0
    return json.loads(out.getvalue())


def test_tokens_are_placed_moved_and_removed_on_18_india(qtbot, tmp_path):
    win = india(qtbot, tmp_path)
    doc = win.document
    panel = win.turn_panel
    choose(qtbot, panel.active_combo, "GIPR")
    assert doc.scenario.state.active == "GIPR"
    press_button(win, win.tool_actions[TokenTool])
    assert isinstance(win.current_tool, TokenTool)
    d23 = doc.grid.coord("D23")  # Mumbai: a two-circle city and a one-circle city, one circle kept for BR
    # place
    click_at(win, circle_point(win, "D23", 0, 0))
    assert doc.cell(d23).tokens == [Token(company="GIPR", city=0, circle=0)]
    table = panel.company_table
    qtbot.waitUntil(lambda: table.item(row_of(table, "GIPR"), 2).text() == "3 (next 40)", timeout=2000)
    # move to the other city of the hex, then to Chennai
    send_mouse(win, "press", circle_point(win, "D23", 0, 0))
    send_mouse(win, "move", circle_point(win, "D23", 1, 0))
    send_mouse(win, "release", circle_point(win, "D23", 1, 0))
    assert doc.cell(d23).tokens == [Token(company="GIPR", city=1, circle=0)]
    k30 = doc.grid.coord("K30")
    start = circle_point(win, "D23", 1, 0)
    send_mouse(win, "press", start)
    target = circle_point(win, "K30", 0, 1)
    send_mouse(win, "move", target)
    send_mouse(win, "release", target)
    assert doc.cell(d23).tokens == [] and doc.cell(k30).tokens == [Token(company="GIPR", city=0, circle=1)]
    # remove with a right-click, place again, remove with Delete under the pointer
    click_at(win, circle_point(win, "K30", 0, 0), RIGHT)
    assert doc.cell(k30).tokens == []
    click_at(win, circle_point(win, "K30", 0, 0))
    assert doc.cell(k30).tokens == [Token(company="GIPR", city=0, circle=0)]
    p = circle_point(win, "K30", 0, 0)
    send_mouse(win, "move", p, button=Qt.MouseButton.NoButton, buttons=Qt.MouseButton.NoButton)
    QTest.keyClick(win.view, Qt.Key.Key_Delete)
    assert doc.cell(k30).tokens == []
    # every step undoes and redoes
    steps = doc.undo_stack.count()
    assert steps == 7  # active, place, move, move, remove, place, remove
    for _ in range(steps):
        press_button(win, win.undo_action)
    assert doc.scenario.state.active is None and doc.cell(d23).tokens == [] and doc.cell(k30).tokens == []
    for _ in range(2):
        press_button(win, win.redo_action)
    assert doc.cell(d23).tokens == [Token(company="GIPR", city=0, circle=0)]


def test_an_illegal_token_is_outlined_with_its_rule(qtbot, tmp_path):
    win = india(qtbot, tmp_path)
    doc = win.document
    win.set_tool(win.tools[TokenTool])
    tool = win.tools[TokenTool]
    choose(qtbot, tool.company_box, "WR")  # the options bar: place for WR
    k14 = doc.grid.coord("K14")  # one circle, reserved for NCR
    click_at(win, circle_point(win, "K14", 0, 0))
    assert doc.cell(k14).tokens == [Token(company="WR", city=0, circle=0)]
    qtbot.waitUntil(lambda: not doc.is_checking(), timeout=5000)
    rules = {i.rule for i in doc.issues_at(k14)}
    assert "18india.reservation-violated" in rules
    mark = win.scene.issue_marks().get(k14)
    assert mark is not None and "reservation-violated" in mark.toolTip()
    # a reservation and a home, the same way
    choose(qtbot, tool.mode_box, "reservation")
    click_at(win, circle_point(win, "K14", 0, 0))
    assert doc.cell(k14).cities[0].reserved == ["NCR", "WR"]
    choose(qtbot, tool.mode_box, "home station")
    click_at(win, circle_point(win, "K14", 0, 0))
    assert doc.scenario.company("WR").home == "K14"
    for _ in range(3):
        doc.undo_stack.undo()
    assert doc.cell(k14).tokens == [] and doc.scenario.company("WR").home == "D17"


def test_gipr_active_with_200_shades_what_moves_lists(qtbot, tmp_path):
    win = india(qtbot, tmp_path)
    doc = win.document
    panel = win.turn_panel
    choose(qtbot, panel.active_combo, "GIPR")
    table = panel.company_table
    edit_cell(qtbot, table, row_of(table, "GIPR"), 1, "200")
    assert doc.scenario.company("GIPR").treasury == 200
    press_button(win, win.tool_actions[TokenTool])
    click_at(win, circle_point(win, "R17", 0, 0))  # GIPR's station in Dhaka
    assert doc.cell(doc.grid.coord("R17")).tokens == [Token(company="GIPR", city=0, circle=0)]
    win.palette.select_tile("9")
    win.overlay_action.trigger()
    qtbot.waitUntil(lambda: bool(win.scene.shade_item.shades), timeout=5000)
    listed = cli_moves(tmp_path, doc.scenario, "--company", "GIPR", "--tile", "9")
    assert listed and all(m["actor"] == "GIPR" for m in listed)
    shaded = {doc.label(c) for c in win.scene.shade_item.shades}
    assert shaded == {m["cell"] for m in listed}
    assert "Q18" in shaded  # ₹30 of terrain: GIPR can pay it with ₹200
    # ₹20: the lay it cannot pay for drops out, in the overlay and in moves alike
    edit_cell(qtbot, table, row_of(table, "GIPR"), 1, "20")
    assert doc.scenario.company("GIPR").treasury == 20
    qtbot.waitUntil(lambda: "Q18" not in {doc.label(c) for c in win.scene.shade_item.shades}, timeout=5000)
    poorer = cli_moves(tmp_path, doc.scenario, "--company", "GIPR", "--tile", "9")
    assert {doc.label(c) for c in win.scene.shade_item.shades} == {m["cell"] for m in poorer}
    count = doc.undo_stack.count()
    for _ in range(count):
        doc.undo_stack.undo()
    assert doc.scenario.company("GIPR").treasury is None and doc.scenario.state.active is None
    for _ in range(count):
        doc.undo_stack.redo()
    assert doc.scenario.company("GIPR").treasury == 20


def test_a_catalan_midgame_position_built_in_the_turn_panel(qtbot, tmp_path):
    scenario = load(scenarios_dir() / "catalan" / "midgame.json")
    scenario = scenario.model_copy(update={"state": scenario.state.model_copy(update={"active": None, "phase": None, "drawn": None})})
    win = make_window(qtbot, tmp_path, scenario, None, size=(1400, 900))
    win.turn_dock.raise_()
    doc = win.document
    panel = win.turn_panel
    assert panel.catalan_box.isVisibleTo(win) and not panel.game_box.isVisibleTo(win)
    choose(qtbot, panel.active_combo, "yellow")
    choose(qtbot, panel.phase_combo, "optional")
    choose(qtbot, panel.hand_owner, "yellow")
    choose(qtbot, panel.hand_tile, "turntable")
    QTest.mouseClick(panel.hand_add, Qt.MouseButton.LeftButton)
    QTest.mouseClick(panel.hand_add, Qt.MouseButton.LeftButton)
    qtbot.wait(5)
    assert doc.scenario.player("yellow").hand == ["switch_left", "straight", "turntable", "turntable"]
    assert panel.hand_table.item(2, 0).text() == "turntable" and panel.hand_table.item(2, 1).text() == "2"
    # take the straight out: pick its row, Remove one
    QTest.mouseClick(panel.hand_table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     panel.hand_table.visualItemRect(panel.hand_table.item(1, 0)).center())
    QTest.mouseClick(panel.hand_remove, Qt.MouseButton.LeftButton)
    qtbot.wait(5)
    assert doc.scenario.player("yellow").hand == ["switch_left", "turntable", "turntable"]
    assert doc.scenario.state.active == "yellow" and doc.scenario.state.phase == "optional"
    win.palette.select_tile("turntable")
    win.overlay_action.trigger()
    listed = cli_moves(tmp_path, doc.scenario, "--player", "yellow", "--phase", "optional", "--tile", "turntable")
    assert listed
    qtbot.waitUntil(lambda: {doc.label(c) for c in win.scene.shade_item.shades} == {m["cell"] for m in listed}, timeout=5000)
    # the stamp's ghost agrees on a listed move
    first = listed[0]
    stamp = win.tools[StampTool]
    assert win.current_tool is stamp
    for _ in range(first["rotation"]):
        QTest.keyClick(win.view, Qt.Key.Key_R)
    win.view.centre_on_cells([doc.grid.coord(first["cell"])])
    hover(win, doc.grid.coord(first["cell"]))
    ghost = win.scene.ghost_item
    assert ghost.coord == doc.grid.coord(first["cell"]) and ghost.rotation == first["rotation"] and ghost.legal
    steps = doc.undo_stack.count()
    texts = [doc.undo_stack.text(i) for i in range(steps)]
    # arrowing through a list is one step: the picks red -> yellow merged into one
    assert texts == ["Active: yellow", "Phase: optional"] + ["Add turntable to yellow's hand"] * 2 + ["Remove straight from yellow's hand"]
    for _ in range(steps):
        doc.undo_stack.undo()
    assert doc.scenario.state == scenario.state and doc.scenario.players == scenario.players
    for _ in range(steps):
        doc.undo_stack.redo()
    assert doc.scenario.player("yellow").hand == ["switch_left", "turntable", "turntable"]


def test_generic_state_fields_are_edited_from_the_model(qtbot, tmp_path):
    win = india(qtbot, tmp_path)
    doc = win.document
    edit = win.turn_panel.field("state", "", "gauge_markers")
    assert edit is not None  # a state field without a dedicated widget gets a generic editor
    edit.setFocus()
    QTest.keyClicks(edit, '[["Q', Qt.KeyboardModifier.NoModifier)
    assert "background" in edit.styleSheet()  # invalid while typing
    edit.selectAll()
    QTest.keyClicks(edit, '[["F4", 1]]')
    QTest.keyClick(edit, Qt.Key.Key_Return)
    assert doc.scenario.state.gauge_markers == [("F4", 1)]
    doc.undo_stack.undo()
    assert doc.scenario.state.gauge_markers == []


def test_the_turn_panel_follows_the_rule_set(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, new_scenario("catalan", 6, 5))
    panel = win.turn_panel
    assert panel.active_label.text() == "Active player"
    assert not panel.game_box.isVisibleTo(win)
    win2 = india(qtbot, tmp_path)
    assert win2.turn_panel.active_label.text() == "Active company"
    assert not win2.turn_panel.catalan_box.isVisibleTo(win2)


def test_properties_list_each_citys_tokens_by_circle(qtbot, tmp_path):
    from tests.editor_helpers import click

    win = india(qtbot, tmp_path)
    doc = win.document
    win.properties_dock.raise_()
    d23 = doc.grid.coord("D23")
    win.view.centre_on_cells([d23])
    click(win, d23)  # the select tool
    assert doc.selection == [d23]
    field = win.properties.field("city_tokens", 0)
    assert field is not None and field.text() == ""
    field.setFocus()
    QTest.keyClicks(field, "NWR, XYZ")
    assert "background" in field.styleSheet()  # an unknown company: red, nothing changes
    QTest.keyClick(field, Qt.Key.Key_Return)
    assert doc.cell(d23).tokens == []
    field.selectAll()
    QTest.keyClicks(field, "NWR, GIPR")
    QTest.keyClick(field, Qt.Key.Key_Return)
    assert doc.cell(d23).tokens == [Token(company="NWR", city=0, circle=0), Token(company="GIPR", city=0, circle=1)]
    qtbot.waitUntil(lambda: not doc.is_checking(), timeout=5000)
    assert not doc.issues_at(d23)  # two of three circles, one left for BR's reservation
    doc.undo_stack.undo()
    assert doc.cell(d23).tokens == []


def test_tools_offer_what_the_rule_set_uses_and_check_warns_of_the_rest(qtbot, tmp_path):
    from editor.tools import FeatureTool
    from model.board import Cell, Platform

    win = india(qtbot, tmp_path)
    doc = win.document
    tool = win.tools[FeatureTool]
    offered = [tool.feature_box.itemData(i) for i in range(tool.feature_box.count())]
    assert offered == ["city", "town", "offboard", "gray"]  # no Catalan platforms on 18 India
    # a platform that came in some other way is a warning of the checker, and dropped by the export with a note
    from editor.commands import SetCellsCommand

    l15 = doc.grid.coord("L15")
    doc.undo_stack.push(SetCellsCommand(doc, {l15: Cell(platform=Platform(station="S1", access=0))}, "platform"))
    qtbot.waitUntil(lambda: not doc.is_checking(), timeout=5000)
    warning = [i for i in doc.issues_at(l15) if i.rule == "core.ignored-feature"]
    assert warning and warning[0].severity == "warning" and "station platforms" in warning[0].message
    from model.io.export_json import export_text

    notes = export_text(doc.scenario, "18xx-games")[1]
    assert notes[0] == "L15: station platforms (Catalan) are dropped"
    # a new Catalan board: the options follow the rule set when the board changes
    doc.open_scenario(new_scenario("catalan", 6, 5), None)
    offered = [tool.feature_box.itemData(i) for i in range(tool.feature_box.count())]
    assert "town" not in offered and "platform" in offered
    assert not win.tool_actions[TokenTool].isEnabled()  # no station tokens in the Catalan game


def test_arrowing_through_a_list_is_one_undo_step(qtbot, tmp_path):
    win = india(qtbot, tmp_path)
    doc = win.document
    combo = win.turn_panel.active_combo
    combo.setFocus()
    for _ in range(3):
        QTest.keyClick(combo, Qt.Key.Key_Down)
        qtbot.wait(2)
    assert doc.undo_stack.count() == 1 and doc.scenario.state.active == combo.currentText()
    for _ in range(3):
        QTest.keyClick(combo, Qt.Key.Key_Up)
        qtbot.wait(2)
    assert doc.undo_stack.count() == 0 and doc.scenario.state.active is None and not doc.is_modified()


def test_tiles_laid_this_turn_and_the_turn_number(qtbot, tmp_path):
    from editor.commands import PlaceTileCommand
    from model import editing
    from model.scenario import LaidThisTurn
    from tests.editor_helpers import click

    win = india(qtbot, tmp_path)
    doc = win.document
    panel = win.turn_panel
    l15 = doc.grid.coord("L15")
    doc.undo_stack.push(PlaceTileCommand(doc, editing.stamp_cell(doc.scenario, l15, "9", 0), "9", 0))
    win.view.centre_on_cells([l15])
    click(win, l15)  # the select tool
    QTest.mouseClick(panel.laid_add, Qt.MouseButton.LeftButton)
    qtbot.wait(5)
    assert doc.scenario.state.laid == [LaidThisTurn(cell="L15", tile="9", phase="I")]
    assert panel.laid_list.count() == 1 and panel.laid_list.item(0).text() == "L15: 9 (I)"
    QTest.mouseClick(panel.laid_add, Qt.MouseButton.LeftButton)  # twice: refused, said why
    assert len(doc.scenario.state.laid) == 1 and "already" in panel.error.text()
    panel.laid_list.setCurrentRow(0)
    QTest.mouseClick(panel.laid_remove, Qt.MouseButton.LeftButton)
    assert doc.scenario.state.laid == []
    panel.turn_box.setFocus()
    panel.turn_box.selectAll()
    QTest.keyClicks(panel.turn_box, "7")
    QTest.keyClick(panel.turn_box, Qt.Key.Key_Return)
    assert doc.scenario.state.turn == 7
    for _ in range(3):
        doc.undo_stack.undo()
    assert doc.scenario.state.turn == 1 and doc.scenario.state.laid == []


def test_the_catalan_turn_panel_shows_no_18xx_state_fields(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, load(scenarios_dir() / "catalan" / "midgame.json"))
    assert win.turn_panel.field("state", "", "gauge_markers") is None
    assert not win.turn_panel.other_box.isVisibleTo(win)

"""The Tile Set panel and the tile designer, driven by real mouse and key events."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from editor.dialogs import NewBoardChoice
from editor.panels import tileset as tileset_module
from editor.tile_designer import TileDesigner
from model.grid import HexGrid
from model.io.export_18xx_games import export_18xx_games
from model.io.files import load
from model.io.tile_code import tile_code
from model.io.tile_formats import tiles_from_18xx_games
from model.newboard import new_scenario
from model.rules import get_rule_set
from model.tiles import Node, TileDef, TilePath
from tests.editor_helpers import LEFT, answers, click, make_window, no_dialogs  # noqa: F401

OK = QDialogButtonBox.StandardButton.Ok
B_CODE = "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;label=B"


def press(qtbot, widget) -> None:
    qtbot.mouseClick(widget, LEFT)


def pick(qtbot, picker, text: str, tile_id: str) -> None:
    """Type a search in the picker and click the tile's picture."""
    picker.filter_edit.selectAll()
    qtbot.keyClicks(picker.filter_edit, text)
    item = picker.item(tile_id)
    picker.list.scrollToItem(item)
    qtbot.mouseClick(picker.list.viewport(), LEFT, pos=picker.list.visualItemRect(item).center())


def canvas_click(qtbot, canvas, port) -> None:
    qtbot.mouseClick(canvas, LEFT, pos=canvas.widget_point(port).toPoint())


def set_text(qtbot, edit, text: str) -> None:
    edit.setFocus()
    qtbot.keyClick(edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(edit, text)


def palette_ids(win) -> list[str]:
    return [item.data(Qt.ItemDataRole.UserRole) for item in win.palette.items()]


def design_b_tile(qtbot, designer: TileDesigner) -> None:
    """Draw the green B city with two slots and revenue 40 on sides 0, 1 and 3."""
    set_text(qtbot, designer.id_edit, "B1")
    designer.color_box.setFocus()
    qtbot.keyClicks(designer.color_box, "gre")
    set_text(qtbot, designer.label_edit, "B")
    designer.stop_box.setFocus()
    qtbot.keyClick(designer.stop_box, Qt.Key.Key_Down)           # pick stop 1, the city
    designer.slots_spin.setFocus()
    qtbot.keyClick(designer.slots_spin, Qt.Key.Key_Up)           # 1 -> 2 slots
    set_text(qtbot, designer.revenue_edit, "40")
    for edge in (1, 3):
        canvas_click(qtbot, designer.canvas, edge)
        canvas_click(qtbot, designer.canvas, "n0")


def test_manifest_editor_builds_a_tile_set_end_to_end(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)                        # a Catalan board; File > New: an 18xx one
    doc, panel = win.document, win.tileset_panel
    assert panel.table.rowCount() == 9
    answers().new_board = NewBoardChoice("18xx", 7, 7, "flat", "Test Line", standard_tiles=False)
    win.new_action.trigger()
    assert doc.grid.kind == "hex" and doc.scenario.rules.id == "18xx"
    win.tileset_dock.raise_()
    qtbot.waitUntil(lambda: panel.table.rowCount() == 0)
    assert palette_ids(win) == []

    # add 7, 8, 9, 14, 15 from the standard list
    press(qtbot, panel.add_button)
    picker = panel.picker
    for text, tid in (("7", "7"), ("8", "8"), ("9", "9"), ("14", "14"), ("15", "15")):
        pick(qtbot, picker, text, tid)
    picker.color_box.setCurrentText("green")
    picker.filter_edit.clear()
    assert {it.data(Qt.ItemDataRole.UserRole) for it in picker.list.selectedItems()} == {"14", "15"}  # the picks stay
    assert [t.id for t in picker.tiles()] == ["7", "8", "9", "14", "15"]
    press(qtbot, picker.buttons.button(OK))
    qtbot.waitUntil(lambda: panel.table.rowCount() == 5)
    assert palette_ids(win) == ["7", "8", "9", "14", "15"]
    assert doc.scenario.tiles.set == "18xx-standard"

    # counts: 7 -> 4 (typed), 14 -> 2 (arrow keys), 15 stays unlimited
    spin = panel.count_spin("7")
    set_text(qtbot, spin, "4")
    spin14 = panel.count_spin("14")
    spin14.setFocus()
    for _ in range(3):
        qtbot.keyClick(spin14, Qt.Key.Key_Up)                     # ∞ -> 0 -> 1 -> 2
    qtbot.waitUntil(lambda: doc.scenario.tile("14").count == 2)
    assert doc.scenario.tile("7").count == 4 and doc.scenario.tile("15").count is None
    assert panel.count_spin("15").text() == "∞"
    row = panel._rows.index("7")
    qtbot.mouseClick(panel.table.viewport(), LEFT, pos=panel.table.visualItemRect(panel.table.item(row, 1)).center())
    assert panel.upgrade_label.text() == "7 upgrades to:" and panel.upgrade_edit.text() == ""
    assert panel.why_label.text() == ("Not (engine's test): 14 (1 city and 0 towns, not 0 and 0), "
                                      "15 (1 city and 0 towns, not 0 and 0)")

    # design the custom green B city with two slots
    press(qtbot, panel.new_button)
    designer = panel.designer
    design_b_tile(qtbot, designer)
    assert designer.code_edit.toPlainText() == B_CODE
    assert designer.problems.text() == "none"
    press(qtbot, designer.buttons.button(OK))
    qtbot.waitUntil(lambda: "B1" in palette_ids(win))
    b1 = doc.scenario.tile("B1")
    assert (b1.color, b1.label, b1.nodes[0].slots, b1.nodes[0].revenue) == ("green", "B", 2, 40)
    assert sorted(b1.exits()) == [0, 1, 3]
    qtbot.waitUntil(lambda: "B1" in panel._rows)
    panel.select_tile("B1")
    set_text(qtbot, panel.count_spin("B1"), "2")
    qtbot.waitUntil(lambda: doc.scenario.tile("B1").count == 2)

    # the palette follows; lay one B1 on the board with the stamp
    item = win.palette.item_for("B1")
    section = item.listWidget()  # the palette lists each colour in its own section
    win.palette.scroll.ensureWidgetVisible(section)
    qtbot.mouseClick(section.viewport(), LEFT, pos=section.visualItemRect(item).center())
    coord = doc.grid.coord("D6")
    click(win, coord)
    assert doc.cell(coord).tile.tile == "B1"
    win.palette.refresh_counts()
    assert item.text() == "B1\n1 left"

    # the checker flags the yellow tiles nothing upgrades
    issues = doc.recheck_now()
    assert sorted(i.message.split()[1] for i in issues if i.rule == "manifest.yellow-dead-end") == ["7", "8", "9"]

    # export to 18xx.games: TILES has the counts and the B1 code, and reads back the same
    ruby, _notes = export_18xx_games(doc.scenario)
    assert "'7' => 4," in ruby and f"'code' => '{B_CODE}'," in ruby
    assert {t.id: t for t in tiles_from_18xx_games(ruby)}["B1"] == doc.scenario.tile("B1")

    # redo the custom tile from its code: a new tile, the code pasted, the same track
    press(qtbot, panel.new_button)
    again = panel.designer
    set_text(qtbot, again.id_edit, "B2")
    again.color_box.setFocus()
    qtbot.keyClicks(again.color_box, "gre")                    # the colour is not part of the code
    set_text(qtbot, again.code_edit, B_CODE)
    assert again.problems.text() == "none"
    press(qtbot, again.buttons.button(OK))
    qtbot.waitUntil(lambda: doc.scenario.tile("B2") is not None)
    b2 = doc.scenario.tile("B2")
    assert tile_code(b2) == tile_code(b1) and (b2.color, b2.label) == ("green", "B")

    # saved in the scenario; and every step undoes
    path = tmp_path / "line.json"
    answers().save_path = str(path)
    win.save_as()
    saved = json.loads(path.read_text())
    assert saved["tiles"]["counts"] == {"7": 4, "14": 2}
    assert [t["id"] for t in saved["tiles"]["custom"]] == ["B1", "B2"]
    assert load(path).tile("B1") == doc.scenario.tile("B1")
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    qtbot.waitUntil(lambda: panel.table.rowCount() == 0)
    assert palette_ids(win) == [] and doc.scenario.tiles.set is None


def test_remove_is_refused_for_a_laid_tile_and_upgrades_can_be_overridden(qtbot, tmp_path):
    s = new_scenario("18xx", 7, 7)
    win = make_window(qtbot, tmp_path, s)
    doc, panel = win.document, win.tileset_panel
    win.tileset_dock.raise_()  # a panel out of view does no work until shown
    press(qtbot, panel.add_button)
    for text in ("57", "14", "15"):
        pick(qtbot, panel.picker, text, text)
    press(qtbot, panel.picker.buttons.button(OK))
    qtbot.waitUntil(lambda: panel.table.rowCount() == 3)
    # the derived graph is shown; override 57 -> 15 only
    row = panel._rows.index("57")
    qtbot.mouseClick(panel.table.viewport(), LEFT, pos=panel.table.visualItemRect(panel.table.item(row, 1)).center())
    assert panel.upgrade_edit.text() == "14, 15"
    set_text(qtbot, panel.upgrade_edit, "15")
    qtbot.keyClick(panel.upgrade_edit, Qt.Key.Key_Return)
    assert doc.scenario.tiles.upgrades == {"57": ["15"]}
    qtbot.waitUntil(lambda: panel.table.item(panel._rows.index("57"), 4).text() == "15")
    assert panel.table.item(panel._rows.index("57"), 4).font().bold()
    press(qtbot, panel.derived_button)
    assert doc.scenario.tiles.upgrades == {}
    # lay a 14 (one copy in the box: fine), then a second (one too many: the count turns red)
    set_text(qtbot, panel.count_spin("14"), "1")
    win.palette.select_tile("14")
    click(win, doc.grid.coord("D6"))
    assert doc.cell(doc.grid.coord("D6")).tile.tile == "14"
    qtbot.waitUntil(lambda: "1 laid" in panel.count_spin("14").toolTip())
    assert panel.count_spin("14").styleSheet() == ""
    click(win, doc.grid.coord("B8"))
    qtbot.waitUntil(lambda: "2 laid: more than the 1 in the box" in panel.count_spin("14").toolTip())
    assert "b00000" in panel.count_spin("14").styleSheet()
    doc.undo_stack.undo()
    qtbot.waitUntil(lambda: panel.count_spin("14").styleSheet() == "")
    row = panel._rows.index("14")
    qtbot.mouseClick(panel.table.viewport(), LEFT, pos=panel.table.visualItemRect(panel.table.item(row, 1)).center())
    press(qtbot, panel.remove_button)
    assert answers().names() == ["show_error"]
    assert "tile 14 cannot be removed: it is used on D6" in answers().calls[0][2]
    assert "14" in doc.scenario.tileset()
    row = panel._rows.index("15")
    qtbot.mouseClick(panel.table.viewport(), LEFT, pos=panel.table.visualItemRect(panel.table.item(row, 1)).center())
    press(qtbot, panel.remove_button)
    assert "15" not in doc.scenario.tileset()
    qtbot.waitUntil(lambda: palette_ids(win) == ["57", "14"])


def test_designer_validates_as_you_draw_and_reads_typed_code(qtbot):
    grid = HexGrid(width=3, height=6, orientation="flat", parity=0)
    start = TileDef(id="X1", color="yellow", nodes=[Node(kind="city", revenue=20)], paths=[TilePath(a=0, b="n0")])
    d = TileDesigner(grid, start, get_rule_set("18xx"), {"7"})
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    assert d.problems.text() == "none"
    # a junction nothing runs through: a path to nowhere
    press(qtbot, d.mode_buttons["junction"])
    qtbot.mouseClick(d.canvas, LEFT, pos=d.canvas.rect().center())
    assert "junction 2 joins 0 path(s): a path to nowhere" in d.problems.text()
    assert not d.buttons.button(OK).isEnabled()
    press(qtbot, d.mode_buttons["erase"])
    canvas_click(qtbot, d.canvas, "n1")
    assert len(d.tile().nodes) == 1 and d.problems.text() == "none"
    # erase the only path: the city has no exits
    qtbot.mouseClick(d.canvas, LEFT, pos=d.canvas.to_widget(d.canvas.edge_point(0) * 0.6).toPoint())
    assert d.tile().paths == []
    assert "city 1 has no exits: a city needs at least one" in d.problems.text()
    # draw edge 2 to edge 5 (a straight past the city), then again to take it away
    press(qtbot, d.mode_buttons["path"])
    canvas_click(qtbot, d.canvas, 2)
    canvas_click(qtbot, d.canvas, 5)
    assert TilePath(a=2, b=5) in d.tile().paths and d.code_edit.toPlainText() == "city=revenue:20;path=a:2,b:5"
    canvas_click(qtbot, d.canvas, 2)
    canvas_click(qtbot, d.canvas, 5)
    assert d.tile().paths == []
    # an off-board stop with a terminal path: the code says so
    press(qtbot, d.mode_buttons["offboard"])
    qtbot.mouseClick(d.canvas, LEFT, pos=d.canvas.rect().center())
    press(qtbot, d.mode_buttons["path"])
    qtbot.mouseClick(d.terminal_box, LEFT, pos=d.terminal_box.rect().center())
    canvas_click(qtbot, d.canvas, 1)
    canvas_click(qtbot, d.canvas, "n1")
    assert d.code_edit.toPlainText() == "city=revenue:20;city=revenue:20,slots:0;path=a:1,b:_1,terminal:1"
    press(qtbot, d.mode_buttons["erase"])
    canvas_click(qtbot, d.canvas, "n1")
    press(qtbot, d.mode_buttons["path"])
    # the id must be free
    set_text(qtbot, d.id_edit, "7")
    assert "id 7 is already in the manifest" in d.problems.text()
    set_text(qtbot, d.id_edit, "T9")
    # typing code redraws; a bad code says why and keeps the drawing
    set_text(qtbot, d.code_edit, "town=revenue:10;path=a:0,b:_0;path=a:_0,b:4")
    assert [n.kind for n in d.tile().nodes] == ["town"] and sorted(d.tile().exits()) == [0, 4]
    qtbot.keyClicks(d.code_edit, ";path=a:9")
    assert "Not read" in d.code_note.text() and sorted(d.tile().exits()) == [0, 4]
    assert d.problems.text() == "none" and d.tile().id == "T9"


def test_import_and_export_tiles_through_the_panel(qtbot, tmp_path, monkeypatch):
    win = make_window(qtbot, tmp_path, new_scenario("18xx", 7, 7))
    doc, panel = win.document, win.tileset_panel
    win.tileset_dock.raise_()  # a panel out of view does no work until shown
    src = tmp_path / "tiles.rb"
    src.write_text("TILES = {\n  '9' => 3,\n  'B1' => { 'count' => 2, 'color' => 'green', 'code' => '" + B_CODE + "' },\n}.freeze\n")
    chosen: list[str] = [str(src)]
    monkeypatch.setattr(tileset_module, "ask_tiles_path", lambda *_a, **_k: chosen[0])
    press(qtbot, panel.import_button)
    qtbot.waitUntil(lambda: panel.table.rowCount() == 2)
    assert doc.scenario.tile("9").count == 3 and doc.scenario.tile("B1").nodes[0].slots == 2
    out = tmp_path / "out.json"
    chosen[0] = str(out)
    press(qtbot, panel.export_button)
    data = json.loads(out.read_text())
    assert data["tiles"]["9"] == 3 and data["tiles"]["B1"]["encoding"] == B_CODE
    bad = tmp_path / "bad.rb"
    bad.write_text("TILES = {\n  'Q7' => 3,\n}\n")
    chosen[0] = str(bad)
    press(qtbot, panel.import_button)
    assert answers().names() == ["show_error"]
    assert answers().calls[0][3] == f"{bad}:2: tile 'Q7' is not a standard tile: give its color and code"
    assert panel.table.rowCount() == 2
    QApplication.processEvents()


def test_catalan_counts_in_the_panel(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc, panel = win.document, win.tileset_panel
    win.tileset_dock.raise_()  # a panel out of view does no work until shown
    assert "straight" in panel._rows
    set_text(qtbot, panel.count_spin("straight"), "12")
    qtbot.waitUntil(lambda: doc.scenario.tile("straight").count == 12)
    assert doc.scenario.tiles.counts == {"straight": 12}
    assert panel.table.horizontalHeaderItem(4).text() == "Draw weight"
    qtbot.waitUntil(lambda: panel.draw_label.text().startswith(
        "Players draw the mandatory tile from the supply (every copy left equally likely): straight 60%, curve 5%"))
    # what a player draws from: a die with 4 straight faces and 2 curve faces
    set_text(qtbot, panel.weight_spin("straight"), "4")
    set_text(qtbot, panel.weight_spin("curve"), "2")
    qtbot.waitUntil(lambda: doc.scenario.tiles.draw_weights == {"straight": 4, "curve": 2})
    qtbot.waitUntil(lambda: panel.draw_label.text() == "Players draw the mandatory tile from the weights: straight 67%, curve 33%.")
    press(qtbot, panel.draw_button)
    assert doc.scenario.state.drawn in {"straight", "curve"}
    qtbot.waitUntil(lambda: panel.draw_label.text().endswith(f"Drawn now: {doc.scenario.state.drawn}."))
    doc.undo_stack.undo()
    assert doc.scenario.state.drawn is None
    press(qtbot, panel.add_button)
    assert answers().names() == ["show_error"]


def test_designer_on_a_square_board_adds_a_catalan_tile(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc, panel = win.document, win.tileset_panel
    win.tileset_dock.raise_()  # a panel out of view does no work until shown
    press(qtbot, panel.new_button)
    d = panel.designer
    assert list(d.mode_buttons) == ["path", "junction", "erase"] and not d.code_edit.isEnabled()
    assert [d.color_box.itemText(i) for i in range(d.color_box.count())] == ["track"]
    set_text(qtbot, d.id_edit, "hairpin")
    canvas_click(qtbot, d.canvas, 1)
    canvas_click(qtbot, d.canvas, 2)                              # a curve beside the straight 0-2
    assert d.tile().paths == [TilePath(a=0, b=2), TilePath(a=1, b=2)]
    assert d.problems.text() == "none"
    press(qtbot, d.buttons.button(OK))
    qtbot.waitUntil(lambda: "hairpin" in palette_ids(win))
    assert doc.scenario.tile("hairpin").exits(0, 4) == {0, 1, 2}
    doc.undo_stack.undo()
    qtbot.waitUntil(lambda: "hairpin" not in palette_ids(win))

"""The tile designer's terrain chooser, driven by real mouse events: a "mountain only" tile is
designed, saved, stamped on a mountain hex, and refused (a red ghost naming the rule) on plain land."""

from __future__ import annotations

import json

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDialogButtonBox

from model.board import Cell
from model.io.files import load
from model.newboard import new_scenario
from model.rules import get_rule_set
from model.scenario import Scenario
from model.tile_design import design_problems, set_terrains
from model.tiles import TileDef, TilePath
from tests.editor_helpers import LEFT, answers, click, hover, make_window, no_dialogs  # noqa: F401

OK = QDialogButtonBox.StandardButton.Ok


def mountain_board() -> Scenario:
    s = new_scenario("18xx", 7, 7, title="Mountain Line")
    cells = {**s.board.cells, "D4": Cell(terrain="mountain", cost=80)}
    return Scenario.model_validate(s.model_copy(update={"board": s.board.model_copy(update={"cells": cells})}).model_dump(mode="json"))


def canvas_click(qtbot, canvas, port) -> None:
    qtbot.mouseClick(canvas, LEFT, pos=canvas.widget_point(port).toPoint())


def tick(qtbot, box) -> None:
    """Click a check box on its indicator (the box may be wider than what it draws)."""
    qtbot.mouseClick(box, LEFT, pos=QPoint(box.iconSize().width() // 2 + 2, box.height() // 2))


def set_text(qtbot, edit, text: str) -> None:
    edit.setFocus()
    qtbot.keyClick(edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(edit, text)


def test_a_mountain_only_tile_is_designed_saved_and_stamped(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, mountain_board())
    doc, panel = win.document, win.tileset_panel
    win.tileset_dock.raise_()

    # design M1: a yellow straight from side 0 to side 3, laid only on mountains
    qtbot.mouseClick(panel.new_button, LEFT)
    d = panel.designer
    set_text(qtbot, d.id_edit, "M1")
    qtbot.mouseClick(d.mode_buttons["erase"], LEFT)
    canvas_click(qtbot, d.canvas, "n0")                        # the new tile's city goes, with its path
    qtbot.mouseClick(d.mode_buttons["path"], LEFT)
    canvas_click(qtbot, d.canvas, 0)
    canvas_click(qtbot, d.canvas, 3)
    boxes = d.terrain_chooser.boxes
    assert {"plain", "hill", "mountain", "water", "river"} <= set(boxes) and not any(b.isChecked() for b in boxes.values())
    tick(qtbot, boxes["hill"])
    tick(qtbot, boxes["mountain"])
    assert d.tile().terrains == ["hill", "mountain"]
    tick(qtbot, boxes["hill"])                      # and off again
    assert d.tile().terrains == ["mountain"] and d.problems.text() == "none"
    assert d.code_edit.toPlainText() == "path=a:0,b:3"         # the tile DSL has no terrains
    set_text(qtbot, d.code_edit, "path=a:0,b:3;label=Z")     # typed code keeps them
    assert d.tile().terrains == ["mountain"] and d.tile().label == "Z"
    set_text(qtbot, d.code_edit, "path=a:0,b:3")
    qtbot.mouseClick(d.buttons.button(OK), LEFT)
    qtbot.waitUntil(lambda: doc.scenario.tile("M1") is not None)
    m1 = doc.scenario.tile("M1")
    assert m1.terrains == ["mountain"] and sorted(m1.exits()) == [0, 3] and m1.color == "yellow"

    # the palette stamps it: green on the mountain D4, red naming the rule on the plain D6
    item = win.palette.item_for("M1")
    section = item.listWidget()
    win.palette.scroll.ensureWidgetVisible(section)
    qtbot.mouseClick(section.viewport(), LEFT, pos=section.visualItemRect(item).center())
    ghost = win.scene.ghost_item
    mountain, plain = doc.grid.coord("D4"), doc.grid.coord("D6")
    hover(win, mountain)
    qtbot.waitUntil(ghost.isVisible)
    assert ghost.coord == mountain and ghost.legal, ghost.reason
    click(win, mountain)
    assert doc.cell(mountain).tile.tile == "M1"
    assert not [i for i in doc.recheck_now() if i.rule == "18xx.tile-terrain"]
    hover(win, plain)
    qtbot.waitUntil(lambda: ghost.coord == plain)
    assert not ghost.legal
    assert ghost.reason == "D6: tile M1 may be laid only on mountain; this hex's terrain is plain [18xx.tile-terrain]"
    assert "[18xx.tile-terrain]" in ghost.toolTip()
    click(win, plain)                                          # a designer may lay it; the checker says no
    assert [i.cells for i in doc.recheck_now() if i.rule == "18xx.tile-terrain"] == [("D6",)]

    # saved in the scenario, and the designer shows the terrains again when the tile is edited
    path = tmp_path / "mountain.json"
    answers().save_path = str(path)
    win.save_as()
    saved = json.loads(path.read_text())
    assert [t["terrains"] for t in saved["tiles"]["custom"] if t["id"] == "M1"] == [["mountain"]]
    assert load(path).tile("M1") == m1
    again = panel.open_designer("M1")
    assert [n for n, b in again.terrain_chooser.boxes.items() if b.isChecked()] == ["mountain"]
    again.reject()


def test_terrains_are_validated_as_you_design():
    xx, catalan = get_rule_set("18xx"), get_rule_set("catalan")
    t = TileDef(id="M", color="yellow", paths=[TilePath(a=0, b=3)])
    assert design_problems(set_terrains(t, ["mountain", "plain"]), rules=xx) == []
    assert set_terrains(t, ["river", "plain", "mountain"]).terrains == ["plain", "mountain", "river"]
    assert design_problems(set_terrains(t, ["mountain", "offboard"]), rules=xx) == ["terrain offboard: no tile is laid on a offboard hex"]
    square = TileDef(id="S", color="track", paths=[TilePath(a=0, b=2)], terrains=["hill"])
    assert design_problems(square, sides=4, rules=catalan) == [f"terrains: {catalan.name} does not restrict tiles by terrain"]

"""The Turn panel's private companies and pending home, by real mouse and key events on the
bundled 18 India map: an owner, the used box and the discount change the rule set's legal
moves (and the overlay) at once; every change is one undo step."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QStyle, QStyleOptionButton

from model.board import Token
from model.io import load
from model.paths import scenarios_dir
from model.rules import MoveContext
from tests.editor_helpers import make_window, no_dialogs  # noqa: F401 (autouse fixture)
from tests.test_turn_tokens import choose, cli_moves


def india(qtbot, tmp_path, scenario=None):
    win = make_window(qtbot, tmp_path, scenario or load(scenarios_dir() / "18india.json"), None, size=(1400, 900))
    win.turn_dock.show()
    win.turn_dock.raise_()
    return win


def kinds(doc, actor: str, tile: str | None = None) -> set[str]:
    """The kinds of the rule set's legal moves for an actor (what ``trackwright moves`` lists)."""
    return {m.kind for m in doc.rule_set.legal_moves(doc.scenario, MoveContext(actor=actor, tile=tile))}


def click_box(box) -> None:
    """Click a check box on its indicator (a box without text is wider than what it checks)."""
    opt = QStyleOptionButton()
    box.initStyleOption(opt)
    rect = box.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, opt, box)
    QTest.mouseClick(box, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center())


def private(doc, pid: str):
    return next(pc for pc in doc.scenario.state.privates if pc.id == pid)


def test_the_privates_table_lists_the_bundled_privates(qtbot, tmp_path):
    win = india(qtbot, tmp_path)
    box = win.turn_panel.privates_box
    assert box.isVisibleTo(win)
    assert [box.table.item(r, 0).text() for r in range(box.table.rowCount())] == [
        "P1 Swedish EIC", "P2 Portuguese EIC", "P3 Dutch EIC", "P4 French EIC", "P5 Danish EIC", "P6 British EIC"]
    owners = box.owner_combo("P2")
    items = [owners.itemText(i) for i in range(owners.count())]
    assert items[0] == "(not sold)" and "GIPR" in items and "KGF" in items
    # the generic JSON editors are gone for the two fields
    assert win.turn_panel.field("state", "", "privates") is None
    assert win.turn_panel.field("state", "", "pending_home") is None


def test_giving_p2_to_a_company_adds_its_extra_lays_and_undo_restores(qtbot, tmp_path):
    win = india(qtbot, tmp_path)
    doc = win.document
    box = win.turn_panel.privates_box
    assert "extra-lay" not in kinds(doc, "NWR")
    choose(qtbot, box.owner_combo("P2"), "NWR")  # down the list past the other companies
    assert private(doc, "P2").owner == "NWR"
    assert doc.undo_stack.count() == 1  # the picks on the way are one step
    assert "extra-lay" in kinds(doc, "NWR")
    listed = cli_moves(tmp_path, doc.scenario, "--company", "NWR")
    extra = [m for m in listed if m["kind"] == "extra-lay"]
    assert extra and {m["cell"] for m in extra} == {"G8"}  # NWR's home hex
    assert "extra-lay" not in kinds(doc, "GIPR")  # it serves its owner only
    # the private is used up: the extra lays go
    click_box(box.used_boxes["P2"])
    qtbot.wait(5)
    assert private(doc, "P2").used and "extra-lay" not in kinds(doc, "NWR")
    doc.undo_stack.undo()
    assert not private(doc, "P2").used and "extra-lay" in kinds(doc, "NWR")
    qtbot.wait(5)  # the panel refreshes once control is back in the event loop
    assert box.used_boxes["P2"].isChecked() is False
    doc.undo_stack.undo()
    assert private(doc, "P2").owner is None and "extra-lay" not in kinds(doc, "NWR")
    qtbot.wait(5)
    assert box.owner_combo("P2").currentText() == "(not sold)"
    doc.undo_stack.redo()
    assert private(doc, "P2").owner == "NWR"


def test_p4s_discount_lets_a_poor_company_pay_the_terrain(qtbot, tmp_path):
    scenario = load(scenarios_dir() / "18india.json")
    cells = dict(scenario.board.cells)
    cells["R17"] = cells["R17"].model_copy(update={"tokens": [Token(company="GIPR", city=0)]})  # Dhaka
    board = scenario.board.model_copy(update={"cells": cells})
    companies = [c.model_copy(update={"treasury": 20}) if c.id == "GIPR" else c for c in scenario.companies]
    scenario = scenario.model_copy(update={"board": board, "companies": companies,
                                           "state": scenario.state.model_copy(update={"active": "GIPR"})})
    win = india(qtbot, tmp_path, scenario)
    doc = win.document
    box = win.turn_panel.privates_box
    win.palette.select_tile("9")
    win.overlay_action.trigger()
    qtbot.waitUntil(lambda: bool(win.scene.shade_item.shades), timeout=5000)
    shaded = {doc.label(c) for c in win.scene.shade_item.shades}
    assert "Q18" not in shaded  # ₹30 of terrain, ₹20 in the treasury
    choose(qtbot, box.owner_combo("P4"), "GIPR")
    click_box(box.used_boxes["P4"])
    spin = box.discount_spins["P4"]
    spin.setFocus()
    spin.selectAll()
    QTest.keyClicks(spin, "40")
    assert private(doc, "P4").discount == 0  # typed digits count on Return
    QTest.keyClick(spin, Qt.Key.Key_Return)
    assert private(doc, "P4").discount == 40 and private(doc, "P4").used
    assert doc.undo_stack.count() == 3  # owner, used, discount
    qtbot.waitUntil(lambda: "Q18" in {doc.label(c) for c in win.scene.shade_item.shades}, timeout=5000)
    listed = cli_moves(tmp_path, doc.scenario, "--company", "GIPR", "--tile", "9")
    assert {doc.label(c) for c in win.scene.shade_item.shades} == {m["cell"] for m in listed}
    q18 = [m for m in doc.rule_set.legal_moves(doc.scenario, MoveContext(actor="GIPR", tile="9")) if m.cell == "Q18"]
    assert q18 and all(m.cost == 0 for m in q18)  # P4 pays the ₹30
    # an arrow step down is merged with the typed value: still one discount step
    QTest.keyClick(spin, Qt.Key.Key_Down)
    assert private(doc, "P4").discount == 39 and doc.undo_stack.count() == 3
    doc.undo_stack.undo()
    assert private(doc, "P4").discount == 0
    qtbot.wait(5)
    assert spin.value() == 0
    qtbot.waitUntil(lambda: "Q18" not in {doc.label(c) for c in win.scene.shade_item.shades}, timeout=5000)


def test_a_pending_home_makes_the_home_choices_the_only_moves(qtbot, tmp_path):
    win = india(qtbot, tmp_path)
    doc = win.document
    panel = win.turn_panel
    choose(qtbot, panel.active_combo, "GIPR")
    win.palette.select_tile("12")
    win.overlay_action.trigger()
    qtbot.wait(100)
    before = {doc.label(c) for c in win.scene.shade_item.shades}
    choose(qtbot, panel.privates_box.pending_combo, "GIPR")
    assert doc.scenario.state.pending_home == "GIPR"
    assert kinds(doc, "GIPR") == {"home-station", "home-upgrade"}
    listed = cli_moves(tmp_path, doc.scenario, "--company", "GIPR", "--tile", "12")
    assert listed and {m["kind"] for m in listed} == {"home-upgrade"}
    qtbot.waitUntil(lambda: {doc.label(c) for c in win.scene.shade_item.shades} == {m["cell"] for m in listed},
                    timeout=5000)
    assert before != {m["cell"] for m in listed}
    doc.undo_stack.undo()
    assert doc.scenario.state.pending_home is None
    qtbot.wait(5)
    assert panel.privates_box.pending_combo.currentText() == "(none)"
    assert "home-station" not in kinds(doc, "GIPR")


def test_privates_are_added_and_removed(qtbot, tmp_path):
    win = india(qtbot, tmp_path)
    doc = win.document
    panel = win.turn_panel
    box = panel.privates_box
    box.new_id.setFocus()
    QTest.keyClicks(box.new_id, "P2, again")
    QTest.mouseClick(box.add_button, Qt.MouseButton.LeftButton)
    assert "listed already" in panel.error.text() and len(doc.scenario.state.privates) == 6
    box.new_id.selectAll()
    QTest.keyClicks(box.new_id, "P7, Mughal Bank")
    QTest.keyClick(box.new_id, Qt.Key.Key_Return)
    assert doc.scenario.state.privates[-1].id == "P7" and doc.scenario.state.privates[-1].name == "Mughal Bank"
    qtbot.wait(5)
    assert box.table.rowCount() == 7 and box.owner_combo("P7") is not None
    # select P1's row with the mouse, remove it
    QTest.mouseClick(box.table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     box.table.visualItemRect(box.table.item(0, 0)).center())
    QTest.mouseClick(box.remove_button, Qt.MouseButton.LeftButton)
    assert [pc.id for pc in doc.scenario.state.privates] == ["P2", "P3", "P4", "P5", "P6", "P7"]
    qtbot.wait(5)
    assert box.table.rowCount() == 6
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert [pc.id for pc in doc.scenario.state.privates] == ["P1", "P2", "P3", "P4", "P5", "P6"]


def test_the_catalan_turn_panel_has_no_privates(qtbot, tmp_path):
    from model.newboard import new_scenario

    win = make_window(qtbot, tmp_path, new_scenario("catalan", 6, 5))
    assert not win.turn_panel.privates_box.isVisibleTo(win)


def test_an_owner_that_is_no_company_is_shown_as_it_is(qtbot, tmp_path):
    scenario = load(scenarios_dir() / "18india.json")
    privates = [pc.model_copy(update={"owner": "ZZZ"}) if pc.id == "P3" else pc for pc in scenario.state.privates]
    scenario = scenario.model_copy(update={"state": scenario.state.model_copy(update={"privates": privates})})
    win = india(qtbot, tmp_path, scenario)
    doc = win.document
    combo = win.turn_panel.privates_box.owner_combo("P3")
    assert combo.currentText() == "ZZZ"
    choose(qtbot, combo, "KGF")  # one step up from the unknown owner, at the end of the list
    assert private(doc, "P3").owner == "KGF"
    qtbot.wait(5)
    # once it names a company, the unknown name is no longer offered
    combo = win.turn_panel.privates_box.owner_combo("P3")
    assert "ZZZ" not in [combo.itemText(i) for i in range(combo.count())]
    doc.undo_stack.undo()
    qtbot.wait(5)
    assert win.turn_panel.privates_box.owner_combo("P3").currentText() == "ZZZ"

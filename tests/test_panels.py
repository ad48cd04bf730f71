"""Panels: palette counts, properties with validation as you type, players/companies, issues."""

from PySide6.QtCore import Qt

from editor.commands import PlaceTileCommand, SetCellsCommand
from editor.document import Document
from editor.panels.issues import IssuesPanel
from editor.panels.palette import TilePalette
from editor.panels.players import PlayersPanel
from editor.panels.properties import PropertiesPanel, candidate_cell
from model import editing
from model.board import Cell, City, Platform
from model.io import dumps
from model.newboard import new_scenario
from model.rules import Issue
from model.scenario import Company, Player, TileSupply


def make_doc(qtbot, w=6, h=5):
    doc = Document(new_scenario("catalan", w, h))
    doc.check_delay_ms = 0
    return doc


def test_palette_lists_tiles_with_counts_and_follows_edits(qtbot):
    scen = new_scenario("catalan", 6, 5)
    scen.tiles = TileSupply(set="catalan", counts={"curve": 4})
    doc = Document(scen)
    pal = TilePalette(doc)
    qtbot.addWidget(pal)
    tiles = doc.scenario.tileset().tiles
    assert len(pal.items()) == len(tiles)
    limited = next(t for t in tiles if t.count is not None)
    item = pal.item_for(limited.id)
    assert f"{limited.count} left" in item.text()
    # out of view, an edit costs the palette nothing: the count follows when it is shown
    doc.undo_stack.push(PlaceTileCommand(doc, editing.stamp_cell(doc.scenario, (0, 0), limited.id, 0), limited.id, 0))
    qtbot.wait(120)
    assert f"{limited.count} left" in item.text()
    pal.show()
    qtbot.waitUntil(lambda: f"{limited.count - 1} left" in item.text())
    doc.undo_stack.push(PlaceTileCommand(doc, editing.stamp_cell(doc.scenario, (1, 0), limited.id, 0), limited.id, 0))
    qtbot.waitUntil(lambda: f"{limited.count - 2} left" in item.text())  # in view: soon after the edit
    with qtbot.waitSignal(pal.tileSelected) as sig:
        pal.select_tile(limited.id)
    assert sig.args == [limited.id]
    assert pal.current_tile() == limited.id


def test_candidate_cell_validation():
    s = new_scenario("catalan", 4, 4)
    s.players.append(Player(id="p1"))
    cell = Cell(cities=[City(name="A")], platform=Platform(station="S1", access=0))
    new, why = candidate_cell(s, cell, ("cities", 0, "slots"), "3")
    assert new.cities[0].slots == 3 and why == ""
    new, why = candidate_cell(s, cell, ("cities", 0, "slots"), "x")
    assert new is None and "whole number" in why
    new, why = candidate_cell(s, cell, ("cities", 0, "slots"), "99")
    assert new is None and "slots" in why
    new, why = candidate_cell(s, cell, ("cost",), "-5")
    assert new is None
    new, why = candidate_cell(s, cell, ("platform", "owner"), "p9")
    assert new is None and "no player" in why
    assert candidate_cell(s, cell, ("platform", "owner"), "p1")[0].platform.owner == "p1"
    new, why = candidate_cell(s, cell, ("reserved",), "NOPE")
    assert new is None and "unknown company" in why
    assert candidate_cell(s, cell, ("cities", 0, "revenue"), "yellow_30|brown_50")[0].cities[0].revenue == "yellow_30|brown_50"
    new, why = candidate_cell(s, cell, ("platform", "access"), "4")
    assert new is None and "out of range" in why


def test_properties_edits_selected_cell_and_refuses_invalid(qtbot):
    doc = make_doc(qtbot)
    doc.undo_stack.push(SetCellsCommand(doc, {(1, 1): Cell(cities=[City(name="Reus")])}))
    panel = PropertiesPanel(doc)
    qtbot.addWidget(panel)
    panel.show()
    doc.set_selection([(1, 1)])
    assert panel.title.text() == "Cell B2"
    slots = panel.field("cities", 0, "slots")
    before = dumps(doc.scenario)
    slots.setFocus()
    slots.selectAll()
    qtbot.keyClicks(slots, "abc")
    assert "whole number" in panel.error.text()
    assert slots.styleSheet()  # red while invalid
    slots.editingFinished.emit()
    assert dumps(doc.scenario) == before  # nothing applied
    slots.selectAll()
    qtbot.keyClicks(slots, "2")
    assert panel.error.text() == ""
    qtbot.keyClick(slots, Qt.Key.Key_Return)
    assert doc.cell((1, 1)).cities[0].slots == 2
    # model -> panel: undo shows the old value again
    doc.undo_stack.undo()
    assert panel.field("cities", 0, "slots").text() == "1"
    # several cells: terrain for all
    doc.set_selection([(0, 0), (1, 0)])
    assert "2 cells" in panel.title.text()
    panel.terrain_combo.setCurrentText("hill")
    assert doc.cell((0, 0)).terrain == "hill" and doc.cell((1, 0)).terrain == "hill"
    doc.undo_stack.undo()
    assert doc.cell((0, 0)).terrain == "plain"


def test_players_panel_edits_and_validates(qtbot):
    doc = make_doc(qtbot)
    panel = PlayersPanel(doc)
    qtbot.addWidget(panel)
    panel.players.add_row()
    assert [p.id for p in doc.scenario.players] == ["p1"]
    qtbot.waitUntil(lambda: panel.players.table.rowCount() == 1)
    panel.players.table.item(0, 1).setText("Ana")
    assert doc.scenario.players[0].name == "Ana"
    panel.players.table.item(0, 2).setText("not a colour")
    assert "colour" in panel.error.text()
    assert doc.scenario.players[0].color == "#cc0000"
    panel.companies.add_row()
    qtbot.waitUntil(lambda: panel.companies.table.rowCount() == 1)
    panel.companies.table.item(0, 3).setText("Z99")
    assert "not on the board" in panel.error.text()
    assert doc.scenario.companies == [Company(id="C1", color=doc.scenario.companies[0].color)]
    assert doc.scenario.companies[0].color != "#444444"  # a colour of its own, not the default grey
    panel.title_edit.setText("Costa Brava")
    panel.title_edit.editingFinished.emit()
    assert doc.scenario.meta.title == "Costa Brava"
    doc.undo_stack.undo()
    qtbot.waitUntil(lambda: panel.title_edit.text() == "Untitled")


def test_issues_panel_groups_by_severity_and_click_emits_cells(qtbot):
    doc = make_doc(qtbot)
    panel = IssuesPanel(doc)
    qtbot.addWidget(panel)
    issues = [
        Issue("x.err", "error", "B2 is wrong", ("B2",)),
        Issue("x.warn", "warning", "C3 and D3 look odd", ("C3", "D3")),
        Issue("x.note", "info", "a note"),
    ]
    doc._set_issues(issues)
    tops = [panel.tree.topLevelItem(i).text(0) for i in range(panel.tree.topLevelItemCount())]
    assert tops == ["Errors (1)", "Warnings (1)", "Notes (1)"]
    rows = panel.issue_items()
    with qtbot.waitSignal(panel.issueActivated) as sig:
        panel.tree.itemClicked.emit(rows[1], 0)
    assert sig.args == [[(2, 2), (3, 2)]]


def test_properties_keeps_its_fields_while_editing_and_rebuilds_on_new_shape(qtbot):
    doc = make_doc(qtbot)
    doc.undo_stack.push(SetCellsCommand(doc, {(2, 2): Cell(cities=[City(name="Reus")])}))
    panel = PropertiesPanel(doc)
    qtbot.addWidget(panel)
    doc.set_selection([(2, 2)])
    name = panel.field("cities", 0, "name")
    name.setText("Tarragona")
    name.editingFinished.emit()
    assert doc.cell((2, 2)).cities[0].name == "Tarragona"
    assert panel.field("cities", 0, "name") is name  # same widget: focus and tab order survive
    doc.undo_stack.undo()
    assert name.text() == "Reus"  # model -> panel, in place
    # a second city changes the form's shape: rebuilt once the event loop runs
    doc.undo_stack.push(SetCellsCommand(doc, {(2, 2): Cell(cities=[City(name="Reus"), City(name="Salou")])}))
    qtbot.waitUntil(lambda: panel.field("cities", 1, "name") is not None)
    assert panel.field("cities", 1, "name").text() == "Salou"

"""The properties panel shows and edits the 18xx.games fields of a hex, with real key events."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from editor.document import Document
from editor.panels.properties import PropertiesPanel
from model.io import dumps
from model.io.import_18xx_games import import_18xx_games

CASE = Path(__file__).parent / "cases" / "import" / "constructs" / "map.rb"


def make_panel(qtbot):
    doc = Document(import_18xx_games(CASE.read_text(encoding="utf-8"), "map.rb").scenario)
    doc.check_delay_ms = 0
    panel = PropertiesPanel(doc)
    qtbot.addWidget(panel)
    panel.show()
    return doc, panel


def type_into(qtbot, edit, text: str) -> None:
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClick(edit, Qt.Key.Key_Delete)
    qtbot.keyClicks(edit, text)


def test_the_panel_shows_what_was_imported(qtbot):
    doc, panel = make_panel(qtbot)
    grid = doc.grid
    doc.set_selection([grid.coord("C3")])
    assert panel.field("costs").text() == "80 mountain|river"
    assert panel.field("paths", 0, "track").text() == "narrow"
    assert panel.field("cities", 0, "route").text() == "optional"
    assert panel.field("cities", 0, "groups").text() == "NY"
    doc.set_selection([grid.coord("C5")])
    assert panel.field("future_label").text() == "T green"
    assert panel.field("stubs").text() == "5" and panel.field("stripes").text() == "white"
    assert panel.field("towns", 0, "symbol").text() == "M"
    doc.set_selection([grid.coord("B2")])
    assert panel.field("icons").text() == "image:port,sticky:1"
    borders = [panel.form.itemAt(r, panel.form.ItemRole.FieldRole).widget() for r in range(panel.form.rowCount())]
    assert any(getattr(w, "text", lambda: "")() == "3 mountain 60" for w in borders)


def test_editing_costs_colour_track_and_future_label_with_undo(qtbot):
    doc, panel = make_panel(qtbot)
    c3 = doc.grid.coord("C3")
    doc.set_selection([c3])
    before = dumps(doc.scenario)
    costs = panel.field("costs")
    type_into(qtbot, costs, "fourty mountain")
    assert "must start with the cost" in panel.error.text()
    costs.editingFinished.emit()
    assert dumps(doc.scenario) == before  # nothing applied while invalid
    type_into(qtbot, costs, "60 swamp; 20 river")
    qtbot.keyClick(costs, Qt.Key.Key_Return)
    assert [(c.cost, c.terrains) for c in doc.cell(c3).costs] == [(60, ["swamp"]), (20, ["river"])]
    track = panel.field("paths", 0, "track")
    type_into(qtbot, track, "wide")
    assert "track" in panel.error.text()
    type_into(qtbot, track, "dual")
    qtbot.keyClick(track, Qt.Key.Key_Return)
    assert doc.cell(c3).paths[0].track == "dual"
    colour = panel.field("color")
    type_into(qtbot, colour, "purple")
    qtbot.keyClick(colour, Qt.Key.Key_Return)
    assert doc.cell(c3).color == "purple"
    fl = panel.field("future_label")
    type_into(qtbot, fl, "OO brown")
    qtbot.keyClick(fl, Qt.Key.Key_Return)
    assert (doc.cell(c3).future_label.label, doc.cell(c3).future_label.color) == ("OO", "brown")
    for _ in range(4):
        doc.undo_stack.undo()
    assert dumps(doc.scenario) == before
    assert panel.field("costs").text() == "80 mountain|river"


def test_hidden_tiles_are_not_in_the_palette(qtbot):
    from editor.panels.palette import TilePalette

    doc = Document(import_18xx_games(CASE.read_text(encoding="utf-8"), "map.rb").scenario)
    palette = TilePalette(doc)
    qtbot.addWidget(palette)
    ids = [item.data(Qt.ItemDataRole.UserRole) for item in palette.items()]
    assert "X2" in ids and "X1" not in ids  # X1 is 'hidden' => true in the map file

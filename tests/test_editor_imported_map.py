"""An imported 18xx.games map in the editor: real clicks paint a mountain pass and select a hex."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF

from editor.render import CELL_SIZE, MOUNTAIN, side_segment
from editor.tools import EdgeTool, SelectTool
from model.io.import_18xx_games import import_18xx_games
from tests.editor_helpers import click, make_window, no_dialogs, view_pixel  # noqa: F401 (autouse fixture)

CASE = Path(__file__).parent / "cases" / "import" / "constructs" / "map.rb"


def test_paint_a_mountain_pass_and_inspect_a_hex(qtbot, tmp_path):
    s = import_18xx_games(CASE.read_text(encoding="utf-8"), "map.rb").scenario
    win = make_window(qtbot, tmp_path, scenario=s)
    doc = win.document
    grid = doc.grid
    d6 = grid.coord("D6")
    tool = win.tools[EdgeTool]
    win.set_tool(tool)
    tool.kind_box.setCurrentText("mountain")
    tool.cost_box.setValue(50)
    win.view.centerOn(win.scene.cell_centre(d6))
    before = len(doc.scenario.board.edges)
    # click just inside D6s south side (flat map: edge 0 is south; no hex below it)
    click(win, d6, offset=(0, CELL_SIZE * 0.8))
    added = doc.scenario.board.edges[before:]
    assert [(f.cell, f.edge, f.kind, f.cost) for f in added] == [("D6", 0, "mountain", 50)]
    p, q = side_segment(grid, d6, 0, CELL_SIZE)
    colour = view_pixel(win.view, QPointF(p.x() * 0.35 + q.x() * 0.65, p.y() * 0.35 + q.y() * 0.65))
    assert abs(colour.red() - MOUNTAIN.red()) + abs(colour.green() - MOUNTAIN.green()) + abs(colour.blue() - MOUNTAIN.blue()) < 90
    doc.undo_stack.undo()
    assert len(doc.scenario.board.edges) == before
    # select C5 and see its 18xx fields in the properties panel
    win.set_tool(win.tools[SelectTool])
    win.view.centerOn(win.scene.cell_centre(grid.coord("C5")))
    click(win, grid.coord("C5"))
    assert doc.selection == [grid.coord("C5")]
    assert win.properties.field("future_label").text() == "T green"
    assert win.properties.field("towns", 0, "symbol").text() == "M"

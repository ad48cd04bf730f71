"""Every tool in both directions: real mouse events on the board view change the model, and a
model change (undo) updates the view."""

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QKeyEvent, QWheelEvent
from PySide6.QtWidgets import QApplication

from editor.render import CELL_SIZE
from editor.tools import BrushTool, EdgeTool, EraserTool, FeatureTool, FillTool, SelectTool, StampTool
from model.board import EMPTY_CELL, Cell, EdgeFeature
from model.io import dumps
from tests.editor_helpers import click, drag, hover, make_window, no_dialogs  # noqa: F401 (autouse fixture)


def test_every_tool_has_button_shortcut_and_hint(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    shortcuts = set()
    for cls, tool in win.tools.items():
        act = win.tool_actions[cls]
        assert act in win.tools_bar.actions()
        assert act.shortcut().toString() == tool.shortcut and tool.shortcut not in shortcuts
        shortcuts.add(tool.shortcut)
        assert tool.hint and not tool.icon.isNull()
        if not act.isEnabled():  # a tool the rule set has no use for (the Token tool on a Catalan board)
            assert type(tool).__name__ == "TokenTool"
            continue
        act.trigger()
        assert win.view.tool is tool
        assert win.statusBar().currentMessage() == tool.hint


def test_select_click_shift_ctrl_and_rubber_band(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.document
    win.set_tool(win.tools[SelectTool])
    click(win, (1, 1))
    assert doc.selection == [(1, 1)]
    click(win, (2, 1), modifiers=Qt.KeyboardModifier.ShiftModifier)
    assert doc.selection == [(1, 1), (2, 1)]
    click(win, (1, 1), modifiers=Qt.KeyboardModifier.ControlModifier)
    assert doc.selection == [(2, 1)]
    drag(win, [(0, 0), (1, 0), (2, 1)])
    assert doc.selection == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]
    # the view shows the selection the document holds
    assert win.scene.selection_item.coords == doc.selection


def test_brush_drag_is_one_undo_step_and_view_follows(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.document
    before = dumps(doc.scenario)
    brush = win.tools[BrushTool]
    brush.set_terrain("mountain", 3)
    win.set_tool(brush)
    start = doc.undo_stack.count()
    drag(win, [(0, 2), (1, 2), (2, 2), (4, 2)])  # (3, 2) lies on the way: no gap
    assert [doc.cell((x, 2)).terrain for x in range(5)] == ["mountain"] * 5
    assert doc.cell((0, 2)).cost == 3
    assert doc.undo_stack.count() == start + 1
    updates = win.scene.item_updates
    doc.undo_stack.undo()
    assert dumps(doc.scenario) == before
    assert win.scene.item_updates == updates + 5  # model -> view: the five cells were refreshed
    doc.undo_stack.redo()
    assert doc.cell((4, 2)).terrain == "mountain"


def test_brush_options_bar_sets_terrain(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    brush = win.tools[BrushTool]
    win.set_tool(brush)
    brush.terrain_box.setCurrentText("hill")
    brush.cost_box.setValue(2)
    click(win, (3, 3))
    assert win.document.cell((3, 3)) == Cell(terrain="hill", cost=2)


def test_fill_region(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.document
    fill = win.tools[FillTool]
    fill.set_terrain("lake")
    win.set_tool(fill)
    updates = win.scene.item_updates
    click(win, (2, 2))
    assert all(doc.cell(c).terrain == "lake" for c in doc.grid.ordered_coords)
    assert doc.undo_stack.count() == 1
    assert win.scene.item_updates - updates == 30  # every filled cell was refreshed, once
    doc.undo_stack.undo()
    assert doc.scenario.board.cells == {}
    assert win.scene.item_updates - updates == 60


def test_feature_placer_each_feature(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.document
    tool = win.tools[FeatureTool]
    win.set_tool(tool)
    offered = [tool.feature_box.itemData(i) for i in range(tool.feature_box.count())]
    assert offered == ["city", "platform", "origin", "destination", "offboard", "gray"]  # no towns in the Catalan game
    for i, feature in enumerate(offered):
        tool.feature_box.setCurrentIndex(i)
        assert tool.feature == feature
        coord = (i % 6, i // 6)
        click(win, coord, offset=(CELL_SIZE * 0.4, 0))  # near the east side
        cell = doc.cell(coord)
        assert cell != EMPTY_CELL, feature
        if feature in ("platform", "origin", "destination"):
            assert cell.platform.access == 3  # E
            assert cell.platform.kind == ("other" if feature == "platform" else feature)
    # a second click with the same feature removes it again
    tool.feature_box.setCurrentIndex(0)
    click(win, (0, 0))
    assert doc.cell((0, 0)).cities == []


def test_edge_tool_toggles_side_nearest_the_click(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.document
    tool = win.tools[EdgeTool]
    win.set_tool(tool)
    tool.kind_box.setCurrentText("river")
    tool.cost_box.setValue(2)
    side = win.view.mapFromScene(QPointF(win.scene.cell_centre((1, 1)).x() + CELL_SIZE / 2, win.scene.cell_centre((1, 1)).y() + CELL_SIZE * 0.3))

    def side_colour():
        img = win.view.viewport().grab().toImage()
        return img.pixelColor(side)

    before = side_colour()
    click(win, (1, 1), offset=(CELL_SIZE * 0.45, 0))
    assert doc.scenario.board.edges == [EdgeFeature(cell="B2", edge=3, kind="river", cost=2)]
    river = side_colour()  # the view shows the river (model -> view): blue where the side was plain
    assert river.blue() > river.red() + 40 and river != before
    doc.undo_stack.undo()
    assert side_colour() == before
    doc.undo_stack.redo()
    click(win, (2, 1), offset=(-CELL_SIZE * 0.45, 0))  # the same side from the neighbour: removed
    assert doc.scenario.board.edges == []
    tool.kind_box.setCurrentText("gauge")
    click(win, (1, 1), offset=(0, -CELL_SIZE * 0.45))
    assert doc.scenario.board.edges[0].kind == "gauge"
    assert doc.undo_stack.count() == 3


def test_stamp_ghost_rotation_and_lay(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.document
    stamp = win.tools[StampTool]
    win.palette.select_tile("curve")
    assert win.view.tool is stamp and stamp.tile_id == "curve"
    hover(win, (2, 2))
    ghost = win.scene.ghost_item
    assert ghost.isVisible() and ghost.coord == (2, 2)
    # R / Shift+R and the wheel turn the tile
    QApplication.sendEvent(win.view, QKeyEvent(QKeyEvent.Type.KeyPress, Qt.Key.Key_R, Qt.KeyboardModifier.NoModifier, "r"))
    assert stamp.rotation == 1
    QApplication.sendEvent(win.view, QKeyEvent(QKeyEvent.Type.KeyPress, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier, "R"))
    assert stamp.rotation == 0
    pos = QPointF(win.view.mapFromScene(win.scene.cell_centre((2, 2))))
    wheel = QWheelEvent(pos, QPointF(win.view.viewport().mapToGlobal(pos.toPoint())), QPoint(0, 0), QPoint(0, -120),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(win.view.viewport(), wheel)
    assert stamp.rotation == 1
    updates = win.scene.item_updates
    click(win, (2, 2))
    assert doc.cell((2, 2)).tile.tile == "curve" and doc.cell((2, 2)).tile.rotation == 1
    assert win.scene.item_updates - updates == 1
    assert "curve" in win.scene.tooltip_at(win.scene.cell_centre((2, 2)))  # the view shows the tile
    # a lake: the ghost turns red with the reason
    doc.undo_stack.push(__import__("editor.commands", fromlist=["SetCellsCommand"]).SetCellsCommand(doc, {(4, 4): Cell(terrain="lake")}))
    hover(win, (4, 4))
    legal, reason = stamp.verdict((4, 4))
    assert not legal and reason
    assert ghost.coord == (4, 4) and not ghost.legal and ghost.reason == reason
    assert reason.split(": ", 1)[-1] in win.statusBar().currentMessage()


def test_eraser_drag_one_step(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.document
    win.set_tool(win.tools[FillTool])
    win.tools[FillTool].set_terrain("hill")
    click(win, (0, 0))
    after_fill = dumps(doc.scenario)
    win.set_tool(win.tools[EraserTool])
    drag(win, [(0, 1), (1, 1), (3, 1)])
    assert [doc.cell((x, 1)) for x in range(4)] == [EMPTY_CELL] * 4
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    assert dumps(doc.scenario) == after_fill

"""BoardView: zoom, fit, pan, and forwarding of mouse/wheel/key events to the current tool."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QKeySequence, QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QApplication

from editor.document import Document
from editor.scene import BoardScene
from editor.view import BoardView
from model.newboard import new_scenario


class RecordingTool:
    """A stand-in tool (the Tool protocol of docs/editor-api.md) that records its calls."""

    name, shortcut, hint, icon = "rec", "", "", None

    def __init__(self, consume_wheel=False, consume_keys=(Qt.Key.Key_R,)):
        self.calls: list[tuple] = []
        self.consume_wheel = consume_wheel
        self.consume_keys = consume_keys
        self.view = None

    def activate(self, view):
        self.view = view
        self.calls.append(("activate",))

    def deactivate(self):
        self.calls.append(("deactivate",))

    def press(self, coord, scene_pos, event):
        self.calls.append(("press", coord))

    def move(self, coord, scene_pos, event):
        self.calls.append(("move", coord))

    def release(self, coord, scene_pos, event):
        self.calls.append(("release", coord))

    def wheel(self, coord, event):
        self.calls.append(("wheel", coord))
        return self.consume_wheel

    def key(self, event):
        self.calls.append(("key", event.key()))
        return event.key() in self.consume_keys

    def kinds(self, kind):
        return [c for c in self.calls if c[0] == kind]


@pytest.fixture
def view(qtbot):
    doc = Document(new_scenario("catalan", 30, 20))
    doc.threaded_checks = False
    scene = BoardScene(doc)
    v = BoardView(scene)
    v.resize(800, 600)
    qtbot.addWidget(v)
    v.show()
    qtbot.waitExposed(v)
    v.zoom_reset()
    return v


def send_wheel(view, pos: QPoint, dy: int, modifiers=Qt.KeyboardModifier.NoModifier):
    ev = QWheelEvent(
        QPointF(pos), QPointF(view.viewport().mapToGlobal(pos)), QPoint(0, 0), QPoint(0, dy),
        Qt.MouseButton.NoButton, modifiers, Qt.ScrollPhase.NoScrollPhase, False,
    )
    QApplication.sendEvent(view.viewport(), ev)


def send_move(view, pos: QPoint, buttons=Qt.MouseButton.NoButton):
    ev = QMouseEvent(
        QEvent.Type.MouseMove, QPointF(pos), QPointF(view.viewport().mapToGlobal(pos)),
        Qt.MouseButton.NoButton, buttons, Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(view.viewport(), ev)


def test_zoom_in_out_reset_and_fit(view):
    assert view.scale_factor() == pytest.approx(1.0)
    view.zoom_in()
    assert view.scale_factor() == pytest.approx(1.25)
    view.zoom_out()
    view.zoom_out()
    assert view.scale_factor() == pytest.approx(0.8)
    view.zoom_reset()
    assert view.scale_factor() == pytest.approx(1.0)
    view.fit_to_window()
    visible = view.visible_scene_rect()
    board = view.board_scene.board_rect
    assert visible.adjusted(-2, -2, 2, 2).contains(board)
    # fitted tightly: the board fills most of one viewport dimension
    assert board.width() / visible.width() > 0.9 or board.height() / visible.height() > 0.9


def test_zoom_shortcuts(view, qtbot):
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert view.scale_factor() == pytest.approx(1.25)
    seq = QKeySequence(QKeySequence.StandardKey.ZoomOut)[0]
    qtbot.keyClick(view, seq.key(), seq.keyboardModifiers())
    assert view.scale_factor() == pytest.approx(1.0)
    qtbot.keyClick(view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(view, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert view.scale_factor() == pytest.approx(1.0)
    qtbot.keyClick(view, Qt.Key.Key_9, Qt.KeyboardModifier.ControlModifier)
    assert view.visible_scene_rect().adjusted(-2, -2, 2, 2).contains(view.board_scene.board_rect)


def test_ctrl_wheel_zooms_around_the_cursor(view):
    view.zoom_out()
    pos = QPoint(300, 250)
    before = view.mapToScene(pos)
    send_wheel(view, pos, 120, Qt.KeyboardModifier.ControlModifier)
    assert view.scale_factor() == pytest.approx(1.0)
    after = view.mapToScene(pos)
    assert abs(after.x() - before.x()) < 3 and abs(after.y() - before.y()) < 3


def test_low_zoom_switches_to_overview(view):
    view.fit_to_window()
    view.set_scale(0.05)
    assert view.board_scene.overview_mode
    view.zoom_reset()
    assert not view.board_scene.overview_mode


def test_plain_wheel_goes_to_tool_or_scrolls(view):
    tool = RecordingTool(consume_wheel=True)
    view.set_tool(tool)
    bar = view.verticalScrollBar()
    start = bar.value()
    send_wheel(view, QPoint(200, 200), -120)
    assert tool.kinds("wheel") and bar.value() == start  # consumed: the stamp rotated, no scroll
    tool.consume_wheel = False
    send_wheel(view, QPoint(200, 200), -120)
    assert bar.value() > start  # not consumed: the view scrolls


def test_mouse_events_reach_the_tool_with_the_cell(view, qtbot):
    tool = RecordingTool()
    view.set_tool(tool)
    assert tool.calls[0] == ("activate",)
    target = (3, 2)
    pos = view.mapFromScene(view.board_scene.cell_centre(target))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert ("press", target) in tool.calls and ("release", target) in tool.calls
    send_move(view, pos + QPoint(3, 0))
    assert tool.kinds("move") and tool.kinds("move")[-1] == ("move", target)
    assert view.board_scene.hover_item.coords == [target]
    view.set_tool(None)
    assert tool.calls[-1] == ("deactivate",)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)  # no tool: nothing breaks


def test_middle_drag_pans_without_the_tool(view, qtbot):
    tool = RecordingTool()
    view.set_tool(tool)
    h = view.horizontalScrollBar()
    h.setValue(h.maximum() // 2)
    start = h.value()
    vp = view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.MiddleButton, pos=QPoint(400, 300))
    send_move(view, QPoint(300, 300), Qt.MouseButton.MiddleButton)
    qtbot.mouseRelease(vp, Qt.MouseButton.MiddleButton, pos=QPoint(300, 300))
    assert h.value() == start + 100
    assert not tool.kinds("press")


def test_space_drag_pans(view, qtbot):
    tool = RecordingTool()
    view.set_tool(tool)
    v = view.verticalScrollBar()
    v.setValue(v.maximum() // 2)
    start = v.value()
    view.setFocus()
    qtbot.keyPress(view, Qt.Key.Key_Space)
    vp = view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=QPoint(400, 300))
    send_move(view, QPoint(400, 240), Qt.MouseButton.LeftButton)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=QPoint(400, 240))
    qtbot.keyRelease(view, Qt.Key.Key_Space)
    assert v.value() == start + 60
    assert not tool.kinds("press")


def test_keys_go_to_the_tool(view, qtbot):
    tool = RecordingTool()
    view.set_tool(tool)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_R)
    assert ("key", int(Qt.Key.Key_R)) in [(k, int(v)) for k, v in tool.kinds("key")]


def test_centre_on_cells(view):
    target = (25, 15)
    view.centre_on_cells([target])
    centre = view.mapToScene(view.viewport().rect().center())
    cc = view.board_scene.cell_centre(target)
    assert abs(centre.x() - cc.x()) < 5 and abs(centre.y() - cc.y()) < 5
    view.centre_on_cells([(0, 0), (29, 19)])  # too far apart at 100 %: zooms out to show both
    visible = view.visible_scene_rect()
    assert visible.contains(view.board_scene.cell_centre((0, 0))) and visible.contains(view.board_scene.cell_centre((29, 19)))


def test_double_click_keeps_presses_and_releases_paired(view, qtbot):
    tool = RecordingTool()
    view.set_tool(tool)
    pos = view.mapFromScene(view.board_scene.cell_centre((2, 2)))
    vp = view.viewport()
    # what a real double-click delivers: press, release, double-click, release
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=pos)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=pos)
    ev = QMouseEvent(
        QEvent.Type.MouseButtonDblClick, QPointF(pos), QPointF(vp.mapToGlobal(pos)),
        Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(vp, ev)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=pos)
    assert len(tool.kinds("press")) == len(tool.kinds("release")) == 2
    assert tool.kinds("press")[-1] == ("press", (2, 2))

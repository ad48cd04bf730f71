"""Coordinate labels at low zoom and the minimap dock (18 India at fit-to-window, real pixels and mouse events)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QMouseEvent
from PySide6.QtWidgets import QApplication

from editor import render
from editor.commands import SetCellsCommand
from model.board import Cell, EdgeFeature
from model.io import load
from model.paths import scenarios_dir
from tests.editor_helpers import make_window, no_dialogs, settled_frame  # noqa: F401 (autouse fixture)


@pytest.fixture
def india(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, load(scenarios_dir() / "18india.json"))
    win.view.fit_to_window()
    qtbot.wait(10)
    return win


def dark_pixels(img: QImage, x0: float, y0: float, x1: float, y1: float) -> int:
    n = 0
    for x in range(max(0, int(x0)), min(img.width(), int(x1))):
        for y in range(max(0, int(y0)), min(img.height(), int(y1))):
            c = QColor(img.pixel(x, y))
            if max(c.red(), c.green(), c.blue()) < 110:
                n += 1
    return n


def test_fit_to_window_paints_the_edge_labels(india):
    view, scene = india.view, india.scene
    assert scene.overview_mode  # the board is painted from the overview picture at this zoom
    assert view.scale_factor() * 100 * 0.26 < 8  # labels scaled with the board would be unreadable
    grid = scene.grid
    img = settled_frame(view)
    x0, y0, x1, y1 = grid.bounds(100)
    col_j = view.mapFromScene(QPointF(grid.centre(grid.coord("J37"), 100)[0], y0))
    row_37 = view.mapFromScene(QPointF(x0, grid.centre(grid.coord("J37"), 100)[1]))
    # the letter J above column J, between the board's top edge and 24 px above it
    assert dark_pixels(img, col_j.x() - 6, col_j.y() - 24, col_j.x() + 6, col_j.y() - 1) > 8
    # ... but not above the middle between two columns (the label is where the column is)
    col_i = view.mapFromScene(QPointF(grid.centre(grid.coord("I36"), 100)[0], y0))
    mid = (col_i.x() + col_j.x()) / 2
    assert dark_pixels(img, mid - 1, col_j.y() - 24, mid + 1, col_j.y() - 1) == 0
    # the number 37 left of row 37, inside the viewport
    assert row_37.x() > 20
    assert dark_pixels(img, row_37.x() - 30, row_37.y() - 6, row_37.x() - 1, row_37.y() + 6) > 8
    # and the labels stay inside the window: the bottom row of letters too
    bottom = view.mapFromScene(QPointF(grid.centre(grid.coord("J37"), 100)[0], y1))
    assert bottom.y() + 20 < view.viewport().height()
    assert dark_pixels(img, bottom.x() - 6, bottom.y() + 1, bottom.x() + 6, bottom.y() + 24) > 8


def test_labels_at_full_zoom_are_still_painted_with_the_board(india):
    india.view.zoom_reset()
    assert not india.scene.labels_item.screen_constant(india.view.scale_factor())
    india.view.set_scale(0.05)
    assert india.scene.labels_item.screen_constant(0.05)
    # the label layer's bounding rect grows to hold labels placed in screen pixels
    assert india.scene.labels_item.boundingRect().contains(india.scene.board_rect)


def test_minimap_is_a_dock_with_a_view_menu_toggle(india, qtbot):
    dock = india.minimap_dock
    assert dock.isVisible()
    names = [a.text() for a in india.menuBar().actions()[2].menu().actions()]
    assert "Minimap" in names
    dock.toggleViewAction().trigger()
    assert not dock.isVisible()
    dock.toggleViewAction().trigger()
    assert dock.isVisible()
    # it paints the scene's overview picture; it is not a second view on the scene
    assert india.scene.views() == [india.view]


def minimap_image(mm) -> QImage:
    return mm.grab().toImage()


def test_scrolling_the_main_view_moves_the_rectangle(india, qtbot):
    mm = india.minimap
    qtbot.waitUntil(lambda: mm._pixmap is not None)
    india.view.zoom_reset()
    qtbot.wait(10)
    grid = india.scene.grid
    india.view.centerOn(india.scene.cell_centre(grid.coord("F3")))
    before = mm.view_rect()
    india.view.centerOn(india.scene.cell_centre(grid.coord("K40")))
    after = mm.view_rect()
    assert after.center().y() > before.center().y() + 50  # K39 is far below F3 on the minimap
    assert after.width() < mm.width() / 2  # at 100 % the rectangle is a small part of the board
    # the rectangle is painted: red pixels on its outline
    img = minimap_image(mm)
    edge = after.intersected(mm._pixmap_rect)
    x, y = int(edge.center().x()), round(edge.top())
    reddest = min((QColor(img.pixel(x, y + dy)) for dy in range(-2, 3)), key=lambda c: c.green() - c.red())
    assert reddest.red() > 150 and reddest.green() < 90, reddest.name()


def test_click_and_drag_in_the_minimap_move_the_main_view(india, qtbot):
    mm = india.minimap
    qtbot.waitUntil(lambda: mm._pixmap is not None)
    india.view.zoom_reset()
    scene, grid = india.scene, india.scene.grid
    target = grid.coord("K40")
    at = mm.scene_to_widget(scene.cell_centre(target)).toPoint()
    qtbot.mouseClick(mm, Qt.MouseButton.LeftButton, pos=at)
    centre = india.view.mapToScene(india.view.viewport().rect().center())
    assert scene.coord_at(centre) in [target] + [grid.neighbour(target, e) for e in range(6)]
    # a drag follows the pointer
    start = mm.scene_to_widget(scene.cell_centre(grid.coord("F9"))).toPoint()
    end = mm.scene_to_widget(scene.cell_centre(grid.coord("N13"))).toPoint()
    qtbot.mousePress(mm, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(mm, end)
    # QTest's mouseMove carries no buttons: send the move with the button held ourselves
    ev = QMouseEvent(QMouseEvent.Type.MouseMove, QPointF(end), QPointF(mm.mapToGlobal(end)), Qt.MouseButton.NoButton,
                     Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(mm, ev)
    qtbot.mouseRelease(mm, Qt.MouseButton.LeftButton, pos=end)
    centre = india.view.mapToScene(india.view.viewport().rect().center())
    n13 = grid.coord("N13")
    assert scene.coord_at(centre) in [n13] + [grid.neighbour(n13, e) for e in range(6)]


def test_minimap_follows_edits_cheaply(india, qtbot):
    mm = india.minimap
    qtbot.waitUntil(lambda: mm._pixmap is not None)
    doc, grid = india.document, india.scene.grid
    coord = grid.coord("H21")
    at = mm.scene_to_widget(india.scene.cell_centre(coord)).toPoint()
    before = QColor(minimap_image(mm).pixel(at))
    updates = mm.picture_updates
    doc.undo_stack.push(SetCellsCommand(doc, {coord: Cell(terrain="lake")}, "lake"))
    doc.undo_stack.push(SetCellsCommand(doc, {grid.coord("H23"): Cell(terrain="lake")}, "lake"))
    qtbot.waitUntil(lambda: mm.picture_updates > updates)
    qtbot.wait(200)
    assert mm.picture_updates == updates + 1  # a burst of edits shrinks the picture once
    after = QColor(minimap_image(mm).pixel(at))
    assert after.blue() > after.red() + 40, (before.name(), after.name())  # the lake shows


def test_zooming_the_main_view_resizes_the_rectangle(india, qtbot):
    mm = india.minimap
    qtbot.waitUntil(lambda: mm._pixmap is not None)
    india.view.zoom_reset()
    small = mm.view_rect()
    india.view.zoom_out()
    india.view.zoom_out()
    bigger = mm.view_rect()
    assert bigger.width() > small.width() * 1.4 and bigger.height() > small.height() * 1.4


def test_a_hidden_minimap_catches_up_when_shown_again(india, qtbot):
    mm = india.minimap
    qtbot.waitUntil(lambda: mm._pixmap is not None)
    india.minimap_dock.hide()
    doc, grid = india.document, india.scene.grid
    coord = grid.coord("H21")
    doc.undo_stack.push(SetCellsCommand(doc, {coord: Cell(terrain="lake")}, "lake"))
    india.minimap_dock.show()
    qtbot.waitUntil(lambda: mm._pixmap is not None and mm.isVisible())
    at = mm.scene_to_widget(india.scene.cell_centre(coord)).toPoint()
    c = QColor(minimap_image(mm).pixel(at))
    assert c.blue() > c.red() + 40, c.name()


def test_minimap_draws_edge_features(india, qtbot):
    mm = india.minimap
    qtbot.waitUntil(lambda: mm._pixmap is not None)
    doc, grid = india.document, india.scene.grid
    coord = grid.coord("H21")
    p, q = render.side_segment(grid, coord, 0, render.CELL_SIZE)
    at = mm.scene_to_widget((p + q) / 2).toPoint()
    assert QColor(minimap_image(mm).pixel(at)).blue() < QColor(minimap_image(mm).pixel(at)).red()  # no river yet
    updates = mm.picture_updates
    doc.set_edges([], [EdgeFeature(cell="H21", edge=0, kind="river", cost=0)])
    qtbot.waitUntil(lambda: mm.picture_updates > updates)
    c = QColor(minimap_image(mm).pixel(at))
    assert c.blue() > c.red() + 30, c.name()

"""What users of Qt editors and Tiled reach for, driven by real mouse and key events: names typed
in Properties drawn at once at every zoom, focus that goes back to the board, the selection count
and zoom level in the status bar, the Help menu."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, Qt
from PySide6.QtWidgets import QApplication

from model.board import Cell, City
from model.newboard import new_scenario
from tests.editor_helpers import click, make_window, no_dialogs  # noqa: F401


def city_board():
    s = new_scenario("18xx", 14, 10)
    g = s.board.grid
    for label in ("C3", "F6", "J8"):
        s.board.cells[label] = Cell(cities=[City(revenue=20)])
    assert all(g.is_label(x) for x in ("C3", "F6", "J8"))
    return s


def cell_picture(win, coord):
    """The viewport's pixels around a cell, as painted now."""
    QApplication.sendPostedEvents()
    image = win.view.viewport().grab().toImage()
    c = win.view.mapFromScene(win.scene.cell_centre(coord))
    r = max(24, int(60 * win.view.scale_factor()))
    return image.copy(QRect(c.x() - r, c.y() - 2 * r, 2 * r, 3 * r))


def name_ink(image) -> int:
    """Dark pixels in the band above the cell's centre, where its name is written."""
    return sum(1 for y in range(image.height() // 2) for x in range(image.width()) if image.pixelColor(x, y).lightness() < 110)


def zooms(win):
    """Fit to the window, then each zoom step up to 100 %."""
    win.view.fit_to_window()
    out = [win.view.scale_factor()]
    while out[-1] * 1.25 < 1.0:
        out.append(out[-1] * 1.25)
    return out


def type_into(qtbot, edit, text):
    qtbot.mouseClick(edit, Qt.MouseButton.LeftButton)
    qtbot.keyClick(edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Return)


def pictures(win, coord, scales):
    out = {}
    for z in scales:
        win.view.set_scale(z)
        win.view.centerOn(win.scene.cell_centre(coord))
        out[z] = cell_picture(win, coord)
    return out


def test_a_name_typed_in_properties_is_drawn_at_once_at_every_zoom(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, city_board(), size=(1300, 850))
    doc = win.document
    f6 = doc.grid.coord("F6")
    scales = zooms(win)
    pictures(win, f6, scales)                        # painted (and cached) once without the name
    click(win, f6)                                   # the select tool is the default
    win.properties_dock.raise_()
    edit = win.properties.field("cities", 0, "name")
    type_into(qtbot, edit, "Bremerhaven")
    assert doc.cell(f6).cities[0].name == "Bremerhaven"
    doc.set_selection([])
    win.scene.set_hover(None)
    typed = pictures(win, f6, scales)
    reopened = make_window(qtbot, tmp_path, doc.scenario.model_copy(deep=True), size=(1300, 850))
    fresh = pictures(reopened, f6, scales)
    for z in typed:
        ink, expected = name_ink(typed[z]), name_ink(fresh[z])
        assert expected > 20 and ink >= 0.8 * expected, f"at {z:.0%} the typed name is not drawn as after a restart ({ink} of {expected} dark pixels)"

"""Screenshots of the Tile Set dock and the tile designer (docs/screenshot-tileset.png and
docs/screenshot-tile-designer.png when $TRACKWRIGHT_SCREENSHOTS is docs/).

Like tests/test_screenshots.py, the tests check that the pictures show what they should (the
tile colours are there), not pixels: fonts differ between machines.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage

from editor.render.base import TILE_COLORS
from model import manifest
from model.board import Cell, City, LaidTile
from model.newboard import new_scenario
from model.scenario import Scenario
from model.tiles import Node, TileDef, TilePath
from tests.editor_helpers import make_window, no_dialogs  # noqa: F401 (autouse fixture)
from tests.test_screenshots import out_dir

B_CITY = TileDef(id="B1", color="green", label="B", count=2, nodes=[Node(kind="city", slots=2, revenue=40)],
                 paths=[TilePath(a=e, b="n0") for e in (0, 1, 3)])


def sample() -> Scenario:
    s = new_scenario("18xx", 8, 6, title="A new line")
    std = manifest.standard_tiles()
    s.tiles = manifest.add_tiles(s, [std.get(i) for i in ("7", "8", "9", "57", "14", "15", "18", "23", "63")] + [B_CITY])
    for tid, n in (("7", 4), ("8", 6), ("9", 7), ("57", 3), ("14", 2), ("15", 2)):
        s.tiles = manifest.set_count(s, tid, n)
    s.tiles = manifest.set_upgrades(s, "57", ["14", "15", "B1"])
    s = Scenario.model_validate(s.model_dump(mode="json"))
    s.board.cells["D6"] = Cell(cities=[City(revenue=0)], tile=LaidTile(tile="57", rotation=1))
    s.board.cells["E5"] = Cell(tile=LaidTile(tile="9", rotation=1))
    s.board.cells["F6"] = Cell(label="B", cities=[City(revenue=0)])
    return s


def has_colour(img: QImage, colour: QColor) -> bool:
    want = colour.rgb()
    return any(img.pixel(x, y) == want for y in range(0, img.height(), 3) for x in range(0, img.width(), 3))


def test_screenshot_tile_set_dock(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, sample(), size=(1400, 900))
    win.tileset_dock.raise_()
    win.resizeDocks([win.tileset_dock], [470], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: win.tileset_panel.table.rowCount() == 10)
    win.tileset_panel.select_tile("57")
    win.view.fit_to_window()
    qtbot.waitUntil(lambda: not win.document.is_checking(), timeout=5000)
    qtbot.wait(50)
    out = out_dir(tmp_path) / "screenshot-tileset.png"
    pixmap = win.grab()
    assert pixmap.save(str(out), "PNG")
    img = QImage(str(out))
    assert has_colour(img, TILE_COLORS["green"]) and has_colour(img, TILE_COLORS["yellow"])


def test_screenshot_tile_designer(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, sample(), size=(1400, 900))
    designer = win.tileset_panel.open_designer("B1")
    qtbot.waitExposed(designer)
    designer.resize(900, 560)
    designer.canvas.set_mode("path")
    designer.track_box.setCurrentText("narrow")  # a narrow-gauge branch from side 4 to the city
    for port in (4, "n0"):
        qtbot.mouseClick(designer.canvas, Qt.MouseButton.LeftButton, pos=designer.canvas.widget_point(port).toPoint())
    assert "path=a:4,b:_0,track:narrow" in designer.code_edit.toPlainText()
    designer.canvas.pending = 5  # a path being drawn from side 5
    qtbot.wait(50)
    out = out_dir(tmp_path) / "screenshot-tile-designer.png"
    assert designer.grab().save(str(out), "PNG")
    img = QImage(str(out))
    assert has_colour(img, TILE_COLORS["green"])
    assert "city=revenue:40,slots:2" in designer.code_edit.toPlainText()
    designer.reject()

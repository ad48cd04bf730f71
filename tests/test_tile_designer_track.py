"""The tile designer's track kinds, by real mouse and key events: a path drawn narrow or dual is
drawn as the board renderer draws that kind, and the 18xx.games code box says ``track:narrow``
both ways (drawing writes it, typing it redraws)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from editor import render
from editor.tile_designer import TileDesigner
from model.grid import HexGrid
from model.rules import get_rule_set
from model.tiles import TileDef, TilePath
from tests.editor_helpers import LEFT
from tests.test_tileset_panel import canvas_click, set_text

GRID = HexGrid(width=3, height=6, orientation="flat", parity=0)


def designer(qtbot) -> TileDesigner:
    d = TileDesigner(GRID, TileDef(id="N1", color="yellow"), get_rule_set("18xx"), set())
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    return d


def pick_kind(qtbot, d: TileDesigner, kind: str) -> None:
    """Choose a track kind with the arrow keys, as at the keyboard."""
    box = d.track_box
    box.setFocus()
    items = [box.itemText(i) for i in range(box.count())]
    key = Qt.Key.Key_Down if items.index(kind) > box.currentIndex() else Qt.Key.Key_Up
    while box.currentText() != kind:
        qtbot.keyClick(box, key)


def ties_along(img: QImage, a: QPointF, b: QPointF) -> int:
    """How many points of the centre line from a to b are white (the ties of narrow and dual track)."""
    n = 0
    for k in range(30, 71):
        p = a + (b - a) * (k / 100)
        if QColor(img.pixel(int(p.x()), int(p.y()))).lightness() > 235:
            n += 1
    return n


def track_width_at(img: QImage, a: QPointF, b: QPointF) -> int:
    """The width in pixels of dark track across the line a-b at its 40% point (between ties)."""
    d = b - a
    length = (d.x() ** 2 + d.y() ** 2) ** 0.5
    normal = QPointF(-d.y() / length, d.x() / length)
    best = 0
    for k in (38, 40, 42, 44):
        c = a + d * (k / 100)
        dark = sum(1 for t in range(-20, 21)
                   if QColor(img.pixel(int((c + normal * t).x()), int((c + normal * t).y()))).lightness() < 60)
        best = max(best, dark)
    return best


def test_a_path_is_drawn_with_the_chosen_kind_and_the_code_says_so(qtbot):
    d = designer(qtbot)
    c = d.canvas
    assert [d.track_box.itemText(i) for i in range(d.track_box.count())] == ["broad", "narrow", "dual"]
    # broad: the default
    canvas_click(qtbot, c, 0)
    canvas_click(qtbot, c, 3)
    assert d.tile().paths == [TilePath(a=0, b=3)] and d.code_edit.toPlainText() == "path=a:0,b:3"
    a, b = c.widget_point(0), c.widget_point(3)
    broad = c.grab().toImage()
    assert ties_along(broad, a, b) == 0
    broad_width = track_width_at(broad, a, b)
    # narrow: click the middle of the path to give it the kind
    pick_kind(qtbot, d, "narrow")
    qtbot.mouseClick(c, LEFT, pos=((a + b) * 0.5 + (b - a) * 0.1).toPoint())
    assert d.tile().paths == [TilePath(a=0, b=3, track="narrow")]
    assert d.code_edit.toPlainText() == "path=a:0,b:3,track:narrow"
    narrow = c.grab().toImage()
    assert ties_along(narrow, a, b) > 0 and track_width_at(narrow, a, b) < broad_width
    # dual, drawn anew from side 1 to side 4: broad width with ties
    pick_kind(qtbot, d, "dual")
    canvas_click(qtbot, c, 1)
    canvas_click(qtbot, c, 4)
    assert d.tile().paths[-1] == TilePath(a=1, b=4, track="dual")
    assert d.code_edit.toPlainText() == "path=a:0,b:3,track:narrow;path=a:1,b:4,track:dual"
    dual = c.grab().toImage()
    a4, b4 = c.widget_point(1), c.widget_point(4)
    assert ties_along(dual, a4, b4) > 0 and abs(track_width_at(dual, a4, b4) - broad_width) <= 2
    # the same ends with the same kind: the path goes
    canvas_click(qtbot, c, 4)
    canvas_click(qtbot, c, 1)
    assert d.tile().paths == [TilePath(a=0, b=3, track="narrow")]
    # typing the code redraws the tile with its kinds
    set_text(qtbot, d.code_edit, "path=a:2,b:5,track:dual;path=a:0,b:3")
    assert d.tile().paths == [TilePath(a=2, b=5, track="dual"), TilePath(a=0, b=3)]
    typed = c.grab().toImage()
    assert ties_along(typed, c.widget_point(2), c.widget_point(5)) > 0
    assert d.problems.text() == "none"


def test_the_palette_painter_draws_track_kinds():
    """render.paint_tile (palette, ghost, designer) draws each path by its kind, as the board does."""
    def paint(track: str) -> QImage:
        img = QImage(200, 200, QImage.Format.Format_ARGB32)
        img.fill(QColor("#ffffff"))
        p = QPainter(img)
        render.paint_tile(p, TileDef(id="S", color="yellow", paths=[TilePath(a=0, b=3, track=track)]), 0, GRID,
                          QPointF(100, 100), 90)
        p.end()
        return img

    broad, narrow = paint("broad"), paint("narrow")
    top, bottom = QPointF(100, 30), QPointF(100, 170)  # a flat hex: side 0 at the bottom, side 3 at the top
    assert ties_along(broad, top, bottom) == 0 and ties_along(narrow, top, bottom) > 0

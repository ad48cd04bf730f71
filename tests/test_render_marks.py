"""The marks an 18xx-maker map prints are drawn: real pixels of the seed game painted by the
same code as the PNG export (tokens in the company's colour, shapes, the game's own colours,
hexes beside the map, an outline left open)."""

from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtGui import QColor

from model.io.import_18xx_maker import import_18xx_maker
from tests.test_render import paint_image, pixel

SEED = Path(__file__).parent / "data" / "18xx-maker-seeds" / "marks.json"
SIZE = 100.0


def scenario():
    return import_18xx_maker(SEED.read_text(encoding="utf-8"), "marks.json").scenario


def centre(s, label, grid=None):
    grid = grid or s.board.grid
    return grid.centre(grid.coord(label), SIZE)


def near(c: QColor, hex_value: str, tol: int = 30) -> bool:
    want = QColor(hex_value)
    return abs(c.red() - want.red()) + abs(c.green() - want.green()) + abs(c.blue() - want.blue()) <= tol


def place(s, label, angle, percent, grid=None):
    x, y = centre(s, label, grid)
    a = SIZE * math.sqrt(3) / 2
    return x - math.sin(math.radians(angle)) * percent * a, y + math.cos(math.radians(angle)) * percent * a


def test_marks_are_painted(qapp):
    s = scenario()
    img, rect = paint_image(s, SIZE)
    # A3: the game's own hex colour, a token of company MA in its colour (the palette's minor_gold) at the
    # centre, and a generic token drawn at angle 120, percent 0.75 in minor_gold too
    x, y = centre(s, "A3")
    assert near(pixel(img, rect, x + SIZE * 0.45, y), "#dddddd")  # lightlightGray, not white
    assert near(pixel(img, rect, x + 6, y - 6), "#ffc004", 60)  # the MA token (its label is written in its middle)
    tx, ty = place(s, "A3", 120, 0.75)
    assert near(pixel(img, rect, tx + 8, ty + 8), "#ffc004", 60)
    # B4: the brown diamond "+20" at angle 0, percent 0.8 (straight down)
    dx, dy = place(s, "B4", 0, 0.8)
    c = pixel(img, rect, dx, dy - 14)  # above its text
    assert c.red() > c.blue() + 40 and c.red() > 120, c.name()
    # F3 lies off the grid's rows: it is painted beside the board, with its gray hexagon
    grid = s.board.off_grid_layout
    fx, fy = centre(s, "F3", grid)
    c = pixel(img, rect, fx + SIZE * 0.2, fy + SIZE * 0.2)
    assert abs(c.red() - c.green()) < 20 and c.red() < 230  # gray, not the white of an empty page


def test_a_removed_border_is_not_outlined(qapp):
    s = scenario()
    img, rect = paint_image(s, SIZE)
    grid = s.board.grid
    cx, cy = centre(s, "C3")
    open_edge = s.board.cells["C3"].open_sides[0]
    closed = [e for e in range(6) if e not in s.board.cells["C3"].open_sides and grid.neighbour(grid.coord("C3"), e) is None]

    def outline_at(edge):
        mx, my = grid.edge_midpoint(grid.coord("C3"), edge, SIZE)
        # the outline sits on the side: step from inside the hex to just past the side and look for the line
        ux, uy = (mx - cx), (my - cy)
        n = math.hypot(ux, uy)
        return [pixel(img, rect, cx + ux * (1 + k / n), cy + uy * (1 + k / n)) for k in (-1, 0, 1)]

    assert all(c.lightness() > 150 for c in outline_at(open_edge))  # no grid line drawn there
    assert closed and any(c.lightness() < 200 for e in closed for c in outline_at(e))

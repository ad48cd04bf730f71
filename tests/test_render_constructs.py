"""Render tests for the constructs of imported 18xx.games maps: real pixels of a painted board."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter

from editor import render
from editor.render.decor import hex_color, icon_kind
from model.board import Cell, EdgeFeature
from model.io.import_18xx_games import import_18xx_games
from model.newboard import new_scenario
from model.tiles import Frame, TilePath

CASE = Path(__file__).parent / "cases" / "import" / "constructs" / "map.rb"
SIZE = 60.0


def paint(scenario) -> QImage:
    rect = render.board_rect(scenario, SIZE)
    img = QImage(int(rect.width()) + 2, int(rect.height()) + 2, QImage.Format.Format_ARGB32)
    img.fill(QColor("white"))
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.translate(-rect.left(), -rect.top())
    render.paint_board(p, scenario, SIZE)
    p.end()
    return img


def pixel(img: QImage, scenario, label: str, dx: float = 0.0, dy: float = 0.0) -> QColor:
    rect = render.board_rect(scenario, SIZE)
    x, y = scenario.board.grid.centre(scenario.board.grid.coord(label), SIZE)
    return img.pixelColor(int(x - rect.left() + dx * SIZE), int(y - rect.top() + dy * SIZE))


def close(a: QColor, b: QColor, tol: int = 40) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) <= tol


def test_the_constructs_fixture_paints_its_colours_and_holes(qapp):
    s = import_18xx_games(CASE.read_text(encoding="utf-8"), "map.rb").scenario
    img = paint(s)
    img.save("/tmp/trackwright-constructs.png")
    assert close(pixel(img, s, "F4", 0.3, 0.3), hex_color("salmon"))
    assert close(pixel(img, s, "F2", 0.5, 0.5), hex_color("sepia"))
    assert close(pixel(img, s, "F6", 0.3, 0.3), QColor("white"))  # an empty hex: no fill at all
    # the future label 'T' sits on a green square in C5's upper right
    greenish = [pixel(img, s, "C5", 0.5 + dx / 100, -0.36 + dy / 100) for dx in range(-6, 7, 3) for dy in range(-6, 7, 3)]
    assert any(c.green() > 150 and c.red() < 160 for c in greenish)


def one_cell_board(cell: Cell, edges=()):
    s = new_scenario("18xx", 3, 3, title="one cell")
    s.board.cells["B2"] = cell
    s.board.edges = list(edges)
    return s


def test_track_kinds_are_drawn_differently(qapp):
    imgs = {}
    for kind in ("broad", "narrow", "dual", "thin", "future"):
        s = one_cell_board(Cell(paths=[TilePath(a=0, b=3, track=kind)]))
        imgs[kind] = paint(s)
    # along the straight (edge 0 to 3 passes through the centre): count dark pixels in a band
    def dark(img, s):
        return sum(1 for dy in range(-20, 21) for dx in range(-6, 7)
                   if pixel(img, s, "B2", dx / SIZE, dy / SIZE).lightness() < 90)

    s = one_cell_board(Cell())
    counts = {k: dark(v, s) for k, v in imgs.items()}
    assert counts["broad"] > counts["dual"] > counts["narrow"] > counts["thin"] > 0
    assert counts["future"] == 0  # dashed gray, not black
    assert len(set(counts.values())) == 5


def test_lanes_show_two_rails_with_a_gap(qapp):
    s = one_cell_board(Cell(paths=[TilePath(a=1, b=4, lanes=2)]))
    img = paint(s)
    s0 = one_cell_board(Cell())
    centre = pixel(img, s0, "B2")
    assert centre.lightness() > 150  # the gap between the rails shows the background
    # a rail beside the centre line is dark
    assert any(pixel(img, s0, "B2", d / SIZE, d * 0.58 / SIZE).lightness() < 90 for d in range(3, 12))


def test_border_kinds_and_colours(qapp):
    edges = [EdgeFeature(cell="B2", edge=e, kind=k, cost=c, color=col) for e, k, c, col in
             [(0, "mountain", 40, None), (1, "divider", 0, None), (2, "border", 0, None), (3, "offboard", 0, None),
              (4, "gauge", 0, "#00aa00"), (5, "river", 0, None)]]
    s = one_cell_board(Cell(), edges)
    img = paint(s)
    grid = s.board.grid
    rect = render.board_rect(s, SIZE)

    def side_pixel(edge):
        p, q = render.side_segment(grid, grid.coord("B2"), edge, SIZE)
        m = QPointF((p.x() + q.x()) / 2 + (q.x() - p.x()) * 0.3, (p.y() + q.y()) / 2 + (q.y() - p.y()) * 0.3)
        return img.pixelColor(int(m.x() - rect.left()), int(m.y() - rect.top()))

    assert close(side_pixel(0), render.MOUNTAIN, 60)
    assert close(side_pixel(2), render.IMPASSABLE, 60)
    green = side_pixel(4)
    assert green.green() > 120 and green.red() < 80  # the border's own colour, not the gauge red
    assert close(side_pixel(5), render.RIVER, 60)


def test_icons_are_pictures_not_text(qapp):
    assert icon_kind("port") == ("port", None) and icon_kind("18_royal_gorge/mine")[0] == "mine"
    assert icon_kind("1846/20") == ("value", "20") and icon_kind("1847_ae/pink") == ("colour", "pink")
    assert icon_kind("1840/yellow_hex") == ("hex", "yellow")
    assert icon_kind("18_hiawatha/wheat")[0] == "grain" and icon_kind("18_india/rice-30")[0] == "grain"
    s = one_cell_board(Cell(icons=["image:port,sticky:1"]))
    img = paint(s)
    # the anchor's shank is a dark vertical line in a white disc at the centre
    assert min(pixel(img, s, "B2", dx / SIZE, 2 / SIZE).lightness() for dx in (-1, 0, 1)) < 140  # the shank
    assert pixel(img, s, "B2", 0.12, -0.06).lightness() > 200  # white inside the disc, beside the anchor


def test_frame_and_stripes(qapp):
    s = one_cell_board(Cell(frame=Frame(color="#0000ff"), stripes="gray"))
    img = paint(s)
    frame = pixel(img, s, "B2", 0.0, 0.82)
    assert frame.blue() > 180 and frame.red() < 80


def test_a_city_with_loc_is_drawn_towards_that_edge(qapp):
    from model.board import City

    s = one_cell_board(Cell(cities=[City(loc="0")]))  # flat map: edge 0 is the bottom
    img = paint(s)
    centre = pixel(img, s, "B2", 0, 0)
    low = pixel(img, s, "B2", 0, 0.43)
    s2 = one_cell_board(Cell(cities=[City()]))
    img2 = paint(s2)
    assert close(pixel(img2, s2, "B2", 0, 0), QColor("white"), 10)  # without loc: the circle at the centre
    assert not close(centre, QColor("white"), 10) and close(low, QColor("white"), 10)


def test_paths_on_two_lanes_are_drawn_side_by_side(qapp):
    # lanes are counted clockwise at each side, so a straight lane goes from lane 0 to lane 1
    lanes = [TilePath(a=0, b=3, a_lane="2.0", b_lane="2.1"), TilePath(a=0, b=3, a_lane="2.1", b_lane="2.0")]
    s = one_cell_board(Cell(paths=lanes))
    img = paint(s)
    row = [pixel(img, s, "B2", dx / SIZE, 0).lightness() for dx in range(-15, 16)]
    dark = [i for i, v in enumerate(row) if v < 90]
    # two separate dark bands with a light gap between them (one centred line has no gap)
    assert dark and any(row[i] > 150 for i in range(dark[0], dark[-1]))


def test_hidden_revenue_is_not_drawn(qapp):
    from model.board import City

    path = [TilePath(a=0, b="n0")]
    shown = paint(one_cell_board(Cell(cities=[City(revenue=30)], paths=path)))
    hidden = paint(one_cell_board(Cell(cities=[City(revenue=30, hide=True)], paths=path)))
    none = paint(one_cell_board(Cell(cities=[City(revenue=0)], paths=path)))
    assert hidden == none and shown != none


def test_halts_are_open_diamonds_and_hidden_towns_are_not_drawn(qapp):
    from model.board import Town

    path = [TilePath(a=0, b="n0")]
    town = paint(one_cell_board(Cell(towns=[Town()], paths=path)))
    halt = paint(one_cell_board(Cell(towns=[Town(halt=True, symbol="M")], paths=path)))
    hidden = paint(one_cell_board(Cell(towns=[Town(style="hidden")], paths=path)))
    s = one_cell_board(Cell())
    assert pixel(town, s, "B2").lightness() < 90  # a black dot at the centre
    assert town != halt and town != hidden
    # the halt's diamond is white inside, around its symbol; a hidden town leaves only the track
    assert any(pixel(halt, s, "B2", dx / SIZE, 0).lightness() > 200 for dx in (-5, -4, 4, 5))
    assert pixel(hidden, s, "B2", 0, -0.1).lightness() > 200

"""Render tests: paint real boards into a QImage and check real pixels.

The boards built here (:func:`catalan_board`, :func:`hex_board`) hold every Catalan tile type
and the common 18xx features; the screenshots are written to /tmp for a person to look at.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter, QPolygonF

from editor import render
from model.board import Cell as C
from model.board import City, EdgeFeature, LaidTile, Platform, Token, Town
from model.newboard import new_scenario
from model.scenario import Company, Player
from model.tiles import TilePath

OUT = Path("/tmp")
CATALAN_TILES = ["straight", "curve", "switch_left", "switch_right", "crossing", "turntable", "bridge", "tunnel", "dead_end"]


def catalan_board():
    """A 7x5 Catalan board with every tile type, a lake, mountains, platforms and a city."""
    s = new_scenario("catalan", 7, 5, title="Catalan sample")
    s.players = [Player(id="red", color="#d62828", origin="R", destination="D4"), Player(id="yellow", color="#f2c200", origin="Y")]
    cells = s.board.cells
    lab = s.board.grid.label
    for i, tid in enumerate(CATALAN_TILES):
        x, y = i % 7, 1 + i // 7
        cells[lab((x, y))] = C(tile=LaidTile(tile=tid, rotation=1 if tid == "curve" else 0))
    cells[lab((6, 2))] = C(terrain="lake", tile=LaidTile(tile="bridge", rotation=1))  # overwrite: bridge over a lake
    cells[lab((0, 2))] = C(terrain="mountain", cost=2, tile=LaidTile(tile="tunnel", rotation=0))
    cells[lab((0, 4))] = C(terrain="lake")
    cells[lab((1, 4))] = C(terrain="mountain")
    cells[lab((2, 0))] = C(platform=Platform(station="R", access=0, kind="origin", owner="red", name="Red"))
    cells[lab((4, 0))] = C(platform=Platform(station="Y", access=0, kind="origin", owner="yellow", name="Yel"))
    cells[lab((6, 0))] = C(platform=Platform(station="D", access=1, kind="destination", owner="red", name="Dest"))
    cells[lab((3, 3))] = C(name="Vic", cities=[City(name="Vic")], paths=[TilePath(a=0, b="n0"), TilePath(a=3, b="n0")])
    cells[lab((3, 4))] = C(platform=Platform(station="S", access=2, kind="other", name="Sta"))
    s.board.edges = [
        EdgeFeature(cell=lab((4, 3)), edge=0, kind="gauge"),
        EdgeFeature(cell=lab((5, 3)), edge=0, kind="gauge"),
        EdgeFeature(cell=lab((2, 3)), edge=3, kind="impassable"),
        EdgeFeature(cell=lab((5, 4)), edge=1, kind="river", cost=1),
    ]
    return s


def hex_board(orientation: str = "flat"):
    """An 18xx hex board: cities with tokens and reservations, towns, tiles, rivers, gauge lines."""
    s = new_scenario("18india", 6, 4, orientation=orientation, title=f"18xx sample {orientation}")
    s.companies = [Company(id="NWR", color="#48bc39"), Company(id="EIR", color="#f14324"), Company(id="MR", color="#fccd1c", text_color="#000000")]
    grid = s.board.grid
    coords = list(grid.ordered_coords)
    lab = grid.label
    cells = s.board.cells

    def put(i, cell):
        cells[lab(coords[i])] = cell
        return coords[i]

    put(0, C(terrain="lake"))
    put(1, C(terrain="mountain", cost=30))
    put(2, C(terrain="hill", cost=15))
    put(3, C(terrain="water", cost=60, label="FERRY"))
    put(4, C(terrain="offboard", name="KARACHI", cities=[City(revenue="yellow_30|brown_50")], paths=[TilePath(a=4, b="n0"), TilePath(a=5, b="n0")]))
    put(5, C(terrain="gray", towns=[Town(revenue=10)], paths=[TilePath(a=0, b="n0"), TilePath(a=2, b="n0"), TilePath(a=4, b="n0")]))
    put(6, C(name="DELHI", label="OO", cities=[City(reserved=["NWR"]), City(reserved=["EIR"])]))
    put(7, C(name="Agra", tile=LaidTile(tile="619", rotation=1), tokens=[Token(company="MR")], cities=[City(name="Agra")]))
    put(8, C(tile=LaidTile(tile="9", rotation=0)))
    put(9, C(tile=LaidTile(tile="8", rotation=1)))
    put(10, C(tile=LaidTile(tile="7", rotation=2)))
    put(11, C(tile=LaidTile(tile="58", rotation=0), towns=[Town(name="Simla")]))
    put(12, C(tile=LaidTile(tile="59", rotation=0), tokens=[Token(company="EIR", city=1)]))
    put(13, C(tile=LaidTile(tile="80", rotation=0)))
    put(14, C(tile=LaidTile(tile="513", rotation=0), name="BOMBAY", tokens=[Token(company="NWR"), Token(company="EIR")]))
    put(15, C(terrain="offboard", junction=True, paths=[TilePath(a=1, b="n0", terminal=True)]))
    put(16, C(cities=[City(name="Pune", revenue=20)]))
    put(17, C(towns=[Town()]))
    e = [
        EdgeFeature(cell=lab(coords[18]), edge=0, kind="river", cost=30),
        EdgeFeature(cell=lab(coords[18]), edge=1, kind="river", cost=30),
        EdgeFeature(cell=lab(coords[19]), edge=0, kind="gauge"),
        EdgeFeature(cell=lab(coords[19]), edge=5, kind="gauge"),
        EdgeFeature(cell=lab(coords[20]), edge=5, kind="impassable"),
    ]
    s.board.edges = e
    return s


def paint_image(scenario, size: float = 100.0, name: str | None = None) -> tuple[QImage, QRectF]:  # noqa: F821
    """Paint the whole board into an image; returns the image and the board rectangle."""
    rect = render.board_rect(scenario, size)
    img = QImage(int(rect.width()) + 1, int(rect.height()) + 1, QImage.Format.Format_ARGB32)
    img.fill(QColor("white"))
    p = QPainter(img)
    p.translate(-rect.left(), -rect.top())
    render.paint_board(p, scenario, size)
    p.end()
    if name:
        img.save(str(OUT / name))
    return img, rect


def pixel(img: QImage, rect, x: float, y: float) -> QColor:
    return img.pixelColor(int(x - rect.left()), int(y - rect.top()))


def is_blue(c: QColor) -> bool:
    return c.blue() > c.red() + 40 and c.blue() > c.green()


def is_dark(c: QColor) -> bool:
    return c.lightness() < 80


def dark_pixels(img: QImage, rect, x0: float, y0: float, x1: float, y1: float) -> int:
    n = 0
    for x in range(int(x0), int(x1)):
        for y in range(int(y0), int(y1)):
            if is_dark(pixel(img, rect, x, y)):
                n += 1
    return n


def test_catalan_board_pixels(qapp):
    s = catalan_board()
    img, rect = paint_image(s, 100, "trackwright_render_catalan.png")
    grid = s.board.grid
    # a bare lake cell is blue at its centre
    cx, cy = grid.centre((0, 4), 100)
    assert is_blue(pixel(img, rect, cx, cy - 30))
    # straight track (at (0,1), N-S) is dark at the centre, land beside it is pale
    cx, cy = grid.centre((0, 1), 100)
    assert is_dark(pixel(img, rect, cx, cy))
    assert pixel(img, rect, cx + 30, cy).lightness() > 200
    # the curve (rotation 1: N-E turned to E-S) passes near the S-E quadrant, not the N-W one
    cx, cy = grid.centre((1, 1), 100)
    assert not is_dark(pixel(img, rect, cx - 30, cy - 30))
    # the crossing shows a gap: the vertical track is interrupted beside the horizontal one
    cx, cy = grid.centre((4, 1), 100)
    assert is_dark(pixel(img, rect, cx, cy))
    assert not is_dark(pixel(img, rect, cx, cy - 9))
    assert is_dark(pixel(img, rect, cx, cy - 30))
    # the bridge over the lake keeps the lake blue beside the parapets
    cx, cy = grid.centre((6, 2), 100)
    assert is_blue(pixel(img, rect, cx, cy - 40))
    assert is_dark(pixel(img, rect, cx - 45, cy))  # track E-W
    # the red origin platform is red
    cx, cy = grid.centre((2, 0), 100)
    c = pixel(img, rect, cx - 20, cy - 17)
    assert c.red() > 180 and c.green() < 90, c.name()
    # coordinate labels: dark text above column A and left of row 1
    x0, y0, _x1, _y1 = grid.bounds(100)
    assert dark_pixels(img, rect, 35, y0 - 45, 65, y0 - 5) > 10
    assert dark_pixels(img, rect, x0 - 45, 35, x0 - 5, 65) > 10
    # the city name is written (dark pixels in the top part of the city cell)
    cx, cy = grid.centre((3, 3), 100)
    assert dark_pixels(img, rect, cx - 20, cy - 46, cx + 20, cy - 28) > 10


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_hex_board_pixels(qapp, orientation):
    s = hex_board(orientation)
    img, rect = paint_image(s, 60, f"trackwright_render_hex_{orientation}.png")
    grid = s.board.grid
    coords = list(grid.ordered_coords)
    cx, cy = grid.centre(coords[0], 60)
    assert is_blue(pixel(img, rect, cx, cy - 20))  # lake
    cx, cy = grid.centre(coords[4], 60)
    c = pixel(img, rect, cx + 25, cy - 25)
    assert c.red() > 180 and c.green() < 120  # red off-board
    cx, cy = grid.centre(coords[8], 60)
    assert is_dark(pixel(img, rect, cx, cy))  # yellow straight: track at the centre
    c = pixel(img, rect, cx + 20, cy + 5) if orientation == "flat" else pixel(img, rect, cx + 5, cy + 20)
    assert c.red() > 200 and c.green() > 180 and c.blue() < 140, c.name()  # yellow tile colour
    # river side: blue pixels along the side of coords[18] edge 0
    p, q = render.side_segment(grid, coords[18], 0, 60)
    m = QPointF((p.x() + q.x()) / 2 * 0.7 + p.x() * 0.3, (p.y() + q.y()) / 2 * 0.7 + p.y() * 0.3)
    assert is_blue(pixel(img, rect, m.x(), m.y()))
    # gauge line: red pixels somewhere along the side
    p, q = render.side_segment(grid, coords[19], 0, 60)
    reds = 0
    for i in range(21):
        t = i / 20
        c = pixel(img, rect, p.x() + (q.x() - p.x()) * t, p.y() + (q.y() - p.y()) * t)
        reds += c.red() > 170 and c.green() < 90
    assert reds >= 5
    # a token in the company colour: MR is yellow-orange #fccd1c in the city of coords[7]
    cx, cy = grid.centre(coords[7], 60)
    found = any(
        pixel(img, rect, cx + dx, cy + dy).name() == "#fccd1c" for dx in range(-25, 26, 2) for dy in range(-12, 13, 2)
    )
    assert found


def test_every_catalan_tile_paints_alone(qapp):
    """paint_tile (palette, ghost) draws each tile's track in the middle of the tile."""
    s = catalan_board()
    grid = s.board.grid
    for tid in CATALAN_TILES:
        img = QImage(120, 120, QImage.Format.Format_ARGB32)
        img.fill(QColor("white"))
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        render.paint_tile(p, s.tile(tid), 0, grid, QPointF(60, 60), 100)
        p.end()
        # every Catalan tile has track at its S edge (port 0) at rotation 0
        assert is_dark(img.pixelColor(60, 106)) or tid == "curve", tid
        if tid == "curve":
            assert is_dark(img.pixelColor(60, 14)) and is_dark(img.pixelColor(106, 60))


def test_board_rect_includes_labels(qapp):
    s = catalan_board()
    with_labels = render.board_rect(s, 100)
    without = render.board_rect(s, 100, labels=False)
    assert with_labels.contains(without)
    assert with_labels.width() > without.width()


def test_side_segment_matches_edge_midpoint(qapp):
    """Each side's corners straddle the grid's own edge midpoint, for every grid kind."""
    for scen in (catalan_board(), hex_board("flat"), hex_board("pointy")):
        grid = scen.board.grid
        c = grid.ordered_coords[len(grid.ordered_coords) // 2]
        for e in range(grid.sides):
            p, q = render.side_segment(grid, c, e, 50)
            mx, my = grid.edge_midpoint(c, e, 50)
            assert abs((p.x() + q.x()) / 2 - mx) < 1e-6 and abs((p.y() + q.y()) / 2 - my) < 1e-6


def test_18india_map_pixels(qapp):
    """The bundled 18 India map: lake, red off-boards, gray hexes, rivers, gauge lines, city names."""
    from model.io import load

    root = Path(__file__).resolve().parent.parent
    s = load(root / "scenarios" / "18india.json")
    img, rect = paint_image(s, 60, "trackwright_render_18india.png")
    grid = s.board.grid

    def at(label, dx=0.0, dy=0.0):
        x, y = grid.centre(grid.coord(label), 60)
        return pixel(img, rect, x + dx, y + dy)

    assert is_blue(at("C18", 0, 20))  # the lake
    c = at("A18", 25, 0)
    assert c.red() > 180 and c.green() < 120  # off-board (red)
    c = at("Q20", 30, 0)
    assert abs(c.red() - c.green()) < 10 and 150 < c.red() < 220  # gray hex
    # a river side and a gauge line, straight from the file's edge list
    river = next(f for f in s.board.edges if f.kind == "river")
    p, q = render.side_segment(grid, grid.coord(river.cell), river.edge, 60)
    m = (p.x() * 0.3 + q.x() * 0.7, p.y() * 0.3 + q.y() * 0.7)
    assert is_blue(pixel(img, rect, *m))
    gauge = next(f for f in s.board.edges if f.kind == "gauge" and not any(
        g.kind == "river" and s.board.side_key(grid.coord(g.cell), g.edge) == s.board.side_key(grid.coord(f.cell), f.edge)
        for g in s.board.edges))
    p, q = render.side_segment(grid, grid.coord(gauge.cell), gauge.edge, 60)
    reds = sum(
        1 for i in range(21)
        if (lambda c: c.red() > 170 and c.green() < 90)(pixel(img, rect, p.x() + (q.x() - p.x()) * i / 20, p.y() + (q.y() - p.y()) * i / 20))
    )
    assert reds >= 5
    # the name DELHI is written near the top of G8
    x, y = grid.centre(grid.coord("G8"), 60)
    assert dark_pixels(img, rect, x - 25, y - 48, x + 25, y - 30) > 25


def _random_cell(draw, sides: int, tile_ids: list[str]):
    from hypothesis import strategies as st

    n_cities = draw(st.integers(0, 2))
    n_towns = draw(st.integers(0, 2))
    junction = draw(st.booleans())
    n_nodes = n_cities + n_towns + (1 if junction else 0)
    ports = list(range(sides)) + [f"n{k}" for k in range(n_nodes)]
    paths = [
        TilePath(a=a, b=b, terminal=t)
        for a, b, t in draw(st.lists(st.tuples(st.sampled_from(ports), st.sampled_from(ports), st.booleans()), max_size=4))
    ]
    return C(
        terrain=draw(st.sampled_from(["plain", "lake", "mountain", "hill", "water", "gray", "offboard"])),
        cost=draw(st.integers(0, 120)),
        name=draw(st.one_of(st.none(), st.text(max_size=30))),
        label=draw(st.one_of(st.none(), st.text(max_size=6))),
        cities=[City(slots=draw(st.integers(0, 6)), revenue=draw(st.sampled_from([0, 20, "yellow_30|brown_50", "x"])),
                     reserved=draw(st.lists(st.sampled_from(["NWR", "ZZ"]), max_size=2))) for _ in range(n_cities)],
        towns=[Town(revenue=draw(st.integers(0, 50))) for _ in range(n_towns)],
        junction=junction,
        paths=paths,
        platform=draw(st.one_of(st.none(), st.builds(
            Platform, station=st.just("S"), access=st.integers(0, sides - 1),
            kind=st.sampled_from(["origin", "destination", "other"]), owner=st.sampled_from([None, "red", "nobody"])))),
        tile=draw(st.one_of(st.none(), st.builds(LaidTile, tile=st.sampled_from(tile_ids), rotation=st.integers(0, sides - 1)))),
        tokens=[Token(company=c, city=k) for k, c in enumerate(draw(st.lists(st.sampled_from(["NWR", "EIR", "red", "??"]), max_size=3)))],
        icons=draw(st.lists(st.sampled_from(["18_india/rice-30", "x"]), max_size=3)),
    )


def test_any_cell_paints_without_error(qapp):
    """Random cell contents (square and hex, detail on and off) never break painting."""
    from hypothesis import given
    from hypothesis import strategies as st

    boards = [catalan_board(), hex_board("flat"), hex_board("pointy")]

    @given(st.data())
    def check(data):
        scen = data.draw(st.sampled_from(boards))
        grid = scen.board.grid
        tile_ids = sorted(scen.tileset().by_id)
        cell = data.draw(st.composite(lambda draw: _random_cell(draw, grid.sides, tile_ids))())
        coord = grid.ordered_coords[0]
        scen.board.cells[grid.label(coord)] = cell
        img = QImage(240, 240, QImage.Format.Format_ARGB32)
        img.fill(QColor("white"))
        p = QPainter(img)
        try:
            render.paint_cell_at(p, scen, coord, QPointF(120, 120), 100, detail=data.draw(st.booleans()))
        finally:
            p.end()
        assert img.pixelColor(120, 120).isValid()

    check()


def test_a_cell_leaves_its_name_to_the_names_layer_when_zoomed_out(qapp, qtbot):
    """The names layer writes place names at a readable size below a zoom; the cells then leave
    theirs out, so a name is never written twice (once small, once readable)."""
    from PySide6.QtWidgets import QStyleOptionGraphicsItem

    from editor.items.cell import CellItem
    from editor.items.names import NamesItem

    s = new_scenario("18xx", 3, 3)
    s.board.cells["B2"] = C(name="Delhi", cities=[City()])

    def painted(scale: float, names: bool | None = None) -> int:
        img = QImage(400, 400, QImage.Format.Format_ARGB32)
        img.fill(QColor("white"))
        p = QPainter(img)
        p.translate(200, 200)
        p.scale(scale, scale)
        if names is None:  # as the scene's cell item paints itself at this zoom
            item = CellItem(s.board.grid.coord("B2"), QPointF(0, 0), lambda: s, QPolygonF())
            item.paint(p, QStyleOptionGraphicsItem(), None)
        else:
            render.paint_cell_at(p, s, s.board.grid.coord("B2"), QPointF(0, 0), render.CELL_SIZE, names=names)
        p.end()
        return sum(1 for x in range(400) for y in range(0, 200, 2) if img.pixelColor(x, y).lightness() < 80)

    assert painted(1.0, names=True) > painted(1.0, names=False)   # the name is dark text at the top
    near, far = 1.0, 0.5
    assert not NamesItem.needed(near) and NamesItem.needed(far)
    assert painted(near) == painted(near, names=True)
    assert painted(far) == painted(far, names=False)

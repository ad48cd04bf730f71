"""BoardScene: items mirror the document; edits refresh only the cells they touch; overlays."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter

from editor import render
from editor.document import Document
from editor.scene import BoardScene
from editor.view import BoardView
from model.board import Cell, EdgeFeature, LaidTile
from model.newboard import new_scenario
from model.scenario import Player
from tests.editor_helpers import settled_frame, view_pixel


def make_doc(rules="catalan", w=5, h=4, orientation="flat"):
    doc = Document(new_scenario(rules, w, h, orientation=orientation))
    doc.threaded_checks = False
    return doc


@pytest.fixture
def doc():
    return make_doc()


def shown_view(qtbot, scene, size=(700, 600)):
    view = BoardView(scene)
    view.resize(*size)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    view.fit_to_window()
    return view


def grab(view) -> QImage:
    return settled_frame(view)


def test_scene_has_one_item_per_cell_at_its_centre(qtbot, doc):
    scene = BoardScene(doc)
    grid = doc.grid
    assert len(scene.cell_items()) == len(grid)
    for c in grid.ordered_coords:
        item = scene.cell_item(c)
        assert item is not None and item.coord == c
        assert item.pos() == scene.cell_centre(c)
    assert scene.cell_item((99, 99)) is None


def test_one_cell_edit_refreshes_only_that_cell(qtbot, doc):
    scene = BoardScene(doc)
    view = shown_view(qtbot, scene)
    grab(view)  # paint everything once (fills the item caches)
    before = {c: it.paint_count for c, it in scene.cell_items().items()}
    assert all(n >= 1 for n in before.values())
    updates = scene.item_updates
    target = (2, 1)
    doc.set_cells({target: Cell(terrain="lake")})
    assert scene.item_updates == updates + 1
    grab(view)
    repainted = {c for c, it in scene.cell_items().items() if it.paint_count != before[c]}
    assert repainted == {target}
    # and the repainted item shows the new content: the lake is blue
    c = view_pixel(view, scene.cell_centre(target) + QPointF(0, -render.CELL_SIZE * 0.35))
    assert c.blue() > c.red() + 40, c.name()


def test_model_change_updates_item_both_ways_of_content(qtbot, doc):
    """Laying and removing a tile changes what the item paints (track pixel dark, then not)."""
    scene = BoardScene(doc)
    view = shown_view(qtbot, scene)
    target = (1, 1)
    centre = scene.cell_centre(target)
    assert view_pixel(view, centre).lightness() > 180
    doc.set_cells({target: Cell(tile=LaidTile(tile="straight"))})
    assert view_pixel(view, centre).lightness() < 80
    doc.set_cells({target: Cell()})
    assert view_pixel(view, centre).lightness() > 180


def test_edge_change_refreshes_no_cell_items(qtbot, doc):
    scene = BoardScene(doc)
    view = shown_view(qtbot, scene)
    grab(view)
    updates = scene.item_updates
    label = doc.grid.label((1, 1))
    doc.set_edges([], [EdgeFeature(cell=label, edge=3, kind="river", cost=1)])
    assert scene.item_updates == updates
    p, q = render.side_segment(doc.grid, (1, 1), 3, render.CELL_SIZE)
    c = view_pixel(view, QPointF(p.x(), p.y() * 0.8 + q.y() * 0.2))
    assert c.blue() > c.red() + 40, c.name()


def test_meta_change_refreshes_only_cells_with_content(qtbot, doc):
    scene = BoardScene(doc)
    doc.set_cells({(0, 0): Cell(terrain="lake"), (3, 2): Cell(terrain="mountain")})
    updates = scene.item_updates
    doc.set_part("players", [Player(id="red", color="#ff0000")])
    assert scene.item_updates == updates + 2


def test_board_reset_rebuilds(qtbot, doc):
    scene = BoardScene(doc)
    doc.replace_scenario(new_scenario("catalan", 8, 3))
    assert len(scene.cell_items()) == 24
    assert scene.cell_item((7, 2)) is not None


@pytest.mark.parametrize(
    "rules,orientation,w,h",
    [("catalan", "flat", 9, 7), ("18india", "flat", 7, 6), ("18india", "pointy", 7, 6)],
)
def test_coord_at_round_trips_with_cell_centre(qtbot, rules, orientation, w, h):
    doc = make_doc(rules, w, h, orientation)
    scene = BoardScene(doc)
    geo = render.geometry(doc.grid)
    r = geo.apothem * render.CELL_SIZE / render.UNIT * 0.8
    for c in doc.grid.ordered_coords:
        p = scene.cell_centre(c)
        assert scene.coord_at(p) == c
        for dx, dy in ((r, 0), (-r, 0), (0, r), (0, -r), (r * 0.6, r * 0.6)):
            assert scene.coord_at(p + QPointF(dx, dy)) == c
    x0, y0, _x1, _y1 = doc.grid.bounds(render.CELL_SIZE)
    assert scene.coord_at(QPointF(x0 - 50, y0 - 50)) is None


def test_issue_marks_appear_and_clear(qtbot, doc):
    scene = BoardScene(doc)
    view = shown_view(qtbot, scene)
    c = (2, 2)
    p, q = render.side_segment(doc.grid, c, 2, render.CELL_SIZE)  # the N side
    side_mid = QPointF((p.x() + q.x()) / 2 + 10, (p.y() + q.y()) / 2 + 1)
    scene.set_issue_marks({c: "catalan.lake-needs-bridge: C3 needs a bridge"})
    assert set(scene.issue_marks()) == {c}
    assert "lake-needs-bridge" in scene.issue_marks()[c].toolTip()
    assert "lake-needs-bridge" in scene.tooltip_at(scene.cell_centre(c))
    px = view_pixel(view, side_mid)
    assert px.red() > 180 and px.green() < 110, px.name()
    scene.set_issue_marks({})
    assert scene.issue_marks() == {}
    px = view_pixel(view, side_mid)
    assert not (px.red() > 180 and px.green() < 110)


def test_issues_changed_marks_cells(qtbot, doc):
    from model.rules import Issue

    scene = BoardScene(doc)
    label = doc.grid.label((1, 2))
    doc.issuesChanged.emit([Issue("x.rule", "error", f"{label} is wrong", cells=(label,))])
    assert set(scene.issue_marks()) == {(1, 2)}
    assert "x.rule" in scene.issue_marks()[(1, 2)].toolTip()
    doc.issuesChanged.emit([])
    assert scene.issue_marks() == {}


def test_overlay_shading_appears_and_clears(qtbot, doc):
    scene = BoardScene(doc)
    view = shown_view(qtbot, scene)
    c = (3, 1)
    plain = view_pixel(view, scene.cell_centre(c) + QPointF(20, 20))
    scene.set_overlay({c: QColor(0, 200, 0, 120)})
    assert scene.shade_item.isVisible() and set(scene.shade_item.shades) == {c}
    shaded = view_pixel(view, scene.cell_centre(c) + QPointF(20, 20))
    assert shaded.green() > shaded.red() + 30 and shaded != plain
    scene.set_overlay({})
    assert not scene.shade_item.isVisible()
    assert view_pixel(view, scene.cell_centre(c) + QPointF(20, 20)) == plain


def test_ghost_preview_legal_illegal_and_cleared(qtbot, doc):
    scene = BoardScene(doc)
    view = shown_view(qtbot, scene)
    c = (2, 1)
    p, q = render.side_segment(doc.grid, c, 1, render.CELL_SIZE)  # W side
    on_outline = QPointF(p.x() + 1, (p.y() + q.y()) / 2 + 20)
    scene.set_ghost(c, "straight", 0, True, "")
    assert scene.ghost_item.isVisible() and scene.ghost_item.coord == c
    g = view_pixel(view, on_outline)
    assert g.green() > g.red() + 40, g.name()
    assert view_pixel(view, scene.cell_centre(c)).lightness() < 150  # the ghost track
    scene.set_ghost(c, "straight", 1, False, "catalan.lake-needs-bridge: no bridge")
    r = view_pixel(view, on_outline)
    assert r.red() > r.green() + 40, r.name()
    assert "lake-needs-bridge" in scene.ghost_item.toolTip()
    scene.set_ghost(None, None, 0, True, "")
    assert not scene.ghost_item.isVisible()
    assert view_pixel(view, scene.cell_centre(c)).lightness() > 180


def test_hover_and_selection_highlights(qtbot, doc):
    scene = BoardScene(doc)
    scene.set_hover((1, 1))
    assert scene.hover_item.isVisible() and scene.hover_item.coords == [(1, 1)]
    scene.set_hover(None)
    assert not scene.hover_item.isVisible()
    doc.set_selection([(0, 0), (1, 0)])
    assert scene.selection_item.isVisible() and scene.selection_item.coords == [(0, 0), (1, 0)]
    assert scene.selection_item.path().contains(scene.cell_centre((1, 0)))
    doc.set_selection([])
    assert not scene.selection_item.isVisible()


def test_overview_mode_at_low_zoom_follows_edits(qtbot):
    doc = make_doc("catalan", 40, 40)
    scene = BoardScene(doc)
    scene.set_view_scale(0.05)
    assert scene.overview_mode and scene.overview.isVisible()
    # paint the overview once, then an edit must show in it
    img = QImage(400, 400, QImage.Format.Format_ARGB32)
    p = QPainter(img)
    scene.render(p)
    p.end()
    assert scene.overview.image is not None
    doc.set_cells({(5, 5): Cell(terrain="lake")})
    ov = scene.overview.image
    rect = scene.overview.boundingRect()
    centre = scene.cell_centre((5, 5))
    sx = ov.width() / rect.width()
    c = ov.pixelColor(int((centre.x() - rect.left()) * sx), int((centre.y() - rect.top()) * sx))
    assert c.blue() > c.red() + 40, c.name()
    scene.set_view_scale(1.0)
    assert not scene.overview_mode and not scene.overview.isVisible()


def test_overview_picture_for_a_minimap(qtbot):
    doc = make_doc("18india", 6, 5)
    doc.set_cells({(2, 2): Cell(terrain="offboard")})
    scene = BoardScene(doc)
    img = scene.overview_picture()
    assert not img.isNull() and img.width() * img.height() <= 10_000_000
    rect = scene.overview.boundingRect()
    centre = scene.cell_centre((2, 2))
    k = img.width() / rect.width()
    c = img.pixelColor(int((centre.x() - rect.left()) * k), int((centre.y() - rect.top()) * k))
    assert c.red() > 180 and c.green() < 120, c.name()


def test_board_reset_keeps_foreign_items(qtbot, doc):
    """A tool's own item (e.g. a rubber band) survives a board reset; ours are rebuilt, not duplicated."""
    from PySide6.QtWidgets import QGraphicsRectItem

    scene = BoardScene(doc)
    band = QGraphicsRectItem(0, 0, 10, 10)
    scene.addItem(band)
    scene.set_issue_marks({(0, 0): "x"})
    n_before = len(scene.items())
    doc.replace_scenario(new_scenario("catalan", 5, 4))
    assert band.scene() is scene
    assert scene.issue_marks() == {}
    assert len(scene.items()) == n_before - 1  # the same items minus the issue mark


def test_overview_shown_in_a_view_follows_edits(qtbot):
    """At full zoom-out the view shows the overview; an edit appears there without a rebuild."""
    doc = make_doc("catalan", 60, 60)
    scene = BoardScene(doc)
    view = shown_view(qtbot, scene)
    assert scene.overview_mode
    grab(view)
    doc.set_cells({(30, 30): Cell(terrain="lake")})
    c = view_pixel(view, scene.cell_centre((30, 30)))
    assert c.blue() > c.red() + 40, c.name()
    doc.set_cells({(30, 30): Cell()})
    c = view_pixel(view, scene.cell_centre((30, 30)))
    assert not c.blue() > c.red() + 40, c.name()

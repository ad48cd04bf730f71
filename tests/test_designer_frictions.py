"""The frictions a designer meets on a real map, by real mouse and key events (offscreen): copy and
paste of station tokens, tokens keeping their circles, an off-board area's revenue, labels that do
not overlap, the PDF export's page, readable icons."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from editor.commands import SetCellsCommand
from editor.render import CELL_SIZE, station_circles
from editor.tools import SelectTool
from model.board import Token
from model.io import load
from model.paths import scenarios_dir
from tests.editor_helpers import make_window, no_dialogs, view_point  # noqa: F401 (autouse fixture)

CTRL = Qt.KeyboardModifier.ControlModifier
LEFT = Qt.MouseButton.LeftButton


def active_window(qtbot, tmp_path, scenario, size=(1400, 900)):
    win = make_window(qtbot, tmp_path, scenario, size=size)
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win)
    return win


def click_cell(qtbot, win, coord, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.mouseClick(win.view.viewport(), LEFT, modifiers, view_point(win, coord).toPoint())


def centre_on(win, coord) -> None:
    win.view.centerOn(win.scene.cell_centre(coord))
    QApplication.sendPostedEvents()


def stations(scenario, company: str) -> list[str]:
    return [label for label, cell in scenario.board.cells.items() for t in cell.tokens if t.company == company]


# --- 1. copy and paste never make a second station of a company --------------------------------
def test_paste_leaves_out_the_station_tokens_of_companies_already_on_the_board(qtbot, tmp_path):
    win = active_window(qtbot, tmp_path, load(scenarios_dir() / "18india.json"))
    doc = win.document
    grid = doc.grid
    home, target = grid.coord("G8"), grid.coord("G12")
    cell = doc.cell(home)
    assert cell.cities, "G8 is a city"
    doc.undo_stack.push(SetCellsCommand(doc, {home: cell.model_copy(update={"tokens": [Token(company="NWR")]})}, "token"))
    win.set_tool(win.tools[SelectTool])
    centre_on(win, home)
    click_cell(qtbot, win, home)
    assert doc.selection == [home]
    qtbot.keyClick(win.view, Qt.Key.Key_C, CTRL)
    click_cell(qtbot, win, target)
    assert doc.selection == [target]
    qtbot.keyClick(win.view, Qt.Key.Key_V, CTRL)
    pasted = doc.cell(target)
    assert pasted.cities == doc.cell(home).cities, "the city is pasted"
    assert stations(doc.scenario, "NWR") == ["G8"], "no second NWR station"
    assert "NWR on G12" in win.statusBar().currentMessage()
    # a cut and paste moves the token: the company has no other station then
    click_cell(qtbot, win, home)
    qtbot.keyClick(win.view, Qt.Key.Key_X, CTRL)
    assert stations(doc.scenario, "NWR") == []
    click_cell(qtbot, win, target)
    qtbot.keyClick(win.view, Qt.Key.Key_V, CTRL)
    assert stations(doc.scenario, "NWR") == ["G12"]
    # pasting over the token's own cell keeps it (the copy replaces the cell that held it)
    click_cell(qtbot, win, target)
    qtbot.keyClick(win.view, Qt.Key.Key_C, CTRL)
    qtbot.keyClick(win.view, Qt.Key.Key_V, CTRL)
    assert stations(doc.scenario, "NWR") == ["G12"]


# --- 2. a token keeps its circle ------------------------------------------------------------------
def india_with_turn_panel(qtbot, tmp_path):
    win = active_window(qtbot, tmp_path, load(scenarios_dir() / "18india.json"))
    win.turn_dock.show()
    win.turn_dock.raise_()
    return win


def test_removing_the_token_in_circle_1_leaves_circle_2s_token_in_its_circle(qtbot, tmp_path):
    from editor.tools import TokenTool
    from model.io import save
    from model.tokens import token_at
    from tests.editor_helpers import view_pixel
    from tests.test_turn_tokens import choose, circle_point, click_at, press_button

    win = india_with_turn_panel(qtbot, tmp_path)
    doc = win.document
    d23 = doc.grid.coord("D23")  # Mumbai: city 1 has two circles
    press_button(win, win.tool_actions[TokenTool])
    choose(qtbot, win.turn_panel.active_combo, "GIPR")
    click_at(win, circle_point(win, "D23", 0, 0))
    choose(qtbot, win.turn_panel.active_combo, "NWR")
    click_at(win, circle_point(win, "D23", 0, 1))
    cell = doc.cell(d23)
    assert (token_at(cell, 0, 0).company, token_at(cell, 0, 1).company) == ("GIPR", "NWR")
    nwr = win.document.scenario.company("NWR").color.lower()

    def drawn(circle: int) -> str:
        centre, _r = station_circles(doc.scenario, d23, CELL_SIZE)[0][circle]
        return view_pixel(win.view, centre).name()

    circle_point(win, "D23", 0, 1)  # centres the view on D23
    assert drawn(1) == nwr
    # GIPR's token off circle 1 with a right-click: NWR stays in circle 2
    click_at(win, circle_point(win, "D23", 0, 0), Qt.MouseButton.RightButton)
    cell = doc.cell(d23)
    assert [t.company for t in cell.tokens] == ["NWR"]
    assert token_at(cell, 0, 0) is None and token_at(cell, 0, 1).company == "NWR"
    assert drawn(1) == nwr and drawn(0) != nwr
    # the circle is saved and read back; a drag drops a token in the circle it is dropped on
    save(doc.scenario, tmp_path / "mumbai.json")
    again = load(tmp_path / "mumbai.json").board.cells["D23"]
    assert again.tokens == cell.tokens and again.tokens[0].circle == 1
    # the Properties panel lists the city's tokens by circle, the free one as '-'
    from editor.tools import SelectTool as Select
    from tests.editor_helpers import click

    win.set_tool(win.tools[Select])
    click(win, d23)
    win.properties_dock.raise_()
    assert win.properties.field("city_tokens", 0).text() == "-, NWR"
    # undo puts GIPR back in circle 1
    press_button(win, win.undo_action)
    cell = doc.cell(d23)
    assert (token_at(cell, 0, 0).company, token_at(cell, 0, 1).company) == ("GIPR", "NWR")


# --- 3. an off-board area's revenue -----------------------------------------------------------------
def test_an_off_board_areas_revenue_is_typed_in_properties_drawn_and_undone(qtbot, tmp_path):
    from PySide6.QtGui import QColor
    from PySide6.QtTest import QTest

    from editor.render.base import PHASE_COLORS
    from model.newboard import new_scenario
    from tests.editor_helpers import settled_frame
    from tests.test_turn_tokens import choose

    win = active_window(qtbot, tmp_path, new_scenario("18xx", 6, 5))
    doc = win.document
    b2 = doc.grid.coord("B2")
    win.set_tool(win.tools[SelectTool])
    click_cell(qtbot, win, b2)
    assert doc.selection == [b2]
    win.properties_dock.raise_()
    choose(qtbot, win.properties.terrain_combo, "offboard")
    assert doc.cell(b2).terrain == "offboard"
    field = win.properties.field("offboard_revenue")
    assert field is not None, "an off-board area has a revenue field"
    field.setFocus()
    QTest.keyClicks(field, "yellow_30|brown")
    assert "background" in field.styleSheet()  # not a revenue yet: red
    QTest.keyClicks(field, "_50")
    QTest.keyClick(field, Qt.Key.Key_Return)
    cell = doc.cell(b2)
    assert [(c.slots, c.revenue) for c in cell.cities] == [(0, "yellow_30|brown_50")]
    # drawn: the phase revenues where the stop is, and no station circle
    centre = win.scene.cell_centre(b2)
    left = centre.__class__(centre.x() - CELL_SIZE * 0.12, centre.y())
    right = centre.__class__(centre.x() + CELL_SIZE * 0.12, centre.y())
    yellow, brown = QColor(PHASE_COLORS["yellow"]), QColor(PHASE_COLORS["brown"])

    def near(a: QColor, b: QColor) -> bool:
        return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) < 90

    click_cell(qtbot, win, doc.grid.coord("D4"))  # off the selection's tint
    image = settled_frame(win.view)

    def shows(scene_pt, colour: QColor) -> bool:  # some pixel near the point (the digits are dark)
        p = win.view.mapFromScene(scene_pt)
        return any(near(image.pixelColor(p.x() + dx, p.y() + dy), colour) for dx in range(-6, 7, 2) for dy in range(-6, 7, 2))

    assert shows(left, yellow) and shows(right, brown)
    assert not shows(centre, QColor("#ffffff")), "no station circle"
    assert doc.grid.coord("D4") in doc.selection and win.properties.field("offboard_revenue") is None
    # the same field edits it; undo takes the revenue back off
    click_cell(qtbot, win, b2)
    field = win.properties.field("offboard_revenue")
    assert field.text() == "yellow_30|brown_50"
    assert win.properties.field("city_tokens", 0) is None  # no circle, so no tokens to list
    field.setFocus()
    field.selectAll()
    QTest.keyClicks(field, "60")
    QTest.keyClick(field, Qt.Key.Key_Return)
    assert doc.cell(b2).cities[0].revenue == 60
    qtbot.keyClick(win.view, Qt.Key.Key_Z, CTRL)
    assert doc.cell(b2).cities[0].revenue == "yellow_30|brown_50"
    qtbot.keyClick(win.view, Qt.Key.Key_Z, CTRL)
    assert doc.cell(b2).cities == [] and doc.cell(b2).terrain == "offboard"


# --- 4. labels that do not overlap ------------------------------------------------------------------
CHICAGO = {"color": "yellow", "name": "Chicago",
           "cities": [{"revenue": 10, "groups": ["Chicago"]}, {"revenue": 10, "groups": ["Chicago"]},
                      {"revenue": 10, "groups": ["Chicago"]}, {"revenue": 10, "groups": ["Chicago"]}],
           "paths": [{"a": 0, "b": "n0"}, {"a": 3, "b": "n1"}, {"a": 4, "b": "n2"}, {"a": 5, "b": "n3"}]}
"""1846's Chicago (D6) as the 18xx.games import writes it, without its label."""


def test_a_label_typed_on_1846s_chicago_is_placed_clear_of_the_revenues_and_the_name(qtbot, tmp_path):
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtTest import QTest

    from editor import render
    from model.board import Cell
    from model.newboard import new_scenario

    win = active_window(qtbot, tmp_path, new_scenario("18xx", 4, 4, orientation="pointy"))
    doc = win.document
    c = doc.grid.coord(doc.grid.label((1, 1)))
    doc.undo_stack.push(SetCellsCommand(doc, {c: Cell.model_validate(CHICAGO)}, "Chicago"))
    win.set_tool(win.tools[SelectTool])
    click_cell(qtbot, win, c)
    win.properties_dock.raise_()
    field = win.properties.field("label")
    field.setFocus()
    QTest.keyClicks(field, "Chi")
    QTest.keyClick(field, Qt.Key.Key_Return)
    assert doc.cell(c).label == "Chi"
    image = QImage(400, 400, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    placed: list = []
    render.paint_cell(painter, doc.scenario, c, render.CELL_SIZE, placed=placed)
    painter.end()
    kinds = [k for k, _r in placed]
    assert kinds.count("label") == 1 and kinds.count("name") == 1 and kinds.count("track") == 8  # 4 cities, 4 revenues
    label = next(r for k, r in placed if k == "label")
    name = next(r for k, r in placed if k == "name")
    track = [r for k, r in placed if k == "track"]
    assert not any(label.intersects(r) for r in track), "the label is clear of every city and revenue"
    assert not label.intersects(name)
    revenues = [r for r in track if r.width() < 25]  # the revenue bubbles (a city's circles are larger)
    assert len(revenues) == 4 and not any(a.intersects(b) for i, a in enumerate(revenues) for b in revenues[i + 1:])
    assert not any(name.intersects(r) for r in revenues), "the name is clear of every revenue"
    assert all(name.intersected(r).height() < 6 for r in track), "and at most grazes the top city's circle"


def test_the_rulers_stand_beside_the_board_and_never_cover_a_name_on_its_edge(qtbot, tmp_path):
    from PySide6.QtCore import QPoint, QPointF, QRectF
    from PySide6.QtGui import QImage, QPainter, QWheelEvent

    from editor import render

    win = active_window(qtbot, tmp_path, load(scenarios_dir() / "18india.json"))
    view, doc = win.view, win.document
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_0, CTRL)  # actual size: the cells write their own names
    scen = doc.scenario
    grid = scen.board.grid
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    names = []  # every cell name, in scene coordinates
    s = render.CELL_SIZE / render.UNIT
    for label, cell in scen.board.cells.items():
        if not (cell.name or any(c.name for c in cell.cities)):
            continue
        painter = QPainter(image)
        placed: list = []
        render.paint_cell(painter, scen, grid.coord(label), render.CELL_SIZE, placed=placed)
        painter.end()
        centre = win.scene.cell_centre(grid.coord(label))
        names += [QRectF(centre.x() + r.x() * s, centre.y() + r.y() * s, r.width() * s, r.height() * s) for k, r in placed if k == "name"]
    assert len(names) > 20
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().minimum())
    view.verticalScrollBar().setValue(view.verticalScrollBar().minimum())
    vp = view.viewport()
    covered, shown_top = [], False
    for _ in range(40):  # the plain wheel scrolls the board up under the top edge of the view
        pos = QPointF(vp.width() / 2, vp.height() / 2)
        QApplication.sendEvent(vp, QWheelEvent(pos, QPointF(vp.mapToGlobal(pos.toPoint())), QPoint(0, 0), QPoint(0, -40),
                                               Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False))
        QApplication.sendPostedEvents()
        top_strip, left_strip = view.rulers.strip_rects()
        shown_top |= not top_strip.isEmpty()
        board = QRectF(vp.geometry())  # the viewport in the view's pixels
        assert not top_strip.intersects(board) and not left_strip.intersects(board)
        for r in names:  # a name in view (in the view's pixels) lies under no ruler
            on_view = view.mapFromScene(r).boundingRect().translated(vp.geometry().topLeft())
            if QRectF(on_view).intersects(board) and (QRectF(on_view).intersects(top_strip) or QRectF(on_view).intersects(left_strip)):
                covered.append(r)
    assert shown_top, "the top ruler came once the labels scrolled away"
    assert not covered


# --- 5. the PDF export fits the board to the page ------------------------------------------------------
def test_file_export_pdf_prints_the_whole_board_on_one_page(qtbot, tmp_path):
    import re

    from PySide6.QtCore import QTimer

    from editor.export_dialog import ExportDialog
    from editor.render.graphics import board_size_mm, page_size_mm, pdf_pages

    win = active_window(qtbot, tmp_path, load(scenarios_dir() / "18india.json"))
    out = tmp_path / "india.pdf"
    seen: dict = {}

    def in_the_dialog() -> None:  # File > Export… runs the dialog modally: drive it from inside
        dlg = QApplication.activeModalWidget()
        if not isinstance(dlg, ExportDialog):
            QTimer.singleShot(20, in_the_dialog)
            return
        try:
            dlg.format_box.setFocus()
            qtbot.keyClick(dlg.format_box, Qt.Key.Key_End)
            seen["fmt"] = dlg.fmt
            seen["fit"] = dlg.fit_box.isChecked()
            seen["pages"] = dlg.pages_label.text()
            dlg.path_edit.setText(str(out))
            qtbot.mouseClick(dlg.export_button, LEFT)
            seen["options"] = dlg.options()
        finally:
            dlg.reject()

    QTimer.singleShot(0, in_the_dialog)
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_E, CTRL)  # File > Export…
    assert seen["fmt"] == "pdf"
    assert seen["fit"] and seen["pages"].startswith("1 page, the board at "), seen["pages"]
    data = out.read_bytes()
    assert len(re.findall(rb"/Type\s*/Page[^s]", data)) == 1
    o = seen["options"]
    plan, pieces = pdf_pages(win.document.scenario, page_size=o["page_size"], cell_mm=o["cell_mm"], fit=o["fit"])
    w, h = board_size_mm(win.document.scenario, o["cell_mm"], True)
    pw, ph = page_size_mm("A4")
    if plan.landscape:
        pw, ph = ph, pw
    assert pieces == [(0, 0)] and w * plan.scale <= pw - 20 + 1e-6 and h * plan.scale <= ph - 20 + 1e-6
    assert plan.scale > 0.2  # shrunk to fit, not to a speck


# --- 6. 1846's icons readable ----------------------------------------------------------------------
def test_1846s_icons_typed_in_properties_are_drawn_as_readable_badges_clear_of_the_city(qtbot, tmp_path):
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtTest import QTest

    from editor import render
    from editor.render.decor import ICON_TEXT_PX, icon_badge_text
    from model.board import Cell
    from model.newboard import new_scenario

    win = active_window(qtbot, tmp_path, new_scenario("18xx", 4, 4, orientation="pointy"))
    doc = win.document
    c = (1, 1)
    doc.undo_stack.push(SetCellsCommand(doc, {c: Cell.model_validate({**CHICAGO, "label": "Chi"})}, "Chicago"))
    win.set_tool(win.tools[SelectTool])
    click_cell(qtbot, win, c)
    win.properties_dock.raise_()
    field = win.properties.field("icons")
    field.setFocus()
    QTest.keyClicks(field, "image:1846/meat,sticky:1; image:1846/ic")
    QTest.keyClick(field, Qt.Key.Key_Return)
    assert doc.cell(c).icons == ["image:1846/meat,sticky:1", "image:1846/ic"]
    assert [icon_badge_text(i) for i in ("1846/meat", "1846/ic", "18_india/rice-30")] == ["MEAT", "IC", "rice 30"]
    size = 400
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(0xFFFFFFFF)
    painter = QPainter(image)
    placed: list = []
    centre = render.CELL_SIZE * 2
    painter.translate(-(win.scene.cell_centre(c).x() - size / 2), -(win.scene.cell_centre(c).y() - size / 2))
    render.paint_cell(painter, doc.scenario, c, render.CELL_SIZE, placed=placed)
    painter.end()
    icons = [r for k, r in placed if k == "icon"]
    others = [r for k, r in placed if k != "icon"]
    assert len(icons) == 2
    assert all(r.height() >= ICON_TEXT_PX * 1.25 for r in icons), "badges as tall as a 13 px line of text"
    overlap = [r.intersected(o) for r in icons for o in others if r.intersects(o)]
    assert all(min(i.width(), i.height()) < 1.0 for i in overlap), "clear of the cities, revenues, name and label (at most touching)"
    assert not icons[0].intersects(icons[1])
    s = render.CELL_SIZE / render.UNIT
    for r in icons:  # a ringed badge with dark bold text in it
        x0, y0 = size / 2 + r.x() * s, size / 2 + r.y() * s
        dark = sum(1 for x in range(int(x0) + 3, int(x0 + r.width() * s) - 3) for y in range(int(y0) + 3, int(y0 + r.height() * s) - 3)
                   if image.pixelColor(x, y).lightness() < 90)
        assert dark > 25, dark
    del centre

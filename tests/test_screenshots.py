"""Screenshots of the main window rendered offscreen (QWidget.grab() to PNG).

The pictures go to the test's temporary folder, or to $TRACKWRIGHT_SCREENSHOTS when it is set:
`make screenshots` sets it to docs/ to refresh the README's picture (docs/screenshot-18india.png).
The tests check that the pictures show a board (many distinct colours in the view's area), not
that they match pixels: fonts differ between machines.
"""

import os
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from model.io import load
from model.paths import scenarios_dir
from tests.editor_helpers import make_window, no_dialogs  # noqa: F401 (autouse fixture)


def out_dir(tmp_path: Path) -> Path:
    return Path(os.environ.get("TRACKWRIGHT_SCREENSHOTS") or tmp_path)


def shoot(qtbot, tmp_path, scenario_path: Path, out: Path, setup=None) -> QImage:
    win = make_window(qtbot, tmp_path, load(scenario_path), scenario_path, size=(1400, 900))
    doc = win.document
    qtbot.wait(50)
    win.view.fit_to_window()
    qtbot.waitUntil(lambda: not doc.is_checking(), timeout=5000)
    if setup is not None:
        setup(win)
    qtbot.wait(50)
    pixmap = win.grab()
    out.parent.mkdir(parents=True, exist_ok=True)
    assert pixmap.save(str(out), "PNG")
    return pixmap.toImage()


def distinct_colours(img: QImage, step: int = 7) -> int:
    seen = set()
    for y in range(0, img.height(), step):
        for x in range(0, img.width(), step):
            seen.add(img.pixel(x, y))
    return len(seen)


def test_screenshot_18india(qtbot, tmp_path):
    """The README's picture: Delhi at full detail, a tile laid where it breaks a rule."""

    def illegal_tile_near_delhi(win):
        from editor.commands import SetCellsCommand
        from model.board import LaidTile

        doc = win.document
        k14 = doc.grid.coord("K14")
        cell = doc.cell(k14).model_copy(update={"tile": LaidTile(tile="9", rotation=0)})
        doc.undo_stack.push(SetCellsCommand(doc, {k14: cell}, "Lay tile"))
        qtbot.waitUntil(lambda: not doc.is_checking() and bool(doc.issues_at(k14)), timeout=5000)
        win.palette.select_tile("57")
        doc.set_selection([k14])
        win.view.set_scale(0.55)
        win.view.centre_on_cells([doc.grid.coord("I12")])

    img = shoot(qtbot, tmp_path, scenarios_dir() / "18india.json", out_dir(tmp_path) / "screenshot-18india.png", illegal_tile_near_delhi)
    assert img.width() == 1400 and img.height() == 900
    assert distinct_colours(img) > 40


def test_screenshot_catalan(qtbot, tmp_path):
    path = scenarios_dir() / "catalan" / "midgame.json"
    img = shoot(qtbot, tmp_path, path, out_dir(tmp_path) / "screenshot-catalan.png")
    assert distinct_colours(img) > 30


def test_screenshot_18india_overlay(qtbot, tmp_path):
    def overlay(win):
        win.palette.select_tile("9")
        win.overlay_action.trigger()

    img = shoot(qtbot, tmp_path, scenarios_dir() / "18india.json", out_dir(tmp_path) / "screenshot-overlay.png", overlay)
    assert distinct_colours(img) > 40


def _india_position(win):
    """GIPR active with ₹200 and a few stations on the board (tokens placed through the Token tool's model)."""
    from editor.commands import SetCellsCommand, SetPartCommand
    from model import tokens, turn

    doc = win.document
    s = doc.scenario
    doc.undo_stack.push(SetPartCommand(doc, "state", turn.set_active(s, doc.rule_set, "GIPR"), "Active: GIPR"))
    doc.undo_stack.push(SetPartCommand(doc, "companies", turn.companies_with(doc.scenario, "GIPR", treasury=200), "GIPR cash"))
    for label, company, city in (("D23", "GIPR", 0), ("G8", "NWR", 0), ("G8", "SPD", 1), ("K14", "NCR", 0), ("P17", "EIR", 0), ("K14", "WR", 0)):
        changes = tokens.place_token(doc.scenario, doc.grid.coord(label), company, city)
        doc.undo_stack.push(SetCellsCommand(doc, changes, f"Token of {company}"))


def test_screenshot_turn_panel(qtbot, tmp_path):
    """The Turn panel on 18 India: GIPR active with ₹200, its token in Mumbai, the overlay of tile 8,
    P2 owned by GIPR and P4's discount running for NCR."""

    def setup(win):
        from editor.commands import SetPartCommand
        from model import turn

        _india_position(win)
        doc = win.document
        for pid, change in (("P2", {"owner": "GIPR"}), ("P4", {"owner": "NCR", "used": True, "discount": 40}), ("P1", {"owner": "EIR"})):
            doc.undo_stack.push(SetPartCommand(doc, "state", turn.privates_with(doc.scenario, pid, **change), f"{pid}"))
        win.turn_dock.raise_()
        win.resizeDocks([win.turn_dock], [430], Qt.Orientation.Horizontal)
        win.palette.select_tile("8")
        win.overlay_action.trigger()
        qtbot.waitUntil(lambda: bool(win.scene.shade_item.shades), timeout=5000)
        win.view.set_scale(0.6)
        win.view.centre_on_cells([win.document.grid.coord("E22")])
        qtbot.waitUntil(lambda: not win.document.is_checking(), timeout=5000)

    img = shoot(qtbot, tmp_path, scenarios_dir() / "18india.json", out_dir(tmp_path) / "screenshot-turn.png", setup)
    assert distinct_colours(img) > 40


def test_screenshot_tokens(qtbot, tmp_path):
    """Station tokens on 18 India: Delhi's two cities, and WR's token in NCR's reserved circle outlined."""

    def setup(win):
        from editor.tools import TokenTool

        _india_position(win)
        doc = win.document
        qtbot.waitUntil(lambda: not doc.is_checking() and bool(doc.issues_at(doc.grid.coord("K14"))), timeout=5000)
        win.set_tool(win.tools[TokenTool])
        doc.set_selection([doc.grid.coord("G8")])
        win.properties_dock.raise_()
        win.view.set_scale(0.8)
        win.view.centre_on_cells([doc.grid.coord("G8"), doc.grid.coord("K14")])
        qtbot.waitUntil(lambda: not doc.is_checking(), timeout=5000)

    img = shoot(qtbot, tmp_path, scenarios_dir() / "18india.json", out_dir(tmp_path) / "screenshot-tokens.png", setup)
    assert distinct_colours(img) > 40

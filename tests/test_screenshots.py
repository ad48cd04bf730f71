"""Screenshots of the main window rendered offscreen (QWidget.grab() to PNG).

The pictures go to the test's temporary folder, or to $TRACKWRIGHT_SCREENSHOTS when it is set:
`make screenshots` sets it to docs/ to refresh the README's picture (docs/screenshot-18india.png).
The tests check that the pictures show a board (many distinct colours in the view's area), not
that they match pixels: fonts differ between machines.
"""

import os
from pathlib import Path

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

"""Screenshots of the main window rendered offscreen (QWidget.grab() to PNG).

docs/screenshot-18india.png is the README's picture; the others go to the temp folder. The
tests check that the pictures show a board (many distinct colours in the view's area), not
that they match pixels: fonts differ between machines.
"""

from pathlib import Path

from PySide6.QtGui import QImage

from editor.document import Document
from editor.mainwindow import MainWindow
from model.io import load
from model.paths import scenarios_dir
from tests.editor_helpers import no_dialogs  # noqa: F401 (autouse fixture)

DOCS = Path(__file__).resolve().parent.parent / "docs"


def shoot(qtbot, tmp_path, scenario_path: Path, out: Path, setup=None) -> QImage:
    doc = Document(load(scenario_path), scenario_path)
    doc.check_delay_ms = 0
    win = MainWindow(doc, autosave_dir=tmp_path / "recovery")
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
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
    def pick_tile(win):
        win.palette.select_tile("9")
        win.document.set_selection([win.document.grid.coord("K14")])

    img = shoot(qtbot, tmp_path, scenarios_dir() / "18india.json", DOCS / "screenshot-18india.png", pick_tile)
    assert img.width() == 1400 and img.height() == 900
    assert distinct_colours(img) > 40


def test_screenshot_catalan(qtbot, tmp_path):
    path = scenarios_dir() / "catalan" / "midgame.json"
    img = shoot(qtbot, tmp_path, path, Path("/tmp/trackwright-screenshot-catalan.png"))
    assert distinct_colours(img) > 30


def test_screenshot_18india_overlay(qtbot, tmp_path):
    def overlay(win):
        win.palette.select_tile("9")
        win.overlay_action.trigger()

    img = shoot(qtbot, tmp_path, scenarios_dir() / "18india.json", Path("/tmp/trackwright-screenshot-overlay.png"), overlay)
    assert distinct_colours(img) > 40

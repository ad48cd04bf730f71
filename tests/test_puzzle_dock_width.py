"""The Puzzle dock fits its default width: no horizontal scroll bar cutting off its buttons
(the analysis box's two board previews side by side were wider than the dock)."""

from __future__ import annotations

from model.io import load
from model.paths import scenarios_dir
from tests.editor_helpers import make_window, no_dialogs  # noqa: F401 (autouse fixture)


def test_puzzle_dock_needs_no_horizontal_scrolling(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, load(scenarios_dir() / "puzzles" / "india-01-visakhapatnam.json"), None,
                      size=(1400, 900))
    win.puzzle_dock.show()
    win.puzzle_dock.raise_()
    scroll = win.puzzle_dock.widget()
    qtbot.waitUntil(lambda: scroll.isVisible())
    qtbot.wait(20)
    panel = scroll.widget()
    assert panel.minimumSizeHint().width() <= scroll.viewport().width()
    assert not scroll.horizontalScrollBar().isVisible()

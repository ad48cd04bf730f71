"""Tile Set > Export… never writes the tiles over the open scenario's own file (the CLI's
``tiles --to`` refuses its input the same way)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from editor.panels import tileset as tileset_module
from model.io import load, save
from model.newboard import new_scenario
from tests.editor_helpers import answers, make_window, no_dialogs  # noqa: F401 (autouse fixture)


def test_tile_export_refuses_the_open_scenarios_file(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "board.json"
    save(new_scenario("18xx", 6, 5), path)
    before = path.read_bytes()
    win = make_window(qtbot, tmp_path, load(path), path)
    panel = win.tileset_panel
    monkeypatch.setattr(tileset_module, "ask_tiles_path", lambda *_a, **_k: str(path))
    win.tileset_dock.show()
    win.tileset_dock.raise_()
    qtbot.waitUntil(panel.export_button.isVisible)
    qtbot.mouseClick(panel.export_button, Qt.MouseButton.LeftButton)
    assert answers().names() == ["show_error"]
    assert "open scenario's own file" in answers().calls[0][2]
    assert path.read_bytes() == before
    assert load(path).board == win.document.scenario.board

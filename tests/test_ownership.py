"""View ▸ Show Track Ownership: lines beside each connection in the colours of the players whose
VIA NOSTRA includes it (Catalan) or the companies whose network runs through the hex (18xx);
computed off the GUI thread from the checked snapshot and kept current after edits."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from editor.commands import SetCellsCommand
from editor.ownership import track_owners
from model.board import LaidTile
from model.io import load
from model.paths import scenarios_dir
from model.rules import get_rule_set
from tests.editor_helpers import make_window, no_dialogs, view_pixel  # noqa: F401 (autouse fixture)

pytestmark = pytest.mark.gui

MIDGAME = scenarios_dir() / "catalan" / "midgame.json"


def test_owners_from_the_catalan_reach_report():
    scenario = load(MIDGAME)
    owners = track_owners(scenario, get_rule_set(scenario.rules.id))
    # D5 is a crossing: red runs north-south, yellow and green (joined by the switch at F5) east-west
    assert owners["D5"] == {frozenset({"N", "S"}): ["red"], frozenset({"E", "W"}): ["yellow", "green"]}
    assert owners["F5"][frozenset({"N", "E"})] == ["yellow", "green"]
    assert "A1" not in owners


def test_owners_from_an_18xx_reach_report():
    scenario = load(scenarios_dir() / "18india.json")
    rules = get_rule_set(scenario.rules.id)
    owners = track_owners(scenario, rules)
    for company in scenario.companies:
        for label in rules.reach_report(scenario, company.id)["hexes with track"]:
            assert company.id in owners[label]["*"]


def wait_owners(qtbot, win):
    qtbot.waitUntil(lambda: not win.document.is_checking(), timeout=5000)
    qtbot.waitUntil(lambda: not win.ownership.watcher.is_running(), timeout=5000)


def pixel_near(win, label, dx, dy):
    """The board's colour at an offset (scene units) from a cell's centre."""
    grid = win.document.grid
    c = win.scene.cell_centre(grid.coord(label))
    return view_pixel(win.view, QPointF(c.x() + dx, c.y() + dy))


def close(a: QColor, b: QColor, tol=60) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) < tol


def find_colour(win, label, colour, points):
    return any(close(pixel_near(win, label, dx, dy), colour) for dx, dy in points)


def test_crossing_axes_show_their_own_owners_and_follow_edits(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, load(MIDGAME), MIDGAME)
    win.view.zoom_reset()
    win.view.scale(2.0, 2.0)
    win.view.centerOn(win.scene.cell_centre(win.document.grid.coord("D5")))
    wait_owners(qtbot, win)
    assert win.scene.ownership_item.cells == {}
    red, yellow = QColor("#cc0000"), QColor("#e6b800")
    # beside the north-south axis (x offset), away from the east-west one (y offset)
    ns_points = [(dx, dy) for dx in (-7.0, -6.5, -6.0, 6.0, 6.5, 7.0) for dy in (-35, 35)]
    ew_points = [(dx, dy) for dx in (-35, 35) for dy in (-7.0, -6.5, -6.0, 6.0, 6.5, 7.0)]
    assert not find_colour(win, "D5", red, ns_points)

    win.ownership_action.setChecked(True)
    wait_owners(qtbot, win)
    assert win.ownership.owners_at(win.document.grid.coord("D5")) == {
        frozenset({"N", "S"}): ["red"], frozenset({"E", "W"}): ["yellow", "green"]}
    assert find_colour(win, "D5", red, ns_points) and not find_colour(win, "D5", yellow, ns_points)
    tip = win.scene.tooltip_at(win.scene.cell_centre(win.document.grid.coord("D5")))
    assert "owned: E-W yellow, green; N-S red" in tip
    assert find_colour(win, "D5", yellow, ew_points) and not find_colour(win, "D5", red, ew_points)

    # an edit: turning D4 (red's straight north of the crossing) sideways cuts red off D5's north
    doc = win.document
    cell = doc.scenario.board.cell(doc.grid.coord("D4"))
    doc.undo_stack.push(SetCellsCommand(doc, {doc.grid.coord("D4"): cell.model_copy(update={"tile": LaidTile(tile="straight", rotation=1)})}))
    wait_owners(qtbot, win)
    d4 = win.ownership.owners_at(doc.grid.coord("D4"))
    assert d4.get(frozenset({"N", "S"})) is None
    doc.undo_stack.undo()
    wait_owners(qtbot, win)
    assert win.ownership.owners_at(doc.grid.coord("D4")) == {frozenset({"N", "S"}): ["red"]}

    win.ownership_action.setChecked(False)
    assert win.scene.ownership_item.cells == {}
    assert "owned" not in win.scene.tooltip_at(win.scene.cell_centre(win.document.grid.coord("D5")))
    assert not find_colour(win, "D5", red, ns_points)

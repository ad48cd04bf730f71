"""A puzzle solution's step on the main board (read-only preview), issue marks on sides, and no
traceback from a puzzle panel whose window is gone while its document lives on."""

from __future__ import annotations

import pytest
from puzzle_toys import city, origin, reach, toy_scenario
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QMainWindow

from editor.commands import SetCellsCommand
from editor.document import Document
from editor.panels.puzzle_panel import PuzzlePanel
from editor.scene import BoardScene
from editor.tools import SelectTool
from model.board import Cell
from model.rules import Issue
from tests.editor_helpers import make_window, no_dialogs, settled_frame  # noqa: F401 (autouse fixture)

pytestmark = pytest.mark.gui


def branches():
    cells = {"C5": origin(2), "C4": city(), "A4": city("West"), "E4": city("East")}
    return toy_scenario(5, 5, cells, reach("A4", "E4"), hand=["straight", "straight"])


def solved_window(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, branches())
    panel = win.puzzle_panel
    panel.verify_now()
    qtbot.waitUntil(lambda: not panel.is_verifying() and panel.status.text().startswith("Solvable"), timeout=5000)
    return win, panel


def board_image(win):
    return settled_frame(win.view)


def test_a_picked_step_is_shown_on_the_main_board_and_esc_restores_it(qtbot, tmp_path):
    win, panel = solved_window(qtbot, tmp_path)
    doc, scene = win.document, win.scene
    document_before = doc.scenario
    editing_picture = board_image(win)
    assert not scene.is_previewing() and not win.preview_banner.isVisible()
    updates = scene.item_updates

    panel.next_button.click()
    first = panel.solution[0]
    assert scene.is_previewing()
    assert win.preview_banner.isVisible()
    assert win.preview_banner.label.text() == "Previewing step 1 of 2 — Esc or 'Back to editing' to leave"
    assert scene.shown_scenario().board.cells[first.cell].tile.tile == "straight"
    assert scene.item_updates - updates == 1  # only the cell that differs was refreshed
    grid = doc.grid
    assert scene.preview_mark_item.coords == [grid.coord(first.cell)] and scene.preview_mark_item.isVisible()
    assert board_image(win) != editing_picture
    # read-only: no tool gets the mouse, the tools and the clipboard edits are disabled
    assert win.view._tool is None
    assert not win.tool_actions[SelectTool].isEnabled() and not win.paste_action.isEnabled()
    assert doc.scenario is document_before and doc.undo_stack.count() == 0

    panel.next_button.click()
    assert win.preview_banner.label.text().startswith("Previewing step 2 of 2")
    assert all(scene.shown_scenario().board.cells[m.cell].tile is not None for m in panel.solution)

    qtbot.keyClick(win, Qt.Key.Key_Escape)
    assert not scene.is_previewing() and not win.preview_banner.isVisible()
    assert not scene.preview_mark_item.isVisible()
    assert scene.shown_scenario() is doc.scenario
    assert win.view._tool is win.current_tool and win.tool_actions[SelectTool].isEnabled()
    assert board_image(win) == editing_picture  # the document's board, exactly
    assert doc.scenario is document_before and doc.undo_stack.count() == 0


def test_back_button_an_edit_or_a_tool_leave_the_preview(qtbot, tmp_path):
    win, panel = solved_window(qtbot, tmp_path)
    scene = win.scene
    panel.moves.setCurrentRow(1)  # a click on the second move
    assert scene.is_previewing() and "step 2 of 2" in win.preview_banner.label.text()
    win.preview_banner.back_button.click()
    assert not scene.is_previewing()

    panel.prev_button.click()
    assert scene.is_previewing()
    win.document.undo_stack.push(SetCellsCommand(win.document, {(0, 0): Cell(terrain="hill")}))
    assert not scene.is_previewing()  # the document changed: the step is no longer its solution

    panel.pick_step(1)
    assert scene.is_previewing()
    win.set_tool(win.tools[SelectTool])
    assert not scene.is_previewing()


def test_a_new_verification_does_not_start_a_preview(qtbot, tmp_path):
    win, panel = solved_window(qtbot, tmp_path)
    panel.show_step(1)  # what a verification result does: the panel's own preview only
    assert panel.shown_scenario() is panel.boards[1]
    assert not win.scene.is_previewing()


def test_scene_preview_refreshes_only_differing_cells(qtbot):
    doc = Document(branches())
    doc.threaded_checks = False
    scene = BoardScene(doc)
    other = doc.scenario.model_copy(deep=True)
    cells = dict(other.board.cells)
    cells["B2"] = Cell(terrain="mountain", cost=60)
    cells["D1"] = Cell(terrain="lake")
    other = other.model_copy(update={"board": other.board.model_copy(update={"cells": cells})})
    seen = []
    scene.previewChanged.connect(seen.append)
    before = scene.item_updates
    scene.set_preview(other)
    assert scene.item_updates - before == 2 and seen == [True]
    scene.set_preview(None)
    assert scene.item_updates - before == 4 and seen == [True, False]
    assert scene.shown_scenario() is doc.scenario
    with pytest.raises(ValueError):
        from model.newboard import new_scenario

        scene.set_preview(new_scenario("catalan", 3, 3))


def test_panel_of_a_closed_window_ignores_later_document_changes(qtbot):
    """A script that drops the window hosting the panel while the document lives on: no traceback."""
    doc = Document(branches())
    doc.threaded_checks = False
    window = QMainWindow()
    panel = PuzzlePanel(doc)
    window.setCentralWidget(panel)
    window.show()
    qtbot.waitExposed(window)
    del panel
    window.deleteLater()
    qtbot.waitUntil(lambda: window_deleted(window), timeout=2000)
    with qtbot.capture_exceptions() as raised:
        doc.cellsChanged.emit([(0, 0)])
        doc.edgesChanged.emit([((0, 0), 1)])
        doc.metaChanged.emit()
        doc.boardReset.emit()
    assert raised == []


def window_deleted(window) -> bool:
    from shiboken6 import isValid

    return not isValid(window)


def test_issues_on_sides_are_marked_with_their_rule_and_located(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc, scene = win.document, win.scene
    issues = [
        Issue("x.river", "error", "the river side B2/C2 needs a bridge", (), (("B2", 1),)),
        Issue("x.note", "info", "a note on a side", (), (("D3", 0),)),
    ]
    doc._set_issues(issues)
    marks = scene.issue_edge_marks()
    assert len(marks) == 1  # notes are not marked, like cells
    (mark,) = marks.values()
    assert "x.river" in mark.toolTip()
    assert mark.isVisible()
    # the tooltip at the side's middle names the rule; the middle of the cell does not
    assert "x.river" in scene.tooltip_at(mark.midpoint())
    assert "x.river" not in scene.tooltip_at(scene.cell_centre((1, 1)))
    # the band is painted red on the board
    image = board_image(win)
    p = win.view.mapFromScene(mark.midpoint())  # mapped after the frame is painted: the same frame
    pixel = image.pixelColor(p.x(), p.y())
    assert pixel.red() > 180 and pixel.green() < 110 and pixel.blue() < 110
    # a click in the issues panel centres the board on the side's cell and selects it
    win.view.centerOn(QPointF(-2000, -2000))
    rows = win.issues_panel.issue_items()
    assert rows[0].text(1) == f"B2:{doc.grid.edge_name(1)}"  # the side is listed with its cell
    win.issues_panel.tree.itemClicked.emit(rows[0], 0)
    assert doc.selection == [(1, 1)]
    centre = win.view.mapToScene(win.view.viewport().rect().center())
    cell = scene.cell_centre((1, 1))
    assert abs(centre.x() - cell.x()) < 40 and abs(centre.y() - cell.y()) < 40
    # fixed: the mark goes away
    doc._set_issues([])
    assert scene.issue_edge_marks() == {}

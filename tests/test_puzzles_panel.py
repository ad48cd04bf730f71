"""The puzzle panel: background verification (never blocking, cancellable), editing with
validation and undo, and the step-through of the solution."""

from __future__ import annotations

import time

import pytest
from puzzle_toys import city, origin, reach, toy_scenario

from editor.document import Document
from editor.panels.puzzle_panel import PuzzlePanel, phases_from_text, phases_to_text
from model.board import Cell
from model.puzzle_spec import PhaseStep

pytestmark = pytest.mark.gui


def branches():
    cells = {"C5": origin(2), "C4": city(), "A4": city("West"), "E4": city("East")}
    return toy_scenario(5, 5, cells, reach("A4", "E4"), hand=["straight", "straight"])


def walled():
    """A fruitless search that runs for seconds: a target walled in by mountains."""
    cells = {"D4": origin(2), "H1": city(), "G1": Cell(terrain="mountain"), "G2": Cell(terrain="mountain"), "H2": Cell(terrain="mountain")}
    hand = ["straight"] * 6 + ["curve"] * 6 + ["turntable"] * 2
    return toy_scenario(8, 8, cells, reach("H1"), hand=hand)


def make_panel(qtbot, scenario, max_seconds=10.0):
    doc = Document(scenario)
    doc.check_delay_ms = 0
    panel = PuzzlePanel(doc)
    panel.verifier.max_seconds = max_seconds
    qtbot.addWidget(panel)
    return doc, panel


def wait_done(qtbot, panel, timeout=5000):
    qtbot.waitUntil(lambda: not panel.is_verifying() and panel.status.text().startswith(("Solvable", "Unsolvable", "Unknown", "Cannot")), timeout=timeout)


def test_verification_runs_in_the_background_and_reports(qtbot):
    doc, panel = make_panel(qtbot, branches())
    wait_done(qtbot, panel)
    assert panel.status.text().startswith("Solvable, unique: 2 moves")
    assert panel.moves.count() == 2


def test_verify_does_not_block_and_cancel_stops_it(qtbot):
    doc, panel = make_panel(qtbot, walled(), max_seconds=30)
    t0 = time.perf_counter()
    panel.verify_now()
    assert time.perf_counter() - t0 < 0.5  # returned at once: the search runs elsewhere
    assert panel.is_verifying() and panel.status.text() == "Verifying…"
    assert panel.cancel_button.isEnabled()
    # the event loop keeps turning while the search runs
    ticks = []
    from PySide6.QtCore import QTimer

    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    # generous: on a loaded machine the worker may hold the interpreter longer between switches
    qtbot.waitUntil(lambda: len(ticks) >= 5, timeout=5000)
    timer.stop()
    assert panel.is_verifying()  # ... and all that time the search was still running
    thread = panel.verifier._thread
    panel.cancel_button.click()
    assert panel.status.text() == "Cancelled" and not panel.is_verifying()
    thread.join(3.0)
    assert not thread.is_alive()  # the solver saw the flag and stopped
    qtbot.wait(50)
    assert panel.status.text() == "Cancelled"  # a late result of the cancelled search is dropped


def test_an_edit_restarts_verification(qtbot):
    doc, panel = make_panel(qtbot, branches())
    wait_done(qtbot, panel)
    panel.hand.setText("straight")
    assert panel.commit()
    assert doc.scenario.puzzle.resources.hand == ["straight"]
    assert panel.status.text().startswith("Waiting")
    wait_done(qtbot, panel)
    assert panel.status.text().startswith("Unsolvable")
    doc.undo_stack.undo()
    assert doc.scenario.puzzle.resources.hand == ["straight", "straight"]
    assert panel.hand.text() == "straight, straight"
    wait_done(qtbot, panel)
    assert panel.status.text().startswith("Solvable")


def test_invalid_edits_change_nothing_and_say_why(qtbot):
    doc, panel = make_panel(qtbot, branches())
    before = doc.scenario.puzzle
    panel.places.setText("A4, Z99")
    assert not panel.commit()
    assert "puzzle.goal.places.1" in panel.error.text()
    assert panel.places.styleSheet() != ""
    assert doc.scenario.puzzle == before and doc.undo_stack.count() == 0
    panel.places.setText("A4")
    panel.phases.setText("lay:x12:sideways")
    assert not panel.commit()
    assert "unknown flag 'sideways'" in panel.error.text()
    panel.phases.setText("lay:x12")
    assert panel.commit()
    assert panel.error.text() == ""
    assert doc.scenario.puzzle.goal.places == ["A4"]


def test_step_through_changes_the_board_shown(qtbot):
    doc, panel = make_panel(qtbot, branches())
    wait_done(qtbot, panel)
    shown = []
    panel.stepChanged.connect(shown.append)
    assert panel.shown_scenario().board.cells.get("B4") is None
    start_image = panel.preview.grab().toImage()
    panel.next_button.click()
    first = panel.solution[0]
    assert panel.shown_scenario().board.cells[first.cell].tile.tile == "straight"
    assert panel.step_label.text() == "after move 1 of 2"
    assert panel.preview.grab().toImage() != start_image
    panel.next_button.click()
    final = panel.shown_scenario()
    assert final.board.cells["B4"].tile is not None and final.board.cells["D4"].tile is not None
    assert not panel.next_button.isEnabled()
    panel.prev_button.click()
    panel.prev_button.click()
    assert panel.step == 0 and panel.shown_scenario().board.cells.get("B4") is None
    assert len(shown) == 4 and shown[-1] is panel.shown_scenario()
    panel.moves.setCurrentRow(1)
    assert panel.step == 2
    # the document itself is never changed by the step-through
    assert doc.scenario.board.cells.get("B4") is None and doc.undo_stack.count() == 0


def test_make_and_remove_a_puzzle(qtbot):
    s = branches().model_copy(update={"puzzle": None})
    doc, panel = make_panel(qtbot, s)
    assert panel.status.text() == "No puzzle" and panel.create_button.isVisibleTo(panel)
    panel.create_button.click()
    assert doc.scenario.puzzle is not None and doc.scenario.puzzle.actor == "red"
    panel.remove_button.click()
    assert doc.scenario.puzzle is None
    doc.undo_stack.undo()
    assert doc.scenario.puzzle is not None


def test_phase_text_round_trip():
    steps = [PhaseStep(name="mandatory", tile_from="drawn", required=True), PhaseStep(name="optional"), PhaseStep(name="II", max_moves=4)]
    text = phases_to_text(steps)
    assert text == "mandatory:drawn:required, optional, II:x4"
    assert phases_from_text(text) == steps
    with pytest.raises(ValueError):
        phases_from_text(" , ")


def test_preview_frames_the_solution_on_a_big_map(qtbot):
    from editor import render
    from model.io import load
    from model.paths import scenarios_dir

    doc, panel = make_panel(qtbot, load(scenarios_dir() / "puzzles" / "india-04-western-ghats.json"))
    wait_done(qtbot, panel, timeout=15000)
    assert panel.status.text().startswith("Solvable, unique: 4 moves")
    size = render.CELL_SIZE
    whole = render.board_rect(doc.scenario, size, labels=False)
    framed = panel.preview.view_rect(size)
    assert framed.width() * framed.height() < 0.5 * whole.width() * whole.height()
    grid = doc.scenario.board.grid
    for move in panel.solution:
        assert framed.contains(render.cell_centre(grid, grid.coord(move.cell), size))


def test_play_mode_hides_the_solution_until_asked(qtbot):
    from PySide6.QtCore import Qt

    doc, panel = make_panel(qtbot, branches())
    panel.show()
    qtbot.waitExposed(panel)
    wait_done(qtbot, panel)
    assert panel.moves.isVisible() and panel.moves.count() == 2  # the author's view: the solution listed
    assert not panel.show_solution_button.isVisible()
    qtbot.mouseClick(panel.play_button, Qt.MouseButton.LeftButton)
    assert panel.play_button.isChecked()
    assert not panel.moves.isVisible() and not panel.preview.isVisible() and not panel.next_button.isVisible()
    assert not panel.analysis.isVisible()  # the analysis shows solutions too
    assert panel.show_solution_button.isVisible() and panel.show_solution_button.isEnabled()
    doc.undo_stack.push(__import__("editor.commands", fromlist=["SetPartCommand"]).SetPartCommand(
        doc, "puzzle", doc.scenario.puzzle.model_copy(update={"title": "Try me"}), "Edit puzzle"))
    wait_done(qtbot, panel)
    assert not panel.moves.isVisible()  # a new verification keeps it hidden
    qtbot.mouseClick(panel.show_solution_button, Qt.MouseButton.LeftButton)
    assert panel.moves.isVisible() and panel.moves.count() == 2 and panel.next_button.isEnabled()
    assert panel.step == 0  # revealing picks no move
    qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)
    assert panel.step == 1
    doc.open_scenario(branches(), None)  # another puzzle: hidden again
    assert not panel.moves.isVisible() and panel.show_solution_button.isVisible()
    qtbot.mouseClick(panel.play_button, Qt.MouseButton.LeftButton)  # leaving play mode: the author's view
    assert not panel.play_button.isChecked() and panel.moves.isVisible() and not panel.show_solution_button.isVisible()

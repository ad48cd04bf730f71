"""The puzzle panel's Generate… dialog (background, progress, cancel, undo) and the Analysis box."""

from __future__ import annotations

import importlib.util
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from editor.document import Document
from editor.panels.puzzle_author import GenerateDialog
from editor.panels.puzzle_panel import PuzzlePanel
from model.puzzle_spec import PhaseStep, Resources
from model.puzzles.solver import solve

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("build_puzzles", ROOT / "tools" / "build_puzzles.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


B = _tool()


def board(mountain: bool = True):
    cells = {"A6": B.origin("red_home", B.N, "red"), "D3": B.city("Vic"), **(B.terrain("mountain", "C4") if mountain else {})}
    return B.catalan("Small", "", 6, 6, cells, [B.red("D3")], difficulty=2, hint="-", resources=Resources(draws=["straight"], turns=1), phases=[B.MANDATORY])


def two_ways():
    s = board(mountain=False)
    res = Resources(hand=["curve", "curve", "straight", "straight", "straight"], turns=5)
    return s.model_copy(update={"puzzle": s.puzzle.model_copy(update={"phases": [PhaseStep(name="optional")], "resources": res})})


def make_panel(qtbot, scenario):
    doc = Document(scenario)
    doc.check_delay_ms = 0
    panel = PuzzlePanel(doc)
    qtbot.addWidget(panel)
    panel.show()
    return doc, panel


def open_dialog(qtbot, panel) -> GenerateDialog:
    qtbot.mouseClick(panel.generate_button, Qt.MouseButton.LeftButton)
    dialog = panel.generate_dialog
    qtbot.addWidget(dialog)
    return dialog


def test_generate_runs_in_the_background_and_is_one_undo_step(qtbot):
    doc, panel = make_panel(qtbot, board())
    dialog = open_dialog(qtbot, panel)
    assert dialog.phases.text() == "mandatory:drawn:required"
    dialog.moves.setValue(7)
    dialog.seed.setValue(1)
    t0 = time.perf_counter()
    qtbot.mouseClick(dialog.generate_button, Qt.MouseButton.LeftButton)
    assert time.perf_counter() - t0 < 0.5  # the search runs on a worker
    assert dialog.job.is_running() and dialog.cancel_button.isEnabled() and not dialog.generate_button.isEnabled()
    qtbot.waitUntil(lambda: dialog.use_button.isEnabled(), timeout=30000)
    assert dialog.status.text().startswith("Unique, 7 moves")
    assert dialog.progress.value() == 1000 and "candidate(s) tried" in dialog.progress.format()
    before = doc.scenario.puzzle
    qtbot.mouseClick(dialog.use_button, Qt.MouseButton.LeftButton)
    made = doc.scenario.puzzle
    assert made != before and len(made.resources.draws) == 7
    assert solve(doc.scenario, count=True).unique
    doc.undo_stack.undo()
    assert doc.scenario.puzzle == before


def test_generate_can_be_cancelled(qtbot):
    doc, panel = make_panel(qtbot, board())
    dialog = open_dialog(qtbot, panel)
    dialog.phases.setText("mandatory:drawn:required, optional")
    dialog.moves.setValue(40)  # long plays on a small board: the search runs until cancelled
    dialog.max_seconds.setValue(60)
    qtbot.mouseClick(dialog.generate_button, Qt.MouseButton.LeftButton)
    assert dialog.job.is_running()
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    assert dialog.status.text() == "Cancelled" and not dialog.job.is_running()
    assert dialog.generate_button.isEnabled() and not dialog.use_button.isEnabled()
    dialog.job.wait()
    assert not dialog.job._thread.is_alive()  # the worker saw the flag and stopped


def test_generate_refuses_bad_phases(qtbot):
    doc, panel = make_panel(qtbot, board())
    dialog = open_dialog(qtbot, panel)
    dialog.phases.setText("optional:sometimes")
    qtbot.mouseClick(dialog.generate_button, Qt.MouseButton.LeftButton)
    assert dialog.status.text().startswith("Phases:") and "sometimes" in dialog.status.text()
    assert not dialog.job.is_running()


def test_analysis_shows_two_solutions_and_applies_a_verified_fix(qtbot):
    doc, panel = make_panel(qtbot, two_ways())
    box = panel.analysis
    qtbot.mouseClick(box.analyse_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: box.analyse_button.isEnabled() and box.status.text() not in ("", "Analysing…"), timeout=30000)
    assert box.status.text() == "2 solution(s)"
    assert box.first.scenario is not None and box.second.scenario is not None
    assert box.first.scenario.board.cells != box.second.scenario.board.cells
    assert box.first_label.text().startswith("Solution 1:") and box.second_label.text().startswith("Solution 2:")
    assert "designer 2/10" in box.difficulty.text() and "measured" in box.difficulty.text()
    assert box.fixes.count() >= 1 and box.suggestions
    item = box.fixes.item(0)
    rect = box.fixes.visualItemRect(item)
    qtbot.mouseClick(box.fixes.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert box.apply_button.isEnabled()
    qtbot.mouseClick(box.apply_button, Qt.MouseButton.LeftButton)
    assert box.status.text().startswith("Applied:")
    assert solve(doc.scenario, count=True).unique
    doc.undo_stack.undo()
    assert solve(doc.scenario, count=True).count == 2
    QApplication.processEvents()
    panel.verifier.cancel(emit=False)

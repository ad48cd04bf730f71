"""Puzzle authoring in the editor: *Generate…* and the *Analysis* box of the puzzle panel.

* :class:`GenerateDialog` runs :func:`model.puzzles.generate.generate` on a worker thread (on
  a snapshot of the scenario), with a progress bar (time used of the limit, candidates tried) and
  *Cancel*; *Use this puzzle* sets the found puzzle on the document as one undo step.
* :class:`AnalysisBox` measures the difficulty (beside the designer's number) and, when the
  puzzle has several solutions, shows the first two side by side and lists the changes that
  make it unique, each proven by the solver; *Apply* makes the picked change one undo step.

Workers never touch Qt (:mod:`editor.workers`): they append to plain lists that a main-thread
timer reads, and poll a :class:`threading.Event` to stop.
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.commands import SetPartCommand
from editor.commands.set_cells import SetCellsCommand
from editor.document import Document, snapshot
from editor.forms import form
from editor.workers import Job
from model.scenario import Scenario

GENERATE_GOALS = ("destination", "reach", "connect")


class GenerateDialog(QDialog):
    """Generate a unique puzzle on the document's board (see the module docstring)."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Generate a puzzle")
        self.document = document
        self.result: Any = None
        self.job = Job(self)
        self.job.progressed.connect(self._progressed)
        self.job.finished.connect(self._finished)
        self.job.cancelled.connect(lambda: self._done_state("Cancelled"))
        scenario = document.scenario
        self.moves = QSpinBox()
        self.moves.setRange(1, 40)
        self.moves.setValue(6)
        self.goal = QComboBox()
        self.goal.addItems(GENERATE_GOALS)
        if not any(p.destination for p in scenario.players):
            self.goal.setCurrentText("reach")
        self.seed = QSpinBox()
        self.seed.setRange(0, 1_000_000)
        self.max_seconds = QSpinBox()
        self.max_seconds.setRange(1, 600)
        self.max_seconds.setValue(60)
        self.max_seconds.setSuffix(" s")
        self.phases = QLineEdit()
        from editor.panels.puzzle_parts import phases_to_text
        from model.puzzles.generate import default_phases

        phases = scenario.puzzle.phases if scenario.puzzle is not None else default_phases(scenario)
        self.phases.setText(phases_to_text(list(phases)))
        self.phases.setToolTip("name[:drawn][:required][:xN], comma-separated")
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setValue(0)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.generate_button = QPushButton("Generate")
        self.generate_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(lambda: self.job.cancel())
        self.cancel_button.setEnabled(False)
        self.use_button = QPushButton("Use this puzzle")
        self.use_button.clicked.connect(self.use)
        self.use_button.setEnabled(False)
        box = QWidget()
        form(box, [("Moves", self.moves), ("Goal", self.goal), ("Seed", self.seed), ("Time limit", self.max_seconds), ("Phases", self.phases)])
        buttons = QHBoxLayout()
        buttons.addWidget(self.generate_button)
        buttons.addWidget(self.cancel_button)
        buttons.addStretch(1)
        buttons.addWidget(self.use_button)
        lay = QVBoxLayout(self)
        lay.addWidget(box)
        lay.addWidget(self.progress)
        lay.addWidget(self.status)
        lay.addLayout(buttons)
        self._started = 0.0
        self._limit = 1.0
        self._tried = 0
        self._clock = QTimer(self)
        self._clock.setInterval(100)
        self._clock.timeout.connect(self._tick)

    def start(self) -> None:
        """Start generating on a worker thread (a snapshot of the scenario)."""
        from model.puzzles.generate import generate, parse_phases

        try:
            phases = parse_phases(self.phases.text())
        except ValueError as exc:
            self.status.setText(f"Phases: {exc}")
            return
        scenario = snapshot(self.document.scenario)
        moves, goal, seed, limit = self.moves.value(), self.goal.currentText(), self.seed.value(), float(self.max_seconds.value())

        def work(progress, cancelled):
            return generate(
                scenario, moves, goal=goal, seed=seed, max_seconds=limit, phases=phases,
                progress=lambda tried, seconds: progress(tried), cancelled=cancelled,
            )

        self.result = None
        self._tried = 0
        self._started, self._limit = time.monotonic(), limit
        self.use_button.setEnabled(False)
        self.generate_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.progress.setValue(0)
        self.status.setText("Generating…")
        self.job.start(work, "trackwright-generate")
        self._clock.start()

    def _tick(self) -> None:
        share = min(1.0, (time.monotonic() - self._started) / self._limit)
        self.progress.setValue(int(share * 1000))
        self.progress.setFormat(f"{self._tried} candidate(s) tried")

    def _progressed(self, tried: object) -> None:
        self._tried = int(tried)
        self._tick()

    def _done_state(self, text: str) -> None:
        self._clock.stop()
        self.generate_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.status.setText(text)

    def _finished(self, result: object) -> None:
        if isinstance(result, Exception):
            self._done_state(f"Cannot generate: {result}")
            return
        self.result = result
        self.progress.setValue(1000)
        self.progress.setFormat(f"{result.tried} candidate(s) tried")
        if not result.found:
            self._done_state(f"No puzzle found: {result.reason}")
            return
        p = result.scenario.puzzle
        res = p.resources
        parts = [f"Unique, {len(result.proof.solution)} moves: {p.describe(result.scenario)}"]
        if res.hand:
            parts.append("hand " + " ".join(res.hand))
        if res.draws:
            parts.append("draws " + " ".join(res.draws))
        parts.append(f"{res.turns} turn(s)" + (f", money {res.money}" if res.money is not None else ""))
        parts.append(f"{result.tried} candidate(s) in {result.seconds:.1f} s")
        self._done_state("; ".join(parts))
        self.use_button.setEnabled(True)

    def use(self) -> None:
        """Set the generated puzzle on the document (one undo step)."""
        if self.result is None or not self.result.found:
            return
        self.document.undo_stack.push(SetPartCommand(self.document, "puzzle", self.result.scenario.puzzle, "Generate puzzle"))
        self.use_button.setEnabled(False)
        self.accept()

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        self.job.cancel(emit=False)
        super().closeEvent(event)

    def reject(self) -> None:
        self.job.cancel(emit=False)
        super().reject()


class AnalysisBox(QGroupBox):
    """Measured difficulty; for several solutions two of them side by side and verified fixes."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__("Analysis", parent)
        from editor.panels.puzzle_parts import BoardPreview

        self.document = document
        self.suggestions: list[Any] = []
        self.job = Job(self)
        self.job.finished.connect(self._finished)
        self.job.cancelled.connect(lambda: self.status.setText("Cancelled"))
        self.analyse_button = QPushButton("Analyse")
        self.analyse_button.setToolTip("Measure the difficulty; for several solutions, find changes that make it unique")
        self.analyse_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(lambda: self.job.cancel())
        self.cancel_button.setEnabled(False)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.difficulty = QLabel("")
        self.difficulty.setWordWrap(True)
        self.first = BoardPreview()
        self.second = BoardPreview()
        for preview in (self.first, self.second):  # side by side, they must fit the dock's width
            preview.setMinimumSize(120, 120)
        self.first_label = QLabel("")
        self.second_label = QLabel("")
        self.fixes = QListWidget()
        self.apply_button = QPushButton("Apply change")
        self.apply_button.clicked.connect(self.apply)
        self.apply_button.setEnabled(False)
        self.fixes.currentRowChanged.connect(lambda row: self.apply_button.setEnabled(row >= 0))
        row = QHBoxLayout()
        row.addWidget(self.analyse_button)
        row.addWidget(self.cancel_button)
        row.addWidget(self.status, 1)
        pair = QHBoxLayout()
        for label, preview in ((self.first_label, self.first), (self.second_label, self.second)):
            col = QVBoxLayout()
            col.addWidget(label)
            col.addWidget(preview, 1)
            pair.addLayout(col, 1)
        lay = QVBoxLayout(self)
        lay.addLayout(row)
        lay.addWidget(self.difficulty)
        lay.addLayout(pair, 1)
        lay.addWidget(self.fixes)
        lay.addWidget(self.apply_button)

    def start(self) -> None:
        """Analyse a snapshot of the scenario on a worker thread."""
        scenario = self.document.scenario
        if scenario.puzzle is None:
            self.status.setText("No puzzle")
            return
        scenario = snapshot(scenario)

        def work(progress, cancelled):
            from model.puzzles.analysis import measure, suggest
            from model.puzzles.solver import replay, solve

            result = solve(scenario, count=True, max_seconds=20, cancelled=cancelled)
            difficulty = measure(scenario, max_seconds=20, cancelled=cancelled)
            sols = (result.solutions or [])[:2]
            finals = [replay(scenario, s)[-1] for s in sols]
            fixes = suggest(scenario, result, max_seconds=30, cancelled=cancelled) if len(sols) > 1 and result.complete else []
            return scenario, result, difficulty, finals, fixes

        self.analyse_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.status.setText("Analysing…")
        self.job.start(work, "trackwright-analyse")

    def _finished(self, got: object) -> None:
        self.analyse_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        if isinstance(got, Exception):
            self.status.setText(f"Cannot analyse: {got}")
            return
        scenario, result, difficulty, finals, fixes = got
        mine = scenario.puzzle.difficulty
        designer = f"designer {mine}/10" if mine is not None else "designer: not set"
        self.difficulty.setText(f"Difficulty: {designer}; " + (difficulty.text() if difficulty is not None else "no solution to measure"))
        count = result.count or 0
        self.status.setText("Unique" if result.unique else f"{count} solution(s)" + ("" if result.complete else " at least"))
        sols = result.solutions or []
        for k, (label, preview) in enumerate(((self.first_label, self.first), (self.second_label, self.second))):
            if k < len(finals):
                label.setText(f"Solution {k + 1}: " + "; ".join(m.text() for m in sols[k]))
                preview.focus = [m.cell for m in sols[k]]
                preview.show_scenario(finals[k])
            else:
                label.setText("")
                preview.show_scenario(None)
        self.suggestions = fixes
        self.fixes.clear()
        for s in fixes:
            self.fixes.addItem(s.text + (" (keeps solution 1)" if s.keeps_first else ""))
        if count > 1 and result.complete and not fixes:
            self.fixes.addItem("No single small change makes it unique")
            self.suggestions = []

    def apply(self) -> None:
        """Make the picked change on the document (one undo step)."""
        row = self.fixes.currentRow()
        if not 0 <= row < len(self.suggestions):
            return
        s = self.suggestions[row]
        changed: Scenario = s.scenario
        doc = self.document
        if s.kind == "obstacle":
            label = s.text.split()[-1]
            coord = doc.scenario.board.grid.coord(label)
            doc.undo_stack.push(SetCellsCommand(doc, {coord: changed.board.cells[label]}, f"Obstacle on {label}"))
        else:
            doc.undo_stack.push(SetPartCommand(doc, "puzzle", changed.puzzle, "Make puzzle unique"))
        self.fixes.clear()
        self.suggestions = []
        self.apply_button.setEnabled(False)
        self.status.setText(f"Applied: {s.text}")

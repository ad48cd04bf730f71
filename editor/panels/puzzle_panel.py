"""The puzzle panel: edit a scenario's puzzle, see it re-verified in the background, step through
the solution.

* **Editing.** The goal (kind, who, which places), the resources (hand, drawn tiles, turns, a move
  cap, money) and the phases of a turn. Each field is checked as you leave it: the whole puzzle is
  rebuilt and validated against the scenario; an invalid value is shown in red with the reason and
  changes nothing. A valid change is one undo step (``SetPartCommand`` on ``puzzle``).
* **Status.** After every change of the document (debounced), the solver runs on a worker thread
  on a snapshot of the scenario: never on the GUI thread, so the window never freezes. A newer
  change or the *Cancel* button cancels the running search (the solver polls a flag).
* **Step-through.** The solution's moves are listed; *Previous* / *Next* (or a click on a move)
  show the board after that move in the preview below, and :attr:`PuzzlePanel.stepChanged`
  announces the board shown. A step the user picks (not one shown because a new verification
  arrived) is also announced by :attr:`PuzzlePanel.stepRequested`, which the main window uses
  to show that step on the main board (read-only preview).
* **Play mode.** *Play* hides the solution (the moves, the step-through and the analysis, which
  shows solutions) so the author can try the puzzle on the board first; *Show solution* reveals
  it. Another file opened hides it again; leaving play mode is the author's view as before.

Phases are written ``name[:drawn][:required][:xN]``, comma-separated, e.g.
``mandatory:drawn:required, optional`` (Catalan) or ``I:x4`` (18xx: game phase I, up to four lays).
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.commands import SetPartCommand
from editor.document import Document, snapshot
from editor.forms import form
from editor.panels.puzzle_parts import (  # noqa: F401 - the panel's text forms, re-exported
    BoardPreview,
    default_puzzle,
    phases_from_text,
    phases_to_text,
    split_list,
    verdict_text,
)
from editor.workers import Job
from model.puzzle_spec import Puzzle, Resources
from model.rules import Move
from model.scenario import Scenario

VERIFY_DELAY_MS = 300
"""Debounce: a burst of edits is verified once, this long after the last."""
VERIFY_MAX_SECONDS = 10.0
INVALID_STYLE = "background: #ffd6d6;"
GOAL_KINDS = ("destination", "reach", "connect")


# --- background verification --------------------------------------------------------------
class Verifier(Job):
    """Runs the solver on a worker thread; a new request or :meth:`cancel` stops the old one.

    A :class:`editor.workers.Job`: the worker touches no Qt object, its result is collected on
    the GUI thread (so a panel closed mid-search cannot be reached from the thread).
    """

    started = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.max_seconds = VERIFY_MAX_SECONDS

    def start(self, scenario: Scenario) -> None:  # type: ignore[override]
        """Verify ``scenario`` (a snapshot the GUI will not change) in the background."""
        from model.puzzles.solver import solve

        max_seconds = self.max_seconds
        super().start(lambda _progress, stopped: solve(scenario, count=True, max_seconds=max_seconds, cancelled=stopped),
                      "trackwright-puzzle")
        self.started.emit()


# --- the panel ------------------------------------------------------------------------------
class PuzzlePanel(QWidget):
    """Edit the scenario's puzzle, verify it in the background, step through its solution."""

    stepChanged = Signal(object)  # the Scenario shown after the selected step (None: none)
    stepRequested = Signal(object, int, int, str)  # the user picked a step: (Scenario, step, moves, cell of that move or "")

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.result: Any = None
        self.boards: list[Scenario] = []
        self.solution: list[Move] = []
        self.step = 0
        self._filling = False
        self.verifier = Verifier(self)
        self.verifier.finished.connect(self._verified)
        self.verifier.cancelled.connect(lambda: self._set_status("Cancelled"))
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(VERIFY_DELAY_MS)
        self._timer.timeout.connect(self.verify_now)
        self._build()
        document.metaChanged.connect(self._document_changed)
        document.boardReset.connect(self._document_changed)
        document.opened.connect(self._opened)
        # bound methods, not lambdas: Qt drops a bound method's connection when this panel is
        # destroyed, so a document that outlives its window never calls into a deleted panel
        document.cellsChanged.connect(self._content_changed)
        document.edgesChanged.connect(self._content_changed)
        self.refresh()
        self._schedule()

    # --- layout ---------------------------------------------------------------------------
    def _build(self) -> None:
        self.create_button = QPushButton("Make this scenario a puzzle")
        self.create_button.clicked.connect(self.create_puzzle)
        self.remove_button = QPushButton("Remove puzzle")
        self.remove_button.clicked.connect(self.remove_puzzle)
        self.generate_button = QPushButton("Generate…")
        self.generate_button.setToolTip("Find resources and a goal that make this board a unique N-move puzzle")
        self.generate_button.clicked.connect(self.open_generate)

        self.title = QLineEdit()
        self.actor = QComboBox()
        self.goal_kind = QComboBox()
        self.goal_kind.addItems(GOAL_KINDS)
        self.goal_who = QComboBox()
        self.places = QLineEdit()
        self.places.setPlaceholderText("places: cell labels or station ids")
        self.hand = QLineEdit()
        self.hand.setPlaceholderText("empty: the player's hand / the whole supply")
        self.draws = QLineEdit()
        self.turns = QSpinBox()
        self.turns.setRange(1, 40)
        self.max_moves = QSpinBox()
        self.max_moves.setRange(0, 60)
        self.max_moves.setSpecialValueText("no cap")
        self.money = QSpinBox()
        self.money.setRange(-1, 100000)
        self.money.setSpecialValueText("treasury")
        self.phases = QLineEdit()
        self.phases.setToolTip("name[:drawn][:required][:xN], comma-separated, e.g. 'mandatory:drawn:required, optional'")
        self.expect = QComboBox()
        self.expect.addItems(["unique", "solvable", "unsolvable", "any"])

        for w in (self.title, self.places, self.hand, self.draws, self.phases):
            w.editingFinished.connect(self.commit)
        for w in (self.actor, self.goal_kind, self.goal_who, self.expect):
            w.activated.connect(lambda _i: self.commit())
        for w in (self.turns, self.max_moves, self.money):
            w.editingFinished.connect(self.commit)

        goal_box = QGroupBox("Goal")
        form(goal_box, [
            ("Title", self.title), ("Played by", self.actor), ("Goal", self.goal_kind), ("For", self.goal_who),
            ("Places", self.places), ("Claim", self.expect),
        ])
        res_box = QGroupBox("Resources")
        form(res_box, [
            ("Hand", self.hand), ("Drawn tiles", self.draws), ("Turns", self.turns), ("Move cap", self.max_moves),
            ("Money", self.money), ("Phases", self.phases),
        ])

        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020;")
        self.error.setWordWrap(True)
        self.status = QLabel("No puzzle")
        self.status.setWordWrap(True)
        self.verify_button = QPushButton("Verify now")
        self.verify_button.clicked.connect(self.verify_now)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancel)
        status_row = QHBoxLayout()
        status_row.addWidget(self.status, 1)
        status_row.addWidget(self.verify_button)
        status_row.addWidget(self.cancel_button)

        self.moves = QListWidget()
        self.moves.currentRowChanged.connect(self._row_picked)
        self.prev_button = QPushButton("◀ Previous")
        self.prev_button.clicked.connect(self.previous_step)
        self.next_button = QPushButton("Next ▶")
        self.next_button.clicked.connect(self.next_step)
        self.step_label = QLabel()
        nav = QHBoxLayout()
        nav.addWidget(self.prev_button)
        nav.addWidget(self.step_label, 1)
        nav.addWidget(self.next_button)
        self.preview = BoardPreview()
        # play mode: the solution (its moves, the step-through, the analysis's solutions) hidden
        # until asked, so the author can try the puzzle on the board first
        self.play_button = QPushButton("Play")
        self.play_button.setCheckable(True)
        self.play_button.setToolTip("Play the puzzle on the board yourself: the solution stays hidden until you ask for it")
        self.play_button.toggled.connect(self.set_play_mode)
        self.show_solution_button = QPushButton("Show solution")
        self.show_solution_button.setToolTip("Reveal the solution the verifier found")
        self.show_solution_button.clicked.connect(self.reveal_solution)
        self.hidden_label = QLabel("Play mode: the solution is hidden.")
        self.hidden_label.setWordWrap(True)
        hidden_row = QHBoxLayout()
        hidden_row.addWidget(self.hidden_label, 1)
        hidden_row.addWidget(self.show_solution_button)
        self.hidden_box = QWidget()
        self.hidden_box.setLayout(hidden_row)
        hidden_row.setContentsMargins(0, 0, 0, 0)
        self.solution_box = QWidget()
        sol = QVBoxLayout(self.solution_box)
        sol.setContentsMargins(0, 0, 0, 0)
        sol.addWidget(QLabel("Solution"))
        sol.addWidget(self.moves)
        sol.addLayout(nav)
        sol.addWidget(self.preview, 1)
        self.revealed = False

        top = QHBoxLayout()
        top.addWidget(self.create_button)
        top.addWidget(self.remove_button)
        top.addWidget(self.generate_button)
        top.addWidget(self.play_button)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(goal_box)
        lay.addWidget(res_box)
        lay.addWidget(self.error)
        lay.addLayout(status_row)
        lay.addWidget(self.hidden_box)
        lay.addWidget(self.solution_box, 1)
        from editor.panels.puzzle_author import AnalysisBox

        self.analysis = AnalysisBox(self.document)
        lay.addWidget(self.analysis, 1)
        self._show_play_mode()
        self._editors = [
            self.title, self.actor, self.goal_kind, self.goal_who, self.places, self.hand, self.draws,
            self.turns, self.max_moves, self.money, self.phases, self.expect,
        ]

    # --- play mode --------------------------------------------------------------------------
    def play_mode(self) -> bool:
        return self.play_button.isChecked()

    def set_play_mode(self, on: bool) -> None:
        """Play mode hides the solution (until :meth:`reveal_solution`); off, the author's view."""
        if self.play_button.isChecked() != on:
            self.play_button.setChecked(on)  # toggled calls back here
            return
        self.revealed = False
        self._show_play_mode()

    def reveal_solution(self) -> None:
        """Show the solution in play mode (the next puzzle opened is hidden again)."""
        self.revealed = True
        had_focus = self.show_solution_button.hasFocus()
        self.solution_box.setVisible(True)
        if had_focus:  # the keyboard goes to stepping, not to the list (which would pick a move)
            self.next_button.setFocus()
        self._show_play_mode()

    def solution_shown(self) -> bool:
        return not self.play_mode() or self.revealed

    def _show_play_mode(self) -> None:
        shown = self.solution_shown()
        self.solution_box.setVisible(shown)
        self.analysis.setVisible(shown)
        self.hidden_box.setVisible(not shown)
        self.play_button.setEnabled(self.document.scenario.puzzle is not None)
        self.show_solution_button.setEnabled(bool(self.solution))
        self.hidden_label.setText("Play mode: the solution is hidden." if self.solution
                                  else "Play mode: the solution will stay hidden when the verifier finds one.")

    # --- model -> widgets ------------------------------------------------------------------
    def _document_changed(self) -> None:
        self.refresh()
        self._schedule()

    def _opened(self) -> None:
        """Another file: the old file's solution goes at once, and play mode hides the new one."""
        self.verifier.cancel(emit=False)
        self.revealed = False
        self._clear_solution()
        self._document_changed()

    def _content_changed(self, _changed: list) -> None:
        self._schedule()

    def refresh(self) -> None:
        """Show the document's puzzle in the editors."""
        s = self.document.scenario
        p = s.puzzle
        self._filling = True
        try:
            self.create_button.setVisible(p is None)
            self.remove_button.setVisible(p is not None)
            self.play_button.setEnabled(p is not None)
            for w in self._editors:
                w.setEnabled(p is not None)
            ids = [x.id for x in s.players] + [x.id for x in s.companies]
            for combo in (self.actor, self.goal_who):
                combo.clear()
                combo.addItems(ids)
            if p is None:  # a greyed form shows no values (not those of the previous file)
                for w in (self.title, self.places, self.hand, self.draws, self.phases):
                    w.clear()
                for spin in (self.turns, self.max_moves, self.money):
                    spin.setValue(spin.minimum())
                return
            self.title.setText(p.title or "")
            self.actor.setCurrentText(p.actor)
            g = p.goal
            self.goal_kind.setCurrentText(g.kind)
            who = {"destination": getattr(g, "player", None), "reach": getattr(g, "actor", None)}.get(g.kind)
            if g.kind == "connect":
                who = g.actor or ""
                self.goal_who.insertItem(0, "")
            self.goal_who.setCurrentText(who or "")
            self.places.setEnabled(g.kind != "destination")
            self.places.setText(", ".join(p.goal_places(s)) if g.kind != "destination" else "")
            r = p.resources
            self.hand.setText(", ".join(r.hand or []))
            self.draws.setText(", ".join(r.draws))
            self.turns.setValue(r.turns)
            self.max_moves.setValue(r.max_moves or 0)
            self.money.setValue(-1 if r.money is None else r.money)
            self.phases.setText(phases_to_text(p.phases))
            self.expect.setCurrentText(p.expect)
            for w in (self.places, self.hand, self.draws, self.phases):
                w.setStyleSheet("")
        finally:
            self._filling = False

    # --- widgets -> model ------------------------------------------------------------------
    def edited_puzzle(self) -> Puzzle:
        """The puzzle the editors describe; raises ValueError with the reason."""
        s = self.document.scenario
        old = s.puzzle
        if old is None:
            raise ValueError("there is no puzzle")
        kind = self.goal_kind.currentText()
        who = self.goal_who.currentText() or self.actor.currentText()
        places = split_list(self.places.text())
        if kind == "destination":
            goal: dict[str, Any] = {"kind": kind, "player": who}
        elif kind == "reach":
            goal = {"kind": kind, "actor": who, "places": places}
        else:
            if len(places) != 2:
                raise ValueError("a 'connect' goal names exactly two places")
            goal = {"kind": kind, "a": places[0], "b": places[1], "actor": self.goal_who.currentText() or None}
        hand = split_list(self.hand.text())
        resources = Resources(
            hand=hand or None,
            draws=split_list(self.draws.text()),
            turns=self.turns.value(),
            max_moves=self.max_moves.value() or None,
            money=None if self.money.value() < 0 else self.money.value(),
        )
        data = old.model_dump()
        data.update(
            title=self.title.text().strip() or None,
            actor=self.actor.currentText(),
            goal=goal,
            resources=resources.model_dump(),
            phases=[p.model_dump() for p in phases_from_text(self.phases.text(), old.phases)],
            expect=self.expect.currentText(),
        )
        try:
            puzzle = Puzzle.model_validate(data)
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            raise ValueError(f"{'.'.join(map(str, err.get('loc', ())))}: {err.get('msg')}") from None
        puzzle.check_against(s)
        return puzzle

    def commit(self) -> bool:
        """Validate the editors and push the change as one undo step; False when invalid."""
        if self._filling or self.document.scenario.puzzle is None:
            return False
        try:
            puzzle = self.edited_puzzle()
        except ValueError as exc:
            self._show_error(str(exc))
            return False
        self._show_error("")
        if puzzle != self.document.scenario.puzzle:
            self.document.undo_stack.push(SetPartCommand(self.document, "puzzle", puzzle, "Edit puzzle"))
        return True

    def _show_error(self, text: str) -> None:
        """Show why an edit was refused, and mark the field it concerns."""
        self.error.setText(text)
        field = text.split(":", 1)[0]
        targets = (
            ("puzzle.goal", self.places),
            ("a 'connect' goal", self.places),
            ("puzzle.resources.hand", self.hand),
            ("puzzle.resources.draws", self.draws),
            ("puzzle.phases", self.phases),
            ("'", self.phases),  # a phase step quoted by phases_from_text
            ("at least one phase", self.phases),
        )
        marked = {id(w) for key, w in targets if text and field.startswith(key)}
        for w in (self.places, self.hand, self.draws, self.phases):
            w.setStyleSheet(INVALID_STYLE if id(w) in marked else "")

    def create_puzzle(self) -> None:
        try:
            puzzle = default_puzzle(self.document.scenario)
            puzzle.check_against(self.document.scenario)
        except ValueError as exc:
            self._show_error(str(exc))
            return
        self.document.undo_stack.push(SetPartCommand(self.document, "puzzle", puzzle, "Make puzzle"))

    def remove_puzzle(self) -> None:
        if self.document.scenario.puzzle is not None:
            self.document.undo_stack.push(SetPartCommand(self.document, "puzzle", None, "Remove puzzle"))

    # --- verification --------------------------------------------------------------------
    def _schedule(self) -> None:
        self.verifier.cancel(emit=False)
        if self.document.scenario.puzzle is None:
            self._timer.stop()
            if self.status.text() == "No puzzle" and self.result is None and not self.boards and not self.moves.count():
                return  # already showing nothing: an edit of a board without a puzzle costs nothing here
            self._set_status("No puzzle")
            self._clear_solution()
            return
        self._set_status("Waiting to verify…")
        self._timer.start()

    def verify_now(self) -> None:
        """Start verifying the document's puzzle in the background (returns at once)."""
        self._timer.stop()
        scenario = self.document.scenario
        if scenario.puzzle is None:
            return
        self._set_status("Verifying…")
        self.cancel_button.setEnabled(True)
        self.verifier.start(snapshot(scenario))

    def cancel(self) -> None:
        self._timer.stop()
        self.verifier.cancel()
        self.cancel_button.setEnabled(False)

    def is_verifying(self) -> bool:
        return self.verifier.is_running()

    def _set_status(self, text: str) -> None:
        self.status.setText(text)
        self.cancel_button.setEnabled(self.verifier.is_running())

    def _verified(self, result: object) -> None:
        self.cancel_button.setEnabled(False)
        if isinstance(result, Exception):
            self._set_status(f"Cannot verify: {result}")
            self._clear_solution()
            return
        self.result = result
        self._set_status(verdict_text(result))
        self._show_solution(result.solution or [])

    # --- step-through ------------------------------------------------------------------------
    def _clear_solution(self) -> None:
        self.result = None
        self.boards = []
        self.solution = []
        self.moves.clear()
        self.show_step(0)
        self._show_play_mode()

    def _show_solution(self, moves: list[Move]) -> None:
        from model.puzzles.solver import replay

        self.moves.blockSignals(True)
        self.moves.clear()
        for i, m in enumerate(moves, 1):
            phase = f" [{m.phase}]" if m.phase else ""
            self.moves.addItem(f"{i}. {m.text()}{phase}")
        self.moves.blockSignals(False)
        try:
            self.boards = replay(self.document.scenario, moves) if moves else [self.document.scenario]
        except Exception as exc:  # the document changed since: the next verification will refresh
            self.boards = []
            self._set_status(f"{self.status.text()} (cannot replay: {exc})")
        self.solution = moves
        scenario = self.document.scenario
        focus = [m.cell for m in moves]
        if scenario.puzzle is not None and moves:
            places = scenario.puzzle.goal_places(scenario)
            focus += [p for p in places if scenario.board.grid.is_label(p)]
        self.preview.focus = focus
        self.show_step(0)
        self._show_play_mode()

    def show_step(self, step: int) -> None:
        """Show the board after ``step`` moves of the solution (0: the start)."""
        if not self.boards:
            self.step = 0
            self.preview.show_scenario(None)
            self.step_label.setText("")
            self.prev_button.setEnabled(False)
            self.next_button.setEnabled(False)
            self.stepChanged.emit(None)
            return
        step = max(0, min(step, len(self.boards) - 1))
        self.step = step
        moves = self.solution
        highlight = moves[step - 1].cell if step > 0 and step - 1 < len(moves) else None
        self.preview.show_scenario(self.boards[step], highlight)
        self.step_label.setText(f"after move {step} of {len(self.boards) - 1}" if step else "start")
        self.prev_button.setEnabled(step > 0)
        self.next_button.setEnabled(step < len(self.boards) - 1)
        if self.moves.currentRow() != step - 1:
            self.moves.blockSignals(True)
            self.moves.setCurrentRow(step - 1)
            self.moves.blockSignals(False)
        self.stepChanged.emit(self.boards[step])

    def pick_step(self, step: int) -> None:
        """Show ``step`` because the user asked for it: also announced by :attr:`stepRequested`."""
        self.show_step(step)
        if self.boards:
            moves = self.solution
            cell = moves[self.step - 1].cell if 0 < self.step <= len(moves) else ""
            self.stepRequested.emit(self.boards[self.step], self.step, len(self.boards) - 1, cell)

    def previous_step(self) -> None:
        self.pick_step(self.step - 1)

    def next_step(self) -> None:
        self.pick_step(self.step + 1)

    def _row_picked(self, row: int) -> None:
        if row >= 0:
            self.pick_step(row + 1)

    def shown_scenario(self) -> Scenario | None:
        """The board the preview shows."""
        return self.preview.scenario

    def open_generate(self) -> None:
        """Open the *Generate…* dialog (:class:`editor.panels.puzzle_author.GenerateDialog`)."""
        from editor.panels.puzzle_author import GenerateDialog

        self.generate_dialog = GenerateDialog(self.document, self)
        self.generate_dialog.show()

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        self.verifier.cancel(emit=False)
        self.analysis.job.cancel(emit=False)
        super().closeEvent(event)


"""The Game panel: step through a recorded 18xx.games game, and make a puzzle from a position.

File > Import of a game exported from 18xx.games (a ``.json`` with its title and actions) opens
the position after the last action and hands the game to this panel. The panel lists the actions
that stood (undo and redo followed: ``22 KO lay J3 8 r3``); a slider and the list pick one, and
the board becomes the position after it (one undo step: Edit > Undo goes back to where you were).
*Make a puzzle from this position* turns the position into a puzzle: reach what the acting
company went on to reach, with the tiles it laid in its next lays (the spin box says how many);
the Puzzle panel then verifies it. The model does the work (:class:`model.io.import_18xx_game.
GameSession`, :func:`model.puzzles.from_position.puzzle_from_position`); nothing here reads
the engine.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPushButton,
    QSizePolicy,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.commands.replace_scenario import ReplaceScenarioCommand
from editor.document import Document


class GamePanel(QWidget):
    """See the module docstring. ``set_game(path)`` opens a recorded game (False, with the reason
    shown, when it cannot be read)."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.session = None
        self.title = QLabel("No recorded game: File > Import a game exported from 18xx.games.")
        self.title.setWordWrap(True)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName("game_slider")
        self.slider.setEnabled(False)
        self.moves = QListWidget()
        self.moves.setObjectName("game_moves")
        self.where = QLabel("")
        self.where.setWordWrap(True)
        self.lays = QSpinBox()
        self.lays.setRange(1, 12)
        self.lays.setValue(2)
        self.lays.setToolTip("How many of the acting company's next lays the puzzle asks for")
        self.puzzle_button = QPushButton("Make a puzzle from this position")
        self.puzzle_button.setEnabled(False)
        self.puzzle_button.setToolTip("Reach what the acting company reached with its next lays, with the tiles it laid")
        self.message = QLabel("")
        self.message.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(QLabel("Lays:"))
        row.addWidget(self.lays)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        for w in (self.title, self.slider, self.where, self.moves):
            layout.addWidget(w)
        layout.addLayout(row)
        layout.addWidget(self.puzzle_button)
        layout.addWidget(self.message)
        self.moves.setMinimumWidth(120)  # a narrow window keeps the board wide (the dock's column is shared)
        self.puzzle_button.setMinimumWidth(120)
        self.puzzle_button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.slider.valueChanged.connect(self._slid)
        self.moves.currentRowChanged.connect(self._picked)
        self.puzzle_button.clicked.connect(self.make_puzzle)
        self._shown: int | None = None

    # --- the game ---------------------------------------------------------------------------
    def set_game(self, path: str | Path, engine: str | Path | None = None) -> bool:
        from model.io.game_log import GameLogError
        from model.io.import_18xx_game import GameSession, action_text
        from model.io.importing import ImportFailure

        try:
            session = GameSession(path, engine)
        except (GameLogError, ImportFailure) as exc:
            self.message.setText(str(exc))
            return False
        self.session = session
        self.title.setText(f"{session.log.title}, game {session.log.game_id}: {len(session.actions)} actions stand "
                           f"(undo and redo followed). The board shows the position after the action picked.")
        self.moves.blockSignals(True)
        self.slider.blockSignals(True)
        self.moves.clear()
        for a in session.actions:
            self.moves.addItem(QListWidgetItem(action_text(a)))
        self.slider.setRange(0, max(0, len(session.actions) - 1))
        self.slider.setEnabled(bool(session.actions))
        last = len(session.actions) - 1
        self.slider.setValue(max(last, 0))
        self.moves.setCurrentRow(last)
        self.moves.blockSignals(False)
        self.slider.blockSignals(False)
        self._shown = last if last >= 0 else None
        self.puzzle_button.setEnabled(bool(session.actions))
        self._describe()
        self.message.setText("")
        return True

    def current_action(self) -> int | None:
        if self.session is None or self._shown is None:
            return None
        return self.session.actions[self._shown]["id"]

    def _slid(self, index: int) -> None:
        if self.moves.currentRow() != index:
            self.moves.setCurrentRow(index)  # shows it through _picked
        else:
            self.show_position(index)

    def _picked(self, index: int) -> None:
        if index < 0:
            return
        if self.slider.value() != index:
            self.slider.blockSignals(True)
            self.slider.setValue(index)
            self.slider.blockSignals(False)
        self.show_position(index)

    def show_position(self, index: int) -> None:
        """The board becomes the position after the action at ``index`` of the list (one undo step)."""
        if self.session is None or index == self._shown or not 0 <= index < len(self.session.actions):
            return
        from model.io.game_log import GameLogError

        aid = self.session.actions[index]["id"]
        try:
            scenario = self.session.at(aid)
        except GameLogError as exc:
            self.message.setText(str(exc))
            return
        self._shown = index
        self.document.undo_stack.push(ReplaceScenarioCommand(self.document, scenario, f"Game: position after action {aid}"))
        self._describe()
        self.message.setText("")

    def _describe(self) -> None:
        s = self.document.scenario
        laid = ", ".join(e.cell for e in s.state.laid) or "nothing yet"
        self.where.setText(f"After action {self.current_action()}: phase {s.state.game_phase or '-'}, "
                           f"{s.state.active or 'nobody'} to act (laid this turn: {laid}).")

    def make_puzzle(self) -> bool:
        """The board becomes a puzzle from the position shown (one undo step)."""
        if self.session is None:
            return False
        from model.io.game_log import GameLogError
        from model.puzzles.from_position import puzzle_from_position
        from model.puzzles.generate import PuzzleError

        aid = self.current_action()
        try:
            nl = self.session.next_lays(aid, self.lays.value())
            scenario = puzzle_from_position(nl.before, nl.after, nl.actor, nl.tiles, nl.turns, nl.lays_per_turn,
                                            f"{self.session.log.title}: {nl.actor} after action {aid}")
        except (GameLogError, PuzzleError, ValueError) as exc:
            self.message.setText(f"No puzzle from this position: {exc}")
            return False
        self.document.undo_stack.push(ReplaceScenarioCommand(self.document, scenario, "Make a puzzle from this position"))
        goal = ", ".join(scenario.puzzle.goal.places)
        self.message.setText(f"Puzzle: {nl.actor} reaches {goal} with {', '.join(nl.tiles)} in {nl.turns} turn(s). "
                             "Verify it on the Puzzle panel; File > Save As keeps it.")
        return True


def install(window: QMainWindow, document: Document, below: QDockWidget | None) -> tuple[GamePanel, QDockWidget]:
    """The Game dock on the window's right, tabbed with ``below``."""
    panel = GamePanel(document)
    dock = QDockWidget("Game", window)
    dock.setObjectName("game")
    dock.setWidget(panel)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    if below is not None:
        window.tabifyDockWidget(below, dock)
    return panel, dock

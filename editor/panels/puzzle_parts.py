"""The puzzle panel's parts that the puzzle author's dialogs share with it: the text forms of the
puzzle fields (Qt-free) and the small painting of a board (:class:`BoardPreview`)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget

from model.puzzle_spec import PhaseStep, Puzzle
from model.scenario import Scenario


# --- text forms of the puzzle fields (Qt-free, tested directly) ----------------------------------
def split_list(text: str) -> list[str]:
    """``"a, b c"`` -> ``["a", "b", "c"]``."""
    return [t for t in text.replace(",", " ").split() if t]


def phases_to_text(phases: list[PhaseStep]) -> str:
    parts = []
    for p in phases:
        bits = [p.name]
        if p.tile_from == "drawn":
            bits.append("drawn")
        if p.required:
            bits.append("required")
        if p.max_moves != 1:
            bits.append(f"x{p.max_moves}")
        parts.append(":".join(bits))
    return ", ".join(parts)


def phases_from_text(text: str, old: list[PhaseStep] | None = None) -> list[PhaseStep]:
    """Parse ``name[:drawn][:required][:xN]`` steps; raises ValueError with the reason
    (:func:`model.puzzles.generate.parse_phases`)."""
    from model.puzzles.generate import parse_phases

    return parse_phases(text, old)


def default_puzzle(scenario: Scenario) -> Puzzle:
    """A starting puzzle for a scenario: its first player (or company) and a simple goal."""
    if scenario.players:
        p = scenario.players[0]
        if p.destination:
            goal: dict[str, Any] = {"kind": "destination", "player": p.id}
        else:
            goal = {"kind": "reach", "actor": p.id, "places": [_some_place(scenario)]}
        return Puzzle.model_validate({"actor": p.id, "goal": goal, "phases": [{"name": "optional"}]})
    if scenario.companies:
        c = scenario.companies[0]
        place = c.home or _some_place(scenario)
        phase = scenario.state.game_phase or "I"
        return Puzzle.model_validate(
            {"actor": c.id, "goal": {"kind": "reach", "actor": c.id, "places": [place]}, "phases": [{"name": phase, "max_moves": 4}]}
        )
    raise ValueError("add a player or a company first: a puzzle needs someone to play it")


def _some_place(scenario: Scenario) -> str:
    for label, cell in scenario.board.cells.items():
        if cell.cities:
            return label
    return scenario.board.grid.label(scenario.board.grid.ordered_coords[0])


def verdict_text(result: Any) -> str:
    """One line for the status label."""
    if result.verdict == "solvable":
        n = len(result.solution or [])
        if result.count is None:
            head = "Solvable"
        elif result.unique:
            head = "Solvable, unique"
        elif result.complete:
            head = f"Solvable, {result.count} distinct solutions"
        else:
            head = f"Solvable, at least {result.count} solutions ({result.reason})"
        return f"{head}: {n} move{'s' if n != 1 else ''} ({result.nodes} nodes, {result.seconds:.2f} s)"
    if result.verdict == "unsolvable":
        return f"Unsolvable within the puzzle's bounds ({result.nodes} nodes, {result.seconds:.2f} s)"
    return f"Unknown: {result.reason}"


# --- the board preview --------------------------------------------------------------------
class BoardPreview(QWidget):
    """A small painting of a scenario's board (the board after the selected solution step)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scenario: Scenario | None = None
        self.highlight: str | None = None
        self.focus: list[str] = []  # cells to frame (the solution's); empty: the whole board
        self.setMinimumSize(160, 160)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(260, 260)

    def show_scenario(self, scenario: Scenario | None, highlight: str | None = None) -> None:
        self.scenario, self.highlight = scenario, highlight
        self.update()

    def view_rect(self, size: float):
        """The part of the board to paint: around the focus cells on a big board, else all of it."""
        from editor import render

        whole = render.board_rect(self.scenario, size, labels=False)
        grid = self.scenario.board.grid
        cells = [grid.coord(lbl) for lbl in self.focus if grid.is_label(lbl)]
        if not cells:
            return whole
        rect = render.cell_polygon(grid, cells[0], size).boundingRect()
        for c in cells[1:]:
            rect = rect.united(render.cell_polygon(grid, c, size).boundingRect())
        m = size * 1.5
        rect = rect.adjusted(-m, -m, m, m).intersected(whole)
        if rect.width() * rect.height() > 0.5 * whole.width() * whole.height():
            return whole
        return rect

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#f4f4f4"))
        if self.scenario is None:
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "no solution to show")
            return
        from editor import render

        size = render.CELL_SIZE
        src = self.view_rect(size)
        if src.width() <= 0 or src.height() <= 0:
            return
        scale = min(self.width() / src.width(), self.height() / src.height())
        painter.translate((self.width() - src.width() * scale) / 2, (self.height() - src.height() * scale) / 2)
        painter.scale(scale, scale)
        painter.translate(-src.left(), -src.top())
        render.paint_board(painter, self.scenario, size, labels=False)
        if self.highlight is not None and self.scenario.board.grid.is_label(self.highlight):
            grid = self.scenario.board.grid
            poly = render.cell_polygon(grid, grid.coord(self.highlight), size)
            pen = painter.pen()
            pen.setColor(QColor("#1a73e8"))
            pen.setWidthF(size * 0.08)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(poly)
        painter.end()

"""The editor's document: the scenario, its undo stack, the selection and the live checker.

Model -> Document -> Scene, in one direction. The document is the only object that changes
the scenario, and only through its edit API (:meth:`Document.set_cells`,
:meth:`Document.set_edges`, :meth:`Document.replace_scenario`, :meth:`Document.set_part`),
which the QUndoCommands in ``editor/commands/`` call. Every change emits a typed signal, so
the scene refreshes only the items of the cells that changed.

The live checker re-runs the scenario's rule set after every change, debounced by a QTimer,
on a worker thread that works on a cheap snapshot of the scenario (cells and edges are
copied by reference: cells are replaced, never mutated, so sharing them is safe). The
thread never touches a Qt object except to emit a queued signal to the main thread.
"""

from __future__ import annotations

import bisect
import queue
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

import editor.qtcompat  # noqa: F401  (PySide6 emit refcount fix, before any signal is emitted)
from editor.workers import drain_finished_workers, submit
from model.board import EMPTY_CELL, Board, Cell, EdgeFeature
from model.grid import Coord
from model.io.atomic import file_digest
from model.rules import Issue, RuleSet, get_rule_set, sort_issues, structural_issues
from model.scenario import Scenario

CHECK_DELAY_MS = 150
"""Debounce of the live checker: a burst of edits is checked once, this long after the last."""

SCENARIO_PARTS = ("meta", "rules", "tiles", "players", "companies", "play", "state", "puzzle")
"""Top-level scenario fields that :meth:`Document.set_part` may replace (everything but the board)."""


def snapshot(scenario: Scenario) -> Scenario:
    """A copy of ``scenario`` that later edits of the document do not change.

    Cheap: the board's cell dict and edge list are copied, the cells themselves are shared
    (the document replaces cells, never mutates them). Used by the checker thread and tests.
    """
    # every field given: a field left out would be its default (a board's off-grid areas lost),
    # and pydantic inspects each default factory's signature on every construct (milliseconds)
    old = scenario.board
    board = Board.model_construct(**{name: getattr(old, name) for name in Board.model_fields})
    board.cells = dict(old.cells)
    board.edges = list(old.edges)
    fields = {name: getattr(scenario, name) for name in Scenario.model_fields}
    fields["board"] = board
    copy = Scenario.model_construct(**fields)
    return copy


def full_check(rules: RuleSet | None, rule_set_error: str | None, scenario: Scenario) -> list[Issue]:
    """The whole check of a scenario (only the structural checks without a rule set); never raises."""
    try:
        if rules is None:
            issues = structural_issues(scenario)
            note = Issue("editor.no-rule-set", "warning", f"Only structural checks: {rule_set_error}")
            return sort_issues(issues + [note])
        return rules.check(scenario)
    except Exception as exc:  # a bug in a rule set is shown, not raised into the event loop
        return [Issue("editor.checker-failed", "error", f"The rule set's checker failed: {type(exc).__name__}: {exc}")]


def run_check(rules, rule_set_error, incremental, scenario: Scenario, changed: set[Coord], full: bool):
    """One check of a snapshot: incremental when the rule set offers it, else the full check.

    Runs on the checker thread (one at a time) and touches no Qt object. Returns the issues and
    the incremental checker to keep for the next edit (None when there is none).
    """
    if rules is not None:
        try:
            if full or incremental is None:
                incremental = rules.incremental_checker(scenario)
                if incremental is not None:
                    return incremental.issues(), incremental
            else:
                return incremental.update(scenario, sorted(changed)), incremental
        except Exception:  # noqa: BLE001 - fall back to the full check, which reports failures
            pass
    return full_check(rules, rule_set_error, scenario), None


class Document(QObject):
    """The open scenario with its undo stack, file path, selection and current issues."""

    cellsChanged = Signal(list)      # list[Coord]: cells whose content changed
    edgesChanged = Signal(list)      # list[tuple[Coord, int]]: sides whose edge features changed
    boardReset = Signal()            # the whole scenario was replaced (new/open/recover/grid change)
    metaChanged = Signal()           # meta, rules options, players, companies, state, supply changed
    partChanged = Signal(str)        # which of SCENARIO_PARTS changed (emitted just before metaChanged)
    issuesChanged = Signal(list)     # list[Issue], after each debounced re-check
    selectionChanged = Signal(list)  # list[Coord]
    modifiedChanged = Signal(bool)
    pathChanged = Signal(object)     # pathlib.Path | None
    checkingChanged = Signal(bool)   # True while a check is pending or running
    opened = Signal()                # another scenario was opened (new, open, import, recover): not an edit

    def __init__(self, scenario: Scenario, path: Path | str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._scenario = scenario
        self._order: tuple[dict, tuple[str, ...]] | None = None  # see cell_order
        self.path: Path | None = Path(path) if path is not None else None
        # the file's contents as this document last saw them (opened or saved): a save that finds
        # them changed asks first (another editor or program wrote the file meanwhile)
        self.disk_digest: str | None = file_digest(self.path)
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)
        self.issues: list[Issue] = []
        self.checked_scenario: Scenario | None = None  # the snapshot that ``issues`` describe
        self._issues_by_cell: dict[Coord, list[Issue]] = {}
        self.selection: list[Coord] = []
        self.rule_set: RuleSet | None = None
        self.rule_set_error: str | None = None
        self._load_rule_set()
        # live checker
        self.check_delay_ms = CHECK_DELAY_MS
        self.threaded_checks = True
        self._generation = 0
        self._checked_generation = -1
        self._running = False
        self._pending_cells: set[Coord] = set()
        self._pending_full = True
        self._incremental = None  # the rule set's incremental checker, when it has one
        # The worker thread never touches Qt: it puts its result in a queue that a main-thread
        # timer drains (emitting on QObjects from a Python thread crashed PySide6 6.12 in tests).
        self._results: queue.SimpleQueue = queue.SimpleQueue()
        self._poll = QTimer(self)
        self._poll.setInterval(10)
        self._poll.timeout.connect(self._drain_results)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._start_check)
        self.schedule_check()

    def _on_clean_changed(self, clean: bool) -> None:
        self.modifiedChanged.emit(not clean)

    # --- read access --------------------------------------------------------------------
    @property
    def scenario(self) -> Scenario:
        """The scenario (read-only for everyone but the document and its commands' edit API)."""
        return self._scenario

    @property
    def grid(self):
        return self._scenario.board.grid

    def cell(self, coord: Coord) -> Cell:
        return self._scenario.board.cell(coord)

    def label(self, coord: Coord) -> str:
        return self._scenario.board.grid.label(coord)

    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def display_name(self) -> str:
        """The file name for the window title, or the scenario title when never saved."""
        return self.path.name if self.path is not None else (self._scenario.meta.title or "Untitled")

    def issues_at(self, coord: Coord) -> list[Issue]:
        """The current issues that concern ``coord``."""
        return list(self._issues_by_cell.get(coord, ()))

    def issue_counts(self) -> dict[str, int]:
        counts = {"error": 0, "warning": 0, "info": 0}
        for issue in self.issues:
            counts[issue.severity] = counts.get(issue.severity, 0) + 1
        return counts

    # --- selection ----------------------------------------------------------------------
    def set_selection(self, coords: list[Coord]) -> None:
        """Select these cells (duplicates and cells off the board are dropped)."""
        grid = self.grid
        seen: set[Coord] = set()
        clean: list[Coord] = []
        for c in coords:
            c = (int(c[0]), int(c[1]))
            if c not in seen and grid.contains(c):
                seen.add(c)
                clean.append(c)
        if clean == self.selection:
            return
        self.selection = clean
        self.selectionChanged.emit(list(clean))

    # --- edit API: called only by QUndoCommands in editor/commands/ -----------------------
    def cell_order(self) -> tuple[str, ...]:
        """The labels of the cell table in order, one tuple shared until a cell is added or removed.

        Every cell command keeps the order from before (and after) it, to undo byte for byte;
        sharing one tuple keeps a long undo history from holding a list of every label per step
        (memory, and objects the garbage collector walks).
        """
        cells = self._scenario.board.cells
        order = self._order
        if order is None or order[0] is not cells or len(order[1]) != len(cells):
            order = self._order = (cells, tuple(cells))
        return order[1]

    def set_cells(self, cells: dict[Coord, Cell], order: tuple[str, ...] | list[str] | None = None) -> None:
        """Replace the content of these cells; a cell equal to EMPTY_CELL removes the entry.

        ``order`` (optional) is the label order the cell table must have afterwards: undo passes
        the order from before the command so that the saved file comes back byte for byte.
        """
        if not cells:
            return
        board = self._scenario.board
        grid = board.grid
        changed: list[Coord] = []
        for coord, cell in cells.items():
            label = grid.label(coord)
            if cell == EMPTY_CELL:
                if board.cells.pop(label, None) is None:
                    continue
                self._order = None
            else:
                old = board.cells.get(label)
                if old == cell:
                    continue
                if old is None:
                    self._order = None
                board.cells[label] = cell
            changed.append(coord)
        if order is not None and self.cell_order() != tuple(order):
            self._order = None
            table = dict(board.cells)
            board.cells.clear()
            board.cells.update({lbl: table[lbl] for lbl in order if lbl in table})
            board.cells.update({lbl: c for lbl, c in table.items() if lbl not in board.cells})
        if changed:
            self.cellsChanged.emit(changed)
            self.schedule_check(changed)

    def set_edges(
        self, remove: list[EdgeFeature], add: list[EdgeFeature], positions: list[int] | None = None
    ) -> list[int]:
        """Remove these edge features (by equality) and add these at their canonical place.

        The list stays in :meth:`Board.edge_order`. ``positions`` (optional, one per added
        feature, ascending) inserts the added features at those indices instead (undo uses it to
        restore the list exactly). Returns the indices the removed features had, in the order of
        ``remove``.
        """
        board = self._scenario.board
        grid = board.grid
        sides: list[tuple[Coord, int]] = []
        edges = board.edges
        removed_at: list[int] = []
        for feature in remove:
            i = board.edge_index(feature)  # a bisection: the list is in edge order
            if i is not None:
                del edges[i]
                removed_at.append(i)
                sides.append(board.side_key(grid.coord(feature.cell), feature.edge))
        for k, feature in enumerate(add):
            if positions is not None and k < len(positions):
                edges.insert(positions[k], feature)
            else:
                edges.insert(bisect.bisect_right(edges, board.edge_order(feature), key=board.edge_order), feature)
            sides.append(board.side_key(grid.coord(feature.cell), feature.edge))
        if sides:
            self.edgesChanged.emit(list(dict.fromkeys(sides)))
            self.schedule_check()
        return removed_at

    def replace_scenario(self, scenario: Scenario) -> None:
        """Replace the whole scenario (grid change, recovery, new/open through a command)."""
        self._scenario = scenario
        self._order = None
        if self.selection:
            self.selection = [c for c in self.selection if scenario.board.grid.contains(c)]
            self.selectionChanged.emit(list(self.selection))
        self._load_rule_set()
        self.boardReset.emit()
        self.schedule_check()

    def set_part(self, name: str, value: Any) -> None:
        """Replace one top-level part of the scenario other than the board (see SCENARIO_PARTS)."""
        if name not in SCENARIO_PARTS:
            raise ValueError(f"set_part: {name!r} is not one of {', '.join(SCENARIO_PARTS)}")
        setattr(self._scenario, name, value)
        if name in ("rules", "tiles"):
            self._scenario.forget_tileset()  # the tile catalogue depends on these
        if name == "rules":
            self._load_rule_set()
        # a listener that depends on some parts only (the board's colours on players and companies,
        # the palette on the supply) reads partChanged and leaves the other edits alone
        self.partChanged.emit(name)
        self.metaChanged.emit()
        self.schedule_check()

    # --- documents from files (not edits: they reset the undo history) -----------------------
    def open_scenario(self, scenario: Scenario, path: Path | str | None) -> None:
        """Show another scenario (File > New / Open / recover); the undo history starts afresh."""
        self.undo_stack.clear()
        self.selection = []
        self.selectionChanged.emit([])
        self.issues = []
        self._issues_by_cell = {}
        self.replace_scenario(scenario)
        self.set_path(path)
        self.disk_digest = file_digest(self.path)
        self.opened.emit()
        self.undo_stack.setClean()
        self.modifiedChanged.emit(False)

    def set_path(self, path: Path | str | None) -> None:
        self.path = Path(path) if path is not None else None
        self.pathChanged.emit(self.path)

    def mark_saved(self, path: Path | str) -> None:
        """Record a successful save: the path and a clean undo stack."""
        self.set_path(path)
        self.disk_digest = file_digest(self.path)
        self.undo_stack.setClean()

    # --- live checker -------------------------------------------------------------------
    def _load_rule_set(self) -> None:
        self._pending_full = True
        self._checker_rules = None
        try:
            self.rule_set = get_rule_set(self._scenario.rules.id)
            # a second instance for the checker thread: rule sets may cache on themselves, and
            # the main thread asks its own instance (ghost, overlay) while a check runs
            self._checker_rules = get_rule_set(self._scenario.rules.id)
            self.rule_set_error = None
        except KeyError as exc:
            self.rule_set = None
            self.rule_set_error = str(exc.args[0]) if exc.args else str(exc)
        except Exception as exc:  # a half-written rule set must not take the editor down
            self.rule_set = None
            self.rule_set_error = f"rule set {self._scenario.rules.id!r} failed to load: {exc}"

    def schedule_check(self, changed: list[Coord] | None = None) -> None:
        """Re-check after the debounce delay (a later call restarts the delay).

        ``changed`` names the edited cells (an incremental re-check suffices); None asks for a
        full check (edges, players, rules, a new board).
        """
        if changed is None:
            self._pending_full = True
        else:
            self._pending_cells.update(changed)
        self._generation += 1
        self._timer.start(self.check_delay_ms)
        self.checkingChanged.emit(True)

    def check_scenario(self, scenario: Scenario) -> list[Issue]:
        """Run the rule set (or only the structural checks when there is none); never raises."""
        return full_check(self.rule_set, self.rule_set_error, scenario)

    def _start_check(self) -> None:
        if self._running:
            # one check at a time; when it finishes, its generation is stale and a new one starts
            return
        generation = self._generation
        scen = snapshot(self._scenario)
        changed, full = self._pending_cells, self._pending_full
        self._pending_cells, self._pending_full = set(), False
        if not self.threaded_checks:
            issues, self._incremental = run_check(
                self.rule_set, self.rule_set_error, self._incremental, scen, changed, full
            )
            self._on_check_done(generation, issues, scen)
            return
        self._running = True
        # The worker holds no reference to the document: if the last reference to a QObject
        # were dropped on the worker thread, Qt would destroy it there and crash later.
        rules = self._checker_rules if type(self._checker_rules) is type(self.rule_set) else self.rule_set
        results, error, incremental = self._results, self.rule_set_error, self._incremental

        def work() -> None:
            results.put((generation, *run_check(rules, error, incremental, scen, changed, full), scen))

        self._poll.start()
        # no cyclic garbage collection while the worker runs (see editor.workers.submit)
        submit(work, "trackwright-checker")

    def _drain_results(self) -> None:
        """Main thread: take finished checks from the worker's queue."""
        while True:
            try:
                generation, issues, self._incremental, checked = self._results.get_nowait()
            except queue.Empty:
                break
            self._on_check_done(generation, issues, checked)
        if not self._running:
            self._poll.stop()

    def wait_for_check(self, timeout: float = 10.0) -> None:
        """Block until a running check has finished and been applied (tests, saving, quitting)."""
        if self._running:
            generation, issues, self._incremental, checked = self._results.get(timeout=timeout)
            self._on_check_done(generation, issues, checked)
            drain_finished_workers()

    def _on_check_done(self, generation: int, issues: list, checked: Scenario | None = None) -> None:
        self._running = False
        if generation != self._generation:
            # edits arrived while checking: check the newest state (unless already done/pending)
            if self._checked_generation != self._generation and not self._timer.isActive():
                self._start_check()
            return
        self._checked_generation = generation
        if checked is not None:
            self.checked_scenario = checked
        self._set_issues(issues)
        self.checkingChanged.emit(False)

    def _set_issues(self, issues: list[Issue]) -> None:
        grid = self.grid
        by_cell: dict[Coord, list[Issue]] = {}
        for issue in issues:
            for label in issue.cells:
                try:
                    by_cell.setdefault(grid.coord(label), []).append(issue)
                except ValueError:
                    continue
        self.issues = list(issues)
        self._issues_by_cell = by_cell
        self.issuesChanged.emit(list(issues))

    def recheck_now(self) -> list[Issue]:
        """Check synchronously on the calling thread (tests, benchmarks, before saving)."""
        self._timer.stop()
        self._generation += 1
        self._checked_generation = self._generation
        self._pending_full = True  # the next incremental check starts afresh
        self._pending_cells = set()
        issues = self.check_scenario(self._scenario)
        self.checked_scenario = snapshot(self._scenario)
        self._set_issues(issues)
        self.checkingChanged.emit(False)
        return issues

    def is_checking(self) -> bool:
        return self._running or self._timer.isActive()

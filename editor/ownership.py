"""Track ownership on the board: View ▸ Show Track Ownership.

Each track connection is edged with thin lines in the colour of every player (Catalan: whose
VIA NOSTRA includes it) or company (18xx: whose network runs through the hex) that owns it.
The rule set's ``reach_report(scenario, actor)`` answers, on a worker thread, for the snapshot
the live checker last checked; painting never waits for it. The worker touches no Qt object:
it leaves its result in a list that a main-thread timer collects.
"""

from __future__ import annotations

import math
import threading
from typing import Any

from PySide6.QtCore import QObject, QPointF, QTimer, Signal
from PySide6.QtGui import QColor, QPolygonF

from editor import render
from editor.render.track import path_shapes, track_width
from editor.workers import start_worker
from model.grid import Coord
from model.rules import RuleSet, get_rule_set
from model.scenario import Scenario

EVERY_CONNECTION = "*"
"""Connection name meaning 'all the track of the cell' (18xx reports hexes, not connections)."""

Owners = dict[str, dict[frozenset | str, list[str]]]
"""cell label -> connection (a frozenset of its two end names, or EVERY_CONNECTION) -> owner ids."""


# --- what the rule set says (no Qt) ---------------------------------------------------------------
def actors_of(scenario: Scenario) -> list[str]:
    """Whose networks to ask about: the players (Catalan) and the companies (18xx)."""
    return [p.id for p in scenario.players] + [c.id for c in scenario.companies]


def connection_key(name: str) -> frozenset | str:
    """``'N-S'`` -> ``frozenset({'N', 'S'})`` (the two ends, in any order)."""
    if name == EVERY_CONNECTION:
        return name
    return frozenset(name.split("-", 1))


def track_owners(scenario: Scenario, rules: RuleSet | None) -> Owners:
    """For every cell with owned track: which actors own which connection (from ``reach_report``)."""
    out: Owners = {}
    if rules is None:
        return out
    for actor in actors_of(scenario):
        try:
            report: dict[str, Any] | None = rules.reach_report(scenario, actor)
        except Exception:  # noqa: BLE001 - an actor the rule set does not know (a player in 18xx)
            continue
        if report is None:
            return out
        if "connections" in report:  # Catalan: 'D5:N-S'
            items = [tuple(c.split(":", 1)) for c in report["connections"] if ":" in c]
        else:  # 18xx: every hex its network runs through
            items = [(label, EVERY_CONNECTION) for label in report.get("hexes with track", [])]
        for label, name in items:
            owners = out.setdefault(label, {}).setdefault(connection_key(name), [])
            if actor not in owners:
                owners.append(actor)
    return out


def owners_text(connections: dict) -> str:
    """One line for a cell's tooltip, e.g. ``owned: N-S red; E-W yellow, green``."""
    parts = []
    for key, actors in connections.items():
        name = "all track" if key == EVERY_CONNECTION else "-".join(sorted(key))
        parts.append(f"{name} {', '.join(actors)}")
    return "owned: " + "; ".join(sorted(parts))


# --- geometry (scene coordinates) -----------------------------------------------------------------
def _port_name(grid, kinds: list[str], port) -> str:
    if isinstance(port, int):
        return grid.edge_name(port)
    k = int(str(port)[1:])
    return kinds[k] if k < len(kinds) else str(port)


def _offset_line(path, d: float, samples: int = 20) -> QPolygonF:
    pts = []
    for i in range(samples + 1):
        t = i / samples
        p = path.pointAtPercent(t)
        a = math.radians(path.angleAtPercent(t))  # Qt: counter-clockwise, y up
        nx, ny = math.sin(a), math.cos(a)  # the left normal in y-down coordinates
        pts.append(QPointF(p.x() + nx * d, p.y() + ny * d))
    return QPolygonF(pts)


def owner_lines(scenario: Scenario, coord: Coord, owners: dict, colour_of) -> list[tuple[QPolygonF, QColor]]:
    """The thin lines beside each owned connection of a cell: (polyline in scene units, colour).

    Owner k of a connection gets a line on both sides of the track, k line-widths further out.
    Connections to a printed city or town without drawn track (a Catalan city joins every
    side) are shown as rings around it, one per owner; a station platform's access as a line
    from the side's middle to the centre.
    """
    from PySide6.QtGui import QPainterPath

    grid = scenario.board.grid
    cell = scenario.board.cell(coord)
    geo = render.geometry(grid)
    track, _tdef = render.cell_track(scenario, cell)
    shapes: list[tuple[frozenset, QPainterPath]] = []
    if track is not None:
        for (a, b, _t), shape in zip(track.paths, path_shapes(geo, track), strict=True):
            shapes.append((frozenset({_port_name(grid, track.kinds, a), _port_name(grid, track.kinds, b)}), shape))
    k = render.CELL_SIZE / render.UNIT
    cx, cy = grid.centre(coord, render.CELL_SIZE)
    half = track_width(geo) / 2
    step = 4.2
    out: list[tuple[QPolygonF, QColor]] = []
    ringed: list[str] = []
    for key, actors in owners.items():
        if key == EVERY_CONNECTION:
            matched = [s for _n, s in shapes]
        else:
            matched = [s for n, s in shapes if n == key]
            if not matched and key & {"city", "town"}:  # a printed stop joins its sides unseen: ring it
                ringed += [a for a in actors if a not in ringed]
                continue
            if not matched:  # e.g. a station platform's access: from the side's middle to the centre
                side = next((e for e in range(grid.sides) if grid.edge_name(e) in key), None)
                if side is None:
                    continue
                line = QPainterPath(geo.mids[side])
                line.lineTo(QPointF(0, 0))
                matched = [line]
        for shape in matched:
            for i, actor in enumerate(actors):
                colour = colour_of(actor)
                for sign in (1, -1):
                    poly = _offset_line(shape, sign * (half + 2.5 + i * step))
                    out.append((QPolygonF([QPointF(cx + p.x() * k, cy + p.y() * k) for p in poly]), colour))
    radius = geo.apothem * 0.36 + 3.0
    for i, actor in enumerate(ringed):
        ring = QPainterPath()
        ring.addEllipse(QPointF(0, 0), radius + i * step, radius + i * step)
        poly = ring.toFillPolygon()
        out.append((QPolygonF([QPointF(cx + p.x() * k, cy + p.y() * k) for p in poly]), colour_of(actor)))
    return out


# --- keeping it current ---------------------------------------------------------------------------
class OwnershipWatcher(QObject):
    """Computes :func:`track_owners` for the document's checked snapshot, in the background.

    ``start(scenario)`` replaces any pending request; ``finished(scenario, owners)`` arrives on
    the GUI thread. Only one worker runs at a time; a request made meanwhile runs after it.
    """

    finished = Signal(object, object)  # Scenario, Owners

    POLL_MS = 15

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._results: list[tuple[Scenario, Owners]] = []  # appended by the worker, read by the timer
        self._pending: Scenario | None = None
        self._running = False
        self._rules: dict[str, RuleSet | None] = {}  # the worker's own rule-set instances
        self._poll = QTimer(self)
        self._poll.setInterval(self.POLL_MS)
        self._poll.timeout.connect(self._collect)
        self._lock = threading.Lock()

    def start(self, scenario: Scenario) -> None:
        self._pending = scenario
        if not self._running:
            self._launch()

    def is_running(self) -> bool:
        return self._running or self._pending is not None

    def _rules_for(self, scenario: Scenario) -> RuleSet | None:
        rid = scenario.rules.id
        if rid not in self._rules:
            try:
                self._rules[rid] = get_rule_set(rid)
            except Exception:  # noqa: BLE001 - an unknown rule set: no ownership to show
                self._rules[rid] = None
        return self._rules[rid]

    def _launch(self) -> None:
        scenario, self._pending = self._pending, None
        if scenario is None:
            return
        rules = self._rules_for(scenario)
        results = self._results
        self._running = True

        def work() -> None:
            try:
                owners = track_owners(scenario, rules)
            except Exception:  # noqa: BLE001 - a rule-set bug shows no ownership, never a crash
                owners = {}
            results.append((scenario, owners))  # list.append is atomic

        self._poll.start()
        start_worker(work, "trackwright-ownership")

    def _collect(self) -> None:
        if not self._results:
            return
        scenario, owners = self._results.pop(0)
        self._running = False
        if self._pending is None:
            self._poll.stop()
            self.finished.emit(scenario, owners)
        else:
            self._launch()  # a newer snapshot is waiting: this answer is already stale

    def wait(self, timeout: float = 5.0) -> None:
        """Block until the running and pending requests are answered (tests)."""
        import time

        end = time.monotonic() + timeout
        while self.is_running() and time.monotonic() < end:
            self._collect()
            time.sleep(0.005)


class OwnershipController(QObject):
    """The View menu's toggle: draws ownership on the window's scene and keeps it current."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.document = window.document
        self.scene = window.scene
        self.owners: Owners = {}
        self.shown = False
        self.watcher = OwnershipWatcher(self)
        self.watcher.finished.connect(self._arrived)
        self.document.issuesChanged.connect(self._checked)
        self.document.boardReset.connect(self._board_reset)

    def set_shown(self, on: bool) -> None:
        self.shown = on
        if on:
            self._request()
        else:
            self.owners = {}
            self.scene.ownership_texts = {}
            self.scene.set_ownership({})

    def _request(self) -> None:
        doc = self.document
        scenario = doc.checked_scenario
        if scenario is None or doc.is_checking():
            return  # the check that is pending or running will call _checked
        self.watcher.start(scenario)

    def _checked(self, _issues: list) -> None:
        if self.shown:
            self._request()

    def _board_reset(self) -> None:
        self.owners = {}
        self.scene.ownership_texts = {}

    def _arrived(self, scenario: Scenario, owners: Owners) -> None:
        if not self.shown or scenario.board.grid != self.document.grid:
            return
        self.owners = owners
        grid = scenario.board.grid
        self.scene.ownership_texts = {grid.coord(lbl): owners_text(conns) for lbl, conns in owners.items() if grid.is_label(lbl)}
        lines = {}
        for label, conns in owners.items():
            if grid.is_label(label):
                coord = grid.coord(label)
                lines[coord] = owner_lines(scenario, coord, conns, lambda a: render.owner_colors(scenario, a)[0])
        self.scene.set_ownership(lines)

    def owners_at(self, coord: Coord) -> dict:
        """The ownership shown for a cell: connection -> owner ids."""
        return self.owners.get(self.document.label(coord), {})

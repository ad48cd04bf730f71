"""Background work for the editor: Python threads that never touch Qt.

A worker thread must not create, emit on or destroy QObjects: PySide6 crashes when it does.
The subtle case is garbage: a cyclic collection that happens to run on the worker thread may
destroy a QObject (a document, an undo command) there. So automatic cyclic collection is paused
(``model.collector``, the one place that pauses it) while any worker runs, and a main-thread
timer ends the pause when the worker finishes.
Results go back through plain Python queues or lists that a main-thread timer reads.

A worker shares the interpreter lock with the event loop. With Python's default switch interval
(5 ms) every slot the event loop calls while a check runs could wait that long for the lock, and
a few such waits in a row froze the window for a frame or more after an edit; so while any worker
runs, the interpreter switches threads every :data:`SWITCH_INTERVAL_S` (the event loop waits at
most that long; the worker loses a few per cent).
"""

from __future__ import annotations

import atexit
import queue
import sys
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from model import collector

SWITCH_INTERVAL_S = 0.0005
"""How often the interpreter hands its lock to another thread while a worker runs (see above)."""

_running = 0  # workers whose pause of the collector is still open
_switch_interval: float | None = None  # the interval found before the first worker started


def _pause_gc() -> None:
    """Main thread: stop automatic cyclic collection (and switch threads often) until the
    matching :func:`_resume_gc`."""
    global _running, _switch_interval
    if _running == 0:
        _switch_interval = sys.getswitchinterval()
        sys.setswitchinterval(min(_switch_interval, SWITCH_INTERVAL_S))
    _running += 1
    collector.pause()


def _resume_gc() -> None:
    global _running, _switch_interval
    if _running:
        _running -= 1
        collector.resume()
        if _running == 0 and _switch_interval is not None:
            sys.setswitchinterval(_switch_interval)
            _switch_interval = None


# Workers report "finished" here; a main-thread timer resumes the collector for each. This does
# not depend on the document still existing (a document deleted while its check ran would
# otherwise leave the collector off for good).
_finished_workers: queue.SimpleQueue = queue.SimpleQueue()
_janitor: QTimer | None = None


def drain_finished_workers() -> None:
    """Main thread: resume the collector once for every worker that has finished."""
    while True:
        try:
            _finished_workers.get_nowait()
        except queue.Empty:
            break
        _resume_gc()
    if _running == 0 and _janitor is not None:
        _janitor.stop()


def _start_janitor() -> None:
    """Main thread: make sure the timer that resumes the collector runs."""
    global _janitor
    if _janitor is None:
        _janitor = QTimer()
        _janitor.setInterval(10)
        _janitor.timeout.connect(drain_finished_workers)
    if not _janitor.isActive():
        _janitor.start()


def start_worker(work: Callable[[], object], name: str) -> threading.Thread:
    """Main thread: run ``work()`` on a Python thread that must touch no Qt object.

    Automatic cyclic collection stays off while it runs (a collection on the worker thread
    could destroy a QObject there, which crashes Qt); a main-thread timer resumes it when the
    worker has finished. Not a daemon: the interpreter waits for it before tearing Qt down.
    """

    def run() -> None:
        try:
            work()
        finally:
            _finished_workers.put(1)

    _pause_gc()
    _start_janitor()
    thread = threading.Thread(target=run, name=name, daemon=False)
    thread.start()
    return thread


class _Lane:
    """One long-lived thread that runs the work handed to it in order (see :func:`submit`)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.inbox: queue.SimpleQueue = queue.SimpleQueue()
        self.thread: threading.Thread | None = None

    def put(self, work: Callable[[], object]) -> None:
        if self.thread is None or not self.thread.is_alive():
            # daemon, and told to stop at exit (below) before Qt is torn down: it is idle then,
            # or finishing a check that touches no Qt object
            self.thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
            self.thread.start()
        self.inbox.put(work)

    def _loop(self) -> None:
        while True:
            work = self.inbox.get()
            if work is None:
                return
            try:
                work()
            except Exception:  # noqa: BLE001 - as a thread would: say so, and keep serving
                import traceback

                traceback.print_exc()

    def stop(self, timeout: float = 10.0) -> None:
        if self.thread is not None and self.thread.is_alive():
            self.inbox.put(None)
            self.thread.join(timeout)


_lanes: dict[str, _Lane] = {}


@atexit.register
def _stop_lanes() -> None:
    for lane in list(_lanes.values()):
        lane.stop()


def submit(work: Callable[[], object], name: str) -> None:
    """Main thread: run ``work()`` on the long-lived thread called ``name``, after the work
    handed to it before (the live checker's per-edit checks).

    The same contract as :func:`start_worker` (no Qt object touched, the collector paused until
    it has run), but no thread is started per call: starting one waits until the new thread has
    run, which on a busy machine held the event loop for several milliseconds after each edit.
    """

    def run() -> None:
        try:
            work()
        finally:
            _finished_workers.put(1)

    _pause_gc()
    _start_janitor()
    lane = _lanes.get(name)
    if lane is None:
        lane = _lanes[name] = _Lane(name)
    lane.put(run)


def paused_collections() -> int:
    """How many workers are running with the collector paused (tests)."""
    return _running


class Job(QObject):
    """One background computation at a time: ``work(progress, cancelled)`` runs on a worker thread.

    ``progress(value)`` may be called from the worker; :attr:`progressed` re-emits the values on
    the GUI thread, :attr:`finished` the result (or the exception), :attr:`cancelled` a cancel.
    """

    progressed = Signal(object)
    finished = Signal(object)
    cancelled = Signal()
    POLL_MS = 30

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._stop: threading.Event | None = None
        self._thread: threading.Thread | None = None
        self._generation = 0
        self._inbox: list[tuple[int, str, Any]] = []
        self._poll = QTimer(self)
        self._poll.setInterval(self.POLL_MS)
        self._poll.timeout.connect(self._collect)

    def is_running(self) -> bool:
        return self._stop is not None

    def start(self, work: Callable[[Callable[[Any], None], Callable[[], bool]], Any], name: str) -> None:
        self.cancel(emit=False)
        self._generation += 1
        generation = self._generation
        stop = threading.Event()
        self._stop = stop
        inbox = self._inbox

        def run() -> None:
            try:
                result: Any = work(lambda value: inbox.append((generation, "progress", value)), stop.is_set)
            except Exception as exc:  # shown in the GUI, never raised on the worker
                result = exc
            inbox.append((generation, "done", result))

        self._thread = start_worker(run, name)
        self._poll.start()

    def cancel(self, emit: bool = True) -> None:
        if self._stop is None:
            return
        self._stop.set()
        self._stop = None
        self._generation += 1
        if emit:
            self.cancelled.emit()

    def wait(self, timeout: float = 10.0) -> None:
        """Join the worker thread (tests and shutdown)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _collect(self) -> None:
        while self._inbox:
            generation, kind, value = self._inbox.pop(0)
            if generation != self._generation or self._stop is None:
                continue
            if kind == "progress":
                self.progressed.emit(value)
            else:
                self._stop = None
                self.finished.emit(value)
        if self._stop is None and (self._thread is None or not self._thread.is_alive()):
            self._poll.stop()

"""Background work for the editor: Python threads that never touch Qt.

A worker thread must not create, emit on or destroy QObjects: PySide6 crashes when it does.
The subtle case is garbage: a cyclic collection that happens to run on the worker thread may
destroy a QObject (a document, an undo command) there. So automatic cyclic collection is paused
(``model.collector``, the one place that pauses it) while any worker runs, and a main-thread
timer ends the pause when the worker finishes.
Results go back through plain Python queues or lists that a main-thread timer reads.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from model import collector

_running = 0  # workers whose pause of the collector is still open


def _pause_gc() -> None:
    """Main thread: stop automatic cyclic collection until the matching :func:`_resume_gc`."""
    global _running
    _running += 1
    collector.pause()


def _resume_gc() -> None:
    global _running
    if _running:
        _running -= 1
        collector.resume()


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

"""The one place that pauses Python's cyclic garbage collector.

Three things need automatic collection paused for a while: building a large scenario (pydantic
creates hundreds of thousands of small objects, and the collector's full passes over the
growing heap made a 100x100 board of distinct cells load three times slower), a puzzle search
(its tables grow the same way and hold no cycles: the passes cost about 40 % of a count), and
the editor's worker threads (a collection that happens to run on a worker could destroy a Qt
object there, see ``editor/workers.py``). Each asks here: pauses nest and count, from any thread, and the
collector comes back on when the last one ends, in the state it was found in. Nothing else
switches the collector.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_pauses = 0
_was_enabled = True


def pause() -> None:
    """Stop automatic collection until the matching :func:`resume`."""
    global _pauses, _was_enabled
    with _lock:
        if _pauses == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _pauses += 1


def resume() -> None:
    """End one :func:`pause`; the last one restores the collector as it was before the first."""
    global _pauses
    with _lock:
        if _pauses == 0:
            return
        _pauses -= 1
        if _pauses == 0 and _was_enabled:
            gc.enable()


@contextmanager
def paused() -> Iterator[None]:
    """Automatic collection paused for the ``with`` block."""
    pause()
    try:
        yield
    finally:
        resume()


def pauses() -> int:
    """How many pauses are open (0: the collector is as its owner left it)."""
    return _pauses

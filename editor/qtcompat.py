"""Work-around for a reference-counting bug of the installed PySide6, applied once on import.

PySide6 6.12 on CPython 3.11 returns ``None`` from every void Qt method (``QTimer.stop()``,
``QUndoStack.undo()``, ``QPainter.drawLine()``, …) and ``True`` from ``SignalInstance.emit``
without taking a reference. Each call lowers the singleton's reference count by one; after
enough calls (a long editing session, a full test run) CPython aborts with "none_dealloc:
deallocating None" or "bool_dealloc: deallocating True or False".

CPython 3.12 made these singletons immortal. On older versions, :func:`protect_singletons`
measures the leak with a probe and, only when it is there, raises the reference counts of
``None``, ``True`` and ``False`` by 2**40: they can then never reach zero in practice (the
count is a 64-bit integer; it would take a trillion leaked calls). Nothing else changes.
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QObject, QTimer, Signal

HEADROOM = 1 << 40
_DONE = False


class _Probe(QObject):
    ping = Signal()


def leaks_singletons() -> bool:
    """True when void Qt calls or signal emits drop a reference to None or True."""
    timer = QTimer()
    probe = _Probe()
    none_before, true_before = sys.getrefcount(None), sys.getrefcount(True)
    for _ in range(16):
        timer.stop()
        probe.ping.emit()
    return sys.getrefcount(None) < none_before or sys.getrefcount(True) < true_before


def protect_singletons() -> bool:
    """Give None/True/False headroom when this PySide6 leaks them; returns whether it did."""
    global _DONE
    if _DONE:
        return True
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython" or not leaks_singletons():
        return False
    for obj in (None, True, False):
        # ob_refcnt is the first field of every CPython object, at the object's address
        ctypes.c_ssize_t.from_address(id(obj)).value += HEADROOM
    _DONE = True
    return True


protect_singletons()

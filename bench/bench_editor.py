"""Benchmark of the editor as a whole: open to first frame, edit to updated overlay, peak memory.

Prints one line per figure with its target. Run:
``QT_QPA_PLATFORM=offscreen python bench/bench_editor.py`` (``make bench`` runs every bench script).

* open: loading scenarios/18india.json, building the main window (document, scene, view,
  panels), showing it and painting the board view's first frame;
* edit -> overlay: one tile laid on the 18 India map (an undo command), the "where can this
  tile go?" overlay recomputed with the rule set's legal moves and the view repainted;
* peak RSS: ``/usr/bin/time -v`` on this script in ``--probe`` mode, which opens the window
  offscreen on a board, paints it and quits.
"""

from __future__ import annotations

import time

PROCESS_START = time.perf_counter()

import os  # noqa: E402
import re  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

INDIA = ROOT / "scenarios" / "18india.json"
EDITS = 20


def line(name: str, value: float, unit: str, target: float | None = None) -> None:
    if target is None:
        print(f"{name:<58} {value:9.1f} {unit}")
    else:
        ok = value < target
        print(f"{name:<58} {value:9.1f} {unit}   target < {target:g} {unit}   {'OK' if ok else 'MISSED'}")


def open_window(scenario, path=None):
    from editor.document import Document
    from editor.mainwindow import MainWindow

    win = MainWindow(Document(scenario, path))
    win.resize(1400, 900)
    win.show()
    return win


def first_frame(app, win) -> None:
    """Process the show events and force the board view to paint its first frame."""
    app.processEvents()
    win.view.fit_to_window()
    win.view.viewport().grab()


def bench_open(app) -> None:
    from model.io import load

    times = []
    for _ in range(3):
        t0 = time.perf_counter()
        win = open_window(load(INDIA), INDIA)
        first_frame(app, win)
        times.append(time.perf_counter() - t0)
        win.autosaver.discard()
        win.document.undo_stack.setClean()
        win.close()
        win.deleteLater()
        app.processEvents()
    line("open 18 India -> first painted frame (first run)", times[0] * 1000, "ms", 1000)
    line("open 18 India -> first painted frame (median of 3)", statistics.median(times) * 1000, "ms", 1000)


def bench_edit_overlay(app) -> None:
    from editor.commands import PlaceTileCommand
    from model import editing
    from model.io import load

    win = open_window(load(INDIA), INDIA)
    first_frame(app, win)
    doc = win.document
    win.palette.select_tile("9")
    win.overlay_action.setChecked(True)
    win.refresh_overlay()
    grid = doc.grid
    free = [c for c in grid.ordered_coords if editing.stamp_verdict(doc.scenario, doc.rule_set, c, "9", 0)[0]][:EDITS]
    times, check_times = [], []
    for coord in free:
        t0 = time.perf_counter()
        doc.undo_stack.push(PlaceTileCommand(doc, editing.stamp_cell(doc.scenario, coord, "9", 0), "9", 0))
        win.refresh_overlay()  # what the 60 ms debounce timer runs
        app.processEvents()
        win.view.viewport().grab()
        times.append(time.perf_counter() - t0)
        t1 = time.perf_counter()
        doc.recheck_now()
        check_times.append(time.perf_counter() - t1)
        doc.undo_stack.undo()
        win.refresh_overlay()
        app.processEvents()
    line(f"one edit -> updated overlay on 18 India (median of {len(times)})", statistics.median(times) * 1000, "ms", 50)
    line("one edit -> updated overlay on 18 India (worst)", max(times) * 1000, "ms")
    line("live checker after one edit, 18 India (median, off the paint path)", statistics.median(check_times) * 1000, "ms")
    win.autosaver.discard()
    doc.undo_stack.setClean()
    win.close()


def probe(kind: str) -> int:
    """Open the window on a board offscreen, paint, quit (measured from outside)."""
    from PySide6.QtWidgets import QApplication

    from model.io import load
    from model.newboard import new_scenario

    app = QApplication([])
    if kind == "india":
        scenario, path = load(INDIA), INDIA
    else:
        scenario, path = new_scenario("catalan", 100, 100, title="100x100"), None
    win = open_window(scenario, path)
    first_frame(app, win)
    print(f"PROBE_FIRST_FRAME_MS={(time.perf_counter() - PROCESS_START) * 1000:.1f}")
    win.view.zoom_reset()
    win.view.viewport().grab()
    win.document.recheck_now()
    win.autosaver.discard()
    return 0


def peak_rss_mb(kind: str) -> tuple[float, float] | None:
    cmd = ["/usr/bin/time", "-v", sys.executable, str(Path(__file__).resolve()), "--probe", kind]
    res = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", res.stderr)
    if res.returncode != 0 or m is None:
        print(f"probe {kind} failed (exit {res.returncode}): {res.stderr[-400:]}")
        return None
    f = re.search(r"PROBE_FIRST_FRAME_MS=([0-9.]+)", res.stdout)
    return int(m.group(1)) / 1024, float(f.group(1)) if f else float("nan")


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--probe":
        return probe(sys.argv[2])
    import tempfile

    os.environ.setdefault("TRACKWRIGHT_RECOVERY_DIR", tempfile.mkdtemp(prefix="tw-bench-recovery-"))
    os.environ.setdefault("TRACKWRIGHT_SETTINGS", os.path.join(tempfile.mkdtemp(prefix="tw-bench-settings-"), "s.ini"))
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    bench_open(app)
    bench_edit_overlay(app)
    for kind, name, target in (("india", "peak RSS, editor open on 18 India (/usr/bin/time -v)", 250),
                               ("100", "peak RSS, editor open on a 100x100 board (/usr/bin/time -v)", 400)):
        got = peak_rss_mb(kind)
        if got is not None:
            line(name, got[0], "MB", target)
            if kind == "india":
                line("cold start (new process, imports included) -> first frame", got[1], "ms", 1000)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark of the editor as a whole: open to first frame, edit to updated overlay, peak memory.

Prints one line per figure with its target. Run:
``QT_QPA_PLATFORM=offscreen python bench/bench_editor.py`` (``make bench`` runs every bench script).

* open: loading scenarios/18india.json, building the main window (document, scene, view,
  panels), showing it and painting the board view's first frame;
* edit -> overlay: one tile laid on the 18 India map (an undo command), the "where can this
  tile go?" overlay recomputed with the rule set's legal moves and the view repainted;
* peak RSS and cold start: this script in ``--probe`` mode, in a process of its own, opens the
  window offscreen on a board, paints it and quits.

CPU times; targets in bench/recorded.json (bench/harness.py).
"""

from __future__ import annotations

import time

PROCESS_START = time.process_time()  # CPU time since the process started: imports included

import os  # noqa: E402
import re  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from harness import Report, peak_rss_mb  # noqa: E402

INDIA = ROOT / "scenarios" / "18india.json"
EDITS = 20


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


def bench_open(app, report: Report) -> None:
    from model.io import load

    times = []
    for _ in range(3):
        t0 = time.process_time()
        win = open_window(load(INDIA), INDIA)
        first_frame(app, win)
        times.append((time.process_time() - t0) * 1000)
        win.autosaver.discard()
        win.document.undo_stack.setClean()
        win.close()
        win.deleteLater()
        app.processEvents()
    report.time("open.first", "open 18 India to the first painted frame (first run)", times[0], limit=1000)
    report.time("open.median", "open 18 India to the first painted frame (median of 3)", statistics.median(times), limit=1000)


def bench_edit_overlay(app, report: Report) -> None:
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
        t0 = time.process_time()
        doc.undo_stack.push(PlaceTileCommand(doc, editing.stamp_cell(doc.scenario, coord, "9", 0), "9", 0))
        win.refresh_overlay()  # what the 60 ms debounce timer runs
        app.processEvents()
        win.view.viewport().grab()
        times.append((time.process_time() - t0) * 1000)
        t1 = time.process_time()
        doc.recheck_now()
        check_times.append((time.process_time() - t1) * 1000)
        doc.undo_stack.undo()
        win.refresh_overlay()
        app.processEvents()
    report.time("edit.overlay.median", f"one edit to the updated overlay on 18 India (median of {len(times)})", statistics.median(times), limit=50)
    # the 90th percentile, not the slowest: one garbage collection or a busy core decides a maximum
    report.time("edit.overlay.p90", "one edit to the updated overlay on 18 India (90th percentile)", statistics.quantiles(times, n=10)[-1])
    report.time("edit.check", "live check after one edit, 18 India (median, off the paint path)", statistics.median(check_times))
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
    print(f"PROBE_FIRST_FRAME_MS={(time.process_time() - PROCESS_START) * 1000:.1f}")
    win.view.zoom_reset()
    win.view.viewport().grab()
    win.document.recheck_now()
    win.autosaver.discard()
    return 0


def probe_figures(kind: str) -> tuple[float, float]:
    """Peak RSS (MB) of a probe process, and its CPU time to the first frame (ms)."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--probe", kind]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    rss = peak_rss_mb(cmd, cwd=ROOT, env=env)
    frames = []
    for _ in range(3):
        res = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env)
        f = re.search(r"PROBE_FIRST_FRAME_MS=([0-9.]+)", res.stdout)
        if res.returncode != 0 or f is None:
            raise SystemExit(f"probe {kind} failed (exit {res.returncode}): {res.stderr[-400:]}")
        frames.append(float(f.group(1)))
    return rss, min(frames)


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--probe":
        return probe(sys.argv[2])
    import tempfile

    os.environ.setdefault("TRACKWRIGHT_RECOVERY_DIR", tempfile.mkdtemp(prefix="tw-bench-recovery-"))
    os.environ.setdefault("TRACKWRIGHT_SETTINGS", os.path.join(tempfile.mkdtemp(prefix="tw-bench-settings-"), "s.ini"))
    from PySide6.QtWidgets import QApplication

    report = Report(__file__, "The editor as a whole",
                    "Opening 18 India (document, scene, view, panels) to the first painted frame, one edit to the "
                    "updated \"where can this tile go?\" overlay, and the peak memory and cold start of an editor "
                    "process opened offscreen on a board (requirements: under 1 s, 50 ms, 250 MB and 400 MB).")
    app = QApplication([])
    bench_open(app, report)
    bench_edit_overlay(app, report)
    rss, cold = probe_figures("india")
    report.memory("rss.india", "peak RSS, editor open on 18 India", rss, limit=250)
    report.time("cold_start", "cold start in a new process (imports included) to the first frame (CPU)", cold, limit=1000)
    rss, _ = probe_figures("100")
    report.memory("rss.100", "peak RSS, editor open on a 100×100 board", rss, limit=400)
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())

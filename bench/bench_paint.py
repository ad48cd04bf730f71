"""Benchmark of the board view: building scenes, painting frames, memory.

Prints one line per figure; CPU times, targets in bench/recorded.json (bench/harness.py). Run: ``QT_QPA_PLATFORM=offscreen python bench/bench_paint.py``
(``make bench`` does it for every bench script).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from harness import Report  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from editor.document import Document  # noqa: E402
from editor.scene import BoardScene  # noqa: E402
from editor.view import BoardView  # noqa: E402
from model.board import Cell, LaidTile  # noqa: E402
from model.io import load  # noqa: E402
from model.newboard import new_scenario  # noqa: E402

FRAMES = 30
VIEW_SIZE = (1280, 900)
REPORT = Report(__file__, "The board view: scenes, frames, memory",
                "Building scenes and painting frames (requirement 16 ms a frame) of 18 India and of 100×100 square "
                "and hex boards, offscreen, in a 1280×900 view; a frame is the average of 30 synchronous repaints.")


def rss_mb() -> float:
    """Resident memory of this process in MB (Linux /proc)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def ms_since(t0: float) -> float:
    return (time.process_time() - t0) * 1000


def frames_ms(app: QApplication, view: BoardView, n: int = FRAMES) -> float:
    """Average ms per frame: repaint the whole viewport synchronously n times."""
    vp = view.viewport()
    vp.repaint()
    t0 = time.process_time()
    for _ in range(n):
        vp.repaint()
    return ms_since(t0) / n


def grab_ms(view: BoardView, n: int = FRAMES) -> float:
    """Average ms per frame rendering the viewport into an image (viewport().grab())."""
    view.viewport().grab()
    t0 = time.process_time()
    for _ in range(n):
        view.viewport().grab()
    return ms_since(t0) / n


def open_fitted(app: QApplication, scenario, key: str, build_label: str) -> tuple[Document, BoardView]:
    """A document, scene and shown view of ``scenario`` fitted to the window; reports the time
    to build the scene under ``build_label`` (requirement 1 s)."""
    doc = Document(scenario)
    t1 = time.process_time()
    scene = BoardScene(doc)
    REPORT.time(key, build_label, ms_since(t1), limit=1000)
    view = BoardView(scene)
    view.resize(*VIEW_SIZE)
    view.show()
    app.processEvents()
    view.fit_to_window()
    return doc, view


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    REPORT.memory("rss.start", "memory at start (Qt loaded)", rss_mb())

    # --- 18 India: open to the first painted frame ---------------------------------------
    t0 = time.process_time()
    scen = load(ROOT / "scenarios" / "18india.json")
    doc = Document(scen)
    t1 = time.process_time()
    scene = BoardScene(doc)
    build = ms_since(t1)
    view = BoardView(scene)
    view.resize(*VIEW_SIZE)
    view.show()
    view.fit_to_window()
    view.viewport().repaint()
    app.processEvents()
    first = ms_since(t0)
    REPORT.time("india.build", "18 India: build the scene", build, limit=200)
    REPORT.time("india.first", "18 India: load + document + scene + view + first frame", first, limit=1000)
    REPORT.time("india.frame.fit", "18 India: frame, whole map in the window (cached)", frames_ms(app, view), limit=16)
    view.zoom_reset()
    REPORT.time("india.frame.100", "18 India: frame at 100 % (cached)", frames_ms(app, view), limit=16)
    # one edit to the repainted frame
    coord = scen.board.grid.coord("G10")
    times = []
    for i in range(10):
        t = time.process_time()
        doc.set_cells({coord: Cell(tile=LaidTile(tile="9", rotation=i % 6))})
        view.viewport().repaint()
        times.append(ms_since(t))
    REPORT.time("india.edit", "18 India: one cell edit to the repainted frame at 100 %", sum(times) / len(times), limit=50)
    view.close()
    view.deleteLater()
    app.processEvents()

    # --- 100 x 100 board ---------------------------------------------------------------------
    big = new_scenario("catalan", 100, 100, title="100x100")
    tiles = ["straight", "curve", "switch_left", "crossing", "turntable"]
    for i in range(0, 100 * 100, 7):  # every 7th cell holds a tile, every 13th is a lake
        c = (i % 100, i // 100)
        big.board.cells[big.board.grid.label(c)] = Cell(tile=LaidTile(tile=tiles[i % len(tiles)], rotation=i % 4))
    for i in range(0, 100 * 100, 13):
        c = (i % 100, i // 100)
        big.board.cells[big.board.grid.label(c)] = Cell(terrain="lake")
    before = rss_mb()
    doc2, view2 = open_fitted(app, big, "big.build", "100×100: build the scene (10,000 cell items)")
    t = time.process_time()
    view2.viewport().repaint()
    REPORT.time("big.first", "100×100: first frame at full zoom-out (paints the overview)", ms_since(t))
    REPORT.time("big.frame.out", "100×100: frame at full zoom-out, repaint()", frames_ms(app, view2), limit=16)
    REPORT.time("big.grab.out", "100×100: frame at full zoom-out, viewport().grab()", grab_ms(view2), limit=16)
    times = []
    for i in range(10):
        t = time.process_time()
        doc2.set_cells({(50 + i, 50): Cell(terrain="lake" if i % 2 else "mountain")})
        view2.viewport().repaint()
        times.append(ms_since(t))
    REPORT.time("big.edit", "100×100: one cell edit to the repainted frame at full zoom-out", sum(times) / len(times), limit=50)
    view2.set_scale(0.25)  # ~25 px per cell: cell items without text
    view2.viewport().repaint()
    REPORT.time("big.frame.25", "100×100: frame at 25 % (cell items, cached)", frames_ms(app, view2), limit=16)
    view2.zoom_reset()
    t = time.process_time()
    view2.viewport().repaint()
    REPORT.time("big.first.100", "100×100: first frame at 100 % (cells painted)", ms_since(t))
    REPORT.time("big.frame.100", "100×100: frame at 100 % (cached)", frames_ms(app, view2), limit=16)
    # scroll around to fill caches, then measure memory
    for k in range(10):
        view2.horizontalScrollBar().setValue(view2.horizontalScrollBar().maximum() * k // 10)
        view2.viewport().repaint()
    REPORT.memory("big.rss", "100×100: memory with the board open (process RSS)", rss_mb(), limit=400)
    REPORT.memory("big.rss.added", "100×100: memory added by document + scene + view", rss_mb() - before)
    view2.close()

    # --- 100 x 100 flat hex board ---------------------------------------------------------------
    hexes = new_scenario("18india", 100, 100, title="100x100 hex")
    _doc3, view3 = open_fitted(app, hexes, "hex.build", "100×100 hex: build the scene")
    view3.viewport().repaint()
    REPORT.time("hex.frame.out", "100×100 hex: frame at full zoom-out", frames_ms(app, view3), limit=16)
    REPORT.memory("hex.rss", "100×100 hex: memory with both big boards open (process RSS)", rss_mb(), limit=400)
    view3.close()
    return REPORT.finish()


if __name__ == "__main__":
    sys.exit(main())

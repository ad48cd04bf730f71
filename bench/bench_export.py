"""Benchmark of export and import on the 18 India map (scenarios/18india.json).

For each format: the rule gate (on a freshly loaded scenario, nothing cached) plus producing the
bytes plus the atomic write, as
``trackwright export`` does it (in process, so Python start-up is not counted). Target < 1 s each.
Also the 18xx.games import of the exported map file. Figures are the median of several runs
(the minimum too, since this machine is shared).

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python bench/bench_export.py`` (or ``make bench``).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtGui import QGuiApplication  # noqa: E402

from editor.export_dialog import run_export  # noqa: E402
from model.io import load  # noqa: E402
from model.io.export_18xx_games import export_18xx_games  # noqa: E402
from model.io.import_18xx_games import import_18xx_games  # noqa: E402

RUNS = 5
TARGET_S = 1.0
OPTIONS = {
    "json": {},
    "18xx-games": {},
    "18xx-maker": {},
    "svg": {},
    "png": {"dpi": 150},
    "pdf": {"page_size": "A4"},
}


def timed(fn, runs: int = RUNS) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), min(times)


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(["bench"])  # noqa: F841 - fonts need it
    path = ROOT / "scenarios" / "18india.json"
    if not path.is_file():
        print("export: scenarios/18india.json not found; nothing to measure")
        return 0
    scenario = load(path)
    status = 0
    with tempfile.TemporaryDirectory() as tmp:
        for fmt, opts in OPTIONS.items():
            out = Path(tmp) / f"out.{fmt}"
            run_export(scenario, fmt, out, **opts)  # warm-up (imports, fonts)
            # a freshly loaded scenario per run, so no check result cached by the rule set is reused
            fresh = [load(path) for _ in range(RUNS)]
            med, best = timed(lambda fmt=fmt, out=out, opts=opts, fresh=fresh: run_export(fresh.pop(), fmt, out, **opts))
            size = out.stat().st_size
            ok = med < TARGET_S
            status = status or (0 if ok else 1)
            extra = " ".join(f"{k}={v}" for k, v in opts.items())
            print(f"export 18india --to {fmt:<10} {extra:<14} {med * 1000:7.1f} ms (min {best * 1000:6.1f})  "
                  f"{size / 1024:8.1f} KiB  target < {TARGET_S * 1000:.0f} ms  {'OK' if ok else 'SLOW'}")
        src, _ = export_18xx_games(scenario)
        import_18xx_games(src, "18india.rb")
        med, best = timed(lambda: import_18xx_games(src, "18india.rb"))
        ok = med < TARGET_S
        status = status or (0 if ok else 1)
        print(f"import 18india map.rb ({len(src) / 1024:.1f} KiB)     {med * 1000:7.1f} ms (min {best * 1000:6.1f})  "
              f"target < {TARGET_S * 1000:.0f} ms  {'OK' if ok else 'SLOW'}")
    return status


if __name__ == "__main__":
    sys.exit(main())

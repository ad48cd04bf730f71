"""Benchmark of export and import on the 18 India map (scenarios/18india.json).

For each format: the rule gate (on a freshly loaded scenario, nothing cached) plus producing the
bytes plus the atomic write, as
``trackwright export`` does it (in process, so Python start-up is not counted); requirement
< 1 s each. Also the 18xx.games import of the exported map file. Figures are the best CPU time of
several runs; targets in bench/recorded.json (bench/harness.py).

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python bench/bench_export.py`` (or ``make bench``).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from harness import Report, cpu_ms  # noqa: E402
from PySide6.QtGui import QGuiApplication  # noqa: E402

from editor.export_dialog import run_export  # noqa: E402
from model.io import load  # noqa: E402
from model.io.export_18xx_games import export_18xx_games  # noqa: E402
from model.io.import_18xx_games import import_18xx_games  # noqa: E402

RUNS = 5
OPTIONS = {
    "json": {},
    "18xx-games": {},
    "18xx-maker": {},
    "svg": {},
    "png": {"dpi": 150},
    "pdf": {"page_size": "A4"},
}


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(["bench"])  # noqa: F841 - fonts need it
    path = ROOT / "scenarios" / "18india.json"
    report = Report(__file__, "Export and import",
                    "The 18 India map, each format as `trackwright export` writes it (the rule gate on a freshly "
                    "loaded scenario, the bytes, the atomic write; in process, so Python's start is not counted), "
                    "and the 18xx.games import of the exported map file. Requirement: under 1 s each.")
    scenario = load(path)
    with tempfile.TemporaryDirectory() as tmp:
        for fmt_name, opts in OPTIONS.items():
            out = Path(tmp) / f"out.{fmt_name}"
            run_export(scenario, fmt_name, out, **opts)  # warm-up (imports, fonts)
            # a freshly loaded scenario per run, so no check result cached by the rule set is reused
            fresh = [load(path) for _ in range(RUNS)]
            ms = cpu_ms(lambda fmt_name=fmt_name, out=out, opts=opts, fresh=fresh: run_export(fresh.pop(), fmt_name, out, **opts), RUNS)
            size = out.stat().st_size
            extra = " ".join(f"{k}={v}" for k, v in opts.items())
            report.time(f"export.{fmt_name}", f"export --to {fmt_name}" + (f" ({extra})" if extra else ""), ms, limit=1000,
                        note=f"{size / 1024:,.0f} KiB")
        src, _ = export_18xx_games(scenario)
        import_18xx_games(src, "18india.rb")
        ms = cpu_ms(lambda: import_18xx_games(src, "18india.rb"), RUNS)
        report.time("import.18xx-games", "import of the exported map.rb", ms, limit=1000, note=f"{len(src) / 1024:.0f} KiB")
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())

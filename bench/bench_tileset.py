"""Tile-set benchmark: the derived upgrade graph, the manifest checks, the Tile Set dock.

* deriving the upgrade graph of all the standard 18xx tiles (what a manifest holding every one
  costs on its first check) and the manifest checks once it is cached (they run in every live
  check; requirement < 5 ms);
* the manifest checks on the bundled 18 India map (a declared graph; requirement < 5 ms);
* the Tile Set dock on the 18 India manifest (50 tiles): a full rebuild (tiles added or removed)
  and the in-place refresh after a count change (requirement < 50 ms each), offscreen.

CPU times; targets in bench/recorded.json (bench/harness.py).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from harness import Report, cpu_ms  # noqa: E402

from model import manifest, upgrade_graph  # noqa: E402
from model.io import load  # noqa: E402
from model.newboard import new_scenario  # noqa: E402
from model.paths import scenarios_dir  # noqa: E402
from model.scenario import Scenario  # noqa: E402


def ms(f, repeat: int = 1) -> float:
    """The best CPU time of ``f`` over ``repeat`` calls, in ms."""
    return cpu_ms(f, repeat)


def main() -> int:
    report = Report(__file__, "Tile sets",
                    "Deriving the upgrade graph of all the standard 18xx tiles (a manifest holding every one, on its "
                    "first check), the manifest checks once it is cached and on 18 India (a declared graph), and the "
                    "Tile Set dock on the 18 India manifest, offscreen.")
    s = new_scenario("18xx", 10, 10)
    s.tiles = manifest.add_tiles(s, manifest.standard_tiles().tiles)
    s = Scenario.model_validate(s.model_dump(mode="json"))
    upgrade_graph._DERIVED.clear()
    n = len(s.tileset().tiles)
    report.time("graph.first", f"derive the upgrade graph of {n} standard tiles (first check)", ms(lambda: manifest.manifest_issues(s)))
    report.time("graph.cached", "manifest checks, graph cached", ms(lambda: manifest.manifest_issues(s), 20), limit=5)
    india = load(scenarios_dir() / "18india.json")
    report.time("india.checks", "manifest checks on 18 India (declared graph)", ms(lambda: manifest.manifest_issues(india), 20), limit=5)

    from PySide6.QtWidgets import QApplication

    from editor.document import Document
    from editor.panels.tileset import TileSetPanel

    app = QApplication.instance() or QApplication([])
    doc = Document(india)
    panel = TileSetPanel(doc)

    def full() -> None:
        panel._rows = []
        panel.rebuild()

    report.time("dock.rebuild", f"Tile Set dock, 18 India ({len(india.tileset().tiles)} tiles): full rebuild", ms(full, 5), limit=50)
    report.time("dock.refresh", "Tile Set dock: refresh after a count change", ms(panel.rebuild, 5), limit=50)
    panel.deleteLater()
    app.processEvents()
    return report.finish()


if __name__ == "__main__":
    raise SystemExit(main())

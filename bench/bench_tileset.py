"""Tile-set benchmark: the derived upgrade graph, the manifest checks, the Tile Set dock.

* deriving the upgrade graph of all 135 standard 18xx tiles (what a manifest holding every one
  costs on its first check; target < 500 ms) and the manifest checks once it is cached (they run
  in every live check; target < 5 ms);
* the manifest checks on the bundled 18 India map (a declared graph; target < 5 ms);
* the Tile Set dock on the 18 India manifest (50 tiles): a full rebuild (tiles added or removed)
  and the in-place refresh after a count change (target < 50 ms each), offscreen.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from model import manifest, upgrade_graph  # noqa: E402
from model.io import load  # noqa: E402
from model.newboard import new_scenario  # noqa: E402
from model.paths import scenarios_dir  # noqa: E402
from model.scenario import Scenario  # noqa: E402


def ms(f, repeat: int = 1) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        f()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def verdict(value: float, target: float) -> str:
    return "OK" if value < target else "OVER TARGET"


def main() -> int:
    print(f"machine load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    s = new_scenario("18xx", 10, 10)
    s.tiles = manifest.add_tiles(s, manifest.standard_tiles().tiles)
    s = Scenario.model_validate(s.model_dump(mode="json"))
    upgrade_graph._DERIVED.clear()
    first = ms(lambda: manifest.manifest_issues(s))
    print(f"derive the upgrade graph of 135 standard tiles (first check): {first:.1f} ms (target < 500 ms) -> {verdict(first, 500)}")
    cached = ms(lambda: manifest.manifest_issues(s), 20)
    print(f"manifest checks, graph cached: {cached:.2f} ms (target < 5 ms) -> {verdict(cached, 5)}")
    india = load(scenarios_dir() / "18india.json")
    declared = ms(lambda: manifest.manifest_issues(india), 20)
    print(f"manifest checks on 18 India (declared graph): {declared:.2f} ms (target < 5 ms) -> {verdict(declared, 5)}")

    from PySide6.QtWidgets import QApplication

    from editor.document import Document
    from editor.panels.tileset import TileSetPanel

    app = QApplication.instance() or QApplication([])
    doc = Document(india)
    panel = TileSetPanel(doc)

    def full() -> None:
        panel._rows = []
        panel.rebuild()

    rebuild = ms(full, 5)
    refresh = ms(panel.rebuild, 5)
    print(f"Tile Set dock, 18 India (50 tiles): full rebuild {rebuild:.1f} ms, refresh after a count change "
          f"{refresh:.1f} ms (target < 50 ms) -> {verdict(max(rebuild, refresh), 50)}")
    panel.deleteLater()
    app.processEvents()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Run every benchmark script ``bench/bench_*.py`` in its own process and print its figures.

Each script prints its own lines (figure, target, verdict). ``make bench`` calls this.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    scripts = sorted(HERE.glob("bench_*.py"))
    if len(sys.argv) > 1:
        scripts = [s for s in scripts if any(a in s.name for a in sys.argv[1:])]
    status = 0
    for script in scripts:
        print(f"== {script.name}", flush=True)
        rc = subprocess.call([sys.executable, str(script)], cwd=HERE.parent)
        status = status or rc
    return status


if __name__ == "__main__":
    sys.exit(main())

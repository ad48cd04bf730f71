"""The moves / explain / reach commands with the 18india rule set (through editor/cli/rules.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAP = str(ROOT / "scenarios" / "18india.json")


def run(*args: str) -> subprocess.CompletedProcess:
    # run main() from the imported module (``python -m editor.cli`` would load editor.cli twice)
    code = "import sys; from editor.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT)


def test_moves_for_a_company():
    proc = run("moves", MAP, "--company", "NWR", "--json")
    assert proc.returncode == 0, proc.stderr
    moves = json.loads(proc.stdout)
    assert {(m["kind"], m["cell"], m.get("tile")) for m in moves} == {("lay", "G8", "235"), ("station", "G8", None)}
    assert sorted(m["rotation"] for m in moves if m["kind"] == "lay") == [0, 1, 2, 3, 4, 5]


def test_explain_names_the_rule_and_exits_1_when_illegal():
    proc = run("explain", MAP, "--company", "CGR", "--move", "lay J37 IF2 1")
    assert proc.returncode == 1
    assert "[18india.ferry-rotation]" in proc.stdout and "must connect K38" in proc.stdout
    ok = run("explain", MAP, "--company", "NWR", "--move", "station G8 0")
    assert ok.returncode == 0 and ok.stdout.startswith("station G8 0: legal")
    bad = run("explain", MAP, "--company", "NWR", "--move", "station G8 x")
    assert bad.returncode == 2


def test_reach_report():
    proc = run("reach", MAP, "--company", "BR", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["stations"] == ["D23.0", "D23.1"] and "D21" in data["hexes with track"]


def test_explain_reads_lower_case_cells_and_names_the_rotation_range():
    lower = run("explain", MAP, "--company", "NWR", "--move", "lay g8 235 0")
    upper = run("explain", MAP, "--company", "NWR", "--move", "lay G8 235 0")
    assert lower.returncode == upper.returncode == 0 and lower.stdout == upper.stdout
    bad = run("explain", MAP, "--company", "NWR", "--move", "lay G8 235 6")
    assert bad.returncode == 2 and "rotation '6' must be a whole number from 0 to 5" in bad.stderr

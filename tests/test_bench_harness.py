"""bench/harness.py and bench/run.py: every figure has a target it can miss, and the README and
the docs' quoted figures are written from a run."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _module(name: str):
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location(f"bench_{name}_under_test", BENCH / f"{name}.py")
        mod = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = mod  # dataclasses look their module up
        spec.loader.exec_module(mod)
        return mod
    finally:
        sys.path.remove(str(BENCH))


@pytest.fixture
def harness(tmp_path, monkeypatch):
    mod = _module("harness")
    monkeypatch.setattr(mod, "RECORDED", tmp_path / "recorded.json")
    monkeypatch.setenv("BENCH_OUT", str(tmp_path))
    return mod


def test_targets_are_three_times_the_record_and_requirements_are_judged_beside_them(harness, tmp_path, capsys, monkeypatch):
    harness.RECORDED.write_text(json.dumps({"bench_x": {"t": 10.0, "capped": 10.0, "r": 3.0, "n": 7, "gone": 1}}), encoding="utf-8")
    report = harness.Report("bench_x.py", "X", "intro")
    report.time("t", "a time", 30.0)  # exactly 3x: within
    report.time("capped", "a time under a requirement", 25.0, limit=20)  # within 3x, over the requirement
    report.ratio("r", "a speed-up", 0.9)  # under a third of 3.0
    report.count("n", "moves", 8)  # a count must be exact
    report.time("new", "a figure never recorded", 1.0)
    assert report.finish() == 1
    by_key = {f.key: f for f in report.figures}
    assert by_key["t"].ok and by_key["t"].target == 30.0
    assert by_key["capped"].ok and by_key["capped"].target == 30 and by_key["capped"].meets is False
    assert not by_key["r"].ok and by_key["r"].target == 1.0
    assert not by_key["n"].ok and not by_key["new"].ok
    assert not by_key["gone"].ok  # recorded, not measured in this run: a miss
    out = capsys.readouterr().out
    assert "MISSED a figure never recorded: 1 ms, no recorded figure" in out and "gone" in out
    assert "requirement not met: a time under a requirement: 25 ms (requirement < 20 ms)" in out
    data = json.loads((tmp_path / "bench_x.json").read_text(encoding="utf-8"))
    assert data["title"] == "X" and len(data["figures"]) == 6


def test_strict_makes_a_requirement_not_met_a_miss(harness, monkeypatch):
    harness.RECORDED.write_text(json.dumps({"bench_s": {"t": 10.0}}), encoding="utf-8")
    monkeypatch.setenv("BENCH_STRICT", "1")
    report = harness.Report("bench_s.py", "S", "intro")
    report.time("t", "a time", 12.0, limit=11)
    assert report.finish() == 1


def test_a_run_within_every_target_passes(harness):
    harness.RECORDED.write_text(json.dumps({"bench_y": {"t": 10.0}}), encoding="utf-8")
    report = harness.Report("bench_y.py", "Y", "intro")
    report.time("t", "a time", 12.0, limit=50)
    assert report.finish() == 0


def test_the_docs_quote_figures_from_the_run(tmp_path, monkeypatch):
    run = _module("run")
    docs = tmp_path / "docs"
    docs.mkdir()
    page = docs / "page.md"
    page.write_text("fast: <!-- bench x.t -->9 ms<!-- /bench -->; <!-- bench x.gone -->?<!-- /bench -->\n", encoding="utf-8")
    (tmp_path / "README.md").write_text("nothing quoted\n", encoding="utf-8")
    monkeypatch.setattr(run, "DOCS", docs)
    monkeypatch.setattr(run, "ROOT", tmp_path)
    reports = [{"script": "bench_x", "figures": [{"key": "t", "value": 12.5, "unit": "ms"}]}]
    assert run.quote_figures(reports) == ["docs/page.md: x.gone"]
    assert page.read_text(encoding="utf-8") == "fast: <!-- bench x.t -->12.5 ms<!-- /bench -->; <!-- bench x.gone -->?<!-- /bench -->\n"


def test_a_side_by_side_ratio_is_held_to_its_requirement(harness):
    harness.RECORDED.write_text(json.dumps({"bench_z": {"ratio": 1.0}}), encoding="utf-8")
    report = harness.Report("bench_z.py", "Z", "intro")
    report.side_by_side("ratio", "last over first", 1.3, 1.2)  # within 3x of 1.0, over the requirement
    assert report.finish() == 1 and report.figures[0].target == 1.2

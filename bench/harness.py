"""What every benchmark script shares: its figures, their targets, the verdict and the record.

A script measures and hands each figure to a :class:`Report`::

    report = Report(__file__, "Files: load, validate, save", "One paragraph for bench/README.md.")
    report.time("catalan100.load", "100x100 Catalan board: load + validate", cpu_ms(lambda: load(p)))
    report.memory("check.rss", "`trackwright check`: peak RSS", 35.2, limit=120)
    report.count("india.moves", "legal yellow placements on the bare map", 2103)
    report.ratio("solver.speedup", "incremental positions: speed-up over the plain search", 2.1)
    sys.exit(report.finish())

Each figure has a target it must meet, or the script exits 1:

* a time or a memory figure (lower is better): at most ``FACTOR`` (3) times its recorded figure;
* a ratio (higher is better): at least its recorded figure divided by ``FACTOR``;
* a count (moves found, puzzles solved): exactly its recorded figure (the same board gives the
  same moves); a count that may only shrink (nodes searched) is ``lower``;
* a ratio of two measurements side by side in the same run (``side_by_side``: the last edits
  over the first, time growth over the cells' growth): its requirement is its target.

The recorded figures are ``bench/recorded.json`` (written by ``bench/run.py --record``): a figure
with no recorded value misses, and so does a recorded figure the run did not measure.

Where the product names a requirement (``limit=``: "a frame under 16 ms"), the figure is also
judged against it and the verdict printed and published beside the target ("requirement not met"
under a heavy load is a fact worth reading), but the exit status follows the target alone, which
the recorded figure fixes on the machine that measures it; ``--strict`` (``BENCH_STRICT=1``)
makes a requirement not met a miss too.

Times are CPU time (``time.process_time``: this process, all its threads; for a child process,
its own CPU time from ``resource.getrusage``), the best of several runs: on a shared machine the
wall time grows with the load, the CPU time hardly. The wall time is printed beside it.

Under ``bench/run.py`` (``$BENCH_OUT`` set) the report is also written as JSON for the README.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
RECORDED = HERE / "recorded.json"
FACTOR = 3.0
"""A figure regresses when it is this many times worse than its recorded value."""


def cpu_ms(fn: Callable[[], object], runs: int = 5) -> float:
    """The best CPU time of ``fn`` over ``runs`` calls, in milliseconds."""
    best = float("inf")
    for _ in range(runs):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best * 1000


def cpu_ms_and_result(fn: Callable[[], object], runs: int = 5) -> tuple[float, object]:
    """As :func:`cpu_ms`, and the last call's result."""
    best, result = float("inf"), None
    for _ in range(runs):
        t0 = time.process_time()
        result = fn()
        best = min(best, time.process_time() - t0)
    return best * 1000, result


def child_cpu_ms(args: list[str], runs: int = 3, **kwargs) -> tuple[float, subprocess.CompletedProcess]:
    """The best CPU time (user + system) of a child process over ``runs`` runs, in milliseconds."""
    best, proc = float("inf"), None
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        proc = subprocess.run(args, capture_output=True, text=True, **kwargs)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    return best * 1000, proc


def peak_rss_mb(args: list[str], **kwargs) -> float:
    """Peak resident memory of a child process in MB, measured by the kernel (``ru_maxrss`` of a
    child run alone in a fresh helper process, so earlier children do not count)."""
    probe = ("import resource, subprocess, sys; r = subprocess.run(sys.argv[1:], capture_output=True); "
             "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, check=True, **kwargs).stdout.split()
    if out[0] not in ("0", "1"):
        raise RuntimeError(f"{' '.join(args[:3])}: exit {out[0]}")
    return int(out[1]) / 1024


@dataclass
class Figure:
    """One measured figure and its verdict."""

    key: str
    label: str
    value: float
    unit: str
    kind: str  # "lower", "higher" or "equal"
    limit: float | None = None
    note: str = ""
    recorded: float | None = None
    target: float | None = None
    ok: bool = False
    meets: bool | None = None  # the requirement (limit), when there is one
    binding: bool = False  # the requirement is the target (a ratio of two runs side by side)

    def judge(self, recorded: float | None) -> None:
        self.recorded = recorded
        if self.limit is not None:
            self.meets = self.value <= self.limit if self.kind == "lower" else self.value >= self.limit
        if self.binding:
            self.target, self.ok = self.limit, bool(self.meets)
        elif recorded is None:
            self.target, self.ok = None, False
        elif self.kind == "lower":
            self.target = FACTOR * recorded
            self.ok = self.value <= self.target
        elif self.kind == "higher":
            self.target = recorded / FACTOR
            self.ok = self.value >= self.target
        else:
            self.target = recorded
            self.ok = self.value == recorded
        if os.environ.get("BENCH_STRICT") and self.meets is False:
            self.ok = False

    def target_text(self) -> str:
        if self.target is None:
            return "none recorded"
        sign = {"lower": "≤", "higher": "≥", "equal": "="}[self.kind]
        return f"{sign} {fmt(self.target, self.unit)}"


def fmt(value: float, unit: str) -> str:
    """A figure as the README prints it: about three significant digits, thousands separated."""
    if unit == "x":
        return f"{value:.2f}×" if value < 10 else f"{value:.1f}×"
    if float(value).is_integer() or abs(value) >= 100:
        text = f"{value:,.0f}"
    elif abs(value) >= 10:
        text = f"{value:.1f}"
    elif abs(value) >= 1:
        text = f"{value:.2f}"
    else:
        text = f"{value:.3f}"
    return f"{text} {unit}".rstrip()


@dataclass
class Report:
    """The figures of one benchmark script (see the module docstring)."""

    script: str
    title: str
    intro: str
    figures: list[Figure] = field(default_factory=list)
    tables: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.script = Path(self.script).stem
        self._t0 = time.perf_counter()
        self._load0 = os.getloadavg()[0]
        print(f"== {self.script}: {self.title} (load average {self._load0:.1f} on {os.cpu_count()} cores)", flush=True)

    def add(self, key: str, label: str, value: float, unit: str, kind: str = "lower", limit: float | None = None,
            note: str = "", wall: float | None = None) -> Figure:
        f = Figure(key, label, float(value), unit, kind, limit, note)
        self.figures.append(f)
        extra = f"  (wall {fmt(wall, unit)})" if wall is not None else ""
        print(f"  {label:<70} {fmt(f.value, unit):>12}{extra}{'  ' + note if note else ''}", flush=True)
        return f

    def time(self, key: str, label: str, ms: float, limit: float | None = None, note: str = "", unit: str = "ms") -> Figure:
        return self.add(key, label, ms, unit, "lower", limit, note)

    def memory(self, key: str, label: str, mb: float, limit: float | None = None, note: str = "") -> Figure:
        return self.add(key, label, mb, "MB", "lower", limit, note)

    def count(self, key: str, label: str, n: float, unit: str = "", note: str = "") -> Figure:
        return self.add(key, label, n, unit, "equal", None, note)

    def at_most(self, key: str, label: str, n: float, unit: str = "", limit: float | None = None, note: str = "") -> Figure:
        return self.add(key, label, n, unit, "lower", limit, note)

    def side_by_side(self, key: str, label: str, ratio: float, limit: float, note: str = "") -> Figure:
        """A ratio of two measurements made in the same run (last edits over first ones, growth
        over the cells' growth): the requirement itself is its target, whatever the load."""
        f = self.add(key, label, ratio, "", "lower", limit, note)
        f.binding = True
        return f

    def ratio(self, key: str, label: str, x: float, limit: float | None = None, note: str = "") -> Figure:
        return self.add(key, label, x, "x", "higher", limit, note)

    def table(self, title: str, header: list[str], rows: list[list[str]]) -> None:
        """An extra table for the README (its figures are also reported one by one)."""
        self.tables.append({"title": title, "header": header, "rows": rows})

    def note(self, text: str) -> None:
        """A sentence for the README under the section's tables."""
        self.notes.append(text)

    def finish(self) -> int:
        """Judge every figure against its target, print the verdicts, write the JSON; 0 or 1."""
        recorded = json.loads(RECORDED.read_text(encoding="utf-8")).get(self.script, {}) if RECORDED.is_file() else {}
        for f in self.figures:
            f.judge(recorded.get(f.key))
        missed = [f for f in self.figures if not f.ok]
        measured = {f.key for f in self.figures}
        for key in sorted(set(recorded) - measured):  # a recorded figure this run did not measure is a miss too
            f = Figure(key, f"{key} (recorded, not measured in this run)", float("nan"), "", "equal", recorded=recorded[key])
            self.figures.append(f)
            missed.append(f)
        for f in missed:
            why = ("no recorded figure (bench/run.py --record)" if f.recorded is None
                   else "not measured" if f.value != f.value else f"target {f.target_text()}")
            if f.binding:
                why = f"requirement ≤ {fmt(f.limit, f.unit)} not met (a ratio side by side in this run)"
            elif f.meets is False and f.target is not None and (f.value <= f.target if f.kind == "lower" else f.value >= f.target):
                why = f"requirement {'<' if f.kind == 'lower' else '>'} {fmt(f.limit, f.unit)} not met (strict)"
            print(f"  MISSED {f.label}: {fmt(f.value, f.unit)}, {why}", flush=True)
        for f in self.figures:
            if f.meets is False and f not in missed:
                print(f"  requirement not met: {f.label}: {fmt(f.value, f.unit)} (requirement "
                      f"{'<' if f.kind == 'lower' else '>'} {fmt(f.limit, f.unit)})", flush=True)
        seconds = time.perf_counter() - self._t0
        print(f"  {len(self.figures) - len(missed)} of {len(self.figures)} figures within their targets ({seconds:.0f} s)", flush=True)
        out = os.environ.get("BENCH_OUT")
        if out:
            data = {"script": self.script, "title": self.title, "intro": self.intro, "figures": [asdict(f) for f in self.figures],
                    "tables": self.tables, "notes": self.notes, "seconds": seconds, "load": [self._load0, os.getloadavg()[0]]}
            Path(out, f"{self.script}.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
        return 1 if missed else 0

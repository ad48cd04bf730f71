"""Run every benchmark script ``bench/bench_*.py`` in its own process; write bench/README.md.

    bench/run.py                 every script; writes bench/README.md and the docs' quoted figures
    bench/run.py io paint        only the scripts whose name contains one of the words (writes nothing)
    bench/run.py --record        record this run's figures in bench/recorded.json (the reference
                                 the targets derive from: see bench/harness.py); writes no README
    bench/run.py --no-write      measure and judge, write no file

Each script judges its own figures against their targets and exits 1 on a miss
(bench/harness.py); this runner exits 1 when any script did. ``make bench`` calls it.

The README and every figure the documentation quotes come from the run that measured them:
a page under docs/ quotes a figure as ``<!-- bench SCRIPT.KEY -->value<!-- /bench -->``, and a
full run rewrites the value between the markers (a key that no script reports is an error).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from harness import FACTOR, RECORDED, fmt  # noqa: E402

README = HERE / "README.md"
DOCS = ROOT / "docs"
QUOTE = re.compile(r"<!-- bench (\S+) -->(.*?)<!-- /bench -->", re.S)

HEAD = """# Benchmarks

Written by `make bench` (`bench/run.py`) from the run that measured the figures: do not edit by
hand. Each `bench/bench_*.py` script runs in its own process and judges its figures
(`bench/harness.py`): a time or memory figure may be at most {factor:g} times its recorded value
(`bench/recorded.json`), a ratio at least 1/{factor:g} of it, a count exactly it. A miss makes
the script, and `make bench`, exit 1. Where the product names a requirement (a frame under
16 ms), the last column says whether this run met it (`make bench STRICT=1` fails on that too).
`bench/run.py --record` records a run's figures as the new reference.

Times are CPU time (the process's own, or the child process's for a whole command), the best of
several runs, so that a busy machine moves them little; wall time grows with the machine's load.

**This run:** {date}, {machine}; load average {load0:.1f} at the start, {load1:.1f} at the end;
{total} figures, {missed} missed their targets; {unmet} of {required} requirements not met; {seconds:.0f} s.
"""


def run_scripts(scripts: list[Path], out: Path) -> list[tuple[Path, int]]:
    results = []
    for script in scripts:
        rc = subprocess.call([sys.executable, str(script)], cwd=ROOT, env={**os.environ, "BENCH_OUT": str(out)})
        results.append((script, rc))
    return results


def section(data: dict) -> list[str]:
    lines = [f"## {data['title']} (`{data['script']}.py`)", "", data["intro"], "",
             "| what | figure | target | recorded | verdict | requirement |", "| --- | ---: | ---: | ---: | --- | --- |"]
    for f in data["figures"]:
        rec = fmt(f["recorded"], f["unit"]) if f["recorded"] is not None else "—"
        target = _target(f)
        label = f["label"] + (f" ({f['note']})" if f["note"] else "")
        req = "" if f["limit"] is None else f"{'<' if f['kind'] == 'lower' else '>'} {fmt(f['limit'], f['unit'])}: " + (
            "met" if f["meets"] else "**not met**")
        lines.append(f"| {label} | {fmt(f['value'], f['unit'])} | {target} | {rec} | {'ok' if f['ok'] else '**missed**'} | {req} |")
    for t in data["tables"]:
        lines += ["", f"**{t['title']}**", "", "| " + " | ".join(t["header"]) + " |", "|" + " --- |" * len(t["header"])]
        lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in t["rows"]]
    for n in data["notes"]:
        lines += ["", n]
    lines += ["", f"{data['seconds']:.0f} s; load average {data['load'][0]:.1f} → {data['load'][1]:.1f}.", ""]
    return lines


def _target(f: dict) -> str:
    if f["target"] is None:
        return "none recorded"
    sign = {"lower": "≤", "higher": "≥", "equal": "="}[f["kind"]]
    return f"{sign} {fmt(f['target'], f['unit'])}"


def machine() -> str:
    try:
        import PySide6

        qt = f", PySide6 {PySide6.__version__}"
    except ImportError:
        qt = ""
    mem = ""
    try:
        kb = int(next(line for line in Path("/proc/meminfo").read_text().splitlines() if line.startswith("MemTotal")).split()[1])
        mem = f", {kb / 1024 / 1024:.0f} GiB"
    except (OSError, StopIteration, ValueError):
        pass
    return f"{os.cpu_count()} cores{mem}, Python {platform.python_version()}{qt}, offscreen Qt"


def write_readme(reports: list[dict], load0: float, seconds: float) -> None:
    figures = [f for r in reports for f in r["figures"]]
    head = HEAD.format(factor=FACTOR, date=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), machine=machine(),
                       load0=load0, load1=os.getloadavg()[0], total=len(figures),
                       missed=sum(1 for f in figures if not f["ok"]), seconds=seconds,
                       unmet=sum(1 for f in figures if f["meets"] is False), required=sum(1 for f in figures if f["limit"] is not None))
    lines = [head]
    for r in reports:
        lines += section(r)
    README.write_text("\n".join(lines).rstrip() + "\n", encoding="utf-8")


def quote_figures(reports: list[dict]) -> list[str]:
    """Rewrite the figures the docs quote; the keys no script reported."""
    values = {f"{r['script'].removeprefix('bench_')}.{f['key']}": fmt(f["value"], f["unit"]) for r in reports for f in r["figures"]}
    unknown = []
    for page in sorted(DOCS.glob("*.md")) + [ROOT / "README.md"]:
        text = page.read_text(encoding="utf-8")

        def sub(m: re.Match, page=page) -> str:
            if m.group(1) not in values:
                unknown.append(f"{page.relative_to(ROOT)}: {m.group(1)}")
                return m.group(0)
            return f"<!-- bench {m.group(1)} -->{values[m.group(1)]}<!-- /bench -->"

        new = QUOTE.sub(sub, text)
        if new != text:
            page.write_text(new, encoding="utf-8")
    return unknown


def record(reports: list[dict]) -> None:
    data = json.loads(RECORDED.read_text(encoding="utf-8")) if RECORDED.is_file() else {}
    for r in reports:
        data[r["script"]] = {f["key"]: f["value"] for f in r["figures"] if f["value"] == f["value"]}  # NaN: not measured
    RECORDED.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("only", nargs="*", help="run only the scripts whose name contains one of these")
    p.add_argument("--record", action="store_true", help="record this run's figures as the reference (bench/recorded.json)")
    p.add_argument("--no-write", action="store_true", help="write neither the README nor the docs' figures")
    args = p.parse_args(argv)
    scripts = sorted(HERE.glob("bench_*.py"))
    if args.only:
        scripts = [s for s in scripts if any(a in s.name for a in args.only)]
    load0, t0 = os.getloadavg()[0], time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        results = run_scripts(scripts, Path(tmp))
        reports = [json.loads(Path(tmp, f"{s.stem}.json").read_text(encoding="utf-8")) for s, _ in results if Path(tmp, f"{s.stem}.json").is_file()]
    failed = [s.name for s, rc in results if rc != 0]
    unreported = [s.name for s, _ in results if not any(r["script"] == s.stem for r in reports)]
    status = 1 if failed or unreported else 0
    if args.record:
        if unreported:
            print(f"bench: not recorded: {', '.join(unreported)} reported no figures", file=sys.stderr)
            return 1
        record(reports)
        print(f"bench: recorded {sum(len(r['figures']) for r in reports)} figures in {RECORDED.relative_to(ROOT)}; "
              "`make bench` judges against them and writes the README")
        return 0
    if not args.only and not args.no_write and not unreported:
        write_readme(reports, load0, time.perf_counter() - t0)
        unknown = quote_figures(reports)
        for u in unknown:
            print(f"bench: the docs quote a figure no script reports: {u}", file=sys.stderr)
        status = status or (1 if unknown else 0)
        print(f"bench: wrote {README.relative_to(ROOT)}")
    for name in failed:
        print(f"bench: {name} missed a target (or failed)", file=sys.stderr)
    for name in unreported:
        print(f"bench: {name} reported no figures", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())

"""A save killed half-way leaves its hidden temporary file; the next save of that file removes it.

Only files of our own pattern (``.<name>.<8 random characters>.tmp`` beside the target) that no
running save holds locked are removed; anything else is left alone.
"""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
from pathlib import Path

from model.io import save
from model.io.atomic import write_atomic
from model.newboard import new_scenario

REPO = Path(__file__).resolve().parents[1]

KILLED_SAVE = """
import os, signal, sys
from model.io import files
from model.newboard import new_scenario

def die(*_args):  # the temporary file is complete, the rename has not happened: kill -9 now
    os.kill(os.getpid(), signal.SIGKILL)

files.os.replace = die
files.save(new_scenario("catalan", 6, 6), sys.argv[1])
"""


def temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_save_killed_before_the_rename_leaves_a_temp_that_the_next_save_removes(tmp_path):
    target = tmp_path / "board.json"
    save(new_scenario("catalan", 4, 4), target, backup=False)
    before = target.read_bytes()
    for _ in range(3):
        proc = subprocess.run([sys.executable, "-c", KILLED_SAVE, str(target)], cwd=REPO,
                              env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True)
        assert proc.returncode == -signal.SIGKILL, proc.stderr.decode()
    assert target.read_bytes() == before  # the atomic save held
    # each killed save removed the ones before it: one data temp (and the backup's) remain
    left = temps(tmp_path)
    assert len(left) == 2 and ".board.json.bak.tmp" in left, left
    save(new_scenario("catalan", 5, 5), target)
    assert temps(tmp_path) == []


def test_only_our_own_unlocked_temps_of_the_same_target_are_removed(tmp_path):
    target = tmp_path / "b.json"
    stale = [".b.json.k3j_9x0q.tmp", ".b.json.abcdefgh.tmp"]
    others = [".b.json.notours.tmp", ".other.json.abcdefgh.tmp", "b.json.abcdefgh.tmp", ".b.json.abcdefgh.tmp.keep",
              ".b.jsonx.abcdefgh.tmp"]
    for name in stale + others + [".b.json.busy1234.tmp"]:
        (tmp_path / name).write_text("partial")
    busy = open(tmp_path / ".b.json.busy1234.tmp", "rb")  # another save still writing this one
    try:
        fcntl.flock(busy.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        write_atomic(target, b"new")
    finally:
        busy.close()
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted(others + [".b.json.busy1234.tmp", "b.json"])
    assert target.read_bytes() == b"new"

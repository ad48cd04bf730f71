"""Crash recovery never saves over an unrelated file, and is offered whenever its editor is gone.

The record names the user's file by its absolute, resolved path (an editor started later from
another folder recovers into the right file), and a live editor is told by the lock it holds,
not by its process id alone (a reused id after a reboot is not an editor).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from editor.autosave import find_recoveries
from editor.commands import SetCellsCommand
from model.board import Cell
from model.io import load, save
from model.newboard import new_scenario
from tests.editor_helpers import answers, make_window, no_dialogs  # noqa: F401 (autouse fixture)

HOLD_LOCK = """
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(fd, fcntl.LOCK_EX)
print("locked", flush=True)
time.sleep(60)
"""


def crash(win) -> None:
    """The window's process dies: nothing is cleaned up, and the OS drops its lock."""
    win.autosaver.timer.stop()
    win.autosaver.document.modifiedChanged.disconnect(win.autosaver._modified_changed)
    win.autosaver.discard = lambda: None
    if getattr(win.autosaver, "_lock_fd", None) is not None:
        os.close(win.autosaver._lock_fd)
        win.autosaver._lock_fd = None


def test_recovery_records_the_full_path_and_saves_into_the_original_folder(qtbot, tmp_path, monkeypatch):
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    save(new_scenario("catalan", 4, 4, title="mine"), first / "board.json")
    save(new_scenario("catalan", 3, 3, title="unrelated"), second / "board.json")
    unrelated = (second / "board.json").read_bytes()
    monkeypatch.chdir(first)
    win = make_window(qtbot, tmp_path, load("board.json"), "board.json")  # opened as typed
    win.document.undo_stack.push(SetCellsCommand(win.document, {(1, 1): Cell(terrain="lake")}))
    assert win.autosaver.autosave()
    assert json.loads(win.autosaver.info.read_text())["original"] == str((first / "board.json").resolve())
    crash(win)
    monkeypatch.chdir(second)  # the editor is started again from another folder
    win2 = make_window(qtbot, tmp_path)
    assert win2.offer_recovery()
    asked = [c for c in answers().calls if c[0] == "ask_recover"][-1]
    assert asked[1] == str((first / "board.json").resolve())
    assert win2.document.path == (first / "board.json").resolve()
    assert win2.save()
    assert (second / "board.json").read_bytes() == unrelated
    assert load(first / "board.json").board.cell((1, 1)).terrain == "lake"


def test_an_old_record_with_a_relative_path_recovers_without_a_path(qtbot, tmp_path, monkeypatch):
    folder = tmp_path / "recovery"
    folder.mkdir()
    save(new_scenario("catalan", 2, 2), folder / "old.json")
    (folder / "old.info.json").write_text(json.dumps({"original": "board.json", "saved_at": 0}))
    monkeypatch.chdir(tmp_path)
    save(new_scenario("catalan", 5, 5), tmp_path / "board.json")
    before = (tmp_path / "board.json").read_bytes()
    win = make_window(qtbot, tmp_path)
    assert win.offer_recovery()
    asked = [c for c in answers().calls if c[0] == "ask_recover"][-1]
    assert "board.json" in asked[1] and "folder was not recorded" in asked[1]
    assert win.document.path is None  # Save asks where: it cannot land on this folder's board.json
    assert (tmp_path / "board.json").read_bytes() == before


def test_a_live_process_that_is_not_the_editor_does_not_hide_a_crash(qtbot, tmp_path):
    """The record's process id now belongs to another program (a reboot, an unreaped process)."""
    win = make_window(qtbot, tmp_path)
    win.document.undo_stack.push(SetCellsCommand(win.document, {(1, 1): Cell(terrain="lake")}))
    assert win.autosaver.autosave()
    crash(win)
    info = json.loads(win.autosaver.info.read_text())
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        info["pid"] = other.pid  # alive, but it holds no lock: not an editor
        win.autosaver.info.write_text(json.dumps(info))
        assert [r.file for r in find_recoveries(win.autosaver.folder)] == [win.autosaver.file]
    finally:
        other.kill()
        other.wait()


def test_a_running_editor_holding_its_lock_is_not_a_crash(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    win.document.undo_stack.push(SetCellsCommand(win.document, {(1, 1): Cell(terrain="lake")}))
    assert win.autosaver.autosave()
    assert find_recoveries(win.autosaver.folder) == []  # this very window holds the lock
    crash(win)
    holder = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(win.autosaver.folder / f"{win.autosaver.key}.lock")], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"  # another editor process still running
        assert find_recoveries(win.autosaver.folder) == []
    finally:
        holder.kill()
        holder.wait()
    assert [r.file for r in find_recoveries(win.autosaver.folder)] == [win.autosaver.file]


def test_a_reused_process_id_of_an_old_record_is_told_by_its_start_time(tmp_path):
    folder = tmp_path / "recovery"
    folder.mkdir()
    save(new_scenario("catalan", 2, 2), folder / "old.json")
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        record = {"original": None, "saved_at": 0, "pid": other.pid, "started": "1"}  # another start time
        (folder / "old.info.json").write_text(json.dumps(record))
        assert len(find_recoveries(folder)) == 1
    finally:
        other.kill()
        other.wait()
    assert Path(folder / "old.json").exists()

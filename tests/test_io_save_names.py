"""Saving under any legal name, twice at once, and through symlinks.

Two saves of one file at the same moment both succeed (each has its own temporary names, and
neither's clean-up takes the other's for a stale one); a name of up to 255 bytes is written
(the temporary names are shortened with a hash); a symlink loop given as output is refused and
left as it is.
"""

from __future__ import annotations

import os
import threading

import pytest

from model.io import SaveError, load, save
from model.io.atomic import NAME_MAX, OutputRefused, backup_path, temp_stem, write_atomic
from model.newboard import new_scenario


def test_two_saves_of_one_file_at_once_both_succeed(tmp_path):
    target = tmp_path / "board.json"
    boards = [new_scenario("catalan", 4 + k, 4) for k in range(2)]
    save(boards[0], target)
    errors: list[BaseException] = []
    start = threading.Barrier(2)

    def saver(k: int) -> None:
        start.wait()
        for _ in range(200):
            try:
                save(boards[k], target)
            except BaseException as exc:  # noqa: BLE001 - every failure is counted
                errors.append(exc)

    threads = [threading.Thread(target=saver, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert load(target) in boards and load(backup_path(target)) in boards
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.json", "board.json.bak"]


@pytest.mark.parametrize("length", [242, 250, 251, 252, 255])
def test_a_name_of_up_to_255_bytes_is_saved_with_its_backup(tmp_path, length):
    name = "b" * (length - 5) + ".json"
    target = tmp_path / name
    save(new_scenario("catalan", 4, 4), target)
    save(new_scenario("catalan", 5, 4), target)
    assert load(target).board.grid.width == 5
    bak = backup_path(target)
    assert load(bak).board.grid.width == 4 and len(bak.name.encode()) <= NAME_MAX
    assert bak.name == name + ".bak" if length <= NAME_MAX - 4 else bak.name.endswith(".bak")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([name, bak.name])


def test_long_names_keep_distinct_temporary_stems():
    a, b = "x" * 250 + "1.json", "x" * 250 + "2.json"
    assert temp_stem(a) != temp_stem(b)
    assert all(len(f".{temp_stem(n)}.bak.12345678.tmp".encode()) <= NAME_MAX for n in (a, b, "é" * 127))
    assert temp_stem("board.json") == "board.json"


def test_a_symlink_loop_as_output_is_refused_and_left_alone(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.symlink_to(b)
    b.symlink_to(a)
    with pytest.raises(OutputRefused, match="symlink loop"):
        write_atomic(a, b"{}")
    with pytest.raises(SaveError, match="symlink loop"):
        save(new_scenario("catalan", 4, 4), a)
    assert a.is_symlink() and b.is_symlink() and os.readlink(a) == str(b)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "b.json"]


def test_a_symlink_is_written_through_as_documented(tmp_path):
    real = tmp_path / "real.json"
    link = tmp_path / "link.json"
    link.symlink_to(real)  # dangling until the first save
    save(new_scenario("catalan", 4, 4), link)
    assert link.is_symlink() and real.is_file() and load(link) == load(real)

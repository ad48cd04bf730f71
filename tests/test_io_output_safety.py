"""Nothing a user types loses a file: outputs that are the input, devices, FIFOs and symlinks.

``trackwright export`` refuses an output that is its own input (whatever the spelling: another
relative path, a symlink, a hard link), except ``--to json --force``, which keeps ``<name>.bak``.
An output that is a device node, a FIFO or a socket (or a symlink to one) is refused; a symlink
to a regular file is written through: the target gets the new bytes, the link stays a link.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from editor.cli import main
from model.io import SaveError, dumps, load, save
from model.io.atomic import OutputRefused, write_atomic
from model.newboard import new_scenario


@pytest.fixture
def board(tmp_path) -> Path:
    path = tmp_path / "b.json"
    save(new_scenario("catalan", 4, 3, title="Mine"), path, backup=False)
    return path


@pytest.mark.parametrize("fmt", ["svg", "json", "18xx-maker"])
def test_export_refuses_to_overwrite_its_own_input(board, capsys, fmt):
    before = board.read_bytes()
    assert main(["export", str(board), "--to", fmt, "-o", str(board)]) == 2
    err = capsys.readouterr().err
    assert "is the input file" in err and str(board) in err
    assert board.read_bytes() == before
    assert sorted(p.name for p in board.parent.iterdir()) == ["b.json"]


def test_the_input_is_recognised_under_another_name(board, capsys, monkeypatch):
    before = board.read_bytes()
    monkeypatch.chdir(board.parent)
    link = board.parent / "link.json"
    link.symlink_to(board)
    hard = board.parent / "hard.json"
    os.link(board, hard)
    for out in ("./b.json", "../" + board.parent.name + "/b.json", "link.json", "hard.json"):
        assert main(["export", "b.json", "--to", "svg", "-o", out]) == 2, out
        assert "is the input file" in capsys.readouterr().err
    assert board.read_bytes() == before and link.is_symlink()


def test_json_with_force_may_replace_its_input_and_keeps_a_backup(board):
    before = board.read_bytes()
    assert main(["export", str(board), "--to", "json", "--force", "-o", str(board)]) == 0
    assert board.with_name("b.json.bak").read_bytes() == before
    assert board.read_bytes() == dumps(load(board)).encode("utf-8")


def test_graphics_with_force_still_refuse_their_input(board, capsys):
    before = board.read_bytes()
    assert main(["export", str(board), "--to", "svg", "--force", "-o", str(board)]) == 2
    assert "is the input file" in capsys.readouterr().err
    assert board.read_bytes() == before


def test_a_fifo_or_a_symlink_to_a_device_is_refused(board, tmp_path, capsys):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    to_null = tmp_path / "null-link"
    to_null.symlink_to("/dev/null")
    for out in (fifo, to_null):
        assert main(["export", str(board), "--to", "json", "-o", str(out)]) == 2
        err = capsys.readouterr().err
        assert str(out) in err and "not a regular file" in err
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert to_null.is_symlink() and os.readlink(to_null) == "/dev/null"
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_write_atomic_and_save_refuse_a_device_directly(tmp_path):
    link = tmp_path / "null-link"
    link.symlink_to("/dev/null")
    with pytest.raises(OutputRefused):
        write_atomic(link, b"data")
    with pytest.raises(SaveError, match="not a regular file"):
        save(new_scenario("catalan", 3, 3), link)
    assert link.is_symlink() and stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_writing_through_a_symlink_replaces_the_target_not_the_link(board, tmp_path):
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    target = real_dir / "out.json"
    target.write_text("old")
    link = tmp_path / "out-link.json"
    link.symlink_to(target)
    assert main(["export", str(board), "--to", "json", "-o", str(link)]) == 0
    assert link.is_symlink() and target.read_bytes() == board.read_bytes()
    # the editor's save goes through the link the same way (and keeps the backup beside the target)
    save(new_scenario("catalan", 5, 5), link)
    assert link.is_symlink() and load(target).board.grid.width == 5
    assert (real_dir / "out.json.bak").read_bytes() == board.read_bytes()


def test_import_refuses_to_overwrite_its_own_input(tmp_path, capsys):
    src = tmp_path / "map.rb"
    src.write_text("# frozen_string_literal: true\n")
    assert main(["import", str(src), "--from", "18xx-games", "-o", str(src), "--force"]) == 2
    assert "is the input file" in capsys.readouterr().err
    assert src.read_text() == "# frozen_string_literal: true\n"

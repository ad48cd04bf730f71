"""The core command line: check (exit 0 / 1 / 2, --json), new, info, schema, --version, --help,
and the editor's refusal to start without a display."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from editor.cli import EXIT_INPUT, EXIT_OK, EXIT_RULES, main
from model import __version__
from model.board import Cell, LaidTile
from model.io import load, save
from model.newboard import new_scenario
from model.rules import Issue, RuleSet, register

TRACKWRIGHT = Path(sys.executable).with_name("trackwright")


@register
class CurvesAreWrong(RuleSet):
    """Test-only rule set: every laid curve is an error, every lake a warning, C1 gets a note."""

    id = "test.curves-are-wrong"
    name = "curves are wrong (test only)"

    def board_issues(self, scenario):
        out = []
        for label, cell in scenario.board.cells.items():
            if cell.tile is not None and cell.tile.tile == "curve":
                out.append(Issue("test.no-curves", "error", f"{label}: curves are not allowed", (label,)))
            if cell.terrain == "lake":
                out.append(Issue("test.lake", "warning", f"{label}: a lake", (label,), ((label, 0),)))
        if "C1" in scenario.board.cells:
            out.append(Issue("test.note", "info", "C1: noted", ("C1",)))
        return out


def write(tmp_path: Path, name: str, cells: dict[str, Cell]) -> Path:
    s = new_scenario("catalan", 4, 4)
    s = s.model_copy(update={"rules": s.rules.model_copy(update={"id": CurvesAreWrong.id}), "board": s.board.model_copy(update={"cells": cells})})
    path = tmp_path / name
    save(s, path)
    return path


@pytest.fixture
def files(tmp_path):
    return {
        "clean": write(tmp_path, "clean.json", {"A1": Cell(tile=LaidTile(tile="straight"))}),
        "warn": write(tmp_path, "warn.json", {"B2": Cell(terrain="lake"), "C1": Cell()}),
        "error": write(tmp_path, "error.json", {"B2": Cell(tile=LaidTile(tile="curve", rotation=3)), "D4": Cell(terrain="lake")}),
        "broken": tmp_path / "broken.json",
    }


@pytest.fixture(autouse=True)
def _broken_file(tmp_path):
    (tmp_path / "broken.json").write_text('{"format": ')


def test_check_clean_is_0(files, capsys):
    assert main(["check", str(files["clean"])]) == EXIT_OK
    out = capsys.readouterr().out
    assert out == f"{files['clean']}: 0 error(s), 0 warning(s), 0 note(s)\n"


def test_check_warnings_and_notes_are_still_0(files, capsys):
    assert main(["check", str(files["warn"])]) == EXIT_OK
    out = capsys.readouterr().out
    assert f"{files['warn']}: warning: B2: a lake [test.lake]" in out
    assert f"{files['warn']}: info: C1: noted [test.note]" in out
    assert out.endswith(f"{files['warn']}: 0 error(s), 1 warning(s), 1 note(s)\n")


def test_check_rule_error_is_1(files, capsys):
    assert main(["check", str(files["clean"]), str(files["error"])]) == EXIT_RULES
    out = capsys.readouterr().out
    assert f"{files['error']}: error: B2: curves are not allowed [test.no-curves]" in out
    assert f"{files['error']}: 1 error(s), 1 warning(s), 0 note(s)" in out


def test_check_unreadable_is_2_whatever_the_order(files, capsys):
    assert main(["check", str(files["error"]), str(files["broken"])]) == EXIT_INPUT
    assert main(["check", str(files["broken"]), str(files["error"])]) == EXIT_INPUT
    err = capsys.readouterr().err
    assert err.count(f"trackwright: {files['broken']}:1:") == 2


def test_check_unknown_rule_set_is_2(tmp_path, capsys):
    s = new_scenario("catalan", 2, 2)
    s = s.model_copy(update={"rules": s.rules.model_copy(update={"id": "no-such-rules"})})
    save(s, tmp_path / "x.json")
    assert main(["check", str(tmp_path / "x.json")]) == EXIT_INPUT
    assert f"{tmp_path / 'x.json'}:rules.id: unknown rule set 'no-such-rules'" in capsys.readouterr().err


def test_check_json_is_one_array(files, capsys):
    assert main(["check", "--json", str(files["clean"]), str(files["warn"]), str(files["error"])]) == EXIT_RULES
    out = capsys.readouterr().out
    issues = json.loads(out)  # the whole output is one JSON document
    assert isinstance(issues, list) and len(issues) == 4
    for i in issues:
        assert {"rule", "severity", "cells", "message"} <= set(i)
        assert i["severity"] in ("error", "warning", "info")
    first = issues[0]  # clean has none; warn's are sorted error < warning < info
    assert first == {"file": str(files["warn"]), "rule": "test.lake", "severity": "warning", "cells": ["B2"], "edges": [["B2", 0]], "message": "B2: a lake"}
    error = next(i for i in issues if i["severity"] == "error")
    assert error["file"] == str(files["error"]) and error["rule"] == "test.no-curves" and error["cells"] == ["B2"]


def test_check_json_clean_is_empty_array(files, capsys):
    assert main(["check", "--json", str(files["clean"])]) == EXIT_OK
    assert json.loads(capsys.readouterr().out) == []


def test_check_json_with_a_broken_file_still_prints_an_array(files, capsys):
    assert main(["check", "--json", str(files["broken"]), str(files["error"])]) == EXIT_INPUT
    out, err = capsys.readouterr()
    assert [i["rule"] for i in json.loads(out)] == ["test.no-curves", "test.lake"]
    assert str(files["broken"]) in err


def test_check_finds_structural_errors_of_any_rule_set(tmp_path, capsys):
    """Supply counts are shared checks: the base class reports them for every rule set."""
    s = new_scenario("catalan", 3, 1)
    s = s.model_copy(
        update={
            "rules": s.rules.model_copy(update={"id": CurvesAreWrong.id}),
            "tiles": s.tiles.model_copy(update={"counts": {"straight": 1}}),
            "board": s.board.model_copy(update={"cells": {lbl: Cell(tile=LaidTile(tile="straight")) for lbl in ("A1", "B1")}}),
        }
    )
    save(s, tmp_path / "supply.json")
    assert main(["check", "--json", str(tmp_path / "supply.json")]) == EXIT_RULES
    [issue] = json.loads(capsys.readouterr().out)
    assert issue["rule"] == "core.supply-exceeded" and issue["cells"] == ["A1", "B1"]


# --- new ----------------------------------------------------------------------------------------
def test_new_catalan(tmp_path, capsys):
    out = tmp_path / "c.json"
    assert main(["new", "--rules", "catalan", "--size", "12x8", "-o", str(out), "--title", "Mapa"]) == EXIT_OK
    assert capsys.readouterr().out == f"wrote {out}\n"
    s = load(out)
    assert (s.rules.id, s.board.grid.kind, s.board.grid.width, s.board.grid.height) == ("catalan", "square", 12, 8)
    assert s.meta.title == "Mapa" and s.tiles.set == "catalan" and len(s.board.grid) == 96


def test_new_18india_is_flat_hex(tmp_path):
    out = tmp_path / "i.json"
    assert main(["new", "--rules", "18india", "--size", "6X5", "-o", str(out)]) == EXIT_OK
    s = load(out)
    g = s.board.grid
    assert (s.rules.id, g.kind, g.orientation, s.tiles.set) == ("18india", "hex", "flat", "18india")
    assert len(g) == 30  # 6 letter columns x 5 hexes each


def test_new_refuses_to_overwrite_without_force(tmp_path, capsys):
    out = tmp_path / "c.json"
    out.write_text("precious")
    assert main(["new", "--rules", "catalan", "--size", "3x3", "-o", str(out)]) == EXIT_INPUT
    assert f"{out}: already exists (use --force to overwrite)" in capsys.readouterr().err
    assert out.read_text() == "precious"
    assert main(["new", "--rules", "catalan", "--size", "3x3", "-o", str(out), "--force"]) == EXIT_OK
    assert load(out).board.grid.width == 3
    assert (tmp_path / "c.json.bak").read_text() == "precious"  # even --force keeps the old file


@pytest.mark.parametrize(
    "args, words",
    [
        (["--rules", "catalan", "--size", "12"], "expected WxH"),
        (["--rules", "catalan", "--size", "axb"], "expected WxH"),
        (["--rules", "catalan", "--size", "0x4"], "each side must be 1-1000"),
        (["--rules", "chess", "--size", "8x8"], "expected one of catalan"),
    ],
)
def test_new_bad_arguments_are_2(tmp_path, capsys, args, words):
    out = tmp_path / "n.json"
    assert main(["new", *args, "-o", str(out)]) == EXIT_INPUT
    assert words in capsys.readouterr().err
    assert not out.exists()


def test_new_into_missing_folder_is_2(tmp_path, capsys):
    assert main(["new", "--rules", "catalan", "--size", "2x2", "-o", str(tmp_path / "no" / "x.json")]) == EXIT_INPUT
    assert "cannot be written" in capsys.readouterr().err


# --- info, version, help --------------------------------------------------------------------
def test_info(files, capsys):
    assert main(["info", str(files["error"])]) == EXIT_OK
    out = capsys.readouterr().out
    assert f"file:        {files['error']}" in out
    assert f"rule set:    {CurvesAreWrong.id}" in out
    assert "board:       square 4x4, 16 cells, 2 described, 1 tiles laid" in out
    assert "tiles:       9 types from set 'catalan'" in out


def test_version(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"trackwright {__version__}"


def test_help_lists_the_commands(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    for cmd in ("check", "info", "new", "schema"):
        assert cmd in out
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    assert "--json" in capsys.readouterr().out


def test_unknown_command_is_2(capsys):
    with pytest.raises(SystemExit) as info:
        main(["frobnicate"])
    assert info.value.code == 2


# --- no display ------------------------------------------------------------------------------
def headless_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    return env


@pytest.mark.parametrize("platform", [None, "xcb", "wayland"])
def test_no_display_gives_one_sentence_and_exit_2(platform):
    env = headless_env() if platform is None else {**headless_env(), "QT_QPA_PLATFORM": platform}
    for args in ([], ["edit"]):
        proc = subprocess.run([str(TRACKWRIGHT), *args], env=env, capture_output=True, text=True, timeout=60)
        assert proc.returncode == 2, proc
        assert "Traceback" not in proc.stderr + proc.stdout
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("trackwright: no display is available"), proc.stderr
        assert "trackwright check" in lines[0] and lines[0].endswith(".")
        assert proc.stdout == ""


def test_no_display_and_headless_commands_never_import_qt(tmp_path):
    path = write(tmp_path, "q.json", {"A1": Cell(tile=LaidTile(tile="curve"))})
    code = (
        "import sys\n"
        "from editor.cli import main\n"
        "assert main([]) == 2\n"
        f"main(['check', {str(path)!r}]); main(['info', {str(path)!r}]); main(['schema'])\n"
        "qt = sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6')))\n"
        "print('QT-MODULES', qt)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], env=headless_env(), capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "QT-MODULES []" in proc.stdout


def test_a_file_argument_opens_the_editor_and_a_typo_stays_an_error(monkeypatch, capsys, tmp_path):
    """`trackwright FILE` is `trackwright edit FILE`; an unknown word is not taken for a file."""
    import editor.cli as cli

    opened = []
    monkeypatch.setattr(cli, "cmd_gui", lambda args: opened.append(args.file) or 0)
    scenario = tmp_path / "board.json"
    assert cli.main(["new", "--rules", "catalan", "--size", "3x3", "-o", str(scenario)]) == 0
    assert cli.main([str(scenario)]) == 0  # main builds its parser, which picks up the patched cmd_gui
    assert opened == [str(scenario)]
    with pytest.raises(SystemExit) as exc:
        cli.main(["chek", "x"])
    assert exc.value.code == 2
    assert "invalid choice: 'chek'" in capsys.readouterr().err


def test_missing_xcb_libraries_are_named_in_one_sentence_before_qt_loads(monkeypatch, capsys):
    from editor import sysdeps

    gone = {"libxcb-icccm.so.4", "libxkbcommon-x11.so.0"}
    monkeypatch.setattr(sysdeps, "_loads", lambda name: name not in gone)
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setenv("DISPLAY", ":97")
    assert main([]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].endswith("."), err
    assert "needs libxkbcommon-x11.so.0 and libxcb-icccm.so.4, which are not installed" in err[0]
    assert "sudo apt-get install libxkbcommon-x11-0 libxcb-icccm4" in err[0]


def test_the_xcb_check_applies_only_where_qt_takes_xcb():
    from editor.sysdeps import uses_xcb

    assert uses_xcb({"DISPLAY": ":0"}, "linux")
    assert uses_xcb({"QT_QPA_PLATFORM": "xcb"}, "linux")
    assert not uses_xcb({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"}, "linux")
    assert not uses_xcb({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert not uses_xcb({"DISPLAY": ":0"}, "darwin")


def test_readme_apt_line_installs_every_library_the_check_names():
    from editor.sysdeps import XCB_LIBRARIES

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    lines = [ln for ln in readme.splitlines() if "apt-get install" in ln]
    assert len(lines) == 1, lines
    for package in set(XCB_LIBRARIES.values()):
        assert f" {package}" in lines[0], package

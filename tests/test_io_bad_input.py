"""Bad input: every broken file gives exit 2 from `check` and `info`, a message naming the file and
the place, no traceback, and leaves every file byte-identical."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from editor.cli import main
from model.io import LoadError, dumps, load, loads
from model.newboard import new_scenario
from model.rules import RuleSet, register

TRACKWRIGHT = Path(sys.executable).with_name("trackwright")


def valid_doc() -> dict:
    """A small valid Catalan scenario with a laid tile, an edge feature and a player."""
    doc = json.loads(dumps(new_scenario("catalan", 4, 4, title="Bad-input base")))
    doc["board"]["cells"] = {"B2": {"tile": {"tile": "curve", "rotation": 1}}, "C3": {"terrain": "lake"}}
    doc["board"]["edges"] = [{"cell": "B2", "edge": 3, "kind": "river", "cost": 2}]
    doc["players"] = [{"id": "red", "hand": ["straight"]}]
    return doc


def mutated(change) -> str:
    doc = copy.deepcopy(valid_doc())
    change(doc)
    return json.dumps(doc, indent=1)


def _json_place(text: str) -> str:
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        return f":{exc.lineno}:{exc.colno}:"
    raise AssertionError("the text was meant to be broken")


TRUNCATED = json.dumps(valid_doc(), indent=1)[:150]
JSON_PLACE = _json_place(TRUNCATED)
assert JSON_PLACE != ":1:1:"

# name -> (file contents (str, bytes, or None for a folder), words the message must contain)
CASES: dict[str, tuple[str | bytes | None, tuple[str, ...]]] = {
    "empty": ("", ("empty",)),
    "blank": ("  \n\t\n", ("empty",)),
    "truncated": (TRUNCATED, ("broken JSON", JSON_PLACE)),
    "trailing-comma": ('{\n "format": "trackwright-scenario",\n}', ("broken JSON", ":3:1")),
    "binary": (bytes(range(256)) * 3, ("not UTF-8", "byte ")),
    "nul-bytes": (b"\x00" * 64, ("broken JSON", ":1:1")),
    "folder": (None, ("is a folder",)),
    "top-level-array": ("[1, 2, 3]", ("expected a JSON object",)),
    "not-a-scenario": ('{"format": "trackwright-tileset", "version": 1}', (":format:", "not a Trackwright scenario")),
    "wrong-type": (mutated(lambda d: d["board"]["grid"].__setitem__("width", "four")), (":board.grid.square.width:", "integer")),
    "string-number": (mutated(lambda d: d["board"]["grid"].__setitem__("width", "4")), (":board.grid.square.width:", "integer")),
    "bool-number": (mutated(lambda d: d["board"]["cells"]["B2"]["tile"].__setitem__("rotation", True)), (":board.cells.B2.tile.rotation:",)),
    "wrong-container": (mutated(lambda d: d.__setitem__("players", {"red": 1})), (":players:", "array")),
    "unknown-field": (mutated(lambda d: d["board"].__setitem__("colour", "red")), (":board.colour:", "unknown field")),
    "unknown-root-field": (mutated(lambda d: d.__setitem__("rule_set", "catalan")), (":rule_set:", "unknown field")),
    "unknown-tile": (
        mutated(lambda d: d["board"]["cells"]["B2"]["tile"].__setitem__("tile", "warp")),
        (":board.cells.B2.tile.tile:", "unknown tile id 'warp'"),
    ),
    "unknown-tile-in-hand": (mutated(lambda d: d["players"][0]["hand"].append("warp")), (":players.0.hand.1:", "warp")),
    "label-off-grid": (mutated(lambda d: d["board"]["cells"].__setitem__("Z9", {"terrain": "lake"})), (":board.cells.Z9:", "not on the board")),
    "label-malformed": (mutated(lambda d: d["board"]["cells"].__setitem__("b2", {})), (":board.cells.b2:", "not a cell label")),
    "label-leading-zero": (mutated(lambda d: d["board"]["cells"].__setitem__("B02", {})), (":board.cells.B02:",)),
    "edge-off-grid": (mutated(lambda d: d["board"]["edges"][0].__setitem__("cell", "E1")), (":board.edges.0.cell:", "not on the board")),
    "rotation-out-of-range": (
        mutated(lambda d: d["board"]["cells"]["B2"]["tile"].__setitem__("rotation", 4)),
        (":board.cells.B2.tile.rotation:", "out of range 0-3"),
    ),
    "rotation-negative": (mutated(lambda d: d["board"]["cells"]["B2"]["tile"].__setitem__("rotation", -1)), (":board.cells.B2.tile.rotation:",)),
    "edge-out-of-range": (mutated(lambda d: d["board"]["edges"][0].__setitem__("edge", 5)), (":board.edges.0.edge:",)),
    "version-newer": (mutated(lambda d: d.__setitem__("version", 99)), (":version:", "newer than this program")),
    "version-negative": (mutated(lambda d: d.__setitem__("version", -1)), (":version:", "not a supported version")),
    "version-missing": (mutated(lambda d: d.pop("version")), (":version:",)),
    "version-text": (mutated(lambda d: d.__setitem__("version", "1")), (":version:", "integer")),
    "unknown-tile-set": (mutated(lambda d: d["tiles"].__setitem__("set", "../schema/scenario.schema")), (":tiles.set:", "no bundled tile set")),
    "nan": ('{"format": "trackwright-scenario",\n "version": 1, "x": NaN}', ("NaN", ":2:21")),
    "duplicate-key": (
        '{"format": "trackwright-scenario", "version": 1,\n "rules": {"id": "catalan", "id": "18xx"}}',
        ("appears twice", "'id'", ":2:29"),
    ),
    "huge-integer": ('{"format": "trackwright-scenario", "version": ' + "9" * 5000 + "}", ("broken JSON",)),
    "deep-nesting": ("[" * 100_000 + "]" * 100_000, ("nested too deeply",)),
}


def snapshot(folder: Path) -> dict[str, tuple[bytes | None, int]]:
    """Every file and folder below ``folder`` with its bytes and mode."""
    out = {}
    for p in sorted(folder.rglob("*")):
        st = p.lstat()
        out[str(p.relative_to(folder))] = (None if p.is_dir() else p.read_bytes(), st.st_mode)
    return out


def make_case(folder: Path, name: str) -> Path:
    content, _ = CASES[name]
    path = folder / f"{name}.json"
    if content is None:
        path.mkdir()
        (path / "inside.json").write_text(json.dumps(valid_doc()))
    elif isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["check", "info"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_input_exits_2_naming_file_and_place(tmp_path, capsys, name, command):
    path = make_case(tmp_path, name)
    (tmp_path / "neighbour.json").write_text(json.dumps(valid_doc()))  # must not be touched either
    before = snapshot(tmp_path)
    assert main([command, str(path)]) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert err.startswith(f"trackwright: {path}"), err
    for word in CASES[name][1]:
        assert word in err, (word, err)
    assert len(err.strip().splitlines()) == 1, err  # one line per file
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("name", sorted(CASES))
def test_loader_raises_only_load_error(tmp_path, name):
    path = make_case(tmp_path, name)
    with pytest.raises(LoadError) as info:
        load(path)
    assert info.value.file == str(path)
    assert str(info.value).startswith(str(path))


def test_the_base_document_is_valid(tmp_path):
    """The mutations above break a file that is otherwise good: prove it is good."""
    path = tmp_path / "good.json"
    path.write_text(json.dumps(valid_doc()))
    scenario = load(path)
    assert scenario.board.cells["B2"].tile.rotation == 1
    assert main(["info", str(path)]) == 0


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/null", "fifo"])
def test_devices_and_pipes_are_refused_without_reading(tmp_path, capsys, special):
    if special == "fifo":
        special = str(tmp_path / "pipe.json")
        os.mkfifo(special)  # reading it would block for ever
    assert main(["check", special]) == 2
    assert f"trackwright: {special}: is not a regular file" in capsys.readouterr().err


def test_nul_in_a_file_name_is_a_load_error():
    with pytest.raises(LoadError, match="cannot be read"):
        load("bad\0name.json")


def test_byte_order_mark_is_accepted_and_dropped_on_save(tmp_path):
    path = tmp_path / "bom.json"
    text = json.dumps(valid_doc())
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert load(path) == loads(text)
    assert not dumps(load(path)).startswith("\ufeff")


def test_missing_file(tmp_path, capsys):
    assert main(["check", str(tmp_path / "nope.json")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def _really_unreadable(tmp_path: Path) -> Path:
    """A path whose read raises PermissionError for this process (root ignores chmod 000)."""
    path = tmp_path / "locked.json"
    path.write_text(json.dumps(valid_doc()))
    path.chmod(0)
    if os.geteuid() != 0:
        return path
    # root: a write-only sysfs attribute refuses reads even to root
    candidates = [Path("/sys/bus/pci/rescan"), Path("/sys/class/zram-control/hot_remove"), Path("/sys/power/wakeup_count")]
    candidates += sorted(Path("/sys/fs").glob("*/*/trigger_fs_error")) + sorted(Path("/sys/devices").glob("pci*/*/rescan"))[:3]
    for candidate in candidates:
        try:
            if not candidate.is_file():
                continue
            candidate.read_bytes()
        except PermissionError:
            return candidate
        except OSError:
            continue
    pytest.fail("no file on this machine refuses reading to root: see test_unreadable_file_monkeypatched")


def test_unreadable_file(tmp_path, capsys):
    path = _really_unreadable(tmp_path)
    before = snapshot(tmp_path)
    for command in ("check", "info"):
        assert main([command, str(path)]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"trackwright: {path}: ") and "permission denied" in err, err
    assert snapshot(tmp_path) == before


def test_unreadable_file_monkeypatched(tmp_path, capsys, monkeypatch):
    """The same path through the code as a chmod-000 file for a normal user."""
    path = tmp_path / "locked.json"
    path.write_text(json.dumps(valid_doc()))
    path.chmod(0)
    real_read = Path.read_bytes

    def read_bytes(self):
        if self == path:
            raise PermissionError(13, "Permission denied", str(self))
        return real_read(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: permission denied" in err
    path.chmod(0o644)
    assert path.read_text() == json.dumps(valid_doc())


@register
class _CleanRules(RuleSet):
    """A rule set that finds nothing, so the good file's outcome does not depend on others' rules."""

    id = "test.io-clean"
    name = "clean (test only)"


def test_check_reports_every_file_and_keeps_going(tmp_path, capsys):
    """Bad files among a good one: each bad one is named, the good one is still checked, exit 2."""
    bad1, bad2 = make_case(tmp_path, "truncated"), make_case(tmp_path, "unknown-tile")
    good = tmp_path / "good.json"
    doc = valid_doc()
    doc["rules"]["id"] = _CleanRules.id
    good.write_text(json.dumps(doc))
    rc = main(["check", str(bad1), str(good), str(bad2)])
    out, err = capsys.readouterr()
    assert rc == 2
    assert str(bad1) in err and str(bad2) in err and str(good) not in err
    assert f"{good}: 0 error(s), 0 warning(s), 0 note(s)" in out


def test_loads_from_text_and_bytes_agree():
    text = json.dumps(valid_doc())
    assert loads(text) == loads(text.encode("utf-8"))
    with pytest.raises(LoadError, match=r"^here.json:1:2: broken JSON"):
        loads("{", "here.json")


def test_installed_console_script_reports_bad_input(tmp_path):
    """One run of the real `trackwright` executable: exit 2, one sentence, no traceback."""
    assert TRACKWRIGHT.exists(), f"the console script is not installed next to {sys.executable}"
    path = make_case(tmp_path, "rotation-out-of-range")
    before = snapshot(tmp_path)
    proc = subprocess.run([str(TRACKWRIGHT), "check", str(path)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr + proc.stdout
    assert f"{path}:board.cells.B2.tile.rotation: 4 out of range 0-3" in proc.stderr
    assert snapshot(tmp_path) == before

"""Migration: older files load (parse -> migrate -> build); newer ones get a clear error."""

from __future__ import annotations

import json

import pytest

from editor.cli import main
from model.io import LoadError, dumps, load, loads
from model.io.migrate import STEPS, MigrationError, migrate
from model.newboard import new_scenario
from model.scenario import VERSION


def version0_text(options: dict | None = None) -> str:
    """A pre-release (version 0) file: ``rule_set`` and ``options`` at the root instead of ``rules``."""
    doc = json.loads(dumps(new_scenario("catalan", 3, 3, title="Old file")))
    doc["version"] = 0
    rules = doc.pop("rules")
    doc["rule_set"] = rules["id"]
    if options is not None:
        doc["options"] = options
    doc["board"]["cells"] = {"B2": {"tile": {"tile": "curve", "rotation": 2}}}
    return json.dumps(doc, indent=2)


def test_version0_file_loads_as_current_version():
    s = loads(version0_text({"reverse_at_turntable": False}))
    assert s.version == VERSION
    assert s.rules.id == "catalan"
    assert s.rules.options == {"reverse_at_turntable": False}
    assert s.board.cells["B2"].tile.tile == "curve"
    assert s.meta.title == "Old file"


def test_version0_without_options():
    s = loads(version0_text())
    assert s.rules.options == {}


def test_version0_file_is_saved_as_current_version_without_touching_the_original(tmp_path, capsys):
    path = tmp_path / "old.json"
    path.write_text(version0_text({"x": 1}))
    before = path.read_bytes()
    assert main(["info", str(path)]) == 0
    assert "rule set:    catalan" in capsys.readouterr().out
    assert path.read_bytes() == before  # loading never writes
    text = dumps(load(path))
    assert json.loads(text)["version"] == VERSION
    assert "rule_set" not in text


def test_version0_errors_still_name_the_field():
    doc = json.loads(version0_text())
    doc["board"]["cells"]["B2"]["tile"]["rotation"] = 9
    with pytest.raises(LoadError) as info:
        loads(json.dumps(doc), "old.json")
    assert info.value.where == "board.cells.B2.tile.rotation"


@pytest.mark.parametrize("version", [VERSION + 1, 1000])
def test_newer_version_is_a_clear_error(version):
    doc = json.loads(dumps(new_scenario("catalan", 2, 2)))
    doc["version"] = version
    with pytest.raises(LoadError) as info:
        loads(json.dumps(doc), "future.json")
    assert info.value.where == "version"
    assert f"{version} is newer than this program understands (up to {VERSION})" in info.value.message
    assert "upgrade" in info.value.message


@pytest.mark.parametrize("version", [-1, 0.5, None, True, "1"])
def test_unsupported_versions(version):
    doc = {"format": "trackwright-scenario", "version": version}
    with pytest.raises(LoadError) as info:
        loads(json.dumps(doc), "odd.json")
    assert info.value.where == "version"


def test_every_old_version_has_a_step():
    assert sorted(STEPS) == list(range(VERSION))
    with pytest.raises(MigrationError):
        migrate({"version": VERSION + 1})


def test_migrate_does_not_change_its_input():
    doc = json.loads(version0_text({"a": True}))
    copy = json.loads(json.dumps(doc))
    migrate(doc)
    assert doc == copy


def test_a_version1_file_means_the_same_as_version2():
    """Version 2 only adds fields with defaults: a version 1 file of the 18 India map (its privates
    and corpus fields absent) loads to the same scenario, and is saved as version 2."""
    from model.paths import scenarios_dir

    current = (scenarios_dir() / "18india.json").read_text(encoding="utf-8")
    doc = json.loads(current)
    assert doc["version"] == VERSION == 2
    doc["version"] = 1
    doc["state"].pop("privates", None)  # a version 1 file could not hold them
    old = loads(json.dumps(doc))
    assert old.version == 2 and old.state.privates == []
    assert old.board == loads(current).board and old.tiles == loads(current).tiles
    assert json.loads(dumps(old))["version"] == 2

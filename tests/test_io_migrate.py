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
    and corpus fields absent) loads to the same scenario, and is saved in the current version."""
    from model.paths import scenarios_dir

    current = (scenarios_dir() / "18india.json").read_text(encoding="utf-8")
    doc = json.loads(current)
    assert doc["version"] == VERSION == 4
    doc["version"] = 1
    doc["state"].pop("privates", None)  # a version 1 file could not hold them
    old = loads(json.dumps(doc))
    assert old.version == 4 and old.state.privates == []
    assert old.board == loads(current).board and old.tiles == loads(current).tiles
    assert json.loads(dumps(old))["version"] == 4


def test_version2_india_privates_get_the_abilities_they_had():
    """Version 2 left a private's ability to the rule set; version 3 writes it in the file: an 18 India
    P2 and P3 of version 2 load with their tile_lay abilities, P4 and other titles' privates with none."""
    doc = {"format": "trackwright-scenario", "version": 2, "rules": {"id": "18india"},
           "board": {"grid": {"kind": "hex", "width": 3, "height": 3}},
           "state": {"privates": [{"id": "P2", "owner": "NCR"}, {"id": "P3"}, {"id": "P4", "used": True, "discount": 40}]}}
    s = loads(json.dumps(doc))
    p2, p3, p4 = s.state.privates
    assert [(a.type, a.lay_count, a.upgrade_count, a.reachable) for a in p2.abilities] == [("tile_lay", 1, 0, True)]
    assert [(a.type, a.lay_count, a.upgrade_count) for a in p3.abilities] == [("tile_lay", 0, 1)]
    assert p4.abilities == [] and p4.discount == 40 and p2.owner == "NCR"
    doc["rules"]["id"] = "18xx"
    assert all(pc.abilities == [] for pc in loads(json.dumps(doc)).state.privates)


def test_version3_refuses_bad_state_of_play():
    """An unknown phase name, token kind, lay entry field or a lay naming a private not listed: refused
    with the field path."""
    from model.io.files import LoadError

    base = {"format": "trackwright-scenario", "version": 3, "rules": {"id": "18xx"},
            "board": {"grid": {"kind": "hex", "width": 3, "height": 3}}}
    cases = [
        ({"play": {"phases": [{"name": "2"}]}, "state": {"game_phase": "5"}}, "state.game_phase"),
        ({"play": {"tile_lays": [{"lay": True, "teleport": True}]}}, "play.tile_lays.0.teleport"),
        ({"play": {"tile_lays": [{"lay": "sometimes"}]}}, "play.tile_lays.0.lay"),
        ({"board": {"grid": {"kind": "hex", "width": 3, "height": 3},
                    "cells": {"A1": {"tokens": [{"company": "CN", "kind": "ghost"}]}}}}, "board.cells.A1.tokens.0.kind"),
        ({"state": {"laid": [{"cell": "A1", "tile": "7", "private": "P9"}]}}, "state.laid.0.private"),
        ({"state": {"privates": [{"id": "P1", "abilities": [{"type": "teleport"}]}]}}, "state.privates.0.abilities.0.type"),
        ({"state": {"privates": [{"id": "P1", "abilities": [{"type": "blocks_hexes", "hexes": ["Z99"]}]}]}},
         "state.privates.0.abilities.0.hexes.0"),
    ]
    for extra, where in cases:
        with pytest.raises(LoadError) as info:
            loads(json.dumps({**base, **extra}))
        assert where in str(info.value), (where, str(info.value))


def test_version3_tokens_get_the_circles_they_were_drawn_in():
    """Version 3 filled a city's circles in list order; version 4 writes each token's circle, so a
    version-3 file's tokens stay where they were drawn (and keep them when one is taken off)."""
    from model.tokens import remove_token, token_at

    doc = {"format": "trackwright-scenario", "version": 3, "rules": {"id": "18xx"},
           "board": {"grid": {"kind": "hex", "width": 3, "height": 3},
                     "cells": {"A1": {"cities": [{"slots": 3}, {"slots": 1}],
                                      "tokens": [{"company": "A"}, {"company": "B", "city": 1}, {"company": "C"}]}}}}
    s = loads(json.dumps(doc))
    assert s.version == VERSION == 4
    assert [(t.company, t.city, t.circle) for t in s.board.cells["A1"].tokens] == [("A", 0, 0), ("B", 1, 0), ("C", 0, 1)]
    cell = remove_token(s, (0, 0), 0, 0)[(0, 0)]
    assert token_at(cell, 0, 0) is None and token_at(cell, 0, 1).company == "C"
    assert STEPS[3]({"version": 3, "board": "junk"}) == {"version": 4, "board": "junk"}

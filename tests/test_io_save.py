"""Saving: atomic (a failure half-way leaves the previous file and no temporary file), keeps the
previous version as ``<name>.bak``, and save -> load -> save gives identical bytes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from model.board import Cell, City, EdgeFeature, LaidTile, Platform
from model.io import SaveError, dumps, load, loads, save
from model.newboard import new_scenario
from model.paths import scenarios_dir
from model.scenario import Company, Player, Scenario

REPO_SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def built_scenarios() -> dict[str, Scenario]:
    """Scenarios built here, so the round trip is proven even before any are bundled."""
    cat = new_scenario("catalan", 6, 5, title="Round trip — català")
    cells = {
        "A1": Cell(tile=LaidTile(tile="straight", rotation=1)),
        "B1": Cell(tile=LaidTile(tile="switch_right", rotation=2, turn=3, by="blue")),
        "C3": Cell(terrain="lake"),
        "D4": Cell(cities=[City(name="Girona", slots=2)], tile=LaidTile(tile="turntable")),
        "F5": Cell(platform=Platform(station="s1", access=1, kind="destination", owner="blue")),
    }
    cat = cat.model_copy(
        update={
            "board": cat.board.model_copy(update={"cells": cells, "edges": [EdgeFeature(cell="B1", edge=3, kind="gauge")]}),
            "players": [Player(id="blue", hand=["curve", "curve"], destination="D4")],
        }
    )
    hexes = new_scenario("18xx", 5, 4, orientation="pointy", title="Pointy")
    hexes = hexes.model_copy(
        update={
            "board": hexes.board.model_copy(update={"cells": {"A1": Cell(terrain="mountain", cost=40, cities=[City(revenue=30)])}}),
            "companies": [Company(id="EIR", home="A1")],
        }
    )
    return {"catalan": cat, "hex": hexes, "empty-18india": new_scenario("18india", 4, 3)}


def bundled_scenario_files() -> list[Path]:
    return sorted(REPO_SCENARIOS.glob("**/*.json"))


def test_bundled_scenarios_are_found():
    """Fails loudly instead of passing on zero files: the folder exists and scenarios_dir() is it."""
    assert REPO_SCENARIOS.is_dir(), "scenarios/ is missing from the checkout"
    assert scenarios_dir().resolve() == REPO_SCENARIOS.resolve()
    if any(REPO_SCENARIOS.glob("**/*.json")):
        assert len(bundled_scenario_files()) >= 1


@pytest.mark.parametrize("path", bundled_scenario_files(), ids=lambda p: str(p.relative_to(REPO_SCENARIOS)))
def test_bundled_scenario_save_load_save_is_identical(tmp_path, path):
    scenario = load(path)
    first = tmp_path / "first.json"
    save(scenario, first)
    again = load(first)
    assert again == scenario
    second = tmp_path / "second.json"
    save(again, second)
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.parametrize("path", bundled_scenario_files(), ids=lambda p: str(p.relative_to(REPO_SCENARIOS)))
def test_bundled_scenario_is_stored_in_canonical_form(path):
    """Opening a bundled file and saving it changes nothing, so diffs show only real edits."""
    assert dumps(load(path)).encode("utf-8") == path.read_bytes(), f"{path.name} is not in canonical form: load and save it once"


@pytest.mark.parametrize("name", sorted(built_scenarios()))
def test_built_scenario_save_load_save_is_identical(tmp_path, name):
    scenario = built_scenarios()[name]
    target = tmp_path / f"{name}.json"
    save(scenario, target)
    loaded = load(target)
    assert loaded == scenario
    save(loaded, target)
    assert target.read_bytes() == dumps(scenario).encode("utf-8")
    assert (tmp_path / f"{name}.json.bak").read_bytes() == target.read_bytes()


def test_dumps_is_canonical():
    scenario = built_scenarios()["catalan"]
    text = dumps(scenario)
    assert text.startswith('{\n "format": "trackwright-scenario",\n "version": 4,\n')
    assert text.endswith("}\n")
    assert "Round trip — català" in text  # UTF-8, not \u escapes
    assert json.loads(text)["board"]["grid"] == {"kind": "square", "width": 6, "height": 5}
    assert loads(text) == scenario


def test_save_keeps_previous_version_as_bak(tmp_path):
    target = tmp_path / "board.json"
    one, two = built_scenarios()["catalan"], built_scenarios()["hex"]
    save(one, target)
    assert not (tmp_path / "board.json.bak").exists()  # nothing to back up the first time
    save(two, target)
    assert load(tmp_path / "board.json.bak") == one
    assert load(target) == two
    save(one, target, backup=False)
    assert load(tmp_path / "board.json.bak") == one == load(target)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.json", "board.json.bak"]


def test_save_keeps_the_file_mode(tmp_path):
    target = tmp_path / "board.json"
    save(built_scenarios()["catalan"], target)
    umask = os.umask(0o022)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask  # a new file is not private like a temp file
    target.chmod(0o640)
    save(built_scenarios()["hex"], target)
    assert target.stat().st_mode & 0o777 == 0o640


@pytest.mark.parametrize("failing", ["write", "fsync", "replace", "backup"])
def test_failed_save_leaves_previous_file_and_no_temp_file(tmp_path, monkeypatch, failing):
    target = tmp_path / "board.json"
    old, new = built_scenarios()["catalan"], built_scenarios()["hex"]
    save(old, target)
    save(old, target)  # now a .bak exists as well
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    import model.io.atomic as atomic
    import model.io.files as files

    if failing == "write":
        real_fdopen = os.fdopen

        class HalfWriter:
            """Writes half the bytes, then the disk is full."""

            def __init__(self, fh):
                self.fh = fh

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.fh.close()

            def write(self, data):
                self.fh.write(data[: len(data) // 2])
                boom()

            def __getattr__(self, name):
                return getattr(self.fh, name)

        monkeypatch.setattr(files.os, "fdopen", lambda fd, mode: HalfWriter(real_fdopen(fd, mode)))
    elif failing == "fsync":
        monkeypatch.setattr(files.os, "fsync", boom)
    elif failing == "replace":
        monkeypatch.setattr(files.os, "replace", boom)
    else:  # the backup cannot be made, neither as a hard link nor as a copy
        monkeypatch.setattr(files.os, "link", boom)
        monkeypatch.setattr(atomic.shutil, "copy2", boom)

    with pytest.raises(SaveError, match=r"board\.json: cannot be written: No space left on device"):
        save(new, target)
    monkeypatch.undo()
    after = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert after == before, "the previous file, its backup and nothing else"
    assert load(target) == old


def test_backup_falls_back_to_a_copy_without_hard_links(tmp_path, monkeypatch):
    import model.io.files as files

    def no_links(*args):
        raise OSError(1, "Operation not permitted")

    target = tmp_path / "board.json"
    one, two = built_scenarios()["catalan"], built_scenarios()["hex"]
    save(one, target)
    monkeypatch.setattr(files.os, "link", no_links)
    save(two, target)
    assert load(tmp_path / "board.json.bak") == one and load(target) == two
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.json", "board.json.bak"]


def test_save_into_missing_folder_is_a_save_error(tmp_path):
    with pytest.raises(SaveError, match="cannot be written"):
        save(built_scenarios()["catalan"], tmp_path / "no" / "such" / "board.json")
    assert list(tmp_path.iterdir()) == []


def test_save_of_unencodable_text_is_a_save_error(tmp_path):
    scenario = built_scenarios()["catalan"]
    bad = scenario.model_copy(update={"meta": scenario.meta.model_copy(update={"title": "half \ud800 pair"})})
    target = tmp_path / "board.json"
    save(scenario, target)
    with pytest.raises(SaveError, match="unpaired surrogate"):
        save(bad, target)
    assert load(target) == scenario
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.json"]


def test_save_relative_path_in_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    save(built_scenarios()["catalan"], "here.json")
    assert load("here.json") == built_scenarios()["catalan"]

"""Packaging: the wheel carries resources/ and scenarios/ as model/_data/, and an installed (not
editable) copy finds its tile sets and scenarios through model.paths."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SKIP = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", "*.pyc", ".hypothesis", "tmp", "*.bak")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """Build the wheel from a copy of the checkout (so no build/ folder appears in the shared tree)."""
    base = tmp_path_factory.mktemp("wheel")
    src = base / "src"
    shutil.copytree(ROOT, src, ignore=SKIP)
    out = base / "dist"
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", str(src), "-w", str(out)],
        capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    [whl] = out.glob("trackwright-*.whl")
    return whl


def test_wheel_contains_packages_data_and_console_script(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "model/__init__.py" in names and "editor/cli/__init__.py" in names
    assert "model/_data/resources/tilesets/catalan.json" in names
    for tileset in (ROOT / "resources" / "tilesets").glob("*.json"):
        assert f"model/_data/resources/tilesets/{tileset.name}" in names
    assert "model/_data/resources/schema/scenario.schema.json" in names
    bundled = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "scenarios").rglob("*.json"))
    for rel in bundled:
        assert f"model/_data/{rel}" in names
    if bundled:
        assert any(n.startswith("model/_data/scenarios/") for n in names)
    assert not any("tests/" in n or n.startswith("bench/") for n in names)
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "trackwright = editor.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def test_installed_wheel_finds_tile_sets_and_scenarios(wheel, tmp_path):
    """Install into a plain folder and import from there, away from the checkout."""
    site = tmp_path / "site"
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", "--target", str(site), str(wheel)],
        capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    code = (
        "import model, model.paths as p\n"
        "from model.tiles import bundled_tilesets, load_tileset\n"
        "from model.io import load\n"
        "print('MODEL', model.__file__)\n"
        "print('RESOURCES', p.resources_dir())\n"
        "print('TILESETS', ' '.join(bundled_tilesets()), len(load_tileset('catalan').tiles))\n"
        "for f in sorted(p.scenarios_dir().glob('*.json')): load(f); print('LOADED', f.name)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(site)}
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert f"MODEL {site / 'model' / '__init__.py'}" in out
    assert f"RESOURCES {site / 'model' / '_data' / 'resources'}" in out
    assert "TILESETS " in out and "catalan" in out.split("TILESETS ")[1].splitlines()[0]
    assert out.split("TILESETS ")[1].splitlines()[0].endswith(" 9")
    for scenario in (ROOT / "scenarios").glob("*.json"):
        assert f"LOADED {scenario.name}" in out

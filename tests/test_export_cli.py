"""``trackwright export``: the rule gate, atomic writes, json and 18xx-maker output, no Qt for text."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from editor.cli import main
from model.board import Token
from model.io import dumps, load, save
from model.io.atomic import write_atomic
from model.io.export_18xx_maker import export_18xx_maker_data, maker_side

REPO = Path(__file__).resolve().parents[1]
SCENARIO = REPO / "scenarios" / "18india.json"


@pytest.fixture(scope="module")
def india():
    return load(SCENARIO)


@pytest.fixture
def broken(tmp_path, india):
    """18 India with a token of a company that does not exist: a rule error."""
    cells = dict(india.board.cells)
    cells["G8"] = cells["G8"].model_copy(update={"tokens": [Token(company="NOPE", city=0)]})
    s = india.model_copy(update={"board": india.board.model_copy(update={"cells": cells})})
    path = tmp_path / "broken.json"
    save(s, path, backup=False)
    return path


@pytest.mark.parametrize("fmt", ["json", "18xx-games", "18xx-maker"])
def test_refused_export_writes_nothing_and_keeps_an_existing_file(broken, tmp_path, capsys, fmt):
    out = tmp_path / "out.txt"
    assert main(["export", str(broken), "--to", fmt, "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "core.unknown-company" in err and "G8" in err and "refused" in err
    assert not out.exists()
    out.write_text("old content")
    assert main(["export", str(broken), "--to", fmt, "-o", str(out)]) == 1
    assert out.read_text() == "old content"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".out")] == []  # no temp file left


def test_force_exports_despite_errors(broken, tmp_path, capsys):
    out = tmp_path / "forced.json"
    assert main(["export", str(broken), "--to", "json", "-o", str(out), "--force"]) == 0
    assert "exporting despite" in capsys.readouterr().err
    assert load(out).board.cells["G8"].tokens[0].company == "NOPE"


def test_json_export_is_canonical_and_byte_stable(tmp_path, india):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert main(["export", str(SCENARIO), "--to", "json", "-o", str(a)]) == 0
    assert main(["export", str(a), "--to", "json", "-o", str(b)]) == 0
    assert a.read_bytes() == b.read_bytes() == dumps(india).encode("utf-8")


def test_18xx_games_export_is_byte_stable(tmp_path):
    a, b = tmp_path / "a.rb", tmp_path / "b.rb"
    assert main(["export", str(SCENARIO), "--to", "18xx-games", "-o", str(a), "-q"]) == 0
    assert main(["export", str(SCENARIO), "--to", "18xx-games", "-o", str(b), "-q"]) == 0
    assert a.read_bytes() == b.read_bytes()
    assert a.read_text().startswith("# frozen_string_literal: true")


def test_unknown_rule_set_is_bad_input(tmp_path, india, capsys):
    s = india.model_copy(update={"rules": india.rules.model_copy(update={"id": "no-such-rules"})})
    path = tmp_path / "x.json"
    save(s, path, backup=False)
    assert main(["export", str(path), "--to", "json", "-o", str(tmp_path / "o.json")]) == 2
    assert "no-such-rules" in capsys.readouterr().err


def test_missing_input_is_exit_2(tmp_path, capsys):
    assert main(["export", str(tmp_path / "none.json"), "--to", "json", "-o", str(tmp_path / "o.json")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_write_atomic_replaces_in_one_step(tmp_path):
    p = tmp_path / "f.bin"
    write_atomic(p, b"one")
    write_atomic(p, b"two")
    assert p.read_bytes() == b"two"
    assert sorted(x.name for x in tmp_path.iterdir()) == ["f.bin"]


def test_18xx_maker_sides_grouping_and_tiles(india):
    data, _ = export_18xx_maker_data(india)
    assert data["info"]["orientation"] == "horizontal"
    assert maker_side(0, "flat") == 1 and maker_side(5, "flat") == 6
    assert maker_side(0, "pointy") == 6 and maker_side(4, "pointy") == 4
    hexes = data["map"]["hexes"]
    covered = [h for d in hexes for h in d["hexes"]]
    assert sorted(covered) == sorted(india.board.grid.label(c) for c in india.board.grid.ordered_coords)
    assert len(hexes) < len(covered)  # definitions are shared
    by_hex = {h: d for d in hexes for h in d["hexes"]}
    karachi = by_hex["A16"]  # red, city with exits on edges 4 and 5
    assert karachi["color"] == "offboard" and karachi["names"] == [{"name": "KARACHI"}]
    assert {t["side"] for t in karachi["track"]} == {5, 6}
    b11 = by_hex["B11"]  # gray straight path=a:0,b:3
    assert b11["color"] == "gray" and b11["track"] == [{"type": "straight", "side": 1}]
    assert by_hex["J37"]["terrain"] == [{"type": "water", "cost": 60}]
    g6 = by_hex["G6"]  # gauge line on edge 4, gauge + river on edge 5
    assert {"side": 5, "color": "red", "dashed": True} in g6["borders"]
    assert {"side": 6, "color": "water"} in g6["borders"]
    assert by_hex["B9"]["color"] == "plain"
    assert data["tiles"]["9"] == 41 and data["tiles"]["IF1"]["quantity"] == 1
    assert data["tiles"]["IF1"]["track"] == [{"type": "straight", "side": 1}]
    assert data["upgrades"]["9"] == ["82", "83"]


def test_text_exports_do_not_import_qt(tmp_path):
    code = (
        "import sys\n"
        "from editor.cli import main\n"
        f"for fmt in ('json', '18xx-games', '18xx-maker'):\n"
        f"    assert main(['export', {str(SCENARIO)!r}, '--to', fmt, '-o', {str(tmp_path / 'o')!r} + fmt, '-q']) == 0\n"
        "print('QT' if any(m.startswith('PySide6') for m in sys.modules) else 'NOQT')\n"
    )
    env = dict(os.environ)
    env.pop("QT_QPA_PLATFORM", None)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "NOQT"
    assert json.loads((tmp_path / "o18xx-maker").read_text())["info"]["title"] == "18 India"

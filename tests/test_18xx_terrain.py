"""Tiles laid only on some terrains (``TileDef.terrains``, rule ``18xx.tile-terrain``).

The golden case tests/cases/18xx-terrain/ is a small generic 18xx board (``board.json``, a
scenario file) and what the rule set must say about it (``case.json``): the board check's
issues, verdicts of ``explain`` for lays and upgrades, and every legal move of the terrain-bound
tiles. Then explain, legal_moves, the board check and the stamp's ghost are held to one answer
for every hex, terrain-bound tile and rotation.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from model import editing, verdict
from model.board import Cell
from model.io import load
from model.rules import MoveContext, get_rule_set
from model.rules.eighteen_xx.tables import yellow_table
from model.rules.eighteen_xx.terrain import hex_terrains
from model.tiles import TerrainCost, TileDef

CASE = Path(__file__).resolve().parent / "cases" / "18xx-terrain"
SPEC = json.loads((CASE / "case.json").read_text(encoding="utf-8"))
BOUND = ("M1", "R1", "M2")


@pytest.fixture(scope="module")
def board():
    return load(CASE / "board.json")


def test_the_board_check_flags_a_tile_on_the_wrong_terrain(board):
    rules = get_rule_set("18xx")
    issues = [i for i in rules.check(board) if i.severity in ("error", "warning")]
    assert sorted([i.rule, i.cells[0]] for i in issues) == sorted(SPEC["issues"])
    (bad,) = [i for i in issues if i.rule == "18xx.tile-terrain"]
    assert bad.message == "C5: tile M1 may be laid only on mountain; this hex's terrain is plain"


@pytest.mark.parametrize("v", SPEC["verdicts"], ids=[v["move"] for v in SPEC["verdicts"]])
def test_verdicts(board, v):
    rules = get_rule_set("18xx")
    got = rules.explain(board, rules.parse_move(board, v["move"], None, None))
    assert got.legal == v["legal"], got.message
    if "rule" in v:
        assert got.rule == v["rule"]
    if "cost" in v:
        assert got.cost == v["cost"]
    if "message" in v:
        assert v["message"] in got.message


def test_legal_moves_of_the_terrain_bound_tiles(board):
    rules = get_rule_set("18xx")
    got = sorted(m.text() for m in rules.legal_moves(board, MoveContext()) if m.tile in BOUND)
    assert got == sorted(SPEC["moves"]["terrain_bound"])
    # the shared yellow table (hexes that look alike share answers) tells the terrains apart
    table = yellow_table(rules, board)
    assert "M1" in table["B2"] and "M1" not in table.get("A3", {}) and "R1" in table["C3"]


def test_explain_moves_checker_and_ghost_agree_everywhere(board):
    rules = get_rule_set("18xx")
    grid = board.board.grid
    def exits(tid, rot):  # legal_moves lists one rotation of each distinct lay
        return board.tile(tid).exits(rot)

    listed = {(m.cell, m.tile, exits(m.tile, m.rotation)) for m in rules.legal_moves(board, MoveContext()) if m.tile in BOUND}
    seen_refusals = 0
    for coord in grid.ordered_coords:
        label = grid.label(coord)
        kind = "lay" if board.board.cell(coord).tile is None else "upgrade"
        for tid in BOUND:
            for rot in range(6):
                v = rules.explain(board, rules.parse_move(board, f"{kind} {label} {tid} {rot}", None, None))
                assert v.legal == ((label, tid, exits(tid, rot)) in listed), (label, tid, rot, v.message)
                errors = verdict.checker_errors(board, rules, coord, tid, rot)
                ok, why = editing.stamp_verdict(board, rules, coord, tid, rot)
                assert ok == (not errors)
                if v.rule == "18xx.tile-terrain":
                    seen_refusals += 1
                    assert [e.rule for e in errors][:1] == ["18xx.tile-terrain"] and "[18xx.tile-terrain]" in why
    assert seen_refusals > 20


def test_hex_terrains():
    assert hex_terrains(Cell()) == {"plain"}
    assert hex_terrains(Cell(terrain="mountain", cost=80)) == {"mountain"}
    assert hex_terrains(Cell(costs=[TerrainCost(cost=20, terrains=["river"])])) == {"river"}
    assert hex_terrains(Cell(terrain="hill", costs=[TerrainCost(cost=20, terrains=["river", "swamp"])])) == {"hill", "river", "swamp"}


def test_terrain_names_are_checked_when_a_tile_is_read():
    assert TileDef(id="X", terrains=["mountain", "cow_skull"]).terrains == ["mountain", "cow_skull"]
    assert TileDef(id="X").terrains == []
    for bad, why in ((["Mountain"], "lower-case"), (["hill", "hill"], "twice"), (["a" * 30], "lower-case")):
        with pytest.raises(ValueError, match=why):
            TileDef(id="X", terrains=bad)


def test_exports_say_they_leave_the_terrains_out(board):
    from model.io.export_18xx_games import export_18xx_games
    from model.io.export_18xx_maker import export_18xx_maker_data
    from model.io.tile_formats import tiles_from_18xx_games, tiles_notes, tiles_to_18xx_games

    _ruby, notes = export_18xx_games(board)
    assert "tile M1: may be laid only on mountain; the 18xx.games tile DSL cannot say so, left out" in notes
    assert "tile R1: may be laid only on river, hill; the 18xx.games tile DSL cannot say so, left out" in notes
    assert not any(n.startswith("tile 9:") for n in notes)
    _data, maker_notes = export_18xx_maker_data(board)
    assert "tile M2: may be laid only on mountain; 18xx-maker's tile format cannot say so, left out" in maker_notes
    tiles = board.tileset().tiles
    assert len(tiles_notes(tiles, "18xx-games")) == 3
    back = {t.id: t for t in tiles_from_18xx_games(tiles_to_18xx_games(tiles))}
    assert back["M1"].terrains == [] and back["M1"].exits() == board.tile("M1").exits()


def test_command_line_check_and_tile_export_notes(tmp_path, capsys):
    from editor.cli import main

    path = CASE / "board.json"
    assert main(["tiles", str(path), "--to", "18xx-games", "-o", str(tmp_path / "tiles.rb")]) == 0
    err = capsys.readouterr().err
    assert "note: tile M1: may be laid only on mountain; the 18xx.games tile DSL cannot say so, left out" in err
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "error: C5: tile M1 may be laid only on mountain; this hex's terrain is plain [18xx.tile-terrain]" in out

"""Out-of-range numbers on the command line are refused (exit 2, nothing written), never
silently replaced by a default."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.cli import main

REPO = Path(__file__).resolve().parents[1]
SCENARIO = REPO / "scenarios" / "catalan" / "starter-2p.json"


@pytest.mark.parametrize(
    ("fmt", "option", "value", "words"),
    [
        ("png", "--dpi", "0", "--dpi 0"),
        ("svg", "--cell-mm", "0", "--cell-mm"),
        ("png", "--cell-mm", "0", "--cell-mm"),
        ("pdf", "--margin-mm", "-3", "--margin-mm"),
        ("pdf", "--overlap-mm", "-1", "--overlap-mm"),
    ],
)
def test_graphic_export_refuses_out_of_range_values(qapp, tmp_path, capsys, fmt, option, value, words):
    out = tmp_path / f"board.{fmt}"
    assert main(["export", str(SCENARIO), "--to", fmt, "-o", str(out), option, value]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert not out.exists()


INDIA = REPO / "scenarios" / "18india.json"


@pytest.mark.parametrize("fmt", ["18xx-games", "18xx-maker"])
def test_tiles_to_refuses_to_overwrite_its_input_scenario(tmp_path, capsys, fmt):
    scenario = tmp_path / "india.json"
    scenario.write_bytes(INDIA.read_bytes())
    before = scenario.read_bytes()
    assert main(["tiles", str(scenario), "--to", fmt, "-o", str(scenario)]) == 2
    err = capsys.readouterr().err
    assert str(scenario) in err and "input" in err and "Traceback" not in err
    assert scenario.read_bytes() == before


def test_tiles_add_refuses_to_overwrite_the_tiles_file(tmp_path, capsys):
    scenario = tmp_path / "india.json"
    scenario.write_bytes(INDIA.read_bytes())
    tiles = tmp_path / "tiles.json"
    assert main(["tiles", str(scenario), "--to", "18xx-maker", "-o", str(tiles)]) == 0
    before = tiles.read_bytes()
    assert main(["tiles", str(scenario), "--add", str(tiles), "-o", str(tiles)]) == 2
    assert "input" in capsys.readouterr().err
    assert tiles.read_bytes() == before


@pytest.mark.parametrize(
    ("scenario", "phases", "known"),
    [("catalan/midgame.json", "bogus", "mandatory, optional"), ("18india.json", "I:x2,VII", "I, II, III, IV, V")],
)
def test_puzzle_generate_refuses_a_phase_the_rule_set_does_not_have(tmp_path, capsys, scenario, phases, known):
    out = tmp_path / "puzzle.json"
    args = ["puzzle", "generate", str(REPO / "scenarios" / scenario), "--moves", "2", "--phases", phases, "-o", str(out)]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "phases" in err and known in err and "Traceback" not in err
    assert not out.exists()


def test_import_onto_its_own_input_gives_no_export_advice(tmp_path, capsys):
    game = tmp_path / "game.json"
    game.write_text('{"info": {"title": "x"}, "map": {"hexes": []}}', encoding="utf-8")
    before = game.read_bytes()
    assert main(["import", str(game), "--from", "18xx-maker", "-o", str(game), "--force"]) == 2
    err = capsys.readouterr().err
    assert "is the input file" in err and "--to json" not in err
    assert game.read_bytes() == before


def test_new_refuses_a_hex_orientation_for_a_square_board(tmp_path, capsys):
    out = tmp_path / "board.json"
    assert main(["new", "--rules", "catalan", "--size", "5x5", "--orientation", "pointy", "-o", str(out)]) == 2
    assert "--orientation pointy" in capsys.readouterr().err
    assert not out.exists()
    assert main(["new", "--rules", "18xx", "--size", "5x5", "--orientation", "pointy", "-o", str(out)]) == 0


@pytest.mark.parametrize(("make", "words"), [(None, "no such file"), ("dir", "is a folder"), ("binary", "not UTF-8")])
def test_tiles_add_names_what_is_wrong_with_the_tiles_file(tmp_path, capsys, make, words):
    tiles = tmp_path / "tiles.rb"
    if make == "dir":
        tiles.mkdir()
    elif make == "binary":
        tiles.write_bytes(b"\xff\xfe\x00\x81")
    out = tmp_path / "out.json"
    assert main(["tiles", str(INDIA), "--add", str(tiles), "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"trackwright: {tiles}: {err.split(': ', 2)[2]}" and words in err
    assert not out.exists()


def test_explain_does_not_echo_an_unknown_move_kind_as_the_expected_syntax(capsys):
    assert main(["explain", str(INDIA), "--company", "NCR", "--move", "frobnicate K14"]) == 2
    err = capsys.readouterr().err
    assert "expected 'frobnicate" not in err and "'lay K14 57 1'" in err
    assert main(["explain", str(INDIA), "--company", "NCR", "--move", "lay K14"]) == 2
    assert "expected 'lay CELL TILE ROTATION'" in capsys.readouterr().err


def test_an_unknown_18xx_move_kind_is_bad_input_as_in_the_catalan_rules(tmp_path, capsys):
    """'frobnicate K14 57 1' is no move of the rule set: exit 2 naming the kinds, not exit 1 (illegal)."""
    from editor.cli import main
    from model.paths import scenarios_dir

    code = main(["explain", str(scenarios_dir() / "18india.json"), "--company", "NCR", "--move", "frobnicate K14 57 1"])
    err = capsys.readouterr().err
    assert code == 2 and "unknown move kind 'frobnicate'" in err and "extra-lay" in err

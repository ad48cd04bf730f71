"""Catalan rule set: apply, turn flow, options, incremental checking, scenarios, docs and the CLI."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from editor.cli import main
from model.board import Cell, LaidTile
from model.grid import HexGrid
from model.io import load
from model.rules import Move, MoveContext, RuleSet, Verdict, get_rule_set, register
from model.rules.catalan import IllegalMove
from model.rules.catalan.options import OPTIONS
from model.scenario import Scenario

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases" / "catalan"
RULES = get_rule_set("catalan")


def case(name: str, file: str = "scenario.json") -> Scenario:
    return load(CASES / name / file)


# --- apply and the turn ---------------------------------------------------------------------
def test_apply_returns_a_new_scenario_and_records_the_move():
    s = case("t04_right_switch_full")
    move = Move("replace", "C5", "switch_right", 0, actor="red", phase="optional")
    after = RULES.apply(s, move)
    assert s.board.cell_at_label("C5").tile.tile == "straight"  # the input is unchanged
    laid = after.board.cell_at_label("C5").tile
    assert (laid.tile, laid.rotation, laid.turn, laid.phase, laid.by) == ("switch_right", 0, 3, "optional", "red")
    assert after.player("red").hand == ["straight"]
    assert [(e.cell, e.tile, e.phase) for e in after.state.laid] == [("C5", "switch_right", "optional")]
    # O4: the optional action is used up
    assert RULES.legal_moves(after, MoveContext("red", "optional")) == []


def test_apply_refuses_an_illegal_move_unless_trusted():
    s = case("t01_left_switch_through")
    bad = Move("replace", "C5", "curve", 1, actor="red", phase="optional")
    with pytest.raises(IllegalMove) as exc:
        RULES.apply(s, bad)
    assert exc.value.verdict.rule == "catalan.S-5"
    trusted = RULES.apply(s, bad, check=False)
    assert trusted.board.cell_at_label("C5").tile.tile == "curve"


def test_mandatory_move_opens_the_optional_phase():
    s = case("t06_curve_joins")
    after = RULES.apply(s, Move("place", "C5", "curve", 1, actor="red", phase="mandatory"))
    assert after.state.phase == "optional"
    assert after.player("red").hand == ["curve"]  # the drawn tile does not come from the hand
    assert RULES.explain(after, Move("place", "B5", "curve", 1, actor="red")).rule != "catalan.mandatory-done"


def test_pass_after_a_lost_turn_ends_the_turn():
    s = case("t10_mountain")
    pass_ = RULES.parse_move(s, "pass", "red", "mandatory")
    v = RULES.explain(s, pass_)
    assert v.legal and v.rule == "catalan.no-legal-play"
    after = RULES.apply(s, pass_)
    assert (after.state.active, after.state.turn, after.state.phase, after.state.laid) == ("yellow", 4, "mandatory", [])
    keep = s.model_copy(update={"rules": s.rules.model_copy(update={"options": {"lost_turn_skips_optional": False}})})
    after = RULES.apply(keep, pass_)
    assert (after.state.active, after.state.phase) == ("red", "optional")
    v = RULES.explain(after, Move("place", "C5", "straight", 0, actor="red", phase="optional"))
    assert v.rule == "catalan.mountain-needs-tunnel"  # judged on its own, not refused as a lost turn


def test_replaced_tiles_may_leave_the_game():
    s = case("t01_left_switch_through")
    s = s.model_copy(update={"tiles": s.tiles.model_copy(update={"counts": {"switch_left": 3}})})
    move = Move("replace", "C5", "turntable", 0, actor="red", phase="optional")
    assert RULES.apply(s, move).tiles.counts["switch_left"] == 3  # default: back to the supply
    opts = s.rules.model_copy(update={"options": {"replaced_tiles": "discard"}})
    assert RULES.apply(s.model_copy(update={"rules": opts}), move).tiles.counts["switch_left"] == 2


def test_turning_a_tile_in_place_is_not_a_move():
    s = case("t01_left_switch_through")
    v = RULES.explain(s, Move("rotate", "C5", "switch_left", 2, actor="red", phase="optional"))
    assert (v.legal, v.rule) == (False, "catalan.S-7")
    v = RULES.explain(s, Move("upgrade", "C5", "switch_left", 2, actor="red", phase="optional"))
    assert (v.legal, v.rule) == (False, "catalan.unknown-move")


def test_o3_identical_tile_turns_an_end_tile():
    s = case("t07_switch_facing")
    s = RULES.apply(s, Move("place", "C5", "switch_left", 0, actor="red", phase="mandatory"))
    s = RULES.end_turn(RULES.end_turn(s))  # a later turn of red's
    s = s.model_copy(update={"state": s.state.model_copy(update={"phase": "optional"})})
    v = RULES.explain(s, Move("replace", "C5", "switch_left", 3, actor="red", phase="optional"))
    assert v.legal, v  # the end tile turned by an identical one from the hand (O3)
    v = RULES.explain(s, Move("replace", "C5", "switch_left", 1, actor="red", phase="optional"))
    assert (v.legal, v.rule) == (False, "catalan.S-8")  # no port towards the track any more


def test_every_option_is_documented_and_validated():
    names = {o.name for o in OPTIONS}
    for flag in (
        "switch_trunk_must_stay",
        "continuity_scope",
        "end_tile_must_stay_attached",
        "lost_turn_skips_optional",
        "dead_end_mandatory_target",
        "optional_actions_per_turn",
        "reject_noop_substitution",
    ):
        assert flag in names  # the options listed in docs/rules-catalan.md §4-§5
    for o in OPTIONS:
        assert o.doc.endswith(".") and len(o.doc) > 40
    doc = (ROOT / "docs" / "catalan.md").read_text(encoding="utf-8")
    for o in OPTIONS:
        assert f"`{o.name}`" in doc, o.name
    s = case("t01_left_switch_through")
    bad = s.model_copy(update={"rules": s.rules.model_copy(update={"options": {"continuity_scope": "mine", "nonsense": True}})})
    rules = {i.rule for i in RULES.check(bad)}
    assert {"core.bad-option", "core.unknown-option"} <= rules


def test_hex_boards_are_refused():
    s = case("t01_left_switch_through")
    hexed = s.model_copy(update={"board": s.board.model_copy(update={"grid": HexGrid(width=7, height=14), "cells": {}})})
    assert [i.rule for i in RULES.check(hexed) if i.severity == "error"] == ["catalan.square-grid-required"]
    assert RULES.legal_moves(hexed, MoveContext("red", "optional")) == []


# --- incremental checking -----------------------------------------------------------------
def test_incremental_checker_matches_a_full_check_after_edits():
    s = case("c_board_check")
    checker = RULES.incremental_checker(s)
    assert checker.issues() == RULES.check(s)
    rng = random.Random(3)
    grid = s.board.grid
    tiles = ["straight", "curve", "switch_left", "turntable", "bridge", "tunnel", "crossing"]
    for _ in range(60):
        c = rng.choice(list(grid.ordered_coords))
        label = grid.label(c)
        cells = dict(s.board.cells)
        cell = s.board.cell(c)
        if cell.tile is not None and rng.random() < 0.4:
            cells[label] = cell.model_copy(update={"tile": None})
        else:
            terrain = rng.choice(["plain", "plain", "lake", "mountain"])
            cells[label] = cell.model_copy(update={"terrain": terrain, "tile": LaidTile(tile=rng.choice(tiles), rotation=rng.randrange(4))})
        s = s.model_copy(update={"board": s.board.model_copy(update={"cells": cells})})
        assert checker.update(s, [c]) == RULES.check(s)


@pytest.mark.parametrize("name", ["midgame.json", "starter-2p.json"])
def test_incremental_checker_follows_edits_of_networks(name):
    s = load(ROOT / "scenarios" / "catalan" / name)
    checker = RULES.incremental_checker(s)
    rng = random.Random(name)
    grid = s.board.grid
    near = sorted({grid.neighbour_position(grid.coord(lbl), e) for lbl in s.board.cells for e in range(4)} & grid.coord_set)
    for _ in range(80):
        c = rng.choice(near)
        cells = dict(s.board.cells)
        cell = s.board.cell(c)
        if cell.tile is not None and rng.random() < 0.3:
            cells[grid.label(c)] = cell.model_copy(update={"tile": None})
        elif rng.random() < 0.1:  # features move too: a city appears, a platform goes
            from model.board import City

            cells[grid.label(c)] = cell.model_copy(update={"cities": [] if cell.cities else [City(name="new")], "platform": None})
        else:
            tile = rng.choice(["straight", "curve", "switch_right", "turntable", "crossing", "dead_end"])
            cells[grid.label(c)] = cell.model_copy(update={"tile": LaidTile(tile=tile, rotation=rng.randrange(4))})
        s = s.model_copy(update={"board": s.board.model_copy(update={"cells": cells})})
        assert checker.update(s, [c]) == RULES.check(s)


def test_incremental_checker_sees_features_come_and_go():
    from model.board import City

    s = load(ROOT / "scenarios" / "catalan" / "midgame.json")
    checker = RULES.incremental_checker(s)
    grid = s.board.grid
    for label, update in (("C10", {"platform": None}), ("C10", {"cities": [City(name="Girona")]}), ("E7", {"cities": []})):
        cells = dict(s.board.cells)
        cells[label] = s.board.cell_at_label(label).model_copy(update=update)
        s = s.model_copy(update={"board": s.board.model_copy(update={"cells": cells})})
        assert checker.update(s, [grid.coord(label)]) == RULES.check(s)
    assert "catalan.player-without-origin" in {i.rule for i in checker.issues()}


def test_check_cells_only_reports_the_asked_cells():
    s = case("c_board_check")
    grid = s.board.grid
    got = RULES.check_cells(s, [grid.coord("A1"), grid.coord("C1")])
    assert [(i.rule, i.cells) for i in got] == [("catalan.lake-needs-bridge", ("A1",)), ("catalan.bridge-on-mountain", ("C1",))]
    assert RULES.affected_cells(s, [grid.coord("A1")]) == {grid.coord("A1")}


# --- bundled scenarios and docs -------------------------------------------------------------
@pytest.mark.parametrize("name", ["starter-2p.json", "four-players-12x12.json", "midgame.json"])
def test_bundled_scenarios_pass_check(name):
    s = load(ROOT / "scenarios" / "catalan" / name)
    assert s.rules.id == "catalan"
    assert [i for i in RULES.check(s) if i.severity == "error"] == []
    active = s.state.active
    assert RULES.legal_moves(s, MoveContext(active, "mandatory")), "the active player can play the drawn tile"


def test_midgame_has_a_joining_switch_and_a_crossing():
    s = load(ROOT / "scenarios" / "catalan" / "midgame.json")
    red, yellow, green = (RULES.reach_report(s, p) for p in ("red", "yellow", "green"))
    assert "D5:N-S" in red["connections"] and "D5:E-W" not in red["connections"]
    assert "D5:E-W" in yellow["connections"] and "D5:N-S" not in yellow["connections"]
    assert yellow["connections"] == green["connections"]  # joined by the right switch at F5
    assert {"F5:E-W", "F5:N-E"} <= set(green["connections"])


# --- command line -----------------------------------------------------------------------------
def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_moves(capsys):
    f = str(CASES / "t06_curve_joins" / "scenario.json")
    code, out, _ = run(capsys, "moves", f, "--player", "red")
    assert code == 0
    assert out.splitlines()[:2] == ["place C5 curve 1", "place C5 curve 2"]
    code, out, _ = run(capsys, "moves", f, "--player", "red", "--phase", "mandatory", "--json")
    assert [m["rotation"] for m in json.loads(out)] == [1, 2]
    assert json.loads(out)[0] == {"kind": "place", "cell": "C5", "tile": "curve", "rotation": 1, "actor": "red", "phase": "mandatory"}
    code, out, _ = run(capsys, "moves", str(CASES / "t10_mountain" / "scenario.json"), "--player", "red")
    assert code == 0 and "catalan.no-legal-play" in out


def test_cli_explain(capsys):
    f = str(CASES / "t01_left_switch_through" / "scenario.json")
    code, out, _ = run(capsys, "explain", f, "--player", "red", "--move", "replace C5 turntable 0")
    assert code == 0 and "legal" in out
    code, out, _ = run(capsys, "explain", f, "--player", "red", "--move", "replace C5 switch_left 2")
    assert code == 1 and "[catalan.S-9]" in out
    code, out, _ = run(capsys, "explain", f, "--player", "red", "--move", "replace C5 curve 1", "--json")
    data = json.loads(out)
    assert code == 1 and data["rule"] == "catalan.S-5" and data["legal"] is False


def test_cli_reach(capsys):
    f = str(CASES / "t04_right_switch_full" / "scenario.json")
    code, out, _ = run(capsys, "reach", f, "--player", "yellow", "--json")
    data = json.loads(out)
    assert code == 0 and data["open_ends"] == [] and "F5:W-platform" in data["connections"]
    code, out, _ = run(capsys, "reach", f, "--player", "red")
    assert code == 0 and "open_ends:" in out and "C4:N" in out


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["moves", "{f}", "--player", "blue"], "unknown player 'blue'"),
        (["moves", "{f}", "--player", "red", "--tile", "viaduct"], "unknown tile 'viaduct'"),
        (["moves", "{f}", "--player", "red", "--phase", "lunch"], "--phase 'lunch'"),
        (["moves", "{f}"], "--player"),
        (["explain", "{f}", "--player", "red", "--move", "replace C5"], "expected 'place CELL TILE ROTATION'"),
        (["explain", "{f}", "--player", "red", "--move", "place Z99 curve 0"], "Z99 is not on the board"),
        (["explain", "{f}", "--player", "red", "--move", "place C5 viaduct 0"], "unknown tile 'viaduct'"),
        (["explain", "{f}", "--player", "red", "--move", "place C5 curve x"], "rotation"),
        (["explain", "{f}", "--player", "red", "--move", "place C5 curve -1"], "rotation '-1' must be a whole number from 0 to 3"),
        (["explain", "{f}", "--player", "red", "--move", "place zz9 curve 0"], "zz9 is not on the board (cells are written like A1)"),
        (["reach", "{f}", "--company", "prr"], "unknown company 'prr'"),
    ],
)
def test_cli_bad_input_exits_2(capsys, argv, needle):
    f = str(CASES / "t01_left_switch_through" / "scenario.json")
    code, _, err = run(capsys, *[a.replace("{f}", f) for a in argv])
    assert code == 2
    assert needle in err


def test_cli_move_cell_in_lower_case_is_read_as_upper_case(capsys):
    f = str(CASES / "t01_left_switch_through" / "scenario.json")
    lower = run(capsys, "explain", f, "--player", "red", "--move", "place c5 curve 0")
    upper = run(capsys, "explain", f, "--player", "red", "--move", "place C5 curve 0")
    assert lower[0] in (0, 1) and lower == upper


@register
class _RecordingRules(RuleSet):
    """A rule set without a reach report that records the actor it is asked about."""

    id = "test-recording"
    name = "recording"
    seen: list = []

    def legal_moves(self, scenario, context):
        _RecordingRules.seen.append(context)
        return [Move("lay", "A1", "x", 0, actor=context.actor, phase=context.phase)]

    def explain(self, scenario, move):
        _RecordingRules.seen.append(move)
        return Verdict(False, "test.rule", "never")


def test_cli_is_generic_over_rule_sets(capsys, tmp_path):
    doc = {
        "format": "trackwright-scenario",
        "version": 1,
        "rules": {"id": "test-recording"},
        "board": {"grid": {"kind": "hex", "width": 4, "height": 4}},
        "companies": [{"id": "prr"}],
    }
    f = tmp_path / "x.json"
    f.write_text(json.dumps(doc))
    code, out, _ = run(capsys, "moves", str(f), "--company", "prr", "--phase", "II")
    assert code == 0 and out.startswith("lay A1 x 0")
    assert _RecordingRules.seen[-1] == MoveContext("prr", "II", None)
    code, out, _ = run(capsys, "explain", str(f), "--company", "prr", "--move", "lay A1")
    assert code == 1 and "[test.rule]" in out and _RecordingRules.seen[-1].actor == "prr"
    code, _, err = run(capsys, "reach", str(f), "--company", "prr")
    assert code == 2 and "has no reach report" in err


# --- the tile set follows docs/rules-catalan.md §3.1 ------------------------------------------------
SIDE = {"S": 0, "W": 1, "N": 2, "E": 3}


def _pairs(tile: str, rotation: int) -> set[frozenset]:
    from model.tiles import load_tileset

    tdef = load_tileset("catalan").get(tile)
    return {frozenset((a, b)) for a, b, _ in tdef.rotated_paths(rotation, 4)}


@pytest.mark.parametrize(
    "tile,connections,rotations",
    [
        ("straight", ["NS"], 2),
        ("curve", ["NE"], 4),
        ("switch_left", ["SN", "SW"], 4),
        ("switch_right", ["SN", "SE"], 4),
        ("crossing", ["NS", "EW"], 1),
        ("bridge", ["NS"], 2),
        ("tunnel", ["NS"], 2),
    ],
)
def test_tile_set_matches_the_rules_table(tile, connections, rotations):
    from model.tiles import load_tileset

    assert _pairs(tile, 0) == {frozenset((SIDE[c[0]], SIDE[c[1]])) for c in connections}
    assert len(load_tileset("catalan").get(tile).distinct_rotations(4)) == rotations


@pytest.mark.parametrize("trunk,straight_leg,left_leg,right_leg", [("S", "N", "W", "E"), ("N", "S", "E", "W"), ("W", "E", "N", "S"), ("E", "W", "S", "N")])
def test_switch_legs_by_trunk_side(trunk, straight_leg, left_leg, right_leg):
    rot = SIDE[trunk]  # rotation r puts the trunk (S at rotation 0) on side (0 + r) % 4
    t, st = SIDE[trunk], SIDE[straight_leg]
    assert _pairs("switch_left", rot) == {frozenset((t, st)), frozenset((t, SIDE[left_leg]))}
    assert _pairs("switch_right", rot) == {frozenset((t, st)), frozenset((t, SIDE[right_leg]))}


def test_turntable_and_dead_end_nodes():
    from model.tiles import load_tileset

    ts = load_tileset("catalan")
    tt, de = ts.get("turntable"), ts.get("dead_end")
    assert [n.kind for n in tt.nodes] == ["turntable"] and tt.exits(0, 4) == {0, 1, 2, 3}
    assert [n.kind for n in de.nodes] == ["buffer"] and de.exits(0, 4) == {0}
    assert len(tt.distinct_rotations(4)) == 1 and len(de.distinct_rotations(4)) == 4


def test_scenario_level_checks():
    from model.board import City, Platform

    s = case("t01_left_switch_through")
    cells = dict(s.board.cells)
    cells["A1"] = Cell(cities=[City(name="x")], platform=Platform(station="s", access=0))
    cells["G7"] = Cell(platform=Platform(station="lonely", access=0, kind="origin"))  # opens S, off the board
    cells["B2"] = Cell(paths=[{"a": 0, "b": 2}])
    players = [s.players[0].model_copy(update={"origin": None}), s.players[1].model_copy(update={"origin": "nowhere"})]
    state = s.state.model_copy(update={"active": "blue", "phase": "lunch"})
    bad = s.model_copy(update={"board": s.board.model_copy(update={"cells": cells}), "players": players, "state": state})
    found = {(i.rule, i.severity) for i in RULES.check(bad)}
    for rule, severity in [
        ("catalan.city-and-station", "error"),
        ("catalan.platform-access-off-board", "warning"),
        ("catalan.unused-origin", "warning"),
        ("catalan.printed-track", "warning"),
        ("catalan.player-without-origin", "error"),
        ("catalan.unknown-active", "error"),
        ("catalan.unknown-phase", "error"),
    ]:
        assert (rule, severity) in found, rule

"""One verdict: the stamp's ghost, the 'where can this tile go?' overlay, the live checker and
``explain`` give the same answer for the same cell, tile and rotation.

On every bundled board and on a new board of each rule set, for every tile on every cell (one
rotation per cell and tile, cycling through the tile's distinct rotations so that each appears),
in the board's own situation (its active actor plays; a board without one is designed), and the
bundled 18 India map and Catalan mid-game board in the other situation as well:

* designing (no active actor): the ghost is green exactly when the live checker reports no
  error on the cell of the board the stamp makes, and a red ghost names the checker's rule;
* playing (the scenario's active actor, or one set for the test): a green ghost is a move of
  ``legal_moves`` (what ``trackwright moves`` lists) and leaves the checker clean on the cell,
  every listed move's rotation is green, and the overlay shades exactly the cells of the moves.

The live checker's per-cell entry point (what its incremental re-check runs) is held to the
rule set's whole check on a random sample of stamps per board.
"""

from __future__ import annotations

import random

import pytest

from model import editing, verdict
from model.io import load
from model.newboard import new_scenario
from model.paths import scenarios_dir
from model.rules import MoveContext, get_rule_set
from model.scenario import TileSupply


def bundled() -> list[tuple[str, object]]:
    return [(str(p.relative_to(scenarios_dir())), load(p)) for p in sorted(scenarios_dir().rglob("*.json"))]


def new_boards() -> list[tuple[str, object]]:
    out = []
    for rules in ("catalan", "18xx", "18india"):
        s = new_scenario(rules, 8, 6)
        if rules == "18xx":  # the generic rule set ships no tile set: give it one to judge
            s = s.model_copy(update={"tiles": TileSupply(set="18india")})
        s = s.model_validate(s.model_dump())
        out.append((f"new-{rules}", s))
    return out


BOARDS = bundled() + new_boards()


def with_active(scenario, active):
    return scenario.model_copy(update={"state": scenario.state.model_copy(update={"active": active})})


def samples(scenario):
    """(coord, tile, rotation) for every tile on every cell, rotations cycling."""
    grid = scenario.board.grid
    tiles = scenario.tileset().tiles
    for i, coord in enumerate(grid.ordered_coords):
        for j, tdef in enumerate(tiles):
            rots = tdef.distinct_rotations(grid.sides)
            yield coord, tdef.id, rots[(i + j) % len(rots)]


def ghost(scenario, rules, coord, tile, rot):
    return editing.stamp_verdict(scenario, rules, coord, tile, rot)


def test_boards_cover_every_bundled_scenario_and_rule_set():
    names = [n for n, _ in BOARDS]
    assert "18india.json" in names and "catalan/midgame.json" in names
    assert {s.rules.id for _, s in BOARDS} == {"catalan", "18xx", "18india"}
    assert all(s.tileset().tiles for _, s in BOARDS)


BOTH = ("18india.json", "catalan/midgame.json")
DESIGNED = [(n, s) for n, s in BOARDS if s.state.active is None or n in BOTH]


@pytest.mark.parametrize(("name", "scenario"), DESIGNED, ids=[n for n, _ in DESIGNED])
def test_designing_the_ghost_is_the_checkers_verdict(name, scenario):
    scenario = with_active(scenario, None)
    rules = get_rule_set(scenario.rules.id)
    disagreements = []
    for coord, tile, rot in samples(scenario):
        ok, why = ghost(scenario, rules, coord, tile, rot)
        errors = verdict.checker_errors(scenario, rules, coord, tile, rot)
        if ok != (not errors) or (errors and f"[{errors[0].rule}]" not in why):
            disagreements.append((scenario.board.grid.label(coord), tile, rot, ok, why, [e.rule for e in errors]))
    assert disagreements == []


@pytest.mark.parametrize(("name", "scenario"), BOARDS, ids=[n for n, _ in BOARDS])
def test_the_cell_check_is_the_whole_checks_answer_on_that_cell(name, scenario):
    rules = get_rule_set(scenario.rules.id)
    rnd = random.Random(name)
    picks = rnd.sample(list(samples(scenario)), 40)
    for coord, tile, rot in picks:
        after = verdict.stamped(scenario, coord, tile, rot)
        label = scenario.board.grid.label(coord)
        whole = sorted(i.rule for i in rules.check(after) if i.severity == "error" and label in i.cells)
        local = sorted(i.rule for i in verdict.checker_errors(scenario, rules, coord, tile, rot))
        assert local == whole, (label, tile, rot)


def actor_for(scenario):
    if scenario.state.active is not None:
        return scenario.state.active
    if scenario.rules.id == "catalan":
        return scenario.players[0].id if scenario.players else None
    homed = [c for c in scenario.companies if c.home is not None]
    return homed[0].id if homed else None


PLAYED = [(n, s) for n, s in BOARDS if s.state.active is not None or n in BOTH]


def test_every_board_is_designed_or_played():
    assert {n for n, _ in DESIGNED} | {n for n, _ in PLAYED} == {n for n, _ in BOARDS}
    assert len(PLAYED) >= 8 and all(actor_for(s) is not None for _, s in PLAYED)


@pytest.mark.parametrize(("name", "scenario"), PLAYED, ids=[n for n, _ in PLAYED])
def test_playing_the_ghost_the_overlay_and_the_moves_agree(name, scenario):
    actor = actor_for(scenario)
    scenario = with_active(scenario, actor)
    rules = get_rule_set(scenario.rules.id)
    grid = scenario.board.grid
    phase = rules.current_phase(scenario)
    moves: dict[str, set[tuple[str, int]]] = {}
    for tdef in scenario.tileset().tiles:
        listed = rules.legal_moves(scenario, MoveContext(actor, phase, tdef.id))
        for m in listed:
            if m.tile is not None:
                moves.setdefault(m.cell, set()).add((m.tile, m.rotation))
        assert editing.legal_cells(scenario, rules, tdef.id) == {grid.coord(m.cell) for m in listed}, tdef.id
    wrong = []
    for coord, tile, rot in samples(scenario):
        label = grid.label(coord)
        ok, why = ghost(scenario, rules, coord, tile, rot)
        listed = (tile, rot) in moves.get(label, set())
        if ok and (not listed or verdict.checker_errors(scenario, rules, coord, tile, rot)):
            wrong.append((label, tile, rot, "green ghost, not a clean listed move"))
        if listed and not ok:
            wrong.append((label, tile, rot, f"listed move, red ghost: {why}"))
    assert wrong == []
    for label, entries in moves.items():  # every listed move, all its rotations, is green
        for tile, rot in entries:
            assert ghost(scenario, rules, grid.coord(label), tile, rot)[0], (label, tile, rot)

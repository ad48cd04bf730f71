"""The static verdicts of the 18xx rules, shared across positions (model/rules/eighteen_xx/static.py).

The map is the small one of tests/test_18xx_rules.py. A lay changes one hex: the verdicts of the
other hexes are found again in the next position, the changed hex's are computed afresh; a title
whose own static rule reads the position keeps its verdicts per position; legal_moves and explain
agree move by move with the shared verdicts warm and cold.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

import pytest
from test_18xx_rules import make

from model.board import Token
from model.rules import Move, MoveContext, get_rule_set
from model.rules.eighteen_xx import EighteenXX, Situation, static
from model.rules.eighteen_xx.situation import cell_view
from model.upgrading.view import printed_view


@pytest.fixture(scope="module")
def rules():
    return get_rule_set("18xx")


def verdicts(rules, scenario, label, tile_id):
    sit = Situation.of(scenario)
    return static.tile_verdicts(rules, sit, sit.sm.coord_of[label], sit.tileset.get(tile_id))


def test_an_unchanged_hex_keeps_its_verdicts_in_the_next_position(rules):
    s = make(tokens={"B5": [("X", 0)]})
    before_b7, before_b5 = verdicts(rules, s, "B7", "s"), verdicts(rules, s, "B5", "gc")
    after = rules.apply(s, Move("lay", "B5", "yc", 0, actor="X"))
    assert verdicts(rules, after, "B7", "s") is before_b7  # B7 did not change: the same entry
    now_b5 = verdicts(rules, after, "B5", "gc")
    assert now_b5 is not before_b5  # B5 now holds a yellow city: asked afresh
    assert before_b5.fit is not None and before_b5.fit[0] == "colour-progression"
    assert now_b5.fit is None


def test_another_company_and_another_phase_share_the_verdicts(rules):
    s = make(tokens={"B5": [("X", 0)], "C6": [("Y", 0)]})
    entry = verdicts(rules, s, "B7", "s")
    other = s.model_copy(update={"state": s.state.model_copy(update={"active": "Y"})})
    assert verdicts(rules, other, "B7", "s") is entry


def test_one_printed_view_per_cell_and_one_carried_view_per_cell_and_tile(rules):
    s = make(tiles={"B7": ("s", 0)})
    cell = s.board.cells["B5"]
    assert printed_view(cell) is printed_view(cell)
    # a cell made from it by a token shares every printed part: the same view, as a tiled cell's
    assert printed_view(cell.model_copy(update={"tokens": [*cell.tokens, Token(company="Z", city=0)]})) is printed_view(cell)
    # a printed part of its own (a new list of stubs, even an equal one): another view
    assert printed_view(cell.model_copy(update={"stubs": list(cell.stubs)})) is not printed_view(cell)
    assert cell_view(s, s.board.cells["B7"]) is cell_view(s, s.board.cells["B7"])


class PhaseMinded(EighteenXX):
    """A title whose fit rule reads the game phase: its verdicts may not be shared."""

    id: ClassVar[str] = "test-phase-minded"

    def fit_failure(self, sit, coord, old, new):
        if sit.scenario.state.game_phase == "late" and new.id == "s":
            return ("late-straight", "no straight in the late phase")
        return None


def test_a_title_whose_static_rule_reads_the_position_keeps_its_verdicts_per_position():
    rules = PhaseMinded()
    assert not static.shares(PhaseMinded) and static.shares(EighteenXX)
    s = make()
    late = s.model_copy(update={"state": s.state.model_copy(update={"game_phase": "late"})})
    assert rules.explain(s, Move("lay", "B7", "s", 0)).legal
    v = rules.explain(late, Move("lay", "B7", "s", 0))
    assert not v.legal and v.rule == "test-phase-minded.late-straight"
    assert rules.explain(s, Move("lay", "B7", "s", 0)).legal  # and back: nothing leaked between positions


def test_a_title_that_declares_its_static_rules_shares_them():
    class Declared(EighteenXX):
        static_hooks: ClassVar[bool] = True

        def fit_failure(self, sit, coord, old, new):
            return None

    class Plain(Declared):
        pass

    class Overrides(Declared):
        def rotation_failure(self, sit, coord, new, rotation):
            return None

    class Later(PhaseMinded):
        static_hooks: ClassVar[bool] = True  # says so, but the override it inherits did not

    assert static.shares(Declared) and static.shares(Plain)
    assert not static.shares(Overrides)  # its own override is not declared
    assert not static.shares(Later)


@pytest.mark.parametrize("cold", [False, True])
def test_legal_moves_and_explain_agree_move_by_move(rules, cold):
    s = make(tokens={"B5": [("X", 0)]}, tiles={"B5": ("yc", 0)}, options={"tile_lays": 2})
    s = s.model_copy(update={"state": s.state.model_copy(update={"game_phase": None})})
    if cold:
        static.clear()
    for actor in (None, "X"):
        listed = {(m.cell, m.tile, m.rotation): m.cost for m in rules.legal_moves(s, MoveContext(actor=actor))}
        assert listed
        tiles = [t.id for t in s.tileset().tiles]
        explained = {}
        for label in (s.board.grid.label(c) for c in s.board.grid.ordered_coords):
            kind = "lay" if s.board.cells.get(label) is None or s.board.cells[label].tile is None else "upgrade"
            for tid in tiles:
                for rot in range(6):
                    v = rules.explain(s, Move(kind, label, tid, rot, actor=actor))
                    if v.legal:
                        explained[(label, tid, rot)] = v.cost
        # legal_moves lists one rotation of each distinct track; explain answers every rotation
        assert set(listed) <= set(explained)
        assert all(explained[k] == cost for k, cost in listed.items())
        assert {(h, t) for h, t, _ in listed} == {(h, t) for h, t, _ in explained if h in {c for c, _, _ in listed}}


@pytest.mark.parametrize("path", ["scenarios/18india.json", "scenarios/puzzles/1830-01-pittsburgh-and-lancaster.json",
                                  "scenarios/puzzles/1889-01-kubokawa-to-kouchi.json"])
def test_the_first_rotation_failure_is_the_first_of_rotation_failures(path):
    """The straight-line first_rotation_failure the shared verdicts use agrees with the generator."""
    from pathlib import Path

    from model.io import load

    scenario = load(Path(__file__).resolve().parent.parent / path)
    rules = get_rule_set(scenario.rules.id)
    sit = Situation.of(scenario)
    failures = passes = 0
    for coord in sit.sm.coords:
        for tile in sit.tileset.tiles:
            for rot in range(sit.sm.sides):
                want = next(rules.rotation_failures(sit, coord, tile, rot), None)
                assert rules.first_rotation_failure(sit, coord, tile, rot) == want, (sit.sm.label_of[coord], tile.id, rot)
                failures += want is not None
                passes += want is None
    assert failures and passes


def _cold_moves(rules, scenario):
    """legal_moves with every shared cache of the lays emptied first."""
    from model.rules.eighteen_xx import laying

    static.clear()
    laying._NOBODY.clear()
    return rules.legal_moves(scenario, MoveContext(None, None, None))


def test_the_kept_moves_of_nobody_follow_the_phase_the_supply_and_the_board():
    """The moves legal_moves keeps for a hex with no company are handed out again only while the
    hex, the phase, the passing tiles and the cost are the same: asked warm after each change,
    the moves are those of a cold start."""
    from pathlib import Path

    from model.board import LaidTile
    from model.io import load

    india = load(Path(__file__).resolve().parent.parent / "scenarios" / "18india.json")
    rules = get_rule_set(india.rules.id)
    base = rules.legal_moves(india, MoveContext(None, None, None))
    yellow = next(m for m in base if m.kind == "lay")
    later = india.model_copy(update={"state": india.state.model_copy(update={"game_phase": "III"})})
    board = india.board.model_copy(update={"cells": {**india.board.cells, yellow.cell: india.board.cell_at_label(yellow.cell).model_copy(
        update={"tile": LaidTile(tile=yellow.tile, rotation=yellow.rotation)})}})
    laid = india.model_copy(update={"board": board})
    for changed in (later, laid):
        warm = rules.legal_moves(changed, MoveContext(None, None, None))
        assert warm == _cold_moves(rules, changed)
    assert rules.legal_moves(laid, MoveContext(None, None, None)) != base
    # one copy of the tile: offered everywhere; once it is on the board (the same tile set, so the
    # other hexes' kept moves are found), offered nowhere
    one = india.model_copy(update={"tiles": india.tiles.model_copy(update={"counts": {**india.tiles.counts, yellow.tile: 1}})})
    assert any(m.tile == yellow.tile for m in rules.legal_moves(one, MoveContext(None, None, None)))
    one_laid = one.model_copy(update={"board": board})
    assert one_laid.tileset() is one.tileset()
    warm = rules.legal_moves(one_laid, MoveContext(None, None, None))
    assert not any(m.tile == yellow.tile for m in warm)
    assert warm == _cold_moves(rules, one_laid)


def _lay_keys(moves):
    return sorted((m.kind, m.cell, m.tile, m.rotation, m.cost) for m in moves)


def _count_kept_lays(monkeypatch) -> list[bool]:
    """From now on, each look-up of a hex's kept lays (laying._HEX_LAYS) appends whether it found them."""
    from model.rules.eighteen_xx import laying

    found: list[bool] = []
    peek = laying._HEX_LAYS.peek

    def counting(key, default=None):
        hit = peek(key, default)
        found.append(hit is not None)
        return hit

    monkeypatch.setattr(laying._HEX_LAYS, "peek", counting)
    return found


def _cold(rules, position, actor):
    """The moves with nothing kept from earlier positions (what was kept comes back after)."""
    from model.rules.eighteen_xx import laying

    kept = [(memo, dict(memo._data)) for memo in (laying._HEX_LAYS, static._SHARED)]
    laying.clear()
    try:
        return rules.legal_moves(position, MoveContext(actor=actor))
    finally:
        for memo, data in kept:
            memo._data.clear()
            memo._data.update(data)


def _with_companies(path: Path) -> bool:
    import json

    return bool(json.loads(path.read_text(encoding="utf-8"))["scenario"].get("companies"))


CASES = [p for p in sorted((Path(__file__).resolve().parent / "cases" / "18xx").glob("*/case.json")) if _with_companies(p)]


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.parent.name)
def test_lays_kept_across_a_lay_and_back_are_those_of_a_cold_start(path):
    """On every golden 18xx board: each company's lays before one of them lays a tile, after it,
    and back on the board before, each asked with what the position before kept, are the lays of
    a cold start (a lay opens sides to a company, adds track where its walk enters a hex, faces
    new track toward a neighbour; going back closes them again)."""
    import json

    from model.io.files import loads

    scenario = loads(json.dumps(json.loads(path.read_text(encoding="utf-8"))["scenario"]))
    rules = get_rule_set(scenario.rules.id)
    actors = [c.id for c in scenario.companies]
    first = [m for a in actors for m in rules.legal_moves(scenario, MoveContext(actor=a)) if m.kind in ("lay", "upgrade")]
    positions = [scenario] + [rules.apply(scenario, m) for m in first[:: max(1, len(first) // 4)][:4]]
    for position in positions + [scenario]:
        for actor in actors:
            warm = rules.legal_moves(position.model_copy(), MoveContext(actor=actor))
            assert _lay_keys(warm) == _lay_keys(_cold(rules, position.model_copy(), actor)), actor


@pytest.mark.parametrize("path", ["scenarios/puzzles/1830-01-pittsburgh-and-lancaster.json",
                                  "scenarios/puzzles/1889-01-kubokawa-to-kouchi.json"])
def test_a_companys_lays_kept_across_positions_are_those_of_a_cold_start(path, monkeypatch):
    """Position after position (each company in turn lays one of its tiles), the lays found again
    per hex (laying._HEX_LAYS) are exactly the ones computed with nothing kept, and some are found."""
    from pathlib import Path

    from model.io import load
    from model.rules.eighteen_xx import laying

    s = load(Path(__file__).resolve().parent.parent / path)
    rules = get_rule_set(s.rules.id)
    found = _count_kept_lays(monkeypatch)
    companies = [c.id for c in s.companies if any(t.company == c.id for cell in s.board.cells.values() for t in cell.tokens)]
    assert companies

    laying.clear()
    for step in range(9):
        actor = companies[step % len(companies)]
        s = s.model_copy(update={"state": s.state.model_copy(update={"active": actor, "laid": []})})
        warm = rules.legal_moves(s.model_copy(), MoveContext(actor=actor))
        assert _lay_keys(warm) == _lay_keys(_cold(rules, s.model_copy(), actor)), f"step {step} ({actor})"
        lays = [m for m in warm if m.kind in ("lay", "upgrade")]
        if lays:
            s = rules.apply(s, lays[len(lays) // 2])
    assert any(found) and not all(found)


def test_the_cash_is_set_against_the_lays_found_again(rules):
    """The lays of a hex are kept before their cost meets the company's cash: a poorer company in
    the next position is offered only what it can pay, a richer one all of it."""
    from model.rules.eighteen_xx import laying

    s = make(tokens={"B5": [("X", 0)]}, tiles={"B5": ("yc", 0)})

    def with_cash(cash):
        companies = [c.model_copy(update={"treasury": cash}) if c.id == "X" else c for c in s.companies]
        return s.model_copy(update={"companies": companies})

    laying.clear()
    rich = rules.legal_moves(with_cash(1000), MoveContext(actor="X"))
    costs = sorted({m.cost for m in rich})
    assert len(costs) > 1, costs  # some lays cost more than others (the mountain of B7)
    poor = rules.legal_moves(with_cash(costs[0]), MoveContext(actor="X"))
    assert poor and all(m.cost <= costs[0] for m in poor) and len(poor) < len(rich)
    laying.clear()
    assert _lay_keys(rules.legal_moves(with_cash(costs[0]), MoveContext(actor="X"))) == _lay_keys(poor)


def test_a_phase_that_allows_a_colour_more_keeps_the_candidates_of_a_hex_it_does_not_reach(rules):
    """The list of tiles that fit a hex reads of the phase only whether the hex's next colour is
    allowed: from a phase of yellow and green to one adding brown, a yellow hex keeps its list
    (the same object), a green one gets a new one."""
    from model.scenario import GamePhase

    s = make(tokens={"B5": [("X", 0)]}, tiles={"B5": ("yc", 0)})
    phases = [GamePhase(name="2", tiles=["yellow", "green"]), GamePhase(name="5", tiles=["yellow", "green", "brown"])]
    s = s.model_copy(update={"play": s.play.model_copy(update={"phases": phases})})

    def fits(game_phase, label):
        position = s.model_copy(update={"state": s.state.model_copy(update={"game_phase": game_phase})})
        sit = Situation.of(position)
        from model.rules.eighteen_xx import play

        return static.hex_fits(rules, sit, sit.sm.coord_of[label], play.phase_colours(position))

    assert fits("2", "B5") is fits("5", "B5")  # yellow city: green candidates either way
    assert fits("2", "B7") is fits("5", "B7")  # empty hex: yellow candidates either way
    yellow = Situation.of(s).view(Situation.of(s).sm.coord_of["B5"])
    assert rules.candidate_colours(yellow, frozenset({"yellow"})) is False
    assert rules.candidate_colours(yellow, frozenset({"yellow", "green"})) is True

    class OwnCandidates(EighteenXX):
        def candidate_tiles(self, sit, coord):
            return super().candidate_tiles(sit, coord)

    assert OwnCandidates().candidate_colours(yellow, frozenset({"yellow"})) == frozenset({"yellow"})


def test_two_companies_reaching_a_hex_alike_share_its_lays(rules, monkeypatch):
    """The lays kept for a hex read of the company only what it reaches there and its tokens on
    it: a second company reaching an empty hex as the first did finds the first's lays."""
    from model.rules.eighteen_xx import laying

    s = make(tokens={"B5": [("X", 0), ("Y", 0)]}, tiles={"B5": ("yc", 0)})
    laying.clear()
    x = rules.legal_moves(s, MoveContext(actor="X"))
    found = _count_kept_lays(monkeypatch)
    y = rules.legal_moves(s.model_copy(update={"state": s.state.model_copy(update={"active": "Y"})}), MoveContext(actor="Y"))
    assert found and all(found)
    assert {(m.cell, m.tile, m.rotation, m.cost) for m in x} == {(m.cell, m.tile, m.rotation, m.cost) for m in y}

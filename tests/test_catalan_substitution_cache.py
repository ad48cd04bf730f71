"""Substitution verdicts shared between the boards of one search give the verdicts from scratch.

:meth:`model.rules.catalan.moves.Analysis.substitution_legal` keeps the verdict of an optional
``replace`` in a table shared by the networks derived from one another (one search), keyed by
the tiles of the cell's group of touching cells with track, the cell, its terrain, its S-1 state,
the player and the new tile. A key that missed something a verdict reads would serve a verdict
for a board where it differs; these tests walk trees of random play-outs (every position derived
from a random earlier one, so that the same group is met beside different other groups and in
different turn states) and compare every optional ``legal_moves`` with the rule set's own from
scratch, and compare the solver's counts with and without the table.
"""

from __future__ import annotations

import random

import pytest
from test_catalan_properties import TILES, random_board
from test_puzzles_scale import _boards, _twelve

from model.io import load
from model.paths import scenarios_dir
from model.puzzles.solver import solve
from model.rules import Move, MoveContext, get_rule_set
from model.rules.catalan.moves import Analysis
from model.rules.catalan.search import SearchPosition

RULES = get_rule_set("catalan")
OPTION_CHOICES = [
    {},
    {"dead_end_reversal": True},
    {"optional_open_ends": "own", "continuity_scope": "owners_of_q", "switch_trunk_must_stay": False},
    {"end_tile_must_stay_attached": False, "reject_noop_substitution": False},
]


def _key(moves):
    return [(m.kind, m.cell, m.tile, m.rotation, m.phase, m.actor) for m in moves]


def _turn_state(s, rng: random.Random):
    """The board in one of several turn states: the mover's own (her tile laid this turn), nobody's
    turn with the turn counter kept, or a later turn (no tile of this turn: S-1 never applies)."""
    st = s.state
    choice = rng.randrange(3)
    if choice == 0:
        return s
    update = {"active": None, "laid": [], "phase": "optional", "drawn": None}
    if choice == 2:
        update["turn"] = st.turn + 1
    return s.model_copy(update={"state": st.model_copy(update=update)})


def _direct(pos: SearchPosition, tiles=TILES) -> None:
    """``substitution_legal`` of every optional substitution on the board (every tile cell,
    player, tile, rotation; those the candidates leave out too) is ``evaluate``'s verdict from
    scratch."""
    s = pos.scenario
    fresh = Analysis(RULES, s)
    fresh.detail = False
    for label, cell in s.board.cells.items():
        if cell.tile is None:
            continue
        for p in s.players:
            for tile in tiles:
                for r in range(4):
                    m = Move("replace", label, tile, r, actor=p.id, phase="optional")
                    assert pos.analysis().substitution_legal(m) == fresh.evaluate(m, gates=False).legal, m


def _check(pos: SearchPosition) -> int:
    """Every player's optional moves (each tile, and the hand) as from scratch; returns the moves."""
    _direct(pos, ("straight", "curve", "switch_left", "turntable"))
    s = pos.scenario
    n = 0
    for p in s.players:
        for tile in (*TILES, None):
            ctx = MoveContext(p.id, "optional", tile)
            got = pos.legal_moves(ctx)
            assert _key(got) == _key(RULES.legal_moves(s, ctx)), (p.id, tile)
            n += len(got)
    return n


def _tree(start, seed: int, steps: int) -> int:
    """Random moves, each from a random earlier position of the tree (all positions share one
    table); returns how many verdicts the table holds."""
    rng = random.Random(seed)
    s0 = start.model_copy(update={"state": start.state.model_copy(update={"active": None, "laid": [], "phase": "optional"})})
    tree = [SearchPosition(RULES, s0)]
    _check(tree[0])
    for _ in range(steps):
        parent = rng.choice(tree)
        s = parent.scenario
        moves = []
        for p in s.players:
            for tile in TILES:
                moves += RULES.legal_moves(s, MoveContext(p.id, rng.choice(["mandatory", "optional"]), tile))
        if not moves:
            continue
        after = _turn_state(RULES.apply(s, rng.choice(moves), check=False), rng)
        pos = SearchPosition(RULES, after, parent)
        _check(pos)
        # the same board in another turn state (the network, so the table, is shared)
        twin = SearchPosition(RULES, _turn_state(after, rng), pos)
        _check(twin)
        tree += [pos, twin]
    table = tree[0].net.shared.get("substitutions", {})
    assert all(p.net.shared is tree[0].net.shared for p in tree)
    return len(table)


@pytest.mark.parametrize("seed", range(8))
def test_random_trees(seed: int) -> None:
    options = OPTION_CHOICES[seed % len(OPTION_CHOICES)]
    start = random_board(seed * 13 + 1, size=6, options=options)
    _tree(start, seed, steps=14)


@pytest.mark.parametrize("seed", range(2))
def test_bundled_12x12_trees(seed: int) -> None:
    start = load(scenarios_dir() / "catalan" / "four-players-12x12.json")
    kept = _tree(start, 200 + seed, steps=16)
    assert kept > 0  # substitutions were judged, and kept for the other boards


def test_the_table_serves_verdicts_across_boards(monkeypatch) -> None:
    """The table is used: along a tree of play-outs on the 12×12 board, fewer substitutions are
    evaluated than are asked, and every answer stays that of the rule set from scratch."""
    asked = evaluated = 0
    plain_evaluate = Analysis.evaluate
    plain_rotations = Analysis._substitution_rotations

    def counting_rotations(self, *args, **kwargs):
        nonlocal asked
        asked += 1
        return plain_rotations(self, *args, **kwargs)

    def counting_evaluate(self, move, gates=True):
        nonlocal evaluated
        if move.kind == "replace" and not gates:
            evaluated += 1
        return plain_evaluate(self, move, gates)

    monkeypatch.setattr(Analysis, "_substitution_rotations", counting_rotations)
    monkeypatch.setattr(Analysis, "evaluate", counting_evaluate)
    start = load(scenarios_dir() / "catalan" / "four-players-12x12.json")
    rng = random.Random(5)
    s = start.model_copy(update={"state": start.state.model_copy(update={"active": None, "phase": "optional"})})
    root = SearchPosition(RULES, s)
    positions = [root]
    for _ in range(10):
        parent = rng.choice(positions)
        moves = [m for t in TILES for m in RULES.legal_moves(parent.scenario, MoveContext("red", "mandatory", t))]
        if moves:
            positions.append(SearchPosition(RULES, _turn_state(RULES.apply(parent.scenario, rng.choice(moves), check=False), rng), parent))
    before = evaluated
    for pos in positions:
        pos.legal_moves(MoveContext("red", "optional", None))
    searched = evaluated - before
    fresh = 0
    for pos in positions:  # from scratch: every verdict evaluated
        e0 = evaluated
        RULES.legal_moves(pos.scenario, MoveContext("red", "optional", None))
        fresh += evaluated - e0
        assert _key(pos.legal_moves(MoveContext("red", "optional", None))) == _key(
            RULES.legal_moves(pos.scenario, MoveContext("red", "optional", None)))
    assert asked > 0 and searched < fresh


def test_s1_is_part_of_the_key() -> None:
    """The same board in the turn its tile was laid (S-1: not replaceable) and in the next turn
    (replaceable), sharing one table in both orders: each answers as the rule set does."""
    start = load(scenarios_dir() / "catalan" / "four-players-12x12.json")
    s = start.model_copy(update={"state": start.state.model_copy(update={"drawn": "straight"})})
    m = RULES.legal_moves(s, MoveContext("red", "mandatory", "straight"))[0]
    laid = RULES.apply(s, m, check=False)  # optional phase of the same turn: S-1 applies
    nxt = laid.model_copy(update={"state": laid.state.model_copy(update={"turn": laid.state.turn + 1, "laid": []})})
    ctx = MoveContext("red", "optional", "curve")
    assert not any(x.kind == "replace" and x.cell == m.cell for x in RULES.legal_moves(laid, ctx))
    assert any(x.kind == "replace" and x.cell == m.cell for x in RULES.legal_moves(nxt, ctx))
    for first, second in ((laid, nxt), (nxt, laid)):
        a = SearchPosition(RULES, first)
        b = SearchPosition(RULES, second, a)
        assert b.net.shared is a.net.shared
        assert _key(a.legal_moves(ctx)) == _key(RULES.legal_moves(first, ctx))
        assert _key(b.legal_moves(ctx)) == _key(RULES.legal_moves(second, ctx))
        _direct(a)
        _direct(b)


CASES = [
    (["straight", "curve"], ["straight", "curve", "straight", "curve"], 4),
    (["straight", "straight", "curve", "curve"], ["straight", "curve", "straight", "curve", "straight"], 5),
]


@pytest.mark.parametrize("hand,draws,turns", CASES)
def test_counts_with_and_without_the_table(monkeypatch, hand, draws, turns) -> None:
    """The solver's count on the 12×12 board and on the bundled Catalan puzzles is the same with
    the shared verdicts and with every substitution evaluated on its own board."""
    scenarios = [_twelve(hand, draws, turns)]
    scenarios += [load(p) for p in sorted((scenarios_dir() / "puzzles").glob("catalan-0*.json"))]
    shared = [solve(sc, count=True, max_seconds=120) for sc in scenarios]
    def alone(self, label, actor, tile_id, phase):
        return tuple(r for r in self.tile_info(tile_id).rotations
                     if self.evaluate(Move("replace", label, tile_id, r, actor=actor, phase=phase), gates=False).legal)

    monkeypatch.setattr(Analysis, "_substitution_rotations", alone)
    alone = [solve(sc, count=True, max_seconds=120) for sc in scenarios]
    for a, b in zip(shared, alone, strict=True):
        assert a.complete and b.complete
        assert (a.count, a.nodes, _boards(a)) == (b.count, b.nodes, _boards(b))


@pytest.mark.parametrize("seed", range(12))
def test_legal_candidates_are_the_candidates_that_evaluate_legal(seed: int) -> None:
    """``Analysis.legal_candidates`` (moves made only when legal, verdicts without messages) lists
    the candidates that ``evaluate`` finds legal, in the same order, on random boards and turn
    states, for every player, phase and tile, with and without a set of cells."""
    rng = random.Random(seed)
    s = random_board(seed * 5 + 2, size=6, options=OPTION_CHOICES[seed % len(OPTION_CHOICES)])
    for _ in range(3):
        s = _turn_state(s, rng)
        for p in s.players:
            for phase in ("mandatory", "optional"):
                for tile in TILES:
                    a, plain = Analysis(RULES, s), Analysis(RULES, s)
                    a.detail = plain.detail = False
                    cands = plain.candidates(p.id, phase, tile)
                    cells = None if rng.random() < 0.5 else frozenset(rng.sample(sorted(s.board.cells), min(6, len(s.board.cells))))
                    want = [m for m in cands if (cells is None or m.cell in cells) and plain.evaluate(m, gates=False).legal]
                    assert _key(a.legal_candidates(p.id, phase, tile, cells)) == _key(want), (p.id, phase, tile)
        moves = [m for p in s.players for t in TILES for m in RULES.legal_moves(s, MoveContext(p.id, rng.choice(["mandatory", "optional"]), t))]
        if not moves:
            break
        s = RULES.apply(s, rng.choice(moves), check=False)

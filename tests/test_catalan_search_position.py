"""The solver's incremental Catalan positions give exactly what the rule set gives from scratch.

A :class:`model.rules.catalan.search.SearchPosition` takes over the track network of an earlier
position where the board did not change. On random play-outs (random boards of
``test_catalan_properties`` with random options, and the bundled 12×12 board) every position,
derived from its parent, from a random earlier position, or sharing the network of a position on
the same board, must list the same legal moves, in the same order, as ``legal_moves`` and reach
the same places as ``reached``, for every player, phase and tile.
"""

from __future__ import annotations

import random

import pytest
from test_catalan_properties import TILES, random_board

from model.io import load
from model.paths import scenarios_dir
from model.rules import MoveContext, get_rule_set
from model.rules.catalan.search import SearchPosition

RULES = get_rule_set("catalan")
OPTION_CHOICES = [
    {},
    {"dead_end_reversal": True},
    {"optional_open_ends": "own", "continuity_scope": "owners_of_q"},
    {"dead_end_mandatory_target": "any", "end_tile_must_stay_attached": False},
]


def _key(moves):
    return [(m.kind, m.cell, m.tile, m.rotation, m.phase, m.actor) for m in moves]


def _assert_same(pos: SearchPosition, rng: random.Random, contexts: int) -> None:
    s = pos.scenario
    for p in s.players:
        assert pos.reached(p.id) == RULES.reached(s, p.id)
    combos = [(p.id, ph, t) for p in s.players for ph in ("mandatory", "optional") for t in TILES]
    for pid, phase, tile in rng.sample(combos, contexts):
        ctx = MoveContext(pid, phase, tile)
        assert _key(pos.legal_moves(ctx)) == _key(RULES.legal_moves(s, ctx)), (pid, phase, tile)
    for p in s.players:  # the hand, as the solver asks for a player's optional phase
        ctx = MoveContext(p.id, "optional", None)
        full = RULES.legal_moves(s, ctx)
        assert _key(pos.legal_moves(ctx)) == _key(full)
        # restricted to some cells: the same moves on those cells, in the same order
        cells = pos.reads(p.id) if rng.random() < 0.5 else frozenset(rng.sample(sorted(s.board.cells), min(8, len(s.board.cells))))
        assert _key(pos.legal_moves(ctx, cells)) == _key([m for m in full if m.cell in cells])


def _neutral(s):
    """The same board with nobody's turn under way: every player may be asked for her moves."""
    return s.model_copy(update={"state": s.state.model_copy(update={"active": None, "laid": [], "phase": "mandatory", "drawn": None})})


def _play_out(start, seed: int, steps: int, contexts: int) -> int:
    """Random legal moves from ``start``; checks every position on the way; returns the moves made."""
    rng = random.Random(seed)
    s = _neutral(start)
    history = [SearchPosition(RULES, s)]
    _assert_same(history[0], rng, contexts)
    made = 0
    for _ in range(steps):
        moves = []
        for p in s.players:
            for tile in TILES:
                moves += RULES.legal_moves(s, MoveContext(p.id, rng.choice(["mandatory", "optional"]), tile))
        if not moves:
            break
        # a move outside what a player's reach search read leaves her reach as it was
        for p in s.players:
            read = history[-1].reads(p.id)
            outside = [m for m in moves if m.cell not in read]
            if outside:
                after = RULES.apply(s, rng.choice(outside), check=False)
                assert RULES.reached(after, p.id) == RULES.reached(s, p.id)
        m = rng.choice(moves)
        after = RULES.apply(s, m, check=False)  # the mover's turn state: her tile laid this turn
        s = _neutral(after)
        made += 1
        parent = history[-1] if rng.random() < 0.6 else rng.choice(history)
        pos = SearchPosition(RULES, s, parent)
        _assert_same(pos, rng, contexts)
        # the same board in another turn state shares the network
        twin = SearchPosition(RULES, after, pos)
        assert twin.net is pos.net
        _assert_same(twin, rng, 2)
        history.append(pos)
    return made


@pytest.mark.parametrize("seed", range(8))
def test_random_boards(seed: int) -> None:
    options = OPTION_CHOICES[seed % len(OPTION_CHOICES)]
    start = random_board(seed * 7 + 3, size=6, options=options)
    made = _play_out(start, seed, steps=10, contexts=6)
    assert made > 0


@pytest.mark.parametrize("seed", range(2))
def test_bundled_12x12(seed: int) -> None:
    start = load(scenarios_dir() / "catalan" / "four-players-12x12.json")
    assert _play_out(start, 100 + seed, steps=12, contexts=4) == 12


def test_a_changed_feature_rebuilds() -> None:
    """A change beyond tiles (a platform removed) takes nothing over."""
    s = load(scenarios_dir() / "catalan" / "four-players-12x12.json")
    pos = SearchPosition(RULES, s)
    pos.reached("red")
    label = next(lbl for lbl, c in s.board.cells.items() if c.platform is not None)
    cells = dict(s.board.cells)
    del cells[label]
    s2 = s.model_copy(update={"board": s.board.model_copy(update={"cells": cells})})
    pos2 = SearchPosition(RULES, s2, pos)
    assert pos2.net._reach == {} and pos2.net._transfer == {}
    for p in s2.players:
        assert pos2.reached(p.id) == RULES.reached(s2, p.id)


def _lowering_moves_are_on_useful_cells(start, seed: int, steps: int) -> tuple[int, int]:
    """Along a random play-out: every legal move that brings ``relaxed_distance`` from d down to
    d - 1 lies on a cell of ``useful_cells(d)``. Returns (moves that lowered it, moves judged)."""
    from model.rules.catalan.search import relaxed_distance, useful_cells

    rng = random.Random(seed)
    s = _neutral(start)
    grid = s.board.grid
    lowered = judged = 0
    for _ in range(steps):
        net = SearchPosition(RULES, s).net
        players = [p for p in s.players if net.origin_cells(p.id)]
        if not players:
            break
        p = rng.choice(players)
        targets = {grid.coord(lbl) for lbl in rng.sample(sorted(grid.label(c) for c in grid.coord_set), 3)}
        d = relaxed_distance(net, p.id, targets, 30)
        moves = [m for ph in ("mandatory", "optional") for t in TILES for m in RULES.legal_moves(s, MoveContext(p.id, ph, t))]
        if not moves:
            break
        if 0 < d <= 30:
            useful = {grid.label(c) for c in useful_cells(net, p.id, targets, d)}
            for m in moves:
                after = SearchPosition(RULES, _neutral(RULES.apply(s, m, check=False)))
                judged += 1
                if relaxed_distance(after.net, p.id, targets, 30) == d - 1:
                    lowered += 1
                    assert m.cell in useful, (m, d, sorted(useful))
        s = _neutral(RULES.apply(s, rng.choice(moves), check=False))
    return lowered, judged


@pytest.mark.parametrize("seed", range(4))
def test_useful_cells_hold_every_lowering_move(seed: int) -> None:
    options = OPTION_CHOICES[seed % len(OPTION_CHOICES)]
    start = random_board(seed * 11 + 5, size=6, options=options)
    lowered, judged = _lowering_moves_are_on_useful_cells(start, seed, steps=6)
    assert judged > 0


def test_useful_cells_on_the_12x12_board() -> None:
    start = load(scenarios_dir() / "catalan" / "four-players-12x12.json")
    lowered, judged = _lowering_moves_are_on_useful_cells(start, 7, steps=8)
    assert lowered > 0 and judged > lowered  # some moves lower the distance, others do not

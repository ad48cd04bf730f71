"""Property tests of the Catalan rule set on random boards (hypothesis).

* the fast search of the rule set finds exactly what the generic TrackModel search finds;
* reachability is symmetric between players' origins;
* the exact continuity test agrees with a plain before/after comparison of full searches;
* turning the whole board by 90° changes no verdict;
* ``explain`` agrees with ``legal_moves`` on every candidate move.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from model.board import Board, Cell, City, LaidTile, Platform
from model.grid import SquareGrid
from model.rules import Move, MoveContext, get_rule_set
from model.rules.catalan.moves import Analysis
from model.rules.catalan.network import Network
from model.rules.catalan.transform import rotate_scenario
from model.scenario import GameState, Player, RulesRef, Scenario, TileSupply

RULES = get_rule_set("catalan")
TILES = ["straight", "curve", "switch_left", "switch_right", "crossing", "turntable", "bridge", "tunnel", "dead_end"]
PLAYERS = ["red", "yellow", "green"]
GROW_WEIGHTS = [3, 3, 2, 2, 1, 1, 1, 1, 0.3]


def random_board(seed: int, size: int = 6, density: float = 0.55, options: dict | None = None) -> Scenario:
    """A random board: 2-3 players with 1-2 origin platforms each, tiles, lakes, mountains, a city."""
    rng = random.Random(seed)
    grid = SquareGrid(width=size, height=size)
    coords = list(grid.ordered_coords)
    rng.shuffle(coords)
    cells: dict[str, Cell] = {}
    n_players = rng.choice([2, 3])
    players = []
    it = iter(coords)
    for pid in PLAYERS[:n_players]:
        for _ in range(rng.choice([1, 1, 2])):
            c = next(it)
            sides = [e for e in range(4) if grid.neighbour(c, e) is not None]
            cells[grid.label(c)] = Cell(platform=Platform(station=f"{pid}-st", access=rng.choice(sides), kind="origin", owner=pid))
        hand = rng.sample(TILES, 4)
        players.append(Player(id=pid, origin=f"{pid}-st", hand=hand))
    if rng.random() < 0.6:
        cells[grid.label(next(it))] = Cell(cities=[City(name="c")])
    if rng.random() < 0.4:
        cells[grid.label(next(it))] = Cell(platform=Platform(station="other", access=rng.randrange(4)))
    rest = list(it)
    for c in rest:
        r = rng.random()
        if r < 0.16:
            cells[grid.label(c)] = Cell(terrain="lake" if r < 0.08 else "mountain")
    for c in rest[: int(len(rest) * density * 0.25)]:  # scattered tiles, mostly unreached
        if grid.label(c) not in cells:
            cells[grid.label(c)] = Cell(tile=LaidTile(tile=rng.choice(TILES), rotation=rng.randrange(4), turn=1))
    s = Scenario(
        rules=RulesRef(id="catalan", options=options or {}),
        board=Board(grid=grid, cells=cells),
        tiles=TileSupply(set="catalan"),
        players=players,
    )
    # grow the networks: lay random tiles at random open ends (terrain respected, any orientation)
    for _ in range(int(size * size * density * 1.5)):
        net = Network(s)
        ends = sorted({e for p in players for e in net.open_ends(p.id)})
        if not ends:
            break
        c, x = rng.choice(ends)
        n = grid.neighbour_position(c, x)
        label = grid.label(n)
        cell = s.board.cell(n)
        tid = "bridge" if cell.terrain == "lake" else "tunnel" if cell.terrain == "mountain" else rng.choices(TILES, GROW_WEIGHTS)[0]
        facing = (x + 2) % 4
        rots = [r for r in range(4) if facing in s.tile(tid).exits(r, 4)]
        cells[label] = cell.model_copy(update={"tile": LaidTile(tile=tid, rotation=rng.choice(rots), turn=1)})
        s = s.model_copy(update={"board": s.board.model_copy(update={"cells": dict(cells)})})
    state = GameState(turn=2, phase=rng.choice(["mandatory", "optional"]), drawn=rng.choice(TILES) if rng.random() < 0.5 else None)
    return Scenario(rules=s.rules, board=s.board, tiles=s.tiles, players=players, state=state)


seeds = st.integers(min_value=0, max_value=2**32 - 1)


@given(seeds)
def test_fast_search_matches_generic_track_model(seed):
    s = random_board(seed)
    for reversal in (False, True):
        net = Network(s, dead_end_reversal=reversal)
        for p in s.players:
            fast = net.reach(p.id)
            generic = net.model.reach([(c, "n0") for c in net.origin_cells(p.id)])
            assert fast.connections == generic.paths
            assert fast.cells == generic.cells


@given(seeds)
def test_reachability_is_symmetric(seed):
    s = random_board(seed, density=0.75)
    net = Network(s)
    for a in s.players:
        for b in s.players:
            if a.id == b.id:
                continue
            a_reaches_b = bool(set(net.origin_cells(b.id)) & net.reach(a.id).cells)
            b_reaches_a = bool(set(net.origin_cells(a.id)) & net.reach(b.id).cells)
            assert a_reaches_b == b_reaches_a


@given(seeds, st.booleans(), st.sampled_from([6, 6, 10]))
def test_exact_continuity_matches_full_searches(seed, reversal, size):
    s = random_board(seed, size=size, density=0.8, options={"dead_end_reversal": reversal})
    a = Analysis(RULES, s)
    rng = random.Random(seed)
    tile_cells = a.tile_cells()
    for q in rng.sample(tile_cells, min(8, len(tile_cells))):
        for _ in range(4):
            tid, rot = rng.choice(TILES), rng.randrange(4)
            new = a.tile_transfer(tid, rot) if rng.random() < 0.9 else None
            for p in s.players:
                before = a.net.reach(p.id)
                after = a.net.search(p.id, overrides={q: new})
                expected = {k for k in before.connections if k[0] != q} - after.connections
                got = a.lost_connections(q, p.id, new)
                assert bool(got) == bool(expected)
                assert got <= expected


def _canonical(s: Scenario, tile: str, rot: int) -> int:
    tdef = s.tile(tile)
    shape = tdef._shape(rot % 4, 4)
    return next(r for r in range(4) if tdef._shape(r, 4) == shape)


def _moves(s: Scenario, pid: str, phase: str, turned: int = 0) -> set:
    grid = s.board.grid
    out = set()
    for m in RULES.legal_moves(s, MoveContext(pid, phase)):
        c = grid.rotate_coord(grid.coord(m.cell), turned)
        out.add((m.kind, grid.label(c), m.tile, _canonical(s, m.tile, m.rotation + turned)))
    return out


@settings(max_examples=25)
@given(seeds)
def test_turning_the_board_changes_no_verdict(seed):
    s = random_board(seed)
    pid = s.players[0].id
    s = s.model_copy(update={"state": s.state.model_copy(update={"active": pid})})
    turned = rotate_scenario(s, 1)
    for phase in ("mandatory", "optional"):
        assert _moves(s, pid, phase, 1) == _moves(turned, pid, phase, 0)
    before = sorted((i.rule, i.severity) for i in RULES.check(s))
    after = sorted((i.rule, i.severity) for i in RULES.check(turned))
    assert before == after
    for p in s.players:
        a, b = RULES.reach_report(s, p.id), RULES.reach_report(turned, p.id)
        assert len(a["connections"]) == len(b["connections"])
        assert len(a["open_ends"]) == len(b["open_ends"])
        assert a["stations"] == b["stations"]


@settings(max_examples=15)
@given(seeds)
def test_explain_agrees_with_legal_moves(seed):
    s = random_board(seed, size=5)
    rng = random.Random(seed)
    grid = s.board.grid
    labels = [grid.label(c) for c in grid.ordered_coords]
    for p in s.players:
        for phase in ("mandatory", "optional"):
            legal = {(m.kind, m.cell, m.tile, m.rotation) for m in RULES.legal_moves(s, MoveContext(p.id, phase))}
            for kind, cell, tile, rot in legal:
                assert RULES.explain(s, Move(kind, cell, tile, rot, actor=p.id, phase=phase)).legal
            a = Analysis(RULES, s)
            tiles = [s.state.drawn] if phase == "mandatory" and s.state.drawn else TILES
            for kind in ("place", "replace"):  # every candidate move of the board
                for cell in labels:
                    for tile in tiles:
                        for rot in s.tile(tile).distinct_rotations(4):
                            m = Move(kind, cell, tile, rot, actor=p.id, phase=phase)
                            v = a.evaluate(m)
                            assert v.legal == ((kind, cell, tile, rot) in legal), (m, v)
                            if not v.legal:
                                assert v.rule and v.rule.startswith("catalan."), v
                            if rng.random() < 0.02:
                                assert RULES.explain(s, m).legal == v.legal


@settings(max_examples=30)
@given(seeds)
def test_legal_moves_never_create_board_errors(seed):
    s = random_board(seed)
    rng = random.Random(seed)
    errors_before = sorted((i.rule, i.cells) for i in RULES.check(s) if i.severity == "error")
    for p in s.players:
        for phase in ("mandatory", "optional"):
            moves = RULES.legal_moves(s, MoveContext(p.id, phase))
            for m in rng.sample(moves, min(3, len(moves))):
                after = RULES.apply(s, m)
                errors = sorted((i.rule, i.cells) for i in RULES.check(after) if i.severity == "error")
                assert errors == errors_before, m
                assert after.board.cell_at_label(m.cell).tile.tile == m.tile
                if m.kind == "replace":  # nobody loses track outside the replaced cell (§4.6)
                    for q in s.players:
                        cells_before = set(RULES.reach_report(s, q.id)["connections"])
                        cells_after = set(RULES.reach_report(after, q.id)["connections"])
                        lost = {k for k in cells_before - cells_after if not k.startswith(m.cell + ":")}
                        assert not lost, (m, q.id, lost)

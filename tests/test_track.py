"""Track reachability over (cell, entry port) states on small hand-made boards.

Switch legs are not joined leg-to-leg; a crossing never turns; a train reverses only at nodes that
allow it; terminal paths stop; and on plain track every trip can be driven backwards.
"""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from model.board import Cell, City, LaidTile
from model.grid import SquareGrid
from model.newboard import new_scenario
from model.tiles import load_tileset
from model.track import CellTrack, TrackModel, TrackPath, cell_track, reach

CATALAN = load_tileset("catalan")
S, W, N, E = 0, 1, 2, 3  # square edges (see model/grid.py)


def tile_track(tile_id: str, rotation: int, reverse: frozenset[str] = frozenset()) -> CellTrack:
    t = CATALAN.get(tile_id)
    kinds = tuple(n.kind for n in t.nodes)
    return CellTrack(
        paths=tuple(TrackPath(a, b, term) for a, b, term in t.rotated_paths(rotation, 4)),
        node_kinds=kinds,
        reverse_nodes=frozenset(i for i, k in enumerate(kinds) if k in reverse),
    )


def single(track: CellTrack):
    """A 1x1 board holding one cell of track: the exits reached from an entry side."""
    grid = SquareGrid(width=1, height=1)

    def exits_from(port):
        return {e for _, e in reach(grid, {(0, 0): track}.get, [((0, 0), port)]).exits}

    return exits_from


def board(grid: SquareGrid, tracks: dict[str, CellTrack]):
    by_coord = {grid.coord(label): tr for label, tr in tracks.items()}
    return by_coord.get


# --- single cells ------------------------------------------------------------------------------
@given(st.sampled_from(["switch_left", "switch_right"]), st.integers(0, 3))
def test_switch_trunk_reaches_both_legs_and_legs_only_the_trunk(tile_id, rotation):
    t = CATALAN.get(tile_id)
    trunk = (0 + rotation) % 4  # both switches have their trunk at edge 0 in the tile's frame
    legs = t.exits(rotation, 4) - {trunk}
    assert len(legs) == 2
    exits_from = single(tile_track(tile_id, rotation))
    assert exits_from(trunk) == legs
    for leg in legs:
        assert exits_from(leg) == {trunk}, "a switch never joins one leg to the other"


@given(st.integers(0, 3), st.integers(0, 3))
def test_crossing_never_turns(rotation, entry):
    exits_from = single(tile_track("crossing", rotation))
    assert exits_from(entry) == {(entry + 2) % 4}


@given(st.sampled_from(["straight", "bridge", "tunnel", "curve"]), st.integers(0, 3))
def test_plain_track_has_one_way_through(tile_id, rotation):
    t = CATALAN.get(tile_id)
    a, b = sorted(t.exits(rotation, 4))
    exits_from = single(tile_track(tile_id, rotation))
    assert exits_from(a) == {b} and exits_from(b) == {a}
    for other in set(range(4)) - {a, b}:
        assert exits_from(other) == set()


@given(st.integers(0, 3), st.integers(0, 3))
def test_turntable_reverses_only_when_its_node_allows(rotation, entry):
    with_reversal = single(tile_track("turntable", rotation, reverse=frozenset({"turntable"})))
    without = single(tile_track("turntable", rotation))
    assert with_reversal(entry) == {0, 1, 2, 3}
    assert without(entry) == {0, 1, 2, 3} - {entry}


@given(st.integers(0, 3))
def test_dead_end_stops_the_train(rotation):
    exits_from = single(tile_track("dead_end", rotation))
    open_side = rotation % 4
    assert exits_from(open_side) == set()  # reaches the buffer, cannot reverse there
    bounce = single(tile_track("dead_end", rotation, reverse=frozenset({"buffer"})))
    assert bounce(open_side) == {open_side}  # a rule set that lets a train reverse at a buffer


def test_start_at_a_node_leaves_along_each_of_its_paths():
    grid = SquareGrid(width=1, height=1)
    r = reach(grid, {(0, 0): tile_track("turntable", 0)}.get, [((0, 0), "n0")])
    assert {e for _, e in r.exits} == {0, 1, 2, 3}
    assert ((0, 0), 0) in r.nodes


# --- boards ------------------------------------------------------------------------------------
def test_reversal_only_at_a_node_that_allows_it():
    """A1 straight W-E, B1 a city reached from the W. The train can come back only if the city
    lets it reverse."""
    grid = SquareGrid(width=2, height=1)
    straight = tile_track("straight", 1)  # W-E
    for reverse, comes_back in ((frozenset(), False), (frozenset({0}), True)):
        city = CellTrack(paths=(TrackPath(W, "n0"),), node_kinds=("city",), reverse_nodes=reverse)
        r = reach(grid, board(grid, {"A1": straight, "B1": city}), [((0, 0), W)])
        assert ((1, 0), 0) in r.nodes
        assert (((0, 0), W) in r.exits) is comes_back
        assert (((0, 0), E, -1_000_000) in r.states) is comes_back


def test_city_joins_its_paths_but_does_not_reverse():
    grid = SquareGrid(width=1, height=1)
    city = CellTrack(paths=(TrackPath(W, "n0"), TrackPath(E, "n0"), TrackPath(N, "n0")), node_kinds=("city",))
    exits_from = single(city)
    assert exits_from(W) == {E, N}
    r = reach(grid, {(0, 0): city}.get, [((0, 0), W)], can_pass=lambda c, k: False)
    assert r.exits == set() and ((0, 0), 0) in r.nodes  # reached, but a blocked city is not passed


def test_terminal_paths_stop():
    """An off-board area: two terminal paths into one node. A train arriving stops there; a train
    that starts there may leave along either."""
    grid = SquareGrid(width=3, height=1)
    offboard = CellTrack(paths=(TrackPath(W, "n0", True), TrackPath(E, "n0", True)), node_kinds=("city",))
    straight = tile_track("straight", 1)
    lookup = board(grid, {"A1": straight, "B1": offboard, "C1": straight})
    arriving = reach(grid, lookup, [((0, 0), W)])
    assert ((1, 0), 0) in arriving.nodes
    assert (2, 0) not in arriving.cells
    starting = reach(grid, lookup, [((1, 0), "n0")])
    assert {(0, 0), (2, 0)} <= starting.cells


def test_the_example_that_needs_states_not_edges():
    """A switch whose two legs are joined by a loop outside the cell. Board (2x2):

        A1 switch (trunk W, legs E and S)   B1 curve W-S
        A2 curve N-E                        B2 curve N-W

    In by the trunk, the train runs round the loop either way and comes back out by the trunk.
    In by a leg, it can only leave by the trunk: the loop is out of reach, although an undirected
    search over cells and sides would connect everything.
    """
    grid = SquareGrid(width=2, height=2)
    # switch_right at rotation 1: trunk 0+1=W, legs 2+1=E, 3+1=S
    sw = tile_track("switch_right", 1)
    assert {p.a for p in sw.paths} == {W} and {p.b for p in sw.paths} == {E, S}
    curve = {frozenset(CATALAN.get("curve").exits(r, 4)): tile_track("curve", r) for r in range(4)}
    lookup = board(grid, {"A1": sw, "B1": curve[frozenset({W, S})], "A2": curve[frozenset({N, E})], "B2": curve[frozenset({N, W})]})
    by_trunk = reach(grid, lookup, [((0, 0), W)])
    assert ((0, 0), S, -1_000_000) in by_trunk.states  # back in by the S leg after the loop
    assert ((0, 0), E, -1_000_000) in by_trunk.states  # and by the E leg the other way round
    assert by_trunk.cells == {(0, 0), (1, 0), (0, 1), (1, 1)}
    by_leg = reach(grid, lookup, [((0, 0), E)])
    assert by_leg.exits == {((0, 0), W)}
    assert by_leg.cells == {(0, 0)}
    assert by_leg.states == {((0, 0), E, -1_000_000)}


@st.composite
def plain_boards(draw):
    """A 3x3 board of tiles without nodes (straights, curves, switches, crossings)."""
    grid = SquareGrid(width=3, height=3)
    tracks = {}
    for coord in grid.ordered_coords:
        tid = draw(st.sampled_from([None, "straight", "curve", "switch_left", "switch_right", "crossing"]))
        if tid is not None:
            tracks[coord] = tile_track(tid, draw(st.integers(0, 3)))
    return grid, tracks


@given(plain_boards(), st.data())
def test_every_trip_over_plain_track_can_be_driven_backwards(board_and_tracks, data):
    """Enter the board at a side, leave it at another: entering there leads back to the start."""
    grid, tracks = board_and_tracks
    border = [(c, e) for c in grid.ordered_coords for e in range(4) if grid.neighbour(c, e) is None and c in tracks and tracks[c].has_port(e)]
    assume(border)
    start = data.draw(st.sampled_from(border))
    forward = reach(grid, tracks.get, [start])
    for out in forward.exits:
        if grid.neighbour(*out) is None:  # left the board
            back = reach(grid, tracks.get, [out])
            assert start in back.exits


@given(plain_boards(), st.data())
def test_states_enter_only_through_existing_ports(board_and_tracks, data):
    grid, tracks = board_and_tracks
    assume(tracks)
    coord = data.draw(st.sampled_from(sorted(tracks)))
    port = data.draw(st.sampled_from(sorted(tracks[coord].by_port, key=str)))
    r = reach(grid, tracks.get, [(coord, port)])
    for c, p, _via in r.states:
        assert tracks[c].has_port(p)
    for c, e in r.open_ends:
        n = grid.neighbour(c, e)
        assert n is not None and (n not in tracks or not tracks[n].has_port(grid.opposite(e)))


# --- from a scenario ---------------------------------------------------------------------------
def test_track_model_reads_laid_tiles_and_printed_track():
    s = new_scenario("catalan", 3, 1)
    cells = {
        "A1": Cell(tile=LaidTile(tile="curve", rotation=2)),  # curve 2-3 turned by 2: edges 0 and 1 (S, W)
        "B1": Cell(cities=[City(name="Reus")], paths=[{"a": W, "b": "n0"}, {"a": E, "b": "n0"}]),
        "C1": Cell(terrain="lake"),
    }
    s = s.model_copy(update={"board": s.board.model_copy(update={"cells": cells})})
    tm = TrackModel(s)
    assert tm.at((0, 0)).exits() == {S, W}
    assert tm.at((1, 0)).node_kinds == ("city",)
    assert tm.at((2, 0)) is None
    assert cell_track(s, s.board.cell((1, 0))).exits() == {W, E}
    r = tm.reach([((1, 0), "n0")])
    assert ((1, 0), W) in r.open_ends  # A1's curve does not face east
    tm.invalidate([(0, 0)])
    assert (0, 0) not in tm._cache

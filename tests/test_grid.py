"""Grid maths: neighbours, opposite edges, rotation, labels and layout."""

from hypothesis import given
from hypothesis import strategies as st

from model.grid import HexGrid, SquareGrid, letter_index, letters_for

GRIDS = [
    SquareGrid(width=9, height=7),
    HexGrid(width=18, height=41, parity=1),
    HexGrid(width=12, height=10, orientation="pointy", parity=0),
    HexGrid(width=10, height=12, orientation="flat", axes="number-letter", parity=0),
]


@given(st.sampled_from(GRIDS), st.data())
def test_neighbour_across_edge_has_us_across_opposite(grid, data):
    coord = data.draw(st.sampled_from(grid.ordered_coords))
    for edge, n in grid.neighbours(coord):
        assert grid.neighbour(n, grid.opposite(edge)) == coord
        assert grid.edge_towards(coord, n) == edge


@given(st.sampled_from(GRIDS), st.integers(0, 5))
def test_full_turn_of_rotations_is_identity(grid, edge):
    edge %= grid.sides
    e = edge
    for _ in range(grid.sides):
        e = grid.rotate_edge(e, 1)
    assert e == edge
    assert grid.rotate_edge(edge, grid.sides // 2) == grid.opposite(edge)


@given(st.sampled_from(GRIDS), st.data())
def test_label_round_trip(grid, data):
    coord = data.draw(st.sampled_from(grid.ordered_coords))
    assert grid.coord(grid.label(coord)) == coord


@given(st.integers(0, 2000))
def test_letters_round_trip(i):
    assert letter_index(letters_for(i)) == i


@given(st.sampled_from(GRIDS), st.data())
def test_cell_at_centre_is_the_cell(grid, data):
    coord = data.draw(st.sampled_from(grid.ordered_coords))
    cx, cy = grid.centre(coord, 40.0)
    assert grid.cell_at(cx, cy, 40.0) == coord
    # a point just inside a corner still belongs to this cell
    px, py = grid.corners(coord, 40.0)[0]
    assert grid.cell_at(cx + (px - cx) * 0.9, cy + (py - cy) * 0.9, 40.0) == coord


def test_18india_facts():
    g = HexGrid(width=18, height=41, parity=1)
    j37 = g.coord("J37")
    assert j37 == (9, 36)
    assert g.label(g.neighbour_position(j37, 5)) == "K38"
    assert g.label(g.neighbour_position(j37, 3)) == "J35"
    assert g.label(g.neighbour_position(j37, 2)) == "I36"
    assert g.label(g.neighbour_position(j37, 1)) == "I38"
    assert g.edge_name(0) == "S"


def test_square_conventions():
    g = SquareGrid(width=3, height=3)
    assert g.label((0, 0)) == "A1"
    assert g.neighbour((1, 1), 0) == (1, 2)  # 0 = S
    assert g.neighbour((1, 1), 1) == (0, 1)  # 1 = W
    assert g.neighbour((1, 1), 2) == (1, 0)  # 2 = N
    assert g.neighbour((1, 1), 3) == (2, 1)  # 3 = E
    assert g.neighbour((0, 0), 2) is None
    assert g.rotate_coord((0, 0)) == (2, 0)

"""Property test: any hex board a map file can hold survives export to 18xx.games and import back."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from model.board import Board, Cell, City, EdgeFeature, Town
from model.grid import HexGrid
from model.io.export_18xx_games import export_18xx_games
from model.io.export_18xx_maker import export_18xx_maker_data
from model.io.import_18xx_games import import_18xx_games
from model.scenario import Meta, RulesRef, Scenario
from model.tiles import TilePath

NAMES = st.text(alphabet="AbcÉ '\\\"#{}-&", min_size=1, max_size=8)
LABELS = st.text(alphabet="ABCOY+?&", min_size=1, max_size=3)
REVENUE = st.one_of(st.integers(0, 90), st.sampled_from(["yellow_20|brown_40", "yellow_30|brown_50|diesel_80"]))
GROUPS = st.lists(st.sampled_from(["West", "East", "Port"]), max_size=2, unique=True)


@st.composite
def cells(draw, sides: int = 6):
    terrain = draw(st.sampled_from(["plain", "plain", "hill", "mountain", "water", "gray", "offboard", "lake"]))
    land = terrain in ("plain", "hill", "mountain", "water")
    color = draw(st.sampled_from([None, None, "yellow", "green", "brown"])) if land else None
    slots_min = 0 if terrain == "offboard" else 1
    cities = draw(st.lists(st.builds(City, slots=st.integers(slots_min, 3), revenue=REVENUE, groups=GROUPS), max_size=2))
    towns = draw(st.lists(st.builds(Town, revenue=REVENUE), max_size=3))
    junction = draw(st.booleans()) if not cities and not towns else False
    n_nodes = len(cities) + len(towns) + int(junction)
    ports = st.one_of(st.integers(0, sides - 1), *( [st.integers(0, n_nodes - 1).map(lambda k: f"n{k}")] if n_nodes else []))
    paths = draw(st.lists(st.builds(TilePath, a=st.integers(0, sides - 1), b=ports, terminal=st.booleans()), max_size=4))
    return Cell(
        terrain=terrain,
        cost=draw(st.sampled_from([0, 0, 20, 60])),
        color=color,
        name=draw(st.one_of(st.none(), NAMES)),
        label=draw(st.one_of(st.none(), LABELS)),
        cities=cities,
        towns=towns,
        junction=junction,
        paths=paths,
        icons=draw(st.lists(st.sampled_from(["port", "18_india/oil", "image:mine,sticky:1"]), max_size=2)),
    )


@st.composite
def scenarios(draw):
    orientation = draw(st.sampled_from(["flat", "pointy"]))
    axes = draw(st.sampled_from([None, "letter-number", "number-letter"]))
    parity = draw(st.sampled_from([0, 1]))
    w, h = draw(st.integers(2, 6)), draw(st.integers(2, 6))
    full = HexGrid(width=w, height=h, orientation=orientation, axes=axes, parity=parity)
    coords = sorted(full.coord_set)
    keep = draw(st.lists(st.sampled_from(coords), min_size=1, max_size=len(coords), unique=True))
    # the grid an import rebuilds: its size is the extent of the hexes, not the rectangle drawn
    grid = HexGrid(
        width=max(x for x, _ in keep) + 1,
        height=max(y for _, y in keep) + 1,
        orientation=orientation,
        axes=axes,
        parity=parity,
        cells=[full.label(c) for c in sorted(keep, key=lambda c: (c[1], c[0]))],
    )
    board_cells = {}
    for c in keep:
        cell = draw(cells())
        if not cell.is_empty():
            board_cells[grid.label(c)] = cell
    edges = []
    for c in keep:
        for e in range(6):
            other = grid.neighbour(c, e)
            if other is not None and other < c:
                continue  # each side once, named from the cell with the smaller (x, y)
            kinds = draw(st.sets(st.sampled_from(["gauge", "river", "impassable"]), max_size=2))
            for k in sorted(kinds):
                cost = draw(st.sampled_from([0, 30])) if k == "river" else 0
                edges.append(EdgeFeature(cell=grid.label(c), edge=e, kind=k, cost=cost))
    return Scenario(meta=Meta(title="Prop"), rules=RulesRef(id="18xx"), board=Board(grid=grid, cells=board_cells, edges=edges))


def _side_set(board: Board) -> set:
    return {(board.side_key(board.grid.coord(f.cell), f.edge), f.kind, f.cost) for f in board.edges}


def _normal(grid: HexGrid) -> tuple:
    return (grid.orientation, grid.effective_axes, grid.parity, grid.coord_set)


@given(scenarios())
def test_map_file_round_trip_keeps_the_board(s):
    src, _ = export_18xx_games(s)
    back = import_18xx_games(src, "p.rb").scenario
    assert _normal(back.board.grid) == _normal(s.board.grid)
    assert back.board.cells == s.board.cells
    assert _side_set(back.board) == _side_set(s.board)
    # and a second pass is byte-identical
    assert export_18xx_games(back)[0].split("module Map", 1)[1] == src.split("module Map", 1)[1]


@given(scenarios())
def test_18xx_maker_export_covers_every_hex_once(s):
    data, _ = export_18xx_maker_data(s)
    labels = [h for d in data["map"]["hexes"] for h in d["hexes"]]
    assert sorted(labels) == sorted(s.board.grid.label(c) for c in s.board.grid.coord_set)
    for d in data["map"]["hexes"]:
        for t in d.get("track", []):
            assert 1 <= t["side"] <= 6

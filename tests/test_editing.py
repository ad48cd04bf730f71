"""The editor's Qt-free decisions (model/editing.py)."""

from model import editing
from model.board import EMPTY_CELL, Cell, City, EdgeFeature, LaidTile
from model.io import load
from model.newboard import new_scenario
from model.paths import scenarios_dir


def catalan(w=6, h=5):
    return new_scenario("catalan", w, h)


def apply(s, changes):
    for c, cell in changes.items():
        lbl = s.board.grid.label(c)
        if cell == EMPTY_CELL:
            s.board.cells.pop(lbl, None)
        else:
            s.board.cells[lbl] = cell


def test_brush_changes_only_cells_that_differ_and_skips_off_board():
    s = catalan()
    apply(s, {(1, 1): Cell(terrain="lake")})
    out = editing.brush_cells(s, [(0, 0), (1, 1), (9, 9), (0, 0)], "lake")
    assert list(out) == [(0, 0)]
    assert out[(0, 0)].terrain == "lake"
    # painting plain on a lake gives an empty cell back (the entry is removed)
    assert editing.brush_cells(s, [(1, 1)], "plain") == {(1, 1): EMPTY_CELL}


def test_brush_cost_kept_for_same_terrain_and_set_when_given():
    s = catalan()
    apply(s, {(0, 0): Cell(terrain="mountain", cost=3)})
    assert editing.brush_cells(s, [(0, 0)], "mountain") == {}
    assert editing.brush_cells(s, [(0, 0)], "mountain", 5)[(0, 0)].cost == 5
    assert editing.brush_cells(s, [(0, 0)], "hill")[(0, 0)].cost == 0


def test_flood_region_stops_at_other_terrain():
    s = catalan(4, 3)
    # a wall of lakes in column 1 splits the board
    apply(s, {(1, y): Cell(terrain="lake") for y in range(3)})
    region = editing.flood_region(s, (0, 0))
    assert sorted(region) == [(0, 0), (0, 1), (0, 2)]
    assert region[0] == (0, 0)
    assert sorted(editing.flood_region(s, (1, 0))) == [(1, 0), (1, 1), (1, 2)]
    fill = editing.fill_cells(s, (3, 2), "hill", 2)
    assert sorted(fill) == sorted((x, y) for x in (2, 3) for y in range(3))
    assert all(c.terrain == "hill" and c.cost == 2 for c in fill.values())


def test_flood_region_on_hex_uses_hex_neighbours():
    s = load(scenarios_dir() / "18india.json")
    start = s.board.grid.ordered_coords[0]
    region = editing.flood_region(s, start)
    assert start in region
    for c in region:
        assert s.board.cell(c).terrain == s.board.cell(start).terrain


def test_feature_placer_toggles():
    s = catalan()
    out = editing.place_feature(s, (2, 2), "city", name="Lleida")
    assert out[(2, 2)].cities == [City(name="Lleida")]
    apply(s, out)
    assert editing.place_feature(s, (2, 2), "city") == {(2, 2): EMPTY_CELL}
    out = editing.place_feature(s, (0, 0), "origin", access=3, owner="p1")
    plat = out[(0, 0)].platform
    assert (plat.kind, plat.access, plat.owner, plat.station) == ("origin", 3, "p1", "S1")
    apply(s, out)
    # a second platform gets a fresh station id; a destination replaces an origin
    assert editing.place_feature(s, (1, 0), "platform")[(1, 0)].platform.station == "S2"
    assert editing.place_feature(s, (0, 0), "destination")[(0, 0)].platform.kind == "destination"
    assert editing.place_feature(s, (3, 3), "offboard")[(3, 3)].terrain == "offboard"
    apply(s, {(3, 3): Cell(terrain="gray", cost=0)})
    assert editing.place_feature(s, (3, 3), "gray") == {(3, 3): EMPTY_CELL}
    assert editing.place_feature(s, (30, 30), "town") == {}


def test_nearest_edge_square_and_hex():
    s = catalan()
    # cell (1,1) spans 1..2 in unit layout; a point near its top side is edge 2 (N)
    assert editing.nearest_edge(s, (1, 1), 1.5, 1.05) == 2
    assert editing.nearest_edge(s, (1, 1), 1.95, 1.5) == 3
    assert editing.nearest_edge(s, (1, 1), 1.5, 1.95) == 0
    h = load(scenarios_dir() / "18india.json")
    c = h.board.grid.ordered_coords[20]
    for e in range(6):
        mx, my = h.board.grid.edge_midpoint(c, e, 10.0)
        assert editing.nearest_edge(h, c, mx, my, 10.0) == e


def test_toggle_edge_adds_canonical_and_removes_from_either_side():
    s = catalan()
    remove, add = editing.toggle_edge(s, (1, 1), 3, "gauge")
    assert remove == [] and len(add) == 1
    s.board.edges.extend(add)
    # the same side clicked from the neighbour removes it
    remove, add = editing.toggle_edge(s, (2, 1), 1, "gauge")
    assert remove == s.board.edges and add == []
    # a river with another cost replaces the old river
    s.board.edges[:] = [EdgeFeature(cell="B2", edge=3, kind="river", cost=1)]
    remove, add = editing.toggle_edge(s, (1, 1), 3, "river", 4)
    assert remove == s.board.edges and add[0].cost == 4
    assert editing.toggle_edge(s, (1, 1), 3, "river", 1) == ([s.board.edges[0]], [])


def test_stamp_and_supply():
    s = catalan()
    tid = s.tileset().tiles[0].id
    s = s.model_copy(update={"tiles": s.tiles.model_copy(update={"counts": {tid: 3}})})  # a counted supply
    left = editing.tiles_left(s)
    out = editing.stamp_cell(s, (0, 0), tid, 5)
    assert out[(0, 0)].tile == LaidTile(tile=tid, rotation=1)
    assert editing.stamp_cell(s, (0, 0), "no-such-tile", 0) == {}
    assert left[tid] == 3
    apply(s, out)
    assert editing.tiles_left(s)[tid] == 2


def test_structural_verdict_refuses_lakes_and_empty_supply():
    s = catalan()
    tid = s.tileset().tiles[0].id
    apply(s, {(0, 0): Cell(terrain="lake")})
    ok, why = editing.structural_stamp_verdict(s, (0, 0), tid, 0)
    assert not ok and "lake" in why
    s.tiles.counts[tid] = 0
    s._catalog = None
    ok, why = editing.structural_stamp_verdict(s, (1, 1), tid, 0)
    assert not ok and "supply" in why
    ok, why = editing.stamp_verdict(s, None, (1, 1), s.tileset().tiles[1].id, 0)
    assert ok


def test_erase_removes_tile_first_then_everything():
    s = catalan()
    tid = s.tileset().tiles[0].id
    apply(s, {(0, 0): Cell(terrain="hill", tile=LaidTile(tile=tid))})
    first = editing.erase_cells(s, [(0, 0)])
    assert first[(0, 0)] == Cell(terrain="hill")
    apply(s, first)
    assert editing.erase_cells(s, [(0, 0)]) == {(0, 0): EMPTY_CELL}
    assert editing.erase_cells(s, [(5, 4)]) == {}


def test_combine_selection_modes_and_rect():
    cur = [(0, 0), (1, 0)]
    assert editing.combine_selection(cur, [(2, 0)], "replace") == [(2, 0)]
    assert editing.combine_selection(cur, [(1, 0), (2, 0)], "add") == [(0, 0), (1, 0), (2, 0)]
    assert editing.combine_selection(cur, [(1, 0), (2, 0)], "toggle") == [(0, 0), (2, 0)]
    s = catalan()
    assert editing.cells_in_rect(s, 0.2, 0.2, 2.9, 1.8) == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]


def test_copy_paste_delete_region_square():
    s = catalan()
    apply(s, {(1, 1): Cell(terrain="lake"), (2, 1): Cell(name="X", cities=[City()])})
    s.board.edges.append(EdgeFeature(cell="B2", edge=3, kind="gauge"))
    clip = editing.copy_region(s, [(1, 1), (2, 1)])
    assert editing.Clip.from_json(clip.to_json()) == clip
    assert editing.Clip.from_json("hello") is None
    cells, remove, add = editing.paste_region(s, clip, (3, 3))
    assert cells == {(3, 3): Cell(terrain="lake"), (4, 3): Cell(name="X", cities=[City()])}
    assert remove == [] and add == [EdgeFeature(cell="D4", edge=3, kind="gauge")]
    # pasting off the right edge drops the cells that fall off
    cells, _, _ = editing.paste_region(s, clip, (5, 0))
    assert list(cells) == [(5, 0)]
    cells, remove = editing.delete_region(s, [(1, 1), (2, 1)])
    assert cells == {(1, 1): EMPTY_CELL, (2, 1): EMPTY_CELL}
    assert remove == [s.board.edges[0]]


def test_paste_on_hex_keeps_parity():
    s = load(scenarios_dir() / "18india.json")
    grid = s.board.grid
    coords = list(grid.ordered_coords[40:46])
    clip = editing.copy_region(s, coords)
    target = grid.ordered_coords[80]
    cells, _, _ = editing.paste_region(s, clip, target)
    for c in cells:
        assert grid.contains(c)
    # a clip of another grid kind pastes nothing
    assert editing.paste_region(catalan(), clip, (0, 0)) == ({}, [], [])


def test_legal_cells_uses_the_rule_set_and_falls_back_without_an_actor():
    from model.rules import MoveContext, get_rule_set

    s = catalan(4, 3)
    apply(s, {(0, 0): Cell(terrain="lake"), (1, 0): Cell(terrain="gray")})
    # no rule set, or a rule set with no active player: the structural checks decide
    expected = set(s.board.grid.ordered_coords) - {(0, 0), (1, 0)}
    assert editing.legal_cells(s, None, "curve") == expected
    assert editing.legal_cells(s, get_rule_set("catalan"), "curve") == expected
    # 18 India: exactly the cells of the rule set's legal moves
    india = load(scenarios_dir() / "18india.json")
    rules = get_rule_set("18india")
    moves = rules.legal_moves(india, MoveContext(None, india.state.game_phase, "9"))
    assert editing.legal_cells(india, rules, "9") == {india.board.grid.coord(m.cell) for m in moves}
    assert moves


def test_stamp_verdict_names_the_rule_on_18india():
    india = load(scenarios_dir() / "18india.json")
    from model.rules import get_rule_set

    rules = get_rule_set("18india")
    k14 = india.board.grid.coord("K14")  # a city: a plain straight does not keep its stop
    ok, why = editing.stamp_verdict(india, rules, k14, "9", 0)
    assert not ok and why.endswith("]") and "18india." in why
    l15 = india.board.grid.coord("L15")
    assert editing.stamp_verdict(india, rules, l15, "9", 0)[0]

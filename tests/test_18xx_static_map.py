"""18xx: ``apply(..., check=False)`` and the cache of the printed map (``static_map``).

The static map is cached across scenarios derived by laying tiles, and must follow every edit
of the printed map, including the editor's in-place edits of the cell table and edge list."""

from __future__ import annotations

import pytest
from test_18xx_rules import make

from model.board import Cell, EdgeFeature
from model.rules import Move, MoveContext, get_rule_set
from model.rules.eighteen_xx import Situation
from model.rules.eighteen_xx.hexmap import static_map


@pytest.fixture()
def rules():
    return get_rule_set("18xx")


def with_treasury(scenario, amount):
    companies = [c.model_copy(update={"treasury": amount}) if c.id == "X" else c for c in scenario.companies]
    return scenario.model_copy(update={"companies": companies})


def test_apply_unchecked_trusts_the_move_and_its_cost(rules):
    s = with_treasury(make(tiles={"B5": ("yc", 0)}), 100)
    (move,) = rules.legal_moves(s, MoveContext("X", None, "s"))
    assert (move.cell, move.cost) == ("B7", 20)
    checked = rules.apply(s, move)
    trusted = rules.apply(s, move, check=False)
    assert trusted == checked
    assert trusted.company("X").treasury == 80
    assert trusted.board.cell_at_label("B7").tile.tile == "s"
    illegal = Move("lay", "C4", "s", 0, actor="X")  # a gray hex
    with pytest.raises(ValueError, match="not-layable"):
        rules.apply(s, illegal)
    assert rules.apply(s, illegal, check=False).board.cell_at_label("C4").tile.tile == "s"


def test_the_18india_rule_set_applies_unchecked_too():
    india = get_rule_set("18india")
    s = make(tiles={"B5": ("yc", 0)})
    (move,) = india.legal_moves(s, MoveContext("X", None, "s"))
    assert india.apply(s, move, check=False) == india.apply(s, move)


def test_scenarios_derived_by_a_lay_share_the_static_map(rules):
    s = make(tiles={"B5": ("yc", 0)})
    (move,) = rules.legal_moves(s, MoveContext("X", None, "s"))
    after = rules.apply(s, move)
    assert static_map(after) is static_map(s)
    assert Situation.of(after).sm is Situation.of(s).sm


def test_an_edited_printed_cell_is_seen(rules):
    s = make(tiles={"B5": ("yc", 0)})
    assert static_map(s).printed_color[s.board.grid.coord("B7")] == "white"
    assert rules.explain(s, Move("lay", "B7", "s", 0, actor="X")).legal
    # the document replaces the cell in the board's own table (same dict object)
    s.board.cells["B7"] = Cell(terrain="gray")
    sm = static_map(s)
    assert sm.printed_color[s.board.grid.coord("B7")] == "gray"
    assert rules.explain(s, Move("lay", "B7", "s", 0, actor="X")).rule == "18xx.not-layable"
    # and a model_copy with a mountain of another cost
    cells = {**s.board.cells, "B7": Cell(terrain="mountain", cost=60)}
    s2 = s.model_copy(update={"board": s.board.model_copy(update={"cells": cells})})
    assert static_map(s2).printed[s2.board.grid.coord("B7")].cost == 60
    assert rules.explain(s2, Move("lay", "B7", "s", 0, actor="X")).cost == 60


def test_a_removed_printed_cell_is_seen(rules):
    s = make()
    coord = s.board.grid.coord("C4")
    assert static_map(s).printed_color[coord] == "gray"
    del s.board.cells["C4"]
    assert static_map(s).printed_color[coord] == "white"


def test_an_edge_feature_added_in_place_is_seen(rules):
    s = make(tiles={"B5": ("yc", 0)})
    b7 = s.board.grid.coord("B7")
    assert static_map(s).accept_mask[b7] & 1  # edge 0 of B7 accepts an exit
    s.board.edges.append(EdgeFeature(cell="B7", edge=0, kind="impassable"))
    sm = static_map(s)
    assert not sm.accept_mask[b7] & 1
    v = rules.explain(s, Move("lay", "B7", "s", 0, actor="X"))
    assert v.rule == "18xx.exit-impassable"


def test_impassable_colours_are_an_option_the_static_map_follows(rules):
    lay = Move("lay", "B5", "yc", 1, actor="X")  # faces the gray C4, which has no track
    s = make()
    assert rules.explain(s, lay).rule == "18xx.exit-blank-side"
    gray_open = make(options={"impassable_colors": "blue red"})  # a title whose gray hexes take track
    assert static_map(gray_open) is not static_map(s)
    assert rules.explain(gray_open, lay).legal
    assert rules.check(gray_open) == rules.check(s)  # a valid option: no issue about it


def test_legal_moves_asked_again_see_an_edit_made_in_place(rules):
    # legal_moves reuses the situation of a scenario asked again (the solver asks once per tile)
    s = make(tiles={"B5": ("yc", 0)})
    ctx = MoveContext("X", None, "s")
    assert "B7" in {m.cell for m in rules.legal_moves(s, ctx)}
    assert rules.legal_moves(s, ctx) == rules.legal_moves(s, ctx)
    s.board.cells["B7"] = Cell(terrain="gray")  # as the document edits: the board's own table
    assert "B7" not in {m.cell for m in rules.legal_moves(s, ctx)}
    del s.board.cells["B7"]
    assert "B7" in {m.cell for m in rules.legal_moves(s, ctx)}

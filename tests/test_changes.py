"""``model.changes``: every in-place change of a scenario's parts draws a new ``now()``, and the
18xx rules' kept evaluation of a position (``Situation.reuse``, ``explain``'s rows) follows every
such change, however it is made."""

from __future__ import annotations

import copy
import pickle

import pytest
from test_18xx_rules import make

from model import changes
from model.board import Cell, EdgeFeature
from model.changes import TrackedDict, TrackedList
from model.io import load
from model.paths import scenarios_dir
from model.rules import Move, get_rule_set
from model.rules.eighteen_xx import Situation
from model.scenario import LaidThisTurn


def changed(fn) -> bool:
    before = changes.now()
    fn()
    return changes.now() != before


@pytest.mark.parametrize("change", [
    lambda d: d.__setitem__("a", 9), lambda d: d.__delitem__("a"), lambda d: d.pop("a"), lambda d: d.pop("zz", None),
    lambda d: d.popitem(), lambda d: d.clear(), lambda d: d.update(c=3), lambda d: d.setdefault("c", 3),
    lambda d: d.__ior__({"c": 3}),
])
def test_every_change_of_a_tracked_dict_is_counted(change):
    d = TrackedDict(a=1, b=2)
    assert not changed(lambda: (d.get("a"), dict(d), d == {"a": 1}, list(d.items())))
    assert changed(lambda: change(d))


@pytest.mark.parametrize("change", [
    lambda v: v.__setitem__(0, 9), lambda v: v.__delitem__(0), lambda v: v.__iadd__([4]), lambda v: v.__imul__(2),
    lambda v: v.append(4), lambda v: v.extend([4]), lambda v: v.insert(0, 4), lambda v: v.pop(), lambda v: v.remove(2),
    lambda v: v.clear(), lambda v: v.sort(reverse=True), lambda v: v.reverse(),
])
def test_every_change_of_a_tracked_list_is_counted(change):
    v = TrackedList([1, 2, 3])
    assert not changed(lambda: (v[0], list(v), v == [1, 2, 3], len(v)))
    assert changed(lambda: change(v))


def test_tracked_containers_copy_and_pickle_as_themselves():
    d, v = TrackedDict(a=[1]), TrackedList([{"x": 1}])
    for got, want in ((pickle.loads(pickle.dumps(d)), d), (copy.deepcopy(d), d), (copy.copy(d), d),
                      (pickle.loads(pickle.dumps(v)), v), (copy.deepcopy(v), v), (copy.copy(v), v)):
        assert type(got) is type(want) and got == want and got is not want


def test_a_loaded_scenario_tracks_what_the_editor_changes_in_place():
    s = load(scenarios_dir() / "18india.json")
    assert type(s.board.cells) is TrackedDict and type(s.board.edges) is TrackedList
    assert type(s.state.laid) is TrackedList and type(s.companies) is TrackedList
    assert pickle.loads(pickle.dumps(s)) == s
    plain = s.model_copy(update={"board": s.board.model_copy(update={"cells": dict(s.board.cells)})})
    assert plain.model_dump_json() == s.model_dump_json()
    # a field assignment is counted; a model's private cache is not
    assert changed(lambda: setattr(s.state, "game_phase", s.state.game_phase))
    assert not changed(lambda: s.tileset())


LAY = Move("lay", "B7", "s", 0, actor="X")


def armed(rules, s):
    """The scenario after one ask: its situation kept and matched once (the next ask is one comparison)."""
    rules.explain(s, LAY)
    assert rules.explain(s, LAY).legal
    assert Situation.reuse(s) is Situation.reuse(s)
    return s


@pytest.mark.parametrize("edit, rule", [
    (lambda s: s.board.cells.__setitem__("B7", Cell(terrain="gray")), "18xx.not-layable"),
    (lambda s: s.board.cells.update(B7=Cell(terrain="gray")), "18xx.not-layable"),
    (lambda s: s.board.edges.append(EdgeFeature(cell="B7", edge=0, kind="impassable")), "18xx.exit-impassable"),
    (lambda s: s.state.laid.extend([LaidThisTurn(cell="C8", tile="s"), LaidThisTurn(cell="C10", tile="s")]), None),
    (lambda s: s.companies.__setitem__(0, s.companies[0].model_copy(update={"treasury": 0})), "18xx.insufficient-cash"),
    (lambda s: setattr(s.board, "cells", {**s.board.cells, "B7": Cell(terrain="gray")}), "18xx.not-layable"),
])
def test_explain_follows_every_change_made_in_place(edit, rule):
    rules = get_rule_set("18xx")
    s = armed(rules, make(tiles={"B5": ("yc", 0)}))
    edit(s)
    fresh = rules.explain_in(Situation.of(s), LAY)
    got = rules.explain(s, LAY)
    assert got == fresh and not got.legal
    if rule is not None:
        assert got.rule == rule


def test_explain_answers_a_move_whose_extra_cannot_be_kept():
    rules = get_rule_set("18xx")
    s = make(tiles={"B5": ("yc", 0)})
    odd = Move("station", "B5", actor="X", extra=[("city", 0)])  # a list: not hashable
    assert rules.explain(s, odd) == rules.explain(s, Move("station", "B5", actor="X", extra=(("city", 0),)))


def test_a_plain_container_put_in_by_model_copy_is_compared_by_value():
    rules = get_rule_set("18xx")
    s = make(tiles={"B5": ("yc", 0)})
    s = s.model_copy(update={"board": s.board.model_copy(update={"cells": dict(s.board.cells)})})
    assert type(s.board.cells) is dict
    armed(rules, s)
    s.board.cells["B7"] = Cell(terrain="gray")  # no count drawn: the key compares the cells
    assert rules.explain(s, LAY).rule == "18xx.not-layable"


def test_explains_rows_answer_what_one_move_computed_alone_answers():
    """Every rotation of every yellow tile on every hex of 18 India (and rotations outside 0-5):
    the verdict kept in the position's row is the one computed for that move alone."""
    s = load(scenarios_dir() / "18india.json")
    rules = get_rule_set(s.rules.id)
    yellows = sorted({t.id for t in s.tileset().tiles if t.color == "yellow"})
    labels = [s.board.grid.label(c) for c in s.board.grid.ordered_coords]
    fresh = Situation.of(s)
    legal = 0
    for label in labels[::3]:
        for tid in yellows:
            for r in (*range(6), 6, -1):
                m = Move("lay", label, tid, r)
                got = rules.explain(s, m)
                assert got == rules.explain_in(fresh, m), m
                legal += got.legal
    assert legal > 100


def test_a_tile_set_rebuilt_for_a_changed_supply_keeps_the_tiles_that_did_not_change():
    """``Scenario.tileset`` after the supply changed (a tile added, a count changed): the tiles
    equal to the last set's stay its objects, a changed one is new."""
    from model.tiles import TileDef, TilePath

    s = make()
    before = s.tileset()
    extra = TileDef(id="x9", color="yellow", paths=[TilePath(a=1, b=4)], count=1)
    counts = {"s": 1}
    after = s.model_copy(update={"tiles": s.tiles.model_copy(update={"custom": [*s.tiles.custom, extra], "counts": counts})})
    ts = after.tileset()
    assert ts is not before and ts.get("x9") == extra
    assert all(ts.get(t.id) is t for t in before.tiles if t.id != "s")
    assert ts.get("s") is not before.get("s") and ts.get("s").count == 1

"""The tile designer's Qt-free steps and its live validation (model/tile_design.py)."""

from __future__ import annotations

from model.rules import get_rule_set
from model.tile_design import add_node, design_problems, remove_node, set_node, toggle_path
from model.tiles import Node, TileDef, TilePath

OO = TileDef(
    id="X", color="green", label="OO",
    nodes=[Node(kind="city", revenue=30), Node(kind="city", revenue=30), Node(kind="town", revenue=10)],
    paths=[TilePath(a=0, b="n0"), TilePath(a=3, b="n1"), TilePath(a="n1", b="n2"), TilePath(a="n2", b=5)],
)


def test_remove_node_drops_its_paths_and_renumbers_the_rest():
    t = remove_node(OO, 0)
    assert [n.kind for n in t.nodes] == ["city", "town"]
    assert t.paths == [TilePath(a=3, b="n0"), TilePath(a="n0", b="n1"), TilePath(a="n1", b=5)]


def test_toggle_path_adds_then_removes_either_way_round():
    t = toggle_path(OO, 1, "n0")
    assert t.paths[-1] == TilePath(a=1, b="n0")
    assert toggle_path(t, "n0", 1).paths == OO.paths
    assert toggle_path(OO, 2, 2) == OO
    assert toggle_path(OO, 4, "n1", terminal=True).paths[-1] == TilePath(a=4, b="n1", terminal=True)


def test_add_and_set_node():
    t = add_node(OO, Node(kind="junction"))
    assert t.nodes[-1].kind == "junction" and len(t.nodes) == 4
    t = set_node(t, 0, Node(kind="city", slots=3, revenue=50))
    assert t.nodes[0].slots == 3 and OO.nodes[0].slots == 1


XX = get_rule_set("18xx")
CATALAN = get_rule_set("catalan")


def test_problems_as_you_draw():
    assert design_problems(OO, rules=XX) == []
    lonely = add_node(OO, Node(kind="city"))
    assert design_problems(lonely, rules=XX) == ["city 4 has no exits: a city needs at least one"]
    j = add_node(TileDef(id="J", color="yellow", paths=[TilePath(a=0, b=3)]), Node(kind="junction"))
    j = toggle_path(j, 1, "n0")
    assert design_problems(j, rules=XX) == ["junction 1 joins 1 path(s): a path to nowhere"]
    twice = OO.model_copy(update={"paths": [*OO.paths, TilePath(a="n0", b=0)]})
    assert design_problems(twice, rules=XX) == ["path 5 (n0-0) is given twice"]
    red = OO.model_copy(update={"color": "red"})
    assert design_problems(red, rules=XX) == ["colour red: a tile of this game is yellow, green, brown or gray"]
    assert design_problems(TileDef(id="E", color="yellow"), rules=XX) == ["the tile has no track"]


def test_the_rule_set_says_what_a_tile_may_be():
    """The colour and terrain checks are the rule set's (RuleSet.tile_colors, tile_terrains): 18 India
    inherits the 18xx ones, the Catalan game has neither, an unknown rule set (None) gets the shared checks."""
    red = OO.model_copy(update={"color": "red"})
    assert XX.tile_colors == ("yellow", "green", "brown", "gray") and XX.tile_terrains
    assert design_problems(red, rules=get_rule_set("18india")) == design_problems(red, rules=XX) != []
    assert CATALAN.tile_colors is None and not CATALAN.tile_terrains
    assert design_problems(red, rules=CATALAN) == [] == design_problems(red)
    hill = OO.model_copy(update={"terrains": ["hill"]})
    assert design_problems(hill, rules=XX) == [] == design_problems(hill)
    assert design_problems(hill, rules=CATALAN) == [f"terrains: {CATALAN.name} does not restrict tiles by terrain"]


def test_square_tiles_follow_the_catalan_rules():
    t = TileDef(id="S", color="track", nodes=[Node(kind="turntable")], paths=[TilePath(a=e, b="n0") for e in range(4)])
    assert design_problems(t, sides=4, rules=CATALAN) == []
    bad = t.model_copy(update={"paths": [TilePath(a=5, b="n0")]})
    assert design_problems(bad, sides=4, rules=CATALAN) == ["path 1: edge 5 is out of range 0-3"]


def test_track_kinds_toggle_change_and_survive_a_renumbering():
    from model.tile_design import set_path_track

    t = toggle_path(OO, 1, 4, "narrow")
    assert t.paths[-1] == TilePath(a=1, b=4, track="narrow")
    # the same ends with another kind: the path takes that kind, nothing is added
    dual = toggle_path(t, 4, 1, "dual")
    assert dual.paths[-1] == TilePath(a=1, b=4, track="dual") and len(dual.paths) == len(t.paths)
    # the same ends with the same kind: removed
    assert toggle_path(dual, 1, 4, "dual").paths == OO.paths
    narrow_town = set_path_track(OO, [3], "narrow")
    assert [p.track for p in narrow_town.paths] == ["broad", "broad", "broad", "narrow"]
    # removing a stop renumbers the others' paths and keeps their kinds
    assert remove_node(narrow_town, 0).paths[-1] == TilePath(a="n1", b=5, track="narrow")

"""The generic ``18xx`` rule set on a small map of no particular title.

The map (flat hexes, x + y odd)::

    B3  gray, printed track N-S (edges 0 and 3); river on its side with B5 (cost 10)
    B5  white city, home of X (tokens cost 0, 40)
    C4  gray without track (its sides are blank)
    C6  white city, home of Y; the B5/C6 side is impassable
    A6  river on its side with B5 (cost 10)
    B7  mountain (cost 20)

Its tile set declares no upgrade graph, so upgrades are computed (colour, stops, paths kept).
"""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from model.board import Board, Cell, City, EdgeFeature, LaidTile, Token
from model.grid import HexGrid
from model.rules import Move, MoveContext, get_rule_set
from model.scenario import Company, GameState, LaidThisTurn, RulesRef, Scenario, TileSupply
from model.tiles import Node, TileDef, TilePath

TILES = [
    TileDef(id="s", color="yellow", paths=[TilePath(a=0, b=3)], count=4),
    TileDef(id="c", color="yellow", paths=[TilePath(a=0, b=2)], count=1),
    TileDef(id="k", color="yellow", paths=[TilePath(a=0, b=1)], count=4),
    TileDef(
        id="yc",
        color="yellow",
        nodes=[Node(kind="city", revenue=20)],
        paths=[TilePath(a=0, b="n0"), TilePath(a="n0", b=3)],
        count=4,
    ),
    TileDef(
        id="law",
        color="green",
        nodes=[Node(kind="junction")],
        paths=[TilePath(a=0, b="n0"), TilePath(a=1, b="n0"), TilePath(a=3, b="n0")],
        count=2,
    ),
    TileDef(
        id="gc",
        color="green",
        nodes=[Node(kind="city", slots=2, revenue=30)],
        paths=[TilePath(a=e, b="n0") for e in (0, 1, 3, 4)],
        count=2,
    ),
]


def make(tiles: dict | None = None, tokens: dict | None = None, options: dict | None = None, laid: list | None = None):
    cells = {
        "B3": Cell(terrain="gray", paths=[TilePath(a=0, b=3)]),
        "B5": Cell(cities=[City()]),
        "C4": Cell(terrain="gray"),
        "C6": Cell(cities=[City()]),
        "B7": Cell(terrain="mountain", cost=20),
    }
    for label, (tile, rot) in (tiles or {}).items():
        cells[label] = cells.get(label, Cell()).model_copy(update={"tile": LaidTile(tile=tile, rotation=rot)})
    for label, toks in (tokens or {}).items():
        cells[label] = cells.get(label, Cell()).model_copy(update={"tokens": [Token(company=c, city=k) for c, k in toks]})
    board = Board(
        grid=HexGrid(width=4, height=10, orientation="flat", parity=1),
        cells=cells,
        edges=[
            EdgeFeature(cell="B5", edge=3, kind="river", cost=10),
            EdgeFeature(cell="B5", edge=1, kind="river", cost=10),
            EdgeFeature(cell="B5", edge=5, kind="impassable"),
        ],
    )
    return Scenario(
        rules=RulesRef(id="18xx", options=options or {}),
        board=board,
        tiles=TileSupply(custom=TILES),
        companies=[Company(id="X", home="B5", tokens=[0, 40]), Company(id="Y", home="C6", tokens=[0, 40])],
        state=GameState(laid=[LaidThisTurn(cell=c, tile=t) for c, t in (laid or [])]),
    )


@pytest.fixture(scope="module")
def rules():
    return get_rule_set("18xx")


def verdict(rules, scenario, text, actor=None):
    return rules.explain(scenario, rules.parse_move(scenario, text, actor, None))


def test_generic_module_names_no_title():
    import model.rules.eighteen_xx as pkg

    folder = Path(inspect.getfile(pkg)).parent
    for path in folder.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for word in ("India", "india", "J37", "K38", "C18", "Mumbai", "FERRY"):
            assert word not in text, f"{path.name} mentions {word}"


def test_exits_must_lead_to_accepting_hexes(rules):
    s = make()
    assert verdict(rules, s, "lay B5 yc 0").legal  # S to B7, N to gray B3 whose track faces back
    assert verdict(rules, s, "lay B5 yc 1").rule == "18xx.exit-blank-side"  # NE faces gray C4 without track
    assert verdict(rules, s, "lay B5 yc 2").rule == "18xx.exit-impassable"  # SE side is impassable
    assert verdict(rules, s, "lay A6 s 1").rule == "18xx.exit-off-map"
    assert verdict(rules, s, "lay B3 s 0").rule == "18xx.not-layable"


def test_costs_terrain_and_rivers_crossed(rules):
    s = make()
    assert verdict(rules, s, "lay B5 yc 0").cost == 10  # crosses the river to B3, whose track faces it
    assert verdict(rules, s, "lay B7 s 0").cost == 20  # mountain; B5 has no track facing it yet
    laid = make(tiles={"B5": ("yc", 0)})
    assert verdict(rules, laid, "lay A6 c 4").cost == 0  # B5's tile does not face A6: river not crossed yet


def test_computed_upgrades_keep_paths(rules):
    s = make(tiles={"B7": ("s", 0)})
    assert verdict(rules, s, "upgrade B7 law 0").legal
    assert verdict(rules, s, "upgrade B7 law 3").legal
    assert verdict(rules, s, "upgrade B7 law 1").rule == "18xx.paths-preserved"
    assert verdict(rules, s, "upgrade B7 gc 0").rule == "18xx.stops-preserved"
    assert verdict(rules, s, "upgrade B7 k 0").rule == "18xx.colour-progression"
    city = make(tiles={"B5": ("yc", 0)})
    assert verdict(rules, city, "upgrade B5 gc 0").rule == "18xx.exit-blank-side"
    assert [m.text() for m in rules.legal_moves(city, MoveContext(tile="gc"))] == []


def test_reach_is_blocked_by_a_city_full_of_another_company(rules):
    tiles = {"B5": ("yc", 0), "B7": ("k", 3), "C6": ("yc", 1)}
    open_city = make(tiles=tiles, tokens={"B5": [("X", 0)]})
    assert verdict(rules, open_city, "lay D5 k 0", "X").legal
    full = make(tiles=tiles, tokens={"B5": [("X", 0)], "C6": [("Y", 0)]})
    v = verdict(rules, full, "lay D5 k 0", "X")
    assert v.rule == "18xx.not-connected" and "X's stations" in v.message
    assert verdict(rules, full, "lay D5 k 0", "Y").legal  # Y's own station does not block Y


def test_one_lay_per_turn_unless_the_option_says_more(rules):
    s = make(tiles={"B5": ("yc", 0)}, tokens={"B5": [("X", 0)]}, laid=[("B5", "yc")])
    assert verdict(rules, s, "lay B7 s 0", "X").rule == "18xx.no-lays-left"
    two = make(tiles={"B5": ("yc", 0)}, tokens={"B5": [("X", 0)]}, laid=[("B5", "yc")], options={"tile_lays": 2})
    assert verdict(rules, two, "lay B7 s 0", "X").legal
    # the engine lays the same hex twice in a turn unless the schedule's entry says cannot_reuse_same_hex
    # (gc fits no rotation on this board: the verdict is the tile's, not the turn's)
    assert verdict(rules, two, "upgrade B5 gc 0", "X").rule == "18xx.exit-blank-side"
    from model.scenario import Play, TileLay

    strict = two.model_copy(update={"play": Play(tile_lays=[TileLay(), TileLay(cannot_reuse_same_hex=True)])})
    assert verdict(rules, strict, "upgrade B5 gc 0", "X").rule == "18xx.same-hex-twice"
    assert verdict(rules, strict, "lay B7 s 0", "X").legal


def test_a_companys_own_schedule_comes_before_the_plays(rules):
    from model.scenario import Play, TileLay

    # one lay for everybody, two for X now (the engine's tile_lays(entity): 18MS's first operating round)
    one = make(tiles={"B5": ("yc", 0)}, tokens={"B5": [("X", 0)]}, laid=[("B5", "yc")])
    one = one.model_copy(update={"play": Play(tile_lays=[TileLay()])})
    assert verdict(rules, one, "lay B7 s 0", "X").rule == "18xx.no-lays-left"
    own = [TileLay(), TileLay(lay="not_if_upgraded", upgrade=False)]
    x = one.model_copy(update={"companies": [c.model_copy(update={"tile_lays": own}) if c.id == "X" else c
                                             for c in one.companies]})
    assert verdict(rules, x, "lay B7 s 0", "X").legal


def test_a_schedule_that_bars_a_hex_lists_what_judging_each_tile_there_lists(rules, monkeypatch):
    """``lay_moves`` skips a hex whose every tile the lay schedule refuses (``turn_bars_hex``):
    no lay left, an upgrade when the entry allows none, the same hex twice when the entry says
    ``cannot_reuse_same_hex``; the moves are those of judging every tile there."""
    from model.scenario import Play, TileLay

    def position(laid, *entries):
        s = make(tiles={"B5": ("yc", 0), "B7": ("s", 0)}, tokens={"B5": [("X", 0)]}, laid=laid)
        return s.model_copy(update={"play": Play(tile_lays=list(entries))})

    cases = {
        "upgrades allowed": position([("D9", "k")], TileLay(), TileLay()),
        "upgrades barred": position([("D9", "k")], TileLay(), TileLay(upgrade=False)),
        "no lay left": position([("D9", "k")], TileLay()),
        "the same hex twice": position([("B7", "s")], TileLay(), TileLay(cannot_reuse_same_hex=True)),
    }
    ctx = MoveContext("X", kinds=frozenset({"lay", "upgrade"}))
    listed = {name: {m.text() for m in rules.legal_moves(s, ctx)} for name, s in cases.items()}
    assert {"upgrade B7 law 0", "upgrade B7 law 3"} <= listed["upgrades allowed"]
    assert listed["upgrades barred"] == {t for t in listed["upgrades allowed"] if t.startswith("lay ")}
    assert listed["no lay left"] == set()
    assert "upgrade B5 gc 0" not in listed["the same hex twice"] and listed["the same hex twice"]
    assert not any(t.startswith("upgrade B7") for t in listed["the same hex twice"])
    monkeypatch.setattr(type(rules), "turn_bars_hex", lambda self, *args: False)
    for name, s in cases.items():
        assert {m.text() for m in rules.legal_moves(s.model_copy(), ctx)} == listed[name], name


def test_supply_counts(rules):
    s = make(tiles={"A8": ("c", 4)})
    assert verdict(rules, s, "lay B7 c 3").rule == "18xx.supply-exhausted"
    twice = make(tiles={"A8": ("c", 4), "B9": ("c", 3)})
    assert any(i.rule == "core.supply-exceeded" for i in rules.check(twice))


def test_stations_slots_reach_and_costs(rules):
    tiles = {"B5": ("yc", 0), "B7": ("k", 3), "C6": ("yc", 1)}
    s = make(tiles=tiles, tokens={"B5": [("X", 0)]})
    v = verdict(rules, s, "station C6 0", "X")
    assert v.legal and v.cost == 40
    assert verdict(rules, s, "station B5 0", "X").rule == "18xx.station-twice"
    assert verdict(rules, s, "station B7 0", "X").rule == "18xx.station-no-city"
    first = make(tiles=tiles)
    assert verdict(rules, first, "station C6 0", "X").rule == "18xx.station-home-first"
    after = rules.apply(s, rules.parse_move(s, "station C6 0", "X", None))
    assert verdict(rules, after, "station C6 0", "Y").rule == "18xx.station-full"
    assert rules.check(after) == []
    out = make(tiles=tiles, tokens={"B5": [("X", 0)], "C6": [("X", 0)], "B3": [("Y", 0)]})
    assert {i.rule for i in rules.check(out)} == {"18xx.token-outside-city"}


def test_legal_moves_for_a_company_and_apply(rules):
    s = make(tokens={"B5": [("X", 0)]})
    texts = [m.text() for m in rules.legal_moves(s, MoveContext(actor="X"))]
    assert texts == ["lay B5 yc 0"]
    after = rules.apply(s, Move("lay", "B5", "yc", 0, actor="X"))
    assert after.board.cells["B5"].tile.tile == "yc"
    with pytest.raises(ValueError, match="exit-blank-side"):
        rules.apply(s, Move("lay", "B5", "yc", 1, actor="X"))
    assert "B7" in {m.cell for m in rules.legal_moves(after.model_copy(update={"state": GameState()}), MoveContext(actor="X"))}


def test_board_check_of_laid_tiles(rules):
    bad = make(tiles={"B5": ("yc", 1), "B3": ("s", 0), "A6": ("law", 0), "A8": ("gc", 0)})
    got = sorted((i.rule, i.cells[0]) for i in rules.check(bad))
    assert got == sorted([
        ("18xx.exit-off-map", "A6"),
        ("18xx.exit-off-map", "A8"),
        ("18xx.upgrade-chain", "A8"),
        ("18xx.exit-blank-side", "B5"),
        ("18xx.not-layable", "B3"),
    ])


def test_track_restriction_option_is_validated(rules):
    s = make(options={"track_restriction": "anything"})
    assert any(i.rule == "core.bad-option" for i in rules.check(s))


def test_company_homes_must_name_a_printed_city(rules):
    s = make()
    s = s.model_copy(update={"companies": [*s.companies, Company(id="Z", home="A6"), Company(id="W", home="B5", home_city=2)]})
    got = sorted((i.rule, i.cells[0]) for i in rules.check(s))
    assert got == [("18xx.company-home", "A6"), ("18xx.company-home", "B5")]


def test_mountain_passes_cost_and_untyped_borders_block(rules):
    """Imported 18xx.games borders: a mountain pass's cost is paid like a river's; a border with
    no type is drawn but does not block (the engine removes a neighbour only for an impassable one)."""
    s = make()
    s.board.edges = [f for f in s.board.edges if f.edge != 3] + [EdgeFeature(cell="B5", edge=3, kind="mountain", cost=40)]
    assert verdict(rules, s, "lay B5 yc 0").cost == 40  # crosses the pass to B3, whose track faces it
    assert verdict(rules, s, "lay B5 yc 2").rule == "18xx.exit-impassable"  # make()'s impassable side
    s.board.edges = [f if f.kind != "impassable" else EdgeFeature(cell="B5", edge=5, kind="border") for f in s.board.edges]
    assert verdict(rules, s, "lay B5 yc 2").rule != "18xx.exit-impassable"
    # a pass declared once by each hex (one-sided, 18xx.games style) is paid once
    s.board.edges = [f for f in s.board.edges if f.kind != "mountain"] + [
        EdgeFeature(cell="B5", edge=3, kind="mountain", cost=40, one_sided=True),
        EdgeFeature(cell="B3", edge=0, kind="mountain", cost=40, one_sided=True),
    ]
    assert verdict(rules, s, "lay B5 yc 0").cost == 40


def test_a_city_of_two_circles_keeps_two_where_the_cities_differ():
    """1822CA's Montréal (AF12): a two-circle city with track to edge 0 beside a one-circle city;
    the yellow M1 must put its two-circle city on edge 0, so only rotations 0 and 5 keep the
    circles (as the engine's city_sizes_maintained answers)."""
    from model.io.tile_code import parse_track, tile_from_code
    from model.upgrading.preserve import lost_track
    from model.upgrading.view import printed_view, tile_view

    printed = parse_track("city=revenue:20,slots:2;city=revenue:20;path=a:0,b:_0")
    cell = Cell(cities=[City(slots=n.slots, revenue=n.revenue) for n in printed.nodes], paths=list(printed.paths))
    m1 = tile_from_code("M1", "city=revenue:30;city=revenue:30,slots:2;path=a:0,b:_1;path=a:1,b:_1;"
                        "path=a:2,b:_0;path=a:3,b:_0", "yellow", 1)
    kept = [r for r in range(6) if lost_track(printed_view(cell), tile_view(m1, r)) is None]
    assert kept == [0, 5]
    assert "circles" in lost_track(printed_view(cell), tile_view(m1, 3))

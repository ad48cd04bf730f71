"""Importing 18xx-maker games: the drawing read back as track, the map, tiles, companies, errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from model.io import load
from model.io.import_18xx_games import import_18xx_games
from model.io.import_18xx_maker import ImportError18xxMaker, import_18xx_maker

REPO = Path(__file__).resolve().parents[1]
BOTH = REPO / "tests" / "data" / "both-ecosystems"


def game(hexes: list[dict], *, flat: bool = True, **extra) -> str:
    info = {"title": "Test", "designer": "Someone"}
    if flat:
        info["orientation"] = "horizontal"
    return json.dumps({"info": info, "map": {"hexes": hexes, **extra.pop("map_extra", {})}, **extra})


def cell(text: str, label: str, lenient: bool = False):
    s = import_18xx_maker(text, "t.json", lenient=lenient).scenario
    return s.board.cell(s.board.grid.coord(label))


def joins(c) -> dict[str, set]:
    """For each stop of a cell ('city0', 'town0'…), the edges its paths reach."""
    names = [f"city{i}" for i in range(len(c.cities))] + [f"town{i}" for i in range(len(c.towns))] + (["junction"] if c.junction else [])
    out: dict[str, set] = {}
    for p in c.paths:
        for node, other in ((p.a, p.b), (p.b, p.a)):
            if isinstance(node, str):
                out.setdefault(names[int(node[1:])], set()).add(other if isinstance(other, int) else names[int(other[1:])])
    return out


# --- the drawing read as track ---------------------------------------------------------------
def test_tracks_to_the_centre_join_the_city_there():
    c = cell(game([{"color": "plain", "cities": [{"size": 2}], "track": [{"side": 1}, {"side": 3}], "hexes": ["C3"]}]), "C3")
    assert c.cities[0].slots == 2
    assert joins(c) == {"city0": {0, 2}}  # flat: side s is edge s - 1


def test_a_straight_through_a_central_city_is_two_paths():
    c = cell(game([{"color": "gray", "cities": [{}], "track": [{"side": 2, "type": "straight"}], "hexes": ["C3"]}]), "C3")
    assert c.terrain == "gray" and joins(c) == {"city0": {1, 4}}


def test_partial_straights_join_the_city_they_are_drawn_to():
    # three cities at 0, 120 and 240 degrees, half-way out; three straights drawn a quarter of the way in
    h = {
        "color": "yellow", "values": [{"value": 30}],
        "cities": [{"angle": 0, "percent": 0.5}, {"angle": 120, "percent": 0.5}, {"angle": 240, "percent": 0.5}],
        "track": [{"side": 1, "type": "straight", "end": 0.25}, {"side": 3, "type": "straight", "end": 0.25},
                  {"side": 5, "type": "straight", "end": 0.25}],
        "hexes": ["D4"],
    }
    c = cell(game([h]), "D4")
    assert joins(c) == {"city0": {0}, "city1": {2}, "city2": {4}}
    assert [x.revenue for x in c.cities] == [30, 30, 30]  # one value for every city


def test_a_curve_that_runs_through_a_city_stops_there():
    # a gentle curve from side 5 to side 1 drawn under the city at 250 degrees (as 1858 draws Madrid)
    h = {"color": "yellow", "cities": [{"angle": 250, "percent": 0.5}, {"angle": 50, "percent": 0.5}],
         "track": [{"side": 5, "type": "gentle"}, {"side": 2, "type": "straight", "end": 0.2}], "hexes": ["D4"]}
    assert joins(cell(game([h]), "D4")) == {"city0": {4, 0}, "city1": {1}}


def test_a_sharp_curve_through_a_town_and_a_plain_curve():
    town = {"color": "gray", "centerTowns": [{"angle": 210, "percent": 0.67}], "track": [{"type": "sharp", "side": 4}], "hexes": ["B3"]}
    plain = {"color": "gray", "track": [{"type": "gentle", "side": 6}], "hexes": ["C4"]}
    text = game([town, plain])
    assert joins(cell(text, "B3")) == {"town0": {3, 4}}
    c = cell(text, "C4")
    assert not c.towns and not c.cities and {frozenset((p.a, p.b)) for p in c.paths} == {frozenset((5, 1))}


def test_pointy_maps_number_sides_from_the_west():
    # 18xx-maker's pointy side s is edge s % 6 (side 1 the west side, side 6 the south-west one)
    c = cell(game([{"color": "plain", "cities": [{}], "track": [{"side": 1}, {"side": 6}], "hexes": ["B4"]}], flat=False), "B4")
    assert joins(c) == {"city0": {1, 0}}


def test_offboards_towns_terrain_stubs_and_gauges():
    hexes = [
        {"color": "offboard", "offBoardRevenue": {"name": {"name": "Imabari"}, "revenues": [
            {"color": "yellow", "cost": "30"}, {"color": "brown", "cost": "60"}, {"color": "black", "cost": "D100"}]},
         "track": [{"type": "offboard", "side": 1}, {"type": "offboard", "side": 2}], "hexes": ["A1"]},
        {"color": "plain", "terrain": [{"type": "mountain", "cost": 80}], "hexes": ["C1"]},
        {"color": "plain", "terrain": [{"type": "river", "percent": 0.4}, {"type": "mountain", "cost": 80}], "hexes": ["E1"]},
        {"color": "plain", "centerTowns": [{"name": {"name": "Coimbra"}}], "values": [{"value": 10}],
         "track": [{"side": 2, "gauge": "narrow"}, {"side": 4, "gauge": "dual"}], "hexes": ["B2"]},
        {"color": "plain", "track": [{"side": 5, "type": "straight", "end": 0.15}], "hexes": ["D2"]},
        {"color": "water", "hexes": ["F2"]},
    ]
    s = import_18xx_maker(game(hexes), "t.json").scenario
    at = lambda lbl: s.board.cell(s.board.grid.coord(lbl))  # noqa: E731
    off = at("A1")
    assert off.terrain == "offboard" and off.name == "Imabari"
    assert off.cities[0].slots == 0 and off.cities[0].revenue == "yellow_30|brown_60|diesel_100"
    assert joins(off) == {"city0": {0, 1}}
    assert (at("C1").terrain, at("C1").cost, at("C1").costs) == ("mountain", 80, [])
    e1 = at("E1")  # two terrain symbols are one cost, as 18xx.games writes terrain:water|mountain
    assert e1.cost == 80 and [(c.cost, c.terrains) for c in e1.costs] == [(80, ["water", "mountain"])]
    # and the drawing keeps the symbols as 18xx-maker drew them: a river, and a mountain with the cost
    assert e1.terrain_drawn == [("terrain", "river", 0), ("terrain", "mountain", 80)]
    town = at("B2")  # the hex carries the name of its town, which keeps it (an export writes it where it was)
    assert town.name == "Coimbra" and town.towns[0].revenue == 10 and town.towns[0].name == "Coimbra"
    assert town.towns[0].maker_as == "centerTowns"
    assert sorted(p.track for p in town.paths) == ["dual", "narrow"]
    assert at("D2").stubs == [4] and not at("D2").paths
    assert at("F2").terrain == "lake"


def both_ways(s) -> set:
    """Every border as (hex, edge, kind), written from both hexes of its side."""
    out = set()
    for e in s.board.edges:
        coord = s.board.grid.coord(e.cell)
        out.add((e.cell, e.edge, e.kind))
        other = s.board.grid.neighbour(coord, e.edge)
        if other is not None:
            out.add((s.board.grid.label(other), s.board.grid.opposite(e.edge), e.kind))
    return out


def test_borders_on_hexes_and_along_corners():
    hexes = [
        {"color": "plain", "borders": [{"side": 4, "color": "orange", "dashed": True}, {"side": 1, "color": "black"}], "hexes": ["C3"]},
        {"color": "plain", "borders": [{"side": 1, "color": "orange", "dashed": True}], "hexes": ["C1"]},  # the same line
        {"color": "plain", "hexes": ["D2", "D4", "B2", "B4", "C5", "E3", "E5", "A3"]},
    ]
    # 1867's lake shore: C11p2-C11p3-C11p4 then D12p3-D12p4, drawn here through C3 and D4 (a shore
    # drawn along corners is impassable, as 18xx.games has it)
    borders = [{"color": "water", "coords": ["C3p2", "C3p3", "C3p4", "D4p3", "D4p4"]}]
    s = import_18xx_maker(game(hexes, map_extra={"borders": borders}), "t.json").scenario
    got = both_ways(s)
    assert ("C3", 3, "gauge") in got and ("C3", 0, "impassable") in got  # side 4 = edge 3; dashed = a gauge line
    assert {("C3", 3, "impassable"), ("C3", 4, "impassable"), ("D4", 3, "impassable"), ("D4", 4, "impassable")} <= got
    assert sorted(e.kind for e in s.board.edges) == ["gauge"] + ["impassable"] * 5


def test_pointy_corner_borders_follow_the_engines_sides():
    # 18SJ's lake: C8p1-C8p6, C10p1-C10p6 is C8's edge 5 and C10's edges 0 and 5 in the engine
    hexes = [{"color": "plain", "hexes": ["C8", "C10", "D9", "D11", "B9", "D7"]}]
    borders = [{"color": "black", "coords": ["C8p1", "C8p6", "C10p1", "C10p6"]}]
    s = import_18xx_maker(game(hexes, flat=False, map_extra={"borders": borders}), "t.json").scenario
    assert {("C8", 5, "impassable"), ("C10", 0, "impassable"), ("C10", 5, "impassable")} <= both_ways(s)
    assert len(s.board.edges) == 3


def test_coordinates_from_zero_and_stray_hexes():
    s = import_18xx_maker(game([{"color": "plain", "hexes": ["A0", "B1", "A2", "C0"]}]), "t.json").scenario
    assert s.board.grid.number_start == 0 and s.board.grid.is_label("A0")
    text = game([{"color": "plain", "hexes": ["A1", "B2", "C1"]}, {"color": "gray", "hexes": ["C2"]}])  # C2 breaks the parity
    s = import_18xx_maker(text, "t.json").scenario
    assert not s.board.grid.is_label("C2")
    assert list(s.board.off_grid) == ["C2"] and s.board.off_grid["C2"].printed_color == "gray"
    assert s.board.off_grid_layout.is_label("C2")


# --- tiles, companies, the game ---------------------------------------------------------------
def test_manifest_from_the_standard_list_the_library_and_the_file():
    tiles = {
        "9": 7,
        "437": 1,                      # from 18xx-maker's own library (a port town), not a standard tile
        "8": {"quantity": "∞", "print": 10},
        "X1": {"color": "green", "cities": [{"size": 2}], "labels": [{"label": "B"}], "values": [{"value": 40}],
               "track": [{"side": 1}, {"side": 3}, {"side": 5}], "quantity": 2},
    }
    s = import_18xx_maker(game([{"color": "plain", "hexes": ["A1"]}], tiles=tiles), "t.json").scenario
    ts = s.tileset()
    assert ts.get("9").count == 7 and ts.get("8").count is None
    assert ts.get("437").color == "yellow" and ts.get("437").town_count == 1
    x1 = ts.get("X1")
    assert (x1.color, x1.label, x1.count, x1.nodes[0].slots, x1.nodes[0].revenue) == ("green", "B", 2, 2, 40)
    assert x1.exits() == frozenset({0, 2, 4})


def test_companies_and_their_homes():
    hexes = [{"color": "plain", "cities": [{"companies": ["IR"]}], "track": [{"side": 1}], "hexes": ["E2"]},
             {"color": "plain", "cities": [{}, {"companies": [{"label": "SR"}]}], "hexes": ["B3"]}]
    companies = [{"name": "Iyo Railway", "abbrev": "IR", "color": "orange", "tokens": ["Free", "40"]},
                 {"name": "Sanuki", "abbrev": "SR", "color": "#0a0b0c"}]
    s = import_18xx_maker(game(hexes, companies=companies, trains=[]), "t.json")
    ir, sr = s.scenario.companies
    assert (ir.id, ir.name, ir.color, ir.tokens, ir.home, ir.home_city) == ("IR", "Iyo Railway", "orange", [0, 40], "E2", None)
    assert (sr.home, sr.home_city, sr.color) == ("B3", 1, "#0a0b0c")
    assert s.scenario.board.cell(s.scenario.board.grid.coord("E2")).cities[0].reserved == ["IR"]
    assert s.notes == ["not imported (not the map): trains"]


# --- bad input ------------------------------------------------------------------------------
def test_unknown_fields_name_their_json_path_and_lenient_lists_them():
    text = game([{"color": "plain", "hexes": ["A1"]}, {"color": "plain", "cities": [{"foo": 1}], "hexes": ["B2"]}])
    with pytest.raises(ImportError18xxMaker) as err:
        import_18xx_maker(text, "g.json")
    assert str(err.value).startswith("g.json: map.hexes[1].cities[0].foo: ")
    r = import_18xx_maker(text, "g.json", lenient=True)
    assert r.dropped == ["map.hexes[1].cities[0].foo: not something Trackwright can hold"]
    assert r.scenario.board.cell(r.scenario.board.grid.coord("B2")).cities


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"info": {}, "map": {"hexes": [}', "t.json: 1:32: not valid JSON: Expecting value"),
        ('[1]', "t.json: an 18xx-maker game is a JSON object"),
        ('{"info": {}}', "t.json: map: the game has no map (an object with 'hexes')"),
        (game([{"color": "plain", "hexes": ["a1"]}]), "t.json: map.hexes[0].hexes[0]: 'a1' is not a hex coordinate like F3"),
        (game([{"color": "plain", "track": [{"side": 9}], "hexes": ["A1"]}]), "t.json: map.hexes[0].track[0].side: a side is a whole number 1-6, found 9"),
        (game([{"color": "plain", "hexes": ["A1"]}], tiles={"7": "x" * 500}), "t.json: tiles[\"7\"]: expected a whole number, found 'xxxxxxxx"),
    ],
)
def test_bad_games_say_where(text, message):
    with pytest.raises(ImportError18xxMaker) as err:
        import_18xx_maker(text, "t.json")
    assert str(err.value).startswith(message)
    assert len(str(err.value)) < 200  # a long bad value is cut


def _cli(*args: str) -> subprocess.CompletedProcess:
    code = "import sys; from editor.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=REPO)


def test_cli_import_writes_a_scenario_or_refuses_with_exit_2(tmp_path):
    out = tmp_path / "1889.json"
    r = _cli("import", str(BOTH / "1889" / "18xx-maker.json"), "--from", "18xx-maker", "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert "wrote" in r.stdout and load(out).board.grid.is_label("K4")
    bad = tmp_path / "bad.json"
    bad.write_text(game([{"color": "plain", "cities": [{"foo": 1}], "hexes": ["A1"]}]), encoding="utf-8")
    out2 = tmp_path / "bad-out.json"
    r = _cli("import", str(bad), "--from", "18xx-maker", "-o", str(out2))
    assert r.returncode == 2 and "map.hexes[0].cities[0].foo" in r.stderr and not out2.exists()
    r = _cli("import", str(bad), "--from", "18xx-maker", "-o", str(out2), "--lenient")
    assert r.returncode == 0 and "dropped: " in r.stderr and out2.exists()


# --- the same game from both ecosystems ------------------------------------------------------
def _stops(c) -> list:
    return sorted([("city", x.slots, str(x.revenue), tuple(x.groups)) for x in c.cities] + [("town", 0, str(t.revenue), ()) for t in c.towns])


def _track(c) -> list:
    """Which edges each stop joins (stops named by kind, slots and revenue, so order does not matter),
    and the edge-to-edge paths."""
    nodes = [("city", x.slots, str(x.revenue)) for x in c.cities] + [("town", 0, str(t.revenue)) for t in c.towns]
    if c.junction:
        nodes.append(("junction", 0, "0"))
    per: dict[str, set] = {}
    direct = set()
    for p in c.paths:
        if isinstance(p.a, int) and isinstance(p.b, int):
            direct.add((min(p.a, p.b), max(p.a, p.b), p.track))
            continue
        node, other = (p.a, p.b) if isinstance(p.a, str) else (p.b, p.a)
        per.setdefault(node, set()).add((other if isinstance(other, int) else "node", p.track))
    return sorted((nodes[int(n[1:])], tuple(sorted(map(str, v)))) for n, v in per.items()) + sorted(direct)


def _hex(c) -> dict:
    return {
        "colour": c.printed_color, "terrain": c.terrain, "cost": c.cost,
        "costs": [(x.cost, tuple(x.terrains)) for x in c.costs], "label": c.label, "labels": c.labels,
        "name": c.name, "stops": _stops(c), "track": _track(c), "stubs": sorted(c.stubs),
        "icons": sorted(i.split(",")[0].removeprefix("image:") for i in c.icons),
    }


def _sides(s) -> set:
    return {(e.cell, e.edge, e.kind) for e in s.board.edges}


def _both(title: str):
    folder = BOTH / title
    maker = import_18xx_maker((folder / "18xx-maker.json").read_text(encoding="utf-8"), f"{title}.json", lenient=True).scenario
    rb = folder / "map.rb"
    games = import_18xx_games(rb.read_text(encoding="utf-8"), str(rb), lenient=True, path=rb).scenario
    return maker, games


def _differences(maker, games) -> dict[str, dict]:
    out = {}
    for coord in games.board.grid.ordered_coords:
        lbl = games.board.grid.label(coord)
        assert maker.board.grid.is_label(lbl), f"{lbl} is missing from the 18xx-maker import"
        a, b = _hex(maker.board.cell(maker.board.grid.coord(lbl))), _hex(games.board.cell(coord))
        d = {k: (a[k], b[k]) for k in a if a[k] != b[k]}
        if d:
            out[lbl] = d
    return out


def test_1889_is_the_same_board_in_both_ecosystems():
    maker, games = _both("1889")
    assert len(maker.board.grid) == len(games.board.grid)
    assert _differences(maker, games) == {}
    assert _sides(maker) == _sides(games)
    # the transcriptions differ in one thing: 18xx-maker writes each company's home on the map,
    # 18xx.games in the companies (outside map.rb)
    homes = {(lbl, r) for lbl, c in maker.board.cells.items() for x in c.cities for r in x.reserved}
    assert homes == {("B7", "UR"), ("C10", "KU"), ("E2", "IR"), ("F9", "TR"), ("I2", "SR"), ("K4", "KO"), ("K8", "AR")}
    assert not any(x.reserved for c in games.board.cells.values() for x in c.cities)


# 1858 as 18xx-maker draws it and as 18xx.games defines it: what differs, hex by hex, and why.
# Future track (the private railways' lines, `path=track:future` in 18xx.games) is drawn by
# 18xx-maker as short stubs; the private railways are icons in 18xx.games and company labels (not
# imported) in 18xx-maker; 18xx.games draws the map's outer rim with untyped borders.



def test_1858_differs_only_where_the_two_transcriptions_do():
    maker, games = _both("1858")
    diffs = _differences(maker, games)
    future = {lbl for lbl, c in games.board.cells.items() if any(p.track == "future" for p in c.paths)}
    assert len(future) > 15
    assert sum(1 for lbl in future if maker.board.cell(maker.board.grid.coord(lbl)).stubs) > 15
    # an off-board area over several hexes: 18xx-maker prints its revenues on one of them
    revenue_elsewhere = {lbl for lbl, c in maker.board.cells.items()
                         if c.terrain == "offboard" and c.cities and all(str(x.revenue) == "0" for x in c.cities)}
    for lbl, d in diffs.items():
        keys = set(d)
        if lbl in revenue_elsewhere:
            assert keys <= {"stops", "track", "name", "icons", "colour", "terrain"}, (lbl, d)
        elif lbl in future:
            # future track: stubs (or ordinary track) in 18xx-maker, future paths in 18xx.games
            assert keys <= {"stubs", "track", "icons", "stops", "name", "label", "labels"}, (lbl, d)
            assert "stubs" not in keys or (d["stubs"][0] and not d["stubs"][1]), (lbl, d)
        else:
            assert keys <= {"icons", "name", "labels", "label", "colour", "terrain", "stops"}, (lbl, d)
        if "icons" in keys:
            maker_icons, games_icons = d["icons"]
            assert not maker_icons or maker_icons == ["port"], (lbl, d)
            assert all(i.startswith("1858/") or i == "port" for i in games_icons), (lbl, d)
    # the hexes whose track differs are exactly the future-track hexes
    assert {lbl for lbl, d in diffs.items() if "track" in d or "stubs" in d} <= future | revenue_elsewhere
    only_games = _sides(games) - _sides(maker)
    assert all(kind == "border" or lbl in ("A14", "D1") for lbl, _edge, kind in only_games), only_games
    # 18xx-maker draws B15's side in blue and says no more (a line of no known meaning: a divider of
    # that colour); 18xx.games makes the same side impassable
    assert _sides(maker) - _sides(games) == {("A14", 5, "divider")}
    assert [e.color for e in maker.board.edges if (e.cell, e.edge) == ("A14", 5)] == ["blue"]
    assert len(diffs) < 60 and len(games.board.grid) > 120


# --- round trips ----------------------------------------------------------------------------
def test_an_encoding_gives_the_exact_hex_and_the_drawing_the_names():
    # two cities whose drawing says nothing of which exit joins which: the encoding does
    h = {"color": "yellow", "cities": [{"name": {"name": "East"}, "companies": ["EA"]}, {"name": {"name": "West"}}],
         "track": [{"side": 1}, {"side": 4}], "labels": [{"label": "OO"}],
         "encoding": "city=revenue:30;city=revenue:30;path=a:0,b:_0;path=a:3,b:_1;label=OO;border=edge:1,type:water,cost:40",
         "hexes": ["C3"]}
    s = import_18xx_maker(game([h, {"color": "plain", "hexes": ["B2", "B4"]}]), "t.json").scenario
    c = s.board.cell(s.board.grid.coord("C3"))
    assert joins(c) == {"city0": {0}, "city1": {3}}
    assert c.name == "East / West" and c.label == "OO"  # the places' names name the hex
    assert [(x.revenue, x.reserved) for x in c.cities] == [(30, ["EA"]), (30, [])]
    assert [(e.kind, e.cost) for e in s.board.edges] == [("river", 40)]


def test_other_border_kinds_come_back_from_their_colours():
    h = {"color": "plain", "borders": [{"side": 1, "color": "mountain"}, {"side": 2, "color": "gray", "dashed": True},
                                       {"side": 3, "color": "offboard"}], "hexes": ["C3"]}
    s = import_18xx_maker(game([h]), "t.json").scenario
    assert sorted(e.kind for e in s.board.edges) == ["divider", "mountain", "offboard"]


@pytest.mark.parametrize("title", ["1889", "1858"])
def test_18xx_maker_to_trackwright_and_back_keeps_every_hex(title):
    from model.io.export_18xx_maker import export_18xx_maker_data
    from tests.maker_schema import schema_errors

    first = import_18xx_maker((BOTH / title / "18xx-maker.json").read_text(encoding="utf-8"), "g.json", lenient=True).scenario
    data, _notes = export_18xx_maker_data(first)
    assert schema_errors(data) == []
    again = import_18xx_maker(json.dumps(data), "export.json").scenario   # strict: our own export holds nothing unknown
    assert again.board.cells == first.board.cells
    assert {(e.cell, e.edge, e.kind, e.cost) for e in again.board.edges} == {(e.cell, e.edge, e.kind, e.cost) for e in first.board.edges}
    assert [t.id for t in again.tileset().tiles] == [t.id for t in first.tileset().tiles]

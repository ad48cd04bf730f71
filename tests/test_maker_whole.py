"""18xx-maker games open whole: every mark a published game prints is held as what it is, drawn,
and written back; malformed values are refused with their JSON path, lenient or not; and a fuzz
target over mutated game files (``make fuzz`` runs it 50,000 times).

The seed ``tests/data/18xx-maker-seeds/marks.json`` is a small game written for these tests with
one of each construct 18xx-maker's published games use (21Moon's tokens and colours, 18TraXX2020's
boomtowns and custom paths, 1858's company labels, 1861's two values...)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from model.io.export_18xx_games import export_18xx_games
from model.io.export_18xx_maker import export_18xx_maker_data
from model.io.import_18xx_maker import ImportError18xxMaker, import_18xx_maker
from model.io.maker_compare import compare, compare_tiles
from tests.maker_schema import schema_errors

DATA = Path(__file__).parent / "data"
SEED = DATA / "18xx-maker-seeds" / "marks.json"
SEEDS = [SEED, DATA / "both-ecosystems" / "1889" / "18xx-maker.json"]


def seed() -> dict:
    return json.loads(SEED.read_text(encoding="utf-8"))


def at(s, label):
    return s.board.cell(s.board.grid.coord(label))


def test_every_mark_is_held_as_what_it_is():
    r = import_18xx_maker(SEED.read_text(encoding="utf-8"), "marks.json")  # strict: nothing dropped
    s = r.scenario
    assert r.dropped == []
    a3 = at(s, "A3")
    assert a3.color == "lightlightGray" and s.board.palette["lightlightGray"] == "#dddddd"
    assert [t.company for t in a3.drawn_tokens] == ["MA", None]
    assert a3.drawn_tokens[1].label == "12" and a3.drawn_tokens[1].style == {"outline": "black", "width": 20}
    assert a3.drawn_tokens[1].at.angle == 120 and a3.drawn_tokens[1].at.percent == 0.75
    assert [m.label for m in a3.company_labels] == ["St. Paul & Dakota"] and not a3.reserved  # a hex with no city
    b4 = at(s, "B4")
    city = b4.cities[0]
    assert city.reserved == ["MA"] and [(m.company, m.color) for m in city.marks] == [(None, "green"), (None, None), ("MA", None)]
    assert city.revenue == 40 and b4.extra_values == [80]  # two values for one city
    assert [(sh.kind, sh.text) for sh in b4.shapes] == [("diamond", "+20")]
    assert any(p.drawn and "bent" in p.drawn for p in b4.paths)
    c3 = at(s, "C3")
    assert [b.value for b in c3.bonuses] == ["East +50"] and c3.cities[0].name == "West"
    assert c3.open_sides == [4]  # removeBorders [5] on a flat map: the outline of edge 4 is not drawn
    d2 = at(s, "D2")
    assert d2.towns[0].to_city and d2.towns[0].style == "boomtown_solid" and d2.towns[0].name == "Mitchell"
    d4 = at(s, "D4")
    assert [p.track for p in d4.paths] == ["dashed"] and d4.extra_values == [-10]
    assert d4.terrain_drawn == [("terrain", "river", 0), ("terrain", "mountain", 80)]
    e3 = at(s, "E3")
    kinds = {(e.kind, e.color) for e in s.board.edges if e.cell in ("E3", "D2", "D4", "F2", "E1", "F4")}
    assert ("divider", "borderGreen") in kinds and ("gauge", "orange") in kinds
    assert e3.towns[0].maker_as == "centerTowns" and e3.terrain_drawn == [("tunnels", None, 75)]
    assert list(s.board.off_grid) == ["F3"] and s.board.off_grid["F3"].shapes[0].text == "+100"
    assert [ln.coords for ln in s.board.lines] == [["G1p1", "G1p2"]]  # G1 is no hex of the map
    tiles = {t.id: t for t in s.tiles.custom}
    assert tiles["BT9"].nodes[0].style == "boomtown"
    d1 = tiles["D1"]
    assert [t.company for t in d1.drawn_tokens] == ["MA"]
    assert any(p.drawn and "custom" in p.drawn and p.a == 3 and p.b == "n0" for p in d1.paths)  # side 4 to the city
    assert tiles["RLP"].drawn_color == "lightlightGray" and tiles["RLP"].shapes[0].background
    assert s.companies[0].color == "#ffc004"  # the game's own colour name


def test_track_that_ends_inside_a_hex_at_no_stop():
    h = {"color": "gray", "track": [{"side": 1, "type": "straight", "end": 0.125}, {"side": 2, "type": "sharp", "start": 0.5}],
         "hexes": ["A1"]}
    s = import_18xx_maker(json.dumps({"info": {"orientation": "horizontal"}, "map": {"hexes": [h]}}), "t.json").scenario
    c = at(s, "A1")
    assert c.stubs == [0] and c.stub_lengths == [0.125]  # a short piece from the side: a stub, drawn that long
    assert c.junction and [(p.a, p.b) for p in c.paths] == [("n0", 2)]  # half a curve: it ends at a junction there
    data, _ = export_18xx_maker_data(s)
    assert compare({"info": {"orientation": "horizontal"}, "map": {"hexes": [h]}}, data) == {}


def test_export_is_schema_valid_and_equals_the_source_field_by_field():
    s = import_18xx_maker(SEED.read_text(encoding="utf-8"), "marks.json").scenario
    data, _notes = export_18xx_maker_data(s)
    assert schema_errors(data) == []
    assert compare(seed(), data) == {}
    assert compare_tiles(seed(), data) == {}
    again = import_18xx_maker(json.dumps(data), "export.json").scenario  # strict: nothing unknown
    assert again.board.cells == s.board.cells and again.board.off_grid == s.board.off_grid


def test_the_comparison_finds_a_changed_mark():
    s = import_18xx_maker(SEED.read_text(encoding="utf-8"), "marks.json").scenario
    data, _notes = export_18xx_maker_data(s)
    for h in data["map"]["hexes"]:
        if "routeBonuses" in h:
            h["routeBonuses"][0]["value"] = "East +60"
        if "tokens" in h:
            h["tokens"].pop()
    diffs = compare(seed(), data)
    assert diffs == {"routeBonuses": ["C3"], "tokens": ["A3"]}


def test_the_18xx_games_export_lists_each_mark_it_has_no_place_for():
    s = import_18xx_maker(SEED.read_text(encoding="utf-8"), "marks.json").scenario
    _code, notes = export_18xx_games(s)
    text = "\n".join(notes)
    for expected in ("A3: drawn token 'MA'", "A3: drawn token '12'", "A3: company label 'St. Paul & Dakota'",
                     "C3: route bonus 'East +50'", "B4: shape diamond '+20'", "B4: city 0 circle 0 marked green",
                     "B4: printed value 80", "D4: dashed track", "D2: town 0 drawn as a boomtown",
                     "A3: hex colour lightlightGray", "F3: a hex beside the map", "a line drawn along G1p1"):
        assert expected in text, expected


BAD = [
    ('{"map": {"hexes": [{"values": [{"value": 1' + "0" * 4300 + '}], "hexes": ["A1"]}]}}', ""),
    ('{"map": {"hexes": [{"color": {"a": 1}, "hexes": ["A1"]}]}}', "map.hexes[0].color: expected a text"),
    ('{"map": {"hexes": [{"track": [{"side": 1, "gauge": ["narrow"]}], "hexes": ["A1"]}]}}', "map.hexes[0].track[0].gauge: expected a text"),
    ('{"map": {"hexes": [{"cities": [{"percent": "0.5"}], "hexes": ["A1"]}]}}', "map.hexes[0].cities[0].percent: expected a number"),
    ('{"map": {"hexes": [{"cities": [{"size": 13}], "hexes": ["A1"]}]}}', "map.hexes[0].cities[0].size: a city has 1-12 station circles"),
    ('{"map": {"hexes": [{"cities": [{"angle": 1e999}], "hexes": ["A1"]}]}}', "map.hexes[0].cities[0].angle: expected a finite number"),
    ('{"tiles": {"X5": {"color": "green", "track": [{"side": 7}]}}, "map": {"hexes": [{"hexes": ["A1"]}]}}',
     'tiles["X5"].track[0].side: a side is a whole number 1-6'),
    ('{"map": {"hexes": [{"tokens": [{"angle": 400}], "hexes": ["A1"]}]}}', "map.hexes[0].tokens[0].angle"),
]


@pytest.mark.parametrize(("text", "where"), BAD)
@pytest.mark.parametrize("lenient", [False, True])
def test_malformed_values_are_refused_with_their_path_lenient_or_not(text, where, lenient):
    with pytest.raises(ImportError18xxMaker) as info:
        import_18xx_maker(text, "bad.json", lenient=lenient)
    message = str(info.value)
    assert message.startswith("bad.json: " + where) and "\n" not in message and len(message) < 300


def test_the_command_line_says_where_and_exits_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(BAD[4][0], encoding="utf-8")
    for extra in ([], ["--lenient"]):
        run = subprocess.run([sys.executable, "-m", "editor.cli", "import", str(bad), "--from", "18xx-maker",
                              "-o", str(tmp_path / "out.json"), *extra], capture_output=True, text=True, timeout=60)
        assert run.returncode == 2, run.stderr
        assert "map.hexes[0].cities[0].size: a city has 1-12 station circles" in run.stderr
        assert "Traceback" not in run.stderr and not (tmp_path / "out.json").exists()


# --- fuzzing ---------------------------------------------------------------------------------
NASTY = [None, True, False, 0, -1, 1.5, 13, 10**30, 1e308, "", "x" * 300, "0.5", "∞", "A1", "F8p3", "M 0 0 L 1",
         [], [1], ["a"], [None], {}, {"a": 1}, {"name": 3}, {"label": None}, {"company": []}]


def _paths(doc, prefix=()):
    yield prefix
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _paths(v, (*prefix, i))


def mutate(doc, rng: random.Random):
    """``doc`` with one to four random changes: a value replaced, a key dropped or added, a list
    item doubled or removed."""
    doc = json.loads(json.dumps(doc))
    for _ in range(rng.randint(1, 4)):
        paths = [p for p in _paths(doc) if p]
        path = rng.choice(paths)
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        key = path[-1]
        op = rng.random()
        if op < 0.55:
            parent[key] = rng.choice(NASTY) if rng.random() < 0.8 else rng.choice([v for p in paths[:40] for v in [p[-1]]])
        elif op < 0.7 and isinstance(parent, dict):
            del parent[key]
        elif op < 0.8 and isinstance(parent, dict):
            parent[rng.choice(["foo", "percent", "size", "side", "color", "companies", "tokens", "path", "hexes"])] = rng.choice(NASTY)
        elif isinstance(parent, list):
            if rng.random() < 0.5:
                parent.insert(key, parent[key])
            else:
                del parent[key]
    return doc


def one_input(text: str) -> None:
    """An import either returns or refuses with a one-line message naming the place."""
    for lenient in (False, True):
        try:
            import_18xx_maker(text, "fuzz.json", lenient=lenient)
        except ImportError18xxMaker as exc:
            assert "\n" not in str(exc) and len(str(exc)) < 400, str(exc)[:500]


def fuzz_count() -> int:
    return 50_000 if os.environ.get("HYPOTHESIS_PROFILE") == "fuzz" else 300


@pytest.mark.slow
def test_mutated_game_files_never_raise_anything_else():
    rng = random.Random(2025)
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in SEEDS]
    for i in range(fuzz_count()):
        doc = mutate(docs[i % len(docs)], rng)
        text = json.dumps(doc)
        if i % 97 == 0:  # now and then an integer of more digits than Python converts
            text = text.replace("30", "3" + "0" * 4300, 1)
        one_input(text)

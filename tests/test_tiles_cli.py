"""``trackwright tiles``: list, export and import a manifest's tiles without Qt."""

from __future__ import annotations

import json

from editor.cli import main
from model import manifest
from model.io import load, save
from model.newboard import new_scenario
from model.scenario import Scenario
from model.tiles import Node, TileDef, TilePath

B_CITY = TileDef(id="B1", color="green", label="B", count=2, nodes=[Node(kind="city", slots=2, revenue=40)],
                 paths=[TilePath(a=e, b="n0") for e in (0, 1, 3)])


def scenario_file(tmp_path):
    s = new_scenario("18xx", 6, 6)
    s.tiles = manifest.add_tiles(s, [manifest.standard_tiles().get(i) for i in ("9", "57", "14")] + [B_CITY])
    s.tiles = manifest.set_count(s, "9", 5)
    s = Scenario.model_validate(s.model_dump(mode="json"))
    path = tmp_path / "s.json"
    save(s, path)
    return path


def test_list(tmp_path, capsys):
    path = scenario_file(tmp_path)
    assert main(["tiles", str(path), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["id"], r["count"], r["upgrades"], r["custom"]) for r in rows] == [
        ("9", 5, [], False), ("57", None, ["14"], False), ("14", None, [], False), ("B1", 2, [], True)]
    assert main(["tiles", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].split() == ["57", "yellow", "unlimited", "upgrades", "to", "14"] and out[-1] == "4 tile types"


def test_export_then_add_back(tmp_path, capsys):
    path = scenario_file(tmp_path)
    rb, js = tmp_path / "t.rb", tmp_path / "t.json"
    assert main(["tiles", str(path), "--to", "18xx-games", "-o", str(rb)]) == 0
    assert "'9' => 5," in rb.read_text() and "label=B'" in rb.read_text()
    assert main(["tiles", str(path), "--to", "18xx-maker", "-o", str(js)]) == 0
    assert json.loads(js.read_text())["tiles"]["B1"]["cities"] == [{"size": 2}]
    for src in (rb, js):
        empty = tmp_path / "empty.json"
        save(new_scenario("18xx", 6, 6), empty)
        out = tmp_path / f"from-{src.suffix[1:]}.json"
        assert main(["tiles", str(empty), "--add", str(src), "-o", str(out)]) == 0
        got = load(out)
        assert [t.id for t in got.tileset().tiles] == ["9", "57", "14", "B1"]
        assert got.tile("9").count == 5 and got.tile("B1") == B_CITY
    capsys.readouterr()


def test_bad_input_exits_2_naming_the_place_and_writes_nothing(tmp_path, capsys):
    path = scenario_file(tmp_path)
    bad = tmp_path / "bad.rb"
    bad.write_text("TILES = {\n  'Q' => 1,\n}\n")
    out = tmp_path / "out.json"
    assert main(["tiles", str(path), "--add", str(bad), "-o", str(out)]) == 2
    assert f"{bad}:2: tile 'Q' is not a standard tile" in capsys.readouterr().err
    assert not out.exists()
    assert main(["tiles", str(path), "--to", "18xx-games"]) == 2
    assert "--to and --add need -o OUT" in capsys.readouterr().err
    catalan = tmp_path / "c.json"
    save(new_scenario("catalan", 4, 4), catalan)
    assert main(["tiles", str(catalan), "--add", str(tmp_path / "t.rb"), "-o", str(out)]) == 2
    assert f"{tmp_path / 't.rb'}: no such file" in capsys.readouterr().err

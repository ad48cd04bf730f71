"""Manifest edits (model/manifest.py), the upgrade graph (model/upgrade_graph.py) and their checks."""

from __future__ import annotations

import pytest

from model import manifest
from model.board import Cell, LaidTile
from model.manifest import ManifestError
from model.newboard import new_scenario
from model.rules import Move, get_rule_set
from model.scenario import Scenario
from model.tiles import Node, TileDef, TilePath
from model.upgrade_graph import derived_graph, effective_graph, engine_upgrades_to

STD = manifest.standard_tiles()
B_CITY = TileDef(
    id="B1", color="green", label="B",
    nodes=[Node(kind="city", slots=2, revenue=40)],
    paths=[TilePath(a=e, b="n0") for e in (0, 1, 3)],
)


def with_supply(s: Scenario, supply) -> Scenario:
    data = s.model_dump(mode="json")
    data["tiles"] = supply.model_dump(mode="json")
    return Scenario.model_validate(data)


def board_with(ids: list[str], *extra: TileDef) -> Scenario:
    s = new_scenario("18xx", 7, 7)
    s = with_supply(s, manifest.add_tiles(s, [STD.get(i) for i in ids] + list(extra)))
    return s


def test_adding_standard_tiles_to_an_empty_supply_uses_the_standard_set():
    s = board_with(["7", "8", "9", "14", "15"])
    assert s.tiles.set == "18xx-standard"
    assert s.tiles.only == ["7", "8", "9", "14", "15"]
    assert [t.id for t in s.tileset().tiles] == ["7", "8", "9", "14", "15"]
    s2 = with_supply(s, manifest.add_tiles(s, [B_CITY]))
    assert s2.tiles.custom == [B_CITY] and "B1" in s2.tiles.only
    assert s2.tile("B1").nodes[0].slots == 2


def test_counts_number_and_unlimited():
    s = board_with(["7", "57"], B_CITY)
    s = with_supply(s, manifest.set_count(s, "7", 4))
    s = with_supply(s, manifest.set_count(s, "B1", 2))
    assert s.tile("7").count == 4 and s.tile("B1").count == 2 and s.tile("57").count is None
    s = with_supply(s, manifest.set_count(s, "7", None))
    assert s.tile("7").count is None and "7" not in s.tiles.counts
    # a bundled set with counts (18 India): unlimited is written as null and survives a reload
    india = new_scenario("18india", 3, 3)
    assert india.tile("57").count is not None
    india = with_supply(india, manifest.set_count(india, "57", None))
    assert india.tiles.counts == {"57": None}
    assert Scenario.model_validate_json(india.model_dump_json()).tile("57").count is None
    with pytest.raises(ManifestError, match="negative"):
        manifest.set_count(s, "7", -1)


def test_remove_refuses_a_laid_tile_and_removes_otherwise():
    s = board_with(["7", "8", "9"])
    s.board.cells["C5"] = Cell(tile=LaidTile(tile="8", rotation=0))
    with pytest.raises(ManifestError, match="used on C5"):
        manifest.remove_tile(s, "8")
    s = with_supply(s, manifest.remove_tile(s, "9"))
    assert [t.id for t in s.tileset().tiles] == ["7", "8"]
    # removing from a whole bundled set lists the rest in `only`
    india = new_scenario("18india", 3, 3)
    n = len(india.tileset().tiles)
    india = with_supply(india, manifest.remove_tile(india, "7"))
    assert len(india.tileset().tiles) == n - 1 and "7" not in india.tileset()


def test_custom_tile_replaced_and_renamed_keeps_its_overrides():
    s = board_with(["57"], B_CITY)
    s = with_supply(s, manifest.set_upgrades(s, "57", ["B1"]))
    b2 = B_CITY.model_copy(update={"id": "B2", "nodes": [Node(kind="city", slots=3, revenue=50)]})
    s = with_supply(s, manifest.put_custom(s, b2, replaces="B1"))
    assert "B1" not in s.tileset() and s.tile("B2").nodes[0].slots == 3
    assert s.tiles.upgrades == {"57": ["B2"]}
    with pytest.raises(ManifestError, match="already in the manifest"):
        manifest.put_custom(s, b2.model_copy(update={"id": "57"}), replaces="B2")


def test_search_by_number_colour_and_label():
    assert [t.id for t in manifest.search_tiles(STD.tiles, "14")] == ["14", "141", "142", "143", "144", "145", "146", "147", "148"]
    found = manifest.search_tiles(STD.tiles, "B", "green")
    assert "53" in {t.id for t in found} and "14" not in {t.id for t in found}
    assert found and all(t.color == "green" and (t.label == "B" or t.id.lower().startswith("b")) for t in found)
    assert all(t.color == "gray" for t in manifest.search_tiles(STD.tiles, "", "gray"))


def test_derived_graph_follows_the_engine_rules():
    g = derived_graph([STD.get(i) for i in ("7", "8", "9", "57", "14", "15", "18", "23", "63", "53", "61")])
    assert g["7"] == ["18"]            # 7 (sharp) fits only in the 18 among these greens
    assert g["9"] == ["18", "23"]
    assert g["57"] == ["14", "15"]     # not 53: it carries a label
    assert g["14"] == ["63"] and g["15"] == ["63"]
    assert g["53"] == ["61"]           # B to B
    assert g["8"] == ["23"]
    assert not engine_upgrades_to(STD.get("14"), STD.get("15"))  # same colour


def test_refusal_says_which_engine_test_fails():
    from model.upgrade_graph import refusal

    old = STD.get("57")
    assert refusal(old, STD.get("14")) is None
    assert refusal(old, STD.get("53")) == "label B"
    assert refusal(old, STD.get("23")) == "0 cities and 0 towns, not 1 and 0"
    assert refusal(old, STD.get("63")) == "brown, not the next colour"
    assert refusal(STD.get("7"), STD.get("23")) == "no rotation keeps its paths"


def test_overrides_replace_one_entry_and_keep_the_rest_derived():
    s = board_with(["7", "9", "57", "14", "15", "18", "23"])
    assert effective_graph(s.tileset())["57"] == ["14", "15"]
    s = with_supply(s, manifest.set_upgrades(s, "57", ["15"]))
    ts = s.tileset()
    assert ts.get("57").upgrades == ["15"] and ts.get("9").upgrades == ["18", "23"]
    rules = get_rule_set("18xx")
    s.board.cells["D6"] = Cell(tile=LaidTile(tile="57", rotation=0))
    verdicts = {t: [rules.explain(s, Move("upgrade", "D6", t, r)) for r in range(6)] for t in ("14", "15")}
    assert {v.rule for v in verdicts["14"]} == {"18xx.not-upgradeable"}
    assert any(v.legal for v in verdicts["15"])
    s = with_supply(s, manifest.set_upgrades(s, "57", None))
    assert s.tiles.upgrades == {}


def test_unknown_override_is_refused_on_load_with_its_path():
    s = board_with(["57", "14"])
    data = s.model_dump(mode="json")
    data["tiles"]["upgrades"] = {"57": ["14", "999"]}
    with pytest.raises(ValueError, match=r"tiles\.upgrades\.57\.1: unknown tile id '999'"):
        Scenario.model_validate(data)


def rules_of(s: Scenario) -> set[str]:
    return {i.rule for i in get_rule_set(s.rules.id).check(s)}


def test_checker_flags_a_yellow_dead_end():
    s = board_with(["7", "8", "9", "14", "15"], B_CITY)
    issues = [i for i in get_rule_set("18xx").check(s) if i.rule == "manifest.yellow-dead-end"]
    assert sorted(i.message.split()[1] for i in issues) == ["7", "8", "9"]
    assert all(i.severity == "warning" for i in issues)
    s = with_supply(s, manifest.set_upgrades(s, "14", []))  # an override keeps the graph derived elsewhere
    issues = [i for i in get_rule_set("18xx").check(s) if i.rule == "manifest.yellow-dead-end"]
    assert sorted(i.message.split()[1] for i in issues) == ["7", "8", "9"]
    s = with_supply(s, manifest.add_tiles(s, [STD.get("18"), STD.get("23")]))
    assert "manifest.yellow-dead-end" not in rules_of(s)


def test_checker_flags_an_upgrade_that_loses_exits_or_cities():
    s = board_with(["9", "57", "14", "19", "7", "25"])
    s = with_supply(s, manifest.set_upgrades(s, "7", ["25"]))   # 25 (exits 0, 2, 4) has no two adjacent exits
    found = [i for i in get_rule_set("18xx").check(s) if i.rule == "manifest.upgrade-loses-track"]
    assert [i.message for i in found] == ["tile 7 lists 25 as an upgrade, but no rotation of 25 keeps all its exits"]
    s = with_supply(s, manifest.set_upgrades(s, "7", None))
    s = with_supply(s, manifest.set_upgrades(s, "57", ["19"]))  # the city is lost
    found = [i for i in get_rule_set("18xx").check(s) if i.rule == "manifest.upgrade-loses-track"]
    assert [i.message for i in found] == ["tile 57 lists 19 as an upgrade, but 19 has 0 cities and 57 has 1"]
    assert found[0].severity == "error"


def test_count_below_the_laid_tiles_is_flagged():
    s = board_with(["7", "8"])
    s.board.cells["C5"] = Cell(tile=LaidTile(tile="8", rotation=0))
    s.board.cells["E5"] = Cell(tile=LaidTile(tile="8", rotation=1))
    s = with_supply(s, manifest.set_count(s, "8", 1))
    assert "core.supply-exceeded" in rules_of(s)


def test_catalan_counts_and_no_hex_checks():
    s = new_scenario("catalan", 6, 5)
    s = with_supply(s, manifest.set_count(s, "straight", 10))
    assert s.tile("straight").count == 10
    assert not any(r.startswith("manifest.") for r in rules_of(s))
    with pytest.raises(ManifestError, match="6-sided"):
        manifest.add_tiles(s, [STD.get("14")])


def test_what_a_catalan_player_draws_from():
    import random

    s = new_scenario("catalan", 6, 5)
    types = [t.id for t in s.tileset().tiles]
    chances = manifest.draw_chances(s)                    # no counts, no weights: one per type
    assert list(chances) == types and all(abs(c - 1 / len(types)) < 1e-9 for c in chances.values())
    s = with_supply(s, manifest.set_count(s, "straight", 3))
    s = with_supply(s, manifest.set_count(s, "curve", 1))
    s.board.cells["C3"] = Cell(tile=LaidTile(tile="curve", rotation=0))
    chances = manifest.draw_chances(s)                    # the last curve is laid: it cannot come up
    assert "curve" not in chances and chances["straight"] == 3 / (3 + len(types) - 2)
    for tid, w in (("straight", 2), ("turntable", 1), ("curve", 3)):
        s = with_supply(s, manifest.set_draw_weight(s, tid, w))
    assert manifest.draw_chances(s) == {"straight": 2 / 3, "turntable": 1 / 3}
    rng = random.Random(4)
    assert {manifest.draw_tile(s, rng) for _ in range(40)} == {"straight", "turntable"}
    s = with_supply(s, manifest.set_draw_weight(s, "straight", None))
    assert manifest.draw_chances(s) == {"turntable": 1.0}
    data = s.model_dump(mode="json")
    data["tiles"]["draw_weights"] = {"nope": 2}
    with pytest.raises(ValueError, match=r"tiles\.draw_weights\.nope: unknown tile id 'nope'"):
        Scenario.model_validate(data)

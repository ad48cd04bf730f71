"""Features a rule set ignores are warned of by `check` and listed by the 18xx exports; the
ghost on a new Catalan board judges a bridge on a lake as the checker does."""

from __future__ import annotations

import contextlib
import io

from editor.cli import main as cli_main
from model import editing, features
from model.board import Cell, City, EdgeFeature, Platform, Token, Town
from model.io import load, save
from model.io.export_json import export_text
from model.newboard import new_scenario
from model.paths import scenarios_dir
from model.rules import get_rule_set
from model.scenario import Player


def warnings_of(scenario):
    return [i for i in get_rule_set(scenario.rules.id).check(scenario) if i.rule == "core.ignored-feature"]


def test_bundled_boards_use_only_what_their_rule_sets_read():
    for path in sorted(scenarios_dir().rglob("*.json")):
        assert warnings_of(load(path)) == [], path.name


def test_catalan_ignores_towns_tokens_reservations_and_edge_features():
    s = new_scenario("catalan", 6, 5)
    s.board.cells["A1"] = Cell(towns=[Town()])
    s.board.cells["B2"] = Cell(cities=[City(reserved=["X"])], tokens=[Token(company="X")])
    s.board.edges.append(EdgeFeature(cell="C3", edge=1, kind="river", cost=10))
    found = {w.message.split(" ignores ")[1].split(" (")[0]: w.cells for w in warnings_of(s)}
    assert found == {"towns": ("A1",), "station tokens": ("B2",), "reservations": ("B2",), "rivers": ("C3",)}
    assert all(w.severity == "warning" for w in warnings_of(s))


def test_18xx_ignores_platforms_and_the_exports_say_they_drop_them_and_the_players(tmp_path):
    s = load(scenarios_dir() / "18india.json")
    s.board.cells["L15"] = Cell(platform=Platform(station="S1", access=0))
    s.players.append(Player(id="ana"))
    found = [w.message for w in warnings_of(s)]
    # players own private companies, which the 18xx rules read: no warning for them
    assert len(found) == 1 and "station platforms (L15)" in found[0]
    for fmt in ("18xx-games", "18xx-maker"):
        notes = export_text(s, fmt)[1]
        assert notes[:2] == ["L15: station platforms (Catalan) are dropped", "players ana (and their hands) are dropped"]
    assert features.dropped_by_export(s, "json") == []
    path = tmp_path / "mixed.json"
    save(s, path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli_main(["check", str(path)])
    assert code == 0 and "core.ignored-feature" in out.getvalue()  # a warning, not an error


def test_placer_choices_follow_the_rule_set():
    names = ["city", "town", "platform", "origin", "destination", "offboard", "gray"]
    assert features.placer_choices(get_rule_set("catalan"), names) == ["city", "platform", "origin", "destination", "offboard", "gray"]
    assert features.placer_choices(get_rule_set("18india"), names) == ["city", "town", "offboard", "gray"]
    assert features.placer_choices(None, names) == names


def test_a_bridge_on_a_lake_of_a_new_catalan_board_is_green_like_the_checker_says():
    s = new_scenario("catalan", 8, 8)
    rules = get_rule_set("catalan")
    d5 = s.board.grid.coord("D5")
    s.board.cells["D5"] = Cell(terrain="lake")
    s.board.cells["E5"] = Cell(platform=Platform(station="S1", access=0))
    ok, why = editing.stamp_verdict(s, rules, d5, "bridge", 0)
    assert ok, why
    ok, why = editing.stamp_verdict(s, rules, d5, "straight", 0)
    assert not ok and why.endswith("[catalan.lake-needs-bridge]")
    cells = editing.legal_cells(s, rules, "straight")
    assert d5 not in cells and s.board.grid.coord("E5") not in cells  # no track on a lake or a platform
    assert len(cells) == 64 - 2

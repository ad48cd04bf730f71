"""Puzzle data in a scenario: validation with field paths, round trip through the file format."""

from __future__ import annotations

import json

import pytest
from puzzle_toys import city, origin, reach, toy_scenario

from model.io import LoadError, dumps, loads
from model.puzzle_spec import ConnectGoal, DestinationGoal, Puzzle, ReachGoal


def base():
    cells = {"C5": origin(2), "C4": city(), "A4": city("West"), "E4": city("East")}
    return toy_scenario(5, 5, cells, reach("A4", "E4"), hand=["straight", "straight"])


def doc():
    return json.loads(dumps(base()))


def load_error(data) -> LoadError:
    with pytest.raises(LoadError) as exc:
        loads(json.dumps(data), "p.json")
    return exc.value


def test_round_trip_keeps_the_puzzle():
    s = base()
    again = loads(dumps(s))
    assert again.puzzle == s.puzzle
    assert isinstance(again.puzzle.goal, ReachGoal)
    assert again.puzzle.goal.places == ["A4", "E4"]


def test_goal_kinds_parse_by_their_tag():
    d = doc()
    d["puzzle"]["goal"] = {"kind": "connect", "a": "A4", "b": "E4"}
    assert isinstance(loads(json.dumps(d)).puzzle.goal, ConnectGoal)
    d["players"][0]["destination"] = "E4"
    d["puzzle"]["goal"] = {"kind": "destination", "player": "red"}
    s = loads(json.dumps(d))
    assert isinstance(s.puzzle.goal, DestinationGoal)
    assert s.puzzle.goal_places(s) == ["E4"]
    assert "destination (E4)" in s.puzzle.describe(s)


@pytest.mark.parametrize(
    "edit, where, words",
    [
        (lambda d: d["puzzle"]["goal"].update(kind="teleport"), "puzzle.goal", "teleport"),
        (lambda d: d["puzzle"]["goal"].update(places=["Z99"]), "puzzle.goal.places.0", "neither a cell"),
        (lambda d: d["puzzle"]["goal"].update(places=["A4", "nowhere"]), "puzzle.goal.places.1", "neither a cell"),
        (lambda d: d["puzzle"]["goal"].update(places=[]), "puzzle.goal.reach.places", "at least 1"),
        (lambda d: d["puzzle"]["goal"].update(actor="blue"), "puzzle.goal.actor", "no player or company"),
        (lambda d: d["puzzle"]["goal"].update(colour="red"), "puzzle.goal.reach.colour", "unknown field"),
        (lambda d: d["puzzle"].update(actor="blue"), "puzzle.actor", "no player or company"),
        (lambda d: d["puzzle"].update(extra=1), "puzzle.extra", "unknown field"),
        (lambda d: d["puzzle"]["resources"].update(hand=["straight", "monorail"]), "puzzle.resources.hand.1", "unknown tile"),
        (lambda d: d["puzzle"]["resources"].update(turns=0), "puzzle.resources.turns", "greater than or equal to 1"),
        (lambda d: d["puzzle"]["resources"].update(draws=["curve"]), "puzzle.resources.draws", "no phase plays a drawn tile"),
        (lambda d: d["puzzle"].update(phases=[]), "puzzle.phases", "at least 1"),
        (lambda d: d["puzzle"].update(phases=[{"name": "lay"}, {"name": "lay"}]), "puzzle.phases.1.name", "twice"),
        (lambda d: d["puzzle"].update(phases=[{"name": "m", "tile_from": "drawn"}]), "puzzle.resources.draws", "need 1 draws"),
        (lambda d: d["puzzle"].update(phases=[{"name": "m", "tile_from": "deck"}]), "puzzle.phases.0.tile_from", "drawn"),
        (lambda d: d["puzzle"].update(difficulty=11), "puzzle.difficulty", "less than or equal to 10"),
        (lambda d: d["puzzle"].update(goal={"kind": "connect", "a": "A4", "b": "A4"}), "puzzle.goal.b", "must differ"),
        (lambda d: d["puzzle"].update(goal={"kind": "destination", "player": "red"}), "puzzle.goal.player", "no destination"),
        (lambda d: d["puzzle"].update(goal={"kind": "destination", "player": "ann"}), "puzzle.goal.player", "no player"),
    ],
)
def test_bad_puzzles_fail_to_load_with_a_field_path(edit, where, words):
    d = doc()
    edit(d)
    err = load_error(d)
    assert err.where == where, str(err)
    assert words in err.message, str(err)


def test_destination_must_be_a_place():
    d = doc()
    d["players"][0]["destination"] = "Q42"
    d["puzzle"]["goal"] = {"kind": "destination", "player": "red"}
    err = load_error(d)
    assert err.where == "players.0.destination" and "neither a cell" in err.message


def test_station_ids_are_places():
    d = doc()
    d["puzzle"]["goal"] = {"kind": "reach", "actor": "red", "places": ["home"]}
    assert loads(json.dumps(d)).puzzle.goal.places == ["home"]


def test_puzzle_model_alone_rejects_unknown_fields():
    with pytest.raises(ValueError):
        Puzzle.model_validate({"actor": "red", "goal": {"kind": "reach", "actor": "red", "places": ["A1"]}, "phases": [{"name": "x"}], "when": 1})

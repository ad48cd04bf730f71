"""Fuzzing the loader: ``model.io.loads`` may only return a Scenario or raise LoadError.

The unmarked tests run with the default hypothesis profile (fast). The ``slow`` ones stack many
mutations on bigger documents; ``make fuzz`` runs them with ``HYPOTHESIS_PROFILE=fuzz``
(thousands of examples, see tests/conftest.py).
Whatever loads must also survive save -> load -> save with identical text.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from model.io import LoadError, dumps, loads
from model.newboard import new_scenario
from model.scenario import Scenario


def catalan_doc() -> dict[str, Any]:
    doc = json.loads(dumps(new_scenario("catalan", 5, 4, title="Fuzz base")))
    doc["board"]["cells"] = {
        "B2": {"tile": {"tile": "switch_left", "rotation": 3, "by": "red"}},
        "C2": {"terrain": "lake"},
        "D3": {"platform": {"station": "s1", "access": 2, "kind": "origin", "owner": "red"}},
        "A1": {"cities": [{"name": "Vic", "slots": 2}], "tile": {"tile": "turntable"}},
    }
    doc["board"]["edges"] = [{"cell": "B2", "edge": 3, "kind": "gauge"}, {"cell": "C2", "edge": 0, "kind": "river", "cost": 1}]
    doc["tiles"]["counts"] = {"straight": 4, "curve": 2}
    doc["players"] = [{"id": "red", "origin": "s1", "destination": "A1", "hand": ["curve", "crossing"]}]
    doc["state"] = {"turn": 2, "active": "red", "phase": "mandatory", "drawn": "curve", "gauge_markers": [["B2", 3]]}
    doc["rules"]["options"] = {"reverse_at_turntable": True, "limit": 3}
    return doc


def hex_doc() -> dict[str, Any]:
    doc = json.loads(dumps(new_scenario("18xx", 6, 5, title="Fuzz hex")))
    doc["tiles"] = {
        "custom": [
            {"id": "7", "color": "yellow", "paths": [{"a": 0, "b": 1}], "count": 2, "upgrades": ["18"]},
            {"id": "57", "color": "yellow", "nodes": [{"kind": "city", "revenue": 20}], "paths": [{"a": 0, "b": "n0"}, {"a": 3, "b": "n0"}]},
            {"id": "18", "color": "green", "paths": [{"a": 0, "b": 3}, {"a": 1, "b": 2}]},
        ]
    }
    doc["board"]["cells"] = {
        "B2": {"cities": [{"name": "Town", "revenue": 20, "reserved": ["GIPR"]}], "tile": {"tile": "57", "rotation": 1}},
        "C3": {"terrain": "offboard", "paths": [{"a": 0, "b": "n0", "terminal": True}], "towns": [{"revenue": "yellow_30|brown_50"}]},
        "A1": {"terrain": "mountain", "cost": 60, "tokens": [{"company": "GIPR"}]},
    }
    doc["companies"] = [{"id": "GIPR", "home": "B2", "tokens": [0, 40]}]
    return doc


BASES = [catalan_doc(), hex_doc()]


def version0(doc: dict[str, Any]) -> dict[str, Any]:
    """The same document in the pre-release layout (version 0: ``rule_set`` and ``options`` at the root)."""
    old = copy.deepcopy(doc)
    rules = old.pop("rules")
    old["version"], old["rule_set"] = 0, rules["id"]
    if "options" in rules:
        old["options"] = rules["options"]
    return old


VERSION0_BASES = [version0(d) for d in BASES]
BUNDLED = [json.loads(f.read_text(encoding="utf-8")) for f in sorted((Path(__file__).resolve().parent.parent / "scenarios").rglob("*.json"))]

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=6),
    st.sampled_from(["A1", "B2", "Z99", "n0", "n7", "curve", "57", "warp", "square", "hex", "city", "river", "catalan", ""]),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)
field_names = st.sampled_from(
    ["tile", "rotation", "kind", "width", "height", "cells", "paths", "a", "b", "terrain", "set", "id", "version",
     "format", "custom", "nodes", "edge", "cell", "cost", "hand", "extra", "cities", "slots", "orientation", "parity"]
) | st.text(max_size=8)


def _paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    """Every location in a JSON tree (the root is ``()``)."""
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, prefix + (i,))
    return out


def _get(node: Any, path: tuple) -> Any:
    for p in path:
        node = node[p]
    return node


@st.composite
def mutated_docs(draw, rounds: int = 1, bases: list[dict[str, Any]] = BASES) -> dict[str, Any]:
    """A valid document with ``rounds`` deletions, replacements or insertions of keys and values."""
    doc = copy.deepcopy(draw(st.sampled_from(bases)))
    for _ in range(rounds):
        path = draw(st.sampled_from(_paths(doc)))
        target = _get(doc, path)
        op = draw(st.sampled_from(["delete", "replace", "insert"]))
        if op == "delete" and path:
            parent = _get(doc, path[:-1])
            del parent[path[-1]]
        elif op == "replace" and path:
            _get(doc, path[:-1])[path[-1]] = draw(json_values)
        elif isinstance(target, dict):
            target[draw(field_names)] = draw(json_values)
        elif isinstance(target, list):
            target.insert(draw(st.integers(0, len(target))), draw(json_values))
        elif path:
            _get(doc, path[:-1])[path[-1]] = draw(json_values)
    return doc


@st.composite
def mutated_texts(draw) -> str:
    """A valid file's text with a few characters deleted, replaced or inserted."""
    text = json.dumps(draw(st.sampled_from(BASES)), indent=1)
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, min(len(text), i + 4)))
        text = text[:i] + draw(st.text(max_size=3) | st.sampled_from(['"', "{", "}", "[", "]", ",", ":", "0", "-", "e", "e400", "\\ud800"])) + text[j:]
    return text


def load_only_scenario_or_load_error(data: str | bytes) -> Scenario | None:
    """The property: a Scenario (which then round-trips exactly) or a LoadError, nothing else."""
    try:
        scenario = loads(data, "fuzz.json")
    except LoadError as exc:
        assert str(exc).startswith("fuzz.json")
        assert exc.message
        return None
    assert isinstance(scenario, Scenario)
    text = dumps(scenario)
    again = loads(text, "again.json")
    assert again == scenario
    assert dumps(again) == text
    return scenario


def test_base_documents_load():
    for doc in BASES:
        assert load_only_scenario_or_load_error(json.dumps(doc)) is not None


@given(st.binary(max_size=300))
@example(b"\xef\xbb\xbf{}")  # a byte-order mark
@example(b'{"format": "trackwright-scenario", "version": 1e400}')
def test_random_bytes(data):
    load_only_scenario_or_load_error(data)


@given(st.text(max_size=200))
@example('"\\ud800"')
def test_random_text(text):
    load_only_scenario_or_load_error(text)


@given(mutated_docs())
def test_one_mutation_of_a_valid_file(doc):
    load_only_scenario_or_load_error(json.dumps(doc))


@given(mutated_texts())
def test_character_edits_of_a_valid_file(text):
    load_only_scenario_or_load_error(text)


def test_lone_surrogate_escape_is_refused_with_a_place():
    doc = catalan_doc()
    doc["meta"] = {"title": "\ud800 broken"}
    text = json.dumps(doc)  # escaped as \ud800 in the file
    with pytest.raises(LoadError) as info:
        loads(text, "s.json")
    assert info.value.where == f"1:{text.index(chr(92) + 'ud800') + 7}"
    assert "surrogate" in info.value.message


@pytest.mark.slow
@given(mutated_docs(rounds=6))
def test_many_mutations_of_a_valid_file(doc):
    load_only_scenario_or_load_error(json.dumps(doc))


@pytest.mark.slow
@given(mutated_docs(rounds=3, bases=BASES + BUNDLED))
def test_mutations_of_bundled_scenarios(doc):
    """The real maps (18 India, the Catalan boards, puzzles) make richer starting points."""
    load_only_scenario_or_load_error(json.dumps(doc))


@pytest.mark.slow
@given(st.lists(mutated_docs(rounds=2), min_size=1, max_size=3), st.binary(max_size=2000))
def test_mutations_and_garbage_long_run(docs, data):
    for doc in docs:
        load_only_scenario_or_load_error(json.dumps(doc, indent=1).encode("utf-8"))
    load_only_scenario_or_load_error(data)


@pytest.mark.slow
@given(mutated_docs(rounds=3, bases=VERSION0_BASES))
def test_mutations_of_version0_files(doc):
    """The migration path (parse, migrate, re-read) is as robust as the current one."""
    load_only_scenario_or_load_error(json.dumps(doc, indent=1))


def test_version0_bases_load():
    for doc in VERSION0_BASES:
        assert load_only_scenario_or_load_error(json.dumps(doc)) is not None

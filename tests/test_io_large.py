"""Large boards: cells of equal content are validated once and share one object.

A filled board repeats a few dozen cell contents; loading it builds each distinct cell once
(memory per cell stays small, see bench/bench_check.py). The result must be exactly what a
cell-by-cell load gives: same cells in the same order, every label checked, errors at the
same field paths and, for broken JSON, at the place in the user's file.
"""

from __future__ import annotations

import json
import random

import pytest

from model.io import LoadError, dumps, files, loads
from model.newboard import new_scenario


def filled_doc(size: int = 40) -> dict:
    rng = random.Random(size)
    doc = json.loads(dumps(new_scenario("catalan", size, size, title="filled")))
    grid = new_scenario("catalan", size, size).board.grid
    tiles = ["straight", "curve", "crossing", "switch_left", "turntable"]
    coords = list(grid.ordered_coords)
    rng.shuffle(coords)  # a file need not list its cells row by row
    doc["board"]["cells"] = {
        grid.label(c): {"terrain": rng.choice(["plain", "hill"]), "tile": {"tile": rng.choice(tiles), "rotation": rng.randrange(4)}}
        for c in coords
    }
    return doc


def load_cell_by_cell(text: str):
    """The reference: the same loader with sharing switched off."""
    old = files.SHARE_CELLS_FROM
    files.SHARE_CELLS_FROM = 10**9
    try:
        return loads(text, "big.json")
    finally:
        files.SHARE_CELLS_FROM = old


def test_equal_cells_share_one_object_and_the_board_is_unchanged():
    text = json.dumps(filled_doc(), indent=1)
    shared = loads(text, "big.json")
    reference = load_cell_by_cell(text)
    assert shared == reference
    assert list(shared.board.cells) == list(reference.board.cells)  # the file's order
    assert dumps(shared) == dumps(reference)
    distinct = {id(c) for c in shared.board.cells.values()}
    assert len(distinct) <= 2 * 5 * 4 < len(shared.board.cells)
    assert len({id(c) for c in reference.board.cells.values()}) == len(reference.board.cells)


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda cells: cells.__setitem__("ZZ99", dict(next(iter(cells.values())))), "board.cells.ZZ99"),
        (lambda cells: cells.__setitem__("b2", dict(next(iter(cells.values())))), "board.cells.b2"),
    ],
)
def test_every_label_is_checked_even_when_its_content_is_shared(change, where):
    doc = filled_doc()
    change(doc["board"]["cells"])
    with pytest.raises(LoadError) as info:
        loads(json.dumps(doc), "big.json")
    assert info.value.where == where


def test_a_bad_content_is_reported_at_its_first_cell_as_cell_by_cell():
    doc = filled_doc()
    labels = list(doc["board"]["cells"])
    for label in labels[100:103]:
        doc["board"]["cells"][label]["tile"]["rotation"] = 7
    text = json.dumps(doc)
    with pytest.raises(LoadError) as shared:
        loads(text, "big.json")
    with pytest.raises(LoadError) as reference:
        load_cell_by_cell(text)
    assert shared.value.where == reference.value.where == f"board.cells.{labels[100]}.tile.rotation"


def test_broken_json_that_only_pydantic_refuses_is_located_in_the_users_file():
    doc = filled_doc()
    label = list(doc["board"]["cells"])[500]
    doc["board"]["cells"][label]["name"] = "\ud800"
    text = json.dumps(doc, indent=1)
    with pytest.raises(LoadError) as shared:
        loads(text, "big.json")
    with pytest.raises(LoadError) as reference:
        load_cell_by_cell(text)
    assert shared.value.where == reference.value.where != ""
    line = int(shared.value.where.split(":")[0])
    assert "ud800" in text.splitlines()[line - 1]


def test_only_truly_equal_objects_are_shared():
    """1, 1.0 and true are different values, and so are 0.0 and -0.0: no cell takes another's."""
    doc = filled_doc(20)
    labels = list(doc["board"]["cells"])
    for label, cost in zip(labels[:4], [1, 1.0, True, -0.0], strict=True):
        doc["board"]["cells"][label] = {"cost": cost}
    doc["rules"]["options"] = {"a": 1, "b": 1.0, "c": True, "d": 0.0, "e": -0.0}
    with pytest.raises(LoadError) as info:  # a float cost is refused, in the same place as before
        loads(json.dumps(doc), "big.json")
    assert info.value.where == f"board.cells.{labels[1]}.cost"
    del doc["board"]["cells"][labels[1]], doc["board"]["cells"][labels[2]], doc["board"]["cells"][labels[3]]
    s = loads(json.dumps(doc), "big.json")
    options = s.rules.options
    assert [type(options[k]) for k in "abcde"] == [int, float, bool, float, float]
    assert str(options["e"]) == "-0.0" and str(options["d"]) == "0.0"
    assert s == load_cell_by_cell(json.dumps(doc))


def test_saving_dumps_each_shared_cell_once_with_the_same_bytes():
    s = loads(json.dumps(filled_doc()), "big.json")
    plain = s.model_dump(mode="json", exclude_defaults=True, by_alias=True)
    plain["board"]["grid"] = {"kind": s.board.grid.kind, **plain["board"]["grid"]}
    plain["format"], plain["version"] = s.format, s.version
    data = files.to_data(s)
    assert list(data["board"]) == list(plain["board"]) == ["grid", "cells"]
    assert data == plain
    assert len({id(c) for c in data["board"]["cells"].values()}) == len({id(c) for c in s.board.cells.values()})

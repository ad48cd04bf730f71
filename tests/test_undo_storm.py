"""Undo/redo storms: random edits mixed with board resizes, then undo everything and redo it all.

Undo back to the start must give the original bytes, and redo of every step the final bytes
(edge features are kept in one canonical order, so the order of edits and resizes cannot change
the file). ``make fuzz`` runs the ``slow`` version with thousands of long storms.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from editor.commands import ReplaceScenarioCommand, SetEdgesCommand
from model import editing
from model.board import EdgeFeature
from model.io import dumps, load, loads
from tests.test_commands import INDIA, apply_edit, edit, make_doc

resize = st.tuples(st.just("resize"), st.integers(2, 9), st.integers(2, 8), st.integers(0, 3))
storm_op = st.one_of(edit, edit, edit, resize)


def apply_storm_op(doc, op, stroke) -> None:
    if op[0] != "resize":
        apply_edit(doc, op, stroke)
        return
    _, w, h, _ = op
    grid = doc.scenario.board.grid
    if grid.kind == "hex":
        w, h = grid.width + w - 5, grid.height + 2 * (h - 4)
    try:
        resized, _dropped = editing.resize_board(doc.scenario, max(w, 2), max(h, 2))
    except ValueError:
        return  # e.g. a company's home would fall off: the editor refuses it too
    doc.undo_stack.push(ReplaceScenarioCommand(doc, resized, "Board size"))


def storm(doc, ops) -> None:
    original = dumps(doc.scenario)
    for k, op in enumerate(ops):
        apply_storm_op(doc, op, stroke=k // 3)
    final = dumps(doc.scenario)
    assert dumps(loads(final, "storm.json")) == final  # whatever the editor saves, load reads back
    steps = doc.undo_stack.index()
    for _round in range(2):  # undo-all / redo-all twice: the second round must not drift either
        while doc.undo_stack.canUndo():
            doc.undo_stack.undo()
        assert dumps(doc.scenario) == original
        for _ in range(steps):
            doc.undo_stack.redo()
        assert dumps(doc.scenario) == final


def test_redo_after_undo_all_is_byte_exact_across_a_resize(qapp):
    """Edge features added before and after a resize come back in the same order on redo."""
    doc = make_doc(qapp)
    ops = [
        ("edge", 1, "gauge", 0),
        ("edge", 0, "gauge", 0),
        ("resize", 3, 2, 0),
        ("paste", 0, "", 2),
    ]
    storm(doc, ops)


@given(st.lists(storm_op, min_size=1, max_size=30))
def test_storm_of_edits_and_resizes_undoes_and_redoes_byte_for_byte(qapp, ops):
    storm(make_doc(qapp), ops)


@pytest.mark.slow
@given(st.lists(storm_op, min_size=20, max_size=200))
def test_long_storms_on_a_catalan_board(qapp, ops):
    storm(make_doc(qapp), ops)


@pytest.mark.slow
@given(st.lists(storm_op, min_size=5, max_size=60))
def test_long_storms_on_18india(qapp, ops):
    storm(make_doc(qapp, load(INDIA)), ops)



def test_edge_features_are_written_in_row_column_side_order(qapp):
    """The order of edits does not show in the file: the same features give the same bytes."""
    a = EdgeFeature(cell="C1", edge=0, kind="gauge")
    b = EdgeFeature(cell="A2", edge=3, kind="river", cost=2)
    c = EdgeFeature(cell="A2", edge=0, kind="gauge")
    texts = []
    for order in ([a, b, c], [c, b, a], [b, a, c]):
        doc = make_doc(qapp)
        for f in order:
            doc.undo_stack.push(SetEdgesCommand(doc, [], [f]))
        texts.append(dumps(doc.scenario))
    assert texts[0] == texts[1] == texts[2]
    assert loads(texts[0]).board.edges == [a, c, b]
    # a hand-written file in another order is put in the canonical one when it is loaded
    data = json.loads(texts[0])
    data["board"]["edges"].reverse()
    assert loads(json.dumps(data)).board.edges == [a, c, b]

"""Undo commands: push -> undo -> redo gives exactly the same scenario, and strokes merge."""

from hypothesis import given
from hypothesis import strategies as st

from editor.commands import (
    EditCellCommand,
    EraseStrokeCommand,
    FillCommand,
    PaintStrokeCommand,
    PlaceFeatureCommand,
    PlaceTileCommand,
    ReplaceScenarioCommand,
    SetCellsCommand,
    SetEdgesCommand,
    SetPartCommand,
    push_region_edit,
)
from editor.document import Document
from model import editing
from model.board import EMPTY_CELL, Cell, City, EdgeFeature
from model.io import dumps, load
from model.newboard import new_scenario
from model.paths import scenarios_dir
from model.scenario import Player

INDIA = scenarios_dir() / "18india.json"


def make_doc(qapp, scenario=None):
    doc = Document(scenario or new_scenario("catalan", 6, 5))
    doc.check_delay_ms = 0
    return doc


def roundtrip(doc, command):
    """Push, undo, redo: the file after undo equals before, after redo equals after push."""
    before = dumps(doc.scenario)
    doc.undo_stack.push(command)
    after = dumps(doc.scenario)
    assert after != before
    doc.undo_stack.undo()
    assert dumps(doc.scenario) == before
    doc.undo_stack.redo()
    assert dumps(doc.scenario) == after
    return after


def test_set_cells_roundtrip_and_signal(qapp, qtbot):
    doc = make_doc(qapp)
    with qtbot.waitSignal(doc.cellsChanged) as sig:
        roundtrip(doc, SetCellsCommand(doc, {(1, 1): Cell(terrain="lake")}))
    assert sig.args == [[(1, 1)]]
    assert doc.cell((1, 1)).terrain == "lake"
    assert doc.is_modified()


def test_removing_a_cell_and_undo_restores_file_order(qapp):
    s = load(INDIA)
    doc = make_doc(qapp, s)
    first = s.board.grid.coord(next(iter(s.board.cells)))
    roundtrip(doc, SetCellsCommand(doc, {first: EMPTY_CELL}))


def test_paint_strokes_merge_into_one_step(qapp):
    doc = make_doc(qapp)
    before = dumps(doc.scenario)
    for x in range(4):
        doc.undo_stack.push(PaintStrokeCommand(doc, editing.brush_cells(doc.scenario, [(x, 0)], "lake"), stroke=1, terrain="lake"))
    doc.undo_stack.push(PaintStrokeCommand(doc, editing.brush_cells(doc.scenario, [(0, 1)], "hill"), stroke=2, terrain="hill"))
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    assert doc.cell((0, 1)) == EMPTY_CELL and doc.cell((3, 0)).terrain == "lake"
    doc.undo_stack.undo()
    assert dumps(doc.scenario) == before


def test_erase_stroke_merges(qapp):
    doc = make_doc(qapp)
    doc.undo_stack.push(FillCommand(doc, editing.fill_cells(doc.scenario, (0, 0), "hill"), "hill"))
    mid = dumps(doc.scenario)
    for x in range(3):
        doc.undo_stack.push(EraseStrokeCommand(doc, editing.erase_cells(doc.scenario, [(x, 2)]), stroke=7))
    assert doc.undo_stack.count() == 2
    doc.undo_stack.undo()
    assert dumps(doc.scenario) == mid


def test_each_command_roundtrips(qapp):
    doc = make_doc(qapp)
    s = doc.scenario
    roundtrip(doc, FillCommand(doc, editing.fill_cells(s, (0, 0), "mountain", 2), "mountain"))
    roundtrip(doc, PlaceFeatureCommand(doc, editing.place_feature(s, (2, 2), "city", name="Girona"), "city"))
    tid = s.tileset().tiles[0].id
    roundtrip(doc, PlaceTileCommand(doc, editing.stamp_cell(s, (1, 2), tid, 1), tid, 1))
    roundtrip(doc, EditCellCommand(doc, (2, 2), doc.cell((2, 2)).model_copy(update={"cities": [City(name="Vic", slots=2)]})))
    remove, add = editing.toggle_edge(s, (1, 1), 3, "river", 2)
    roundtrip(doc, SetEdgesCommand(doc, remove, add))
    roundtrip(doc, SetPartCommand(doc, "players", [Player(id="p1", name="Ana")]))
    roundtrip(doc, SetPartCommand(doc, "meta", s.meta.model_copy(update={"title": "Costa"})))
    roundtrip(doc, ReplaceScenarioCommand(doc, new_scenario("catalan", 3, 3)))


def test_edge_undo_restores_list_order(qapp):
    doc = make_doc(qapp)
    feats = [EdgeFeature(cell="A1", edge=3, kind="gauge"), EdgeFeature(cell="B1", edge=3, kind="gauge"), EdgeFeature(cell="C1", edge=0, kind="impassable")]
    doc.undo_stack.push(SetEdgesCommand(doc, [], feats))
    roundtrip(doc, SetEdgesCommand(doc, [feats[0], feats[1]], [EdgeFeature(cell="D1", edge=0, kind="gauge")]))


def test_region_macro_is_one_step(qapp):
    doc = make_doc(qapp)
    doc.undo_stack.push(SetCellsCommand(doc, {(1, 1): Cell(terrain="lake")}))
    doc.undo_stack.push(SetEdgesCommand(doc, [], [EdgeFeature(cell="B2", edge=3, kind="gauge")]))
    before = dumps(doc.scenario)
    clip = editing.copy_region(doc.scenario, [(1, 1), (2, 1)])
    cells, remove, add = editing.paste_region(doc.scenario, clip, (3, 3))
    assert push_region_edit(doc, "Paste", cells, remove, add)
    n = doc.undo_stack.count()
    cells, remove = editing.delete_region(doc.scenario, [(1, 1), (2, 1)])
    assert push_region_edit(doc, "Delete", cells, remove)
    assert doc.undo_stack.count() == n + 1
    assert doc.scenario.board.edges == [EdgeFeature(cell="D4", edge=3, kind="gauge")]
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert dumps(doc.scenario) == before
    assert not push_region_edit(doc, "Nothing", {})


TERRAINS = ("plain", "lake", "mountain", "hill", "water", "gray", "offboard")
edit = st.one_of(
    st.tuples(st.just("paint"), st.integers(0, 35), st.sampled_from(TERRAINS), st.integers(0, 3)),
    st.tuples(st.just("fill"), st.integers(0, 35), st.sampled_from(TERRAINS), st.integers(0, 3)),
    st.tuples(st.just("feature"), st.integers(0, 35), st.sampled_from(editing.FEATURES), st.integers(0, 3)),
    st.tuples(st.just("edge"), st.integers(0, 35), st.sampled_from(("gauge", "river", "impassable")), st.integers(0, 3)),
    st.tuples(st.just("stamp"), st.integers(0, 35), st.integers(0, 8), st.integers(0, 3)),
    st.tuples(st.just("erase"), st.integers(0, 35), st.just(""), st.integers(0, 3)),
    st.tuples(st.just("delete"), st.integers(0, 35), st.just(""), st.integers(0, 3)),
    st.tuples(st.just("paste"), st.integers(0, 35), st.just(""), st.integers(0, 3)),
)


def apply_edit(doc, op, stroke):
    kind, i, arg, n = op
    s = doc.scenario
    coords = s.board.grid.ordered_coords
    c = coords[i % len(coords)]
    stack = doc.undo_stack
    if kind == "paint":
        stack.push(PaintStrokeCommand(doc, editing.brush_cells(s, [c], arg, n), stroke))
    elif kind == "fill":
        stack.push(FillCommand(doc, editing.fill_cells(s, c, arg, n), arg))
    elif kind == "feature":
        stack.push(PlaceFeatureCommand(doc, editing.place_feature(s, c, arg, access=n), arg))
    elif kind == "edge":
        remove, add = editing.toggle_edge(s, c, n % s.board.grid.sides, arg, n)
        stack.push(SetEdgesCommand(doc, remove, add))
    elif kind == "stamp":
        tiles = s.tileset().tiles
        t = tiles[arg % len(tiles)].id
        stack.push(PlaceTileCommand(doc, editing.stamp_cell(s, c, t, n), t, n))
    elif kind == "erase":
        stack.push(EraseStrokeCommand(doc, editing.erase_cells(s, [c]), stroke))
    elif kind == "delete":
        region = coords[i % len(coords): i % len(coords) + n + 1]
        cells, remove = editing.delete_region(s, region)
        return push_region_edit(doc, "Delete", cells, remove)
    else:
        region = coords[: n + 2]
        clip = editing.copy_region(s, region)
        cells, remove, add = editing.paste_region(s, clip, c)
        return push_region_edit(doc, "Paste", cells, remove, add)
    return True


@given(st.lists(edit, min_size=1, max_size=25))
def test_random_edits_then_as_many_undos_give_the_file_back(qapp, ops):
    doc = make_doc(qapp)
    original = dumps(doc.scenario)
    for k, op in enumerate(ops):
        apply_edit(doc, op, stroke=k // 3)  # every three consecutive paint/erase ops share a stroke
    final = dumps(doc.scenario)
    steps = doc.undo_stack.index()
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert dumps(doc.scenario) == original
    for _ in range(steps):
        doc.undo_stack.redo()
    assert dumps(doc.scenario) == final


@given(st.lists(edit, min_size=1, max_size=12))
def test_random_edits_on_18india_undo_byte_for_byte(qapp, ops):
    doc = make_doc(qapp, load(INDIA))
    original = INDIA.read_text(encoding="utf-8")
    assert dumps(doc.scenario) == original
    for k, op in enumerate(ops):
        apply_edit(doc, op, stroke=k)
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert dumps(doc.scenario) == original

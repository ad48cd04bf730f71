"""The document: edit API signals, selection, live checker (debounced, threaded), scene updates."""

import threading

from editor.commands import SetCellsCommand, SetEdgesCommand, SetPartCommand
from editor.document import Document, snapshot
from editor.scene import BoardScene
from model.board import EMPTY_CELL, Cell, EdgeFeature, LaidTile, Platform
from model.io import dumps, load
from model.newboard import new_scenario
from model.paths import scenarios_dir
from model.rules import Issue, RuleSet
from model.scenario import Meta, RulesRef

INDIA = scenarios_dir() / "18india.json"


def test_set_cells_emits_only_real_changes(qtbot):
    doc = Document(new_scenario("catalan", 4, 4))
    seen = []
    doc.cellsChanged.connect(seen.append)
    doc.set_cells({(0, 0): Cell(terrain="lake"), (1, 1): EMPTY_CELL})
    assert seen == [[(0, 0)]]
    doc.set_cells({(0, 0): Cell(terrain="lake")})
    assert len(seen) == 1
    doc.set_cells({(0, 0): EMPTY_CELL})
    assert seen[-1] == [(0, 0)] and doc.scenario.board.cells == {}


def test_set_edges_and_positions(qtbot):
    doc = Document(new_scenario("catalan", 4, 4))
    sides = []
    doc.edgesChanged.connect(sides.append)
    a, b = EdgeFeature(cell="A1", edge=3, kind="gauge"), EdgeFeature(cell="B1", edge=0, kind="river", cost=1)
    doc.set_edges([], [a, b])
    assert sides[-1] == [((0, 0), 3), ((1, 0), 0)]
    at = doc.set_edges([a], [])
    assert at == [0] and doc.scenario.board.edges == [b]
    doc.set_edges([], [a], positions=[0])
    assert doc.scenario.board.edges == [a, b]


def test_selection_drops_duplicates_and_off_board(qtbot):
    doc = Document(new_scenario("catalan", 3, 3))
    with qtbot.waitSignal(doc.selectionChanged) as sig:
        doc.set_selection([(0, 0), (0, 0), (9, 9), (2, 2)])
    assert sig.args == [[(0, 0), (2, 2)]] and doc.selection == [(0, 0), (2, 2)]


def test_set_part_and_modified_flag(qtbot):
    doc = Document(new_scenario("catalan", 3, 3))
    flags = []
    doc.modifiedChanged.connect(flags.append)
    with qtbot.waitSignal(doc.metaChanged):
        doc.undo_stack.push(SetPartCommand(doc, "meta", Meta(title="X")))
    assert doc.is_modified() and flags == [True]
    doc.undo_stack.undo()
    assert not doc.is_modified() and flags == [True, False]


def test_open_scenario_resets_history(qtbot):
    doc = Document(new_scenario("catalan", 3, 3))
    doc.undo_stack.push(SetCellsCommand(doc, {(0, 0): Cell(terrain="lake")}))
    doc.set_selection([(2, 2)])
    with qtbot.waitSignal(doc.boardReset):
        doc.open_scenario(new_scenario("18xx", 3, 3), "/tmp/x.json")
    assert doc.undo_stack.count() == 0 and doc.selection == [] and not doc.is_modified()
    assert doc.display_name() == "x.json"


def test_snapshot_is_independent_of_later_edits(qtbot):
    doc = Document(new_scenario("catalan", 3, 3))
    doc.set_cells({(0, 0): Cell(terrain="lake")})
    snap = snapshot(doc.scenario)
    doc.set_cells({(1, 1): Cell(terrain="hill"), (0, 0): EMPTY_CELL})
    doc.set_edges([], [EdgeFeature(cell="A1", edge=3, kind="gauge")])
    assert dict(snap.board.cells) == {"A1": Cell(terrain="lake")} and snap.board.edges == []
    assert dumps(snap) != dumps(doc.scenario)


def test_snapshot_keeps_every_part_of_the_board(qtbot):
    """The checker's copy has the board's off-grid hexes, names and palette, not their defaults."""
    s = new_scenario("18xx", 3, 3)
    s.board.off_grid = {"X1": Cell(terrain="lake")}
    s.board.other_names = {"Z9": "Far away"}
    s.board.palette = {"lightGray": "#dddddd"}
    snap = snapshot(s)
    assert dumps(snap) == dumps(s)
    assert snap.board.off_grid == {"X1": Cell(terrain="lake")} and snap.board.other_names == {"Z9": "Far away"}


def test_live_checker_debounces_and_runs_off_the_main_thread(qtbot, monkeypatch):
    import editor.document

    doc = Document(new_scenario("catalan", 5, 5))
    doc.check_delay_ms = 50
    threads = []
    original = editor.document.run_check

    def spy(rules, *args):
        if rules in (doc.rule_set, doc._checker_rules):  # documents of earlier tests may still be checking
            threads.append(threading.current_thread() is threading.main_thread())
        return original(rules, *args)

    monkeypatch.setattr(editor.document, "run_check", spy)
    with qtbot.waitSignal(doc.issuesChanged, timeout=3000):
        for x in range(5):  # a burst of edits: one check
            doc.undo_stack.push(SetCellsCommand(doc, {(x, 0): Cell(platform=Platform(station=f"S{x}", access=0, owner="nobody"))}))
    qtbot.wait(200)
    assert threads == [False]
    assert sum(1 for i in doc.issues if i.rule == "core.unknown-player") == 5
    assert [i.rule for i in doc.issues_at((2, 0))] == ["core.unknown-player"]
    assert doc.issue_counts()["error"] == 5
    assert not doc.is_checking()


def test_without_rule_set_only_structural_checks(qtbot):
    s = new_scenario("catalan", 3, 3)
    s.rules = RulesRef(id="no-such-rules")
    doc = Document(s)
    assert doc.rule_set is None and "no-such-rules" in doc.rule_set_error
    issues = doc.recheck_now()
    assert [i.rule for i in issues] == ["editor.no-rule-set"]


def test_a_failing_rule_set_is_reported_not_raised(qtbot):
    class Broken(RuleSet):
        id = "broken"

        def board_issues(self, scenario):
            raise RuntimeError("boom")

    doc = Document(new_scenario("catalan", 3, 3))
    doc.rule_set = Broken()
    issues = doc.recheck_now()
    assert issues[0].rule == "editor.checker-failed" and "boom" in issues[0].message


def test_one_cell_edit_updates_only_its_items(qtbot):
    doc = Document(load(INDIA), INDIA)
    scene = BoardScene(doc)
    grid = doc.grid
    coord = grid.ordered_coords[len(grid.ordered_coords) // 2]
    before = scene.item_updates
    doc.undo_stack.push(SetCellsCommand(doc, {coord: doc.cell(coord).model_copy(update={"tile": LaidTile(tile="9", rotation=1)})}))
    assert scene.item_updates - before == 1
    before = scene.item_updates
    doc.undo_stack.push(SetEdgesCommand(doc, [], [EdgeFeature(cell=grid.label(coord), edge=0, kind="gauge")]))
    assert scene.item_updates == before  # an edge edit repaints the edge layer, not cell items
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert dumps(doc.scenario) == INDIA.read_text(encoding="utf-8")


def test_issue_dataclass_passes_through_signal(qtbot):
    doc = Document(new_scenario("catalan", 3, 3))
    issue = Issue("x", "error", "m", ("A1",))
    with qtbot.waitSignal(doc.issuesChanged) as sig:
        doc._set_issues([issue])
    assert sig.args == [[issue]] and doc.issues_at((0, 0)) == [issue]


def test_incremental_checks_agree_with_full_checks(qtbot):
    """After each edit the (incremental, threaded) live issues equal the rule set's full check."""
    from model import editing
    from model.paths import scenarios_dir as sd

    doc = Document(load(sd() / "catalan" / "midgame.json"))
    doc.check_delay_ms = 0
    assert hasattr(doc.rule_set, "incremental_checker")
    grid = doc.grid
    coords = grid.ordered_coords
    tiles = [t.id for t in doc.scenario.tileset().tiles]
    edits = []
    for k in range(12):
        c = coords[(k * 37) % len(coords)]
        if k % 3 == 0:
            edits.append(editing.stamp_cell(doc.scenario, c, tiles[k % len(tiles)], k))
        elif k % 3 == 1:
            edits.append(editing.brush_cells(doc.scenario, [c], "lake"))
        else:
            edits.append(editing.erase_cells(doc.scenario, [coords[(k * 11) % len(coords)]]))
    seen_rules = set()
    for cells in edits:
        if not cells:
            continue
        with qtbot.waitSignal(doc.issuesChanged, timeout=5000):
            doc.undo_stack.push(SetCellsCommand(doc, cells))
        qtbot.waitUntil(lambda: not doc.is_checking(), timeout=5000)
        assert doc.issues == doc.rule_set.check(doc.scenario)
        seen_rules.update(i.rule for i in doc.issues)
    assert "catalan.unreached-track" in seen_rules  # the edits did produce findings
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    qtbot.waitUntil(lambda: not doc.is_checking(), timeout=5000)
    assert doc.issues == doc.rule_set.check(doc.scenario) == []


def test_collector_comes_back_even_if_the_document_goes_away(qtbot):
    import gc
    import time

    from editor.workers import paused_collections

    class Slow(RuleSet):
        id = "slow"

        def board_issues(self, scenario):
            time.sleep(0.3)
            return []

    doc = Document(new_scenario("catalan", 4, 4))
    qtbot.waitUntil(lambda d=doc: not d.is_checking(), timeout=5000)
    doc.rule_set = doc._checker_rules = Slow()
    doc.check_delay_ms = 0
    doc.schedule_check()
    qtbot.waitUntil(lambda d=doc: d._running, timeout=2000)
    assert not gc.isenabled()
    doc.deleteLater()
    del doc
    qtbot.waitUntil(lambda: paused_collections() == 0, timeout=5000)
    assert gc.isenabled()

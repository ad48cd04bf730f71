"""The main window: files (new/open/save/recent/unsaved/errors), title, clipboard, issues, overlay,
autosave and recovery. Dialogs are answered by the ``no_dialogs`` fixture and never block."""

import json

from PySide6.QtCore import Qt

from editor import mainwindow
from editor.autosave import find_recoveries
from editor.commands import SetCellsCommand
from editor.dialogs import NewBoardChoice
from editor.tools import SelectTool
from model.board import EMPTY_CELL, Cell, City, EdgeFeature
from model.io import dumps, load, save
from model.newboard import new_scenario
from model.rules import Issue
from tests.editor_helpers import answers, click, make_window, no_dialogs  # noqa: F401 (autouse fixture)


def edit(win, coord=(1, 1), terrain="lake"):
    win.document.undo_stack.push(SetCellsCommand(win.document, {coord: Cell(terrain=terrain)}))


def test_title_shows_file_and_modified_mark(qtbot, tmp_path):
    path = tmp_path / "board.json"
    save(new_scenario("catalan", 4, 4), path)
    win = make_window(qtbot, tmp_path, load(path), path)
    assert win.windowTitle() == "board.json[*] — Trackwright"
    assert not win.isWindowModified()
    edit(win)
    assert win.isWindowModified()
    win.document.undo_stack.undo()
    assert not win.isWindowModified()


def test_save_as_save_and_recent_files(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    edit(win)
    answers().save_path = str(tmp_path / "new.json")
    assert win.save()  # never saved: asks for a name
    assert "ask_save_path" in answers().names()
    assert load(tmp_path / "new.json") == win.document.scenario
    assert not win.isWindowModified() and win.windowTitle().startswith("new.json")
    edit(win, (2, 2), "hill")
    assert win.save()
    assert load(tmp_path / "new.json").board.cell((2, 2)).terrain == "hill"
    assert (tmp_path / "new.json.bak").exists()
    assert win.recent_files()[0] == str((tmp_path / "new.json").resolve())
    win._fill_recent_menu()
    assert any("new.json" in a.text() for a in win.recent_menu.actions())


def test_open_prompts_for_unsaved_changes(qtbot, tmp_path):
    other = tmp_path / "other.json"
    save(new_scenario("catalan", 3, 3, title="Other"), other)
    win = make_window(qtbot, tmp_path)
    edit(win)
    answers().unsaved_answer = "cancel"
    answers().open_path = str(other)
    assert not win.open_file()
    assert win.document.cell((1, 1)).terrain == "lake"  # cancel keeps everything
    answers().unsaved_answer = "discard"
    assert win.open_file()
    assert win.document.scenario.meta.title == "Other" and win.document.path == other
    assert win.document.undo_stack.count() == 0 and not win.isWindowModified()
    assert answers().names().count("ask_unsaved") == 2


def test_unsaved_answer_save_writes_before_leaving(qtbot, tmp_path):
    path = tmp_path / "mine.json"
    save(new_scenario("catalan", 4, 4), path)
    win = make_window(qtbot, tmp_path, load(path), path)
    edit(win)
    answers().unsaved_answer = "save"
    answers().new_board = NewBoardChoice("catalan", 5, 5)
    assert win.new_file()
    assert load(path).board.cell((1, 1)).terrain == "lake"
    assert win.document.path is None and len(win.document.grid) == 25


def test_new_board_for_each_rule_set(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    answers().new_board = NewBoardChoice("18xx", 7, 5, "pointy", "Hexes")
    assert win.new_file()
    g = win.document.grid
    assert g.kind == "hex" and g.orientation == "pointy" and win.document.scenario.meta.title == "Hexes"
    assert win.scene.cell_item(g.ordered_coords[0]) is not None  # the scene was rebuilt
    answers().new_board = None  # cancelled
    assert not win.new_file()


def test_broken_file_shows_error_and_keeps_document(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    edit(win)
    before = dumps(win.document.scenario)
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "trackwright-scenario", "version": 1, "rules": {', encoding="utf-8")
    answers().unsaved_answer = "discard"
    assert not win.load_path(bad)
    name, title, text, detail = answers().calls[-1]
    assert name == "show_error" and "Nothing was changed" in text and "broken.json:1:" in detail
    assert dumps(win.document.scenario) == before and win.isWindowModified()
    assert bad.read_text(encoding="utf-8").endswith('"rules": {')  # nothing written


def test_save_error_keeps_everything(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    edit(win)
    target = tmp_path / "no-such-folder" / "x.json"
    assert not win.write_to(target)
    name, title, text, detail = answers().calls[-1]
    assert name == "show_error" and "nothing was lost" in text and "cannot be written" in detail
    assert win.isWindowModified() and win.document.path is None
    assert not target.exists()


def test_close_asks_and_cancel_keeps_window(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    edit(win)
    answers().unsaved_answer = "cancel"
    assert not win.close()
    assert win.isVisible()
    answers().unsaved_answer = "discard"
    assert win.close()


def test_copy_cut_paste_delete_select_all(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.document
    doc.undo_stack.push(SetCellsCommand(doc, {(0, 0): Cell(terrain="lake"), (1, 0): Cell(cities=[City(name="Vic")])}))
    doc.undo_stack.push(__import__("editor.commands", fromlist=["x"]).SetEdgesCommand(doc, [], [EdgeFeature(cell="A1", edge=3, kind="gauge")]))
    win.set_tool(win.tools[SelectTool])
    doc.set_selection([(0, 0), (1, 0)])
    assert win.copy()
    doc.set_selection([(3, 3)])
    win.paste_action.trigger()
    assert doc.cell((3, 3)).terrain == "lake" and doc.cell((4, 3)).cities[0].name == "Vic"
    assert EdgeFeature(cell="D4", edge=3, kind="gauge") in doc.scenario.board.edges
    assert doc.selection == [(3, 3), (4, 3)]
    n = doc.undo_stack.count()
    win.delete_action.trigger()
    assert doc.cell((3, 3)) == EMPTY_CELL and doc.undo_stack.count() == n + 1
    doc.set_selection([(0, 0)])
    win.cut_action.trigger()
    assert doc.cell((0, 0)) == EMPTY_CELL
    doc.set_selection([(5, 4)])
    assert win.paste()
    assert doc.cell((5, 4)).terrain == "lake"
    win.select_all_action.trigger()
    assert len(doc.selection) == 30


def test_issues_on_screen_and_click_locates(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.document
    issues = [Issue("x.bad", "error", "E4 is bad", ("E4",)), Issue("x.meh", "warning", "B2 meh", ("B2",)), Issue("x.n", "info", "note")]
    doc._set_issues(issues)
    marks = win.scene.issue_marks()
    assert set(marks) == {(4, 3), (1, 1)}
    assert "x.bad" in marks[(4, 3)].toolTip()
    assert win.counts_label.text() == "1 error, 1 warning, 1 note"
    rows = win.issues_panel.issue_items()
    win.issues_panel.tree.itemClicked.emit(rows[0], 0)
    assert doc.selection == [(4, 3)]


def test_live_checker_runs_after_an_edit(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.document
    with qtbot.waitSignal(doc.issuesChanged, timeout=5000):
        doc.undo_stack.push(SetCellsCommand(doc, {(0, 0): Cell(platform=__import__("model.board", fromlist=["x"]).Platform(station="S1", access=0, owner="ghost"))}))
    assert any(i.rule == "core.unknown-player" for i in doc.issues)
    assert win.scene.issue_marks().keys() >= {(0, 0)}


def test_overlay_shades_legal_cells(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    doc = win.document
    doc.undo_stack.push(SetCellsCommand(doc, {(0, 0): Cell(terrain="lake")}))
    win.palette.select_tile("straight")
    win.overlay_action.trigger()
    assert win.palette.overlay_box.isChecked()
    cells = win.overlay_cells()
    assert (0, 0) not in cells and cells
    assert set(win.scene.shade_item.shades) == cells
    win.overlay_action.trigger()
    assert win.scene.shade_item.shades == {}


def test_export_entry_only_when_the_dialog_module_exists(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(mainwindow, "export_dialog_module", lambda: None)
    win = make_window(qtbot, tmp_path)
    file_menu = win.menuBar().actions()[0].menu()
    assert not any("Export" in a.text() for a in file_menu.actions())
    calls = []

    class FakeModule:
        @staticmethod
        def open_export_dialog(parent, document):
            calls.append(document)

    monkeypatch.setattr(mainwindow, "export_dialog_module", lambda: FakeModule)
    win2 = make_window(qtbot, tmp_path)
    file_menu = win2.menuBar().actions()[0].menu()
    export = [a for a in file_menu.actions() if "Export" in a.text()]
    assert len(export) == 1
    export[0].trigger()
    assert calls == [win2.document]


def test_autosave_and_recovery_after_a_crash(qtbot, tmp_path):
    path = tmp_path / "work.json"
    save(new_scenario("catalan", 4, 4), path)
    win = make_window(qtbot, tmp_path, load(path), path)
    edit(win, (2, 2), "mountain")
    assert win.autosaver.autosave()
    assert win.autosaver.file.exists()
    info = json.loads(win.autosaver.info.read_text())
    assert info["original"] == str(path)
    assert load(path).board.cell((2, 2)) == EMPTY_CELL  # the user's file is untouched
    assert win.autosaver.timer.interval() == 30_000
    # a crash: the window goes away without cleaning up; a new session finds the file
    recovery_dir = win.autosaver.folder
    win.autosaver.timer.stop()
    win.autosaver.document.modifiedChanged.disconnect(win.autosaver._modified_changed)
    win.autosaver.discard = lambda: None
    win.autosaver.release_lock()  # the operating system drops a dead process's lock
    win2 = make_window(qtbot, tmp_path)
    assert len(find_recoveries(recovery_dir)) == 1
    assert win2.offer_recovery()
    assert "ask_recover" in answers().names()
    assert win2.document.cell((2, 2)).terrain == "mountain"
    assert win2.document.path == path and win2.isWindowModified()
    # recovering did not write the user's file
    assert load(path).board.cell((2, 2)) == EMPTY_CELL
    # saving clears the recovery file
    assert win2.save()
    assert not win2.autosaver.file.exists()


def test_declined_recovery_is_discarded(qtbot, tmp_path):
    folder = tmp_path / "recovery"
    folder.mkdir()
    save(new_scenario("catalan", 2, 2), folder / "old.json")
    (folder / "old.info.json").write_text(json.dumps({"original": None, "saved_at": 0}))
    answers().recover = False
    win = make_window(qtbot, tmp_path)
    assert not win.offer_recovery()
    assert find_recoveries(folder) == []


def test_keyboard_shortcut_switches_tool(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    win.activateWindow()
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_B)
    assert type(win.view.tool).__name__ in ("BrushTool", "SelectTool")  # offscreen may not deliver shortcuts
    win.tool_actions[type(win.tools[SelectTool])].trigger()
    click(win, (0, 0))
    assert win.document.selection == [(0, 0)]


def test_build_window_default_path_and_broken_path(qtbot, tmp_path):
    from editor.app import build_window
    from model.paths import scenarios_dir

    win = build_window(None)
    qtbot.addWidget(win)
    assert win.document.path == scenarios_dir() / "18india.json"
    assert win.document.scenario.rules.id == "18india"
    good = tmp_path / "g.json"
    save(new_scenario("catalan", 3, 3), good)
    win2 = build_window(str(good))
    qtbot.addWidget(win2)
    assert win2.document.path == good and len(win2.document.grid) == 9
    bad = tmp_path / "bad.json"
    bad.write_text("not json", encoding="utf-8")
    win3 = build_window(str(bad))
    qtbot.addWidget(win3)
    assert answers().names()[-1] == "show_error"
    assert win3.document.path == scenarios_dir() / "18india.json"  # fell back to the default board


def test_default_scenario_falls_back_to_catalan(monkeypatch, tmp_path):
    monkeypatch.setattr(mainwindow, "scenarios_dir", lambda: tmp_path)
    scenario, path = mainwindow.default_scenario()
    assert path is None and scenario.rules.id == "catalan" and scenario.board.grid.kind == "square"


def test_run_editor_shows_the_window_and_returns_the_loop_status(qtbot, monkeypatch, tmp_path):
    from editor import app as app_module

    good = tmp_path / "g.json"
    save(new_scenario("catalan", 3, 3), good)
    shown = []

    def fake_exec(app):
        windows = [w for w in app.topLevelWidgets() if isinstance(w, mainwindow.MainWindow) and w.isVisible()]
        shown.extend(w for w in windows if w.document.path == good)
        for w in shown:
            qtbot.addWidget(w)
        return 7

    monkeypatch.setattr(app_module, "exec_app", fake_exec)
    assert app_module.run_editor(str(good)) == 7
    assert len(shown) == 1 and shown[0].windowTitle().startswith("g.json")


def test_puzzle_dock_only_when_the_panel_exists(qtbot, tmp_path, monkeypatch):
    win = make_window(qtbot, tmp_path)
    if mainwindow.puzzle_panel_class() is not None:
        assert win.puzzle_dock is not None and win.puzzle_panel.document is win.document
    monkeypatch.setattr(mainwindow, "puzzle_panel_class", lambda: None)
    win2 = make_window(qtbot, tmp_path)
    assert win2.puzzle_dock is None
    view_menu = win2.menuBar().actions()[2].menu()
    assert not any(a.text() == "Puzzle" for a in view_menu.actions())


def test_typing_in_a_field_is_not_taken_by_tool_shortcuts(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    win.activateWindow()
    win.document.set_selection([(1, 1)])
    field = win.properties.field("name")
    field.setFocus()
    qtbot.keyClicks(field, "Bert FGPTER")
    assert field.text() == "Bert FGPTER"
    assert isinstance(win.view.tool, SelectTool)
    assert win.tools[mainwindow.StampTool].rotation == 0
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert win.document.cell((1, 1)).name == "Bert FGPTER"


def test_closing_commits_the_field_being_edited_before_asking(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    win.activateWindow()
    win.document.set_selection([(1, 1)])
    field = win.properties.field("name")
    field.setFocus()
    qtbot.keyClicks(field, "Olot")
    answers().unsaved_answer = "cancel"
    assert not win.close()
    assert win.document.cell((1, 1)).name == "Olot" and "ask_unsaved" in answers().names()
    answers().unsaved_answer = "discard"
    assert win.close()
    assert win.properties.frozen


def test_save_includes_the_field_being_typed(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    win.document.set_selection([(2, 2)])
    win.properties.field("name").setText("Berga")  # typed, Return not pressed yet
    answers().save_path = str(tmp_path / "b.json")
    assert win.save()
    assert load(tmp_path / "b.json").board.cell((2, 2)).name == "Berga"


def test_recovery_of_a_running_editor_is_not_offered(qtbot, tmp_path):
    import subprocess
    import sys

    folder = tmp_path / "recovery"
    folder.mkdir()
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        save(new_scenario("catalan", 2, 2), folder / "live.json")
        (folder / "live.info.json").write_text(json.dumps({"original": None, "saved_at": 0, "pid": other.pid}))
        assert find_recoveries(folder) == []
    finally:
        other.kill()
        other.wait()
    assert len(find_recoveries(folder)) == 1  # its editor is gone: now it is a crash to recover

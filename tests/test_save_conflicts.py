"""Two editors on one file, and two crashed sessions on one file: nothing is lost without asking.

A window remembers the file's contents as it opened or last saved them; a save that finds them
changed (another window or program wrote the file) asks: overwrite, Save As, or cancel. A
recovery record carries the same memory, so recovering the work of a session that crashed, after
another session's work was already saved to the file, asks before replacing it too.
"""

from __future__ import annotations

from editor.tools import BrushTool
from model.io import load, save
from model.newboard import new_scenario
from tests.editor_helpers import answers, drag, make_window, no_dialogs  # noqa: F401 (autouse fixture)
from tests.test_recovery import crash


def paint(win, coords, terrain: str) -> None:
    """Paint ``coords`` with the brush by real mouse events."""
    brush = win.tools[BrushTool]
    brush.set_terrain(terrain, 0)
    win.set_tool(brush)
    drag(win, coords)


def test_two_editors_on_one_file_the_second_save_asks(qtbot, tmp_path):
    path = tmp_path / "board.json"
    save(new_scenario("catalan", 6, 5), path)
    a = make_window(qtbot, tmp_path, load(path), path)
    b = make_window(qtbot, tmp_path, load(path), path)
    paint(a, [(0, 0), (1, 0)], "lake")
    paint(b, [(0, 4), (1, 4)], "mountain")
    a.save_action.trigger()
    assert "ask_file_changed" not in answers().names()  # nobody else wrote it: saved at once
    assert load(path).board.cell((0, 0)).terrain == "lake"

    answers().file_changed = "cancel"
    b.save_action.trigger()
    assert answers().names().count("ask_file_changed") == 1
    assert load(path).board.cell((0, 0)).terrain == "lake"  # a's work kept
    assert b.document.is_modified()  # and b's still open, unsaved

    answers().file_changed = "save_as"
    answers().save_path = str(tmp_path / "b-copy.json")
    b.save_action.trigger()
    assert load(tmp_path / "b-copy.json").board.cell((0, 4)).terrain == "mountain"
    assert load(path).board.cell((0, 0)).terrain == "lake"

    paint(a, [(2, 2)], "mountain")
    a.save_action.trigger()  # a saved last and nobody wrote since: no question
    assert answers().names().count("ask_file_changed") == 2
    assert load(path).board.cell((2, 2)).terrain == "mountain"

    b2 = make_window(qtbot, tmp_path, load(path), path)
    paint(b2, [(3, 3)], "lake")
    paint(a, [(4, 4)], "lake")
    a.save_action.trigger()
    answers().file_changed = "overwrite"
    b2.save_action.trigger()  # the user chose to replace a's last change
    assert answers().names().count("ask_file_changed") == 3
    assert load(path).board.cell((3, 3)).terrain == "lake" and load(path).board.cell((4, 4)).terrain != "lake"


def test_saving_a_file_changed_only_in_its_timestamp_does_not_ask(qtbot, tmp_path):
    path = tmp_path / "board.json"
    save(new_scenario("catalan", 6, 5), path)
    win = make_window(qtbot, tmp_path, load(path), path)
    path.write_bytes(path.read_bytes())  # touched, same bytes
    paint(win, [(0, 0)], "lake")
    win.save_action.trigger()
    assert "ask_file_changed" not in answers().names()
    assert load(path).board.cell((0, 0)).terrain == "lake"


def test_two_crashed_sessions_on_one_file_are_both_offered_and_neither_overwrites_silently(qtbot, tmp_path):
    path = tmp_path / "board.json"
    save(new_scenario("catalan", 6, 5), path)
    first = make_window(qtbot, tmp_path, load(path), path)
    second = make_window(qtbot, tmp_path, load(path), path)
    paint(first, [(0, 0)], "lake")
    paint(second, [(5, 4)], "mountain")
    assert first.autosaver.autosave() and second.autosaver.autosave()
    crash(first)
    crash(second)

    # the next start offers one copy and says another is kept; the user opens it and saves
    win = make_window(qtbot, tmp_path)
    assert win.offer_recovery()
    asked = [c for c in answers().calls if c[0] == "ask_recover"]
    assert len(asked) == 1 and asked[0][1] == str(path.resolve())
    win.save_action.trigger()  # the file is as both sessions read it: saved without a question
    assert "ask_file_changed" not in answers().names()
    saved = path.read_bytes()
    one = load(path)
    win.autosaver.discard()

    # the start after offers the other copy: saving it would replace the first one's work, so it asks
    win2 = make_window(qtbot, tmp_path)
    assert win2.offer_recovery()
    assert len([c for c in answers().calls if c[0] == "ask_recover"]) == 2
    answers().file_changed = "cancel"
    win2.save_action.trigger()
    assert answers().names().count("ask_file_changed") == 1
    assert path.read_bytes() == saved  # the first recovery's work is still there
    answers().file_changed = "save_as"
    answers().save_path = str(tmp_path / "other-session.json")
    win2.save_action.trigger()
    other = load(tmp_path / "other-session.json")
    kept = {(c.board.cell((0, 0)).terrain == "lake", c.board.cell((5, 4)).terrain == "mountain") for c in (one, other)}
    assert kept == {(True, False), (False, True)}  # each session's work, in its own file
    assert path.read_bytes() == saved

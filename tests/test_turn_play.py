"""The state of play in the editor: the Turn panel picks the game phase by name and shows what it
allows, the palette marks the tiles the phase refuses, the Token tool places neutral and blocking
tokens, and the Privates box lists any title's private companies with their abilities. Real
mouse and key events, offscreen; the boards are the golden cases' (tests/cases/18xx/)."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from editor.tools import TokenTool
from model.board import Token
from model.io.files import loads
from tests.editor_helpers import make_window, no_dialogs  # noqa: F401 (autouse fixture)
from tests.test_turn_tokens import choose, circle_point, click_at, press_button

CASES = Path(__file__).parent / "cases" / "18xx"


def case_scenario(name: str):
    spec = json.loads((CASES / name / "case.json").read_text(encoding="utf-8"))
    return loads(json.dumps(spec["scenario"]))


def window(qtbot, tmp_path, name: str):
    win = make_window(qtbot, tmp_path, case_scenario(name), None, size=(1400, 900))
    win.turn_dock.show()
    win.turn_dock.raise_()
    return win


def test_the_phase_is_picked_by_name_and_the_palette_marks_what_it_refuses(qtbot, tmp_path):
    win = window(qtbot, tmp_path, "phase-colour")
    panel, palette = win.turn_panel, win.palette
    combo = panel.game_phase_combo
    assert [combo.itemText(i) for i in range(combo.count())] == ["", "2", "3"]  # the title's phases
    assert panel.phase_colours.text().startswith("tiles: yellow;")
    gk = palette.item_for("gk")
    assert gk.foreground().color() == QColor("#9a9a9a") and "phase 2 allows yellow" in gk.toolTip()
    assert "not in this phase" in palette.headers["green"].text()
    assert palette.item_for("y7").foreground().color() == QColor("#202020")
    choose(qtbot, combo, "3")
    assert win.document.scenario.state.game_phase == "3"
    qtbot.waitUntil(lambda: "green" in panel.phase_colours.text(), timeout=2000)
    assert "can_buy_companies" in panel.phase_colours.text()
    qtbot.waitUntil(lambda: palette.item_for("gk").foreground().color() == QColor("#202020"), timeout=2000)
    assert "not in this phase" not in palette.headers["green"].text()
    # a phase the title does not have is refused, naming the field
    combo.setFocus()
    combo.lineEdit().selectAll()
    qtbot.keyClicks(combo.lineEdit(), "9")
    qtbot.keyClick(combo.lineEdit(), "\r")
    qtbot.wait(5)
    assert win.document.scenario.state.game_phase == "3" and "state.game_phase" in panel.error.text()


def test_the_token_tool_places_a_neutral_token_that_blocks_nobody(qtbot, tmp_path):
    win = window(qtbot, tmp_path, "token-normal-blocks")
    doc = win.document
    c6 = doc.grid.coord("C6")
    assert doc.cell(c6).tokens == [Token(company="Y", circle=0)]
    press_button(win, win.tool_actions[TokenTool])
    tool = win.current_tool
    click_at(win, circle_point(win, "C6", 0, 0), Qt.MouseButton.RightButton)
    assert doc.cell(c6).tokens == []
    choose(qtbot, tool.mode_box, "neutral token")
    click_at(win, circle_point(win, "C6", 0, 0))
    assert doc.cell(c6).tokens == [Token(company="neutral", kind="neutral", circle=0)]
    rules = doc.rule_set
    move = rules.parse_move(doc.scenario, "lay C4 y7 0", "X", None)
    assert rules.explain(doc.scenario, move).legal  # the walk passes the neutral token
    choose(qtbot, tool.mode_box, "blocking token")
    click_at(win, circle_point(win, "C6", 0, 0))
    assert [t.kind for t in doc.cell(c6).tokens] == ["neutral", "blocking"]


def test_the_privates_box_lists_any_titles_privates_with_their_abilities(qtbot, tmp_path):
    win = window(qtbot, tmp_path, "private-ability-lay")
    box = win.turn_panel.privates_box
    assert box.isVisibleTo(win) and not box.pending_combo.isVisibleTo(win)
    assert box.table.item(0, 0).text() == "P1 Mountain Railway"
    abilities = box.abilities_label
    assert abilities.isVisibleTo(win) and abilities.text() == "P1: lays tile y7 on B9, A4 free (1 left)"
    assert '"type":"tile_lay"' in abilities.toolTip()
    choose(qtbot, box.owner_combos["P1"], "Y")
    assert win.document.scenario.state.privates[0].owner == "Y"
    path = Path("/tmp/play-turn-privates.png") if Path("/tmp").is_dir() else tmp_path / "turn.png"
    win.turn_panel.grab().save(str(path))
    assert path.stat().st_size > 0

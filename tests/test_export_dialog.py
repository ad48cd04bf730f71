"""File -> Export…: the dialog exports, and on a refusal lists the issues and jumps to them."""

from __future__ import annotations

from pathlib import Path

import pytest

from model.board import Token
from model.io import dumps, load

pytestmark = pytest.mark.gui

REPO = Path(__file__).resolve().parents[1]
SCENARIO = REPO / "scenarios" / "18india.json"


@pytest.fixture
def document(qtbot):
    from editor.document import Document

    doc = Document(load(SCENARIO), SCENARIO)
    doc.threaded_checks = False
    return doc


def _broken(scenario):
    cells = dict(scenario.board.cells)
    cells["G8"] = cells["G8"].model_copy(update={"tokens": [Token(company="NOPE", city=0)]})
    return scenario.model_copy(update={"board": scenario.board.model_copy(update={"cells": cells})})


def test_dialog_exports_the_chosen_format(qtbot, tmp_path, document):
    from editor.export_dialog import ExportDialog

    dlg = ExportDialog(document)
    qtbot.addWidget(dlg)
    dlg.set_format("json")
    out = tmp_path / "out.json"
    dlg.path_edit.setText(str(out))
    outcome = dlg.do_export()
    assert outcome.written and out.read_text(encoding="utf-8") == dumps(document.scenario)
    assert "Wrote" in dlg.message.text()
    assert not dlg.issue_list.isVisibleTo(dlg)


def test_options_follow_the_format(qtbot, document):
    from editor.export_dialog import ExportDialog

    dlg = ExportDialog(document)
    qtbot.addWidget(dlg)
    dlg.set_format("png")
    assert dlg.dpi_box.isEnabled() and not dlg.page_box.isEnabled()
    assert dlg.path_edit.text().endswith(".png")
    dlg.set_format("pdf")
    assert dlg.page_box.isEnabled() and dlg.fit_box.isEnabled() and not dlg.dpi_box.isEnabled()
    assert dlg.fit_box.isChecked() and not dlg.overlap_box.isEnabled()  # one page (the default) has nothing to glue
    dlg.fit_box.setChecked(False)
    assert dlg.overlap_box.isEnabled()
    assert dlg.path_edit.text().endswith(".pdf")
    dlg.set_format("18xx-games")
    assert not dlg.cell_box.isEnabled() and dlg.path_edit.text().endswith(".rb")


def test_refusal_lists_issues_writes_nothing_and_jumps(qtbot, tmp_path, document):
    from editor.export_dialog import ExportDialog

    document.replace_scenario(_broken(document.scenario))
    dlg = ExportDialog(document)
    qtbot.addWidget(dlg)
    dlg.set_format("pdf")
    out = tmp_path / "out.pdf"
    dlg.path_edit.setText(str(out))
    outcome = dlg.do_export()
    assert outcome.refused and not out.exists()
    assert "refused" in dlg.message.text()
    assert dlg.issue_list.count() == len(outcome.refused)
    assert dlg.issue_list.isVisibleTo(dlg)
    row = next(i for i in range(dlg.issue_list.count()) if "G8" in dlg.issue_list.item(i).text())
    dlg.issue_list.setCurrentRow(row)
    coords = dlg.jump_to_selected()
    g8 = document.scenario.board.grid.coord("G8")
    assert coords == [g8] and document.selection == [g8]
    # ticking "Export anyway" writes it
    dlg.force_box.setChecked(True)
    dlg.set_format("json")
    dlg.path_edit.setText(str(tmp_path / "forced.json"))
    assert dlg.do_export().written and (tmp_path / "forced.json").exists()


def test_dialog_refuses_to_export_over_the_boards_own_file(qtbot, tmp_path):
    from PySide6.QtCore import Qt

    from editor.document import Document
    from editor.export_dialog import ExportDialog
    from model.io import save
    from model.newboard import new_scenario

    own = tmp_path / "board.json"
    save(new_scenario("catalan", 4, 4), own)
    before = own.read_bytes()
    (tmp_path / "link.json").symlink_to(own)
    doc = Document(load(own), own)
    doc.threaded_checks = False
    dlg = ExportDialog(doc)
    qtbot.addWidget(dlg)
    dlg.show()
    dlg.set_format("svg")
    dlg.path_edit.clear()
    qtbot.keyClicks(dlg.path_edit, str(tmp_path / "link.json"))
    qtbot.mouseClick(dlg.export_button, Qt.MouseButton.LeftButton)
    assert "own file" in dlg.message.text()
    assert own.read_bytes() == before and (tmp_path / "link.json").is_symlink()
    dlg.path_edit.clear()
    qtbot.keyClicks(dlg.path_edit, str(tmp_path / "picture.svg"))
    qtbot.mouseClick(dlg.export_button, Qt.MouseButton.LeftButton)
    assert "Wrote" in dlg.message.text() and (tmp_path / "picture.svg").read_bytes().lstrip().startswith(b"<")

"""Every modal dialog of the editor, each behind one small function.

The main window calls these through the module (``dialogs.ask_open_path(...)``), so tests
replace them with ``monkeypatch.setattr(dialogs, "ask_open_path", ...)`` and never block.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QWidget,
)

from editor.forms import form, ok_cancel, spin_box
from model.newboard import new_grid_kind
from model.rules import rule_set_ids

FILE_FILTER = "Trackwright scenarios (*.json);;All files (*)"


@dataclass
class NewBoardChoice:
    rules: str
    width: int
    height: int
    orientation: str = "flat"
    title: str = "Untitled"


def ask_open_path(parent: QWidget | None, folder: str = "") -> str | None:
    path, _ = QFileDialog.getOpenFileName(parent, "Open scenario", folder, FILE_FILTER)
    return path or None


IMPORT_FILTER = "Maps of other programs (*.rb *.json);;18xx.games map (*.rb);;18xx-maker game (*.json);;All files (*)"


def ask_import_path(parent: QWidget | None, folder: str = "") -> str | None:
    path, _ = QFileDialog.getOpenFileName(parent, "Import a map", folder, IMPORT_FILTER)
    return path or None


def ask_import_anyway(parent: QWidget | None, name: str, reason: str) -> bool:
    """The file holds something Trackwright cannot: import the rest (True) or stop (False)?"""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle("Import")
    box.setText(f"“{name}” holds things Trackwright cannot keep, for example:")
    box.setInformativeText(f"{reason[:300]}\n\nImport the rest and list what was left out?")
    box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Yes)
    return box.exec() == QMessageBox.StandardButton.Yes


def show_dropped(parent: QWidget | None, name: str, dropped: list[str]) -> None:
    """After a lenient import: what was left out, one item a line."""
    if not dropped:
        return
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Information)
    box.setWindowTitle("Imported with items left out")
    box.setText(f"“{name}” was imported; {len(dropped)} item{'s' if len(dropped) != 1 else ''} were left out.")
    box.setDetailedText("\n".join(dropped))
    box.exec()


def ask_save_path(parent: QWidget | None, suggested: str = "") -> str | None:
    path, _ = QFileDialog.getSaveFileName(parent, "Save scenario as", suggested, FILE_FILTER)
    if path and not Path(path).suffix:
        path += ".json"
    return path or None


def ask_unsaved(parent: QWidget | None, name: str) -> str:
    """'save', 'discard' or 'cancel' for a document with unsaved changes."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("Unsaved changes")
    box.setText(f"“{name}” has changes that are not saved.")
    box.setInformativeText("Save them before going on?")
    box.setStandardButtons(
        QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel
    )
    box.setDefaultButton(QMessageBox.StandardButton.Save)
    answer = box.exec()
    if answer == QMessageBox.StandardButton.Save:
        return "save"
    if answer == QMessageBox.StandardButton.Discard:
        return "discard"
    return "cancel"


def show_error(parent: QWidget | None, title: str, text: str, detail: str = "") -> None:
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Critical)
    box.setWindowTitle(title)
    box.setText(text)
    if detail:
        box.setInformativeText(detail)
    box.exec()


def ask_recover(parent: QWidget | None, original: str, when: str) -> bool:
    """Offer a recovery file left by a crash; True = open it."""
    answer = QMessageBox.question(
        parent,
        "Recover unsaved work?",
        f"Trackwright did not close normally. Unsaved work on “{original}” from {when} was kept.\n\n"
        "Open the recovered copy? (Your saved file is not changed until you save.)",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.Yes,
    )
    return answer == QMessageBox.StandardButton.Yes


class NewBoardDialog(QDialog):
    """File > New: rule set, grid orientation, size and title."""

    def __init__(self, parent: QWidget | None = None, rule_sets: list[str] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New board")
        self.rules = QComboBox()
        self.rules.addItems(rule_sets or rule_set_ids())
        self.orientation = QComboBox()
        self.orientation.addItems(["flat", "pointy"])
        self.width_box = spin_box(1, 1000, 12)
        self.height_box = spin_box(1, 1000, 12)
        self.title = QLineEdit("Untitled")
        layout = form(self, [
            ("Rule set", self.rules), ("Hex orientation", self.orientation), ("Width (columns)", self.width_box),
            ("Height (rows)", self.height_box), ("Title", self.title),
        ])
        layout.addRow(ok_cancel(self))
        self.rules.currentTextChanged.connect(self._rules_changed)
        self._rules_changed(self.rules.currentText())

    def _rules_changed(self, rules: str) -> None:
        self.orientation.setEnabled(new_grid_kind(rules) == "hex")  # hex boards are flat or pointy

    def choice(self) -> NewBoardChoice:
        return NewBoardChoice(
            self.rules.currentText(), self.width_box.value(), self.height_box.value(),
            self.orientation.currentText(), self.title.text().strip() or "Untitled",
        )


def ask_new_board(parent: QWidget | None) -> NewBoardChoice | None:
    dlg = NewBoardDialog(parent)
    return dlg.choice() if dlg.exec() == QDialog.DialogCode.Accepted else None


MAX_LISTED_CELLS = 40


def dropped_text(dropped: list[str], error: str = "") -> str:
    """The board-size dialog's warning: the cells that would be dropped (or why the size is refused)."""
    if error:
        return f"This size cannot be used: {error}"
    if not dropped:
        return ""
    shown = ", ".join(dropped[:MAX_LISTED_CELLS]) + (f" and {len(dropped) - MAX_LISTED_CELLS} more" if len(dropped) > MAX_LISTED_CELLS else "")
    return f"{len(dropped)} cell{'s' if len(dropped) != 1 else ''} with content would be dropped: {shown}"


class BoardSizeDialog(QDialog):
    """Edit > Board Size…: new width and height, with a warning listing the cells that would be dropped.

    ``preview(width, height)`` returns ``(dropped labels, error text)`` for a size (error: the size
    cannot be used; OK is then disabled).
    """

    def __init__(self, width: int, height: int, preview, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Board size")
        self._preview = preview
        self.width_box = spin_box(1, 1000, width)
        self.height_box = spin_box(1, 1000, height)
        self.warning = QLabel()
        self.warning.setWordWrap(True)
        self.warning.setStyleSheet("color: #b00020;")
        self.warning.setMinimumWidth(360)
        layout = form(self, [("Width (columns)", self.width_box), ("Height (rows)", self.height_box)])
        layout.addRow(self.warning)
        self.buttons = ok_cancel(self)
        layout.addRow(self.buttons)
        self.width_box.valueChanged.connect(self._update)
        self.height_box.valueChanged.connect(self._update)
        self._update()

    def size(self) -> tuple[int, int]:  # noqa: A003 - the board's size, not the widget's
        return self.width_box.value(), self.height_box.value()

    def _update(self) -> None:
        dropped, error = self._preview(*self.size())
        self.warning.setText(dropped_text(dropped, error))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not error)


def ask_board_size(parent: QWidget | None, width: int, height: int, preview) -> tuple[int, int] | None:
    """The new board size, or None when cancelled (see :class:`BoardSizeDialog`)."""
    dlg = BoardSizeDialog(width, height, preview, parent)
    return dlg.size() if dlg.exec() == QDialog.DialogCode.Accepted else None


def ask_colour(parent: QWidget | None, initial: str = "") -> str | None:
    """A colour picked in the colour dialog, as ``#rrggbb``; None when cancelled."""
    from PySide6.QtGui import QColor
    from PySide6.QtWidgets import QColorDialog

    start = QColor(initial) if QColor(initial).isValid() else QColor("#cc0000")
    colour = QColorDialog.getColor(start, parent, "Pick a colour")
    return colour.name() if colour.isValid() else None

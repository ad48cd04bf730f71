"""File -> Export…: choose a format and its options, run the rule gate, write the file.

When the rule set reports errors the export is refused (unless "Export anyway" is ticked): the
dialog lists the issues and "Show on board" jumps to the cells of the selected one. The main
window calls :func:`show_export_dialog` (also reachable as ``open_export_dialog``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor import dialogs
from model.io.atomic import same_file, write_atomic
from model.io.export_json import (
    FORMATS,
    GRAPHIC_FORMATS,
    SUFFIXES,
    blocking,
    export_text,
    gate,
)
from model.scenario import Scenario

FORMAT_KEY = "export/format"
FIT_KEY = "export/pdf_fit"
"""Whether the PDF shrinks the board onto one page (the default) or prints it at true size over pages."""
"""The QSettings key of the last format chosen (the dialog opens on it next time)."""

FORMAT_TITLES = {
    "json": "Trackwright scenario (canonical JSON)",
    "18xx-games": "18xx.games map (map.rb, Ruby)",
    "18xx-maker": "18xx-maker game (JSON)",
    "svg": "SVG picture",
    "png": "PNG image",
    "pdf": "PDF for print-and-play",
}


@dataclass
class ExportOutcome:
    """What an export did: refused with these errors, or wrote ``size`` bytes (with notes)."""

    refused: list = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    size: int = 0

    @property
    def written(self) -> bool:
        return not self.refused and self.size > 0


def run_export(scenario: Scenario, fmt: str, path: str | Path, *, force: bool = False, **options) -> ExportOutcome:
    """The export the dialog runs: the gate, then the bytes, then an atomic write.

    Raises ``ValueError`` (including the exporters' own errors) and ``OSError`` for the caller
    to show; a refusal is not an exception but an outcome with ``refused`` set.
    """
    errors = blocking(gate(scenario))
    if errors and not force:
        return ExportOutcome(refused=errors)
    if fmt in GRAPHIC_FORMATS:
        from editor.render.graphics import render

        data, notes = render(scenario, fmt, **options), []
    else:
        data, notes = export_text(scenario, fmt)
    write_atomic(path, data)
    return ExportOutcome(notes=notes, size=len(data))


class ExportDialog(QDialog):
    """The Export dialog of one document."""

    def __init__(self, document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.main_window = parent
        self.outcome: ExportOutcome | None = None
        self.setWindowTitle("Export")
        form = QFormLayout()

        self.format_box = QComboBox()
        for fmt in FORMATS:
            self.format_box.addItem(FORMAT_TITLES[fmt], fmt)
        form.addRow("&Format:", self.format_box)

        row = QHBoxLayout()
        self.path_edit = QLineEdit()
        browse = QPushButton("&Browse…")
        browse.clicked.connect(self._browse)
        row.addWidget(self.path_edit, 1)
        row.addWidget(browse)
        output_label = QLabel("&Output:")  # a label of its own: a layout cannot be a buddy, so "&" would show
        output_label.setBuddy(self.path_edit)
        form.addRow(output_label, row)

        self.dpi_box = QSpinBox()
        self.dpi_box.setRange(10, 2400)
        self.dpi_box.setValue(150)
        self.dpi_box.setSuffix(" dpi")
        form.addRow("&Resolution:", self.dpi_box)
        self.page_box = QComboBox()
        from editor.render.graphics import DEFAULT_CELL_MM, DEFAULT_OVERLAP_MM, PAGE_SIZES

        self.page_box.addItems(list(PAGE_SIZES))
        self.page_box.setCurrentText("A4")
        form.addRow("&Page size:", self.page_box)
        self.fit_box = QCheckBox("Shrink onto one page (otherwise true size over several pages)")
        self.fit_box.setChecked(True)  # a PDF of the board is the whole board on a page unless asked otherwise
        form.addRow("", self.fit_box)
        self.overlap_box = QDoubleSpinBox()
        self.overlap_box.setRange(0.0, 50.0)
        self.overlap_box.setValue(DEFAULT_OVERLAP_MM)
        self.overlap_box.setSuffix(" mm")
        self.overlap_box.setToolTip("Strip of each neighbouring page repeated on the next, for gluing; crop marks show where it starts")
        form.addRow("Over&lap:", self.overlap_box)
        self.pages_label = QLabel()  # how many pages the PDF prints, so "one page" is an informed choice
        form.addRow("", self.pages_label)
        self.cell_box = QDoubleSpinBox()
        self.cell_box.setRange(3.0, 200.0)
        self.cell_box.setValue(DEFAULT_CELL_MM)
        self.cell_box.setSuffix(" mm")
        self.cell_box.setToolTip("Printed cell size: hex centre to corner (22 mm is the usual 18xx hex), or a square's side")
        form.addRow("&Cell size:", self.cell_box)
        self.labels_box = QCheckBox("Coordinate labels around the board")
        self.labels_box.setChecked(True)
        form.addRow("", self.labels_box)
        self.force_box = QCheckBox("Export anyway when the rules report errors")
        form.addRow("", self.force_box)

        self.message = QLabel()
        self.message.setWordWrap(True)
        self.issue_list = QListWidget()
        self.issue_list.itemDoubleClicked.connect(lambda _item: self.jump_to_selected())
        self.jump_button = QPushButton("&Show on board")
        self.jump_button.clicked.connect(self.jump_to_selected)
        self.issue_list.hide()
        self.jump_button.hide()

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.export_button = self.buttons.addButton("&Export", QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.do_export)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(self.issue_list, 1)
        layout.addWidget(self.jump_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.buttons)

        self.settings = getattr(parent, "settings", None)  # the main window's QSettings remember the format
        remembered = self.settings.value(FORMAT_KEY, "") if self.settings is not None else ""
        if remembered in FORMATS:
            self.format_box.setCurrentIndex(FORMATS.index(remembered))
        if self.settings is not None:  # true size over pages, once chosen, is kept for the next export
            self.fit_box.setChecked(str(self.settings.value(FIT_KEY, "true")).lower() != "false")
            self.fit_box.toggled.connect(lambda on: self.settings.setValue(FIT_KEY, "true" if on else "false"))
        self.format_box.currentIndexChanged.connect(self._format_changed)
        self._format_changed()
        self.page_box.currentIndexChanged.connect(self._update_pages)
        self.fit_box.toggled.connect(self._update_pages)
        self.overlap_box.valueChanged.connect(self._update_pages)
        self.cell_box.valueChanged.connect(self._update_pages)
        self.labels_box.toggled.connect(self._update_pages)
        self.resize(560, 420)

    # --- state ---------------------------------------------------------------------------------
    @property
    def fmt(self) -> str:
        return self.format_box.currentData()

    def set_format(self, fmt: str) -> None:
        self.format_box.setCurrentIndex(FORMATS.index(fmt))

    def _default_path(self, fmt: str) -> str:
        base = Path(getattr(self.document, "path", None) or "board")
        stem = base.stem + ("-18xx-maker" if fmt == "18xx-maker" else "-export" if fmt == "json" else "")
        return str(base.with_name(stem + SUFFIXES[fmt]))

    def _format_changed(self) -> None:
        fmt = self.fmt
        if self.settings is not None:
            self.settings.setValue(FORMAT_KEY, fmt)
        graphic = fmt in GRAPHIC_FORMATS
        self.dpi_box.setEnabled(fmt == "png")
        self.page_box.setEnabled(fmt == "pdf")
        self.fit_box.setEnabled(fmt == "pdf")
        self.overlap_box.setEnabled(fmt == "pdf")
        self.cell_box.setEnabled(graphic)
        self.labels_box.setEnabled(graphic)
        self._update_pages()
        current = self.path_edit.text()
        if not current or current == getattr(self, "_auto_path", None):
            # a name the dialog chose itself follows the format: each format has its own default
            # name (board-export.json, board-18xx-maker.json ...), so one export never replaces another
            self._auto_path = self._default_path(fmt)
            self.path_edit.setText(self._auto_path)
        elif Path(current).suffix in SUFFIXES.values():
            self.path_edit.setText(str(Path(current).with_suffix(SUFFIXES[fmt])))

    def _update_pages(self, *_args) -> None:
        """Say how many pages the PDF will have (pieces without a cell are not printed)."""
        self.overlap_box.setEnabled(self.fmt == "pdf" and not self.fit_box.isChecked())  # one page has nothing to glue
        if self.fmt != "pdf":
            self.pages_label.setText("")
            return
        from editor.render.graphics import GraphicsExportError, pdf_pages

        o = self.options()
        try:
            plan, pieces = pdf_pages(self.document.scenario, page_size=o["page_size"], cell_mm=o["cell_mm"], fit=o["fit"],
                                     labels=o["labels"], overlap_mm=o["overlap_mm"])
        except GraphicsExportError as exc:
            self.pages_label.setText(str(exc))
            return
        if plan.pages == 1:
            text = "1 page" + (f", the board at {plan.scale:.0%} of true size" if plan.scale < 1 else " at true size")
        else:
            empty = plan.pages - len(pieces)
            text = f"{len(pieces)} pages at true size, with crop marks" + (f" ({empty} without a cell left out)" if empty else "")
        self.pages_label.setText(text)

    def _browse(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export to", self.path_edit.text(), f"{FORMAT_TITLES[self.fmt]} (*{SUFFIXES[self.fmt]})")
        if path:
            self.path_edit.setText(path)

    def options(self) -> dict:
        return {
            "dpi": self.dpi_box.value(),
            "page_size": self.page_box.currentText(),
            "fit": self.fit_box.isChecked(),
            "overlap_mm": self.overlap_box.value(),
            "cell_mm": self.cell_box.value(),
            "labels": self.labels_box.isChecked(),
        }

    # --- actions -------------------------------------------------------------------------------
    def do_export(self) -> ExportOutcome | None:
        """Run the export; show the refusal's issues, an error, or what was written."""
        path = self.path_edit.text().strip()
        self.issue_list.clear()
        self.issue_list.hide()
        self.jump_button.hide()
        if not path:
            self.message.setText("Choose an output file first.")
            return None
        own = getattr(self.document, "path", None)
        if own is not None and same_file(own, path):
            self.message.setText(
                f"<b>Export failed:</b> {path} is this board's own file; exporting there would replace it. "
                "Choose another file (File → Save writes the board itself)."
            )
            return None
        if Path(path).exists() and not dialogs.ask_replace(self, path):
            self.message.setText(f"Nothing was written: {path} exists and was kept.")
            return None
        try:
            outcome = run_export(self.document.scenario, self.fmt, path, force=self.force_box.isChecked(), **self.options())
        except (ValueError, KeyError, OSError) as exc:
            self.message.setText(f"<b>Export failed:</b> {exc}")
            return None
        self.outcome = outcome
        if outcome.refused:
            self.message.setText(
                f"<b>Export refused:</b> the rules report {len(outcome.refused)} error(s). Nothing was written. "
                "Fix them (select one and press Show on board), or tick “Export anyway”."
            )
            for issue in outcome.refused:
                item = QListWidgetItem(f"{issue_text(issue)} [{issue.rule}]")
                item.setData(Qt.ItemDataRole.UserRole, list(issue.cells))
                self.issue_list.addItem(item)
            self.issue_list.setCurrentRow(0)
            self.issue_list.show()
            self.jump_button.show()
            return outcome
        text = f"Wrote {path} ({outcome.size} bytes)."
        if outcome.notes:
            text += f" {len(outcome.notes)} note(s): " + "; ".join(outcome.notes[:3]) + (" …" if len(outcome.notes) > 3 else "")
        self.message.setText(text)
        return outcome

    def jump_to_selected(self) -> list:
        """Select and centre the cells of the selected issue in the editor; returns the coords."""
        item = self.issue_list.currentItem()
        if item is None:
            return []
        grid = self.document.scenario.board.grid
        coords = [grid.coord(lbl) for lbl in item.data(Qt.ItemDataRole.UserRole) if grid.is_label(lbl)]
        if not coords:
            return []
        win = self.main_window
        if win is not None and hasattr(win, "locate_cells"):
            win.locate_cells(coords)
            self.keep_clear_of(win, coords)
        else:
            self.document.set_selection(coords)
        return coords

    def keep_clear_of(self, win, coords: list) -> None:
        """Make the cells the board now shows visible beside the dialog.

        The board scrolls them into the largest part of the view the dialog leaves free; when
        no part is large enough (or the board cannot scroll so far) the dialog moves aside.
        """
        view = getattr(win, "view", None)
        if view is None or not self.isVisible():
            return
        vp = view.viewport()
        board = QRect(vp.mapToGlobal(QPoint(0, 0)), vp.size())
        area = self._cells_area(view, coords)
        frame = self.frameGeometry()
        if not frame.intersects(area):
            return
        free = [
            QRect(QPoint(board.left(), board.top()), QPoint(frame.left() - 1, board.bottom())),
            QRect(QPoint(frame.right() + 1, board.top()), QPoint(board.right(), board.bottom())),
            QRect(QPoint(board.left(), board.top()), QPoint(board.right(), frame.top() - 1)),
            QRect(QPoint(board.left(), frame.bottom() + 1), QPoint(board.right(), board.bottom())),
        ]
        fits = [r for r in free if r.width() >= area.width() and r.height() >= area.height()]
        if fits:
            target = max(fits, key=lambda r: r.width() * r.height()).center()
            delta = target - area.center()
            view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() - delta.x())
            view.verticalScrollBar().setValue(view.verticalScrollBar().value() - delta.y())
            area = self._cells_area(view, coords)
            if not frame.intersects(area):
                return
        left_room, right_room = area.left() - board.left(), board.right() - area.right()
        if max(left_room, right_room) >= frame.width():
            x = area.right() + 1 if right_room >= left_room else area.left() - frame.width()
            self.move(QPoint(x, frame.top()))  # move() places the frame, decorations and all
        else:
            y = area.bottom() + 1 if board.bottom() - area.bottom() >= area.top() - board.top() else area.top() - frame.height()
            self.move(QPoint(frame.left(), y))

    @staticmethod
    def _cells_area(view, coords: list) -> QRect:
        """The cells' rectangle in global screen pixels (with a small margin)."""
        rect = view.board_scene.cells_rect(coords)
        vp = view.viewport()
        a = vp.mapToGlobal(view.mapFromScene(rect.topLeft()))
        b = vp.mapToGlobal(view.mapFromScene(rect.bottomRight()))
        return QRect(a, b).normalized().adjusted(-8, -8, 8, 8)


def issue_text(issue) -> str:
    """``CELLS: message`` without saying the cells twice when the message already starts with them."""
    where = ", ".join(issue.cells) or "board"
    message = issue.message
    for prefix in (f"{where}: ", *(f"{c}: " for c in issue.cells[:1])):
        if message.startswith(prefix):
            message = message[len(prefix):]
            break
    return f"{where}: {message}"


def show_export_dialog(main_window, document) -> ExportDialog:
    """Open the Export dialog for ``document`` over ``main_window`` (modal) and return it."""
    dialog = ExportDialog(document, main_window)
    dialog.exec()
    return dialog


open_export_dialog = show_export_dialog

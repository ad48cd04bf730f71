"""The Turn panel's private companies (any 18xx title's) and the pending home (18 India's GIPR).

A table with one row per private in ``state.privates``: its id (the name in the tooltip), its
owner chosen from the companies and the players (or "not sold"), a *used* check box (the ability
is spent and the private has closed), the discount still running (18 India's P4: above 0,
its ₹40 off the terrain costs is being used this operating round) and its abilities that change
a lay, in words (the engine's fields in the tooltip). Below it a private can be
added or the selected one removed, and a chooser names the company that must pick its home now
(``state.pending_home``).

Every change is one undo step through the document (picks in one owner list one after another,
or arrow steps of one discount, are one step), so the checker, the ghost and the overlay follow.
The decisions (validation, the new state) are :mod:`model.turn`'s.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from editor.commands import SetPartCommand
from editor.document import Document
from model import turn

NOT_SOLD = "(not sold)"
NO_HOME = "(none)"
PRIVATE_COLUMNS = ("Private", "Owner", "Used", "Discount")


class PrivatesBox(QGroupBox):
    """Edits ``state.privates`` and ``state.pending_home`` (see the module docstring).

    ``choice_command`` makes the undo command of a pick (the Turn panel's merging command);
    ``report`` shows an error in the panel."""

    def __init__(self, document: Document, choice_command, report, parent: QWidget | None = None) -> None:
        super().__init__("Private companies", parent)
        self.document = document
        self._choice_command = choice_command
        self._report = report
        self._shape: tuple | None = None
        self.owner_combos: dict[str, QComboBox] = {}
        self.used_boxes: dict[str, QCheckBox] = {}
        self.discount_spins: dict[str, QSpinBox] = {}
        self.table = QTableWidget(0, len(PRIVATE_COLUMNS))
        self.table.setObjectName("private_table")
        self.table.setHorizontalHeaderLabels(list(PRIVATE_COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        header = self.table.horizontalHeader()
        for col in range(len(PRIVATE_COLUMNS)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Stretch if col == 1 else QHeaderView.ResizeMode.ResizeToContents)
        self.new_id = QLineEdit()
        self.new_id.setObjectName("private_new_id")
        self.new_id.setPlaceholderText("new private: id, name")
        self.add_button = QPushButton("Add private")
        self.add_button.clicked.connect(self._add)
        self.new_id.returnPressed.connect(self._add)
        self.remove_button = QPushButton("Remove selected")
        self.remove_button.clicked.connect(self._remove)
        buttons = QHBoxLayout()
        buttons.addWidget(self.new_id, 1)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        self.pending_combo = QComboBox()
        self.pending_combo.setObjectName("turn_pending_home")
        self.pending_combo.setToolTip("A company that must choose its home now (18 India's GIPR): "
                                      "until it does, its only moves are the home choices")
        self.pending_combo.activated.connect(self._pending_chosen)
        self.empty_note = QLabel("No private companies in this scenario.")
        self.abilities_label = QLabel()
        self.abilities_label.setObjectName("private_abilities")
        self.abilities_label.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow(self.table)
        form.addRow(self.empty_note)
        form.addRow(self.abilities_label)
        form.addRow(buttons)
        form.addRow("Home pending for", self.pending_combo)
        self._form = form

    @property
    def scenario(self):
        return self.document.scenario

    # --- reading -----------------------------------------------------------------------------
    def show_pending(self, on: bool) -> None:
        """Show the pending-home chooser (for rule sets that read ``state.pending_home``)."""
        self.pending_combo.setVisible(on)
        label = self._form.labelForField(self.pending_combo)
        if label is not None:
            label.setVisible(on)
        self.setTitle("Private companies and a pending home" if on else "Private companies")

    def refresh(self) -> None:
        """Show the document's privates and pending home (widgets are kept while the rows and
        the list of owners stay the same, so an edit in progress is not thrown away)."""
        s = self.scenario
        owners = turn.private_owners(s)
        known = set(owners)
        shape = (tuple((pc.id, pc.owner if pc.owner not in known else None) for pc in s.state.privates), tuple(owners))
        if shape != self._shape:
            self._build(owners)
            self._shape = shape
        for r, pc in enumerate(s.state.privates):
            item = self.table.item(r, 0)
            item.setToolTip(pc.name or pc.id)
            item.setText(pc.id if not pc.name else f"{pc.id} {pc.name}")
            combo = self.owner_combos[pc.id]
            combo.blockSignals(True)
            combo.setCurrentText(pc.owner or NOT_SOLD)
            combo.blockSignals(False)
            box = self.used_boxes[pc.id]
            box.blockSignals(True)
            box.setChecked(pc.used)
            box.blockSignals(False)
            spin = self.discount_spins[pc.id]
            if spin.value() != pc.discount:
                spin.blockSignals(True)
                spin.setValue(pc.discount)
                spin.blockSignals(False)
        self._fill_abilities()
        self.table.setVisible(bool(s.state.privates))
        self.empty_note.setVisible(not s.state.privates)
        self.remove_button.setEnabled(bool(s.state.privates))
        items = [NO_HOME, *(c.id for c in s.companies)]
        self.pending_combo.blockSignals(True)
        if [self.pending_combo.itemText(i) for i in range(self.pending_combo.count())] != items:
            self.pending_combo.clear()
            self.pending_combo.addItems(items)
        self.pending_combo.setCurrentText(s.state.pending_home or NO_HOME)
        self.pending_combo.blockSignals(False)

    def _build(self, owners: list[str]) -> None:
        privates = self.scenario.state.privates
        self.table.setRowCount(0)
        self.owner_combos, self.used_boxes, self.discount_spins = {}, {}, {}
        self.table.setRowCount(len(privates))
        for r, pc in enumerate(privates):
            self.table.setItem(r, 0, QTableWidgetItem(pc.id))
            combo = QComboBox()
            combo.setObjectName(f"private_owner_{pc.id}")
            combo.addItems([NOT_SOLD, *owners])
            if pc.owner is not None and pc.owner not in owners:  # shown as it is, flagged
                combo.addItem(pc.owner)
                combo.setItemData(combo.count() - 1, "neither a company nor a player", Qt.ItemDataRole.ToolTipRole)
            combo.setToolTip("The company or player that owns the private")
            combo.activated.connect(lambda _i, pid=pc.id, c=combo: self._owner_chosen(pid, c))
            box = QCheckBox()
            box.setObjectName(f"private_used_{pc.id}")
            box.setToolTip("Its ability is used up: the private has closed")
            box.clicked.connect(lambda on, pid=pc.id: self._used_clicked(pid, on))
            spin = QSpinBox()
            spin.setObjectName(f"private_discount_{pc.id}")
            spin.setRange(0, 99999)
            spin.setKeyboardTracking(False)  # typed digits count on Return or leaving the box
            spin.setToolTip("Terrain discount left this operating round (18 India's P4: 40 once used; 0: none running)")
            spin.valueChanged.connect(lambda v, pid=pc.id: self._discount_changed(pid, v))
            self.table.setCellWidget(r, 1, combo)
            self.table.setCellWidget(r, 2, box)
            self.table.setCellWidget(r, 3, spin)
            self.owner_combos[pc.id], self.used_boxes[pc.id], self.discount_spins[pc.id] = combo, box, spin
        self.table.resizeRowsToContents()
        # tall enough for every row up to eight (then it scrolls)
        rows = sum(self.table.rowHeight(r) for r in range(min(len(privates), 8)))
        self.table.setFixedHeight(self.table.horizontalHeader().height() + rows + 2 * self.table.frameWidth() + 2)

    def _fill_abilities(self) -> None:
        """Below the table, each private's abilities in a few words (the engine's fields in the
        tooltip; they are edited in the file, or come with an import)."""
        privates = self.scenario.state.privates
        lines = [f"{pc.id}: " + ("; ".join(turn.ability_summary(ab) for ab in pc.abilities) or "no ability that changes a lay")
                 for pc in privates]
        self.abilities_label.setText("\n".join(lines))
        self.abilities_label.setToolTip("\n".join(
            f"{pc.id}: {ab.model_dump_json(exclude_defaults=True)}" for pc in privates for ab in pc.abilities))
        self.abilities_label.setVisible(bool(privates))

    # --- writing -----------------------------------------------------------------------------
    def _push_choice(self, state, text: str, key: str) -> None:
        if state != self.scenario.state:
            self.document.undo_stack.push(self._choice_command(self.document, state, text, key))

    def _owner_chosen(self, pid: str, combo: QComboBox) -> None:
        text = combo.currentText()
        owner = None if text == NOT_SOLD else text
        try:
            state = turn.privates_with(self.scenario, pid, owner=owner)
        except ValueError as exc:
            self._report(str(exc))
            return
        self._push_choice(state, f"{pid} owner: {owner or 'not sold'}", f"private_owner:{pid}")

    def _used_clicked(self, pid: str, on: bool) -> None:
        try:
            state = turn.privates_with(self.scenario, pid, used=on)
        except ValueError as exc:
            self._report(str(exc))
            return
        if state != self.scenario.state:
            self.document.undo_stack.push(
                SetPartCommand(self.document, "state", state, f"{pid} {'used' if on else 'not used'}"))

    def _discount_changed(self, pid: str, value: int) -> None:
        try:
            state = turn.privates_with(self.scenario, pid, discount=value)
        except ValueError as exc:
            self._report(str(exc))
            return
        self._push_choice(state, f"{pid} discount: {value}", f"private_discount:{pid}")

    def _add(self) -> None:
        ident, _sep, name = self.new_id.text().partition(",")
        try:
            state = turn.private_added(self.scenario, ident, name)
        except ValueError as exc:
            self._report(str(exc))
            return
        self.new_id.clear()
        self.document.undo_stack.push(SetPartCommand(self.document, "state", state, f"Add private {ident.strip()}"))

    def _remove(self) -> None:
        row = self.table.currentRow()
        privates = self.scenario.state.privates
        if not 0 <= row < len(privates):
            self._report("Pick the private to remove in the table")
            return
        pid = privates[row].id
        state = turn.private_removed(self.scenario, pid)
        self.document.undo_stack.push(SetPartCommand(self.document, "state", state, f"Remove private {pid}"))

    def _pending_chosen(self, _index: int) -> None:
        text = self.pending_combo.currentText()
        company = None if text == NO_HOME else text
        try:
            state = turn.pending_home_with(self.scenario, company)
        except ValueError as exc:
            self._report(str(exc))
            return
        self._push_choice(state, f"Home pending: {company or 'none'}", "pending_home")

    def owner_combo(self, private_id: str) -> QComboBox | None:
        """The owner chooser of one private (tests pick in it)."""
        return self.owner_combos.get(private_id)


__all__ = ["PrivatesBox"]

"""The Turn panel: where the game stands — active player or company, phases, drawn tile, hands,
tiles laid this turn, each company's cash and station tokens, the private companies and a
pending home (:mod:`editor.panels.privates`), and every other state field.

Every change is one undo step (a :class:`SetPartCommand` of ``state``, ``players`` or
``companies``); the live checker, the stamp's ghost, the overlay and the puzzle check read the
state, so they follow at once. Fields of :class:`model.scenario.GameState` without a dedicated
widget (and company fields the other panels do not show) get a generic editor built from the
pydantic model: plain text for strings, JSON for the rest, red with the reason when invalid.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.commands import SetPartCommand
from editor.document import Document
from editor.panels.privates import PrivatesBox
from model import turn
from model.scenario import Company, GameState

NOBODY = "(nobody: designing)"
UNSET = "(unset)"
NONE = "(none)"
INVALID_STYLE = "QLineEdit { background: #ffd6d6; border: 1px solid #c00000; }"
INVALID = QColor("#ffd6d6")
COMPANY_COLUMNS = ("Company", "Cash", "Tokens left", "Token costs")
COMPANY_TIPS = {
    1: "Cash in the treasury (empty: not tracked, every cost is affordable)",
    2: "Station tokens not yet on the board (and the cost of the next one)",
    3: "Cost of each station token, in the order they are placed (e.g. 0, 40, 100)",
}


class StateChoiceCommand(SetPartCommand):
    """A pick in one of the Turn panel's lists (active actor, phase, drawn tile, game phase):
    picks in the same list one after another (arrow keys through it) are one undo step."""

    MERGE_ID = 0x7475

    def __init__(self, document: Document, value: GameState, text: str, key: str) -> None:
        super().__init__(document, "state", value, text)
        self.key = key

    def id(self) -> int:
        return self.MERGE_ID

    def mergeWith(self, other) -> bool:  # noqa: N802 - Qt's name
        if not isinstance(other, StateChoiceCommand) or other.key != self.key:
            return False
        self.new = other.new
        self.setText(other.text())
        self.setObsolete(self.new == self.old)  # back where it started: no step at all
        return True


class TurnPanel(QWidget):
    """Edits the scenario's game state (see the module docstring)."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._filling = False
        # --- who and when
        self.turn_box = QSpinBox()
        self.turn_box.setRange(1, 9999)
        self.turn_box.setObjectName("turn_number")
        self.turn_box.editingFinished.connect(self._turn_done)
        self.active_combo = QComboBox()
        self.active_combo.setObjectName("turn_active")
        self.active_combo.activated.connect(self._active_chosen)
        top = QFormLayout()
        top.addRow("Turn", self.turn_box)
        self.active_label = QLabel("Active")
        top.addRow(self.active_label, self.active_combo)
        # --- a game of players: turn phase, drawn tile, hands
        self.catalan_box = QGroupBox("Turn phase, drawn tile and hands")
        self.phase_combo = QComboBox()
        self.phase_combo.setObjectName("turn_phase")
        self.phase_combo.addItems([UNSET])  # the rule set's turn phases: refresh()
        self.phase_combo.activated.connect(self._phase_chosen)
        self.drawn_combo = QComboBox()
        self.drawn_combo.setObjectName("turn_drawn")
        self.drawn_combo.activated.connect(self._drawn_chosen)
        self.hand_owner = QComboBox()
        self.hand_owner.setObjectName("hand_owner")
        self.hand_owner.activated.connect(lambda _i: self.refresh())
        self.hand_table = QTableWidget(0, 2)
        self.hand_table.setObjectName("hand_table")
        self.hand_table.setHorizontalHeaderLabels(["Tile", "Count"])
        self.hand_table.verticalHeader().setVisible(False)
        self.hand_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.hand_table.setMaximumHeight(150)
        self.hand_tile = QComboBox()
        self.hand_tile.setObjectName("hand_tile")
        self.hand_add = QPushButton("Add to hand")
        self.hand_add.clicked.connect(lambda: self._hand_change(+1))
        self.hand_remove = QPushButton("Remove one")
        self.hand_remove.clicked.connect(lambda: self._hand_change(-1))
        hand_buttons = QHBoxLayout()
        for w in (self.hand_tile, self.hand_add, self.hand_remove):
            hand_buttons.addWidget(w)
        cat = QFormLayout(self.catalan_box)
        self.phase_label = QLabel("Phase")
        cat.addRow(self.phase_label, self.phase_combo)
        cat.addRow("Drawn tile", self.drawn_combo)
        cat.addRow("Hand of", self.hand_owner)
        cat.addRow(self.hand_table)
        cat.addRow(hand_buttons)
        # --- 18xx: game phase, cash and tokens
        self.game_box = QGroupBox("Game phase, cash and station tokens")
        self.game_phase_combo = QComboBox()
        self.game_phase_combo.setObjectName("turn_game_phase")
        self.game_phase_combo.setEditable(True)
        self.game_phase_combo.lineEdit().editingFinished.connect(self._game_phase_done)
        self.game_phase_combo.activated.connect(lambda _i: self._game_phase_done())
        self.company_table = QTableWidget(0, len(COMPANY_COLUMNS))
        self.company_table.setObjectName("company_table")
        self.company_table.setHorizontalHeaderLabels(list(COMPANY_COLUMNS))
        self.company_table.verticalHeader().setVisible(False)
        self.company_table.itemChanged.connect(self._company_edited)
        self.phase_colours = QLabel()
        self.phase_colours.setObjectName("turn_phase_colours")
        self.phase_colours.setWordWrap(True)
        game = QFormLayout(self.game_box)
        game.addRow("Game phase", self.game_phase_combo)
        game.addRow("", self.phase_colours)
        game.addRow(self.company_table)
        # --- private companies and a pending home (18 India)
        self.privates_box = PrivatesBox(document, StateChoiceCommand, self._fail)
        # --- tiles laid this turn
        self.laid_box = QGroupBox("Tiles laid this turn")
        self.laid_list = QListWidget()
        self.laid_list.setObjectName("laid_list")
        self.laid_list.setMaximumHeight(110)
        self.laid_add = QPushButton("Add the selected cell's tile")
        self.laid_add.clicked.connect(self._laid_add)
        self.laid_remove = QPushButton("Remove")
        self.laid_remove.clicked.connect(self._laid_remove)
        laid_buttons = QHBoxLayout()
        laid_buttons.addWidget(self.laid_add)
        laid_buttons.addWidget(self.laid_remove)
        laid = QVBoxLayout(self.laid_box)
        laid.addWidget(self.laid_list)
        laid.addLayout(laid_buttons)
        # --- every other field, generically
        self.other_box = QGroupBox("Other state")
        self.other_form = QFormLayout(self.other_box)
        self.fields: dict[tuple[str, str, str], QLineEdit] = {}  # (part, owner id, field) -> edit
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00000;")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.addLayout(top)
        for w in (self.catalan_box, self.game_box, self.privates_box, self.laid_box, self.other_box, self.error):
            lay.addWidget(w)
        lay.addStretch(1)
        self._other_shape: tuple | None = None
        self._company_rows: list[str] | None = None  # the company of each row of the table
        self._shown_parts: tuple | None = None  # the state, companies, players and rules last shown
        self._combo_items: dict[int, list[str]] = {}  # what each list holds (read without asking Qt)
        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.timeout.connect(lambda: self.refresh(changed_only=True))
        self._stale = False  # a part it shows changed while the panel was out of view
        document.partChanged.connect(self._part_changed)
        document.boardReset.connect(lambda: self._part_changed("state"))
        # a cell edit changes only the tokens left (the state, hands and cash are not cells)
        self._tokens_timer = QTimer(self)
        self._tokens_timer.setSingleShot(True)
        self._tokens_timer.timeout.connect(self._refresh_tokens_left)
        document.cellsChanged.connect(lambda *_a: self._tokens_timer.start(0))
        self.refresh()

    PARTS = ("state", "players", "companies", "play", "tiles", "rules")
    """The scenario parts the panel shows (the title, the author and the puzzle are not)."""

    def _part_changed(self, part: str) -> None:
        """Refresh once control is back in the loop, or when next shown (a dock tabbed behind
        another does no work for an edit)."""
        if part not in self.PARTS:
            return
        if self.in_view():
            self._refresh_timer.start(0)
        else:
            self._stale = True

    def in_view(self) -> bool:
        """Whether any of the panel is on screen (a dock tabbed behind another is moved off it)."""
        return self.isVisible() and not self.visibleRegion().isEmpty()

    def set_in_view(self, shown: bool) -> None:
        """Its dock came into view (the main window connects the dock's visibilityChanged)."""
        if shown and self._stale:
            self._refresh_timer.start(0)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self._stale:
            self._refresh_timer.start(0)

    # --- reading -----------------------------------------------------------------------------
    @property
    def scenario(self):
        return self.document.scenario

    def kind(self) -> str:
        return turn.actor_kind(self.scenario, self.document.rule_set)

    def refresh(self, changed_only: bool = False) -> None:
        """Show the document's state (called after every change, once control is back in the loop).

        ``changed_only``: the company table, the privates and the other fields are left alone when
        the parts they show are the very objects shown last time (an edit replaces a part, never
        changes it in place): one edit of 1822CA's state rewrote its 40 companies and 71 privates."""
        s = self.scenario
        rules = self.document.rule_set
        shown = (s.state, s.companies, s.players, rules)
        same = changed_only and self._shown_parts is not None and all(a is b for a, b in zip(shown, self._shown_parts, strict=True))
        same_companies = changed_only and self._shown_parts is not None and s.companies is self._shown_parts[1]
        self._shown_parts = shown
        self._stale = False
        self._tokens_timer.stop()  # the whole table is written below
        self._filling = True
        try:
            kind = self.kind()
            self.turn_box.setValue(s.state.turn)
            self.active_label.setText("Active player" if kind == "player" else "Active company")
            self._fill_combo(self.active_combo, [NOBODY, *turn.actors(s, rules)], s.state.active or NOBODY)
            self.catalan_box.setVisible(kind == "player")
            self.game_box.setVisible(kind == "company")
            tiles = [t.id for t in s.tileset().tiles]
            phases = turn.turn_phases(s, rules)
            self._fill_combo(self.phase_combo, [UNSET, *phases], s.state.phase or UNSET)
            self.phase_label.setVisible(bool(phases))
            self.phase_combo.setVisible(bool(phases))
            self._fill_combo(self.drawn_combo, [NONE, *tiles], s.state.drawn or NONE)
            owner = self.hand_owner.currentText()
            ids = [p.id for p in s.players]
            if owner not in ids:
                owner = s.state.active if s.state.active in ids else (ids[0] if ids else "")
            self._fill_combo(self.hand_owner, ids, owner)
            keep = self.hand_tile.currentText()
            self._fill_combo(self.hand_tile, tiles, keep if keep in tiles else (tiles[0] if tiles else ""))
            self._fill_hand(owner)
            # the title's phases by name when the scenario lists them (another name typed is refused)
            self._fill_combo(self.game_phase_combo, ["", *turn.phase_names(s, rules)], s.state.game_phase or "")
            summary = turn.phase_summary(s)
            self.phase_colours.setText(summary)
            self.phase_colours.setVisible(bool(summary))
            if not same_companies:
                self._fill_companies()
            self.privates_box.setVisible(kind == "company" and turn.reads_state_field(rules, "privates"))
            self.privates_box.show_pending(turn.reads_state_field(rules, "pending_home"))
            if not same:
                self.privates_box.refresh()
            laid = [turn.laid_text(e) for e in s.state.laid]
            if [self.laid_list.item(i).text() for i in range(self.laid_list.count())] != laid:
                self.laid_list.clear()
                self.laid_list.addItems(laid)
            if not same:
                self._fill_other()
        finally:
            self._filling = False

    def _fill_combo(self, combo: QComboBox, items: list[str], current: str) -> None:
        combo.blockSignals(True)
        known = self._combo_items.get(id(combo)) == items and not combo.isEditable()  # typing may add an item
        if not known and [combo.itemText(i) for i in range(combo.count())] != items:
            combo.clear()
            combo.addItems(items)
        self._combo_items[id(combo)] = items
        if combo.currentText() != current:
            combo.setCurrentText(current)
        combo.blockSignals(False)

    def _fill_hand(self, owner: str) -> None:
        player = self.scenario.player(owner) if owner else None
        counts = turn.hand_counts(player) if player is not None else {}
        self.hand_table.setRowCount(len(counts))
        for r, (tid, n) in enumerate(counts.items()):
            self.hand_table.setItem(r, 0, QTableWidgetItem(tid))
            self.hand_table.setItem(r, 1, QTableWidgetItem(str(n)))
        enabled = player is not None
        for w in (self.hand_add, self.hand_remove, self.hand_tile):
            w.setEnabled(enabled)

    def _tokens_left_text(self, company: Company, placed: dict[str, int]) -> str:
        left = company.tokens[placed.get(company.id, 0):]
        return f"{len(left)}" + (f" (next {left[0]})" if left else "")

    def _placed(self) -> dict[str, int]:
        placed: dict[str, int] = {}
        for cell in self.scenario.board.cells.values():
            for t in cell.tokens:
                placed[t.company] = placed.get(t.company, 0) + 1
        return placed

    def _refresh_tokens_left(self) -> None:
        """After cell edits: the tokens-left column only (when next shown, if out of view)."""
        if not self.game_box.isVisibleTo(self) or self.company_table.rowCount() != len(self.scenario.companies):
            return
        if not self.in_view():
            self._stale = True
            return
        placed = self._placed()
        self.company_table.blockSignals(True)
        for r, c in enumerate(self.scenario.companies):
            item = self.company_table.item(r, 2)
            text = self._tokens_left_text(c, placed)
            if item is not None and item.text() != text:
                item.setText(text)
        self.company_table.blockSignals(False)

    def _fill_companies(self) -> None:
        s = self.scenario
        placed = self._placed()
        table = self.company_table
        ids = [c.id for c in s.companies]
        if ids == self._company_rows:
            # the same companies: write only the texts that changed (a refresh after one edit
            # rebuilt 40 rows of 1822CA and sized the columns again, a frame's worth of work)
            table.blockSignals(True)
            resized = False
            for r, c in enumerate(s.companies):
                texts = ("" if c.treasury is None else str(c.treasury), self._tokens_left_text(c, placed), ", ".join(map(str, c.tokens)))
                for k, text in zip((1, 2, 3), texts, strict=True):
                    item = table.item(r, k)
                    if item.text() != text or item.toolTip() != COMPANY_TIPS[k]:
                        item.setText(text)
                        item.setBackground(QBrush())  # an invalid entry's red goes with it
                        item.setToolTip(COMPANY_TIPS[k])
                        resized = True
                name = table.item(r, 0)
                if name.data(Qt.ItemDataRole.DecorationRole) != QColor(c.color):
                    name.setData(Qt.ItemDataRole.DecorationRole, QColor(c.color))
                if name.toolTip() != (c.name or c.id):
                    name.setToolTip(c.name or c.id)
            if resized:
                table.resizeColumnsToContents()
            table.blockSignals(False)
            return
        self.company_table.blockSignals(True)
        self.company_table.setRowCount(len(s.companies))
        for r, c in enumerate(s.companies):
            name = QTableWidgetItem(c.id)
            name.setFlags(name.flags() & ~Qt.ItemFlag.ItemIsEditable)
            name.setData(Qt.ItemDataRole.DecorationRole, QColor(c.color))
            name.setToolTip(c.name or c.id)
            cash = QTableWidgetItem("" if c.treasury is None else str(c.treasury))
            cash.setToolTip(COMPANY_TIPS[1])
            left_item = QTableWidgetItem(self._tokens_left_text(c, placed))
            left_item.setToolTip(COMPANY_TIPS[2])
            left_item.setFlags(left_item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            costs = QTableWidgetItem(", ".join(map(str, c.tokens)))
            costs.setToolTip(COMPANY_TIPS[3])
            for k, item in enumerate((name, cash, left_item, costs)):
                self.company_table.setItem(r, k, item)
        self.company_table.resizeColumnsToContents()
        self.company_table.blockSignals(False)
        self._company_rows = ids

    def _fill_other(self) -> None:
        """Generic editors: the state's other fields, and each company's / player's other fields."""
        s = self.scenario
        rows: list[tuple[str, str, str]] = [("state", "", n) for n in turn.state_fields(self.document.rule_set)]
        if self.kind() == "company":
            for c in s.companies:
                rows += [("companies", c.id, n) for n in turn.extra_fields(Company, turn.DEDICATED_COMPANY_FIELDS)]
        else:
            from model.scenario import Player

            for p in s.players:
                rows += [("players", p.id, n) for n in turn.extra_fields(Player, turn.DEDICATED_PLAYER_FIELDS)]
        shape = tuple(rows)
        if shape != self._other_shape:
            while self.other_form.rowCount():
                self.other_form.removeRow(0)
            self.fields = {}
            for key in rows:
                edit = QLineEdit()
                edit.setObjectName("state_field_" + "_".join(k for k in key if k))
                edit.textEdited.connect(lambda t, k=key, e=edit: self._validate_other(k, e, t))
                edit.editingFinished.connect(lambda k=key, e=edit: self._commit_other(k, e))
                part, owner, name = key
                title = name.replace("_", " ") if part == "state" else f"{owner}: {name.replace('_', ' ')}"
                self.other_form.addRow(title, edit)
                self.fields[key] = edit
            self._other_shape = shape
        companies = {c.id: c for c in s.companies}
        players = {p.id: p for p in s.players}
        for key, edit in self.fields.items():
            part, owner, _name = key
            model = s.state if part == "state" else (companies if part == "companies" else players).get(owner)
            if model is not None and not edit.hasFocus():
                edit.setText(turn.field_text(model, key[2]))
                edit.setStyleSheet("")
        self.other_box.setVisible(bool(rows))

    def _model_of(self, key: tuple[str, str, str]):
        part, owner, _name = key
        s = self.scenario
        if part == "state":
            return s.state
        if part == "companies":
            return s.company(owner)
        return s.player(owner)

    # --- writing -----------------------------------------------------------------------------
    def _push(self, part: str, value, text: str, choice: str | None = None) -> None:
        if self._filling or value == getattr(self.scenario, part):
            return
        self.error.clear()
        if choice is not None:
            self.document.undo_stack.push(StateChoiceCommand(self.document, value, text, choice))
        else:
            self.document.undo_stack.push(SetPartCommand(self.document, part, value, text))

    def _fail(self, why: str) -> None:
        self.error.setText(why)

    def _turn_done(self) -> None:
        if not self._filling:
            self._push("state", turn.with_state(self.scenario, turn=self.turn_box.value()), f"Turn {self.turn_box.value()}")

    def _active_chosen(self, _index: int) -> None:
        text = self.active_combo.currentText()
        actor = None if text == NOBODY else text
        try:
            state = turn.set_active(self.scenario, self.document.rule_set, actor)
        except ValueError as exc:
            self._fail(str(exc))
            return
        self._push("state", state, f"Active: {actor or 'nobody'}", "active")

    def _phase_chosen(self, _index: int) -> None:
        text = self.phase_combo.currentText()
        self._push("state", turn.with_state(self.scenario, phase=None if text == UNSET else text), f"Phase: {text}", "phase")

    def _drawn_chosen(self, _index: int) -> None:
        text = self.drawn_combo.currentText()
        self._push("state", turn.with_state(self.scenario, drawn=None if text == NONE else text), f"Drawn tile: {text}", "drawn")

    def _game_phase_done(self) -> None:
        if self._filling:
            return
        text = self.game_phase_combo.currentText().strip()
        try:
            state = turn.game_phase_with(self.scenario, text or None)
        except ValueError as exc:
            self._fail(str(exc))
            self.refresh()
            return
        self._push("state", state, f"Game phase: {text or 'unset'}", "game_phase")

    def _hand_change(self, delta: int) -> None:
        owner, tile = self.hand_owner.currentText(), self.hand_tile.currentText()
        row = self.hand_table.currentRow()
        if delta < 0 and row >= 0 and self.hand_table.item(row, 0) is not None:
            tile = self.hand_table.item(row, 0).text()
        if not owner or not tile:
            return
        try:
            players = turn.hand_with(self.scenario, owner, tile, delta)
        except ValueError as exc:
            self._fail(str(exc))
            return
        verb = "Add" if delta > 0 else "Remove"
        self._push("players", players, f"{verb} {tile} {'to' if delta > 0 else 'from'} {owner}'s hand")

    def _laid_add(self) -> None:
        sel = self.document.selection
        if len(sel) != 1:
            self._fail("Select the one cell whose tile was laid this turn")
            return
        label = self.document.label(sel[0])
        phase = self.scenario.state.phase if self.kind() == "player" else self.scenario.state.game_phase
        try:
            state = turn.laid_with(self.scenario, label, phase)
        except ValueError as exc:
            self._fail(str(exc))
            return
        self._push("state", state, f"Laid this turn: {label}")

    def _laid_remove(self) -> None:
        row = self.laid_list.currentRow()
        if row < 0:
            self._fail("Pick an entry of the list to remove")
            return
        self._push("state", turn.laid_without(self.scenario, row), "Remove a tile laid this turn")

    def _company_edited(self, item: QTableWidgetItem) -> None:
        if self._filling:
            return
        r, col = item.row(), item.column()
        companies = self.scenario.companies
        if not 0 <= r < len(companies) or col not in (1, 3):
            return
        company = companies[r]
        try:
            if col == 1:
                change = {"treasury": turn.parse_cash(item.text())}
            else:
                change = {"tokens": turn.parse_costs(item.text())}
            new = turn.companies_with(self.scenario, company.id, **change)
        except ValueError as exc:
            self.company_table.blockSignals(True)
            item.setBackground(QBrush(INVALID))
            item.setToolTip(str(exc))
            self.company_table.blockSignals(False)
            self._fail(str(exc))
            return
        what = "cash" if col == 1 else "token costs"
        self._push("companies", new, f"{company.id} {what}: {item.text().strip() or 'unset'}")

    def _parse_other(self, key, text: str):
        model = self._model_of(key)
        if model is None:
            raise ValueError(f"{key[1]} no longer exists")
        return turn.parse_field(model, key[2], text)

    def _validate_other(self, key, edit: QLineEdit, text: str) -> None:
        try:
            self._parse_other(key, text)
        except ValueError as exc:
            edit.setStyleSheet(INVALID_STYLE)
            edit.setToolTip(str(exc))
            self._fail(str(exc))
            return
        edit.setStyleSheet("")
        self.error.clear()

    def _commit_other(self, key, edit: QLineEdit) -> None:
        if self._filling:
            return
        try:
            new = self._parse_other(key, edit.text())
        except ValueError as exc:
            edit.setStyleSheet(INVALID_STYLE)
            self._fail(str(exc))
            return
        part, owner, name = key
        s = self.scenario
        if part == "state":
            value = new
        elif part == "companies":
            value = [new if c.id == owner else c for c in s.companies]
        else:
            value = [new if p.id == owner else p for p in s.players]
        self._push(part, value, f"Edit {owner + ' ' if owner else ''}{name}")

    def field(self, part: str, owner: str, name: str) -> QLineEdit | None:
        """The generic editor of one field (tests type into it)."""
        return self.fields.get((part, owner, name))


__all__ = ["TurnPanel"]

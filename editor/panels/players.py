"""The players / companies panel: the scenario's title, players (Catalan) and companies (18xx).

Editing a table cell validates the whole row as you leave it; an invalid value turns the cell
red with the reason and changes nothing. Each valid change is one undo step. A colour is picked
with the colour dialog, a player's origin and destination from the board's stations (and, for
a destination, its cities); each new player gets a colour no one has yet. Only the rule set's
actors are shown: players in the Catalan game, companies on 18xx maps.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import ValidationError
from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QStyledItemDelegate,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor import dialogs
from editor.commands import SetPartCommand
from editor.document import Document
from model import stations, turn
from model.scenario import Company, Player

PLAYER_COLUMNS = ("id", "name", "color", "origin", "destination")
COMPANY_COLUMNS = ("id", "name", "color", "home")
INVALID = QColor("#ffd6d6")


def change_text(kind: str, old: list, new: list) -> str:
    """The history entry of an edit of the table: "C1 color: #444444 → #1f77b4" (or "Edit companies")."""
    if len(old) == len(new):
        changes = []
        for a, b in zip(old, new, strict=True):
            for field in type(b).model_fields:
                if getattr(a, field) != getattr(b, field):
                    changes.append((a.id, field, getattr(a, field), getattr(b, field)))
        if len(changes) == 1:
            who, field, before, after = changes[0]
            if field == "id":
                return f"Rename {before} to {after}"
            return f"{who} {field.replace('_', ' ')}: {'—' if before in (None, '') else before} → {'—' if after in (None, '') else after}"
    return f"Edit {kind}"


def rows_to_models(kind: str, rows: list[dict[str, str]], scenario) -> tuple[list | None, str]:
    """Build players or companies from table rows; None and a reason when a row is invalid."""
    cls = Player if kind == "players" else Company
    out = []
    seen = set()
    for i, row in enumerate(rows):
        data = {k: (v.strip() or None) for k, v in row.items()}
        data = {k: v for k, v in data.items() if v is not None or k in ("name",)}
        old = (scenario.players if kind == "players" else scenario.companies)
        base = old[i].model_dump() if i < len(old) else {}
        base.update(data)
        try:
            model = cls.model_validate(base)
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            return None, f"row {i + 1}, {'.'.join(map(str, err.get('loc', ())))}: {err.get('msg')}"
        if model.id in seen:
            return None, f"row {i + 1}: id {model.id!r} is used twice"
        seen.add(model.id)
        if not QColor(model.color).isValid():
            return None, f"row {i + 1}: colour {model.color!r} is not a colour (e.g. #cc0000)"
        if kind == "companies" and model.home is not None and not scenario.board.grid.is_label(model.home):
            return None, f"row {i + 1}: home {model.home} is not on the board"
        out.append(model)
    return out, ""


class ChoiceDelegate(QStyledItemDelegate):
    """A table column edited by picking from a list (a player's origin and destination stations)."""

    def __init__(self, choices: Callable[[], list[str]], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.choices = choices

    def createEditor(self, parent, option, index):  # noqa: N802 - Qt's name
        combo = QComboBox(parent)
        combo.addItem("")
        combo.addItems(self.choices())
        return combo

    def setEditorData(self, editor, index) -> None:  # noqa: N802
        editor.setCurrentText(str(index.data() or ""))

    def setModelData(self, editor, model, index) -> None:  # noqa: N802
        model.setData(index, editor.currentText())


class ColourDelegate(QStyledItemDelegate):
    """A colour column: editing it opens the colour picker (``dialogs.ask_colour``)."""

    def createEditor(self, parent, option, index):  # noqa: N802 - Qt's name
        chosen = dialogs.ask_colour(parent.window(), str(index.data() or ""))
        if chosen is not None:
            index.model().setData(index, chosen)
        return None


class _Table(QWidget):
    def __init__(self, panel: PlayersPanel, kind: str, columns: tuple[str, ...]) -> None:
        super().__init__()
        self.panel, self.kind, self.columns = panel, kind, columns
        self.table = QTableWidget(0, len(columns))
        self.table.setHorizontalHeaderLabels([c.capitalize() for c in columns])
        self.table.verticalHeader().setVisible(False)
        self.table.itemChanged.connect(self._edited)
        self.table.setItemDelegateForColumn(columns.index("color"), ColourDelegate(self.table))
        if kind == "players":  # origins and destinations are picked from the board's stations
            scen = lambda: panel.document.scenario  # noqa: E731
            self.table.setItemDelegateForColumn(columns.index("origin"), ChoiceDelegate(lambda: stations.origin_choices(scen()), self.table))
            self.table.setItemDelegateForColumn(
                columns.index("destination"), ChoiceDelegate(lambda: stations.destination_choices(scen()), self.table)
            )
        add = QPushButton(f"Add {kind[:-1] if kind == 'players' else 'company'}")
        add.clicked.connect(self.add_row)
        self.add_button = add
        remove = QPushButton("Remove")
        remove.clicked.connect(self.remove_row)
        buttons = QHBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.table)
        lay.addLayout(buttons)
        self._filling = False

    def models(self) -> list:
        s = self.panel.document.scenario
        return list(s.players if self.kind == "players" else s.companies)

    def fill(self) -> None:
        self._filling = True
        models = self.models()
        self.table.setRowCount(len(models))
        for r, m in enumerate(models):
            for c, col in enumerate(self.columns):
                v = getattr(m, col)
                item = QTableWidgetItem("" if v is None else str(v))
                if col == "color" and QColor(str(v)).isValid():
                    item.setData(Qt.ItemDataRole.DecorationRole, QColor(str(v)))
                self.table.setItem(r, c, item)
        self._filling = False

    def rows(self) -> list[dict[str, str]]:
        out = []
        for r in range(self.table.rowCount()):
            out.append({col: (self.table.item(r, c).text() if self.table.item(r, c) else "") for c, col in enumerate(self.columns)})
        return out

    def _edited(self, item: QTableWidgetItem) -> None:
        if self._filling:
            return
        models, why = rows_to_models(self.kind, self.rows(), self.panel.document.scenario)
        if models is None:
            self._filling = True
            item.setBackground(QBrush(INVALID))
            item.setToolTip(why)
            self._filling = False
            self.panel.error.setText(why)
            return
        self.panel.error.clear()
        if models != self.models():
            text = change_text(self.kind, self.models(), models)
            self.panel.document.undo_stack.push(SetPartCommand(self.panel.document, self.kind, models, text))

    def add_row(self) -> None:
        models = self.models()
        ids = {m.id for m in models}
        n = len(models) + 1
        prefix = "p" if self.kind == "players" else "C"
        while f"{prefix}{n}" in ids:
            n += 1
        colour = stations.distinct_colour([m.color for m in models])  # each new one gets a colour no one has yet
        if self.kind == "players":
            new = Player(id=f"{prefix}{n}", color=colour)
        else:
            new = Company(id=f"{prefix}{n}", color=colour)
        self.panel.document.undo_stack.push(SetPartCommand(self.panel.document, self.kind, models + [new], f"Add {new.id}"))

    def remove_row(self) -> None:
        r = self.table.currentRow()
        models = self.models()
        if 0 <= r < len(models):
            gone = models.pop(r)
            self.panel.document.undo_stack.push(SetPartCommand(self.panel.document, self.kind, models, f"Remove {gone.id}"))


class PlayersPanel(QWidget):
    """Scenario title, players and companies."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.title_edit = QLineEdit()
        self.title_edit.editingFinished.connect(self._title_done)
        self.author_edit = QLineEdit()
        self.author_edit.editingFinished.connect(self._author_done)
        form = QFormLayout()
        form.addRow("Title", self.title_edit)
        form.addRow("Author", self.author_edit)
        self.players = _Table(self, "players", PLAYER_COLUMNS)
        self.companies = _Table(self, "companies", COMPANY_COLUMNS)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00000;")
        self.error.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addLayout(form)
        self.players_label, self.companies_label = QLabel("Players"), QLabel("Companies")
        lay.addWidget(self.players_label)
        lay.addWidget(self.players, 1)
        lay.addWidget(self.companies_label)
        lay.addWidget(self.companies, 1)
        lay.addWidget(self.error)
        # refresh once control is back in the event loop: an edit of a table cell must not
        # replace that cell's item while it is still emitting itemChanged
        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.timeout.connect(self.refresh)
        # the title, the author, the players and companies, and the rule set (whose actors are shown)
        document.partChanged.connect(self._part_changed)
        document.boardReset.connect(lambda: self._refresh_timer.start(0))
        self.refresh()

    def _part_changed(self, part: str) -> None:
        if part in ("meta", "players", "companies", "rules"):
            self._refresh_timer.start(0)

    def refresh(self) -> None:
        meta = self.document.scenario.meta
        self.title_edit.setText(meta.title)
        self.author_edit.setText(meta.author or "")
        self.players.fill()
        self.companies.fill()
        # the rule set's actors only: players in the Catalan game, companies on 18xx maps
        # (a table that still holds entries stays, so they can be seen and removed)
        kind = turn.actor_kind(self.document.scenario, self.document.rule_set)
        s = self.document.scenario
        show_players = kind == "player" or bool(s.players)
        show_companies = kind == "company" or bool(s.companies)
        for w in (self.players_label, self.players):
            w.setVisible(show_players)
        for w in (self.companies_label, self.companies):
            w.setVisible(show_companies)

    def _set_meta(self, **changes) -> None:
        meta = self.document.scenario.meta
        new = meta.model_copy(update=changes)
        if new != meta:
            self.document.undo_stack.push(SetPartCommand(self.document, "meta", new, "Edit scenario details"))

    def _title_done(self) -> None:
        text = self.title_edit.text().strip()
        if not text:
            self.error.setText("The title cannot be empty")
            return
        self._set_meta(title=text)

    def _author_done(self) -> None:
        self._set_meta(author=self.author_edit.text().strip() or None)

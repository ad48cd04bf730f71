"""The Tile Set panel: the scenario's manifest, its counts and its upgrade graph, all editable.

Each row is a tile in play: its picture, colour, label, count (a number, or ∞ = unlimited)
and what it upgrades to (derived as the 18xx.games engine would, or the override, in bold).
Every change is one undoable step (a ``SetPartCommand`` on ``tiles``) and is saved with the
scenario; the palette follows at once. The buttons add standard tiles (picked by number,
colour or label, with a drawn preview), design a new tile or edit one (the tile designer),
remove a tile (refused while it is laid or held), and import or export custom tiles in
18xx.games ``TILES`` code or 18xx-maker's tile format. Edits go through the Qt-free
:mod:`model.manifest`.
"""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor import dialogs
from editor.commands import SetPartCommand
from editor.document import Document
from editor.panels.palette import tile_icon
from editor.tile_designer import TileDesigner
from model import manifest
from model.grid import Coord
from model.io.atomic import same_file
from model.io.tile_formats import (
    TileFormatError,
    tiles_from_18xx_games,
    tiles_from_maker,
    tiles_notes,
    tiles_to_18xx_games,
    tiles_to_maker,
)
from model.tiles import COLOR_ORDER, Node, TileDef, TilePath
from model.upgrade_graph import effective_graph, refusal

ID_ROLE = Qt.ItemDataRole.UserRole
COLUMNS = ("Tile", "Colour", "Label", "Count", "Upgrades to")
TILE_FILTER = "18xx.games TILES (*.rb);;18xx-maker tiles (*.json);;All files (*)"


def ask_tiles_path(parent: QWidget | None, save: bool, suggested: str = "") -> str | None:
    """A file to import tiles from (or export them to); None when cancelled."""
    if save:
        path, _ = QFileDialog.getSaveFileName(parent, "Export tiles", suggested, TILE_FILTER)
    else:
        path, _ = QFileDialog.getOpenFileName(parent, "Import tiles", suggested, TILE_FILTER)
    return path or None


class StandardTilePicker(QDialog):
    """Pick standard 18xx tiles by number, colour or label, with a drawn preview of each."""

    def __init__(self, grid, in_play: set[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add standard tiles")
        self.grid = grid
        self.in_play = in_play
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("number or label, e.g. 14 or OO")
        self.color_box = QComboBox()
        self.color_box.addItems(["any colour", "yellow", "green", "brown", "gray"])
        self.list = QListWidget()
        self.list.setViewMode(QListWidget.ViewMode.IconMode)
        self.list.setIconSize(QSize(64, 64))
        self.list.setGridSize(QSize(84, 96))
        self.list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.list.setMovement(QListWidget.Movement.Static)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.MultiSelection)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Add")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        top = QHBoxLayout()
        top.addWidget(QLabel("Find:"))
        top.addWidget(self.filter_edit, 1)
        top.addWidget(self.color_box)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(self.list, 1)
        self.count_label = QLabel()
        bottom = QHBoxLayout()
        bottom.addWidget(self.count_label, 1)
        bottom.addWidget(self.buttons)
        lay.addLayout(bottom)
        self._picked: dict[str, TileDef] = {}
        self.filter_edit.textChanged.connect(self._fill)
        self.color_box.currentIndexChanged.connect(self._fill)
        self.list.itemSelectionChanged.connect(self._remember)
        self._fill()
        self._show_count()
        self.resize(620, 520)

    def _fill(self, *_args) -> None:
        color = self.color_box.currentText()
        tiles = manifest.search_tiles(manifest.standard_tiles().tiles, self.filter_edit.text(), None if color == "any colour" else color)
        self.list.blockSignals(True)
        self.list.clear()
        for t in tiles:
            item = QListWidgetItem(tile_icon(t, self.grid, 64), t.id + (" ✓" if t.id in self.in_play else ""))
            item.setData(ID_ROLE, t.id)
            item.setToolTip(f"{t.id}: {t.color}" + (f", label {t.label}" if t.label else "") + (" (in play)" if t.id in self.in_play else ""))
            if t.id in self.in_play:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsSelectable)
            self.list.addItem(item)
            item.setSelected(t.id in self._picked)
        self.list.blockSignals(False)

    def _remember(self) -> None:
        shown = {self.list.item(i).data(ID_ROLE) for i in range(self.list.count())}
        selected = {it.data(ID_ROLE) for it in self.list.selectedItems()}
        for tid in shown:
            if tid in selected:
                self._picked[tid] = manifest.standard_tiles().get(tid)
            else:
                self._picked.pop(tid, None)
        self._show_count()

    def _show_count(self) -> None:
        n = len(self._picked)
        self.count_label.setText(f"{n} tile{'s' if n != 1 else ''} selected" if n else "Click tiles to select them")
        add = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        add.setText(f"Add {n}" if n else "Add")
        add.setEnabled(n > 0)

    def item(self, tile_id: str) -> QListWidgetItem | None:
        """The list item of a shown tile (tests click it)."""
        return next((self.list.item(i) for i in range(self.list.count()) if self.list.item(i).data(ID_ROLE) == tile_id), None)

    def tiles(self) -> list[TileDef]:
        """The picked tiles, in standard-list order."""
        return [t for t in manifest.standard_tiles().tiles if t.id in self._picked]


class TileSetPanel(QWidget):
    """The manifest editor (see the module docstring)."""

    tileActivated = Signal(object)  # str: a tile id double-clicked (the palette picks it)

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setIconSize(QSize(40, 40))
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(44)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.table.cellDoubleClicked.connect(lambda row, _col: self.tileActivated.emit(self.tile_at(row)))
        self.add_button = QPushButton("Add standard…")
        self.new_button = QPushButton("New tile…")
        self.edit_button = QPushButton("Edit…")
        self.remove_button = QPushButton("Remove")
        self.import_button = QPushButton("Import…")
        self.export_button = QPushButton("Export…")
        self.add_button.clicked.connect(self.open_picker)
        self.new_button.clicked.connect(lambda: self.open_designer(None))
        self.edit_button.clicked.connect(lambda: self.open_designer(self.current_tile()))
        self.remove_button.clicked.connect(self.remove_current)
        self.import_button.clicked.connect(self.import_tiles)
        self.export_button.clicked.connect(self.export_tiles)
        self.upgrade_edit = QLineEdit()
        self.upgrade_edit.setPlaceholderText("tile ids, e.g. 14, 15")
        self.upgrade_edit.setToolTip("What the picked tile upgrades to, where the title differs from the derived graph (Return applies)")
        self.upgrade_edit.returnPressed.connect(self._override_entered)
        self.derived_button = QPushButton("Use derived")
        self.derived_button.clicked.connect(lambda: self._set_override(None))
        self.upgrade_label = QLabel("Upgrades to:")
        self.why_label = QLabel()
        self.why_label.setWordWrap(True)
        self.why_label.setToolTip("Tiles of the next colour the engine's test refuses, and why")
        self.info = QLabel()
        self.info.setWordWrap(True)
        self.draw_label = QLabel()
        self.draw_label.setWordWrap(True)
        self.draw_button = QPushButton("Draw the mandatory tile")
        self.draw_button.setToolTip("Draw a tile at random, as the weights (or the supply) say, for the active player's mandatory phase")
        self.draw_button.clicked.connect(self.draw)
        self._hexes: bool | None = None
        self._weights: dict[str, QSpinBox] = {}
        buttons = QGridLayout()  # two by two: the dock shares a narrow column with the other panels
        for i, b in enumerate((self.add_button, self.new_button, self.edit_button, self.remove_button)):
            buttons.addWidget(b, i // 2, i % 2)
        files = QHBoxLayout()
        files.addWidget(self.import_button)
        files.addWidget(self.export_button)
        files.addStretch(1)
        ups = QHBoxLayout()
        ups.addWidget(self.upgrade_label)
        ups.addWidget(self.upgrade_edit, 1)
        ups.addWidget(self.derived_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addLayout(buttons)
        lay.addWidget(self.table, 1)
        lay.addLayout(ups)
        lay.addWidget(self.why_label)
        lay.addLayout(files)
        lay.addWidget(self.draw_label)
        lay.addWidget(self.draw_button)
        lay.addWidget(self.info)
        self.designer: TileDesigner | None = None
        self.picker: StandardTilePicker | None = None
        self._rows: list[str] = []
        self._icons: dict[tuple, object] = {}
        self.rng = random.Random()
        self._spins: dict[str, QSpinBox] = {}
        # What each row shows (its signature), the laid copies per tile and the tile on each
        # cell: an edit refreshes only the rows whose content changed, and a hidden panel does no
        # work at all until it is shown again (a tabbed dock behind another is hidden).
        self._shown: dict[str, tuple] = {}
        self._laid: dict[str, int] = {}
        self._cell_tile: dict[Coord, str] = {}
        self._stale = True           # a full refresh is due (supply, rules, new board)
        self._dirty: set[str] = set()  # rows whose laid count changed since the last refresh
        self.refreshes = 0           # rows refreshed so far (tests read it)
        self._rebuild_timer = QTimer(self)
        self._rebuild_timer.setSingleShot(True)
        self._rebuild_timer.timeout.connect(self._catch_up)
        document.boardReset.connect(self._board_reset)
        document.partChanged.connect(self._part_changed)
        document.cellsChanged.connect(self._cells_changed)
        self._count_laid()
        self.rebuild()

    # --- keeping up with the document -----------------------------------------------------------
    def _count_laid(self) -> None:
        board = self.document.scenario.board
        grid = board.grid
        self._cell_tile = {}
        self._laid = {}
        for label, cell in board.cells.items():
            if cell.tile is not None:
                self._cell_tile[grid.coord(label)] = cell.tile.tile
                self._laid[cell.tile.tile] = self._laid.get(cell.tile.tile, 0) + 1

    def _board_reset(self) -> None:
        self._count_laid()
        self._meta_changed()

    def in_view(self) -> bool:
        """Whether any of the panel is on screen (a dock tabbed behind another is moved off it)."""
        return self.isVisible() and not self.visibleRegion().isEmpty()

    def set_in_view(self, shown: bool) -> None:
        """The dock came into view (its tab was picked, or it was opened): catch up with the edits."""
        if shown and (self._stale or self._dirty):
            self._rebuild_timer.start(0)

    def _part_changed(self, part: str) -> None:
        """The supply or the rules: every row again (the unchanged ones are skipped); the state:
        the line on the mandatory draw; the other parts show nowhere in this panel."""
        if part in ("tiles", "rules"):
            self._meta_changed()
        elif part == "state" and not self._hexes:
            self.draw_label.setText(self.draw_text())

    def _meta_changed(self) -> None:
        self._stale = True
        if self.in_view():
            self._rebuild_timer.start(0)

    def _cells_changed(self, cells: list[Coord]) -> None:
        """Keep the laid counts; only rows whose count changed are refreshed (terrain: none)."""
        for c in cells:
            cell = self.document.cell(c)
            new = cell.tile.tile if cell.tile is not None else None
            old = self._cell_tile.get(c)
            if new == old:
                continue
            if old is not None:
                self._laid[old] = self._laid.get(old, 0) - 1
                self._dirty.add(old)
                del self._cell_tile[c]
            if new is not None:
                self._laid[new] = self._laid.get(new, 0) + 1
                self._dirty.add(new)
                self._cell_tile[c] = new
        if self._dirty and self.in_view():
            self._rebuild_timer.start(0)

    def _catch_up(self) -> None:
        if self._stale:
            self.rebuild()
        elif self._dirty:
            self._refresh_counts(self._dirty)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self._stale or self._dirty:
            self._rebuild_timer.start(0)

    # --- reading --------------------------------------------------------------------------------
    def tile_at(self, row: int) -> str | None:
        """The tile id of a table row (None outside the table)."""
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def current_tile(self) -> str | None:
        """The tile id of the picked row, or None."""
        return self.tile_at(self.table.currentRow())

    def select_tile(self, tile_id: str) -> None:
        """Pick a tile's row (nothing happens for a tile not in play)."""
        if tile_id in self._rows:
            self.table.selectRow(self._rows.index(tile_id))

    def count_spin(self, tile_id: str) -> QSpinBox:
        """The count field of a tile's row (−1 shows as ∞, unlimited)."""
        return self._spins[tile_id]

    def rebuild(self) -> None:
        """Fill the table from the scenario; rows whose content is unchanged are not touched."""
        s = self.document.scenario
        self._stale = False
        self._dirty = set()
        try:
            ts = s.tileset()
        except Exception:  # noqa: BLE001 - a broken supply shows as an empty table
            ts = None
        tiles = ts.tiles if ts is not None else []
        hexes = s.board.grid.sides == 6
        graph = effective_graph(ts) if ts is not None and hexes else {}
        ids = [t.id for t in tiles]
        current = self.current_tile()
        if ids != self._rows or hexes != self._hexes:
            self._build_rows(tiles, hexes)
        overrides = s.tiles.upgrades
        declared = manifest.graph_is_declared(s)
        custom = {c.id for c in s.tiles.custom}
        grid = s.board.grid
        for row, t in enumerate(tiles):
            sig = (t, grid.kind, grid.sides, getattr(grid, "orientation", ""), tuple(graph.get(t.id, ())),
                   t.id in overrides, declared, t.id in custom)
            if self._shown.get(t.id) != sig:
                self._shown[t.id] = sig
                self._fill_row(row, t, sig, hexes)
            self._show_count(t)
            if not hexes:
                weight = self._weights[t.id]
                value = s.tiles.draw_weights.get(t.id, -1)
                if weight.value() != value:
                    weight.blockSignals(True)
                    weight.setValue(value)
                    weight.blockSignals(False)
        if current in self._rows and current != self.current_tile():
            self.select_tile(current)
        n_custom = len(s.tiles.custom)
        self.info.setText(f"{len(tiles)} tile types ({n_custom} designed here)")
        self.draw_button.setVisible(not hexes)
        self.draw_label.setVisible(not hexes)
        if not hexes:
            self.draw_label.setText(self.draw_text())
        self._selection_changed()

    def _build_rows(self, tiles: list[TileDef], hexes: bool) -> None:
        """Make the rows and their spin boxes (the tiles in play changed)."""
        self._hexes = hexes
        self.table.setHorizontalHeaderLabels(list(COLUMNS[:4]) + ["Upgrades to" if hexes else "Draw weight"])
        self.table.setRowCount(0)
        self._spins, self._weights, self._shown = {}, {}, {}
        self.table.setRowCount(len(tiles))
        for row, t in enumerate(tiles):
            spin = QSpinBox()
            spin.setRange(-1, 999)
            spin.setSpecialValueText("∞")
            spin.setFrame(False)
            spin.setProperty("shown", None)
            spin.valueChanged.connect(lambda v, tid=t.id: self._count_changed(tid, v))
            self._spins[t.id] = spin
            self.table.setCellWidget(row, 3, spin)
            if not hexes:
                weight = QSpinBox()
                weight.setRange(-1, 99)
                weight.setSpecialValueText("—")
                weight.setToolTip("How often the mandatory draw gives this tile (e.g. faces of a die); — = no weight")
                weight.setFrame(False)
                weight.valueChanged.connect(lambda v, tid=t.id: self._weight_changed(tid, v))
                self._weights[t.id] = weight
                self.table.setCellWidget(row, 4, weight)
        self._rows = [t.id for t in tiles]

    def _fill_row(self, row: int, t: TileDef, sig: tuple, hexes: bool) -> None:
        ups, override, declared, custom = sig[4], sig[5], sig[6], sig[7]
        cells = [
            QTableWidgetItem(self._icon(t, self.document.scenario.board.grid), t.id),
            QTableWidgetItem(t.color),
            QTableWidgetItem(t.label or ""),
            None,
            QTableWidgetItem(", ".join(ups) or "—") if hexes else None,
        ]
        cells[0].setToolTip(f"{t.id}{' (designed for this scenario)' if custom else ''}")
        if hexes and override:
            bold = QFont()
            bold.setBold(True)
            cells[4].setFont(bold)
            cells[4].setToolTip("An override of the derived upgrades")
        elif hexes:
            cells[4].setToolTip("As the manifest declares it" if declared else "As the engine would derive it")
        for col, item in enumerate(cells):
            if item is not None:
                self.table.setItem(row, col, item)
        self.refreshes += 1

    def _show_count(self, t: TileDef) -> None:
        """The count field of a row: its value, and red while more are laid than the box holds."""
        spin = self._spins[t.id]
        laid = self._laid.get(t.id, 0)
        shown = (t.count, laid)
        if spin.property("shown") == shown:
            return
        spin.setProperty("shown", shown)
        spin.blockSignals(True)
        spin.setValue(-1 if t.count is None else t.count)
        spin.blockSignals(False)
        short = t.count is not None and laid > t.count
        style = "color: #b00000; font-weight: bold" if short else ""
        if spin.styleSheet() != style:
            spin.setStyleSheet(style)
        spin.setToolTip(f"{laid} laid: more than the {t.count} in the box (core.supply-exceeded)" if short
                        else f"Copies in the box ({laid} laid); ∞ (below 0) is unlimited")

    def _refresh_counts(self, tile_ids: set[str]) -> None:
        """Refresh the count fields of these tiles only (after cells changed)."""
        self._dirty = set()
        try:
            ts = self.document.scenario.tileset()
        except Exception:  # noqa: BLE001
            return
        for tid in tile_ids:
            t = ts.get(tid)
            if t is not None and tid in self._spins:
                self._show_count(t)
                self.refreshes += 1
        if not self._hexes:
            self.draw_label.setText(self.draw_text())

    def _icon(self, tile: TileDef, grid):
        key = (tile.model_dump_json(exclude={"count", "upgrades", "name"}), grid.kind, grid.sides, getattr(grid, "orientation", ""))
        icon = self._icons.get(key)
        if icon is None:
            if len(self._icons) > 500:
                self._icons.clear()
            icon = self._icons[key] = tile_icon(tile, grid, 40)
        return icon

    def weight_spin(self, tile_id: str) -> QSpinBox:
        """The draw-weight field of a tile's row (square boards; −1 shows as —, no weight)."""
        return self._weights[tile_id]

    def draw_text(self) -> str:
        """What the mandatory tile is drawn from, with each type's chance."""
        s = self.document.scenario
        chances = manifest.draw_chances(s)
        how = "the weights" if s.tiles.draw_weights else "the supply (every copy left equally likely)"
        shown = ", ".join(f"{tid} {c:.0%}" for tid, c in chances.items()) or "nothing can come up"
        drawn = f" Drawn now: {s.state.drawn}." if s.state.drawn else ""
        return f"Players draw the mandatory tile from {how}: {shown}.{drawn}"

    def _selection_changed(self) -> None:
        tid = self.current_tile()
        hexes = self.document.scenario.board.grid.sides == 6
        for w in (self.edit_button, self.remove_button):
            w.setEnabled(tid is not None)
        self.upgrade_edit.setEnabled(tid is not None and hexes)
        self.derived_button.setEnabled(tid is not None and tid in self.document.scenario.tiles.upgrades)
        self.upgrade_label.setText(f"{tid} upgrades to:" if tid else "Upgrades to:")
        if tid is not None and hexes and not self.upgrade_edit.hasFocus():
            try:
                ups = effective_graph(self.document.scenario.tileset()).get(tid, [])
            except Exception:  # noqa: BLE001
                ups = []
            self.upgrade_edit.setText(", ".join(ups))
        self.why_label.setText(self._why_not(tid) if tid is not None and hexes else "")

    def _why_not(self, tile_id: str) -> str:
        """'Not: 23 (no rotation keeps its paths), 53 (label B)' for the next colour's tiles."""
        try:
            ts = self.document.scenario.tileset()
        except Exception:  # noqa: BLE001
            return ""
        old = ts.get(tile_id)
        if old is None or old.color not in COLOR_ORDER[:-1]:
            return ""
        nxt = COLOR_ORDER[COLOR_ORDER.index(old.color) + 1]
        reasons = [(t.id, refusal(old, t, ts.sides)) for t in ts.tiles if t.color == nxt]
        refused = [f"{tid} ({why})" for tid, why in reasons if why]
        return ("Not (engine's test): " + ", ".join(refused)) if refused else ""

    # --- edits ----------------------------------------------------------------------------------
    def _push(self, supply, text: str) -> None:
        self.document.undo_stack.push(SetPartCommand(self.document, "tiles", supply, text))

    def _apply(self, make, text: str) -> bool:
        try:
            supply = make(self.document.scenario)
        except manifest.ManifestError as exc:
            dialogs.show_error(self, "Tile set", str(exc))
            return False
        self._push(supply, text)
        return True

    def _count_changed(self, tile_id: str, value: int) -> None:
        count = None if value < 0 else value
        self._apply(lambda s: manifest.set_count(s, tile_id, count), f"Count of {tile_id}: {'unlimited' if count is None else count}")

    def _weight_changed(self, tile_id: str, value: int) -> None:
        weight = None if value < 0 else value
        self._apply(lambda s: manifest.set_draw_weight(s, tile_id, weight), f"Draw weight of {tile_id}: {'none' if weight is None else weight}")

    def draw(self) -> None:
        """Draw the mandatory tile (``state.drawn``) at random, as one undoable step."""
        s = self.document.scenario
        tid = manifest.draw_tile(s, self.rng)
        if tid is None:
            dialogs.show_error(self, "Tile set", "No tile can be drawn: the supply is empty or every weight is 0.")
            return
        self.document.undo_stack.push(SetPartCommand(self.document, "state", s.state.model_copy(update={"drawn": tid}), f"Draw {tid}"))

    def remove_current(self) -> None:
        """Remove the picked tile (refused, with a dialog, while it is used)."""
        tid = self.current_tile()
        if tid is not None:
            self._apply(lambda s: manifest.remove_tile(s, tid), f"Remove tile {tid}")

    def _override_entered(self) -> None:
        tid = self.current_tile()
        if tid is None:
            return
        targets = [x.strip() for x in self.upgrade_edit.text().replace(";", ",").split(",") if x.strip()]
        self._set_override(targets)

    def _set_override(self, targets: list[str] | None) -> None:
        tid = self.current_tile()
        if tid is None:
            return
        text = f"Upgrades of {tid}: {', '.join(targets) or 'none'}" if targets is not None else f"Upgrades of {tid}: derived"
        self._apply(lambda s: manifest.set_upgrades(s, tid, targets), text)

    def open_picker(self) -> StandardTilePicker | None:
        """Open the standard-tile picker (hex boards); its Add button adds the picked tiles."""
        s = self.document.scenario
        if s.board.grid.sides != 6:
            dialogs.show_error(self, "Tile set", "The standard 18xx tiles are hexes; this board has square cells.")
            return None
        self.picker = StandardTilePicker(s.board.grid, {t.id for t in s.tileset().tiles}, self)
        self.picker.accepted.connect(self._picker_done)
        self.picker.open()
        return self.picker

    def _picker_done(self) -> None:
        tiles = self.picker.tiles() if self.picker is not None else []
        if tiles:
            self._apply(lambda s: manifest.add_tiles(s, tiles), "Add tiles " + ", ".join(t.id for t in tiles))

    def open_designer(self, tile_id: str | None) -> TileDesigner:
        """Open the tile designer on a new tile, or on a copy of a tile of the manifest."""
        s = self.document.scenario
        ts = s.tileset()
        taken = {t.id for t in ts.tiles}
        if tile_id is None:
            k = 1
            while f"X{k}" in taken:
                k += 1
            if s.board.grid.sides == 6:
                tile = TileDef(id=f"X{k}", color="yellow", nodes=[Node(kind="city", revenue=20)], paths=[TilePath(a=0, b="n0")])
            else:
                tile = TileDef(id=f"X{k}", color="track", paths=[TilePath(a=0, b=2)])
        else:
            tile = ts.get(tile_id)
            taken.discard(tile_id)
        self.designer = TileDesigner(s.board.grid, tile, self.document.rule_set, taken, self)
        self.designer.accepted.connect(lambda: self._designer_done(tile_id))
        self.designer.open()
        return self.designer

    def _designer_done(self, replaces: str | None) -> None:
        tile = self.designer.tile()
        what = f"Edit tile {replaces}" if replaces else f"New tile {tile.id}"
        if self._apply(lambda s: manifest.put_custom(s, tile, replaces), what):
            QTimer.singleShot(0, lambda: self.select_tile(tile.id))

    def import_tiles(self) -> None:
        """Ask for a TILES (.rb) or 18xx-maker (.json) file and add its tiles (one undo step)."""
        path = ask_tiles_path(self, save=False)
        if not path:
            return
        try:
            text = Path(path).read_text(encoding="utf-8")
            tiles = tiles_from_maker(text, path) if path.endswith(".json") else tiles_from_18xx_games(text, path)
        except (OSError, UnicodeDecodeError) as exc:
            dialogs.show_error(self, "Import tiles", f"{path}: cannot be read", str(exc))
            return
        except TileFormatError as exc:
            dialogs.show_error(self, "Import tiles", "These tiles cannot be imported.", str(exc))
            return
        in_play = {t.id for t in self.document.scenario.tileset().tiles}
        new = [t for t in tiles if t.id not in in_play]
        if new:
            self._apply(lambda s: manifest.add_tiles(s, new), f"Import {len(new)} tile(s)")
        skipped = len(tiles) - len(new)
        self.info.setText(f"Imported {len(new)} tile(s)" + (f"; {skipped} already in the manifest were kept as they are" if skipped else ""))

    def export_tiles(self) -> None:
        """Ask for a file and write the manifest as TILES code (.rb) or 18xx-maker tiles (.json)."""
        s = self.document.scenario
        path = ask_tiles_path(self, save=True)
        if not path:
            return
        if self.document.path is not None and same_file(self.document.path, path):
            dialogs.show_error(self, "Export tiles", f"{path}: is the open scenario's own file; choose another name",
                               "Nothing was written.")
            return
        try:
            tiles = s.tileset().tiles
            if path.endswith(".json"):
                import json

                text = json.dumps({"tiles": tiles_to_maker(tiles, getattr(s.board.grid, "orientation", "flat"))}, indent=2) + "\n"
            else:
                text = tiles_to_18xx_games(tiles)
            tmp = Path(path + ".tmp")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(path)
        except (OSError, ValueError) as exc:
            dialogs.show_error(self, "Export tiles", f"{path}: the tiles cannot be written", str(exc)[:200])
            return
        notes = tiles_notes(tiles, "18xx-maker" if path.endswith(".json") else "18xx-games")
        self.info.setText(f"Exported {len(tiles)} tile(s) to {Path(path).name}" + "".join(f"; {n}" for n in notes))

"""The tile palette: every tile of the scenario's tile set with the copies left in the supply.

Tiles are grouped by colour (yellow, green, brown, gray sections in the order tiles upgrade),
each section a grid of pictures with the tile's number and copies left under it. The filter
box keeps the tiles whose number, label or name contains the text. The sections do not
scroll on their own: the whole palette scrolls, so every caption stays under its tile.

Picking a tile selects it for the tile stamp. The "where can this tile go?" check box asks
the main window to shade every cell where the picked tile has a legal move.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QPoint, QPointF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFrame,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from editor.document import Document
from model import editing
from model.tiles import COLOR_ORDER

ICON_PX = 56
TILE_ROLE = Qt.ItemDataRole.UserRole
GRID = QSize(ICON_PX + 28, ICON_PX + 34)
SECTION_TITLES = {"white": "White", "yellow": "Yellow", "green": "Green", "brown": "Brown", "gray": "Gray", "track": "Track tiles"}


def tile_icon(tile, grid, px: int = ICON_PX) -> QIcon:
    """A picture of the tile at rotation 0 (drawn with the board renderer)."""
    from editor import render

    pm = QPixmap(px, px)
    pm.fill(QColor(0, 0, 0, 0))
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    size = px * 0.48 if grid.sides == 6 else px * 0.84
    try:
        render.paint_tile(p, tile, 0, grid, QPointF(px / 2, px / 2), size)
    finally:
        p.end()
    return QIcon(pm)


def matches(tile, text: str) -> bool:
    """True when the filter ``text`` is empty or found in the tile's number, label or name."""
    text = text.strip().lower()
    if not text:
        return True
    return any(text in (v or "").lower() for v in (tile.id, tile.label, tile.name))


class _Section(QListWidget):
    """One colour's tiles: an icon grid as tall as its rows (the palette scrolls, not the section)."""

    def __init__(self) -> None:
        super().__init__()
        self.setViewMode(QListWidget.ViewMode.IconMode)
        self.setIconSize(QSize(ICON_PX, ICON_PX))
        self.setGridSize(GRID)
        self.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.setMovement(QListWidget.Movement.Static)
        self.setWordWrap(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setFrameShape(QFrame.Shape.NoFrame)

    def visible_count(self) -> int:
        return sum(not self.item(i).isHidden() for i in range(self.count()))

    def fit_height(self, width: int) -> None:
        columns = max(1, (width - 4) // GRID.width())
        rows = math.ceil(self.visible_count() / columns)
        self.setFixedHeight(rows * GRID.height() + 6)


class TilePalette(QWidget):
    """The tile set of the open scenario by colour, with counts left; emits ``tileSelected(tile_id)``."""

    tileSelected = Signal(object)      # str | None
    overlayToggled = Signal(bool)
    tileMenuRequested = Signal(str, QPoint)  # a right-click on a tile: (tile id, global position)

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.overlay_box = QCheckBox("Where can this tile go?")
        self.overlay_box.setToolTip("Shade every cell where the picked tile has a legal move")
        self.overlay_box.toggled.connect(self.overlayToggled)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Filter: number or label")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self._apply_filter)
        self.filter_edit.textChanged.connect(lambda _t: self.scroll.verticalScrollBar().setValue(0))
        document.opened.connect(self.filter_edit.clear)  # a filter typed for another board would hide this one's tiles
        self.sections: dict[str, _Section] = {}
        self.headers: dict[str, QLabel] = {}
        self._body = QWidget()
        self._body_layout = QVBoxLayout(self._body)
        self._body_layout.setContentsMargins(0, 0, 0, 0)
        self._body_layout.setSpacing(2)
        self._body_layout.addStretch(1)  # the sections go above it
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setWidget(self._body)
        self.scroll.viewport().installEventFilter(self)
        self.info = QLabel()
        self.info.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.overlay_box)
        lay.addWidget(self.filter_edit)
        lay.addWidget(self.scroll, 1)
        lay.addWidget(self.info)
        self._current: str | None = None
        self._counts_timer = QTimer(self)
        self._counts_timer.setSingleShot(True)
        self._counts_timer.timeout.connect(lambda: self.refresh_counts(phase=False))
        document.boardReset.connect(self.rebuild)
        document.partChanged.connect(self._part_changed)
        document.cellsChanged.connect(self._cells_changed)
        self._icons: dict[tuple, QIcon] = {}
        self._item_list: list[QListWidgetItem] | None = None
        self._by_id: dict[str, QListWidgetItem] = {}
        self._shown: dict[str, tuple[str, str]] = {}  # tile id -> (caption, colour) on screen
        self._counts_stale = False  # cells changed while the palette was out of view
        self.rebuild()

    def _menu_requested(self, section, pos) -> None:
        item = section.itemAt(pos)
        if item is not None:
            self.tileMenuRequested.emit(item.data(TILE_ROLE), section.viewport().mapToGlobal(pos))

    # --- queries -----------------------------------------------------------------------------
    def items(self) -> list[QListWidgetItem]:
        """Every tile's item, section by section."""
        if self._item_list is None:
            self._item_list = [sec.item(i) for sec in self.sections.values() for i in range(sec.count())]
        return self._item_list

    def item_for(self, tile_id: str) -> QListWidgetItem | None:
        return self._by_id.get(tile_id)

    def current_tile(self) -> str | None:
        return self._current

    def visible_tiles(self) -> list[str]:
        """The tiles the filter lets through, in palette order."""
        return [it.data(TILE_ROLE) for it in self.items() if not it.isHidden()]

    # --- selection ---------------------------------------------------------------------------
    def select_tile(self, tile_id: str | None) -> None:
        item = self.item_for(tile_id) if tile_id is not None else None
        if item is None:
            self._set_current(None, None)
            return
        item.listWidget().setCurrentItem(item)

    def _set_current(self, section: _Section | None, item: QListWidgetItem | None) -> None:
        for sec in self.sections.values():
            if sec is not section:
                sec.blockSignals(True)
                sec.setCurrentItem(None)
                sec.clearSelection()
                sec.blockSignals(False)
        tile = item.data(TILE_ROLE) if item is not None else None
        if tile != self._current:
            self._current = tile
            self.tileSelected.emit(tile)

    def _picked(self, section: _Section, current, _previous) -> None:
        if current is not None:
            self._set_current(section, current)

    # --- building ----------------------------------------------------------------------------
    def rebuild(self) -> None:
        """Fill the sections from the scenario's tile set (after open/new or a supply change)."""
        current = self._current
        s = self.document.scenario
        grid = s.board.grid
        try:
            tiles = s.tileset().tiles
        except Exception:  # noqa: BLE001 - a broken supply shows as an empty palette
            tiles = []
        self._item_list = None
        self._by_id, self._shown = {}, {}
        for name in list(self.sections):
            self.sections.pop(name).deleteLater()
            self.headers.pop(name).deleteLater()
        colours = sorted({t.color for t in tiles}, key=lambda c: (COLOR_ORDER.index(c) if c in COLOR_ORDER else len(COLOR_ORDER), c))
        for colour in colours:
            header = QLabel(f"<b>{SECTION_TITLES.get(colour, colour.capitalize())}</b>")
            sec = _Section()
            sec.currentItemChanged.connect(lambda cur, prev, sec=sec: self._picked(sec, cur, prev))
            sec.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            sec.customContextMenuRequested.connect(lambda pos, sec=sec: self._menu_requested(sec, pos))
            self.headers[colour], self.sections[colour] = header, sec
            self._body_layout.insertWidget(self._body_layout.count() - 1, header)
            self._body_layout.insertWidget(self._body_layout.count() - 1, sec)
        for t in tiles:
            if t.hidden:  # 18xx.games 'hidden' tiles (placed by the game, never picked by a player)
                continue
            key = (t.id, t.model_dump_json(), grid.kind, grid.sides, getattr(grid, "orientation", ""))
            icon = self._icons.get(key)
            if icon is None:
                icon = self._icons[key] = tile_icon(t, grid)
            item = QListWidgetItem(icon, t.id)
            item.setData(TILE_ROLE, t.id)
            item.setToolTip(f"{t.name or t.id} ({t.color})" + (f", label {t.label}" if t.label else ""))
            self.sections[t.color].addItem(item)
            self._by_id[t.id] = item
        self._tiles = {t.id: t for t in tiles}
        self._item_list = None
        self._current = None
        if current is not None and self.item_for(current) is not None:
            self.select_tile(current)
        self._refused = None  # new items: their marks and the headers are written afresh
        self.refresh_counts()
        if self._current != current:
            self.tileSelected.emit(self._current)

    def refused_now(self) -> dict[str, str]:
        """Tile id -> why the current game phase refuses it (the rule set's ``phase_refusal``)."""
        rules = self.document.rule_set
        s = self.document.scenario
        if rules is None or not s.play.phases:
            return {}
        # the same phase of the same phases and tiles refuses the same tiles: a state edit
        # that is not a change of phase (cash, the turn, the active company) asks nothing again
        phase, key = rules.current_phase(s), (rules, s.play, s.tileset())  # the same objects, not equal ones
        cached = getattr(self, "_refused_for", None)
        if cached is not None and cached[0] == phase and all(a is b for a, b in zip(cached[1], key, strict=True)):
            return cached[2]
        out = {}
        for tid in getattr(self, "_tiles", {}):
            why = rules.phase_refusal(s, tid)
            if why:
                out[tid] = why
        self._refused_for = (phase, key, out)
        return out

    PARTS = ("tiles", "rules", "play")
    """The scenario parts whose change rebuilds the palette (the tiles, their pictures and the
    phases); a change of the state re-reads what the game phase refuses; the others change nothing."""

    def _part_changed(self, part: str) -> None:
        if part in self.PARTS:
            self.rebuild()
        elif part == "state":
            self.refresh_counts(phase=True)

    def _cells_changed(self, _cells) -> None:
        """Cells changed: the copies left follow soon, or when the palette comes into view."""
        if self.in_view():
            self._counts_timer.start(50)
        else:
            self._counts_stale = True

    def in_view(self) -> bool:
        """Whether any of the palette is on screen (a dock tabbed behind another is moved off it)."""
        return self.isVisible() and not self.visibleRegion().isEmpty()

    def set_in_view(self, shown: bool) -> None:
        """Its dock came into view (the main window connects the dock's visibilityChanged)."""
        if shown and self._counts_stale:
            self._counts_timer.start(0)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self._counts_stale:
            self._counts_timer.start(0)

    def refresh_counts(self, phase: bool = True) -> None:
        """Show the copies left of each tile (only the items whose caption changed are touched).

        ``phase`` False (after cell edits) keeps the game phase's refusals as they were: a cell
        edit does not change the phase, and asking the rule set about every tile cost a frame on
        a large tile set."""
        self._counts_stale = False
        left = editing.tiles_left(self.document.scenario)
        old = getattr(self, "_refused", None)
        refused = self.refused_now() if phase or old is None else old
        changed = refused != old
        self._refused = refused
        tiles = getattr(self, "_tiles", {})
        shown = self._shown
        before = getattr(self, "_left", None)
        self._left = left
        todo = self._by_id if changed or before is None or len(shown) != len(self._by_id) else {
            tid: self._by_id[tid] for tid, n in left.items() if before.get(tid, n) != n and tid in self._by_id}
        for tid, item in todo.items():
            n = left.get(tid)
            text = f"{tid}\n{'∞' if n is None else f'{n} left'}"
            colour = "#b00000" if n is not None and n < 0 else "#9a9a9a" if tid in refused else "#202020"
            if shown.get(tid) != (text, colour):
                shown[tid] = (text, colour)
                item.setText(text)
                item.setForeground(QColor(colour))
            if changed and (t := tiles.get(tid)) is not None:
                tip = f"{t.name or t.id} ({t.color})" + (f", label {t.label}" if t.label else "")
                item.setToolTip(tip + (f"\nNot now: {refused[tid]}" if tid in refused else ""))
        if changed:  # the section headers say when a whole colour is out of this phase
            self._apply_filter()
        # else: which tiles the filter shows did not change, nor the info line that counts them

    # --- filter and layout -------------------------------------------------------------------
    def _apply_filter(self, *_args) -> None:
        text = self.filter_edit.text()
        tiles = getattr(self, "_tiles", {})
        for colour, sec in self.sections.items():
            for i in range(sec.count()):
                item = sec.item(i)
                tile = tiles.get(item.data(TILE_ROLE))
                item.setHidden(tile is not None and not matches(tile, text))
            shown = sec.visible_count() > 0
            sec.setVisible(shown)
            self.headers[colour].setVisible(shown)
            n = sec.visible_count()
            refused = getattr(self, "_refused", None) or {}
            ids = [sec.item(i).data(TILE_ROLE) for i in range(sec.count())]
            note = " — not in this phase" if ids and all(t in refused for t in ids) else ""
            self.headers[colour].setText(f"<b>{SECTION_TITLES.get(colour, colour.capitalize())}</b> ({n}){note}")
        self._fit_sections()
        self._update_info()

    def _fit_sections(self) -> None:
        width = self.scroll.viewport().width()
        for sec in self.sections.values():
            sec.fit_height(width)

    def _update_info(self) -> None:
        total = len(self.items())
        shown = len(self.visible_tiles())
        self.info.setText(f"{total} tile types" if shown == total else f"{shown} of {total} tile types match")

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if obj is self.scroll.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_sections()
        return False

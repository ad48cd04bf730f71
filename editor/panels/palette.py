"""The tile palette: every tile of the scenario's tile set with the copies left in the supply.

Picking a tile selects it for the tile stamp. The "where can this tile go?" check box asks
the main window to shade every cell where the picked tile has a legal move.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QCheckBox, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from editor.document import Document
from model import editing

ICON_PX = 56
TILE_ROLE = Qt.ItemDataRole.UserRole


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


class TilePalette(QWidget):
    """The tile set of the open scenario, with counts left; emits ``tileSelected(tile_id)``."""

    tileSelected = Signal(object)      # str | None
    overlayToggled = Signal(bool)

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.list = QListWidget()
        self.list.setViewMode(QListWidget.ViewMode.IconMode)
        self.list.setIconSize(QSize(ICON_PX, ICON_PX))
        self.list.setGridSize(QSize(ICON_PX + 28, ICON_PX + 34))
        self.list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.list.setMovement(QListWidget.Movement.Static)
        self.list.setWordWrap(True)
        self.list.currentItemChanged.connect(self._picked)
        self.overlay_box = QCheckBox("Where can this tile go?")
        self.overlay_box.setToolTip("Shade every cell where the picked tile has a legal move")
        self.overlay_box.toggled.connect(self.overlayToggled)
        self.info = QLabel()
        self.info.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.overlay_box)
        lay.addWidget(self.list, 1)
        lay.addWidget(self.info)
        self._counts_timer = QTimer(self)
        self._counts_timer.setSingleShot(True)
        self._counts_timer.timeout.connect(self.refresh_counts)
        document.boardReset.connect(self.rebuild)
        document.metaChanged.connect(self.rebuild)
        document.cellsChanged.connect(lambda _cells: self._counts_timer.start(50))
        self._icons: dict[tuple, QIcon] = {}
        self.rebuild()

    def current_tile(self) -> str | None:
        item = self.list.currentItem()
        return item.data(TILE_ROLE) if item is not None else None

    def select_tile(self, tile_id: str | None) -> None:
        for i in range(self.list.count()):
            item = self.list.item(i)
            if item.data(TILE_ROLE) == tile_id:
                self.list.setCurrentItem(item)
                return
        self.list.setCurrentItem(None)

    def rebuild(self) -> None:
        """Fill the list from the scenario's tile set (after open/new or a supply change)."""
        current = self.current_tile()
        s = self.document.scenario
        grid = s.board.grid
        self.list.blockSignals(True)
        self.list.clear()
        try:
            tiles = s.tileset().tiles
        except Exception:  # noqa: BLE001 - a broken supply shows as an empty palette
            tiles = []
        for t in tiles:
            if t.hidden:  # 18xx.games 'hidden' tiles (placed by the game, never picked by a player)
                continue
            key = (t.id, t.model_dump_json(), grid.kind, grid.sides, getattr(grid, "orientation", ""))
            icon = self._icons.get(key)
            if icon is None:
                icon = self._icons[key] = tile_icon(t, grid)
            item = QListWidgetItem(icon, t.id)
            item.setData(TILE_ROLE, t.id)
            item.setToolTip(f"{t.name or t.id} ({t.color})")
            self.list.addItem(item)
        self.list.blockSignals(False)
        self.refresh_counts()
        if current is not None:
            self.select_tile(current)
        if self.current_tile() != current:
            self.tileSelected.emit(self.current_tile())

    def refresh_counts(self) -> None:
        left = editing.tiles_left(self.document.scenario)
        for i in range(self.list.count()):
            item = self.list.item(i)
            tid = item.data(TILE_ROLE)
            n = left.get(tid)
            item.setText(f"{tid}\n{'∞' if n is None else f'{n} left'}")
            item.setForeground(QColor("#b00000") if n is not None and n < 0 else QColor("#202020"))
        self.info.setText(f"{self.list.count()} tile types")

    def _picked(self, current, _previous) -> None:
        self.tileSelected.emit(current.data(TILE_ROLE) if current is not None else None)

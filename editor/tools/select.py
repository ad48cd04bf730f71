"""The select tool: click a cell, drag a rubber band; Shift adds, Ctrl toggles."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QGraphicsRectItem

from editor.render import CELL_SIZE
from editor.tools.base import Tool, is_left
from model import editing


def selection_mode(modifiers) -> str:
    if modifiers & Qt.KeyboardModifier.ControlModifier:
        return "toggle"
    if modifiers & Qt.KeyboardModifier.ShiftModifier:
        return "add"
    return "replace"


class SelectTool(Tool):
    name = "Select"
    shortcut = "S"
    hint = "Select: click a cell, drag a rectangle; Shift adds to the selection, Ctrl toggles cells."
    glyph = "⬚"
    colour = "#e8e8e8"

    def __init__(self, document, parent=None) -> None:
        super().__init__(document, parent)
        self._start: QPointF | None = None
        self._band: QGraphicsRectItem | None = None
        self._mode = "replace"

    def press(self, coord, scene_pos, event) -> None:
        if not is_left(event):
            return
        self._start = QPointF(scene_pos)
        self._mode = selection_mode(event.modifiers())

    def move(self, coord, scene_pos, event) -> None:
        super().move(coord, scene_pos, event)
        if self._start is None or self.scene is None:
            return
        if self._band is None:
            if (scene_pos - self._start).manhattanLength() < CELL_SIZE / 5:
                return
            self._band = QGraphicsRectItem()
            self._band.setPen(QPen(QColor("#1e64c8"), 0, Qt.PenStyle.DashLine))
            self._band.setBrush(QBrush(QColor(30, 100, 200, 40)))
            self._band.setZValue(1000)
            self.scene.addItem(self._band)
        self._band.setRect(QRectF(self._start, scene_pos).normalized())

    def release(self, coord, scene_pos, event) -> None:
        if self._start is None or not is_left(event):
            return
        start, self._start = self._start, None
        if self._band is not None:
            if self._band.scene() is not None:
                self._band.scene().removeItem(self._band)
            self._band = None
            s = self.document.scenario
            picked = editing.cells_in_rect(s, start.x(), start.y(), scene_pos.x(), scene_pos.y(), CELL_SIZE)
        else:
            picked = [coord] if coord is not None else []
        new = editing.combine_selection(self.document.selection, picked, self._mode)
        self.document.set_selection(new)
        n = len(new)
        self.statusMessage.emit(f"{n} cell{'s' if n != 1 else ''} selected" if n else self.hint)

    def deactivate(self) -> None:
        if self._band is not None and self._band.scene() is not None:
            self._band.scene().removeItem(self._band)
        self._band = None
        self._start = None
        super().deactivate()

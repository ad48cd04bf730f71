"""Place names at a readable size when the board is zoomed out.

The cells paint their names at the board's scale, which fitting a map like 18 India to the
window shrinks to a few pixels. Below that zoom this layer writes every name (cities, towns,
named hexes) at ``MIN_NAME_PX`` screen pixels, on a pale pill over the cell's own (smaller) name.
Names that would overlap an already written one are left out (cities first), so the picture
stays readable; zooming in brings the others back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor import render

if TYPE_CHECKING:
    from model.scenario import Scenario

MIN_NAME_PX = 10.0
"""Smallest pixel size a place name is shown at."""
CELL_NAME_PX = 13.0
"""Size of a cell's own name at 100 % (as ``render`` paints it, in scene units)."""
PILL = QColor(255, 255, 255, 245)  # covers the cell's own, smaller name under it
NAME_COLOUR = QColor("#1a1a1a")


def place_names(scenario: Scenario) -> list[tuple[QPointF, str, int]]:
    """(anchor in scene units, name, priority) of every named place; lower priority goes first."""
    grid = scenario.board.grid
    up = render.geometry(grid).apothem * 0.74 * render.CELL_SIZE / render.UNIT  # where the cell writes its own name
    out = []
    for label, cell in scenario.board.cells.items():
        name = cell.name or next((c.name for c in cell.cities if c.name), None) or next((t.name for t in cell.towns if t.name), None)
        if not name or not grid.is_label(label):
            continue
        coord = grid.coord(label)
        x, y = grid.centre(coord, render.CELL_SIZE)
        rank = 0 if cell.cities else 1 if cell.towns else 2
        out.append((QPointF(x, y - up), name, rank))
    out.sort(key=lambda t: (t[2], t[0].y(), t[0].x()))
    return out


class NamesItem(QGraphicsItem):
    """Screen-size place names over the board at low zoom (see the module docstring)."""

    def __init__(self, scenario_of: Callable[[], Scenario], parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._scenario_of = scenario_of
        self._scale = 1.0
        self._rect = QRectF()
        self._names: tuple[object, list] = (None, [])  # (the scenario, its place names): read once per scenario
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.reset()

    def forget(self) -> None:
        """Cells changed (a name typed, a city added): read the names again when next painted."""
        self._names = (None, [])
        self.update()

    def names(self) -> list[tuple[QPointF, str, int]]:
        """The shown scenario's place names (read once per scenario, again after :meth:`forget`)."""
        scen = self._scenario_of()
        if self._names[0] is not scen:
            self._names = (scen, place_names(scen))
        return self._names[1]

    @staticmethod
    def needed(scale: float) -> bool:
        """True when at ``scale`` the cells' own names would be smaller than ``MIN_NAME_PX``."""
        return scale * CELL_NAME_PX < MIN_NAME_PX

    def set_view_scale(self, scale: float) -> None:
        if scale == self._scale:
            return
        self._scale = scale
        self.setVisible(self.needed(scale))
        self.reset()

    def reset(self) -> None:
        """Take the board's area (and room for long names beside it) and repaint."""
        self.prepareGeometryChange()
        pad = 120.0 / max(self._scale, 1e-3)
        self._rect = render.board_rect(self._scenario_of(), render.CELL_SIZE).adjusted(-pad, -pad, pad, pad)
        self.setVisible(self.needed(self._scale))
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return self._rect

    def placed(self, transform) -> list[tuple[QRectF, str]]:
        """The names written under ``transform`` (scene to device) and their device rectangles."""
        fm = QFontMetricsF(render.font(int(MIN_NAME_PX), True))
        h = fm.height()
        taken: list[QRectF] = []
        out = []
        for anchor, name, _rank in self.names():
            d = transform.map(anchor)
            w = fm.horizontalAdvance(name) + 6
            box = QRectF(d.x() - w / 2, d.y() - h / 2, w, h)
            if any(box.intersects(t) for t in taken):
                continue
            taken.append(box)
            out.append((box, name))
        return out

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        t = painter.worldTransform()
        if not self.needed(t.m11()) or not self.names():
            return
        painter.save()
        painter.resetTransform()
        painter.setFont(render.font(int(MIN_NAME_PX), True))
        for box, name in self.placed(t):
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(PILL)
            painter.drawRoundedRect(box, box.height() / 3, box.height() / 3)
            painter.setPen(NAME_COLOUR)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, name)
        painter.restore()

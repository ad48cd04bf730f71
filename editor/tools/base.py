"""The Tool protocol shared by every editor tool, and small helpers (icons, strokes).

A tool receives the mouse events that no item of the board view took (see ``BoardView``),
already translated to the cell under the pointer (``coord``, None off the board) and the
scene position. Its decision is a Qt-free function of ``model/editing.py``; the tool only
wraps the result in an undo command and pushes it on the document's stack.
"""

from __future__ import annotations

import itertools
import math

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QIcon, QKeyEvent, QMouseEvent, QPainter, QPixmap, QWheelEvent

from editor.document import Document
from model.grid import Coord

_strokes = itertools.count(1)


def next_stroke() -> int:
    """A fresh stroke number: commands of one drag share it and merge into one undo step."""
    return next(_strokes)


def make_icon(glyph: str, colour: str) -> QIcon:
    """A simple tool icon: a coloured rounded square with a glyph (no image files needed)."""
    pm = QPixmap(32, 32)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setBrush(QColor(colour))
    p.setPen(QColor("#333333"))
    p.drawRoundedRect(QRectF(2, 2, 28, 28), 6, 6)
    f = QFont("DejaVu Sans")
    f.setPixelSize(18)
    f.setBold(True)
    p.setFont(f)
    p.setPen(QColor("#111111") if QColor(colour).lightness() > 128 else QColor("#ffffff"))
    p.drawText(QRectF(0, 0, 32, 32), Qt.AlignmentFlag.AlignCenter, glyph)
    p.end()
    return QIcon(pm)


def cells_along(view, a: QPointF, b: QPointF) -> list[Coord]:
    """Cells under the segment from ``a`` to ``b`` (scene positions), so fast drags leave no gaps."""
    scene = view.scene() if view is not None else None
    if scene is None:
        return []
    from editor.render import CELL_SIZE

    steps = max(1, int(math.hypot(b.x() - a.x(), b.y() - a.y()) / (CELL_SIZE / 4)))
    out: list[Coord] = []
    for i in range(steps + 1):
        t = i / steps
        c = scene.coord_at(QPointF(a.x() + (b.x() - a.x()) * t, a.y() + (b.y() - a.y()) * t))
        if c is not None and c not in out:
            out.append(c)
    return out


class Tool(QObject):
    """Base class of the editor tools (the protocol of docs/editor-api.md)."""

    name: str = ""
    shortcut: str = ""
    hint: str = ""
    glyph: str = "?"
    colour: str = "#dddddd"

    statusMessage = Signal(str)  # a message for the status bar (hover information, refusals)
    optionsChanged = Signal()     # the tool's options changed (the options bar refreshes)
    hovered = Signal(object)      # Coord | None: the cell under the pointer

    def __init__(self, document: Document, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.view = None
        self._icon: QIcon | None = None

    @property
    def icon(self) -> QIcon:
        if self._icon is None:
            self._icon = make_icon(self.glyph, self.colour)
        return self._icon

    @property
    def scene(self):
        return self.view.scene() if self.view is not None else None

    def set_document(self, document: Document) -> None:
        self.document = document

    # --- the protocol ------------------------------------------------------------------------
    def activate(self, view) -> None:
        self.view = view
        self.statusMessage.emit(self.hint)

    def deactivate(self) -> None:
        scene = self.scene
        if scene is not None:
            scene.set_hover(None)
        self.view = None

    def press(self, coord: Coord | None, scene_pos: QPointF, event: QMouseEvent) -> None:
        pass

    def move(self, coord: Coord | None, scene_pos: QPointF, event: QMouseEvent) -> None:
        """Also called on hover with no button: show the cell under the pointer."""
        scene = self.scene
        if scene is not None:
            scene.set_hover(coord)
        self.hovered.emit(coord)

    def release(self, coord: Coord | None, scene_pos: QPointF, event: QMouseEvent) -> None:
        pass

    def leave(self) -> None:
        """The pointer left the board view: forget the cell under it and clear the hover message."""
        scene = self.scene
        if scene is not None:
            scene.set_hover(None)
        self.hovered.emit(None)
        self.statusMessage.emit("")

    def wheel(self, coord: Coord | None, event: QWheelEvent) -> bool:
        return False

    def context_menu_here(self, coord: Coord, scene_pos: QPointF) -> bool:
        """Whether a right-click on ``coord`` opens the cell's menu (False: the tool uses the
        right button there itself)."""
        return True

    def key(self, event: QKeyEvent) -> bool:
        return False


def left_button_down(event: QMouseEvent) -> bool:
    return bool(event.buttons() & Qt.MouseButton.LeftButton)


def is_left(event: QMouseEvent) -> bool:
    return event.button() == Qt.MouseButton.LeftButton


class StrokeTool(Tool):
    """A tool that applies itself to every cell a left-button drag passes, as one undo step.

    Subclasses implement :meth:`apply_to` (push a command for these cells, with ``self.stroke``
    as the merge id) and may extend :meth:`begin_stroke`.
    """

    def __init__(self, document, parent=None) -> None:
        super().__init__(document, parent)
        self.stroke: int | None = None
        self._last: QPointF | None = None

    def apply_to(self, coords: list[Coord]) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def begin_stroke(self) -> None:
        """A new drag starts (a fresh stroke number)."""
        self.stroke = next_stroke()

    def press(self, coord, scene_pos, event) -> None:
        if not is_left(event):
            return
        self.begin_stroke()
        self._last = QPointF(scene_pos)
        if coord is not None:
            self.apply_to([coord])

    def move(self, coord, scene_pos, event) -> None:
        super().move(coord, scene_pos, event)
        if self.stroke is None or not left_button_down(event):
            return
        path = cells_along(self.view, self._last, scene_pos) if self._last is not None else []
        self._last = QPointF(scene_pos)
        if coord is not None and coord not in path:
            path.append(coord)
        self.apply_to(path)

    def release(self, coord, scene_pos, event) -> None:
        if is_left(event):
            self.stroke = None
            self._last = None


class TerrainChoice:
    """The terrain and cost a terrain tool puts down (brush, bucket fill); mixed into a :class:`Tool`."""

    terrain = "lake"
    cost: int | None = None  # None: keep the cell's cost ("auto")

    def set_terrain(self, terrain: str, cost: int | None = None) -> None:
        self.terrain, self.cost = terrain, cost
        self.optionsChanged.emit()

"""The tile designer: draw a custom tile on a large hex (or square) and see its 18xx.games code live.

The canvas draws the tile with the board renderer. Its modes (the buttons above it):

* **Path**: click a side (or a stop), then another side or stop: a path of the chosen **track**
  kind (broad, narrow or dual) joins them; doing it again with the same kind removes that path,
  with another kind gives it that kind; clicking the middle of a path also gives it the kind
  (with *terminal* ticked, new paths end their train, as on an off-board tile);
* **City**, **Town**, **Junction**, **Off-board**: click in the tile to add that stop (a city
  gets the slots and the revenue set below; an off-board stop is a city with no slot);
* **Erase**: click a stop or a path to remove it.

The check boxes under the fields are the terrains the tile may be laid on (none checked: any;
18xx hexes only). The code box shows the tile in the 18xx.games tile language and follows every change; typing in
it redraws the tile as soon as what is typed can be read (otherwise it says why, in red). The
problems list (``model.tile_design.design_problems``) follows as you draw; OK is refused while
there is a problem or the id is taken.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPathStroker, QPen
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor import render
from editor.render.base import UNIT, geometry
from editor.render.track import TrackData, _node_positions, path_shapes
from model.io.tile_code import tile_code, tile_from_code
from model.io.tile_parts import DslError, parse_revenue
from model.rules import RuleSet
from model.tile_design import (
    DESIGN_TRACK_KINDS,
    HEX_COLORS,
    TILE_TERRAINS,
    add_node,
    design_problems,
    remove_node,
    set_node,
    set_path_track,
    set_terrains,
    toggle_path,
)
from model.tiles import Node, TileDef

MODES = ("path", "city", "town", "junction", "offboard", "erase")
MODE_TEXT = {"path": "Path", "city": "City", "town": "Town", "junction": "Junction", "offboard": "Off-board", "erase": "Erase"}


class TileCanvas(QWidget):
    """The tile drawn large; mouse clicks edit it (see the module docstring)."""

    tileEdited = Signal(object)  # TileDef

    def __init__(self, grid, tile: TileDef, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = grid
        self.geo = geometry(grid)
        self.tile = tile
        self.mode = "path"
        self.pending = None  # the first end of a path being drawn
        self.new_city = Node(kind="city", slots=1, revenue=20)
        self.new_town = Node(kind="town", revenue=10)
        self.new_track = "broad"  # the track kind of new paths
        self.new_terminal = False  # new paths end their train (off-board tiles)
        self.setMinimumSize(320, 320)
        self.setMouseTracking(True)

    # --- geometry -----------------------------------------------------------------------------
    def _frame(self) -> tuple[QPointF, float]:
        side = min(self.width(), self.height())
        size = side * (0.46 if self.grid.sides == 6 else 0.86)
        return QPointF(self.width() / 2, self.height() / 2), size

    def to_local(self, pos: QPointF) -> QPointF:
        """Widget position -> the tile's own frame (centre at 0, cell size UNIT)."""
        centre, size = self._frame()
        s = size / UNIT
        return QPointF((pos.x() - centre.x()) / s, (pos.y() - centre.y()) / s)

    def to_widget(self, p: QPointF) -> QPointF:
        """The tile's own frame -> widget position."""
        centre, size = self._frame()
        s = size / UNIT
        return QPointF(centre.x() + p.x() * s, centre.y() + p.y() * s)

    def node_points(self) -> list[QPointF]:
        """Where the renderer puts each node (tile frame)."""
        paths = [(p.a, p.b, p.terminal) for p in self.tile.paths]
        return _node_positions(self.geo, [n.kind for n in self.tile.nodes], paths)

    def edge_point(self, edge: int) -> QPointF:
        """The middle of a side (tile frame)."""
        return self.geo.mids[edge]

    def port_at(self, pos: QPointF):
        """The side (int) or stop (``'n<k>'``) under a widget position, or None."""
        p = self.to_local(pos)
        best, dist = None, UNIT * 0.22
        for k, q in enumerate(self.node_points()):
            d = math.hypot(p.x() - q.x(), p.y() - q.y())
            if d < dist:
                best, dist = f"n{k}", d
        if best is not None:
            return best
        dist = UNIT * 0.3
        for e in range(self.grid.sides):
            q = self.edge_point(e)
            d = math.hypot(p.x() - q.x(), p.y() - q.y())
            if d < dist:
                best, dist = e, d
        return best

    def path_at(self, pos: QPointF) -> int | None:
        """The index of the path under a widget position, or None."""
        p = self.to_local(pos)
        track = TrackData(paths=[(x.a, x.b, x.terminal) for x in self.tile.paths], kinds=[n.kind for n in self.tile.nodes],
                          slots=[n.slots for n in self.tile.nodes], revenues=[n.revenue for n in self.tile.nodes],
                          styles=[n.style for n in self.tile.nodes], tags=tuple(self.tile.tags))
        stroker = QPainterPathStroker()
        stroker.setWidth(UNIT * 0.12)
        for i, shape in enumerate(path_shapes(self.geo, track)):
            if stroker.createStroke(shape).contains(p):
                return i
        return None

    # --- editing ------------------------------------------------------------------------------
    def set_tile(self, tile: TileDef) -> None:
        """Show another tile (no ``tileEdited``; a path being drawn is dropped)."""
        self.tile = tile
        self.pending = None
        self.update()

    def set_mode(self, mode: str) -> None:
        """One of MODES: what a click does."""
        self.mode = mode
        self.pending = None
        self.update()

    def _edit(self, tile: TileDef) -> None:
        self.tile = tile
        self.update()
        self.tileEdited.emit(tile)

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if event.button() != Qt.MouseButton.LeftButton:
            return
        pos = event.position()
        if self.mode == "path":
            port = self.port_at(pos)
            if port is None:
                self.pending = None
                i = self.path_at(pos)
                if i is not None and self.tile.paths[i].track != self.new_track:
                    self._edit(set_path_track(self.tile, [i], self.new_track))
            elif self.pending is None:
                self.pending = port
            else:
                first, self.pending = self.pending, None
                self._edit(toggle_path(self.tile, first, port, self.new_track, self.new_terminal))
            self.update()
        elif self.mode in ("city", "town", "junction", "offboard"):
            node = {"city": self.new_city, "town": self.new_town, "junction": Node(kind="junction"),
                    "offboard": self.new_city.model_copy(update={"slots": 0})}[self.mode]
            self._edit(add_node(self.tile, node))
        elif self.mode == "erase":
            port = self.port_at(pos)
            if isinstance(port, str):
                self._edit(remove_node(self.tile, int(port[1:])))
                return
            i = self.path_at(pos)
            if i is not None:
                self._edit(self.tile.model_copy(update={"paths": [p for j, p in enumerate(self.tile.paths) if j != i]}))

    def widget_point(self, port) -> QPointF:
        """Where to click for a port (tests and screenshots use it)."""
        if isinstance(port, int):
            return self.to_widget(self.edge_point(port) * 0.85)
        return self.to_widget(self.node_points()[int(port[1:])])

    def paintEvent(self, _event) -> None:  # noqa: N802 - Qt API
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(QRectF(self.rect()), QColor("#f4f4f4"))
        centre, size = self._frame()
        render.paint_tile(p, self.tile, 0, self.grid, centre, size)
        s = size / UNIT
        p.setPen(QPen(QColor("#3060c0"), 1.5))
        for e in range(self.grid.sides):
            q = self.to_widget(self.edge_point(e))
            p.setBrush(QColor("#3060c0") if self.pending == e else QColor(255, 255, 255, 200))
            p.drawEllipse(q, 6, 6)
            p.drawText(QRectF(q.x() - 20, q.y() - 26 if q.y() <= centre.y() else q.y() + 8, 40, 18),
                       Qt.AlignmentFlag.AlignCenter, str(e))
        if isinstance(self.pending, str):
            q = self.to_widget(self.node_points()[int(self.pending[1:])])
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(QColor("#3060c0"), 3))
            p.drawEllipse(q, 18 * s * 1.5, 18 * s * 1.5)
        p.end()


class TerrainChooser(QWidget):
    """The terrains a tile may be laid on: one check box per terrain (none checked: any terrain)."""

    terrainsChanged = Signal(list)  # list[str]

    COLUMNS = 3

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid_layout = QGridLayout(self)
        self.grid_layout.setContentsMargins(0, 0, 0, 0)
        self.boxes: dict[str, QCheckBox] = {}
        for name in TILE_TERRAINS:
            self._add_box(name)

    def _add_box(self, name: str) -> QCheckBox:
        box = QCheckBox(name)
        box.setObjectName(f"terrain-{name}")
        box.toggled.connect(lambda _on: self.terrainsChanged.emit(self.terrains()))
        n = len(self.boxes)
        self.grid_layout.addWidget(box, n // self.COLUMNS, n % self.COLUMNS)
        self.boxes[name] = box
        return box

    def terrains(self) -> list[str]:
        """The checked terrains, in the order shown."""
        return [name for name, box in self.boxes.items() if box.isChecked()]

    def set_terrains(self, terrains) -> None:
        """Check exactly these (a terrain the list lacks gets a box of its own), without signals."""
        for name in terrains:
            if name not in self.boxes:
                self._add_box(name)
        for name, box in self.boxes.items():
            box.blockSignals(True)
            box.setChecked(name in terrains)
            box.blockSignals(False)


class TileDesigner(QDialog):
    """A dialog around :class:`TileCanvas`: id, colour, label, count, stops, code and problems."""

    def __init__(self, grid, tile: TileDef, rules: RuleSet | None = None, taken: set[str] | frozenset = frozenset(),
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Tile designer")
        self.grid, self.rules, self.taken = grid, rules, set(taken)
        self.hex = grid.sides == 6
        self.canvas = TileCanvas(grid, tile)
        self.canvas.tileEdited.connect(self._from_canvas)
        self.mode_buttons: dict[str, QToolButton] = {}
        group = QButtonGroup(self)
        modes = QHBoxLayout()
        for m in MODES if self.hex else ("path", "junction", "erase"):
            b = QToolButton()
            b.setText(MODE_TEXT[m])
            b.setCheckable(True)
            b.setObjectName(f"mode-{m}")
            group.addButton(b)
            b.toggled.connect(lambda on, m=m: on and self.canvas.set_mode(m))
            modes.addWidget(b)
            self.mode_buttons[m] = b
        self.mode_buttons["path"].setChecked(True)
        self.terminal_box = QCheckBox("terminal")
        self.terminal_box.setToolTip("New paths are terminal: a train stops at their end (as on an off-board tile)")
        self.terminal_box.toggled.connect(lambda on: setattr(self.canvas, "new_terminal", on))
        modes.addWidget(self.terminal_box)
        modes.addStretch(1)
        self.track_box = QComboBox()
        self.track_box.setObjectName("track-kind")
        self.track_box.addItems(list(DESIGN_TRACK_KINDS))
        self.track_box.setToolTip("Track kind of the paths you draw: broad (standard gauge), narrow (metre gauge), "
                                  "dual (both); click the middle of a path to give it this kind")
        self.track_box.currentTextChanged.connect(self._track_chosen)
        track_label = QLabel("Track")
        modes.addWidget(track_label)
        modes.addWidget(self.track_box)
        if not self.hex:  # square (Catalan) tiles have one kind of track
            track_label.hide()
            self.track_box.hide()
        self.id_edit = QLineEdit(tile.id)
        self.color_box = QComboBox()
        colors = rules.tile_colors if rules is not None and rules.tile_colors else (HEX_COLORS if self.hex else ("track",))
        self.color_box.addItems(list(colors))
        self.label_edit = QLineEdit(tile.label or "")
        self.count_spin = QSpinBox()
        self.count_spin.setRange(-1, 999)
        self.count_spin.setSpecialValueText("unlimited")
        self.slots_spin = QSpinBox()
        self.slots_spin.setRange(0, 12)
        self.slots_spin.setValue(1)
        self.revenue_edit = QLineEdit("20")
        self.revenue_edit.setToolTip("A number, or phase values like yellow_30|brown_50; applies to new stops and to the picked one")
        self.stop_box = QComboBox()
        self.code_edit = QPlainTextEdit()
        self.code_edit.setFixedHeight(70)
        self.code_edit.setEnabled(self.hex)
        self.code_note = QLabel()
        self.code_note.setWordWrap(True)
        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow("Id", self.id_edit)
        form.addRow("Colour", self.color_box)
        form.addRow("Label", self.label_edit)
        form.addRow("Count", self.count_spin)
        form.addRow("Stop", self.stop_box)
        form.addRow("Slots (city)", self.slots_spin)
        form.addRow("Revenue", self.revenue_edit)
        side = QVBoxLayout()
        side.addLayout(form)
        # the terrains the tile may be laid on, when the rule set's tiles name them (RuleSet.tile_terrains)
        self.terrain_chooser = TerrainChooser()
        self.terrain_chooser.setToolTip("The tile may be laid only on a hex of a checked terrain (rule 18xx.tile-terrain)")
        if rules.tile_terrains if rules is not None else self.hex:
            side.addWidget(QLabel("May be laid on (none checked: any terrain):"))
            side.addWidget(self.terrain_chooser)
        else:
            self.terrain_chooser.hide()
        side.addWidget(QLabel("18xx.games code (edit to redraw):" if self.hex else "Square tiles have no 18xx.games code"))
        side.addWidget(self.code_edit)
        side.addWidget(self.code_note)
        side.addWidget(QLabel("Problems:"))
        side.addWidget(self.problems)
        side.addStretch(1)
        left = QVBoxLayout()
        left.addLayout(modes)
        left.addWidget(self.canvas, 1)
        body = QHBoxLayout()
        body.addLayout(left, 3)
        body.addLayout(side, 2)
        lay = QVBoxLayout(self)
        lay.addLayout(body, 1)
        lay.addWidget(self.buttons)

        self._typing = False
        self._load(tile)
        self.id_edit.textChanged.connect(self._fields_changed)
        self.color_box.currentTextChanged.connect(self._fields_changed)
        self.label_edit.textChanged.connect(self._fields_changed)
        self.count_spin.valueChanged.connect(self._fields_changed)
        self.slots_spin.valueChanged.connect(self._stop_changed)
        self.revenue_edit.textEdited.connect(self._stop_changed)
        self.stop_box.currentIndexChanged.connect(self._stop_picked)
        self.code_edit.textChanged.connect(self._code_typed)
        self.terrain_chooser.terrainsChanged.connect(self._terrains_changed)
        if tile.nodes:  # show the first stop's slots and revenue
            self.stop_box.setCurrentIndex(1)
        self.resize(860, 560)

    # --- state ----------------------------------------------------------------------------------
    def tile(self) -> TileDef:
        """The tile as designed (id, colour, label and count from the fields)."""
        return self.canvas.tile

    def _load(self, tile: TileDef) -> None:
        for w in (self.id_edit, self.color_box, self.label_edit, self.count_spin):
            w.blockSignals(True)
        self.id_edit.setText(tile.id)
        if self.color_box.findText(tile.color) < 0:
            self.color_box.addItem(tile.color)
        self.color_box.setCurrentText(tile.color)
        self.label_edit.setText(tile.label or "")
        self.count_spin.setValue(-1 if tile.count is None else tile.count)
        for w in (self.id_edit, self.color_box, self.label_edit, self.count_spin):
            w.blockSignals(False)
        self.terrain_chooser.set_terrains(tile.terrains)
        self.canvas.set_tile(tile)
        self._refresh()

    def _terrains_changed(self, terrains: list[str]) -> None:
        self.canvas.set_tile(set_terrains(self.canvas.tile, terrains))
        self._refresh()

    def _fields_changed(self, *_args) -> None:
        t = self.canvas.tile
        count = None if self.count_spin.value() < 0 else self.count_spin.value()
        update = {"color": self.color_box.currentText(), "label": self.label_edit.text().strip() or None, "count": count}
        ident = self.id_edit.text().strip()
        if 1 <= len(ident) <= 40:
            update["id"] = ident
        self.canvas.set_tile(t.model_copy(update=update))
        self._refresh()

    def _new_stop_values(self) -> tuple[int, int | str] | None:
        try:
            return self.slots_spin.value(), parse_revenue(self.revenue_edit.text().strip() or "0")
        except DslError:
            return None

    def _stop_changed(self, *_args) -> None:
        vals = self._new_stop_values()
        if vals is None:
            self.revenue_edit.setStyleSheet("color: #b00000")
            return
        self.revenue_edit.setStyleSheet("")
        slots, revenue = vals
        self.canvas.new_city = Node(kind="city", slots=max(slots, 1), revenue=revenue)
        self.canvas.new_town = Node(kind="town", revenue=revenue)
        k = self.stop_box.currentIndex() - 1
        tile = self.canvas.tile
        if 0 <= k < len(tile.nodes):
            n = tile.nodes[k]
            upd = {"revenue": revenue} if n.kind != "junction" else {}
            if n.kind == "city":
                upd["slots"] = slots
            self.canvas.set_tile(set_node(tile, k, n.model_copy(update=upd)))
            self._refresh(keep_stop=True)

    def _stop_picked(self, index: int) -> None:
        k = index - 1
        tile = self.canvas.tile
        if 0 <= k < len(tile.nodes):
            n = tile.nodes[k]
            self.slots_spin.blockSignals(True)
            self.slots_spin.setValue(n.slots)
            self.slots_spin.blockSignals(False)
            self.revenue_edit.setText(str(n.revenue))

    def _track_chosen(self, kind: str) -> None:
        self.canvas.new_track = kind

    def _from_canvas(self, _tile: TileDef) -> None:
        self._refresh()

    def _code_typed(self) -> None:
        if self._typing:
            return
        text = self.code_edit.toPlainText().strip()
        t = self.canvas.tile
        try:
            new = tile_from_code(t.id, text, t.color, t.count)
        except (DslError, ValueError) as exc:
            msg = str(exc).splitlines()[-1] if str(exc) else type(exc).__name__
            self.code_note.setText(f"<span style='color:#b00000'>Not read: {msg[:160]}</span>")
            return
        self.code_note.setText("")
        self.canvas.set_tile(new.model_copy(update={"name": t.name, "upgrades": t.upgrades, "tags": t.tags,
                                                  "terrains": t.terrains}))
        if new.label is not None and new.label != (self.label_edit.text().strip() or None):
            self.label_edit.blockSignals(True)
            self.label_edit.setText(new.label)
            self.label_edit.blockSignals(False)
        self._refresh(from_code=True)

    def _refresh(self, from_code: bool = False, keep_stop: bool = False) -> None:
        tile = self.canvas.tile
        if not keep_stop:
            current = self.stop_box.currentIndex()
            self.stop_box.blockSignals(True)
            self.stop_box.clear()
            self.stop_box.addItem("(new stops)")
            for k, n in enumerate(tile.nodes):
                extra = f", {n.slots} slot(s)" if n.kind == "city" else ""
                self.stop_box.addItem(f"{k + 1}: {n.kind}{extra}, revenue {n.revenue}" if n.kind != "junction" else f"{k + 1}: junction")
            self.stop_box.setCurrentIndex(current if 0 <= current < self.stop_box.count() else 0)
            self.stop_box.blockSignals(False)
        if self.hex and not from_code:
            try:
                code = tile_code(tile)
            except DslError as exc:
                code = f"# {exc}"
            self._typing = True
            self.code_edit.setPlainText(code)
            self._typing = False
            self.code_note.setText("")
        problems = self.problems_now()
        self.problems.setText("<br>".join(f"• {p}" for p in problems) if problems else "none")
        self.problems.setStyleSheet("color: #b00000" if problems else "color: #206020")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problems)

    def problems_now(self) -> list[str]:
        """The tile's problems, and a missing or taken id."""
        tile = self.canvas.tile
        out = design_problems(tile, self.grid.sides, self.rules)
        ident = self.id_edit.text().strip()
        if not 1 <= len(ident) <= 40:
            out.insert(0, "the tile needs an id (1-40 characters)")
        elif ident in self.taken:
            out.insert(0, f"id {ident} is already in the manifest")
        return out

"""The properties panel: edits what is selected, with validation as you type.

One selected cell: its name, label, terrain, cost, cities (name, slots, revenue, reserved
companies), towns (name, revenue), station platform (station, access side, kind, owner) and
hex-level reservations; for 18xx hexes also the printed colour (any 18xx.games colour), further
labels, terrain costs of any terrain (``40 mountain|river; 20 water``), icons (``port;
image:1846/20,sticky:1``), frame and stripes colours, the future label (``T green``), track
stubs, each city's groups, visit cost, route, drawing position and off-board flag, each town's
style and halt symbol, each path's track kind and lanes, and a summary of the borders on the
cell's sides (the edge tool paints those). Several cells: terrain and cost for all of them. A
field turns red with the reason while its text is invalid; a valid value is applied (as one
undo step) when the field is left or Return is pressed. Each city also lists the companies whose
station tokens fill its circles, in circle order (``-``: a free circle; editable like the other fields; the Token tool places
them with the mouse, and a token keeps its circle when another is taken off).
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QComboBox, QFormLayout, QFrame, QLabel, QLineEdit, QScrollArea, QVBoxLayout, QWidget

from editor.commands import EditCellCommand, SetCellsCommand
from editor.document import Document
from model.board import Cell
from model.scenario import Scenario
from model.tokens import circle_layout, city_tokens

TERRAINS = ("plain", "lake", "mountain", "hill", "water", "gray", "offboard")
PLATFORM_KINDS = ("other", "origin", "destination")
INVALID_STYLE = "QLineEdit { background: #ffd6d6; border: 1px solid #c00000; }"

Path = tuple[Any, ...]


BOOL_WORDS = {"yes": True, "no": False, "1": True, "0": False, "true": True, "false": False}


def _parse_costs(text: str) -> list[dict]:
    """``40 mountain|river; 20 water size:2`` -> terrain costs."""
    out = []
    for item in (t.strip() for t in text.split(";")):
        if not item:
            continue
        words = item.split()
        if not words[0].isdigit():
            raise ValueError(f"costs: {item[:40]!r} must start with the cost, like '40 mountain|river'")
        c: dict = {"cost": int(words[0]), "terrains": []}
        for w in words[1:]:
            k, colon, v = w.partition(":")
            if colon and k in ("size", "loc"):
                c[k] = int(v) if k == "size" and v.isdigit() else v
            else:
                c["terrains"] += [t for t in w.split("|") if t]
        out.append(c)
    return out


def _format_costs(costs) -> str:
    parts = []
    for c in costs:
        words = [str(c.cost)] + (["|".join(c.terrains)] if c.terrains else [])
        words += [f"size:{c.size}"] if c.size is not None else []
        words += [f"loc:{c.loc}"] if c.loc is not None else []
        parts.append(" ".join(words))
    return "; ".join(parts)


def _parse(path: Path, text: str) -> Any:
    """The value a field's text stands for (its type follows from the last part of the path)."""
    key = path[-1]
    text = text.strip()
    if key in ("name", "label", "owner", "color", "stripes", "route", "loc", "style", "symbol"):
        return text or None
    if key == "costs":
        return _parse_costs(text)
    if key == "icons":
        return [t.strip() for t in text.split(";") if t.strip()]
    if key in ("labels", "groups"):
        return [t.strip() for t in text.split(",") if t.strip()]
    if key == "stubs":
        items = [t.strip() for t in text.split(",") if t.strip()]
        if not all(t.isdigit() for t in items):
            raise ValueError(f"stubs: {text[:40]!r} must be edge numbers like 0, 3")
        return [int(t) for t in items]
    if key == "future_label":
        words = text.split()
        return None if not words else {"label": words[0], "color": words[1] if len(words) > 1 else None}
    if key == "frame":
        words = text.split()
        return None if not words else {"color": words[0], "color2": words[1] if len(words) > 1 else None}
    if key in ("visit_cost", "lanes"):
        if not text:
            return None
        if not text.isdigit():
            raise ValueError(f"{key}: {text[:40]!r} is not a whole number")
        return int(text)
    if key in ("offboard", "hide", "boom"):
        if not text and key == "offboard":
            return None
        if text.lower() not in BOOL_WORDS:
            raise ValueError(f"{key}: write yes or no")
        return BOOL_WORDS[text.lower()]
    if key == "track":
        return text or "broad"
    if key in ("cost", "slots", "access"):
        if not text.lstrip("-").isdigit():
            raise ValueError(f"{key}: {text!r} is not a whole number")
        return int(text)
    if key == "revenue":
        return int(text) if text.lstrip("-").isdigit() else text
    if key == "offboard_revenue":
        if text.isdigit():
            return int(text)
        if not PHASE_REVENUE.fullmatch(text):
            raise ValueError("off-board revenue: write a number (40) or one per phase colour (yellow_30|brown_50)")
        return text
    if key == "reserved" or path[0] == "city_tokens":
        return [t.strip() for t in text.split(",") if t.strip()]
    return text


def format_value(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


PHASE_REVENUE = re.compile(r"[a-z]+_\d+(\|[a-z]+_\d+)*")
"""An off-board revenue per phase colour, as the 18xx.games maps write it: ``yellow_30|brown_50``."""


def is_offboard_area(cell: Cell) -> bool:
    """A red off-board area (terrain offboard, or a hex printed red)."""
    return cell.terrain == "offboard" or cell.printed_color == "red"


def offboard_stop(cell: Cell) -> int | None:
    """The index of the cell's off-board revenue location: a city marked off-board, or one with no
    station circle on an off-board area (None: the area has none yet)."""
    red = is_offboard_area(cell)
    return next((i for i, c in enumerate(cell.cities) if c.offboard or (c.offboard is None and c.slots == 0 and red)), None)


def field_value(cell: Cell, path: Path) -> Any:
    if path[0] == "offboard_revenue":  # the off-board area's revenue (its revenue location's)
        k = offboard_stop(cell)
        return None if k is None else cell.cities[k].revenue
    if path[0] == "city_tokens":  # the companies whose tokens fill a city's circles, in order ('-': a free circle)
        return ["-" if t is None else t.company for t in circle_layout(cell, path[1])]
    obj: Any = cell
    for part in path:
        obj = obj[part] if isinstance(part, int) else getattr(obj, part)
    return obj


def format_field(cell: Cell, path: Path) -> str:
    """The text a field shows for the cell's value (the inverse of ``_parse``)."""
    value = field_value(cell, path)
    key = path[-1]
    if key == "costs":
        return _format_costs(value)
    if key == "icons":
        return "; ".join(value)
    if key == "future_label":
        return "" if value is None else " ".join(v for v in (value.label, value.color) if v)
    if key == "frame":
        return "" if value is None else " ".join(v for v in (value.color, value.color2) if v)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return format_value(value)


def borders_summary(scenario: Scenario, coord) -> str:
    """The borders on a cell's sides, e.g. '0 mountain 60; 3 river 20 (this hex only)'."""
    grid = scenario.board.grid
    items = []
    for edge in range(grid.sides):
        for f in scenario.board.features_on_side(coord, edge):
            if f.one_sided and grid.coord(f.cell) != coord:
                continue
            words = [str(edge), f.kind] + ([str(f.cost)] if f.cost else []) + ([f.color] if f.color else [])
            items.append(" ".join(words) + (" (this hex only)" if f.one_sided else ""))
    return "; ".join(items)


def candidate_cell(scenario: Scenario, cell: Cell, path: Path, text: str) -> tuple[Cell | None, str]:
    """The cell with one field set from ``text``, or None and the reason it is invalid."""
    try:
        value = _parse(path, text)
    except ValueError as exc:
        return None, str(exc)
    data = cell.model_dump()
    if path[0] == "offboard_revenue":  # set the revenue location's revenue, or give the area one
        k = offboard_stop(cell)
        if k is None:
            data["cities"].append({"slots": 0, "revenue": value})
        else:
            data["cities"][k]["revenue"] = value
        return Cell.model_validate(data), ""
    if path[0] == "city_tokens":
        unknown = [c for c in value if c != "-" and scenario.company(c) is None]
        if unknown:
            return None, f"tokens: unknown company {', '.join(unknown)[:80]}"
        city = path[1]
        kinds = {t.company: t.kind for t in city_tokens(cell, city)}
        data["tokens"] = [t for t in data["tokens"] if t["city"] != city] + [
            {"company": c, "city": city, "circle": i, "kind": kinds.get(c, "normal")} for i, c in enumerate(value) if c != "-"
        ]
        return Cell.model_validate(data), ""
    obj: Any = data
    for part in path[:-1]:
        obj = obj[part]
    obj[path[-1]] = value
    try:
        new = Cell.model_validate(data)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in err.get("loc", ()))
        return None, f"{where}: {err.get('msg', 'invalid')}"
    key = path[-1]
    if key == "owner" and value is not None and scenario.player(value) is None:
        return None, f"owner: no player {value!r} (players: {', '.join(p.id for p in scenario.players) or 'none'})"
    if key == "reserved":
        unknown = [c for c in value if scenario.company(c) is None]
        if unknown:
            return None, f"reserved: unknown company {', '.join(unknown)}"
    if key == "revenue" and isinstance(value, str) and not value:
        return None, "revenue: empty"
    if key == "access" and value >= scenario.board.grid.sides:
        return None, f"access: side {value} out of range 0-{scenario.board.grid.sides - 1}"
    return new, ""


class PropertiesPanel(QWidget):
    """Edits the selected cell(s) of the document."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.title = QLabel()
        self.title.setWordWrap(True)
        f = self.title.font()
        f.setBold(True)
        self.title.setFont(f)
        self.form_host = QWidget()
        self.form = QFormLayout(self.form_host)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00000;")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.addWidget(self.title)
        # the form scrolls: an 18xx hex has many fields, and they must not make the window taller
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setWidget(self.form_host)
        lay.addWidget(self.scroll, 1)
        lay.addWidget(self.error)
        self.frozen = False  # set when the window closes: no more edits
        self.fields: dict[Path, QLineEdit] = {}
        self.terrain_combo: QComboBox | None = None
        self.kind_combo: QComboBox | None = None
        self.owner_combo: QComboBox | None = None
        self._shown: tuple | None = None
        self._shown_structure: tuple | None = None
        self._rebuild_timer = QTimer(self)
        self._rebuild_timer.setSingleShot(True)
        self._rebuild_timer.timeout.connect(self.rebuild)
        document.selectionChanged.connect(lambda _sel: self.rebuild())
        document.cellsChanged.connect(self._cells_changed)
        document.boardReset.connect(self.rebuild)
        # the owners, companies and tiles a cell's fields offer (not the state, the title or the puzzle)
        document.partChanged.connect(self._part_changed)
        self.rebuild()

    def _part_changed(self, part: str) -> None:
        if part in ("players", "companies", "tiles", "rules"):
            self.rebuild()

    # --- building the form ----------------------------------------------------------------
    def _clear(self) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.fields = {}
        self.terrain_combo = self.kind_combo = self.owner_combo = None
        self.error.clear()

    def _cells_changed(self, coords) -> None:
        if set(coords) & set(self.document.selection):
            if not self._refresh_in_place():
                # the form's shape changed (a city added, say): rebuild it once control is back
                # in the event loop, never while one of its own widgets is emitting a signal
                self._rebuild_timer.start(0)

    def _structure(self) -> tuple:
        """What the form shows, without the values: the same shape can be refreshed in place."""
        sel = tuple(self.document.selection)
        if len(sel) != 1:
            return (sel, id(self.document.scenario))
        cell = self.document.cell(sel[0])
        return (sel, id(self.document.scenario), len(cell.cities), len(cell.towns), len(cell.paths), cell.platform is not None, cell.tile,
                tuple(self.document.scenario.board.edges), is_offboard_area(cell))

    def _refresh_in_place(self) -> bool:
        """Show new values in the existing fields (keeps focus while tabbing); False if the shape changed."""
        if self._structure() != self._shown_structure or len(self.document.selection) != 1:
            return False
        cell = self.document.cell(self.document.selection[0])
        for path, edit in self.fields.items():
            text = format_field(cell, path)
            if edit.text() != text:
                edit.setText(text)
            edit.setStyleSheet("")
        for combo, value in ((self.terrain_combo, cell.terrain), (self.kind_combo, cell.platform.kind if cell.platform else None)):
            if combo is not None and value is not None and combo.currentText() != value:
                combo.blockSignals(True)
                combo.setCurrentText(value)
                combo.blockSignals(False)
        if self.owner_combo is not None and cell.platform is not None:
            i = self.owner_combo.findData(cell.platform.owner or "")
            if i >= 0 and i != self.owner_combo.currentIndex():
                self.owner_combo.blockSignals(True)
                self.owner_combo.setCurrentIndex(i)
                self.owner_combo.blockSignals(False)
        self.error.clear()
        self._shown = self._key()
        return True

    def _key(self) -> tuple:
        sel = list(self.document.selection)
        return (tuple(sel), tuple(self.document.cell(c) for c in sel), id(self.document.scenario))

    def rebuild(self) -> None:
        key = self._key()
        if key == self._shown:
            return
        self._shown = key
        self._shown_structure = self._structure()
        sel = list(self.document.selection)
        self._clear()
        grid = self.document.grid
        if not sel:
            self.title.setText("Nothing selected: pick cells with the select tool (S).")
            return
        if len(sel) > 1:
            self.title.setText(f"{len(sel)} cells selected")
            self._terrain_row(sel)
            self._line_row(("cost",), "Cost (all)", "", multi=True)
            return
        coord = sel[0]
        cell = self.document.cell(coord)
        self.title.setText(f"Cell {grid.label(coord)}")
        self._line_row(("name",), "Name", format_value(cell.name))
        self._line_row(("label",), "Label", format_value(cell.label))
        self._terrain_row(sel)
        self._line_row(("cost",), "Cost", format_value(cell.cost))
        if is_offboard_area(cell) and self.document.grid.sides == 6:
            self._line_row(("offboard_revenue",), "Off-board revenue", format_field(cell, ("offboard_revenue",)))
            self.fields[("offboard_revenue",)].setToolTip(
                "What a train earns here: a number (40) or one per phase colour (yellow_30|brown_50)")
        for i, city in enumerate(cell.cities):
            self._line_row(("cities", i, "name"), f"City {i + 1} name", format_value(city.name))
            self._line_row(("cities", i, "slots"), f"City {i + 1} slots", format_value(city.slots))
            self._line_row(("cities", i, "revenue"), f"City {i + 1} revenue", format_value(city.revenue))
            self._line_row(("cities", i, "reserved"), f"City {i + 1} reserved", format_value(city.reserved))
            if self.document.grid.sides == 6:
                for key, title in (("groups", "groups"), ("visit_cost", "visit cost"), ("route", "route"),
                                   ("loc", "drawn at"), ("offboard", "off-board")):
                    self._line_row(("cities", i, key), f"City {i + 1} {title}", format_field(cell, ("cities", i, key)))
        stop = offboard_stop(cell) if cell.tile is None else None
        for i in range(self._city_count(cell)):
            if i == stop and not city_tokens(cell, i):
                continue  # an off-board revenue location has no circle to hold a token
            self._line_row(("city_tokens", i), f"City {i + 1} tokens", format_value(field_value(cell, ("city_tokens", i))))
        for i, town in enumerate(cell.towns):
            self._line_row(("towns", i, "name"), f"Town {i + 1} name", format_value(town.name))
            self._line_row(("towns", i, "revenue"), f"Town {i + 1} revenue", format_value(town.revenue))
            if self.document.grid.sides == 6:
                self._line_row(("towns", i, "style"), f"Town {i + 1} style", format_value(town.style))
                self._line_row(("towns", i, "symbol"), f"Town {i + 1} halt symbol", format_value(town.symbol))
        if self.document.grid.sides == 6:
            self._hex_rows(cell, coord)
        if cell.platform is not None:
            p = cell.platform
            self._line_row(("platform", "station"), "Platform station", p.station)
            self._line_row(("platform", "name"), "Platform name", format_value(p.name))
            self._line_row(("platform", "access"), "Access side", str(p.access))
            kind = QComboBox()
            kind.addItems(PLATFORM_KINDS)
            kind.setCurrentText(p.kind)
            kind.currentTextChanged.connect(lambda text: self._apply_single(("platform", "kind"), text))
            self.form.addRow("Platform kind", kind)
            self.kind_combo = kind
            owner = QComboBox()  # the owner is one of the players; the platform takes her colour
            owner.setObjectName("platform_owner")
            owner.addItem("(nobody)", "")
            for player in self.document.scenario.players:
                owner.addItem(player.name or player.id, player.id)
            if p.owner is not None and owner.findData(p.owner) < 0:
                owner.addItem(f"{p.owner} (no such player)", p.owner)
            owner.setCurrentIndex(max(0, owner.findData(p.owner or "")))
            owner.activated.connect(lambda i, box=owner: self._apply_single(("platform", "owner"), box.itemData(i)))
            self.form.addRow("Owner (player)", owner)
            self.owner_combo = owner
        self._line_row(("reserved",), "Reserved (hex)", format_value(cell.reserved))
        if cell.tile is not None:
            self.form.addRow("Tile", QLabel(f"{cell.tile.tile}, rotation {cell.tile.rotation}"))

    def _hex_rows(self, cell: Cell, coord) -> None:
        """The 18xx.games fields of one hex (see the module docstring)."""
        for path, title in ((("color",), "Hex colour"), (("labels",), "More labels"), (("costs",), "Terrain costs"),
                            (("icons",), "Icons"), (("frame",), "Frame colour(s)"), (("stripes",), "Stripes colour"),
                            (("future_label",), "Future label"), (("stubs",), "Track stubs")):
            self._line_row(path, title, format_field(cell, path))
        for i, _p in enumerate(cell.paths):
            self._line_row(("paths", i, "track"), f"Path {i + 1} track", format_field(cell, ("paths", i, "track")))
            self._line_row(("paths", i, "lanes"), f"Path {i + 1} lanes", format_field(cell, ("paths", i, "lanes")))
        summary = borders_summary(self.document.scenario, coord)
        if summary:
            label = QLabel(summary)
            label.setWordWrap(True)
            label.setToolTip("Borders are painted with the edge tool (G): gauge, river, impassable, mountain, divider, offboard, border")
            self.form.addRow("Borders", label)
    def _city_count(self, cell: Cell) -> int:
        """Cities whose circles take tokens: the printed ones, or the laid tile's when it has more."""
        tdef = self.document.scenario.tile(cell.tile.tile) if cell.tile is not None else None
        on_tile = sum(1 for n in tdef.nodes if n.kind == "city") if tdef is not None else 0
        return max(len(cell.cities), on_tile)

    def _terrain_row(self, sel) -> None:
        combo = QComboBox()
        combo.addItems(TERRAINS)
        terrains = {self.document.cell(c).terrain for c in sel}
        combo.setCurrentText(terrains.pop() if len(terrains) == 1 else "")
        combo.currentTextChanged.connect(self._apply_terrain)
        self.form.addRow("Terrain", combo)
        self.terrain_combo = combo

    def _line_row(self, path: Path, title: str, text: str, multi: bool = False) -> None:
        edit = QLineEdit(text)
        edit.setObjectName("field_" + "_".join(map(str, path)))
        edit.textEdited.connect(lambda t, p=path, e=edit: self._validate(p, e, t, multi))
        edit.editingFinished.connect(lambda p=path, e=edit: self._commit(p, e, multi))
        self.fields[path] = edit
        self.form.addRow(title, edit)

    # --- validation and applying -------------------------------------------------------------
    def _validate(self, path: Path, edit: QLineEdit, text: str, multi: bool = False) -> Cell | None:
        s = self.document.scenario
        sel = self.document.selection
        if not sel:
            return None
        new, why = candidate_cell(s, self.document.cell(sel[0]), path, text)
        edit.setStyleSheet("" if new is not None else INVALID_STYLE)
        edit.setToolTip(why)
        self.error.setText(why)
        return new

    def _commit(self, path: Path, edit: QLineEdit, multi: bool) -> None:
        sel = list(self.document.selection)
        if not sel or self.frozen:
            return
        text = edit.text()
        if multi:
            s = self.document.scenario
            cells = {}
            for c in sel:
                new, why = candidate_cell(s, self.document.cell(c), path, text)
                if new is None:
                    self._validate(path, edit, text)
                    return
                if new != self.document.cell(c):
                    cells[c] = new
            if cells:
                self.document.undo_stack.push(SetCellsCommand(self.document, cells, f"Edit {path[-1]} of {len(cells)} cells"))
            return
        self._apply_single(path, text, edit)

    def _apply_single(self, path: Path, text: str, edit: QLineEdit | None = None) -> bool:
        sel = self.document.selection
        if len(sel) != 1 or self.frozen:
            return False
        coord = sel[0]
        old = self.document.cell(coord)
        new, why = candidate_cell(self.document.scenario, old, path, text)
        if new is None:
            if edit is not None:
                edit.setStyleSheet(INVALID_STYLE)
            self.error.setText(why)
            return False
        if new != old:
            what = " ".join(str(p) for p in path if not isinstance(p, int)).replace("_", " ")
            self.document.undo_stack.push(EditCellCommand(self.document, coord, new, what))
        return True

    def _apply_terrain(self, terrain: str) -> None:
        if terrain not in TERRAINS or self.frozen:
            return
        cells = {}
        for c in self.document.selection:
            old = self.document.cell(c)
            if old.terrain != terrain:
                cells[c] = old.model_copy(update={"terrain": terrain})
        if cells:
            self.document.undo_stack.push(SetCellsCommand(self.document, cells, f"Set terrain {terrain}"))

    def commit_pending(self) -> None:
        """Apply every field whose text was changed but not yet applied (before save or close)."""
        if self.frozen or len(self.document.selection) != 1:
            return
        cell = self.document.cell(self.document.selection[0])
        for path, edit in list(self.fields.items()):
            if edit.text() != format_field(cell, path):
                self._apply_single(path, edit.text(), edit)
                cell = self.document.cell(self.document.selection[0])

    def revert_field(self, edit) -> None:
        """Put the cell's value back into one of the form's fields (Escape), before it is applied."""
        sel = self.document.selection
        for path, e in self.fields.items():
            if e is edit and len(sel) == 1:
                edit.setText(format_field(self.document.cell(sel[0]), path))
                edit.setStyleSheet("")
                self.error.clear()

    def field(self, *path) -> QLineEdit | None:
        """The line edit of one field (tests type into it)."""
        return self.fields.get(tuple(path))

    def first_field(self) -> QWidget | None:
        """The form's first field that takes the keyboard (the board's menu focuses it)."""
        for row in range(self.form.rowCount()):
            item = self.form.itemAt(row, QFormLayout.ItemRole.FieldRole)
            w = item.widget() if item is not None else None
            if w is not None and w.isEnabled() and w.focusPolicy() != Qt.FocusPolicy.NoFocus:
                return w
        return None


__all__ = ["PropertiesPanel", "borders_summary", "candidate_cell", "format_field"]

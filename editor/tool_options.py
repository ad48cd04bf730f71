"""The "Tool options" bar: the settings of the current tool (terrain and cost, feature, edge kind...)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QWidget,
)

from editor.tools import BrushTool, EdgeTool, EraserTool, FeatureTool, FillTool, SelectTool, StampTool, TokenTool
from editor.tools.brush import TERRAINS
from editor.tools.edge import EDGE_KINDS
from editor.tools.feature import FEATURE_NAMES
from editor.tools.token import TOKEN_MODES

AUTO_COST = -1


def _hint(text: str) -> QLabel:
    """A hint beside a tool's settings: it may be cut when the window is narrow (its tooltip
    keeps it whole), so it never sets the window's minimum width."""
    label = QLabel(text)
    label.setMinimumWidth(1)  # an explicit minimum: the layout may shrink it below its text
    label.setToolTip(text)
    return label


def _row(*widgets) -> QWidget:
    w = QWidget()
    lay = QHBoxLayout(w)
    lay.setContentsMargins(4, 0, 4, 0)
    for x in widgets:
        lay.addWidget(x)
    lay.addStretch(1)
    return w


class ToolOptions(QStackedWidget):
    """One page of settings per tool; shows the page of the current tool."""

    def __init__(self, tools: dict[type, object], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tools = tools
        self.pages: dict[type, QWidget] = {}
        for cls in (BrushTool, FillTool):
            self.pages[cls] = self._terrain_page(tools[cls])
        self.pages[FeatureTool] = self._feature_page(tools[FeatureTool])
        self.pages[EdgeTool] = self._edge_page(tools[EdgeTool])
        self.pages[StampTool] = self._stamp_page(tools[StampTool])
        self.pages[SelectTool] = _row(_hint("Click, drag a rectangle; Shift adds, Ctrl toggles. Edit > Cut/Copy/Paste/Delete work on the selection."))
        self.pages[EraserTool] = _row(_hint("Click or drag: removes the laid tile first, then everything on the cell."))
        self.pages[TokenTool] = self._token_page(tools[TokenTool])
        for page in self.pages.values():
            self.addWidget(page)

    def show_tool(self, tool) -> None:
        page = self.pages.get(type(tool))
        if page is not None:
            self.setCurrentWidget(page)

    def _terrain_page(self, tool) -> QWidget:
        terrain = QComboBox()
        terrain.addItems(TERRAINS)
        terrain.setCurrentText(tool.terrain)
        cost = QSpinBox()
        cost.setRange(AUTO_COST, 9999)
        cost.setSpecialValueText("auto")
        cost.setValue(AUTO_COST)
        cost.setToolTip("Cost of the first tile laid on the painted cells ('auto' keeps the cell's cost)")

        def changed() -> None:
            tool.set_terrain(terrain.currentText(), None if cost.value() == AUTO_COST else cost.value())

        terrain.currentTextChanged.connect(lambda _t: changed())
        cost.valueChanged.connect(lambda _v: changed())
        tool.terrain_box, tool.cost_box = terrain, cost
        return _row(QLabel("Terrain"), terrain, QLabel("Cost"), cost)

    def _feature_page(self, tool) -> QWidget:
        feature = QComboBox()
        feature.setToolTip("Only the features the scenario's rule set uses are offered")

        def fill() -> None:  # the features the scenario's rule set uses
            keys = tool.choices()
            if [feature.itemData(i) for i in range(feature.count())] == keys:
                return
            feature.blockSignals(True)
            feature.clear()
            for key in keys:
                feature.addItem(FEATURE_NAMES[key], key)
            if tool.feature not in keys and keys:
                tool.set_feature(keys[0])
            feature.setCurrentIndex(max(0, feature.findData(tool.feature)))
            feature.blockSignals(False)

        fill()
        tool.document.boardReset.connect(fill)
        tool.document.metaChanged.connect(fill)
        feature.currentIndexChanged.connect(lambda i: tool.set_feature(feature.itemData(i)))
        tool.feature_box = feature
        owner = QComboBox()
        owner.setToolTip("The player a new platform belongs to: it takes her colour")
        owner_label = QLabel("Owner")

        def fill_owners() -> None:
            keep = tool.owner
            owner.blockSignals(True)
            owner.clear()
            owner.addItem("(nobody)", None)
            for p in tool.document.scenario.players:
                owner.addItem(p.name or p.id, p.id)
            i = owner.findData(keep)
            owner.setCurrentIndex(i if i >= 0 else 0)
            if i < 0:
                tool.owner = None
            owner.blockSignals(False)
            shown = "platform" in tool.choices()
            owner.setVisible(shown)
            owner_label.setVisible(shown)

        fill_owners()
        tool.document.boardReset.connect(fill_owners)
        tool.document.metaChanged.connect(fill_owners)
        owner.currentIndexChanged.connect(lambda i: tool.set_owner(owner.itemData(i)))
        tool.owner_box = owner
        return _row(QLabel("Feature"), feature, owner_label, owner,
                    _hint("(click again to remove; platforms face the nearest side that leads onto the board)"))

    def _edge_page(self, tool) -> QWidget:
        kind = QComboBox()
        kind.addItems(EDGE_KINDS)
        cost = QSpinBox()
        cost.setRange(0, 9999)
        cost.setToolTip("Cost of crossing a river or mountain pass")
        kind.currentTextChanged.connect(lambda k: tool.set_kind(k, cost.value()))
        cost.valueChanged.connect(lambda v: tool.set_kind(kind.currentText(), v))
        tool.kind_box, tool.cost_box = kind, cost
        return _row(QLabel("Side"), kind, QLabel("Crossing cost"), cost)

    def _stamp_page(self, tool) -> QWidget:
        label = QLabel()
        left = QPushButton("⟲ Shift+R")
        right = QPushButton("⟳ R")
        left.clicked.connect(lambda: tool.rotate(-1))
        right.clicked.connect(lambda: tool.rotate(1))

        def refresh() -> None:
            label.setText(f"Tile: {tool.tile_id or '(pick one in the palette)'}   rotation {tool.rotation}")

        tool.optionsChanged.connect(refresh)
        refresh()
        return _row(label, left, right)

    def _token_page(self, tool) -> QWidget:
        """The Token tool: what a click puts (token, home, reservation) and for which company."""
        mode = QComboBox()
        for key, title in TOKEN_MODES.items():
            mode.addItem(title, key)
        mode.currentIndexChanged.connect(lambda i: tool.set_mode(mode.itemData(i)))
        company = QComboBox()
        company.setToolTip("The company whose token a click places (the active one of the Turn panel by default)")

        def fill() -> None:
            keep = company.currentData()
            company.blockSignals(True)
            company.clear()
            active = tool.document.scenario.state.active
            company.addItem(f"active company ({active or 'none'})", None)
            for c in tool.document.scenario.companies:
                company.addItem(c.id, c.id)
            i = company.findData(keep)
            company.setCurrentIndex(i if i >= 0 else 0)
            company.blockSignals(False)

        company.currentIndexChanged.connect(lambda i: tool.set_company(company.itemData(i)))
        tool.document.metaChanged.connect(fill)
        tool.document.boardReset.connect(fill)
        fill()
        tool.mode_box, tool.company_box = mode, company
        return _row(QLabel("Put"), mode, QLabel("for"), company, _hint("(drag a token to move it; right-click or Delete removes it)"))

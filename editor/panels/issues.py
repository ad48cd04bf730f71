"""The issues panel: every issue of the live checker, grouped by severity.

Clicking an issue emits ``issueActivated(coords)``; the main window centres the view on
those cells and selects them.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from editor.document import Document
from model.grid import GridError

SEVERITY_TITLES = {"error": "Errors", "warning": "Warnings", "info": "Notes"}
SEVERITY_COLOURS = {"error": "#b00000", "warning": "#a06000", "info": "#305080"}
ISSUE_ROLE = Qt.ItemDataRole.UserRole


class IssuesPanel(QWidget):
    issueActivated = Signal(list)  # list[Coord]

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.tree = QTreeWidget()
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels(["Issue", "Cells", "Rule"])
        self.tree.setRootIsDecorated(True)
        self.tree.setAlternatingRowColors(True)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)  # the message gets the room
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.itemClicked.connect(self._clicked)
        self.tree.itemActivated.connect(self._clicked)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        lay.addWidget(self.tree)
        document.issuesChanged.connect(self.show_issues)
        self.show_issues(document.issues)

    def show_issues(self, issues) -> None:
        issues = list(issues)
        if issues == getattr(self, "_shown", None):
            return  # an edit that changed no finding leaves the list (and its scroll position) alone
        self._shown = issues
        self.tree.clear()
        for sev in ("error", "warning", "info"):
            group = [i for i in issues if i.severity == sev]
            if not group:
                continue
            top = QTreeWidgetItem([f"{SEVERITY_TITLES[sev]} ({len(group)})", "", ""])
            top.setForeground(0, QBrush(QColor(SEVERITY_COLOURS[sev])))
            f = top.font(0)
            f.setBold(True)
            top.setFont(0, f)
            self.tree.addTopLevelItem(top)
            for issue in group:
                row = QTreeWidgetItem([issue.message, self.places_text(issue), issue.rule])
                row.setToolTip(0, f"{issue.message}\n[{issue.rule}]")
                row.setData(0, ISSUE_ROLE, issue)
                top.addChild(row)
            top.setExpanded(True)

    def places_text(self, issue) -> str:
        """The cells and sides an issue names, e.g. ``E4, B2:E`` (a side as cell:side name)."""
        grid = self.document.grid
        sides = []
        for label, edge in issue.edges:
            try:
                sides.append(f"{label}:{grid.edge_name(int(edge))}")
            except (IndexError, ValueError):
                sides.append(f"{label}:{edge}")
        return ", ".join(list(issue.cells) + sides)

    def issue_items(self) -> list[QTreeWidgetItem]:
        out = []
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            out += [top.child(k) for k in range(top.childCount())]
        return out

    def _clicked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        issue = item.data(0, ISSUE_ROLE)
        if issue is None:
            return
        grid = self.document.grid
        coords = []
        for label in list(issue.cells) + [e[0] for e in issue.edges]:
            try:
                c = grid.coord(label)
            except GridError:
                continue
            if c not in coords:
                coords.append(c)
        if coords:
            self.issueActivated.emit(coords)

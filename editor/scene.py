"""BoardScene: the QGraphicsScene that mirrors the document's board.

Model -> Document -> Scene, one direction: the scene listens to the document's signals and
refreshes only the items of the cells that changed. A cell's picture depends only on that
cell (and on the scenario's players, companies and tiles, which ``metaChanged`` covers), so
``cellsChanged`` refreshes exactly the listed cells; edge features live in their own layer.

At low zoom the view calls :meth:`BoardScene.set_view_scale` and the scene swaps the
thousands of cell items for one overview picture (see ``docs/rendering.md``).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPolygonF
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSceneHelpEvent, QToolTip

from editor import items as Z
from editor import render
from editor.items import (
    CellItem,
    EdgeLayerItem,
    GhostItem,
    IssueMarkItem,
    LabelsItem,
    LayerItem,
    OutlineItem,
    OverviewItem,
    ShadeItem,
)
from editor.items.overlays import HOVER_COLOR, SELECTION_COLOR
from model.grid import Coord

OVERVIEW_BELOW_PX = (20.0, 32.0)
"""The scene shows the overview picture instead of cell items below this many screen pixels per
cell: the overview's own resolution, kept within these bounds (a huge board's picture is coarser)."""

SCENE_BACKGROUND = QColor("#e4e1d8")


class BoardScene(QGraphicsScene):
    """The board of a :class:`editor.document.Document` as graphics items.

    ``item_updates`` counts cell-item refreshes (tests check that a one-cell edit refreshes
    only that cell). Overlays: :meth:`set_issue_marks`, :meth:`set_overlay`,
    :meth:`set_ghost`, :meth:`set_hover`; the selection follows ``document.selectionChanged``
    and issue marks follow ``document.issuesChanged`` (``auto_issue_marks``).
    """

    def __init__(self, document, parent=None) -> None:
        super().__init__(parent)
        self.document = document
        self.item_updates = 0
        self.auto_issue_marks = True
        self._cells: dict[Coord, CellItem] = {}
        self._marks: dict[Coord, IssueMarkItem] = {}
        self._overview_mode = False
        self._view_scale = 1.0
        self.setBackgroundBrush(SCENE_BACKGROUND)
        self._scenario_of = lambda: self.document.scenario
        self._build()
        document.cellsChanged.connect(self._on_cells_changed)
        document.edgesChanged.connect(self._on_edges_changed)
        document.boardReset.connect(self._on_board_reset)
        document.metaChanged.connect(self._on_meta_changed)
        document.selectionChanged.connect(self._on_selection_changed)
        document.issuesChanged.connect(self._on_issues_changed)

    # --- building ---------------------------------------------------------------------------
    @property
    def grid(self):
        return self.document.scenario.board.grid

    def _build(self) -> None:
        # remove only our own items: tools may have items of their own in the scene (rubber band)
        for item in getattr(self, "_own_items", []) + list(getattr(self, "_marks", {}).values()):
            if item.scene() is self:
                self.removeItem(item)
        self._cells = {}
        self._marks = {}
        scen = self.document.scenario
        grid = scen.board.grid
        size = render.CELL_SIZE
        self.board_rect = render.board_rect(scen, size, labels=True)
        pad = size * 2
        self.setSceneRect(self.board_rect.adjusted(-pad, -pad, pad, pad))

        geo = render.geometry(grid)
        k = size / render.UNIT
        local_poly = QPolygonF([QPointF(p.x() * k, p.y() * k) for p in geo.corners])

        self._cells_layer = LayerItem()
        self._cells_layer.setZValue(Z.Z_CELLS)
        self.addItem(self._cells_layer)
        for coord in grid.ordered_coords:
            cx, cy = grid.centre(coord, size)
            self._cells[coord] = CellItem(coord, QPointF(cx, cy), self._scenario_of, local_poly, self._cells_layer)

        self.overview = OverviewItem(self._scenario_of)
        self.overview.setZValue(Z.Z_OVERVIEW)
        self.addItem(self.overview)
        self.edges_item = EdgeLayerItem(self._scenario_of)
        self.edges_item.setZValue(Z.Z_EDGES)
        self.addItem(self.edges_item)
        self.labels_item = LabelsItem(self._scenario_of)
        self.labels_item.setZValue(Z.Z_LABELS)
        self.addItem(self.labels_item)
        self.shade_item = ShadeItem()
        self.shade_item.setZValue(Z.Z_SHADE)
        self.shade_item.setVisible(False)
        self.addItem(self.shade_item)
        self.selection_item = OutlineItem(SELECTION_COLOR, 2.5, QColor(31, 111, 224, 50))
        self.selection_item.setZValue(Z.Z_SELECTION)
        self.addItem(self.selection_item)
        self.hover_item = OutlineItem(HOVER_COLOR, 2.0)
        self.hover_item.setZValue(Z.Z_HOVER)
        self.hover_item.setVisible(False)
        self.addItem(self.hover_item)
        self.ghost_item = GhostItem()
        self.ghost_item.setZValue(Z.Z_GHOST)
        self.addItem(self.ghost_item)
        self._own_items = [
            self._cells_layer, self.overview, self.edges_item, self.labels_item, self.shade_item,
            self.selection_item, self.hover_item, self.ghost_item,
        ]
        self._apply_mode()
        self._on_selection_changed(list(self.document.selection))
        if self.auto_issue_marks and getattr(self.document, "issues", None):
            self._on_issues_changed(list(self.document.issues))

    # --- geometry -----------------------------------------------------------------------------
    def cell_item(self, coord: Coord) -> CellItem | None:
        """The item that paints ``coord`` (None when the cell is not on the board)."""
        return self._cells.get((int(coord[0]), int(coord[1])))

    def cell_items(self) -> dict[Coord, CellItem]:
        return dict(self._cells)

    def coord_at(self, scene_pos: QPointF) -> Coord | None:
        """The cell under a scene position, by the grid's own layout maths."""
        return self.grid.cell_at(scene_pos.x(), scene_pos.y(), render.CELL_SIZE)

    def cell_centre(self, coord: Coord) -> QPointF:
        x, y = self.grid.centre(coord, render.CELL_SIZE)
        return QPointF(x, y)

    def cell_polygon(self, coord: Coord) -> QPolygonF:
        return render.cell_polygon(self.grid, coord, render.CELL_SIZE)

    def cells_rect(self, coords: list[Coord]) -> QRectF:
        rect = QRectF()
        for c in coords:
            rect = rect.united(self.cell_polygon(c).boundingRect())
        return rect

    # --- level of detail ----------------------------------------------------------------------
    def set_view_scale(self, scale: float) -> None:
        """Called by the view when its zoom changes: picks cell items or the overview picture."""
        self._view_scale = scale
        self._apply_mode()

    @property
    def overview_mode(self) -> bool:
        return self._overview_mode

    def _apply_mode(self) -> None:
        low, high = OVERVIEW_BELOW_PX
        threshold = max(low, min(high, self.overview.pixels_per_cell()))
        overview = self._view_scale * render.CELL_SIZE < threshold
        self._overview_mode = overview
        self._cells_layer.setVisible(not overview)
        self.overview.setVisible(overview)

    def overview_picture(self):
        """The whole board as a small QImage (for a minimap); painted on first use, kept current.

        A minimap should show this picture rather than be a second QGraphicsView on this scene:
        the level of detail (cell items or overview) is chosen per scene by the main view.
        """
        return self.overview.ensure_image()

    # --- document signals ---------------------------------------------------------------------
    def refresh_cells(self, coords) -> None:
        """Repaint the items of these cells (and their part of the overview picture)."""
        todo = []
        for c in coords:
            item = self._cells.get((int(c[0]), int(c[1])))
            if item is not None:
                item.update()
                self.item_updates += 1
                todo.append(item.coord)
        self.overview.update_cells(todo)
        if self.ghost_item.isVisible() and self.ghost_item.coord in todo:
            self.ghost_item.update()

    def _on_cells_changed(self, coords: list) -> None:
        self.refresh_cells(coords)

    def _on_edges_changed(self, sides: list) -> None:
        self.edges_item.update_sides(sides)

    def _on_board_reset(self) -> None:
        self._build()

    def _on_meta_changed(self) -> None:
        # players, companies and the tile supply change colours and tiles: refresh cells with content
        grid = self.grid
        coords = []
        for label in self.document.scenario.board.cells:
            try:
                coords.append(grid.coord(label))
            except ValueError:
                continue
        self.refresh_cells(coords)

    def _on_selection_changed(self, coords: list) -> None:
        coords = [c for c in coords if c in self._cells]
        self.selection_item.set_polygons(coords, [self.cell_polygon(c) for c in coords])

    def marks_for(self, issues) -> dict[Coord, str]:
        """Issue marks for ``set_issue_marks``: every cell an issue names, with its rules and messages."""
        grid = self.grid
        marks: dict[Coord, list[str]] = {}
        for issue in issues:
            for label in issue.cells:
                try:
                    c = grid.coord(label)
                except ValueError:
                    continue
                marks.setdefault(c, []).append(f"{issue.severity} · {issue.rule}: {issue.message}")
        return {c: "\n".join(lines) for c, lines in marks.items()}

    def _on_issues_changed(self, issues: list) -> None:
        if self.auto_issue_marks:
            self.set_issue_marks(self.marks_for(issues))

    # --- overlays -------------------------------------------------------------------------------
    def set_issue_marks(self, marks: dict[Coord, str]) -> None:
        """Outline these cells in red; each mark's tooltip is its text (the rule and message)."""
        for coord in list(self._marks):
            if coord not in marks:
                self.removeItem(self._marks.pop(coord))
        for coord, text in marks.items():
            coord = (int(coord[0]), int(coord[1]))
            if coord not in self._cells:
                continue
            item = self._marks.get(coord)
            if item is None:
                item = IssueMarkItem(coord, self.cell_polygon(coord), text)
                item.setZValue(Z.Z_ISSUES)
                self.addItem(item)
                self._marks[coord] = item
            elif item.toolTip() != text:
                item.setToolTip(text)

    def issue_marks(self) -> dict[Coord, IssueMarkItem]:
        return dict(self._marks)

    def set_overlay(self, shades: dict[Coord, QColor]) -> None:
        """Shade cells ('where can this tile go?'); an empty dict clears the shading."""
        self.shade_item.set_shades(
            {c: (self.cell_polygon(c), QColor(col)) for c, col in shades.items() if (int(c[0]), int(c[1])) in self._cells}
        )

    def set_ghost(self, coord: Coord | None, tile_id: str | None, rotation: int, legal: bool, reason: str) -> None:
        """Show a tile half transparent at ``coord`` (green outline when legal, red with the reason when not)."""
        tile = self.document.scenario.tile(tile_id) if tile_id is not None else None
        if coord is None or tile is None or coord not in self._cells:
            self.ghost_item.clear()
            return
        self.ghost_item.show_tile(self.grid, coord, self.cell_centre(coord), tile, rotation, legal, reason)

    def set_hover(self, coord: Coord | None) -> None:
        """Highlight the cell under the pointer (None clears)."""
        if coord is None or coord not in self._cells:
            self.hover_item.set_polygons([], [])
            return
        if self.hover_item.coords == [coord]:
            return
        self.hover_item.set_polygons([coord], [self.cell_polygon(coord)])

    # --- tooltips ---------------------------------------------------------------------------------
    def tooltip_at(self, scene_pos: QPointF) -> str:
        """The tooltip for a position: issue text, else the cell label and what is on it."""
        coord = self.coord_at(scene_pos)
        if coord is None:
            return ""
        mark = self._marks.get(coord)
        label = self.grid.label(coord)
        if mark is not None:
            return f"{label}\n{mark.toolTip()}"
        cell = self.document.scenario.board.cell(coord)
        parts = [label]
        if cell.name:
            parts.append(cell.name)
        if cell.terrain != "plain":
            parts.append(cell.terrain + (f" ({cell.cost})" if cell.cost else ""))
        if cell.tile is not None:
            parts.append(f"tile {cell.tile.tile} r{cell.tile.rotation}")
        return " · ".join(parts)

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:  # noqa: N802 - Qt override
        text = self.tooltip_at(event.scenePos())
        if self.ghost_item.isVisible() and self.ghost_item.coord == self.coord_at(event.scenePos()) and self.ghost_item.reason:
            text = f"{text}\n{self.ghost_item.toolTip()}"
        if text:
            QToolTip.showText(event.screenPos(), text, event.widget())
            event.accept()
        else:
            QToolTip.hideText()
            event.ignore()

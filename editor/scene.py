"""BoardScene: the QGraphicsScene that mirrors the document's board.

Model -> Document -> Scene, one direction: the scene listens to the document's signals and
refreshes only the items of the cells that changed. A cell's picture depends only on that
cell (and on the scenario's tile catalogue and on the colours and destinations of its players and
companies: ``partChanged`` repaints every cell when one of those changed, and only then), so
``cellsChanged`` refreshes exactly the listed cells; edge features live in their own layer.

At low zoom the view calls :meth:`BoardScene.set_view_scale` and the scene swaps the
thousands of cell items for one overview picture (see ``docs/rendering.md``).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Signal
from PySide6.QtGui import QColor, QPolygonF
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSceneHelpEvent, QToolTip

from editor import items as Z
from editor import render
from editor.items import (
    CellItem,
    EdgeLayerItem,
    GhostItem,
    IssueEdgeMarkItem,
    IssueMarkItem,
    LabelsItem,
    LayerItem,
    OutlineItem,
    OverviewItem,
    OwnershipItem,
    ShadeItem,
)
from editor.items.names import NamesItem
from editor.items.overlays import HOVER_COLOR, SELECTION_COLOR
from model.grid import Coord

PREVIEW_MARK_COLOR = QColor("#1a73e8")
"""The outline of the cell of the previewed step's move."""

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

    :meth:`set_preview` paints another scenario of the same grid (a puzzle solution's step)
    instead of the document's, read-only; ``None`` goes back to the document's board.
    """

    previewChanged = Signal(bool)  # True while the scene paints a preview instead of the document
    overviewChanged = Signal(list)  # list[Coord]: cells repainted (so was their part of the overview picture)

    def __init__(self, document, parent=None) -> None:
        super().__init__(parent)
        self.document = document
        self.item_updates = 0
        self.auto_issue_marks = True
        self._cells: dict[Coord, CellItem] = {}
        self._marks: dict[Coord, IssueMarkItem] = {}
        self._edge_marks: dict[tuple[Coord, int], IssueEdgeMarkItem] = {}
        self._preview = None  # the Scenario shown instead of the document's (None: the document's)
        self.ownership_texts: dict[Coord, str] = {}  # tooltip lines of the ownership layer, while shown
        self.tool_tip = ""  # what the current tool would do where the pointer is (added to the tooltip)
        self._overview_mode = False
        self._view_scale = 1.0
        self.setBackgroundBrush(SCENE_BACKGROUND)
        self._scenario_of = self.shown_scenario
        self._build()
        document.cellsChanged.connect(self._on_cells_changed)
        document.edgesChanged.connect(self._on_edges_changed)
        document.boardReset.connect(self._on_board_reset)
        document.partChanged.connect(self._on_part_changed)
        document.selectionChanged.connect(self._on_selection_changed)
        document.issuesChanged.connect(self._on_issues_changed)

    # --- building ---------------------------------------------------------------------------
    def shown_scenario(self):
        """The scenario the items paint: the preview while there is one, else the document's."""
        return self._preview if self._preview is not None else self.document.scenario

    @property
    def grid(self):
        return self.document.scenario.board.grid

    def _build(self) -> None:
        # remove only our own items: tools may have items of their own in the scene (rubber band)
        old = getattr(self, "_own_items", []) + list(self._marks.values()) + list(self._edge_marks.values())
        for item in old:
            if item.scene() is self:
                self.removeItem(item)
        self._cells = {}
        self._marks = {}
        self._edge_marks = {}
        self._polygons: dict[Coord, QPolygonF] = {}
        scen = self.document.scenario
        self._owner_looks = render.owner_looks(scen)
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
        self.labels_item.set_view_scale(self._view_scale)
        self.labels_item.setZValue(Z.Z_LABELS)
        self.addItem(self.labels_item)
        self.names_item = NamesItem(self._scenario_of)  # place names at a readable size when zoomed out
        self.names_item.set_view_scale(self._view_scale)
        self.names_item.setZValue(Z.Z_EDGES + 1)
        self.addItem(self.names_item)
        self.shade_item = ShadeItem()
        self.shade_item.setZValue(Z.Z_SHADE)
        self.shade_item.set_area(self.board_rect)
        self.shade_item.setVisible(False)
        self.addItem(self.shade_item)
        self.ownership_item = OwnershipItem()
        self.ownership_item.setZValue(Z.Z_OWNERSHIP)
        self.ownership_item.set_area(self.board_rect)
        self.addItem(self.ownership_item)
        self.selection_item = OutlineItem(SELECTION_COLOR, 2.5, QColor(31, 111, 224, 50))
        self.selection_item.setZValue(Z.Z_SELECTION)
        self.addItem(self.selection_item)
        self.preview_mark_item = OutlineItem(PREVIEW_MARK_COLOR, 4.0)
        self.preview_mark_item.setZValue(Z.Z_SELECTION)
        self.preview_mark_item.setVisible(False)
        self.addItem(self.preview_mark_item)
        self.hover_item = OutlineItem(HOVER_COLOR, 2.0)
        self.hover_item.setZValue(Z.Z_HOVER)
        self.hover_item.setVisible(False)
        self.addItem(self.hover_item)
        self.ghost_item = GhostItem()
        self.ghost_item.setZValue(Z.Z_GHOST)
        self.addItem(self.ghost_item)
        self._own_items = [
            self._cells_layer, self.overview, self.edges_item, self.labels_item, self.names_item, self.shade_item, self.ownership_item,
            self.selection_item, self.preview_mark_item, self.hover_item, self.ghost_item,
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
        """The cell's outline in scene coordinates (kept per cell: overlays ask for many at once)."""
        poly = self._polygons.get(coord)
        if poly is None:
            poly = self._polygons[coord] = render.cell_polygon(self.grid, coord, render.CELL_SIZE)
        return poly

    def cells_rect(self, coords: list[Coord]) -> QRectF:
        rect = QRectF()
        for c in coords:
            rect = rect.united(self.cell_polygon(c).boundingRect())
        return rect

    # --- level of detail ----------------------------------------------------------------------
    def set_view_scale(self, scale: float) -> None:
        """Called by the view when its zoom changes: picks cell items or the overview picture."""
        self._view_scale = scale
        self.labels_item.set_view_scale(scale)
        self.names_item.set_view_scale(scale)
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
        if todo:
            self.names_item.forget()  # the document edits its scenario in place: a cached list goes stale
        if self.ghost_item.isVisible() and self.ghost_item.coord in todo:
            self.ghost_item.update()
        if todo:
            self.overviewChanged.emit(todo)

    def _on_cells_changed(self, coords: list) -> None:
        self.refresh_cells(coords)

    def _on_edges_changed(self, sides: list) -> None:
        self.edges_item.update_sides(sides)

    def _on_board_reset(self) -> None:
        was_previewing = self._preview is not None
        self._preview = None  # the grid may have changed: a preview of the old board is meaningless
        self._build()
        if was_previewing:
            self.previewChanged.emit(False)

    def _on_part_changed(self, part: str) -> None:
        # the tile catalogue, or the players' and companies' colours, change what cells show
        looks = render.owner_looks(self.document.scenario)
        if part not in render.CELL_PARTS and looks == self._owner_looks:
            return  # cash, tokens, hands, the state, the title: no cell looks different
        self._owner_looks = looks
        self.refresh_content_cells()

    def refresh_content_cells(self) -> None:
        """Repaint every cell that holds something (the empty ones read no part of the scenario)."""
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
        return cell_marks(self.grid, issues, lambda i: f"{i.severity} · {i.rule}: {i.message}")

    def edge_marks_for(self, issues) -> dict[tuple[Coord, int], str]:
        """Side marks for ``set_issue_edge_marks``: every side an issue names, with its rules and messages."""
        return side_marks(self.grid, issues, lambda i: f"{i.severity} · {i.rule}: {i.message}")

    def _on_issues_changed(self, issues: list) -> None:
        if self.auto_issue_marks:
            self.set_issue_marks(self.marks_for(issues))
            self.set_issue_edge_marks(self.edge_marks_for(issues))

    # --- read-only preview ----------------------------------------------------------------------
    def set_preview(self, scenario, marked: list[Coord] | None = None) -> None:
        """Paint ``scenario`` (same grid as the document) instead of the document's board; None leaves.

        Only the cells that differ between what is shown and what will be shown are refreshed;
        the document is not touched. While previewing, the document's selection, issue marks and
        shading are hidden (they describe the document, not the preview); ``marked`` cells (the
        step's move) are outlined instead.
        """
        if scenario is not None and scenario.board.grid != self.document.scenario.board.grid:
            raise ValueError("a preview must have the document's grid")
        before = self.shown_scenario()
        was_previewing = self._preview is not None
        self._preview = scenario
        after = self.shown_scenario()
        if after is not before:
            self.refresh_cells(changed_cells(before, after))
            if before.board.edges != after.board.edges:
                self.edges_item.update()
        previewing = scenario is not None
        marked = [c for c in (marked or []) if c in self._cells] if previewing else []
        self.preview_mark_item.set_polygons(marked, [self.cell_polygon(c) for c in marked])
        if previewing != was_previewing:
            self._show_document_overlays(not previewing)
            self.previewChanged.emit(previewing)

    def is_previewing(self) -> bool:
        return self._preview is not None

    def _show_document_overlays(self, visible: bool) -> None:
        for item in list(self._marks.values()) + list(self._edge_marks.values()):
            item.setVisible(visible)
        self.selection_item.setVisible(visible and bool(self.selection_item.coords))
        self.shade_item.setVisible(visible and bool(self.shade_item.shades))
        self.ownership_item.setVisible(visible)

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
                item.setVisible(self._preview is None)
                self.addItem(item)
                self._marks[coord] = item
            elif item.toolTip() != text:
                item.setToolTip(text)

    def issue_marks(self) -> dict[Coord, IssueMarkItem]:
        return dict(self._marks)

    def set_issue_edge_marks(self, marks: dict[tuple[Coord, int], str]) -> None:
        """Highlight these cell sides in red; each mark's tooltip is its text (the rule and message)."""
        wanted: dict[tuple[Coord, int], str] = {}
        for (coord, edge), text in marks.items():
            coord = (int(coord[0]), int(coord[1]))
            if coord in self._cells:
                wanted[canonical_side(self.grid, coord, int(edge))] = text
        for key in list(self._edge_marks):
            if key not in wanted:
                self.removeItem(self._edge_marks.pop(key))
        for key, text in wanted.items():
            item = self._edge_marks.get(key)
            if item is None:
                p, q = render.side_segment(self.grid, key[0], key[1], render.CELL_SIZE)
                item = IssueEdgeMarkItem(key[0], key[1], p, q, text)
                item.setZValue(Z.Z_ISSUES + 0.5)
                item.setVisible(self._preview is None)
                self.addItem(item)
                self._edge_marks[key] = item
            elif item.toolTip() != text:
                item.setToolTip(text)

    def issue_edge_marks(self) -> dict[tuple[Coord, int], IssueEdgeMarkItem]:
        """The side marks, keyed by (cell, edge) with the cell that is on the board and the lower edge id."""
        return dict(self._edge_marks)

    def edge_mark_text_at(self, scene_pos: QPointF) -> str:
        """The text of the side mark under a scene position ('' when there is none)."""
        reach = render.CELL_SIZE * 0.18
        for item in self._edge_marks.values():
            if item.isVisible() and item.distance_to(scene_pos) <= reach:
                return item.toolTip()
        return ""

    def set_overlay(self, shades: dict[Coord, QColor]) -> None:
        """Shade cells ('where can this tile go?'); an empty dict clears the shading."""
        self.shade_item.set_shades(
            {c: (self.cell_polygon(c), QColor(col)) for c, col in shades.items() if (int(c[0]), int(c[1])) in self._cells}
        )

    def set_ownership(self, lines: dict) -> None:
        """Lines beside owned track: {cell: [(polyline in scene units, colour)]} ({} clears)."""
        self.ownership_item.set_lines({c: v for c, v in lines.items() if (int(c[0]), int(c[1])) in self._cells})

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
        mark = self._marks.get(coord) if self._preview is None else None
        label = self.grid.label(coord)
        if mark is not None:
            edge_text = self.edge_mark_text_at(scene_pos)
            return f"{label}\n{mark.toolTip()}" + (f"\n{edge_text}" if edge_text and edge_text != mark.toolTip() else "")
        edge_text = self.edge_mark_text_at(scene_pos)
        if edge_text:
            return f"{label}\n{edge_text}"
        cell = self.shown_scenario().board.cell(coord)
        parts = [label]
        if cell.name:
            parts.append(cell.name)
        if cell.terrain != "plain":
            parts.append(cell.terrain + (f" ({cell.cost})" if cell.cost else ""))
        if cell.tile is not None:
            parts.append(f"tile {cell.tile.tile} r{cell.tile.rotation}")
        else:  # the printed stops, with what they earn (a printed town often has no name and earns 0)
            for kind, stops in (("city", cell.cities), ("town", cell.towns)):
                for stop in stops:
                    parts.append(f"{kind}{' ' + stop.name if stop.name else ''} revenue {stop.revenue or 0}")
        owned = self.ownership_texts.get(coord) if self._preview is None else None
        note = self._label_note(cell.label) if cell.label else None
        return " · ".join(parts) + (f"\n{note}" if note else "") + (f"\n{owned}" if owned else "")

    def _label_note(self, label: str) -> str | None:
        """What a printed hex label means in the document's game (:attr:`RuleSet.label_notes`)."""
        rules = self.document.rule_set
        return rules.label_notes.get(label) if rules is not None else None

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:  # noqa: N802 - Qt override
        text = self.tooltip_at(event.scenePos())
        if self.ghost_item.isVisible() and self.ghost_item.coord == self.coord_at(event.scenePos()) and self.ghost_item.reason:
            text = f"{text}\n{self.ghost_item.toolTip()}"
        if self.tool_tip:
            text = f"{text}\n{self.tool_tip}" if text else self.tool_tip
        if text:
            QToolTip.showText(event.screenPos(), text, event.widget())
            event.accept()
        else:
            QToolTip.hideText()
            event.ignore()


# --- helpers (no items) ---------------------------------------------------------------------------
def changed_cells(before, after) -> list[Coord]:
    """The cells whose picture differs between two scenarios of the same grid."""
    grid = after.board.grid
    if _paint_inputs(before) != _paint_inputs(after):
        return list(grid.ordered_coords)
    a, b = before.board.cells, after.board.cells
    out = []
    for label in set(a) | set(b):
        if a.get(label) != b.get(label) and grid.is_label(label):
            out.append(grid.coord(label))
    return out


def _paint_inputs(scenario) -> tuple:
    """What a cell's picture reads besides the cell: colours of players and companies, tile definitions."""
    t = scenario.tiles
    return (
        [(p.id, p.color) for p in scenario.players],
        [(c.id, c.color, c.text_color) for c in scenario.companies],
        (t.set, t.custom),
    )


def cell_marks(grid, issues, text_of) -> dict[Coord, str]:
    """Every cell the issues name, with the joined texts (``text_of(issue)``, one line each)."""
    marks: dict[Coord, list[str]] = {}
    for issue in issues:
        for label in issue.cells:
            if grid.is_label(label):
                marks.setdefault(grid.coord(label), []).append(text_of(issue))
    return {c: "\n".join(lines) for c, lines in marks.items()}


def canonical_side(grid, coord: Coord, edge: int) -> tuple[Coord, int]:
    """One key per physical side: the side as seen from the on-board cell with the smaller (coord, edge)."""
    other = grid.neighbour(coord, edge)
    if other is None:
        return coord, edge
    return min((coord, edge), (other, grid.opposite(edge)))


def side_marks(grid, issues, text_of) -> dict[tuple[Coord, int], str]:
    """Every side the issues name, with the joined texts (``text_of(issue)``, one line each)."""
    marks: dict[tuple[Coord, int], list[str]] = {}
    for issue in issues:
        for label, edge in issue.edges:
            if not grid.is_label(label):
                continue
            key = canonical_side(grid, grid.coord(label), int(edge))
            line = text_of(issue)
            if line not in marks.setdefault(key, []):
                marks[key].append(line)
    return {k: "\n".join(v) for k, v in marks.items()}

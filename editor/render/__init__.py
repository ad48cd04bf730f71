"""Pure painting of boards, cells, edges and tiles with QPainter.

Used by the scene items (``editor/items/``) and by SVG/PNG/PDF export. Nothing here keeps
state about a document: every function paints what the scenario says.

Every cell is painted in a local frame where the cell has the reference size ``UNIT``
(square side or hex circumradius = 100) and its centre is at the origin; the painter is then
scaled by ``size / UNIT``. The shapes of a grid (corners, edge midpoints, track curves) are
therefore the same for every cell and are computed once per grid orientation
(:func:`geometry`). See ``docs/rendering.md`` for the symbols and colours.

This package's ``__init__`` is the public painting API: it re-exports the names of
:mod:`~editor.render.base` (geometry, colours, text), :mod:`~editor.render.cell` (a cell, a tile),
:mod:`~editor.render.edges` (edge features) and :mod:`~editor.render.labels` (coordinate labels),
and paints whole boards. :mod:`~editor.render.track` (paths, cities, towns),
:mod:`~editor.render.decor` (tile decorations) and :mod:`~editor.render.graphics` (SVG/PNG/PDF
files) are imported by name.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainter

from editor.render.base import (
    CELL_SIZE,
    CITY_FILL,
    FALLBACK_OWNER,
    FONT_FAMILY,
    GAUGE,
    GRID_LINE,
    HILL,
    IMPASSABLE,
    LAKE,
    LAKE_WAVE,
    LAND,
    LOW_DETAIL_PX,
    MOUNTAIN,
    MOUNTAIN_SNOW,
    PHASE_COLORS,
    RESERVED_TEXT,
    RIVER,
    TERRAIN_FILL,
    TEXT,
    TILE_COLORS,
    TRACK,
    UNIT,
    WATER,
    Geometry,
    cell_centre,
    cell_polygon,
    draw_text,
    font,
    geometry,
    grid_bounds,
)
from editor.render.cell import (
    CELL_PARTS,
    cell_background,
    cell_track,
    owner_colors,
    owner_looks,
    paint_cell,
    paint_cell_at,
    paint_cost_badge,
    paint_tile,
    station_circles,
)
from editor.render.edges import EDGE_ORDER, edge_pen, paint_edges, side_segment
from editor.render.labels import (
    LABEL_COLOR,
    SCREEN_LABEL_PX,
    draw_static_label,
    label_margin,
    paint_labels,
    paint_screen_labels,
    screen_label_bands,
    screen_label_offsets,
    screen_labels,
)
from editor.render.marks import off_grid_scenario, paint_lines
from model.scenario import Scenario

__all__ = [
    "CELL_PARTS", "CELL_SIZE", "CITY_FILL", "EDGE_ORDER", "FALLBACK_OWNER", "FONT_FAMILY", "GAUGE", "GRID_LINE", "HILL", "IMPASSABLE",
    "LABEL_COLOR", "LAKE", "LAKE_WAVE", "LAND", "LOW_DETAIL_PX", "MOUNTAIN", "MOUNTAIN_SNOW", "PHASE_COLORS",
    "RESERVED_TEXT", "RIVER", "SCREEN_LABEL_PX", "TERRAIN_FILL", "TEXT", "TILE_COLORS", "TRACK", "UNIT", "WATER",
    "Geometry", "board_rect", "cell_background", "cell_centre", "cell_polygon", "cell_track", "draw_static_label",
    "draw_text", "edge_pen", "font", "geometry", "grid_bounds", "label_margin", "owner_colors", "owner_looks", "paint_board",
    "paint_cell", "paint_cell_at", "paint_cost_badge", "paint_edges", "paint_labels", "paint_screen_labels",
    "paint_tile", "screen_label_bands", "screen_label_offsets", "screen_labels", "side_segment", "station_circles",
]


def board_rect(scenario: Scenario, size: float, *, labels: bool = True) -> QRectF:
    """The scene rectangle a painted board covers (with room for the coordinate labels)."""
    x0, y0, x1, y1 = grid_bounds(scenario.board.grid, size)
    side = off_grid_scenario(scenario)
    if side is not None:  # the hexes beside the map are drawn too
        bx0, by0, bx1, by1 = grid_bounds(side.board.grid, size)
        x0, y0, x1, y1 = min(x0, bx0), min(y0, by0), max(x1, bx1), max(y1, by1)
    m = label_margin(size) if labels else size * 0.05
    return QRectF(QPointF(x0 - m, y0 - m), QPointF(x1 + m, y1 + m))


def paint_board(painter: QPainter, scenario: Scenario, size: float, *, labels: bool = True) -> None:
    """Paint the whole board (cells, edges, labels) in scene coordinates, as exports need it."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    painter.fillRect(board_rect(scenario, size, labels=labels), QColor("#ffffff"))
    for coord in scenario.board.grid.ordered_coords:
        paint_cell(painter, scenario, coord, size)
    side = off_grid_scenario(scenario)
    if side is not None:
        for coord in side.board.grid.ordered_coords:
            paint_cell(painter, side, coord, size)
        paint_edges(painter, side, size)
    paint_edges(painter, scenario, size)
    paint_lines(painter, scenario, size)
    if labels:
        paint_labels(painter, scenario, size)
    painter.restore()


"""Painting one cell: terrain, its symbols, printed and laid track, cities, towns, tokens, platforms;
and a tile on its own (the palette, the ghost)."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

from editor.render.base import (
    CITY_FILL,
    FALLBACK_OWNER,
    GRID_LINE,
    HILL,
    LAKE_WAVE,
    LAND,
    MOUNTAIN,
    MOUNTAIN_SNOW,
    RESERVED_TEXT,
    RIVER,
    TERRAIN_FILL,
    TEXT,
    TILE_COLORS,
    TRACK,
    UNIT,
    Geometry,
    draw_text,
    geometry,
    text_rect,
)
from editor.render.decor import (
    hex_color,
    paint_costs,
    paint_frame,
    paint_future_label,
    paint_icons,
    paint_partitions,
    paint_stripes,
    paint_stubs,
)
from editor.render.marks import paint_background_shapes, paint_boomtown_rings, paint_marks, palette_color
from editor.render.track import (
    TrackData,
    city_circles,
    clear_spot,
    is_offboard_stop,
    paint_track,
    stop_rects,
    track_width,
)
from model.board import Cell
from model.grid import Coord
from model.scenario import Scenario
from model.tiles import TileDef
from model.tokens import circle_layout


# --- terrain symbols -------------------------------------------------------------------------
def _paint_mountain(painter: QPainter, at: QPointF, cost: int, s: float) -> None:
    poly = QPolygonF([QPointF(at.x() - s, at.y() + s * 0.6), QPointF(at.x(), at.y() - s * 0.8), QPointF(at.x() + s, at.y() + s * 0.6)])
    painter.setPen(QPen(QColor("#4a3520"), 1.5))
    painter.setBrush(MOUNTAIN)
    painter.drawPolygon(poly)
    cap = QPolygonF([QPointF(at.x() - s * 0.3, at.y() - s * 0.38), QPointF(at.x(), at.y() - s * 0.8), QPointF(at.x() + s * 0.3, at.y() - s * 0.38)])
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(MOUNTAIN_SNOW)
    painter.drawPolygon(cap)
    if cost:
        draw_text(painter, QPointF(at.x(), at.y() + s * 0.25), str(cost), s * 0.62, bold=True, color=QColor("#ffffff"))


def _paint_hill(painter: QPainter, at: QPointF, cost: int, s: float) -> None:
    path = QPainterPath(QPointF(at.x() - s, at.y() + s * 0.5))
    path.cubicTo(QPointF(at.x() - s * 0.7, at.y() - s * 0.7), QPointF(at.x() + s * 0.7, at.y() - s * 0.7), QPointF(at.x() + s, at.y() + s * 0.5))
    path.closeSubpath()
    painter.setPen(QPen(QColor("#4d5f2a"), 1.5))
    painter.setBrush(HILL)
    painter.drawPath(path)
    if cost:
        draw_text(painter, QPointF(at.x(), at.y() + s * 0.12), str(cost), s * 0.58, bold=True, color=QColor("#ffffff"))


def _paint_waves(painter: QPainter, at: QPointF, s: float, color: QColor, rows: int = 2) -> None:
    painter.setPen(QPen(color, 2.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for row in range(rows):
        y = at.y() + (row - (rows - 1) / 2) * s * 0.5
        path = QPainterPath(QPointF(at.x() - s, y))
        for i in range(4):
            x0 = at.x() - s + i * s / 2
            path.quadTo(QPointF(x0 + s / 8, y + (-1) ** i * s * 0.14), QPointF(x0 + s / 4, y))
            path.quadTo(QPointF(x0 + 3 * s / 8, y - (-1) ** i * s * 0.14), QPointF(x0 + s / 2, y))
        painter.drawPath(path)


def paint_cost_badge(painter: QPainter, at: QPointF, cost: int, color: QColor) -> None:
    painter.setPen(QPen(color, 2))
    painter.setBrush(CITY_FILL)
    painter.drawEllipse(at, 11, 11)
    draw_text(painter, at, str(cost), 11, bold=True, color=color, max_width=20)


# --- owners and tokens -----------------------------------------------------------------------
def owner_looks(scenario: Scenario) -> tuple:
    """All that a cell's picture reads of the players and companies: their ids, colours and
    destinations (an edit of anything else, cash, token costs, hands, repaints no cell)."""
    return (tuple((c.id, c.color, c.text_color) for c in scenario.companies),
            tuple((p.id, p.color, p.destination) for p in scenario.players))


CELL_PARTS = ("tiles", "rules")
"""Scenario parts whose every change may change a cell's picture (the tile catalogue); a change
of ``players`` or ``companies`` does when :func:`owner_looks` changes; the other parts never."""


def owner_colors(scenario: Scenario, owner_id: str | None) -> tuple[QColor, QColor]:
    """Fill and text colour of a company or player id (companies first)."""
    if owner_id:
        comp = scenario.company(owner_id)
        if comp is not None:
            return QColor(comp.color), QColor(comp.text_color)
        player = scenario.player(owner_id)
        if player is not None:
            fill = QColor(player.color)
            return fill, (QColor("#000000") if fill.lightness() > 150 else QColor("#ffffff"))
    return FALLBACK_OWNER, QColor("#ffffff")


def _city_tokens(scenario: Scenario, cell: Cell, n_cities: int) -> list[list[tuple[str, QColor, QColor, bool] | None]]:
    """Per city, what each circle shows: a token (each in its own circle), then the reservations
    and marked circles in the circles left free (None: a free circle)."""
    out: list[list] = [[] for _ in range(n_cities)]
    placed: list[set] = [set() for _ in range(n_cities)]
    for k in range(n_cities):
        for t in circle_layout(cell, k):
            if t is None:
                out[k].append(None)
                continue
            if t.kind == "neutral":  # nobody's: drawn pale, whatever name it carries
                fill, txt = QColor("#f4f4f4"), QColor("#606060")
            elif t.kind == "blocking":
                fill, txt = QColor("#202020"), QColor("#ffffff")
            else:
                fill, txt = owner_colors(scenario, t.company)
            out[k].append((t.company, fill, txt, False))
            placed[k].add(t.company)
    for k in range(n_cities):
        reserved = cell.city_reserved(k)
        if k == 0:
            reserved += cell.reserved
        for cid in reserved:
            if cid not in placed[k] and all(cid not in s for s in placed):
                _fill_free(out[k], (cid, CITY_FILL, RESERVED_TEXT, True))
    if cell.tile is None:  # circles the printed map marks with a colour for no named company
        for k, city in enumerate(cell.cities[:n_cities]):
            for m in city.marks:
                if m.company is None and m.color:
                    _fill_free(out[k], ("", palette_color(scenario.board.palette, m.color), RESERVED_TEXT, True))
    return out


def _fill_free(circles: list, shown) -> None:
    i = next((i for i, c in enumerate(circles) if c is None), None)
    if i is None:
        circles.append(shown)
    else:
        circles[i] = shown


# --- cells -----------------------------------------------------------------------------------
def cell_track(scenario: Scenario, cell: Cell) -> tuple[TrackData | None, TileDef | None]:
    tdef = scenario.tile(cell.tile.tile) if cell.tile is not None else None
    if tdef is not None:
        sides = scenario.board.grid.sides
        return (
            TrackData(
                paths=list(tdef.rotated_paths(cell.tile.rotation, sides)),
                kinds=[n.kind for n in tdef.nodes],
                slots=[n.slots for n in tdef.nodes],
                revenues=[0 if n.hide else n.revenue for n in tdef.nodes],
                styles=[f"halt:{n.symbol or ''}" if n.halt else n.style for n in tdef.nodes],
                tags=tuple(tdef.tags),
                kinds_of_track=[(p.track, p.lanes, p.terminal_style, p.a_lane, p.b_lane) for p in tdef.paths],
                locs=[n.loc for n in tdef.nodes],
                offboards=[is_offboard_stop(n.offboard, n.kind, n.slots, tdef.color == "red") for n in tdef.nodes],
            ),
            tdef,
        )
    kinds = ["city"] * len(cell.cities) + ["town"] * len(cell.towns) + ["junction"] * cell.junction_count
    if not kinds and not cell.paths:
        return None, None
    return (
        TrackData(
            paths=[(p.a, p.b, p.terminal) for p in cell.paths],
            kinds=kinds,
            slots=[c.slots for c in cell.cities] + [1] * (len(cell.towns) + cell.junction_count),
            revenues=[0 if c.hide else c.revenue for c in cell.cities] + [0 if t.hide else t.revenue for t in cell.towns]
            + [0] * cell.junction_count,
            styles=[None] * len(cell.cities) + [f"halt:{t.symbol or ''}" if t.halt else t.style for t in cell.towns]
            + [None] * cell.junction_count,
            kinds_of_track=[(p.track, p.lanes, p.terminal_style, p.a_lane, p.b_lane) for p in cell.paths],
            locs=[c.loc for c in cell.cities] + [t.loc for t in cell.towns] + [None] * cell.junction_count,
            offboards=[is_offboard_stop(c.offboard, "city", c.slots, cell.terrain == "offboard" or cell.printed_color == "red")
                       for c in cell.cities] + [False] * (len(cell.towns) + cell.junction_count),
        ),
        None,
    )


def station_circles(scenario: Scenario, coord: Coord, size: float) -> list[list[tuple[QPointF, float]]]:
    """The station circles of each city on a cell, in scene coordinates (centre, radius), as
    :func:`paint_cell` draws them: what the token tool hits."""
    cell = scenario.board.cell(coord)
    track, _tdef = cell_track(scenario, cell)
    if track is None or "city" not in track.kinds:
        return []
    grid = scenario.board.grid
    x, y = grid.centre(coord, size)
    s = size / UNIT
    return [
        [(QPointF(x + c.x() * s, y + c.y() * s), r * s) for c, r in circles]
        for circles in city_circles(geometry(grid), track)
    ]


def cell_background(scenario: Scenario, cell: Cell) -> QColor:
    """The fill of a cell: the laid tile's colour, else the printed colour, else the terrain's."""
    if cell.tile is not None:
        tdef = scenario.tile(cell.tile.tile)
        if tdef is not None and tdef.drawn_color:
            return palette_color(scenario.board.palette, tdef.drawn_color)
        if tdef is not None and tdef.color in TILE_COLORS:
            return TILE_COLORS[tdef.color]
    if cell.color is not None and cell.color in scenario.board.palette:
        return palette_color(scenario.board.palette, cell.color)
    if cell.color is not None:
        return TILE_COLORS.get(cell.color) or hex_color(cell.color)
    return TERRAIN_FILL.get(cell.terrain, LAND)


def paint_cell(
    painter: QPainter, scenario: Scenario, coord: Coord, size: float, *, detail: bool = True, placed: list | None = None
) -> None:
    """Paint one cell (background, terrain, features, track, tokens, text) in scene coordinates."""
    grid = scenario.board.grid
    x, y = grid.centre(coord, size)
    paint_cell_at(painter, scenario, coord, QPointF(x, y), size, detail=detail, placed=placed)


def paint_cell_at(
    painter: QPainter, scenario: Scenario, coord: Coord, centre: QPointF, size: float, *, detail: bool = True, names: bool = True,
    placed: list | None = None,
) -> None:
    """Paint one cell with its centre at ``centre`` (items paint in their own coordinates).
    ``placed`` (when given) receives ``(what, rect)`` of the stops and revenues (``'track'``), the
    name and the label, in the cell's own units (:data:`UNIT`): what the placement keeps apart."""
    grid = scenario.board.grid
    geo = geometry(grid)
    cell = scenario.board.cell(coord)
    painter.save()
    painter.translate(centre)
    s = size / UNIT
    painter.scale(s, s)
    bg = cell_background(scenario, cell)
    if cell.color == "empty":  # a hole in the map: only a faint dashed outline
        painter.setPen(QPen(GRID_LINE, 1.0, Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolygon(geo.polygon)
        painter.restore()
        return
    painter.setPen(QPen(GRID_LINE, 1.5 if detail else 2.5))
    painter.setBrush(bg)
    if cell.open_sides:  # an area over several hexes: the outline between them is not drawn
        pen = painter.pen()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawPolygon(geo.polygon)
        painter.setPen(pen)
        for edge, (i, j) in enumerate(geo.side_corners):
            if edge not in cell.open_sides:
                painter.drawLine(geo.corners[i], geo.corners[j])
    else:
        painter.drawPolygon(geo.polygon)
    try:
        if not cell.is_empty():
            _paint_cell_content(painter, scenario, grid, geo, coord, cell, bg, detail, names, placed)
    finally:
        painter.restore()


def _paint_cell_content(painter, scenario, grid, geo, coord, cell, bg, detail, names=True, placed=None) -> None:
    track, tdef = cell_track(scenario, cell)
    covered = tdef is not None and tdef.color != "track"  # a coloured 18xx tile covers the printed hex
    busy = track is not None or cell.platform is not None
    a = geo.apothem
    if not covered:
        if cell.stripes:
            paint_stripes(painter, geo, cell.stripes)
        if cell.frame is not None:
            paint_frame(painter, geo, cell.frame)
        paint_background_shapes(painter, geo, cell, scenario.board.palette)
    # terrain
    if detail and not covered and cell.costs:
        paint_costs(painter, geo, cell.costs, busy)
    elif detail and not covered:
        sym = QPointF(a * 0.5, a * 0.45) if busy else QPointF(0, 0)
        big = 13.0 if busy else 20.0
        if cell.terrain == "mountain":
            _paint_mountain(painter, sym, cell.cost, big * 1.35)
        elif cell.terrain == "hill":
            _paint_hill(painter, sym, cell.cost, big * 1.3)
        elif cell.terrain == "lake":
            _paint_waves(painter, QPointF(0, a * 0.45) if busy else QPointF(0, 0), a * 0.5, LAKE_WAVE, 2)
        elif cell.terrain == "water":
            _paint_waves(painter, QPointF(0, a * 0.4) if busy else QPointF(0, a * 0.15), a * 0.55, RIVER, 2)
            if cell.cost:
                paint_cost_badge(painter, QPointF(0, -a * 0.3), cell.cost, RIVER)
    elif not detail and not covered and cell.terrain in ("mountain", "hill"):
        s = 20.0
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(MOUNTAIN if cell.terrain == "mountain" else HILL)
        painter.drawPolygon(QPolygonF([QPointF(-s, s * 0.6), QPointF(0, -s * 0.8), QPointF(s, s * 0.6)]))
    if cell.platform is not None:
        _paint_platform(painter, scenario, geo, cell, detail)
    if not covered and cell.partitions:
        paint_partitions(painter, geo, cell.partitions)
    if not covered and cell.stubs:
        paint_stubs(painter, geo, cell.stubs, track_width(geo))
    name = cell.name or next((c.name for c in cell.cities if c.name), None) or next((t.name for t in cell.towns if t.name), None)
    name_width = a * 1.5 if geo.sides == 6 else a * 1.9
    name_at, name_rect = QPointF(0, -a * 0.74), None
    if name and detail:  # at the top; nearer the edge, or at the bottom, when a stop is in the way
        stops = stop_rects(geo, track) if track is not None else []
        spots = [QPointF(0, -a * 0.74), QPointF(0, -a * 0.8), QPointF(0, a * 0.76)]
        name_at = clear_spot(spots, lambda c: text_rect(c, name, 13, bold=True, max_width=name_width), stops) if stops else name_at
        name_rect = text_rect(name_at, name, 13, bold=True, max_width=name_width)
    occupied: list[QRectF] = []
    if track is not None:
        n_cities = track.kinds.count("city")
        tokens = _city_tokens(scenario, cell, n_cities) if n_cities else None
        paint_track(painter, geo, track, bg, detail, tokens, avoid=[name_rect] if name_rect is not None else None, occupied=occupied)
    if not detail:
        return
    _paint_destination_markers(painter, scenario, grid, geo, coord, cell)
    # texts
    if name and names:  # names=False: the editor's names layer writes them at a readable size instead
        draw_text(painter, name_at, name, 13, bold=True, max_width=name_width,
                  background=QColor(255, 255, 255, 170))
    if placed is not None:
        placed += [("track", r) for r in occupied] + ([("name", name_rect)] if name_rect is not None else [])
    if name_rect is not None:
        occupied.append(name_rect)
    label = cell.label or (tdef.label if tdef is not None else None)
    if label:
        extra = [] if tdef is not None else cell.labels
        rect = _paint_label(painter, geo, " ".join([label, *extra]), 1 + len(extra), occupied)
        occupied.append(rect)
        if placed is not None:
            placed.append(("label", rect))
    if cell.future_label is not None and not covered:
        paint_future_label(painter, geo, cell.future_label)
    icons = [i for i in cell.icons if not _says_name(i, name)]  # "COTTON" needs no "cotton" badge under it
    if icons:
        drawn = paint_icons(painter, geo, icons, busy or bool(cell.costs) or (not covered and cell.terrain in ("mountain", "hill", "water")),
                            occupied)
        if placed is not None:
            placed += [("icon", r) for r in drawn]
    if tdef is not None and tdef.color != "track":
        draw_text(painter, QPointF(a * 0.55, a * 0.72), tdef.id, 9, color=QColor(0, 0, 0, 150), max_width=a * 0.6)
    _paint_drawn_marks(painter, scenario, geo, cell, tdef if covered else None)


def _paint_drawn_marks(painter: QPainter, scenario: Scenario, geo: Geometry, cell: Cell, tdef: TileDef | None) -> None:
    """The printed marks (model.drawing) of the hex, or of the laid tile that covers it, turned with it."""
    colors = {c.id: owner_colors(scenario, c.id) for c in scenario.companies}
    if tdef is None:
        paint_boomtown_rings(painter, geo, [*cell.cities, *cell.towns])
        paint_marks(painter, geo, cell, scenario.board.palette, colors)
        return
    painter.save()
    painter.rotate(360 / geo.sides * (cell.tile.rotation if cell.tile is not None else 0))
    paint_background_shapes(painter, geo, tdef, scenario.board.palette)
    paint_boomtown_rings(painter, geo, tdef.nodes)
    paint_marks(painter, geo, tdef, scenario.board.palette, colors)
    painter.restore()


def _says_name(icon: str, name: str | None) -> bool:
    """True when an icon's text repeats the cell's name ('18_india/ore' under ORE1, '…/tea' under TEA2)."""
    if not name:
        return False
    return icon.rsplit("/", 1)[-1].lower() == name.rstrip("0123456789").lower()


def _paint_label(painter: QPainter, geo: Geometry, label: str, count: int = 1, occupied: list[QRectF] = ()) -> QRectF:  # type: ignore[assignment]
    """A hex label ('OO', 'B', 'FERRY'); a '+?' (a revenue that varies, 18 India) gets a badge as on the map.
    It goes to the lower left, or the first of the other free corners that ``occupied`` (the
    stops, revenues and name drawn) leaves clear."""
    width = geo.apothem * 0.55 * count
    if label.startswith("+"):
        def rect_at(c: QPointF) -> QRectF:
            return QRectF(c.x() - 15, c.y() - 11, 30, 22)
    else:
        def rect_at(c: QPointF) -> QRectF:
            return text_rect(c, label, 15, bold=True, max_width=width)
    at = clear_spot(_label_positions(geo), rect_at, occupied) if occupied else _label_position(geo)
    if label.startswith("+"):
        painter.setPen(QPen(TEXT, 1.5))
        painter.setBrush(CITY_FILL)
        painter.drawRoundedRect(QRectF(at.x() - 15, at.y() - 11, 30, 22), 6, 6)
        draw_text(painter, at, label, 14, bold=True, max_width=26)
        return rect_at(at)
    draw_text(painter, at, label, 15, bold=True, max_width=width)
    return rect_at(at)


def _label_position(geo: Geometry) -> QPointF:
    """Where a cell's label ('OO', 'B', '+?') goes: the lower left, clear of centred cities."""
    a = geo.apothem
    return QPointF(-a * 0.6, a * 0.55) if geo.sides == 6 else QPointF(-a * 0.68, -a * 0.68)


def _label_positions(geo: Geometry) -> list[QPointF]:
    """The spots a label may take, the usual one first: the lower left, then the other corners
    and sides of the cell, then the bottom and the top."""
    a = geo.apothem
    if geo.sides != 6:
        return [QPointF(x * a * 0.68, y * a * 0.68) for x, y in ((-1, -1), (1, -1), (-1, 1), (1, 1))]
    spots = [(-0.6, 0.55), (0.6, 0.55), (-0.6, -0.5), (0.6, -0.5), (-0.68, 0.0), (0.68, 0.0), (0.0, 0.76), (-0.3, 0.74), (0.3, 0.74)]
    return [QPointF(x * a, y * a) for x, y in spots]


def _paint_platform(painter: QPainter, scenario: Scenario, geo: Geometry, cell: Cell, detail: bool) -> None:
    """A station platform in its owner's colour, with track to its access side and an access arrow."""
    plat = cell.platform
    fill, text_color = owner_colors(scenario, plat.owner)
    e = plat.access % geo.sides
    m, d = geo.mids[e], geo.inward[e]
    s = QPointF(-d.y(), d.x())
    a = geo.apothem
    w = track_width(geo)
    # the platform body sits on the far side of the cell, across the direction of access
    c = QPointF(d.x() * a * 0.35, d.y() * a * 0.35)
    painter.setPen(QPen(TRACK, w, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
    painter.drawLine(m, c)
    half_len, half_w = a * 0.62, a * 0.2
    body = QPolygonF(
        [
            QPointF(c.x() + s.x() * half_len + d.x() * half_w, c.y() + s.y() * half_len + d.y() * half_w),
            QPointF(c.x() - s.x() * half_len + d.x() * half_w, c.y() - s.y() * half_len + d.y() * half_w),
            QPointF(c.x() - s.x() * half_len - d.x() * half_w, c.y() - s.y() * half_len - d.y() * half_w),
            QPointF(c.x() + s.x() * half_len - d.x() * half_w, c.y() + s.y() * half_len - d.y() * half_w),
        ]
    )
    painter.setPen(QPen(TRACK, 2))
    painter.setBrush(fill)
    painter.drawPolygon(body)
    # access arrow at the edge, pointing into the cell
    tip = QPointF(m.x() + d.x() * a * 0.22, m.y() + d.y() * a * 0.22)
    arrow = QPolygonF([QPointF(m.x() + s.x() * a * 0.2, m.y() + s.y() * a * 0.2), tip, QPointF(m.x() - s.x() * a * 0.2, m.y() - s.y() * a * 0.2)])
    painter.setPen(QPen(TRACK, 1.5))
    painter.setBrush(fill)
    painter.drawPolygon(arrow)
    if not detail:
        return
    text = plat.name or plat.station
    painter.save()
    painter.translate(c)
    angle = math.degrees(math.atan2(s.y(), s.x()))
    if angle > 90.01 or angle < -89.99:
        angle -= 180  # keep the text upright
    painter.rotate(angle)
    draw_text(painter, QPointF(0, 0), text, 12, bold=True, color=text_color, max_width=half_len * 1.8)
    painter.restore()
    badge = QPointF(-d.x() * a * 0.05 + s.x() * a * 0.55, -d.y() * a * 0.05 + s.y() * a * 0.55)
    if plat.kind == "origin":
        _paint_origin_flag(painter, badge, fill)
    elif plat.kind == "destination":
        _paint_bullseye(painter, badge, fill, 11)


def _paint_origin_flag(painter: QPainter, at: QPointF, color: QColor) -> None:
    """The origin marker: a flag on a white disc."""
    painter.setPen(QPen(TRACK, 1.5))
    painter.setBrush(CITY_FILL)
    painter.drawEllipse(at, 12, 12)
    painter.setPen(QPen(TRACK, 2))
    painter.drawLine(QPointF(at.x() - 4, at.y() + 8), QPointF(at.x() - 4, at.y() - 8))
    painter.setPen(QPen(TRACK, 1))
    painter.setBrush(color)
    painter.drawPolygon(QPolygonF([QPointF(at.x() - 4, at.y() - 8), QPointF(at.x() + 8, at.y() - 4), QPointF(at.x() - 4, at.y())]))


def _paint_bullseye(painter: QPainter, at: QPointF, color: QColor, r: float) -> None:
    """The destination marker: concentric rings in the player's colour."""
    painter.setPen(QPen(TRACK, 1.2))
    for k, c in enumerate((color, CITY_FILL, color)):
        painter.setBrush(c)
        rr = r * (1 - k * 0.33)
        painter.drawEllipse(at, rr, rr)


def _paint_destination_markers(painter, scenario: Scenario, grid, geo: Geometry, coord: Coord, cell: Cell) -> None:
    if not scenario.players:
        return
    label = grid.label(coord)
    station = cell.platform.station if cell.platform is not None else None
    hits = [p for p in scenario.players if p.destination is not None and p.destination in (label, station)]
    for i, p in enumerate(hits):
        _paint_bullseye(painter, QPointF(geo.apothem * 0.62 - i * 22, -geo.apothem * 0.62 + (6 if geo.sides == 6 else 0)), QColor(p.color), 10)


# --- tiles (palette, ghost) ------------------------------------------------------------------
def paint_tile(painter: QPainter, tile: TileDef, rotation: int, grid, centre: QPointF, size: float) -> None:
    """Paint a tile on its own (palette, ghost preview): background in its colour and its track."""
    geo = geometry(grid)
    painter.save()
    painter.translate(centre)
    s = size / UNIT
    painter.scale(s, s)
    bg = palette_color(None, tile.drawn_color) if tile.drawn_color else TILE_COLORS.get(tile.color, QColor("#efe6cf"))
    painter.setPen(QPen(GRID_LINE, 1.5))
    painter.setBrush(bg)
    painter.drawPolygon(geo.polygon)
    painter.save()
    painter.rotate(360 / geo.sides * rotation)
    paint_background_shapes(painter, geo, tile, None)
    painter.restore()
    track = TrackData(
        paths=list(tile.rotated_paths(rotation, grid.sides)),
        kinds=[n.kind for n in tile.nodes],
        slots=[n.slots for n in tile.nodes],
        revenues=[n.revenue for n in tile.nodes],
        styles=[n.style for n in tile.nodes],
        tags=tuple(tile.tags),
        kinds_of_track=[(p.track, p.lanes, p.terminal_style, p.a_lane, p.b_lane) for p in tile.paths],
        offboards=[is_offboard_stop(n.offboard, n.kind, n.slots, tile.color == "red") for n in tile.nodes],
    )
    paint_track(painter, geo, track, bg, True, None)
    if tile.label:
        draw_text(painter, _label_position(geo), tile.label, 15, bold=True, max_width=geo.apothem * 0.55)
    painter.rotate(360 / geo.sides * rotation)
    paint_boomtown_rings(painter, geo, tile.nodes)
    paint_marks(painter, geo, tile, None, {})
    painter.restore()

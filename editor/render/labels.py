"""Coordinate labels: printed along the board's rim (exports) and kept readable on screen (the editor)."""

from __future__ import annotations

import math
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainter, QStaticText, QTransform

from editor.render.base import (
    CELL_SIZE,
    UNIT,
    draw_text,
    font,
    grid_bounds,
    text_width,
)
from model.grid import letters_for
from model.memo import IdentityMemo
from model.scenario import Scenario


# --- coordinate labels ------------------------------------------------------
def _axis_texts(grid) -> tuple:
    ls, ns = getattr(grid, "letter_start", 0), getattr(grid, "number_start", 1)

    def letters(i: int) -> str:  # hex maps may start left of A ('a', 'b' ...)
        k = i + ls
        return letters_for(k) if k >= 0 else chr(ord("a") - k - 1)

    def number(i: int) -> str:
        return str(i + ns)

    if grid.kind == "hex" and grid.effective_axes == "number-letter":
        return number, letters
    return letters, number


def label_margin(size: float) -> float:
    return size * 0.5


def paint_labels(painter: QPainter, scenario: Scenario, size: float, *, rect: QRectF | None = None) -> None:
    """Column and row labels along the four board edges (18xx letters and numbers on hex maps)."""
    grid = scenario.board.grid
    x0, y0, x1, y1 = grid_bounds(grid, size)
    m = label_margin(size)
    col_text, row_text = _axis_texts(grid)
    xs = sorted({c[0] for c in grid.coord_set})
    ys = sorted({c[1] for c in grid.coord_set})
    px = size * 0.26

    def label(at: QPointF, box: QRectF, text: str, max_width: float | None) -> None:
        if rect is not None and not rect.intersects(box):
            return
        painter.save()
        painter.translate(at)
        painter.scale(size / UNIT, size / UNIT)
        draw_text(painter, QPointF(0, 0), text, px * UNIT / size, bold=True, color=LABEL_COLOR, max_width=max_width)
        painter.restore()

    for x in xs:  # column labels above and below
        cx = grid.centre((x, 0), size)[0]
        for yy in (y0 - m / 2, y1 + m / 2):
            label(QPointF(cx, yy), QRectF(cx - size, yy - m, 2 * size, 2 * m), col_text(x), None)
    for y in ys:  # row labels left and right, as wide as the margin
        cy = grid.centre((0, y), size)[1]
        for xx in (x0 - m / 2, x1 + m / 2):
            label(QPointF(xx, cy), QRectF(xx - m, cy - size, 2 * m, 2 * size), row_text(y), m * 0.95 * UNIT / size)


SCREEN_LABEL_PX = 11.0
"""Pixel size of the coordinate labels at zooms where the scaled labels would be smaller."""
LABEL_COLOR = QColor("#303030")


_AXES: IdentityMemo[tuple[list[int], list[int], list[float], list[float]]] = IdentityMemo(16)


def _label_axes(grid) -> tuple[list[int], list[int], list[float], list[float]]:
    """The grid's columns and rows and their centres at CELL_SIZE, remembered per grid object
    (painting labels every frame must not walk every cell of a big board)."""

    def compute() -> tuple[list[int], list[int], list[float], list[float]]:
        xs = sorted({c[0] for c in grid.coord_set})
        ys = sorted({c[1] for c in grid.coord_set})
        col_x = [grid.centre((x, 0), CELL_SIZE)[0] for x in xs]
        row_y = [grid.centre((0, y), CELL_SIZE)[1] for y in ys]
        return xs, ys, col_x, row_y

    return _AXES.get(grid, None, compute)


def _lanes(grid) -> tuple[int, int]:
    """Lanes the screen labels of rows and of columns may use: hex rows (flat) or columns (pointy)
    lie half a cell apart, so their labels alternate between two lanes to fit them all."""
    if grid.kind != "hex":
        return 1, 1
    return (2, 1) if grid.orientation == "flat" else (1, 2)


def screen_label_bands(scenario: Scenario, text_px: float = SCREEN_LABEL_PX) -> tuple[float, float]:
    """Screen pixels the screen-constant labels need beside the grid: (left/right band, top/bottom band)."""
    grid = scenario.board.grid
    col_text, row_text = _axis_texts(grid)
    ys = _label_axes(grid)[1] or [0]
    widest = max(text_width(row_text(y), int(text_px), True) for y in (ys[0], ys[-1]))
    row_lanes, col_lanes = _lanes(grid)
    return row_lanes * (widest + 6.0) + 2.0, col_lanes * (text_px * 1.25 + 3.0) + 3.0


def screen_label_offsets(scenario: Scenario, size: float, scale: float, text_px: float = SCREEN_LABEL_PX) -> tuple[float, float]:
    """Scene distance from the grid's edge to the centre of a screen-constant label (x for rows, y for columns)."""
    band_x, band_y = screen_label_bands(scenario, text_px)
    half = label_margin(size) / 2
    scale = max(scale, 1e-6)
    return max(half, band_x / 2 / scale), max(half, band_y / 2 / scale)


def screen_labels(scenario: Scenario, size: float, scale: float, text_px: float = SCREEN_LABEL_PX) -> list[tuple[QPointF, str, str, float]]:
    """The screen-constant coordinate labels at ``scale``: (scene anchor, text, side, lane offset in pixels).

    ``side`` is 'top', 'bottom', 'left' or 'right'. Labels that would crowd each other are
    thinned to every k-th one (k as small as the spacing allows), except where hex rows (or
    columns) lie half a cell apart: there the labels alternate between two lanes, so every row
    is labelled (``lane`` is the label's pixel offset from the middle of its band).
    """
    if scale <= 0:
        return []
    grid = scenario.board.grid
    x0, y0, x1, y1 = grid_bounds(grid, size)
    off_x, off_y = screen_label_offsets(scenario, size, scale, text_px)
    col_text, row_text = _axis_texts(grid)
    xs, ys, col_x, row_y = _label_axes(grid)
    if not xs or not ys:
        return []
    k = size / CELL_SIZE
    col_x, row_y = [x * k for x in col_x], [y * k for y in row_y]
    px = int(text_px)

    def step(centres: list[float], need_px: float) -> int:
        gaps = [b - a for a, b in zip(centres, centres[1:], strict=False) if b > a]
        gap_px = (min(gaps) if gaps else size) * scale
        return max(1, math.ceil(need_px / max(gap_px, 1e-6)))

    col_w = max(text_width(col_text(x), px, True) for x in (xs[0], xs[-1]))
    row_w = max(text_width(row_text(y), px, True) for y in (ys[0], ys[-1]))
    k_col = step(col_x, col_w + 6)
    k_row = step(row_y, text_px * 1.25 + 2)
    # where every other label would be left out, alternate them between two lanes instead
    row_lanes, col_lanes = _lanes(grid)
    row_lane = row_w / 2 + 3 if row_lanes == 2 and k_row == 2 else 0.0
    col_lane = text_px * 1.25 / 2 + 1.5 if col_lanes == 2 and k_col == 2 else 0.0
    k_row, k_col = (1 if row_lane else k_row), (1 if col_lane else k_col)
    labels: list[tuple[QPointF, str, str, float]] = []
    for i, (x, cx) in enumerate(zip(xs, col_x, strict=True)):
        if i % k_col == 0:
            lane = col_lane if i % 2 else -col_lane
            d = off_y + lane / scale
            labels += [(QPointF(cx, y0 - d), col_text(x), "top", lane), (QPointF(cx, y1 + d), col_text(x), "bottom", lane)]
    for i, (y, cy) in enumerate(zip(ys, row_y, strict=True)):
        if i % k_row == 0:
            lane = row_lane if i % 2 else -row_lane
            d = off_x + lane / scale
            labels += [(QPointF(x0 - d, cy), row_text(y), "left", lane), (QPointF(x1 + d, cy), row_text(y), "right", lane)]
    return labels


def paint_screen_labels(painter: QPainter, scenario: Scenario, size: float, *, rect: QRectF | None = None,
                        text_px: float = SCREEN_LABEL_PX) -> None:
    """Coordinate labels at a screen-constant size (``text_px`` device pixels) beside the grid.

    For zooms where :func:`paint_labels`' text, which scales with the board, would be too small
    to read; which labels and where: :func:`screen_labels`. The painter's world transform must
    be a plain scale and translation.
    """
    t = painter.worldTransform()
    scale = math.hypot(t.m11(), t.m12())
    labels = screen_labels(scenario, size, scale, text_px)
    if not labels:
        return
    px = int(text_px)
    grid = scenario.board.grid
    col_text, _row_text = _axis_texts(grid)
    xs = _label_axes(grid)[0]
    col_w = max(text_width(col_text(x), px, True) for x in (xs[0], xs[-1]))
    half_w, half_h = (col_w / 2 + 2) / scale, text_px / scale

    def visible(at: QPointF) -> bool:
        return rect is None or rect.intersects(QRectF(at.x() - half_w, at.y() - half_h, 2 * half_w, 2 * half_h))

    painter.save()
    painter.resetTransform()
    painter.setFont(font(px, True))  # one font and pen for all, and laid-out texts kept (QStaticText)
    painter.setPen(LABEL_COLOR)
    for at, text, _side, _lane in labels:
        if visible(at):
            draw_static_label(painter, t.map(at), text, px)
    painter.restore()


def draw_static_label(painter: QPainter, at: QPointF, text: str, px: int) -> None:
    """A coordinate label centred on ``at`` (device pixels), in the painter's font and pen."""
    st = _static_text(text, px)
    size = st.size()
    painter.drawStaticText(QPointF(round(at.x() - size.width() / 2), round(at.y() - size.height() / 2)), st)


@lru_cache(maxsize=2048)
def _static_text(text: str, px: int) -> QStaticText:
    """A label's text laid out once in the bold label font (drawing it is then a glyph copy)."""
    st = QStaticText(text)
    st.prepare(QTransform(), font(px, True))
    return st

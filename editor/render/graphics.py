"""SVG, PNG and PDF output of a board, drawn by ``editor/render/__init__.py`` (the editor's own painter).

Sizes are physical: ``cell_mm`` is the size of one cell on paper (the hex circumradius, centre to
corner, or the side of a square cell; 22 mm gives the usual 18xx hex of 38 mm across the flats).

* SVG: a QSvgGenerator document whose width/height are the board's size at 96 dpi and whose
  view box is the board's scene rectangle.
* PNG: ``dpi`` sets both the pixel size (board millimetres / 25.4 x dpi) and the physical
  resolution stored in the file.
* PDF: ``page_size`` (A4, A3, Letter, ...) with ``margin_mm``; the board is printed at true size
  and split over as many pages as it needs (portrait or landscape, whichever needs fewer), each
  page showing one piece, for print-and-play: ``overlap_mm`` (10 mm unless told otherwise)
  repeats a strip of each neighbour for gluing, crop marks in the margins show where the next
  piece begins, and pieces with no cell on them (the corners of an irregular map) are not
  printed. ``fit=True`` scales the board onto a single page instead.

Every function returns bytes; the caller writes them atomically
(:func:`model.io.atomic.write_atomic`).
"""

from __future__ import annotations

import math
import struct
import zlib
from dataclasses import dataclass

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QPointF, QRectF, QSize
from PySide6.QtGui import QColor, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter, QPolygonF
from PySide6.QtSvg import QSvgGenerator

from editor.render import CELL_SIZE, board_rect, draw_text, paint_board
from model.scenario import Scenario

DEFAULT_CELL_MM = 22.0
DEFAULT_DPI = 150
DEFAULT_MARGIN_MM = 10.0
DEFAULT_OVERLAP_MM = 10.0
CROP_MARK_MM = 6.0
MAX_PIXELS = 100_000_000  # about 1 GB of working memory at most
PAGE_SIZES = {
    "A0": QPageSize.PageSizeId.A0,
    "A1": QPageSize.PageSizeId.A1,
    "A2": QPageSize.PageSizeId.A2,
    "A3": QPageSize.PageSizeId.A3,
    "A4": QPageSize.PageSizeId.A4,
    "B3": QPageSize.PageSizeId.B3,
    "B4": QPageSize.PageSizeId.B4,
    "Letter": QPageSize.PageSizeId.Letter,
    "Legal": QPageSize.PageSizeId.Legal,
    "Tabloid": QPageSize.PageSizeId.Tabloid,
    "Ledger": QPageSize.PageSizeId.Ledger,
}


class GraphicsExportError(ValueError):
    """Options that cannot produce a picture (unknown page size, an image too large, ...)."""


def board_size_mm(scenario: Scenario, cell_mm: float = DEFAULT_CELL_MM, labels: bool = True) -> tuple[float, float]:
    """Width and height of the printed board in millimetres."""
    rect = board_rect(scenario, CELL_SIZE, labels=labels)
    k = cell_mm / CELL_SIZE
    return rect.width() * k, rect.height() * k


def _paint(painter: QPainter, scenario: Scenario, labels: bool) -> None:
    paint_board(painter, scenario, CELL_SIZE, labels=labels)


def render_svg(scenario: Scenario, *, cell_mm: float = DEFAULT_CELL_MM, labels: bool = True) -> bytes:
    """The board as an SVG document."""
    rect = board_rect(scenario, CELL_SIZE, labels=labels)
    w_mm, h_mm = board_size_mm(scenario, cell_mm, labels)
    buf = QBuffer()
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    gen = QSvgGenerator()
    gen.setOutputDevice(buf)
    gen.setResolution(96)
    gen.setSize(QSize(max(1, round(w_mm / 25.4 * 96)), max(1, round(h_mm / 25.4 * 96))))
    gen.setViewBox(rect)
    gen.setTitle(scenario.meta.title)
    gen.setDescription("Drawn by Trackwright")
    painter = QPainter(gen)
    try:
        _paint(painter, scenario, labels)
    finally:
        painter.end()
    buf.close()
    return bytes(buf.data())


def png_pixel_size(scenario: Scenario, dpi: int, cell_mm: float = DEFAULT_CELL_MM, labels: bool = True) -> tuple[int, int]:
    """Pixel width and height of the PNG at ``dpi``."""
    w_mm, h_mm = board_size_mm(scenario, cell_mm, labels)
    return max(1, round(w_mm / 25.4 * dpi)), max(1, round(h_mm / 25.4 * dpi))


def render_png(scenario: Scenario, *, dpi: int = DEFAULT_DPI, cell_mm: float = DEFAULT_CELL_MM, labels: bool = True) -> bytes:
    """The board as a PNG image of ``dpi`` dots per inch."""
    if not 10 <= dpi <= 2400:
        raise GraphicsExportError(f"--dpi {dpi}: choose between 10 and 2400")
    w, h = png_pixel_size(scenario, dpi, cell_mm, labels)
    if w * h > MAX_PIXELS:
        raise GraphicsExportError(f"a {w}x{h} image is too large; lower --dpi or --cell-mm")
    rect = board_rect(scenario, CELL_SIZE, labels=labels)
    img = QImage(w, h, QImage.Format.Format_RGB32)  # opaque: the board is painted on white anyway
    img.fill(QColor("#ffffff"))
    painter = QPainter(img)
    try:
        painter.scale(w / rect.width(), h / rect.height())
        painter.translate(-rect.x(), -rect.y())
        _paint(painter, scenario, labels)
    finally:
        painter.end()
    return encode_png(img, dpi)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def encode_png(img: QImage, dpi: int) -> bytes:
    """An 8-bit RGB PNG of ``img`` with its resolution (pHYs) set to ``dpi``.

    Written here rather than with ``QImage.save`` because a plain filter and a fast zlib level
    encode a large board three to four times faster, and the files come out no larger.
    """
    rgb = img.convertToFormat(QImage.Format.Format_RGB888)
    w, h, bpl = rgb.width(), rgb.height(), rgb.bytesPerLine()
    bits = memoryview(rgb.constBits()).cast("B")
    row = w * 3
    # every row starts with its filter type, 0 (none)
    raw = b"\x00" + b"\x00".join(bits[y * bpl:y * bpl + row] for y in range(h))
    ppm = round(dpi / 0.0254)
    return b"".join((
        b"\x89PNG\r\n\x1a\n",
        _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)),
        _chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1)),
        _chunk(b"IDAT", zlib.compress(raw, 3)),
        _chunk(b"IEND", b""),
    ))


@dataclass(frozen=True)
class PagePlan:
    """How the board is laid over pages."""

    landscape: bool
    columns: int
    rows: int
    scale: float  # printed size / true size (1.0 unless fitted)

    @property
    def pages(self) -> int:
        return self.columns * self.rows


def page_size_name(page_size: str) -> str:
    """The canonical name of a page size, case-insensitively ('a4' -> 'A4')."""
    for name in PAGE_SIZES:
        if name.lower() == page_size.lower():
            return name
    raise GraphicsExportError(f"page size {page_size!r} is not known (one of {', '.join(PAGE_SIZES)})")


def page_size_mm(page_size: str) -> tuple[float, float]:
    """Portrait width and height of a named page size in millimetres."""
    s = QPageSize(PAGE_SIZES[page_size_name(page_size)]).size(QPageSize.Unit.Millimeter)
    return s.width(), s.height()


def _pieces(board: float, avail: float, overlap: float) -> int:
    """How many pieces of ``avail`` mm, each overlapping the previous by ``overlap``, cover ``board``."""
    if board <= avail:
        return 1
    return math.ceil((board - overlap) / (avail - overlap) - 1e-9)


def plan_pages(board_mm: tuple[float, float], page_size: str, margin_mm: float, fit: bool, overlap_mm: float = 0.0,
               count=None) -> PagePlan:
    """The orientation and number of pages: true size split over pages, or fitted onto one.

    ``count(plan, (w, h))`` (the printable width and height) says how many pages a plan really
    prints (pieces without a cell are left out); without it every piece counts.
    """
    pw, ph = page_size_mm(page_size)
    bw, bh = board_mm
    if margin_mm < 0:
        raise GraphicsExportError(f"--margin-mm {margin_mm}: must be 0 or more")
    if overlap_mm < 0:
        raise GraphicsExportError(f"--overlap-mm {overlap_mm}: must be 0 or more")
    best = None
    for landscape in (False, True):
        w, h = (ph, pw) if landscape else (pw, ph)
        aw, ah = w - 2 * margin_mm, h - 2 * margin_mm
        if aw <= 10 or ah <= 10:
            raise GraphicsExportError(f"margins of {margin_mm} mm leave no room on {page_size}")
        if not 0 <= overlap_mm < min(aw, ah) / 2:
            raise GraphicsExportError(f"an overlap of {overlap_mm} mm does not fit pages of {aw:.0f} x {ah:.0f} mm")
        if fit:
            plan = PagePlan(landscape, 1, 1, min(1.0, aw / bw, ah / bh))
            key = (-plan.scale, landscape)
        else:
            plan = PagePlan(landscape, _pieces(bw, aw, overlap_mm), _pieces(bh, ah, overlap_mm), 1.0)
            key = (count(plan, (aw, ah)) if count is not None else plan.pages, landscape)
        if best is None or key < best[0]:
            best = (key, plan)
    return best[1]


def render_pdf(
    scenario: Scenario,
    *,
    page_size: str = "A4",
    cell_mm: float = DEFAULT_CELL_MM,
    margin_mm: float = DEFAULT_MARGIN_MM,
    fit: bool = False,
    labels: bool = True,
    overlap_mm: float = DEFAULT_OVERLAP_MM,
) -> tuple[bytes, PagePlan]:
    """The board as a PDF, split over pages at true size (or fitted onto one page).

    With ``overlap_mm`` each page repeats that much of its neighbours' edges, for gluing; crop
    marks show where the next piece starts. Pieces without a cell are left out
    (:func:`printed_pieces`).
    """
    page_size = page_size_name(page_size)
    step_overlap = 0.0 if fit else overlap_mm
    plan, pieces = pdf_pages(scenario, page_size=page_size, cell_mm=cell_mm, margin_mm=margin_mm, fit=fit, labels=labels,
                             overlap_mm=overlap_mm)
    rect = board_rect(scenario, CELL_SIZE, labels=labels)
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buf)
    writer.setResolution(300)
    writer.setTitle(scenario.meta.title)
    writer.setCreator("Trackwright")
    layout = QPageLayout(
        QPageSize(PAGE_SIZES[page_size]),
        QPageLayout.Orientation.Landscape if plan.landscape else QPageLayout.Orientation.Portrait,
        QMarginsF(margin_mm, margin_mm, margin_mm, margin_mm),
        QPageLayout.Unit.Millimeter,
    )
    writer.setPageLayout(layout)
    px_per_mm = writer.resolution() / 25.4
    paint_rect = layout.paintRect(QPageLayout.Unit.Millimeter)
    aw, ah = paint_rect.width(), paint_rect.height()
    units_per_mm = CELL_SIZE / cell_mm / plan.scale  # scene units per printed millimetre
    painter = QPainter(writer)
    try:
        for n, (r, c) in enumerate(pieces):
            if n:
                writer.newPage()
            painter.save()
            painter.setClipRect(QRectF(0, 0, aw * px_per_mm, ah * px_per_mm))
            painter.scale(px_per_mm / units_per_mm, px_per_mm / units_per_mm)
            painter.translate(-rect.x() - c * (aw - step_overlap) * units_per_mm,
                              -rect.y() - r * (ah - step_overlap) * units_per_mm)
            _paint(painter, scenario, labels)
            painter.restore()
            if plan.pages > 1:
                _paint_crop_marks(painter, plan, r, c, aw, ah, step_overlap, margin_mm, px_per_mm)
                # a small note in the bottom margin tells which piece this is
                painter.save()
                draw_text(painter, QPointF(aw * px_per_mm / 2, (ah + margin_mm / 2) * px_per_mm),
                          f"{scenario.meta.title}: row {r + 1} of {plan.rows}, column {c + 1} of {plan.columns}",
                          round(3 * px_per_mm), color=QColor("#606060"))
                painter.restore()
    finally:
        painter.end()
    buf.close()
    return bytes(data), plan


def pdf_pages(scenario: Scenario, *, page_size: str = "A4", cell_mm: float = DEFAULT_CELL_MM, margin_mm: float = DEFAULT_MARGIN_MM,
              fit: bool = False, labels: bool = True, overlap_mm: float = DEFAULT_OVERLAP_MM) -> tuple[PagePlan, list[tuple[int, int]]]:
    """The page plan of a PDF export and the pieces it prints (what :func:`render_pdf` would write)."""
    page_size = page_size_name(page_size)
    overlap = 0.0 if fit else overlap_mm

    def printed(p: PagePlan, avail: tuple[float, float]) -> int:
        return len(printed_pieces(scenario, p, avail, overlap, CELL_SIZE / cell_mm, labels))

    plan = plan_pages(board_size_mm(scenario, cell_mm, labels), page_size, margin_mm, fit, overlap, printed)
    pw, ph = page_size_mm(page_size)
    w, h = (ph, pw) if plan.landscape else (pw, ph)
    avail = (w - 2 * margin_mm, h - 2 * margin_mm)
    return plan, printed_pieces(scenario, plan, avail, overlap, CELL_SIZE / cell_mm / plan.scale, labels)


def piece_rect(rect: QRectF, r: int, c: int, avail_mm: tuple[float, float], overlap_mm: float, units_per_mm: float) -> QRectF:
    """The scene rectangle the page of row ``r``, column ``c`` shows."""
    aw, ah = avail_mm
    return QRectF(rect.x() + c * (aw - overlap_mm) * units_per_mm, rect.y() + r * (ah - overlap_mm) * units_per_mm,
                  aw * units_per_mm, ah * units_per_mm)


def printed_pieces(scenario: Scenario, plan: PagePlan, avail_mm: tuple[float, float], overlap_mm: float,
                   units_per_mm: float, labels: bool = True) -> list[tuple[int, int]]:
    """The (row, column) pieces that show part of a cell, in reading order (the others stay blank)."""
    grid = scenario.board.grid
    rect = board_rect(scenario, CELL_SIZE, labels=labels)
    if plan.pages == 1:
        return [(0, 0)]
    cells = [QPolygonF([QPointF(x, y) for x, y in grid.corners(coord, CELL_SIZE)]) for coord in grid.ordered_coords]
    out = []
    for r in range(plan.rows):
        for c in range(plan.columns):
            piece = QPolygonF(piece_rect(rect, r, c, avail_mm, overlap_mm, units_per_mm))
            if any(piece.intersects(cell) for cell in cells):
                out.append((r, c))
    return out or [(0, 0)]


def _paint_crop_marks(painter: QPainter, plan: PagePlan, r: int, c: int, aw: float, ah: float, overlap: float,
                      margin: float, px_per_mm: float) -> None:
    """Short lines in the margins where the next piece begins (and where this one began)."""
    mark = min(CROP_MARK_MM, margin * 0.8) * px_per_mm
    painter.save()
    pen = painter.pen()
    pen.setColor(QColor("#404040"))
    pen.setWidthF(0.2 * px_per_mm)
    painter.setPen(pen)
    xs = ([(aw - overlap) * px_per_mm] if c < plan.columns - 1 else []) + ([overlap * px_per_mm] if c > 0 and overlap else [])
    ys = ([(ah - overlap) * px_per_mm] if r < plan.rows - 1 else []) + ([overlap * px_per_mm] if r > 0 and overlap else [])
    w, h = aw * px_per_mm, ah * px_per_mm
    for x in xs:
        painter.drawLine(QPointF(x, -mark), QPointF(x, 0))
        painter.drawLine(QPointF(x, h), QPointF(x, h + mark))
    for y in ys:
        painter.drawLine(QPointF(-mark, y), QPointF(0, y))
        painter.drawLine(QPointF(w, y), QPointF(w + mark, y))
    painter.restore()


def render(scenario: Scenario, fmt: str, **options) -> bytes:
    """Bytes of ``fmt`` ('svg', 'png', 'pdf') with the options each takes."""
    labels = options.get("labels", True)
    cell_mm = DEFAULT_CELL_MM if options.get("cell_mm") is None else options["cell_mm"]
    if cell_mm <= 0:
        raise GraphicsExportError(f"--cell-mm {cell_mm}: must be positive")
    if fmt == "svg":
        return render_svg(scenario, cell_mm=cell_mm, labels=labels)
    if fmt == "png":
        dpi = DEFAULT_DPI if options.get("dpi") is None else options["dpi"]
        return render_png(scenario, dpi=dpi, cell_mm=cell_mm, labels=labels)
    if fmt == "pdf":
        data, _ = render_pdf(
            scenario,
            page_size=options.get("page_size") or "A4",
            cell_mm=cell_mm,
            margin_mm=options.get("margin_mm", DEFAULT_MARGIN_MM),
            fit=options.get("fit", False),
            labels=labels,
            overlap_mm=DEFAULT_OVERLAP_MM if options.get("overlap_mm") is None else options["overlap_mm"],
        )
        return data
    raise GraphicsExportError(f"{fmt!r} is not a graphic format")

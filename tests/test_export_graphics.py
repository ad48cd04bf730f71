"""SVG, PNG and PDF export of a board (drawn by editor/render/__init__.py)."""

from __future__ import annotations

import math
import re
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from editor.cli import main
from model.io import load

pytestmark = pytest.mark.gui

REPO = Path(__file__).resolve().parents[1]
SCENARIO = REPO / "scenarios" / "18india.json"


@pytest.fixture(scope="module")
def india():
    return load(SCENARIO)


def _png_info(data: bytes) -> tuple[int, int, float | None]:
    """Width, height and dots per inch (from pHYs) read straight from the PNG bytes."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = struct.unpack(">II", data[16:24])
    dpi = None
    pos = 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"pHYs":
            ppm_x, _, unit = struct.unpack(">IIB", data[pos + 8:pos + 17])
            if unit == 1:
                dpi = ppm_x * 0.0254
        pos += 12 + length
    return w, h, dpi


def _pdf_pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))


def test_svg_parses_as_xml_with_the_board_size(qapp, tmp_path, india):
    from editor.render.graphics import board_size_mm

    out = tmp_path / "b.svg"
    assert main(["export", str(SCENARIO), "--to", "svg", "-o", str(out)]) == 0
    root = ET.parse(out).getroot()
    assert root.tag.endswith("svg")
    w_mm, _ = board_size_mm(india)
    width = root.get("width")
    assert width.endswith("mm") and abs(float(width[:-2]) - w_mm) < 1.0
    assert len(list(root.iter())) > 100  # the hexes are really drawn


@pytest.mark.parametrize("dpi", [50, 120])
def test_png_has_the_size_of_the_board_at_the_dpi(qapp, tmp_path, india, dpi):
    from editor.render.graphics import board_size_mm

    out = tmp_path / "b.png"
    assert main(["export", str(SCENARIO), "--to", "png", "--dpi", str(dpi), "-o", str(out)]) == 0
    w, h, file_dpi = _png_info(out.read_bytes())
    w_mm, h_mm = board_size_mm(india)
    assert abs(w - w_mm / 25.4 * dpi) <= 1 and abs(h - h_mm / 25.4 * dpi) <= 1
    assert file_dpi is not None and abs(file_dpi - dpi) < 0.5


def test_png_is_drawn_not_blank(qapp, india):
    from PySide6.QtGui import QImage

    from editor.render.graphics import render_png

    img = QImage.fromData(render_png(india, dpi=30))
    colours = {img.pixel(x, y) for x in range(0, img.width(), 7) for y in range(0, img.height(), 7)}
    assert len(colours) > 10


def test_pdf_is_split_over_pages_at_true_size(qapp, tmp_path, india):
    from editor.render.graphics import board_size_mm, page_size_mm, pdf_pages

    out = tmp_path / "b.pdf"
    assert main(["export", str(SCENARIO), "--to", "pdf", "--page-size", "A4", "--overlap-mm", "0", "-o", str(out)]) == 0
    data = out.read_bytes()
    assert data.startswith(b"%PDF")
    bw, bh = board_size_mm(india)
    pw, ph = page_size_mm("A4")
    portrait = math.ceil(bw / (pw - 20)) * math.ceil(bh / (ph - 20))
    landscape = math.ceil(bw / (ph - 20)) * math.ceil(bh / (pw - 20))
    plan, pieces = pdf_pages(india, overlap_mm=0)
    assert plan.pages >= min(portrait, landscape) and 1 < _pdf_pages(data) == len(pieces) <= plan.pages


def test_pdf_default_overlaps_and_prints_no_piece_without_a_cell(qapp, tmp_path, india):
    from PySide6.QtCore import QPointF

    from editor.render import CELL_SIZE, board_rect
    from editor.render.graphics import DEFAULT_OVERLAP_MM, page_size_mm, pdf_pages, piece_rect

    out = tmp_path / "b.pdf"
    assert main(["export", str(SCENARIO), "--to", "pdf", "-o", str(out)]) == 0
    plan, pieces = pdf_pages(india)  # the defaults: A4, 10 mm overlap
    assert DEFAULT_OVERLAP_MM == 10.0 and _pdf_pages(out.read_bytes()) == len(pieces) < plan.pages
    pw, ph = page_size_mm("A4")
    avail = (ph - 20, pw - 20) if plan.landscape else (pw - 20, ph - 20)
    rect = board_rect(india, CELL_SIZE)
    grid = india.board.grid
    centres = [QPointF(*grid.centre(c, CELL_SIZE)) for c in grid.ordered_coords]
    boxes = {(r, c): piece_rect(rect, r, c, avail, DEFAULT_OVERLAP_MM, CELL_SIZE / 22.0) for r in range(plan.rows) for c in range(plan.columns)}
    for key, box in boxes.items():  # a piece left out shows no cell centre; every cell centre is printed
        if key not in pieces:
            assert not any(box.contains(p) for p in centres), key
    assert all(any(boxes[k].contains(p) for k in pieces) for p in centres)


def test_pdf_on_a_larger_page_needs_fewer_pages_and_fit_needs_one(qapp, tmp_path):
    a4, a0, fit = tmp_path / "a4.pdf", tmp_path / "a0.pdf", tmp_path / "fit.pdf"
    assert main(["export", str(SCENARIO), "--to", "pdf", "--page-size", "A4", "-o", str(a4)]) == 0
    assert main(["export", str(SCENARIO), "--to", "pdf", "--page-size", "A0", "-o", str(a0)]) == 0
    assert main(["export", str(SCENARIO), "--to", "pdf", "--page-size", "Letter", "--fit-page", "-o", str(fit)]) == 0
    assert _pdf_pages(a0.read_bytes()) == 1 < _pdf_pages(a4.read_bytes())
    assert _pdf_pages(fit.read_bytes()) == 1


def test_bad_graphic_options_are_exit_2(qapp, tmp_path, capsys):
    out = tmp_path / "x.pdf"
    assert main(["export", str(SCENARIO), "--to", "pdf", "--page-size", "A9x", "-o", str(out)]) == 2
    assert "A9x" in capsys.readouterr().err and not out.exists()
    assert main(["export", str(SCENARIO), "--to", "png", "--dpi", "5", "-o", str(tmp_path / "x.png")]) == 2


def test_square_boards_draw_too(qapp):
    from editor.render.graphics import render_png, render_svg
    from model.newboard import new_scenario

    s = new_scenario("catalan", 4, 3, title="t")
    ET.fromstring(render_svg(s))
    w, h, _ = _png_info(render_png(s, dpi=40))
    assert w > h > 0


def test_pdf_overlap_adds_pages_and_page_size_is_case_insensitive(qapp, india):
    from editor.render.graphics import board_size_mm, plan_pages

    bw, bh = board_size_mm(india)
    plain = plan_pages((bw, bh), "a4", 10, False)
    glued = plan_pages((bw, bh), "A4", 10, False, overlap_mm=15)
    assert glued.pages >= plain.pages
    # every piece but the last advances by the page minus the overlap, and together they cover the board
    w, h = (277.0, 190.0) if glued.landscape else (190.0, 277.0)
    assert (glued.columns - 1) * (w - 15) + w >= bw and (glued.rows - 1) * (h - 15) + h >= bh


def test_import_with_an_unknown_rule_set_is_exit_2(tmp_path, capsys):
    case = REPO / "tests" / "cases" / "import" / "pointy_mixed" / "map.rb"
    out = tmp_path / "o.json"
    assert main(["import", str(case), "--from", "18xx-games", "--rules", "nope", "-o", str(out)]) == 2
    assert "nope" in capsys.readouterr().err and not out.exists()

"""The 'where can this tile go?' overlay kept current edit by edit: the same answer as a full
recomputation (18 India, with and without an active company; a Catalan board), only the edited
neighbourhood asked again, and only changed shades repainted."""

from __future__ import annotations

import random

import pytest

from model import editing
from model.board import Cell
from model.io import load
from model.paths import scenarios_dir
from model.rules import MoveContext, get_rule_set


def with_cells(scenario, changes):
    grid = scenario.board.grid
    cells = dict(scenario.board.cells)
    for c, cell in changes.items():
        cells[grid.label(c)] = cell
    return scenario.model_copy(update={"board": scenario.board.model_copy(update={"cells": cells})})


def random_edit(rnd, scenario, tiles):
    c = rnd.choice(list(scenario.board.grid.ordered_coords))
    k = rnd.random()
    if k < 0.6:
        return editing.stamp_cell(scenario, c, rnd.choice(tiles), rnd.randrange(6))
    if k < 0.8:
        return {c: Cell(terrain=rnd.choice(["plain", "hill", "mountain", "lake"]))}
    return editing.erase_cells(scenario, [c])


@pytest.mark.parametrize(("name", "tiles"), [("18india.json", ["9", "7", "8"]), ("catalan/midgame.json", ["straight", "curve"])])
def test_cache_answers_like_a_full_recomputation_after_random_edits(name, tiles):
    scenario = load(scenarios_dir() / name)
    rules = get_rule_set(scenario.rules.id)
    rnd = random.Random(7)
    for tile in tiles:
        cache = editing.LegalCellsCache()
        current = scenario
        for _ in range(25):
            current = with_cells(current, random_edit(rnd, current, tiles))
            assert cache.legal_cells(current, rules, tile) == editing.legal_cells(current, rules, tile)
        if name.startswith("18india"):
            assert cache.partial_runs > cache.full_runs  # most edits were answered locally


def test_cache_follows_an_active_companys_network():
    scenario = load(scenarios_dir() / "18india.json")
    scenario = scenario.model_copy(update={"state": scenario.state.model_copy(update={"active": "NWR"})})
    rules = get_rule_set(scenario.rules.id)
    rnd = random.Random(3)
    tiles = ["9", "7", "8", "57"]
    caches = {t: editing.LegalCellsCache() for t in tiles}
    current, sizes = scenario, []
    for _ in range(15):
        lays = [m for m in rules.legal_moves(current, MoveContext("NWR", "I", None)) if m.kind in ("lay", "upgrade")]
        move = rnd.choice(lays)
        current = with_cells(current, editing.stamp_cell(current, current.board.grid.coord(move.cell), move.tile, move.rotation))
        for t in tiles:
            full = editing.legal_cells(current, rules, t)
            sizes.append(len(full))
            assert caches[t].legal_cells(current, rules, t) == full
    assert max(sizes) > 0  # the network grew: there were legal cells to follow


def test_a_global_change_recomputes_the_whole_board():
    scenario = load(scenarios_dir() / "18india.json")
    rules = get_rule_set(scenario.rules.id)
    cache = editing.LegalCellsCache()
    cache.legal_cells(scenario, rules, "9")
    assert cache.full_runs == 1
    later = scenario.model_copy(update={"state": scenario.state.model_copy(update={"game_phase": "III"})})
    assert cache.legal_cells(later, rules, "9") == editing.legal_cells(later, rules, "9")
    assert cache.full_runs == 2 and cache.partial_runs == 0


@pytest.mark.gui
def test_new_shades_repaint_only_the_cells_that_changed(qtbot):
    from PySide6.QtGui import QColor

    from editor.document import Document
    from editor.scene import BoardScene
    from editor.view import BoardView
    from model.newboard import new_scenario
    from tests.editor_helpers import settled_frame

    doc = Document(new_scenario("catalan", 6, 5))
    doc.threaded_checks = False
    scene = BoardScene(doc)
    view = BoardView(scene)
    view.resize(600, 500)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    view.fit_to_window()
    green = QColor(40, 180, 70, 160)
    a, b, c = (1, 1), (2, 2), (4, 3)
    scene.set_overlay({a: green, b: green})
    repainted = []
    item = scene.shade_item
    item.update = lambda rect=None: repainted.append(rect)
    scene.set_overlay({a: green, c: green})
    assert sorted((r.x(), r.y()) for r in repainted) == sorted(
        (scene.cell_polygon(x).boundingRect().x(), scene.cell_polygon(x).boundingRect().y()) for x in (b, c)
    )
    del item.update
    item.update()
    image = settled_frame(view)

    def shaded(coord):
        p = view.mapFromScene(scene.cell_centre(coord))
        col = image.pixelColor(p.x(), p.y())
        return col.green() > col.red() + 40

    assert shaded(a) and shaded(c) and not shaded(b)
    assert scene.shade_item.shades == {a: green, c: green}

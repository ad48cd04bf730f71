"""The editor's decisions, free of Qt: which cells a tool changes and into what.

Every editor tool is a thin Qt shell around one of these functions, so tests can call them
without a screen. They never change the scenario: they return the new cells (a dict
``Coord -> Cell``; a cell equal to ``EMPTY_CELL`` means "remove the entry") or the edge features
to remove and add, and the editor wraps that in an undoable command.

One module per tool family; this package re-exports their public names, so callers write
``from model import editing`` and ``editing.stamp_verdict(...)``:

* :mod:`model.editing.paint`: the terrain brush, the feature placer, the eraser;
* :mod:`model.editing.fill`: the bucket fill;
* :mod:`model.editing.edges`: the edge tool;
* :mod:`model.editing.stamp`: the tile stamp, its verdict (the ghost) and the overlay's cells;
* :mod:`model.editing.clipboard`: selection, region copy, paste and delete;
* :mod:`model.editing.resize`: the board's size;
* :mod:`model.editing.cell_actions`: the board's context menu (turn or remove a laid tile, why
  it is illegal).
"""

from model.editing.cell_actions import explain_cell, remove_laid_tile, rotate_laid_tile
from model.editing.clipboard import (
    Clip,
    SelectMode,
    cells_in_rect,
    combine_selection,
    copy_region,
    delete_region,
    paste_region,
    region_anchor,
    region_edges,
    tokens_left_out,
)
from model.editing.edges import COSTLY_EDGES, nearest_edge, side_features, toggle_edge
from model.editing.fill import fill_cells, flood_region
from model.editing.paint import (
    FEATURES,
    TERRAIN_DEFAULT_COST,
    CellChanges,
    FeatureKind,
    brush_cells,
    erase_cell,
    erase_cells,
    has_feature,
    next_station_id,
    paint_cell,
    place_feature,
    remove_feature,
)
from model.editing.resize import resize_board
from model.editing.stamp import (
    LegalCellsCache,
    cell_is_legal,
    legal_cells,
    rule_verdict,
    stamp_cell,
    stamp_move,
    stamp_verdict,
    structural_stamp_verdict,
)
from model.manifest import tiles_left  # the editor reads the supply through this package too

__all__ = [
    "COSTLY_EDGES", "FEATURES", "TERRAIN_DEFAULT_COST", "CellChanges", "Clip", "FeatureKind", "LegalCellsCache",
    "SelectMode", "brush_cells", "cell_is_legal", "cells_in_rect", "combine_selection", "copy_region",
    "delete_region", "erase_cell", "erase_cells", "explain_cell", "remove_laid_tile", "rotate_laid_tile", "fill_cells", "flood_region", "has_feature", "legal_cells",
    "nearest_edge", "next_station_id", "paint_cell", "paste_region", "place_feature", "region_anchor",
    "region_edges", "remove_feature", "resize_board", "rule_verdict", "side_features", "stamp_cell", "stamp_move",
    "stamp_verdict", "structural_stamp_verdict", "tiles_left", "toggle_edge", "tokens_left_out",
]

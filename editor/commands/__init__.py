"""One QUndoCommand per kind of edit. Commands change the scenario only through the document's
edit API (``Document.set_cells``, ``set_edges``, ``replace_scenario``, ``set_part``).

Multi-cell operations that need several commands (cut, paste, delete) are macros built by
:func:`editor.commands.region.push_region_edit`.
"""

from editor.commands.edit_cell import EditCellCommand
from editor.commands.erase import EraseStrokeCommand
from editor.commands.fill import FillCommand
from editor.commands.paint_terrain import PaintStrokeCommand
from editor.commands.place_feature import PlaceFeatureCommand
from editor.commands.place_tile import PlaceTileCommand
from editor.commands.region import push_region_edit
from editor.commands.replace_scenario import ReplaceScenarioCommand
from editor.commands.set_cells import SetCellsCommand
from editor.commands.set_edges import SetEdgesCommand
from editor.commands.set_part import SetPartCommand

__all__ = [
    "EditCellCommand",
    "EraseStrokeCommand",
    "FillCommand",
    "PaintStrokeCommand",
    "PlaceFeatureCommand",
    "PlaceTileCommand",
    "ReplaceScenarioCommand",
    "SetCellsCommand",
    "SetEdgesCommand",
    "SetPartCommand",
    "push_region_edit",
]

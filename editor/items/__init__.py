"""The QGraphicsItems of the board scene: one item per cell, layers, and overlays.

Items hold no state that the model does not have: they paint from the document's scenario
with :mod:`editor.render` and are refreshed by :class:`editor.scene.BoardScene`.
"""

from editor.items.cell import CellItem, LayerItem
from editor.items.layers import EdgeLayerItem, LabelsItem, OverviewItem
from editor.items.overlays import GhostItem, IssueEdgeMarkItem, IssueMarkItem, OutlineItem, OwnershipItem, ShadeItem

__all__ = [
    "CellItem",
    "EdgeLayerItem",
    "GhostItem",
    "IssueEdgeMarkItem",
    "IssueMarkItem",
    "LabelsItem",
    "LayerItem",
    "OutlineItem",
    "OverviewItem",
    "OwnershipItem",
    "ShadeItem",
]

Z_CELLS = 0
Z_OVERVIEW = 1
Z_LABELS = 5
Z_EDGES = 10
Z_SHADE = 20
Z_SELECTION = 30
Z_ISSUES = 40
Z_HOVER = 50
Z_GHOST = 60
Z_OWNERSHIP = 12

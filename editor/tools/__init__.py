"""The editor's tools, one module each; ``TOOL_CLASSES`` lists them in toolbar order."""

from editor.tools.base import Tool
from editor.tools.brush import BrushTool
from editor.tools.edge import EdgeTool
from editor.tools.eraser import EraserTool
from editor.tools.feature import FeatureTool
from editor.tools.fill import FillTool
from editor.tools.select import SelectTool
from editor.tools.stamp import StampTool
from editor.tools.token import TokenTool

TOOL_CLASSES: tuple[type[Tool], ...] = (SelectTool, BrushTool, FillTool, FeatureTool, EdgeTool, StampTool, EraserTool)
TOOL_CLASSES += (TokenTool,)  # station tokens, homes and reservations (18xx maps)

__all__ = ["TOOL_CLASSES", "BrushTool", "EdgeTool", "EraserTool", "FeatureTool", "FillTool", "SelectTool", "StampTool", "TokenTool", "Tool"]

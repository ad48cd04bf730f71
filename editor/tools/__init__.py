"""The editor's tools, one module each; ``TOOL_CLASSES`` lists them in toolbar order."""

from editor.tools.base import Tool
from editor.tools.brush import BrushTool
from editor.tools.edge import EdgeTool
from editor.tools.eraser import EraserTool
from editor.tools.feature import FeatureTool
from editor.tools.fill import FillTool
from editor.tools.select import SelectTool
from editor.tools.stamp import StampTool

TOOL_CLASSES: tuple[type[Tool], ...] = (SelectTool, BrushTool, FillTool, FeatureTool, EdgeTool, StampTool, EraserTool)

__all__ = ["TOOL_CLASSES", "BrushTool", "EdgeTool", "EraserTool", "FeatureTool", "FillTool", "SelectTool", "StampTool", "Tool"]

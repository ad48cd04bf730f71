"""Trackwright's model: grids, tiles, boards, scenarios, track and rules. Never imports Qt."""

__version__ = "0.1.0"

"""New empty scenarios for each rule set (used by ``trackwright new`` and File → New)."""

from __future__ import annotations

from model.board import Board
from model.grid import HexGrid, SquareGrid
from model.scenario import Meta, RulesRef, Scenario, TileSupply

RULE_SET_GRIDS = {"catalan": "square", "18xx": "hex", "18india": "hex"}
RULE_SET_TILES = {"catalan": "catalan", "18xx": None, "18india": "18india"}


def new_scenario(rules: str, width: int, height: int, orientation: str = "flat", title: str = "Untitled") -> Scenario:
    """An empty board of the given size for a rule set."""
    if rules not in RULE_SET_GRIDS:
        raise ValueError(f"--rules {rules!r}: expected one of {', '.join(RULE_SET_GRIDS)}")
    if not (1 <= width <= 1000 and 1 <= height <= 1000):
        raise ValueError(f"size {width}x{height}: each side must be 1-1000")
    if RULE_SET_GRIDS[rules] != "square" and (height if orientation == "flat" else width) > 500:
        # a hex board counts its rows (flat) or columns (pointy) twice: 500 of them fill the 1000
        which = "rows" if orientation == "flat" else "columns"
        raise ValueError(f"size {width}x{height}: a {orientation}-topped hex board has at most 500 {which}")
    if RULE_SET_GRIDS[rules] == "square":
        grid = SquareGrid(width=width, height=height)
    else:
        # width letter-columns x height rows, in doubled coordinates
        grid = HexGrid(width=width, height=height * 2, orientation=orientation, parity=0) if orientation == "flat" else HexGrid(
            width=width * 2, height=height, orientation=orientation, parity=0
        )
    return Scenario(
        meta=Meta(title=title),
        rules=RulesRef(id=rules),
        board=Board(grid=grid),
        tiles=TileSupply(set=RULE_SET_TILES[rules]),
    )

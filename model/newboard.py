"""New empty scenarios for each rule set (used by ``trackwright new`` and File → New).

The board's grid is the rule set's first :attr:`~model.rules.RuleSet.grid_kinds` and its tiles
the rule set's :attr:`~model.rules.RuleSet.tile_set`.
"""

from __future__ import annotations

from model.board import Board
from model.grid import HexGrid, SquareGrid
from model.rules import get_rule_set, rule_set_ids
from model.scenario import Meta, RulesRef, Scenario, TileSupply


def new_grid_kind(rules: str) -> str:
    """The grid a new board of rule set ``rules`` gets (``square`` or ``hex``); ValueError for an unknown id."""
    try:
        return get_rule_set(rules).grid_kinds[0]
    except KeyError:
        raise ValueError(f"--rules {rules[:40]!r}: expected one of {', '.join(rule_set_ids())}") from None


def new_scenario(rules: str, width: int, height: int, orientation: str = "flat", title: str = "Untitled") -> Scenario:
    """An empty board of the given size for a rule set."""
    kind = new_grid_kind(rules)
    if not (1 <= width <= 1000 and 1 <= height <= 1000):
        raise ValueError(f"size {width}x{height}: each side must be 1-1000")
    if kind != "square" and (height if orientation == "flat" else width) > 500:
        # a hex board counts its rows (flat) or columns (pointy) twice: 500 of them fill the 1000
        which = "rows" if orientation == "flat" else "columns"
        raise ValueError(f"size {width}x{height}: a {orientation}-topped hex board has at most 500 {which}")
    if kind == "square":
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
        tiles=TileSupply(set=get_rule_set(rules).tile_set),
    )

"""What the board's context menu does to the cell under the pointer: turn its laid tile, take the
tile away, and say why the tile is (or is not) illegal there.

Qt-free like the rest of :mod:`model.editing`: each function returns the cells to change (empty
when there is nothing to do) or a text; the editor wraps the changes in one undo step.
"""

from __future__ import annotations

from collections.abc import Iterable

from model.grid import Coord
from model.rules import Issue
from model.scenario import Scenario

from .paint import CellChanges


def rotate_laid_tile(scenario: Scenario, coord: Coord, steps: int) -> CellChanges:
    """The cell with its laid tile turned ``steps`` sides clockwise (negative: anticlockwise);
    nothing when no tile is laid there. Station tokens stay in their circles."""
    board = scenario.board
    if not board.grid.contains(coord):
        return {}
    cell = board.cell(coord)
    if cell.tile is None or steps % board.grid.sides == 0:
        return {}
    tile = cell.tile.model_copy(update={"rotation": (cell.tile.rotation + steps) % board.grid.sides})
    return {coord: cell.model_copy(update={"tile": tile})}


def remove_laid_tile(scenario: Scenario, coord: Coord) -> CellChanges:
    """The cell without its laid tile (and the tokens in its cities, as the eraser's first click
    takes them); the printed cell stays. Nothing when no tile is laid there."""
    board = scenario.board
    if not board.grid.contains(coord):
        return {}
    cell = board.cell(coord)
    if cell.tile is None:
        return {}
    return {coord: cell.model_copy(update={"tile": None, "tokens": []})}


SEVERITY_WORDS = {"error": "Error", "warning": "Warning", "info": "Note"}


def explain_cell(scenario: Scenario, coord: Coord, issues: Iterable[Issue]) -> tuple[str, list[str]]:
    """(headline, lines) for "Why is this tile illegal?": the live checker's findings on the cell,
    errors first, each with the rule that raised it; the headline says whether the tile (or the
    cell, when no tile is laid) breaks a rule."""
    board = scenario.board
    label = board.grid.label(coord)
    cell = board.cell(coord)
    order = {"error": 0, "warning": 1, "info": 2}
    found = sorted(issues, key=lambda i: order.get(i.severity, 3))
    what = f"Tile {cell.tile.tile} (rotation {cell.tile.rotation}) on {label}" if cell.tile is not None else label
    errors = [i for i in found if i.severity == "error"]
    if errors:
        headline = f"{what} breaks {len(errors)} rule{'s' if len(errors) != 1 else ''}."
    elif found:
        headline = f"{what} breaks no rule; the checker notes:"
    else:
        headline = f"{what}: the live checker finds nothing wrong here."
    lines = []
    for i in found:
        message = i.message[len(label) + 2:] if i.message.startswith(f"{label}: ") else i.message
        lines.append(f"{SEVERITY_WORDS.get(i.severity, i.severity)}: {message} [{i.rule}]")
    return headline, lines

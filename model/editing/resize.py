"""Board size: the scenario on a grid of another size and what that drops."""

from __future__ import annotations

from pydantic import ValidationError

from model.board import EMPTY_CELL, Cell
from model.scenario import Scenario


# --- board size ----------------------------------------------------------------------------------
def resize_board(scenario: Scenario, width: int, height: int) -> tuple[Scenario, list[str]]:
    """The scenario on a ``width`` x ``height`` grid of the same kind, and the labels of the cells
    with content that it drops (those outside the new size). Cells keep their position (column,
    row); edge features of dropped cells go too. Raises ValueError when the result is not a valid
    scenario (e.g. a company's home would be dropped)."""
    old_grid = scenario.board.grid
    # a fresh grid, not model_copy: the grid caches its coordinates
    data = {**old_grid.model_dump(), "width": width, "height": height}
    if getattr(old_grid, "cells", None) is not None:  # an irregular map keeps its cells inside the new size
        data["cells"] = [lbl for lbl in old_grid.cells if (lambda c: c[0] < width and c[1] < height)(old_grid.coord(lbl))]
    try:
        grid = type(old_grid).model_validate(data)
    except ValidationError as exc:
        raise ValueError(exc.errors(include_url=False)[0].get("msg")) from None
    cells: dict[str, Cell] = {}
    dropped: list[str] = []
    for label, cell in scenario.board.cells.items():
        coord = old_grid.coord(label)
        if grid.contains(coord):
            cells[grid.label(coord)] = cell
        elif cell != EMPTY_CELL:
            dropped.append(label)
    edges = []
    for f in scenario.board.edges:
        coord = old_grid.coord(f.cell)
        if grid.contains(coord):
            label = grid.label(coord)
            edges.append(f if label == f.cell else f.model_copy(update={"cell": label}))
    # Cells, edge features and the other parts are values that edits replace and never change
    # in place, so the resized scenario shares them with the old one: the undo history keeps
    # both, and a copy per resize would grow memory and the objects the collector walks. The
    # structural checks of a loaded file run on the result (a company's home off the board).
    board = scenario.board.model_copy(update={"grid": grid, "cells": cells, "edges": edges})
    resized = scenario.model_copy(update={"board": board})
    try:
        resized._structure()
    except ValueError as exc:
        raise ValueError(str(exc)) from None
    key = lambda lbl: old_grid.coord(lbl)[::-1]  # noqa: E731 - row by row
    return resized, sorted(dropped, key=key)

"""Whole-board transformations of a Catalan scenario (used by the property tests and tools)."""

from __future__ import annotations

from model.scenario import LaidThisTurn, Scenario


def rotate_scenario(scenario: Scenario, quarter_turns: int = 1) -> Scenario:
    """The same game turned clockwise by ``quarter_turns`` (the board must be square).

    Every cell moves with :meth:`SquareGrid.rotate_coord`; tile rotations and platform access
    sides turn with it (+1 per quarter turn, since sides are numbered clockwise).
    """
    grid = scenario.board.grid
    if grid.kind != "square" or grid.width != grid.height:
        raise ValueError("only square boards can be turned")
    q = quarter_turns % 4

    def lbl(label: str) -> str:
        return grid.label(grid.rotate_coord(grid.coord(label), q))

    cells = {}
    for label, cell in scenario.board.cells.items():
        update = {}
        if cell.tile is not None:
            update["tile"] = cell.tile.model_copy(update={"rotation": (cell.tile.rotation + q) % 4})
        if cell.platform is not None:
            update["platform"] = cell.platform.model_copy(update={"access": (cell.platform.access + q) % 4})
        cells[lbl(label)] = cell.model_copy(update=update)
    edges = [e.model_copy(update={"cell": lbl(e.cell), "edge": (e.edge + q) % 4}) for e in scenario.board.edges]
    board = scenario.board.model_copy(update={"cells": dict(sorted(cells.items())), "edges": edges})
    players = [
        p.model_copy(update={"destination": lbl(p.destination)}) if p.destination and grid.is_label(p.destination) else p
        for p in scenario.players
    ]
    laid = [LaidThisTurn(cell=lbl(e.cell), tile=e.tile, phase=e.phase) for e in scenario.state.laid]
    state = scenario.state.model_copy(update={"laid": laid})
    return scenario.model_copy(update={"board": board, "players": players, "state": state})

"""One verdict for a tile on a cell: the stamp's ghost, the overlay, the live checker and ``explain``.

The editor asks one question in two situations, and both have one answer:

* **playing** — the scenario's state names an active player or company that the rule set
  knows: the tile stands for that actor's move (lay/upgrade, place/replace) and the rule set's
  ``explain`` judges it, exactly as ``trackwright explain`` and ``trackwright moves`` do; the
  overlay shades the cells of ``legal_moves``. A legal move also leaves a board the live
  checker accepts on that cell.
* **designing** — no active actor (or one the rule set cannot play for): the tile is a free
  placement and the live checker judges the board it would make: the ghost is red exactly when
  the checker would outline the cell with an error, naming the same rule.

Qt-free; ``model.editing`` and the editor call it, the tests hold the two paths to it.
"""

from __future__ import annotations

from model.board import LaidTile
from model.grid import Coord
from model.rules import Issue, RuleSet, structural_issues
from model.scenario import Scenario


def stamped(scenario: Scenario, coord: Coord, tile_id: str, rotation: int) -> Scenario:
    """A cheap copy of ``scenario`` with ``tile_id`` laid at ``rotation`` on ``coord`` (cells shared)."""
    board = scenario.board
    label = board.grid.label(coord)
    cells = dict(board.cells)
    cells[label] = board.cell(coord).model_copy(
        update={"tile": LaidTile(tile=tile_id, rotation=rotation % board.grid.sides)}
    )
    return scenario.model_copy(update={"board": board.model_copy(update={"cells": cells})})


def _supply_errors(scenario: Scenario, label: str, tile_id: str) -> list[Issue]:
    tdef = scenario.tile(tile_id)
    if tdef is None or tdef.count is None:
        return []
    laid = sum(1 for c in scenario.board.cells.values() if c.tile is not None and c.tile.tile == tile_id)
    if laid <= tdef.count:
        return []
    return [Issue("core.supply-exceeded", "error", f"tile {tile_id} is laid {laid} times but the supply has {tdef.count}", (label,))]


def cell_errors(scenario: Scenario, rules: RuleSet | None, coord: Coord) -> list[Issue]:
    """The errors the live checker reports on ``coord`` of ``scenario`` as it stands.

    Uses the rule set's local check when it has one (:meth:`RuleSet.check_cells`, the entry
    point of its incremental checker), else its whole check. Only the structural checks without
    a rule set.
    """
    label = scenario.board.grid.label(coord)
    issues = structural_issues(scenario) if rules is None else rules.check_cells(scenario, [coord])
    if issues is None:
        issues = rules.check(scenario)
    return [i for i in issues if i.severity == "error" and label in i.cells and i.rule != "core.supply-exceeded"]


def checker_errors(scenario: Scenario, rules: RuleSet | None, coord: Coord, tile_id: str, rotation: int) -> list[Issue]:
    """The errors the live checker would report on ``coord`` once ``tile_id`` is stamped there."""
    after = stamped(scenario, coord, tile_id, rotation)
    label = scenario.board.grid.label(coord)
    return _supply_errors(after, label, tile_id) + cell_errors(after, rules, coord)


def active_actor(scenario: Scenario, rules: RuleSet | None) -> str | None:
    """The actor the editor plays for: ``state.active`` when the rule set knows it, else None (designing)."""
    active = scenario.state.active
    if rules is None or active is None:
        return None
    if scenario.player(active) is None and scenario.company(active) is None:
        return None
    return active


def design_verdict(scenario: Scenario, rules: RuleSet | None, coord: Coord, tile_id: str, rotation: int) -> tuple[bool, str]:
    """The checker's verdict on a free placement: legal when it reports no error on the cell."""
    errors = checker_errors(scenario, rules, coord, tile_id, rotation)
    if errors:
        first = errors[0]
        return False, f"{first.message} [{first.rule}]"
    return True, "legal: the live checker finds nothing wrong here"

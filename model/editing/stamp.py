"""The tile stamp: the cell it changes, its verdict (the ghost) and the cells where a tile can go (the overlay)."""

from __future__ import annotations

from collections.abc import Iterable

from model import verdict as one_verdict
from model.board import LaidTile
from model.editing.paint import CellChanges
from model.grid import Coord
from model.manifest import tiles_left
from model.rules import Move, MoveContext, RuleSet
from model.scenario import Scenario


# --- tile stamp -------------------------------------------------------------------------------
def stamp_cell(scenario: Scenario, coord: Coord, tile_id: str, rotation: int) -> CellChanges:
    """The cell with ``tile_id`` laid at ``rotation`` (tokens on the old tile stay)."""
    grid = scenario.board.grid
    if not grid.contains(coord) or scenario.tile(tile_id) is None:
        return {}
    cell = scenario.board.cell(coord)
    laid = LaidTile(tile=tile_id, rotation=rotation % grid.sides)
    if cell.tile == laid:
        return {}
    return {coord: cell.model_copy(update={"tile": laid})}


def stamp_move(scenario: Scenario, coord: Coord, tile_id: str, rotation: int, kinds: tuple[str, str]) -> Move:
    """The rule-set move that stamping ``tile_id`` on ``coord`` stands for, in the rule set's
    vocabulary ``kinds`` (:attr:`RuleSet.tile_move_kinds`: on an empty cell, on a cell with a tile)."""
    cell = scenario.board.cell(coord)
    kind = kinds[0] if cell.tile is None else kinds[1]
    state = scenario.state
    phase = state.phase or state.game_phase
    return Move(kind, scenario.board.grid.label(coord), tile_id, rotation % scenario.board.grid.sides, state.active, phase)


def structural_stamp_verdict(
    scenario: Scenario, coord: Coord, tile_id: str, rotation: int, left: dict[str, int | None] | None = None
) -> tuple[bool, str]:
    """The shared checks of a free placement without a rule set: on the board, a known tile,
    supply left, not a lake/gray/off-board cell. (With a rule set, the rule set and its checker
    judge the cell: see :mod:`model.verdict`.)"""
    grid = scenario.board.grid
    if not grid.contains(coord):
        return False, "not on the board"
    tdef = scenario.tile(tile_id)
    if tdef is None:
        return False, f"tile {tile_id} is not in this scenario's tile set"
    cell = scenario.board.cell(coord)
    if cell.terrain in ("lake", "gray", "offboard"):
        return False, f"{grid.label(coord)}: no tile may be laid on a {cell.terrain} cell"
    n_left = (left if left is not None else tiles_left(scenario)).get(tile_id)
    already = cell.tile is not None and cell.tile.tile == tile_id
    if n_left is not None and n_left <= 0 and not already:
        return False, f"tile {tile_id}: none left in the supply [core.supply-exceeded]"
    return True, "legal (structural checks only)"


def rule_verdict(scenario: Scenario, rules: RuleSet, coord: Coord, tile_id: str, rotation: int) -> tuple[bool, str] | None:
    """The rule set's answer for the stamp's move, or None when it has no move for a free placement
    (it names no tile moves, :attr:`RuleSet.tile_move_kinds`, or its refusal is about the turn,
    not the move: :meth:`RuleSet.is_turn_refusal`)."""
    kinds = rules.tile_move_kinds
    if kinds is None:
        return None
    verdict = rules.explain(scenario, stamp_move(scenario, coord, tile_id, rotation, kinds))
    if verdict.legal:
        return True, verdict.message or "legal"
    if rules.is_turn_refusal(verdict):
        return None
    return False, f"{verdict.message} [{verdict.rule}]"


def stamp_verdict(
    scenario: Scenario,
    rules: RuleSet | None,
    coord: Coord,
    tile_id: str,
    rotation: int,
    left: dict[str, int | None] | None = None,
) -> tuple[bool, str]:
    """Is stamping ``tile_id`` at ``rotation`` on ``coord`` legal, and if not, why (the ghost).

    Playing (an active player or company the rule set knows): the rule set's ``explain`` of the
    move the stamp stands for (lay/upgrade, else place/replace), the same answer as
    ``trackwright explain``. Designing (no active actor): the live checker's verdict on the
    board the stamp would make. Without a rule set, the shared structural checks. See
    :mod:`model.verdict`.
    """
    if rules is None:
        return structural_stamp_verdict(scenario, coord, tile_id, rotation, left)
    grid = scenario.board.grid
    if not grid.contains(coord):
        return False, "not on the board"
    if scenario.tile(tile_id) is None:
        return False, f"tile {tile_id} is not in this scenario's tile set"
    if one_verdict.active_actor(scenario, rules) is not None:
        answer = rule_verdict(scenario, rules, coord, tile_id, rotation)
        if answer is not None:
            if answer[0]:
                errors = one_verdict.checker_errors(scenario, rules, coord, tile_id, rotation)
                if errors:
                    return False, f"{errors[0].message} [{errors[0].rule}]"
            return answer
    return one_verdict.design_verdict(scenario, rules, coord, tile_id, rotation)


def cell_is_legal(scenario: Scenario, rules: RuleSet, coord: Coord, tile_id: str, rotations: Iterable[int]) -> bool | None:
    """Whether some rotation of ``tile_id`` is legal on ``coord`` (the overlay's shade), or None
    when the rule set has no move for the active actor there (the caller then asks everything again)."""
    if one_verdict.active_actor(scenario, rules) is not None:
        verdicts = [rule_verdict(scenario, rules, coord, tile_id, r) for r in rotations]
        if any(v is None for v in verdicts):
            return None
        return any(v[0] for v in verdicts if v is not None)
    return any(one_verdict.design_verdict(scenario, rules, coord, tile_id, r)[0] for r in rotations)


def legal_cells(scenario: Scenario, rules: RuleSet | None, tile_id: str) -> set[Coord]:
    """Cells where ``tile_id`` has a legal move (the 'where can this tile go?' overlay).

    Playing (an active actor): the cells of the rule set's ``legal_moves`` for that actor, the
    same as ``trackwright moves``. Designing (no active actor): the cells where some rotation
    leaves the live checker with no error on the cell (the ghost's verdict, see
    :func:`stamp_verdict`). Without a rule set the structural checks decide.
    """
    grid = scenario.board.grid
    tdef = scenario.tile(tile_id)
    if tdef is None:
        return set()
    rotations = tdef.distinct_rotations(grid.sides)
    if rules is None:
        left = tiles_left(scenario)
        return {c for c in grid.ordered_coords if structural_stamp_verdict(scenario, c, tile_id, 0, left)[0]}
    actor = one_verdict.active_actor(scenario, rules)
    if actor is not None:
        state = scenario.state
        try:
            moves = rules.legal_moves(scenario, MoveContext(actor, state.phase or state.game_phase, tile_id))
        except Exception:  # noqa: BLE001 - a rule set that fails here: the designer's answer
            moves = None
        if moves is not None:
            out = {grid.coord(m.cell) for m in moves if m.tile in (None, tile_id) and grid.is_label(m.cell)}
            if out or rules.tile_move_kinds is None:  # no tile moves: the designer's answer
                return out if out else _design_cells(scenario, rules, tile_id, rotations)
            probe = next(iter(grid.ordered_coords), None)
            if probe is None or any(rule_verdict(scenario, rules, probe, tile_id, r) is not None for r in rotations):
                return out  # the rule set judges this actor's moves: its empty answer stands
    return _design_cells(scenario, rules, tile_id, rotations)


def _design_cells(scenario: Scenario, rules: RuleSet, tile_id: str, rotations: Iterable[int]) -> set[Coord]:
    rotations = list(rotations)
    return {
        c for c in scenario.board.grid.ordered_coords
        if any(one_verdict.design_verdict(scenario, rules, c, tile_id, r)[0] for r in rotations)
    }


class LegalCellsCache:
    """:func:`legal_cells` kept current edit by edit: after a local edit only the edited cells and
    their neighbours are asked again (``explain`` of the stamp's move per rotation).

    The whole board is asked again (``legal_moves``) when anything global changes: the rule set,
    the tile, the state (active actor, phase, tiles laid this turn), players, companies, tile
    supply and options, whether the tile has copies left, the edges, or what the active actor's
    network reaches (``RuleSet.reached``; an active actor the rule set cannot answer for always
    means the whole board). The answer is always what :func:`legal_cells` would say.
    """

    def __init__(self) -> None:
        self._scenario: Scenario | None = None
        self._key: tuple | None = None
        self._cells: set[Coord] = set()
        self.full_runs = 0
        self.partial_runs = 0

    def clear(self) -> None:
        self._scenario = None
        self._key = None

    @staticmethod
    def _global_key(scenario: Scenario, rules: RuleSet | None, tile_id: str) -> tuple | None:
        state = scenario.state
        reach_key = None
        if state.active is not None:
            if rules is None:
                return None
            try:
                reached = rules.reached(scenario, state.active)
            except Exception:  # noqa: BLE001 - an actor the rule set cannot answer for
                return None
            if reached is None:
                return None
            reach_key = (reached.cells, reached.detail)
        left = tiles_left(scenario).get(tile_id)
        return (
            id(rules), tile_id, scenario.board.grid, scenario.board.edges, state, scenario.rules,
            scenario.players, scenario.companies, scenario.tiles, left is None or left > 0, reach_key,
        )

    def legal_cells(self, scenario: Scenario, rules: RuleSet | None, tile_id: str) -> set[Coord]:
        """The same answer as :func:`legal_cells`, recomputed only where an edit can change it."""
        key = self._global_key(scenario, rules, tile_id)
        previous = self._scenario
        if key is None or rules is None or previous is None or key != self._key or not self._cells:
            return self._full(scenario, rules, tile_id, key)
        if previous is scenario:
            return set(self._cells)
        grid = scenario.board.grid
        old, new = previous.board.cells, scenario.board.cells
        changed = [grid.coord(label) for label in set(old) | set(new) if old.get(label) != new.get(label) and grid.is_label(label)]
        todo: set[Coord] = set()
        for c in changed:
            todo.add(c)
            todo.update(n for _e, n in grid.neighbours(c))
        tdef = scenario.tile(tile_id)
        rotations = tdef.distinct_rotations(grid.sides) if tdef is not None else []
        cells = set(self._cells)
        for c in todo:
            legal = cell_is_legal(scenario, rules, c, tile_id, rotations)
            if legal is None:
                return self._full(scenario, rules, tile_id, key)  # no rule-set answer here: the fallback decides
            if legal:
                cells.add(c)
            else:
                cells.discard(c)
        if not cells:
            return self._full(scenario, rules, tile_id, key)
        self.partial_runs += 1
        self._scenario, self._cells = scenario, cells
        return set(cells)

    def _full(self, scenario: Scenario, rules: RuleSet | None, tile_id: str, key: tuple | None) -> set[Coord]:
        self.full_runs += 1
        cells = legal_cells(scenario, rules, tile_id)
        self._scenario, self._key, self._cells = scenario, key, set(cells)
        return cells

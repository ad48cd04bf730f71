"""What makes two positions of a puzzle's search the same, mixed into
:class:`model.puzzles.solver.Solver`: the canonical board signature (tile, rotation reduced to the
tile's distinct rotations, tokens) the transposition table keys on with the position in the turn
structure, the resources left and the rule set's per-turn memory; and the distinct solutions of a
count (a solution is its final board's changes from the start; one whose changes contain
another's only adds moves that are not needed)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections import OrderedDict

    from model.puzzle_spec import Puzzle
    from model.puzzles.search_state import SearchNode
    from model.rules import Move
    from model.scenario import Scenario

POSITIONS_KEPT = 2048
"""How many boards the solver keeps the signature of (and the rule set's search position of)."""


class BoardSignatures:
    """The signatures of the boards a search meets and the keys of its nodes (the solver keeps
    the tables named here)."""

    puzzle: Puzzle
    initial: Scenario
    _homogeneous: bool
    _canon: dict[str, dict[int, int]]
    _sigs: OrderedDict[int, tuple[Any, frozenset, dict]]
    _sig_hint: Any
    _initial_sig: frozenset

    if TYPE_CHECKING:  # what the turn structure provides
        def _turn_number(self, turn: int) -> int: ...

    # --- signatures -------------------------------------------------------------------------
    def _canon_rotation(self, scenario: Scenario, tile_id: str, rotation: int) -> int:
        table = self._canon.get(tile_id)
        if table is None:
            tdef = scenario.tile(tile_id)
            sides = scenario.board.grid.sides
            table = {}
            if tdef is not None:
                seen: dict[Any, int] = {}
                for r in range(sides):
                    table[r] = seen.setdefault(tdef._shape(r, sides), r)
            self._canon[tile_id] = table
        return table.get(rotation % scenario.board.grid.sides, rotation)

    def _sig_entry(self, scenario: Scenario, label: str, cell: Any) -> tuple | None:
        if cell is None or (cell.tile is None and not cell.tokens):
            return None
        t = cell.tile
        tile = (t.tile, self._canon_rotation(scenario, t.tile, t.rotation)) if t is not None else None
        toks = tuple(sorted((k.company, k.city) for k in cell.tokens))
        return (label, tile, toks)

    def _board_sig(self, scenario: Scenario) -> frozenset:
        """The canonical signature of the board: cached per board, and built from the signature
        of the parent's board (``self._sig_hint``) by redoing only the cells that differ."""
        board = scenario.board
        hit = self._sigs.get(id(board))
        if hit is not None and hit[0] is board:
            return hit[1]
        hint = self._sig_hint
        base = self._sigs.get(id(hint)) if hint is not None else None
        if base is not None and base[0] is hint and hint.grid is board.grid and scenario.tiles is self.initial.tiles:
            entries = dict(base[2])
            old = hint.cells
            for label, cell in board.cells.items():
                if old.get(label) is not cell:
                    entries[label] = self._sig_entry(scenario, label, cell)
            for label in old:
                if label not in board.cells:
                    entries[label] = None
        else:
            entries = {label: self._sig_entry(scenario, label, cell) for label, cell in board.cells.items()}
        entries = {k: v for k, v in entries.items() if v is not None}
        sig = frozenset(entries.values())
        self._sigs[id(board)] = (board, sig, entries)
        if len(self._sigs) > POSITIONS_KEPT:
            self._sigs.popitem(last=False)
        return sig

    def _turn_memory(self, scenario: Scenario, turn: int) -> tuple:
        """What the rule set remembers within a turn and the solver must not merge away."""
        laid = tuple((x.cell, x.tile, x.phase) for x in scenario.state.laid)
        fresh = []
        now = self._turn_number(turn)
        for label, cell in scenario.board.cells.items():
            t = cell.tile
            if t is not None and t.turn == now:
                fresh.append((label, t.phase, t.by))
        return laid, tuple(sorted(fresh, key=str))

    def _key(self, node: SearchNode, board_sig: frozenset) -> tuple:
        return (
            board_sig,
            None if self._homogeneous else node.turn,
            node.phase,
            node.played,
            node.hand,
            node.money,
            node.moves_left if self.puzzle.resources.max_moves is not None else None,
            self._turn_memory(node.scenario, node.turn),
        )

    # --- distinct solutions ---------------------------------------------------------------
    def _diff(self, board_sig: frozenset) -> frozenset:
        """What a final board changed: the cells whose content differs from the start."""
        before = {x[0]: x for x in self._initial_sig}
        after = {x[0]: x for x in board_sig}
        changed = set()
        for label in set(before) | set(after):
            if before.get(label) != after.get(label):
                changed.add(after.get(label, (label, None, ())))
        return frozenset(changed)

    @staticmethod
    def _minimal(found: dict[frozenset, tuple[Move, ...]]) -> dict[frozenset, tuple[Move, ...]]:
        """Drop solutions whose changes contain another solution's changes (they add unneeded moves)."""
        keys = sorted(found, key=len)
        keep: list[frozenset] = []
        for k in keys:
            if not any(small < k for small in keep):
                keep.append(k)
        return {k: found[k] for k in keep}


__all__ = ["POSITIONS_KEPT", "BoardSignatures"]

"""Moves a count may leave out, mixed into :class:`model.puzzles.solver.Solver`: a tile laid so
far from the goal actor's network that nothing it does can matter to the goal.

A count keeps only the solutions whose changes contain no other solution's changes (see
:mod:`model.puzzles.board_signature`), so it may leave out every play whose solutions all
contain another solution's changes. Where the rule set's search position answers ``apart``
(for Catalan :meth:`model.rules.catalan.search.SearchPosition.apart`), an optional move that
lays a tile on a cell still as it was at the start is such a play when the cell is more than
``k + 1`` fills away from the actor's network and from every changed cell, ``k`` being the moves
still possible after it. The rule set promises that then the tile, and whatever is later laid
on or next to the group of cells it joins, never touches the actor's network, her own open
ends, the legality of her other moves or a changed cell. So the same play without those moves
(each passed instead, in phases that may be passed; the required moves are never among them)
is a play too: her network is the same after every move, so it meets the goal at the same move,
and it changes the same cells but these, which it leaves as at the start. Its changes are
those of the play minus at least the tile's cell: a smaller solution, which is counted instead.

Only while counting, for a ``destination`` or ``reach`` goal of the actor, when every required
phase plays the drawn tile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from model.puzzle_spec import ConnectGoal
from model.puzzles.reach import place_cells

if TYPE_CHECKING:
    from model.puzzle_spec import PhaseStep, Puzzle
    from model.puzzles.search_state import SearchNode
    from model.rules import Move


class Separation:
    """The moves of a count that lie too far from the goal actor's network to matter."""

    puzzle: Puzzle
    actor: str
    is_player: bool
    _goal_actor: str | None
    _counting: bool

    if TYPE_CHECKING:  # what the solver provides
        def _position(self, node: SearchNode) -> Any: ...
        def _capacity(self, node: SearchNode) -> int: ...
        def _diff(self, board_sig: frozenset) -> frozenset: ...

    def _separable(self) -> bool:
        """Whether the puzzle allows leaving moves out at all (see the module docstring)."""
        p = self.puzzle
        return (
            self._counting
            and self.is_player
            and self._goal_actor == self.actor
            and not isinstance(p.goal, ConnectGoal)
            and all(step.tile_from == "drawn" for step in p.phases if step.required)
        )

    def _apart(self, node: SearchNode, step: PhaseStep) -> tuple[Any, int] | None:
        """For an optional phase step of a count: (the rule set's ``apart`` answer for the node,
        the moves still possible after one more), or None when no move may be left out here."""
        if step.required or not self._separable():
            return None
        hook = getattr(self._position(node), "apart", None)
        if hook is None:
            return None
        k = self._capacity(node) - 1
        if k < 0:
            return None
        p = self.puzzle
        required = [
            (s.name, p.resources.draws[t] if t < len(p.resources.draws) else None)
            for t in range(node.turn, p.resources.turns)
            for i, s in enumerate(p.phases)
            if s.required and (t > node.turn or i > node.phase)
        ]
        scenario = node.scenario
        places = [set(place_cells(scenario, place)) for place in p.goal_places(scenario)]
        changed = frozenset(entry[0] for entry in self._diff(node.key[0]))
        apart = hook(self.actor, changed, required, places, k + 2)
        return None if apart is None else (apart, k)

    @staticmethod
    def _far(node: SearchNode, move: Move, apart: tuple[Any, int] | None) -> bool:
        """The move lays a tile on an empty cell, unchanged since the start, that more than the
        ``k`` moves still possible after it must be filled before it can matter."""
        if apart is None or move.tile is None:
            return False
        cell = node.scenario.board.cells.get(move.cell)
        if cell is not None and cell.tile is not None:
            return False
        positions, k = apart
        grid = node.scenario.board.grid
        return positions.fills_to_matter(grid.coord(move.cell), k) > k

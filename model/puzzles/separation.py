"""Moves a count may leave out, mixed into :class:`model.puzzles.solver.Solver`: a tile laid so
far from the goal actor's network that nothing it does can matter to the goal.

A count keeps only the solutions whose changes contain no other solution's changes (see
:mod:`model.puzzles.board_signature`). Where the rule set's search position answers ``apart``
(for Catalan :meth:`model.rules.catalan.search.SearchPosition.apart`), an optional move is
left out when more cells than the ``k`` moves still possible after it must be filled before
the group of cells its tile is part of can touch the actor's group in a play that meets her
goal. The rule set promises that the moves on a group that never touches hers change nothing
she can do, and that her required moves are never among them. So any play through the move
that meets the goal, with every move on the tile's group left out (earlier ones too; each
passed instead, in phases that may be passed), is a shorter play: her network is the same
after every move, so it meets the goal at the same move, and it changes the same cells but
those of that group, which it leaves as at the start. Its changes are contained in the play's.
By induction on the length, every solution has a play that is not left out whose changes are
contained in its own: every minimal solution is still found, with its shortest play. For the
same reason a whole node is left out when a group that earlier moves changed, apart from the
actor's, cannot touch hers within the moves still possible (:meth:`Separation._far_group`).

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
        _status_cache: dict[frozenset, Any]

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

    def _apart_at(self, node: SearchNode, k: int) -> Any:
        """The rule set's ``apart`` answer for the node (distances told apart up to ``k + 2``),
        or None."""
        last = getattr(self, "_apart_last", None)
        if last is not None and last[0] == node.key[0] and last[1] >= k:
            return last[2]  # the same board, distances told apart as far (the node's two questions)
        hook = getattr(self._position(node), "apart", None)
        if hook is None:
            return None
        fixed = getattr(self, "_apart_fixed", None)
        if fixed is None:
            p = self.puzzle
            scenario = node.scenario
            # every required move of the puzzle, the ones already made too (the moves left out may be earlier)
            required = [(s.name, p.resources.draws[t] if t < len(p.resources.draws) else None)
                        for t in range(p.resources.turns) for s in p.phases if s.required]
            places = [set(place_cells(scenario, place)) for place in p.goal_places(scenario)]
            fixed = self._apart_fixed = (required, places)
        apart = hook(self.actor, fixed[0], fixed[1], k + 2)
        self._apart_last = (node.key[0], k, apart)
        return apart

    def _apart(self, node: SearchNode, step: PhaseStep) -> tuple[Any, int] | None:
        """For an optional phase step of a count: (the rule set's ``apart`` answer for the node,
        the moves still possible after one more), or None when no move may be left out here."""
        if step.required or not self._separable():
            return None
        k = self._capacity(node) - 1
        if k < 0:
            return None
        apart = self._apart_at(node, k)
        return None if apart is None else (apart, k)

    def _far_group(self, node: SearchNode, cap: int) -> bool:
        """A count may leave out the node: a group of cells changed by earlier moves cannot touch
        the goal actor's group within the ``cap`` moves still possible (the same argument as for
        one move: every play through the node has a shorter one without that group's moves).
        Needs the node's goal status (:meth:`_bound` first)."""
        if not self._separable():
            return False
        status = self._status_cache.get(node.key[0])
        if status is None:
            return False
        grid = node.scenario.board.grid
        loose = [grid.coord(e[0]) for e in self._diff(node.key[0]) if grid.is_label(e[0])]
        loose = [c for c in loose if c not in status.sources]
        if not loose:
            return False
        apart = self._apart_at(node, cap)
        return apart is not None and any(apart.fills_to_matter(c, cap) > cap for c in loose)

    @staticmethod
    def _far(node: SearchNode, move: Move, apart: tuple[Any, int] | None) -> bool:
        """The move lays a tile whose group needs more fills than the ``k`` moves still possible
        after it before it can matter (see :meth:`_apart`)."""
        if apart is None or move.tile is None:
            return False
        positions, k = apart
        return positions.fills_to_matter(node.scenario.board.grid.coord(move.cell), k) > k

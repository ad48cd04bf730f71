"""A count of a puzzle's solutions in parts, mixed into :class:`model.puzzles.solver.Solver`:
the tree is split a few moves below the root and each part searched on its own (the parallel
count, :mod:`model.puzzles.parallel`, runs the parts in other processes), then merged."""

from __future__ import annotations

import time

from model.puzzles.search_state import CountPart, CountTask, SearchNode, SearchStop, SolveResult
from model.rules import Move


class CountInParts:
    """The count-in-parts interface of the solver (it provides the search's tables and steps)."""

    def begin_count(self) -> float:
        """Start a count in parts: the clock and the tables of :meth:`find_all`. Returns the start."""
        start = time.monotonic()
        self._deadline = start + self.max_seconds
        self._found = {}
        self._visited = {}
        self._counting = True
        return start

    def split(self, depth: int) -> list[CountTask] | None:
        """The nodes ``depth`` moves below the root, searched as :meth:`find_all` would reach them
        (same pruning; solutions met on the way are recorded), each once: the count's parts.
        None when the goal is met before any move. Raises nothing: a limit hit while splitting
        leaves the parts found so far (see :meth:`stopped`)."""
        self._split_reason = ""
        tasks: dict[tuple, CountTask] = {}
        try:
            root = self._root()
            if self._met(root):
                return None
            self._split(root, [], depth, tasks)
        except SearchStop as stop:
            self._split_reason = stop.reason
        return list(tasks.values())

    def stopped(self) -> str:
        """Why splitting stopped early ("" when it did not)."""
        return getattr(self, "_split_reason", "")

    def _split(self, node: SearchNode, prefix: list[Move], depth: int, tasks: dict) -> None:
        if self._finished(node):
            return
        turns_left = self.puzzle.resources.turns - node.turn
        if depth == 0:
            tasks.setdefault((node.key, turns_left), CountTask(node, tuple(prefix)))
            return
        if self._visited.get(node.key, -1) >= turns_left:
            return
        self._visited[node.key] = turns_left
        self._tick()
        cap = self._capacity(node)
        if self._bound(node, cap)[1] > cap:
            return
        for move, child in self._search_children(node, cap):
            if move is None:
                self._split(child, prefix, depth, tasks)
                continue
            prefix.append(move)
            if self._met(child):
                self._record(child, prefix)
            else:
                self._split(child, prefix, depth - 1, tasks)
            prefix.pop()

    def count_below(self, task: CountTask) -> CountPart:
        """Every solution in the subtree below one part, searched afresh (the part's own tables)."""
        self._found = {}
        self.nodes = 0
        reason = ""
        try:
            self._dfs_all(task.node, list(task.prefix))
        except SearchStop as stop:
            reason = stop.reason
        return CountPart(dict(self._found), self.nodes, reason)

    def merge(self, part: CountPart) -> None:
        """Add a part's solutions and nodes to this count (the shortest play of a solution is kept)."""
        self.nodes += part.nodes
        for diff, play in part.found.items():
            prev = self._found.get(diff)
            if prev is None or len(prev) > len(play):
                self._found[diff] = play

    def count_result(self, start: float, reason: str = "") -> SolveResult:
        """The answer of the count from the solutions recorded and merged."""
        return self._count_result(start, reason)

    def _record(self, child: SearchNode, prefix: list[Move]) -> None:
        diff = self._diff(child.key[0])
        prev = self._found.get(diff)
        if prev is None or len(prev) > len(prefix):
            self._found[diff] = tuple(prefix)

"""Counting solutions in several processes: the search tree is split below its first levels.

:func:`find_all_parallel` walks the first ``depth`` moves of the tree exactly as
:meth:`model.puzzles.solver.Solver.find_all` does (the same pruning, solutions met on the way are
recorded), and leaves each node at that depth as a task; a node reached by several move orders
is one task. Forked worker processes search the tasks' subtrees, each with its own tables, and
the plays they record are merged by final board. A solution's identity is its final board and
every subtree is searched whole, so the distinct solutions, and the count, are the same as in
one process; which play stands for a solution may differ (the shortest one found is kept).

Needs the ``fork`` start method (Linux, macOS); elsewhere it counts in one process.
"""

from __future__ import annotations

import multiprocessing as mp
import time

from model.puzzles.solver import Solver, SolveResult, _Node, _Stop
from model.rules import Move

DEFAULT_DEPTH = 2
_SOLVER: Solver | None = None
_TASKS: list[tuple[_Node, tuple[Move, ...]]] = []


def _run(i: int) -> tuple[int, dict, int, str]:
    """One task in a worker: the subtree below task ``i``."""
    s = _SOLVER
    node, prefix = _TASKS[i]
    s._found = {}
    s.nodes = 0
    reason = ""
    try:
        s._dfs_all(node, list(prefix))
    except _Stop as stop:
        reason = stop.reason
    return i, s._found, s.nodes, reason


def _record(s: Solver, child: _Node, prefix: list[Move]) -> None:
    diff = s._diff(child.key[0])
    prev = s._found.get(diff)
    if prev is None or len(prev) > len(prefix):
        s._found[diff] = tuple(prefix)


def _split(s: Solver, node: _Node, prefix: list[Move], depth: int, tasks: dict) -> None:
    """``Solver._dfs_all`` down to ``depth`` moves; the nodes there become tasks."""
    if s._finished(node):
        return
    turns_left = s.puzzle.resources.turns - node.turn
    if depth == 0:
        tasks.setdefault((node.key, turns_left), (node, tuple(prefix)))
        return
    if s._visited.get(node.key, -1) >= turns_left:
        return
    s._visited[node.key] = turns_left
    s._tick()
    cap = s._capacity(node)
    if s._bound(node, cap)[1] > cap:
        return
    for move, child in s._children(node, last=cap <= 1):
        if move is None:
            _split(s, child, prefix, depth, tasks)
            continue
        prefix.append(move)
        if s._met(child):
            _record(s, child, prefix)
        else:
            _split(s, child, prefix, depth - 1, tasks)
        prefix.pop()


def find_all_parallel(solver: Solver, workers: int, depth: int = DEFAULT_DEPTH) -> SolveResult:
    """``solver.find_all()`` in ``workers`` processes (see the module docstring)."""
    global _SOLVER, _TASKS
    try:
        ctx = mp.get_context("fork")
    except ValueError:
        return solver.find_all()
    start = time.monotonic()
    solver._deadline = start + solver.max_seconds
    solver._found = {}
    solver._visited = {}
    reason = ""
    try:
        root = solver._root()
        if solver._met(root):
            return SolveResult("solvable", [], [[]], 1, True, solver.nodes, time.monotonic() - start, "the goal is met before any move")
        tasks: dict = {}
        _split(solver, root, [], depth, tasks)
    except _Stop as stop:
        return solver._count_result(start, stop.reason)
    _SOLVER, _TASKS = solver, list(tasks.values())
    try:
        with ctx.Pool(max(1, workers)) as pool:
            results = sorted(pool.imap_unordered(_run, range(len(_TASKS))), key=lambda r: r[0])
    finally:
        _SOLVER, _TASKS = None, []
    for _, found, nodes, why in results:
        solver.nodes += nodes
        reason = reason or why
        for diff, play in found.items():
            prev = solver._found.get(diff)
            if prev is None or len(prev) > len(play):
                solver._found[diff] = play
    return solver._count_result(start, reason)


__all__ = ["find_all_parallel"]

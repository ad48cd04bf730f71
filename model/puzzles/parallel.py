"""Counting solutions in several processes: the search tree is split below its first levels.

:func:`find_all_parallel` walks the first ``depth`` moves of the tree exactly as
:meth:`model.puzzles.solver.Solver.find_all` does (the same pruning, solutions met on the way are
recorded), and leaves each node at that depth as a task; a node reached by several move orders
is one task. Forked worker processes search the tasks' subtrees, each with its own tables, and
the plays they record are merged by final board. A solution's identity is its final board and
every subtree is searched whole, so the distinct solutions, and the count, are the same as in
one process; which play stands for a solution may differ (the shortest one found is kept).

It uses only the solver's public interface for a count in parts (``begin_count``, ``split``,
``count_below``, ``merge``, ``count_result``). Needs the ``fork`` start method (Linux, macOS)
and more than one usable processor; otherwise it counts in one process.
"""

from __future__ import annotations

import multiprocessing as mp
import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the solver is handed in (Solver.find_all's caller is model.puzzles.solver.solve)
    from model.puzzles.search_state import CountPart, CountTask, SolveResult
    from model.puzzles.solver import Solver

DEFAULT_DEPTH = 2
_SOLVER: Solver | None = None
_TASKS: list[CountTask] = []


def _run(i: int) -> tuple[int, CountPart]:
    """One part in a worker process (forked: the solver and the parts are inherited)."""
    assert _SOLVER is not None
    return i, _SOLVER.count_below(_TASKS[i])


def usable_cpus() -> int:
    """The processors this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def find_all_parallel(solver: Solver, workers: int, depth: int = DEFAULT_DEPTH) -> SolveResult:
    """``solver.find_all()`` in ``workers`` processes (see the module docstring).

    Counts in one process when processes cannot pay: one usable processor, one worker, or no
    ``fork`` start method."""
    workers = min(workers, usable_cpus())
    try:
        ctx = mp.get_context("fork")
    except ValueError:
        ctx = None
    if workers <= 1 or ctx is None:
        return solver.find_all()
    global _SOLVER, _TASKS
    start = solver.begin_count()
    tasks = solver.split(depth)
    if tasks is None:
        return solver.find_all()  # the goal is met before any move
    if solver.stopped():
        return solver.count_result(start, solver.stopped())
    _SOLVER, _TASKS = solver, tasks
    try:
        with ctx.Pool(workers) as pool:
            parts = [part for _, part in sorted(pool.imap_unordered(_run, range(len(tasks))), key=lambda r: r[0])]
    finally:
        _SOLVER, _TASKS = None, []
    reason = ""
    for part in parts:
        solver.merge(part)
        reason = reason or part.reason
    return solver.count_result(start, reason)


__all__ = ["find_all_parallel", "usable_cpus"]

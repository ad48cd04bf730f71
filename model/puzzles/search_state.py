"""The puzzle search's vocabulary: its answer (:class:`SolveResult`), its errors, a search node, and
the parts of a count in parts. Used by :mod:`model.puzzles.solver`, which re-exports the public
names, and by the modules built on it (analysis, the parallel count)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from model.rules import Move
from model.scenario import Scenario

Verdict = Literal["solvable", "unsolvable", "unknown"]


class PuzzleError(ValueError):
    """The scenario has no puzzle, or its rule set cannot be searched."""


@dataclass
class SolveResult:
    """What the solver found."""

    verdict: Verdict
    solution: list[Move] | None = None
    solutions: list[list[Move]] | None = None  # one play per distinct solution (count mode)
    count: int | None = None  # distinct solutions (count mode; a lower bound when not complete)
    complete: bool = False  # the count is exact (the whole bounded tree was searched)
    nodes: int = 0
    seconds: float = 0.0
    reason: str = ""  # why the verdict is 'unknown', or a note

    @property
    def unique(self) -> bool:
        return self.complete and self.count == 1

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "verdict": self.verdict,
            "solution": [m.to_json() for m in self.solution] if self.solution is not None else None,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
        }
        if self.count is not None:
            d["count"] = self.count
            d["complete"] = self.complete
            d["unique"] = self.unique
            d["solutions"] = [[m.to_json() for m in s] for s in (self.solutions or [])]
        if self.reason:
            d["reason"] = self.reason
        return d


class SearchStop(Exception):
    """A limit was hit."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class SearchNode:
    """A search state: the scenario plus what the solver tracks itself."""

    scenario: Scenario
    turn: int  # 0-based index of the puzzle turn
    phase: int  # index into puzzle.phases
    played: int  # moves played in this phase this turn
    hand: tuple[str, ...] | None  # sorted tiles left; None = unlimited supply
    money: int | None
    moves_left: int
    key: tuple = field(compare=False, default=())
    before: Scenario | None = field(compare=False, default=None)  # the scenario of the move's parent node


@dataclass(frozen=True)
class CountTask:
    """A part of a count: a node of the search tree and the moves that lead to it."""

    node: SearchNode
    prefix: tuple[Move, ...]


@dataclass
class CountPart:
    """What the search below one part found: solutions by their changes, nodes, why it stopped."""

    found: dict[frozenset, tuple[Move, ...]]
    nodes: int
    reason: str = ""


def same_move(a: Move, b: Move) -> bool:
    """The same move, a move without a phase matching one with it."""
    return (a.kind, a.cell, a.tile, a.rotation, a.phase or None) == (b.kind, b.cell, b.tile, b.rotation, b.phase or a.phase or None)

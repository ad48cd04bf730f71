"""A live checker that re-checks only what an edit can affect, for any rule set that says so.

A rule set offers it by answering two hooks of :class:`model.rules.RuleSet`:
``affected_cells(scenario, changed)`` (the cells whose issues an edit of ``changed`` can alter)
and ``check_cells(scenario, cells)`` (every issue of its board check that names one of ``cells``,
plus the ones that name no cell). Its ``incremental_checker`` then returns a
:class:`LocalChecker`. After an edit, the issues of the affected cells are asked again, the
issues naming only other cells are kept, and the checks every rule set shares (supply counts,
options, ignored features) are run again: they are dictionary passes. Either hook answering
None means "the whole board", and the checker runs the whole check.

The answer is always what ``rules.check(scenario)`` says (the 18xx rule sets' tests compare the
two over random edits); the checker only spends less time getting there.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from model.grid import Coord
from model.issues import Issue, sort_issues
from model.scenario import Scenario

if TYPE_CHECKING:
    from model.rules import RuleSet


class LocalChecker:
    """Issues of a scenario kept current edit by edit (see the module docstring).

    For rule sets whose ``check`` is the shared checks plus ``board_issues`` (the base class's).
    ``full_runs`` and ``local_runs`` count how each update was answered.
    """

    def __init__(self, rules: RuleSet, scenario: Scenario) -> None:
        self.rules = rules
        self.full_runs = 0
        self.local_runs = 0
        self._full(scenario)

    def _full(self, scenario: Scenario) -> list[Issue]:
        self.full_runs += 1
        self.scenario = scenario
        self._board = list(self.rules.board_issues(scenario))
        self._issues = sort_issues(self.rules.shared_issues(scenario) + self._board)
        return list(self._issues)

    def issues(self) -> list[Issue]:
        """The issues of the scenario last checked."""
        return list(self._issues)

    def update(self, scenario: Scenario, changed: Iterable[Coord]) -> list[Issue]:
        """The issues of ``scenario``, which differs from the last one in the ``changed`` cells only."""
        changed = list(changed)
        affected = self.rules.affected_cells(scenario, changed)
        if affected is None:
            return self._full(scenario)
        local = self.rules.check_cells(scenario, affected)
        if local is None:
            return self._full(scenario)
        grid = scenario.board.grid
        labels = {grid.label(c) for c in affected if grid.contains(c)}
        kept = [i for i in self._board if i.cells and not labels.intersection(i.cells)]
        self.local_runs += 1
        self.scenario = scenario
        self._board = kept + list(local)
        self._issues = sort_issues(self.rules.shared_issues(scenario) + self._board)
        return list(self._issues)

"""The checker's vocabulary: an :class:`Issue` (a finding with a stable rule id) and its order.

It sits below the rule sets so that every module that reports issues (the manifest's checks, the
feature checks, the rule sets themselves) can use it without importing the rule-set package.
``model.rules`` re-exports these names.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

Severity = Literal["error", "warning", "info"]
SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


@dataclass(frozen=True)
class Issue:
    """One finding of the checker: a stable rule id, severity, where, and a sentence."""

    rule: str
    severity: Severity
    message: str
    cells: tuple[str, ...] = ()
    edges: tuple[tuple[str, int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "severity": self.severity,
            "cells": list(self.cells),
            "edges": [list(e) for e in self.edges],
            "message": self.message,
        }


def sort_issues(issues: Iterable[Issue]) -> list[Issue]:
    """Errors first, then warnings, then notes; within each, by cells, rule id and message."""
    return sorted(issues, key=lambda i: (SEVERITY_ORDER[i.severity], i.cells, i.rule, i.message))

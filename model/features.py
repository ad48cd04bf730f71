"""Which board features each rule set uses, and the ones a scenario holds that its rule set ignores.

A feature a rule set does not read (Catalan station platforms on an 18 India map, 18xx station
tokens or rivers on a Catalan board) would check clean and then do nothing, or vanish in an
export. So the editor's tools offer only the features the rule set uses, and the checker
reports every ignored one as a warning (``core.ignored-feature``), naming the cells.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from model.board import Cell
from model.issues import Issue
from model.scenario import Scenario

if TYPE_CHECKING:
    from model.rules import RuleSet

CELL_FEATURES: dict[str, tuple[str, Callable[[Cell], bool]]] = {
    "city": ("cities", lambda c: bool(c.cities)),
    "town": ("towns", lambda c: bool(c.towns)),
    "junction": ("junctions", lambda c: c.junction),
    "platform": ("station platforms", lambda c: c.platform is not None),
    "token": ("station tokens", lambda c: bool(c.tokens)),
    "reservation": ("reservations", lambda c: bool(c.reserved) or any(x.reserved for x in c.cities)),
    "offboard": ("off-board areas", lambda c: c.terrain == "offboard"),
    "gray": ("gray cells", lambda c: c.terrain == "gray"),
}
"""Feature name -> (what it is called in messages, does a cell carry it)."""

EDGE_FEATURES = {"gauge": "gauge lines", "river": "rivers", "impassable": "impassable sides", "mountain": "mountain borders",
                 "border": "borders", "divider": "divider borders", "offboard": "off-board borders"}
"""Edge feature kinds. The 18xx rules play every border as the engine does: one with a cost is paid by
the lay that connects across it, an impassable one blocks, the others are drawn and block nothing."""


PLACER_FEATURES = {"city": "city", "town": "town", "platform": "platform", "origin": "platform",
                   "destination": "platform", "offboard": "offboard", "gray": "gray"}
"""Feature placer entry -> the feature it puts on the board."""


def used_features(rules: RuleSet | None) -> frozenset[str] | None:
    """The features a rule set reads (:attr:`RuleSet.features`); None when unknown (then
    everything is offered and nothing is reported)."""
    if rules is None or rules.features is None:
        return None
    return frozenset(rules.features)


def placer_choices(rules: RuleSet | None, choices: list[str]) -> list[str]:
    """The feature placer's entries the rule set can use (all when it is unknown)."""
    used = used_features(rules)
    return [c for c in choices if used is None or PLACER_FEATURES.get(c, c) in used]


def ignored_features(scenario: Scenario, rules: RuleSet | None) -> dict[str, list[str]]:
    """Feature -> labels (or ids) of the scenario's features its rule set ignores, in board order."""
    used = used_features(rules)
    if used is None:
        return {}
    out: dict[str, list[str]] = {}
    for label, cell in scenario.board.cells.items():
        for name, (_words, has) in CELL_FEATURES.items():
            if name not in used and has(cell):
                out.setdefault(name, []).append(label)
    for f in scenario.board.edges:
        if f.kind not in used:
            out.setdefault(f.kind, [])
            if f.cell not in out[f.kind]:
                out[f.kind].append(f.cell)
    if scenario.players and "players" not in used:
        out["players"] = [p.id for p in scenario.players]
    if scenario.companies and "companies" not in used:
        out["companies"] = [c.id for c in scenario.companies]
    return out


def feature_words(name: str) -> str:
    if name in CELL_FEATURES:
        return CELL_FEATURES[name][0]
    return EDGE_FEATURES.get(name, name)


def ignored_feature_issues(scenario: Scenario, rules: RuleSet | None) -> list[Issue]:
    """One warning per kind of ignored feature, naming its cells (``core.ignored-feature``)."""
    out = []
    for name, where in ignored_features(scenario, rules).items():
        words = feature_words(name)
        cells = tuple(where) if name not in ("players", "companies") else ()
        shown = ", ".join(where[:8]) + (f" and {len(where) - 8} more" if len(where) > 8 else "")
        out.append(
            Issue(
                "core.ignored-feature",
                "warning",
                f"the {rules.id} rule set ignores {words} ({shown}): they play no part in its rules or its moves",
                cells,
            )
        )
    return out


def dropped_by_export(scenario: Scenario, fmt: str) -> list[str]:
    """Notes on the features an 18xx export (``18xx-games``, ``18xx-maker``) cannot hold at all."""
    if fmt not in ("18xx-games", "18xx-maker"):
        return []
    notes = []
    platforms = [label for label, cell in scenario.board.cells.items() if cell.platform is not None]
    if platforms:
        notes.append(f"{', '.join(platforms[:8])}{' …' if len(platforms) > 8 else ''}: station platforms (Catalan) are dropped")
    if scenario.players:
        notes.append(f"players {', '.join(p.id for p in scenario.players)[:80]} (and their hands) are dropped")
    return notes

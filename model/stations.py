"""Catalan stations as the editor sets them up: platforms open toward the board, players get
distinct colours, origins and destinations are picked from the board's stations. Qt-free."""

from __future__ import annotations

from model.grid import Coord
from model.scenario import Scenario

PLAYER_COLOURS = ("#cc0000", "#e6b800", "#2e8b57", "#1f5fbf", "#8e44ad", "#e67e22", "#16a5a5", "#7f4f24", "#d63384", "#555555")
"""Colours handed to new players in turn (the first one not used yet)."""


def inward_access(scenario: Scenario, coord: Coord, access: int) -> int:
    """``access`` when that side leads onto the board, else the opposite side when it does (a
    platform clicked near the rim opens toward the board, not off it), else the nearest side
    that does; ``access`` when no side does."""
    grid = scenario.board.grid
    sides = grid.sides
    if grid.neighbour(coord, access % sides) is not None:
        return access % sides
    if grid.neighbour(coord, (access + sides // 2) % sides) is not None:
        return (access + sides // 2) % sides
    for step in range(1, sides // 2 + 1):
        for e in ((access + step) % sides, (access - step) % sides):
            if grid.neighbour(coord, e) is not None:
                return e
    return access % sides


def distinct_colour(used: list[str]) -> str:
    """A player colour no one has yet (the palette in order, then the palette again)."""
    taken = {c.lower() for c in used}
    return next((c for c in PLAYER_COLOURS if c.lower() not in taken), PLAYER_COLOURS[len(used) % len(PLAYER_COLOURS)])


def station_ids(scenario: Scenario, kind: str | None = None) -> list[str]:
    """The ids of the board's stations (optionally only those with a platform of ``kind``), in board order."""
    out: list[str] = []
    for cell in scenario.board.cells.values():
        p = cell.platform
        if p is not None and (kind is None or p.kind == kind) and p.station not in out:
            out.append(p.station)
    return out


def origin_choices(scenario: Scenario) -> list[str]:
    """Stations a player's trains can start from: origin stations first, then every other station."""
    first = station_ids(scenario, "origin")
    return first + [s for s in station_ids(scenario) if s not in first]


def destination_choices(scenario: Scenario) -> list[str]:
    """What a destination can name: destination stations, other stations, then the cities' cells."""
    first = station_ids(scenario, "destination")
    out = first + [s for s in station_ids(scenario) if s not in first]
    out += [label for label, cell in scenario.board.cells.items() if cell.cities]
    return out

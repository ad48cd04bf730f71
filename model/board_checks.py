"""Board checks every rule set shares that look at the edge features (``core.duplicate-edge-feature``)."""

from __future__ import annotations

from collections import Counter

from model.issues import Issue
from model.scenario import Scenario

SHOWN = 8


def duplicate_edge_issues(scenario: Scenario) -> list[Issue]:
    """One warning for every edge feature stored more than once on the same side (same kind;
    one-sided borders count once per cell that declares them), naming the first sides and the
    count: a file can hold a million copies of one river, and the checker says so in one line."""
    board = scenario.board
    seen: Counter = Counter()
    first: dict[tuple, str] = {}
    for f in board.edges:
        try:
            side = board.side_key(board.grid.coord(f.cell), f.edge)
        except (KeyError, ValueError):
            continue  # a cell off the grid is the loader's business
        key = (side, f.kind, f.cell if f.one_sided else None)
        seen[key] += 1
        first.setdefault(key, f"{f.cell} side {f.edge} {f.kind}")
    repeated = [(key, n) for key, n in seen.items() if n > 1]
    if not repeated:
        return []
    extra = sum(n - 1 for _, n in repeated)
    shown = ", ".join(f"{first[key]} ×{n}" for key, n in repeated[:SHOWN])
    more = f" and {len(repeated) - SHOWN:,} more sides" if len(repeated) > SHOWN else ""
    cells = tuple(dict.fromkeys(first[key].split(" ", 1)[0] for key, _ in repeated))
    return [Issue("core.duplicate-edge-feature", "warning",
                  f"{extra:,} duplicate edge feature(s): {shown}{more}; each side holds one feature of a kind", cells)]

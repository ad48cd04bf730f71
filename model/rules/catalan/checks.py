"""The Catalan live board check: cell-local rules, scenario-wide rules and reach-based findings.

Cell-local rules (terrain, tiles on cities or stations) depend on one cell only, so after an edit
only the changed cells are re-checked. Reach-based findings (unreached track, a destination
reached) depend on the whole network; they are recomputed with the fast search of
:mod:`model.rules.catalan.network`, which costs well under a millisecond per player on a 30x30
board. :class:`IncrementalChecker` keeps the per-cell results between edits.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from model.features import ignored_feature_issues
from model.grid import Coord
from model.rules import Issue, sort_issues, structural_issues
from model.rules.catalan.moves import CATALAN_TERRAIN, Analysis
from model.rules.catalan.network import SIDE_NAMES, Network
from model.scenario import Scenario


def cell_issues(scenario: Scenario, coord: Coord) -> list[Issue]:
    """Rules that look at one cell only."""
    grid = scenario.board.grid
    label = grid.label(coord)
    cell = scenario.board.cells.get(label)
    if cell is None:
        return []
    out: list[Issue] = []
    where = (label,)
    if cell.terrain not in CATALAN_TERRAIN:
        out.append(Issue("catalan.unsupported-terrain", "error", f"{label}: terrain {cell.terrain!r} is not part of the Catalan game (plain, lake or mountain)", where))
    if cell.cities and cell.platform is not None:
        out.append(Issue("catalan.city-and-station", "error", f"{label}: a space is either a city or a station platform, not both", where))
    if cell.paths:
        out.append(Issue("catalan.printed-track", "warning", f"{label}: the Catalan game has no printed track; these paths act as track", where))
    if cell.platform is not None and grid.neighbour(coord, cell.platform.access) is None:
        out.append(
            Issue(
                "catalan.platform-access-off-board",
                "warning",
                f"{label}: the platform of station {cell.platform.station} opens {SIDE_NAMES[cell.platform.access]}, off the board; no train can use it",
                where,
            )
        )
    t = cell.tile
    if t is None:
        return out
    tdef = scenario.tile(t.tile)
    tags = set(tdef.tags) if tdef is not None else set()
    if cell.cities:
        out.append(Issue("catalan.tile-on-city", "error", f"{label}: {t.tile} is laid on a city; no tile may be placed on a city (§2)", where))
    if cell.platform is not None:
        out.append(Issue("catalan.tile-on-station", "error", f"{label}: {t.tile} is laid on station {cell.platform.station}'s platform; no tile may be placed on a station (§2)", where))
    if cell.terrain == "lake":
        if "tunnel" in tags:
            out.append(Issue("catalan.tunnel-on-lake", "error", f"{label}: a tunnel is laid on a lake; only a bridge can cross a lake (S1, M2)", where))
        elif "bridge" not in tags:
            out.append(Issue("catalan.lake-needs-bridge", "error", f"{label}: {t.tile} is laid on a lake; only a bridge can cross a lake (S1, M2)", where))
    if cell.terrain == "mountain":
        if "bridge" in tags:
            out.append(Issue("catalan.bridge-on-mountain", "error", f"{label}: a bridge is laid on a mountain; only a tunnel can cross a mountain (S1, M2)", where))
        elif "tunnel" not in tags:
            out.append(Issue("catalan.mountain-needs-tunnel", "error", f"{label}: {t.tile} is laid on a mountain; only a tunnel can cross a mountain (S1, M2)", where))
    return out


def scenario_issues(scenario: Scenario) -> list[Issue]:
    """Rules about players and the game state (not tied to one cell's contents)."""
    out: list[Issue] = []
    stations: dict[str, list[str]] = {}
    for label, cell in scenario.board.cells.items():
        if cell.platform is not None:
            stations.setdefault(cell.platform.station, []).append(label)
    player_ids = {p.id for p in scenario.players}
    used_origins = set()
    for p in scenario.players:
        if p.origin is None:
            out.append(Issue("catalan.player-without-origin", "error", f"player {p.id} has no origin station; her trains start nowhere"))
        elif p.origin not in stations:
            out.append(Issue("catalan.player-without-origin", "error", f"player {p.id}'s origin station {p.origin!r} has no platform on the board"))
        else:
            mine = [
                lbl for lbl in stations[p.origin]
                if scenario.board.cells[lbl].platform.owner in (None, p.id)
            ]
            used_origins.add(p.origin)
            if not mine:
                out.append(Issue("catalan.player-without-origin", "error", f"player {p.id}: every platform of station {p.origin} belongs to another player", tuple(sorted(stations[p.origin]))))
        d = p.destination
        if d is not None and d not in stations:
            ok = scenario.board.grid.is_label(d) and bool(scenario.board.cell_at_label(d).cities)
            if not ok:
                out.append(Issue("catalan.unknown-destination", "error", f"player {p.id}'s destination {d!r} is neither a city's cell nor a station id"))
    for station, labels in sorted(stations.items()):
        kinds = {scenario.board.cells[lbl].platform.kind for lbl in labels}
        if "origin" in kinds and station not in used_origins:
            out.append(Issue("catalan.unused-origin", "warning", f"origin station {station} is no player's origin", tuple(sorted(labels))))
    st = scenario.state
    if st.active is not None and st.active not in player_ids:
        out.append(Issue("catalan.unknown-active", "error", f"state.active: {st.active!r} is not a player"))
    if st.phase is not None and st.phase not in ("mandatory", "optional"):
        out.append(Issue("catalan.unknown-phase", "error", f"state.phase: {st.phase!r} is neither 'mandatory' nor 'optional'"))
    return out


def destination_cells(scenario: Scenario, destination: str) -> set[Coord]:
    """The cells that count as reaching a destination (a city's cell, or any platform of a station)."""
    grid = scenario.board.grid
    out = {grid.coord(lbl) for lbl, c in scenario.board.cells.items() if c.platform is not None and c.platform.station == destination}
    if not out and grid.is_label(destination):
        out.add(grid.coord(destination))
    return out


def winners(scenario: Scenario, net: Network) -> list[str]:
    """Players whose VIA NOSTRA reaches their destination, the winner first (§4.7)."""
    reached = []
    for p in scenario.players:
        if p.destination is None:
            continue
        cells = destination_cells(scenario, p.destination)
        if cells & net.reach(p.id).cells:
            reached.append(p.id)
    order = [p.id for p in scenario.players]
    active = scenario.state.active
    if active in order:
        i = order.index(active)
        order = order[i:] + order[:i]
    return sorted(reached, key=order.index)


def reach_issues(scenario: Scenario, net: Network, win_check: bool = True, tile_cells: Iterable[Coord] | None = None) -> list[Issue]:
    """Unreached track (warning) and destinations reached (info)."""
    grid = scenario.board.grid
    out: list[Issue] = []
    reached: set[Coord] = set()
    for p in scenario.players:
        reached |= net.reach(p.id).cells
    if tile_cells is None:
        tile_cells = [grid.coord(lbl) for lbl, c in scenario.board.cells.items() if c.tile is not None]
    for c in tile_cells:
        if c not in reached:
            label = grid.label(c)
            tile = scenario.board.cells[label].tile
            out.append(Issue("catalan.unreached-track", "warning", f"{label}: no player's train reaches this {tile.tile}; it belongs to no VIA NOSTRA", (label,)))
    if win_check:
        ws = winners(scenario, net)
        for i, pid in enumerate(ws):
            p = scenario.player(pid)
            cells = tuple(sorted(grid.label(c) for c in destination_cells(scenario, p.destination)))
            verdict = "wins" if i == 0 else f"also reaches it, but {ws[0]} wins the tie"
            out.append(Issue("catalan.destination-reached", "info", f"{pid}'s VIA NOSTRA reaches her destination {p.destination}: {pid} {verdict} (§4.7)", cells))
    return out


class IncrementalChecker:
    """Keeps a board's issues up to date after edits, re-checking only what an edit can affect.

    ``update(scenario, changed)`` re-runs the cell-local rules on the changed cells only, and the
    reach-based findings with the cached network (only the changed cells' track is rebuilt).
    """

    def __init__(self, rules: Any, scenario: Scenario) -> None:
        self.rules = rules
        self.scenario = scenario
        self.net = Network(scenario, dead_end_reversal=bool(rules.option(scenario, "dead_end_reversal")))
        self.net.record_tree = False  # the check needs no search tree
        grid = scenario.board.grid
        self.local: dict[Coord, list[Issue]] = {}
        self.tile_cells: set[Coord] = set()
        for label, cell in scenario.board.cells.items():
            c = grid.coord(label)
            issues = cell_issues(scenario, c)
            if issues:
                self.local[c] = issues
            if cell.tile is not None:
                self.tile_cells.add(c)
        self.fixed = structural_issues(scenario) + rules.option_issues(scenario) + scenario_issues(scenario)
        self.fixed += ignored_feature_issues(scenario, rules)

    def update(self, scenario: Scenario, changed: Iterable[Coord], structure_changed: bool = False) -> list[Issue]:
        """Issues after an edit of ``changed`` cells (pass ``structure_changed`` for player/state edits)."""
        changed = list(changed)
        before = self.scenario
        features_changed = any(
            before.board.cell(c).platform != scenario.board.cell(c).platform
            or before.board.cell(c).cities != scenario.board.cell(c).cities
            for c in changed
        )
        structure_changed = structure_changed or features_changed  # origins and destinations
        reach_may_change = structure_changed or self.net.touches(changed)
        self.scenario = scenario
        self.net.scenario = scenario
        self.net.model.scenario = scenario
        if reach_may_change:
            self.net.invalidate(changed)
        else:  # no train enters or faces the edited cells: every reach stays as it was
            self.net.forget_cells(changed)
        for c in changed:
            issues = cell_issues(scenario, c)
            if issues:
                self.local[c] = issues
            else:
                self.local.pop(c, None)
            if scenario.board.cell(c).tile is not None:
                self.tile_cells.add(c)
            else:
                self.tile_cells.discard(c)
        if structure_changed:
            self.fixed = structural_issues(scenario) + self.rules.option_issues(scenario) + scenario_issues(scenario)
        else:
            # supply counts can change with any tile edit: recount (a dictionary pass, no search)
            self.fixed = [i for i in self.fixed if i.rule not in ("core.supply-exceeded", "core.ignored-feature")] + [
                i for i in structural_issues(scenario) if i.rule == "core.supply-exceeded"
            ]
        self.fixed += ignored_feature_issues(scenario, self.rules)  # a dictionary pass, like the supply
        return self.issues()

    def issues(self) -> list[Issue]:
        out = list(self.fixed)
        for issues in self.local.values():
            out.extend(issues)
        out += reach_issues(self.scenario, self.net, bool(self.rules.option(self.scenario, "win_check")), self.tile_cells)
        turn = Analysis(self.rules, self.scenario, net=self.net).turn_issue()
        if turn is not None:
            out.append(turn)
        return sort_issues(out)

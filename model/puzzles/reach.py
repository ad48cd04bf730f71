"""Is the puzzle goal met? Networks, places and a distance bound for the solver.

The goal test asks the rule set first: ``rules.reached(scenario, actor)``
(:meth:`model.rules.RuleSet.reached`) gives the places an actor's network reaches by the rule
set's own movement rules (Catalan VIA NOSTRA, an 18xx company's reach). The ``destination`` and
``reach`` goals use it whenever it answers. The ``connect`` goal, and rule sets that answer
``None``, use the shared track model, with these hooks of :class:`model.rules.RuleSet` (each
answers None by default):

* ``rules.puzzle_track(scenario)`` returns the :class:`model.track.TrackModel` with
  the rule set's virtual track (Catalan cities and platforms) and reversal nodes;
* ``rules.puzzle_starts(scenario, actor)`` returns the ``(cell, port)`` starts of an
  actor's network;
* ``rules.puzzle_can_pass(scenario, actor)`` returns the node gate for that actor.

Where they answer None a generic reading is used, which matches ``docs/rules-catalan.md`` §4 and the 18xx
graph closely enough for puzzles:

* square grids (the Catalan game): a city joins every side and lets a train reverse; a platform
  is a node joined to its access side, where a train may reverse; turntables reverse;
* hex grids (18xx): printed and laid track as drawn; a city whose every slot holds another
  company's token blocks passage for a company.

Player network: the search from each platform of her origin station (platforms owned by her, or
of the station named by ``Player.origin``). Company network: the search from its station tokens
(or from its home city when it has none).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from model.board import Cell
from model.grid import Coord
from model.memo import IdentityMemo
from model.puzzle_spec import ConnectGoal, DestinationGoal, Puzzle
from model.rules import RuleSet
from model.scenario import Scenario
from model.tiles import Port
from model.track import CellTrack, NodeGate, Reach, TrackModel, TrackPath

CATALAN_REVERSE = frozenset({"city", "turntable", "platform"})


def _catalan_virtual(cell: Cell, coord: Coord) -> CellTrack | None:
    """Track for board features that act as track on a square grid (cities and platforms)."""
    if cell.tile is not None or cell.paths:
        return None
    if cell.platform is not None:
        return CellTrack(paths=(TrackPath("n0", cell.platform.access),), node_kinds=("platform",), reverse_nodes=frozenset({0}))
    if cell.cities:
        return CellTrack(
            paths=tuple(TrackPath(e, "n0") for e in range(4)), node_kinds=("city",), reverse_nodes=frozenset({0})
        )
    return None


def track_model(rules: RuleSet, scenario: Scenario) -> TrackModel:
    """The track model the goal test searches (the rule set's, when it offers one)."""
    own = rules.puzzle_track(scenario)
    if own is not None:
        return own
    if scenario.board.grid.kind == "square":
        return TrackModel(scenario, reverse_kinds=CATALAN_REVERSE, virtual=_catalan_virtual)
    return TrackModel(scenario)


def place_cells(scenario: Scenario, place: str) -> list[Coord]:
    """The cells of a place: the platforms of a station, or the cell with that label."""
    grid = scenario.board.grid
    cells = [grid.coord(lbl) for lbl, c in scenario.board.cells.items() if c.platform is not None and c.platform.station == place]
    if cells:
        return sorted(cells)
    return [grid.coord(place)] if grid.is_label(place) else []


def actor_starts(rules: RuleSet, scenario: Scenario, tm: TrackModel, actor: str) -> list[tuple[Coord, Port]]:
    """Where an actor's network starts."""
    own = rules.puzzle_starts(scenario, actor)
    if own is not None:
        return list(own)
    grid = scenario.board.grid
    player = scenario.player(actor)
    out: list[tuple[Coord, Port]] = []
    if player is not None:
        for lbl, cell in scenario.board.cells.items():
            pf = cell.platform
            if pf is None:
                continue
            if pf.owner == actor or (player.origin is not None and pf.station == player.origin and pf.owner in (None, actor)):
                if pf.kind == "origin" or pf.station == player.origin:
                    out.append((grid.coord(lbl), "n0"))
        return sorted(out, key=str)
    company = scenario.company(actor)
    if company is None:
        return out
    for lbl, cell in scenario.board.cells.items():
        for t in cell.tokens:
            if t.company == actor:
                out.append((grid.coord(lbl), f"n{t.city}"))
    if not out and company.home is not None:
        coord = grid.coord(company.home)
        tr = tm.at(coord)
        if tr is not None:
            cities = [i for i, k in enumerate(tr.node_kinds) if k == "city"]
            if company.home_city is not None and company.home_city in cities:
                cities = [company.home_city]
            out.extend((coord, f"n{i}") for i in cities)
    return sorted(out, key=str)


def actor_gate(rules: RuleSet, scenario: Scenario, tm: TrackModel, actor: str | None) -> NodeGate | None:
    """The node gate of an actor: cities full of other companies' tokens block a company."""
    own = rules.puzzle_can_pass(scenario, actor)
    if own is not None:
        return own
    if actor is None or scenario.company(actor) is None:
        return None
    board = scenario.board

    def can_pass(coord: Coord, node: int) -> bool:
        tr = tm.at(coord)
        if tr is None or node >= len(tr.node_kinds) or tr.node_kinds[node] != "city":
            return True
        cell = board.cell(coord)
        tokens = [t for t in cell.tokens if t.city == node]
        if any(t.company == actor for t in tokens):
            return True
        slots = _city_slots(scenario, cell, node)
        return len(tokens) < slots

    return can_pass


def _city_slots(scenario: Scenario, cell: Cell, node: int) -> int:
    if cell.tile is not None:
        tdef = scenario.tile(cell.tile.tile)
        if tdef is not None and node < len(tdef.nodes):
            return tdef.nodes[node].slots
    if node < len(cell.cities):
        return cell.cities[node].slots
    return 1


def place_reached(tm: TrackModel, r: Reach, cells: Iterable[Coord]) -> bool:
    """A place is reached when a node of one of its cells is (or the cell itself, if it has no node)."""
    for coord in cells:
        tr = tm.at(coord)
        if tr is not None and tr.node_kinds:
            if any((coord, k) in r.nodes for k in range(len(tr.node_kinds))):
                return True
        elif coord in r.cells:
            return True
    return False


def place_starts(tm: TrackModel, cells: Iterable[Coord]) -> list[tuple[Coord, Port]]:
    """Starts for a search from a place: its nodes, or every edge of its track."""
    out: list[tuple[Coord, Port]] = []
    for coord in cells:
        tr = tm.at(coord)
        if tr is None:
            continue
        if tr.node_kinds:
            out.extend((coord, f"n{k}") for k in range(len(tr.node_kinds)))
        else:
            out.extend((coord, e) for e in sorted(tr.exits()))
    return out


@dataclass
class GoalStatus:
    """The goal test's answer: met or not, the places still missing, and the network's cells."""

    met: bool
    missing: list[str]
    sources: set[Coord]


def rule_set_reach(rules: RuleSet, scenario: Scenario, actor: str, position: Any = None) -> tuple[frozenset[str], set[Coord]] | None:
    """The places an actor reaches and its network's cells, by the rule set's own movement rules
    (:meth:`model.rules.RuleSet.reached`, or ``position.reached`` of a search position of the
    scenario); None when the rule set leaves it to the generic reading."""
    if position is not None:
        got = position.reached(actor)
    else:
        got = rules.reached(scenario, actor)
    if got is None:
        return None
    grid = scenario.board.grid
    return got.places, {grid.coord(label) for label in got.cells}


def goal_status(rules: RuleSet, scenario: Scenario, puzzle: Puzzle, position: Any = None) -> GoalStatus:
    """Evaluate the puzzle goal on a scenario (``position``: the rule set's search position of
    it, see ``search_position`` in :mod:`model.puzzles.solver`)."""
    goal = puzzle.goal
    if not isinstance(goal, ConnectGoal):
        actor = goal.player if isinstance(goal, DestinationGoal) else goal.actor
        places = puzzle.goal_places(scenario)
        own = rule_set_reach(rules, scenario, actor, position)
        if own is not None:
            reached, sources = own
            missing = [p for p in places if p not in reached]
            return GoalStatus(not missing, missing, sources)
    tm = track_model(rules, scenario)
    if isinstance(goal, ConnectGoal):
        a_cells = place_cells(scenario, goal.a)
        if goal.actor is not None:
            starts = actor_starts(rules, scenario, tm, goal.actor)
            net = tm.reach(starts, can_pass=actor_gate(rules, scenario, tm, goal.actor))
            if not place_reached(tm, net, a_cells):
                return GoalStatus(False, [goal.a, goal.b], set(net.cells) | {c for c, _ in starts})
        r = tm.reach(place_starts(tm, a_cells), can_pass=actor_gate(rules, scenario, tm, goal.actor))
        met = place_reached(tm, r, place_cells(scenario, goal.b))
        return GoalStatus(met, [] if met else [goal.b], set(r.cells) | set(a_cells))
    if isinstance(goal, DestinationGoal):
        actor, places = goal.player, puzzle.goal_places(scenario)
    else:
        actor, places = goal.actor, list(goal.places)
    starts = actor_starts(rules, scenario, tm, actor)
    net = tm.reach(starts, can_pass=actor_gate(rules, scenario, tm, actor))
    missing = [p for p in places if not place_reached(tm, net, place_cells(scenario, p))]
    return GoalStatus(not missing, missing, set(net.cells) | {c for c, _ in starts})


_GRID_TABLES: IdentityMemo[tuple[dict[Coord, tuple[Coord, ...]], dict[str, Coord]]] = IdentityMemo(16)


def _grid_tables(grid: Any) -> tuple[dict[Coord, tuple[Coord, ...]], dict[str, Coord]]:
    """Neighbour lists and label -> coordinate of a grid (cached; grids are immutable)."""

    def compute() -> tuple[dict[Coord, tuple[Coord, ...]], dict[str, Coord]]:
        adj = {c: tuple(n for _, n in grid.neighbours(c)) for c in grid.coord_set}
        return adj, {grid.label(c): c for c in grid.coord_set}

    return _GRID_TABLES.get(grid, None, compute)


def way_costs(scenario: Scenario) -> tuple[dict[Coord, tuple[Coord, ...]], set[Coord], set[Coord]]:
    """The grid's neighbour lists, the cells a way crosses for free (track, a city, a platform,
    a town) and the cells no way crosses (offboard, gray, a hex lake)."""
    board = scenario.board
    grid = board.grid
    adj, coord_of = _grid_tables(grid)
    zero: set[Coord] = set()
    blocked: set[Coord] = set()
    hex_grid = grid.kind == "hex"
    for label, cell in board.cells.items():
        c = coord_of.get(label)
        if c is None:
            continue
        if cell.tile is not None or cell.paths or cell.platform is not None:
            zero.add(c)
        elif (cell.cities or cell.towns) and not hex_grid:
            zero.add(c)  # a square grid's city joins every side (docs/rules-catalan.md §4)
        elif cell.terrain in ("offboard", "gray") or (cell.terrain == "lake" and hex_grid):
            blocked.add(c)
    return adj, zero, blocked


def way_distances(scenario: Scenario, place: str) -> dict[Coord, int]:
    """Cell -> the moves a way from that cell to the place costs by the distance bound's measure
    (the empty cells from the place up to the cell, the cell itself left out): the measure
    :func:`distance_bound` takes from the network's cells, from every cell of the board."""
    adj, zero, blocked = way_costs(scenario)
    dist: dict[Coord, int] = {}
    dq: deque[tuple[int, Coord]] = deque()
    for t in place_cells(scenario, place):
        dist[t] = 0
        dq.append((0, t))
    while dq:
        d, c = dq.popleft()
        if d > dist[c]:
            continue
        for n in adj.get(c, ()):
            if n in blocked:
                continue
            nd = d + (0 if c in zero else 1)
            if nd >= dist.get(n, 1 << 30):
                continue
            dist[n] = nd
            if nd == d:
                dq.appendleft((nd, n))
            else:
                dq.append((nd, n))
    return dist


def distance_bound(scenario: Scenario, status: GoalStatus, limit: int = 1 << 20) -> int:
    """A lower bound on the moves still needed: 0 when the goal is met.

    Each move changes one cell, so every empty cell on the way from the network to a missing
    place costs at least one move; cells that already hold track (or a city, platform) may be
    free. The bound is the largest, over missing places, of the cheapest such way (a 0-1
    breadth-first search from the place, stopped past ``limit``), and at least 1. Values above
    ``limit`` only mean "more than the limit".
    """
    if status.met:
        return 0
    adj, zero, blocked = way_costs(scenario)
    sources = status.sources
    best = 1
    for place in status.missing:
        targets = place_cells(scenario, place)
        if not targets:
            return limit + 1
        dist: dict[Coord, int] = {}
        dq: deque[tuple[int, Coord]] = deque()
        for t in targets:
            dist[t] = 0
            dq.append((0, t))
        found = None
        while dq:
            d, c = dq.popleft()
            if d > dist.get(c, limit + 1):
                continue
            if c in sources:
                found = d
                break
            for n in adj.get(c, ()):
                if n in blocked:
                    continue
                # stepping from n to c: the cost is c's (a cell on the way); sources cost nothing
                nd = d + (0 if c in zero else 1)
                if nd > limit or nd >= dist.get(n, limit + 1):
                    continue
                dist[n] = nd
                if nd == d:
                    dq.appendleft((nd, n))
                else:
                    dq.append((nd, n))
        if found is None:
            return limit + 1
        best = max(best, found)
        if best > limit:
            return best
    return best


def way_cells(scenario: Scenario, status: GoalStatus, bound: int) -> frozenset[str] | None:
    """Where :func:`distance_bound` is ``bound``: the cells (labels) where a move may lower it;
    None when a move anywhere may.

    A move fills one empty cell ``c``; the network it joins reaches on from ``c`` through track
    alone, so every way it opens runs through ``c`` and costs at least the cheapest way from
    ``c`` on (``c`` left out). The bound falls only when that is below it: the moves on other
    empty cells leave it as it was. The cells that already count as free (track, a city...) are
    kept: a move there may join the network to more of them."""
    if status.met or bound < 1:
        return None
    _adj, zero, _blocked = way_costs(scenario)
    sources = status.sources
    allowed: set[Coord] | None = None
    for place in status.missing:
        dist = way_distances(scenario, place)
        if min((dist[c] for c in sources if c in dist), default=bound + 1) != bound:
            continue  # not the place that makes the bound
        near = {c for c, d in dist.items() if d <= bound - 1 and c not in zero}
        allowed = near if allowed is None else allowed & near
    if allowed is None:
        return None
    return frozenset(map(scenario.board.grid.label, allowed | zero))


"""A company's network: its stations, what its track reaches, and station-slot arithmetic.

Reachability follows the 18xx.games graph: it starts at every city holding one of the company's
stations; a station hex counts as connected on all its sides; the walk crosses towns, junctions
and cities, but stops at a city whose circles are all filled by other companies (a reserved but
empty circle does not block; a neutral token never blocks) and at every off-board area; terminal
paths end the walk. Every side a reached path uses is connected, on both hexes sharing it.

Token kinds (``Token.kind``): a ``neutral`` or ``blocking`` token is nobody's station, so it is
not among a company's stations even when it names the company.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from model.board import Cell
from model.grid import Coord
from model.rules.eighteen_xx.hexmap import StaticMap, TrackView, current_view
from model.scenario import Company, Scenario
from model.track import TrackModel


@dataclass
class Network:
    """What one company can reach from its stations."""

    company: str
    stations: list[tuple[Coord, int]] = field(default_factory=list)
    virtual_home: bool = False
    connected: dict[Coord, set[int]] = field(default_factory=dict)
    nodes: set[tuple[Coord, int]] = field(default_factory=set)
    cells: set[Coord] = field(default_factory=set)
    entries: dict[Coord, set[int]] = field(default_factory=dict)
    """Sides of a hex that reached track of its neighbour faces (where a walk enters the hex)."""


STATION_KINDS = frozenset({"normal", "exchange"})
"""Token kinds that are a company's station (neutral and blocking tokens are nobody's)."""


def tokens_on_board(scenario: Scenario, company: str) -> list[tuple[str, int]]:
    """(cell label, city index) of every station token of a company."""
    return [
        (label, t.city)
        for label, cell in scenario.board.cells.items()
        for t in cell.tokens
        if t.company == company and t.kind in STATION_KINDS
    ]


def city_tokens(cell: Cell, city: int) -> list[str]:
    return [t.company for t in cell.tokens if t.city == city]


def city_is_full_for(view: TrackView, cell: Cell, city: int, company: str) -> bool:
    """A city blocks a company when every circle holds another company's token (the engine's
    ``City#blocks?``: never when it holds a neutral token or the company's own)."""
    nodes = view.city_nodes
    if city >= len(nodes):
        return False
    slots = view.node_slots[nodes[city]]
    tokens = [t for t in cell.tokens if t.city == city]
    if any(t.kind == "neutral" for t in tokens):
        return False
    if any(t.company == company and t.kind in STATION_KINDS for t in tokens):
        return False
    return slots > 0 and len(tokens) >= slots


def next_token_cost(scenario: Scenario, company: Company) -> int | None:
    """Cost of the company's next station token, or None when it has none left."""
    placed = len(tokens_on_board(scenario, company.id))
    return company.tokens[placed] if placed < len(company.tokens) else None


def home_station_nodes(scenario: Scenario, sm: StaticMap, company: Company) -> list[tuple[Coord, int]]:
    """The city node(s) of a company's home: its home city, or every city of a hex-level home."""
    if company.home is None or not sm.grid.is_label(company.home):
        return []
    coord = sm.grid.coord(company.home)
    view = current_view(scenario, scenario.board.cell(coord))
    nodes = view.city_nodes
    if company.home_city is not None:
        cell = scenario.board.cell(coord)
        city = cell.tile.city_of_printed(company.home_city) if cell.tile is not None else company.home_city
        return [(coord, nodes[city])] if city < len(nodes) else []
    return [(coord, n) for n in nodes]


def network(scenario: Scenario, sm: StaticMap, company: Company, home_counts: bool = True) -> Network:
    """Reach of a company from its stations (its home counts before its first token, if asked)."""
    net = Network(company.id)
    board = scenario.board
    grid = board.grid
    views: dict[Coord, TrackView] = {}

    def view(c: Coord) -> TrackView:
        v = views.get(c)
        if v is None:
            v = views[c] = current_view(scenario, board.cell(c))
        return v

    for label, city in tokens_on_board(scenario, company.id):
        if not grid.is_label(label):
            continue
        c = grid.coord(label)
        nodes = view(c).city_nodes
        if city < len(nodes):
            net.stations.append((c, nodes[city]))
    if not net.stations and home_counts:
        net.stations = home_station_nodes(scenario, sm, company)
        net.virtual_home = bool(net.stations)

    model = TrackModel(scenario)

    def can_pass(c: Coord, node: int) -> bool:
        v = view(c)
        if node >= len(v.node_kinds) or v.node_kinds[node] != "city":
            return True
        if v.roles and v.roles[node] == "offboard":  # the engine's off-board always blocks
            return False
        return not city_is_full_for(v, board.cell(c), v.city_nodes.index(node), company.id)

    r = model.reach([(c, f"n{n}") for c, n in net.stations], can_pass=can_pass)
    connected = net.connected
    opp = grid.sides // 2
    for c, n in net.stations:
        connected.setdefault(c, set()).update(range(grid.sides))
        net.cells.add(c)
        net.nodes.add((c, n))
    for c, i in r.paths:
        net.cells.add(c)
        tr = model.at(c)
        p = tr.paths[i]
        for end in (p.a, p.b):
            if isinstance(end, int):
                connected.setdefault(c, set()).add(end)
                nb = grid.neighbour(c, end)
                if nb is not None:
                    connected.setdefault(nb, set()).add((end + opp) % grid.sides)
                    net.entries.setdefault(nb, set()).add((end + opp) % grid.sides)
    net.nodes |= r.nodes
    return net


def reservation_problem(scenario: Scenario, view: TrackView, cell: Cell, city: int, company: str) -> str | None:
    """Why a company may not take a circle in this city because of others' reservations."""
    on_hex = {t.company for t in cell.tokens}
    nodes = view.city_nodes
    if city >= len(nodes):
        return None
    slots = view.node_slots[nodes[city]]
    free_here = slots - len(city_tokens(cell, city))
    reserved = cell.city_reserved(city)
    city_res = [r for r in reserved if r != company and r not in on_hex]
    if company not in reserved and free_here - len(city_res) <= 0:
        return f"the free circle is reserved for {', '.join(city_res)}"
    hex_res = [r for r in cell.reserved if r != company and r not in on_hex]
    if hex_res and company not in cell.reserved:
        total_free = sum(
            view.node_slots[n] - len(city_tokens(cell, k)) for k, n in enumerate(nodes)
        )
        if total_free - 1 < len(hex_res):
            return f"one circle on this hex must stay free for {', '.join(hex_res)}"
    return None

"""The ``18india`` rule set: generic ``18xx`` plus what is particular to 18 India.

* A turn is either up to four yellow tiles laid in one line, each extending the railhead of the
  previous ones (the line may run through pre-printed track, the company's own stations and
  cities with a free circle, never through a full city, never off the map), or exactly one
  upgrade as the turn's only lay.
* Yellow towns may become single-slot green cities (tiles tagged ``town-to-city:<id>`` in the
  tile set); those green cities (tagged ``towns-only``) may never replace a yellow city.
* The ferry hex (option ``ferry_hex``, J37) must connect the ferry's far shore
  (option ``ferry_landing``, K38): IF1 only at rotation 2, IF2 only at 3 and 5.
* The blue C18 spur needs no code: its printed track faces D17, so D17 may point track at it.
* Gauge lines: when a lay makes track cross a gauge line, a gauge-change marker is placed there
  (not from phase IV on); from phase IV a company may remove a marker whose two hexes it reaches,
  before any tile lay of its turn.
* Station tokens cost what the company's token list says (0, 40, then 100 in 18 India).
* Private companies' track abilities (P2's extra yellow, P3's extra upgrade, P4's terrain
  discount) and GIPR's free home choice: :mod:`model.rules.india_privates`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from model.grid import Coord
from model.rules import Issue, Move, MoveContext, MoveSyntaxError, OptionSpec, Verdict, register
from model.rules.eighteen_xx import EighteenXX, Situation, TrackMove
from model.rules.eighteen_xx.company import Network, city_is_full_for
from model.rules.eighteen_xx.hexmap import TrackView
from model.rules.india_privates import EXTRA_KINDS, HOME_KINDS, PrivateRules, extra_kind_of, non_private
from model.scenario import Company, Scenario
from model.tiles import TileDef

TOWN_TO_CITY_TAG = "town-to-city:"
TOWNS_ONLY_TAG = "towns-only"
_ROMAN = {"I": 1, "V": 5, "X": 10}


def phase_rank(phase: str | None) -> int:
    """'I' -> 1, 'IV' -> 4, '3' -> 3; None or unreadable -> 0 (before everything)."""
    if not phase:
        return 0
    text = phase.strip().upper()
    if text.isdigit():
        return int(text)
    if not text or any(ch not in _ROMAN for ch in text):
        return 0
    total = 0
    for i, ch in enumerate(text):
        v = _ROMAN[ch]
        total += -v if i + 1 < len(text) and _ROMAN[text[i + 1]] > v else v
    return total


@register
class India(PrivateRules, EighteenXX):
    """18 India: the generic 18xx rules plus the rules listed in the module docstring."""

    id: ClassVar[str] = "18india"
    name: ClassVar[str] = "18 India"
    generic_abilities: ClassVar[bool] = False  # its privates play by model.rules.india_privates
    static_hooks: ClassVar[bool] = True  # its fit, rotation and relaxed-upgrade rules read the hex, the tile and the options only
    move_kinds: ClassVar[tuple[str, ...]] = (
        "lay", "upgrade", "station", "remove-marker", "extra-lay", "extra-upgrade", "home-station", "home-upgrade")
    tile_set: ClassVar[str | None] = "18india"
    phases: ClassVar[tuple[str, ...]] = ("I", "II", "III", "IV", "V")
    state_fields: ClassVar[frozenset[str] | None] = None  # every field: gauge markers, privates, a pending home
    label_notes: ClassVar[dict[str, str]] = {
        "+?": "+? variable revenue: a route to this city adds the value of its best other (non-red) city, less 20",
    }
    """What the map's hex labels mean, for the editor's tooltips."""
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("yellow_lays", 4, "Yellow tiles a company may lay in one line in one turn (or one upgrade)."),
        OptionSpec(
            "track_restriction",
            "city_permissive",
            "What an upgrade must add for the company (18 India: a city tile or new track).",
            ("permissive", "city_permissive", "restrictive", "semi_restrictive"),
        ),
        OptionSpec(
            "home_counts_as_station",
            True,
            "Before a company has placed its first token, its home city counts as its station for reach.",
        ),
        OptionSpec("no_gauge_marker_phase", "IV", "From this phase on no gauge-change marker is placed, and markers may be removed."),
        OptionSpec("ferry_hex", "J37", "The ferry hex; its tile must connect the ferry landing."),
        OptionSpec("ferry_landing", "K38", "The hex every ferry tile must connect (Sri Lanka)."),
        OptionSpec("home_town_excluded", "K38 L39", "Town hexes a free home choice (GIPR) may not turn into a city."),
    )

    # --- tile lays ------------------------------------------------------------------------------
    def relaxed_upgrade(self, old: TrackView, new: TileDef) -> bool:
        return old.tile is not None and (TOWN_TO_CITY_TAG + new.id) in old.tile.tags

    def fit_failure(self, sit: Situation, coord: Coord, old: TrackView, new: TileDef) -> tuple[str, str] | None:
        if TOWNS_ONLY_TAG in new.tags and old.city_count > 0:
            return (
                "single-slot-city",
                f"{old.name} has a city, and tile {new.id} (a single-slot green city) is only for towns becoming "
                "cities; a yellow city upgrades to a two-slot green city",
            )
        return None

    def rotation_failure(self, sit: Situation, coord: Coord, new: TileDef, rotation: int) -> tuple[str, str] | None:
        scenario = sit.scenario
        ferry, landing = self.option(scenario, "ferry_hex"), self.option(scenario, "ferry_landing")
        grid = sit.sm.grid
        if sit.sm.label_of[coord] != ferry or not grid.is_label(landing):
            return None
        edge = grid.edge_towards(coord, grid.coord(landing))
        if edge is not None and edge not in new.exits(rotation, grid.sides):
            return (
                "ferry-rotation",
                f"{ferry}: tile {new.id} at rotation {rotation} cuts {landing} off; the ferry must connect {landing}",
            )
        return None

    def turn_failure(self, sit: Situation, coord: Coord, tile: TileDef, old: TrackView, actor: str | None):
        every = sit.turn_laid(actor)
        label = sit.sm.label_of[coord]
        if any(entry.cell == label for entry in every):
            return ("same-hex-twice", f"{label} cannot be laid as this hex was already laid on this turn")
        laid = non_private(every)  # a private's extra lay counts toward nothing
        if not laid:
            return None
        if tile.color != "yellow":
            return ("one-upgrade", "Cannot lay an upgrade now: an upgrade must be the turn's first and only tile")
        if any((t := sit.scenario.tile(e.tile)) is not None and t.color != "yellow" for e in laid):
            return ("one-upgrade", "Cannot lay a yellow now: this turn's tile lay was an upgrade")
        limit = int(self.option(sit.scenario, "yellow_lays"))
        if len(laid) >= limit:
            return ("yellow-limit", f"Cannot lay a yellow now: {limit} yellow tiles are already laid this turn")
        return None

    def company_lay_failure(self, sit: Situation, coord: Coord, new: TileDef, rotation: int, net: Network):
        laid = non_private(sit.turn_laid(net.company))
        if not laid or new.color != "yellow":
            return None
        grid = sit.sm.grid
        order = [grid.coord(e.cell) for e in laid if grid.is_label(e.cell)]
        key = ("railhead", net.company, tuple(order))
        hexes = sit.memo.get(key)
        if hexes is None:
            hexes = sit.memo[key] = self.railhead_hexes(sit, net, order)
        if coord not in hexes:
            return ("railhead", "New yellow tiles must extend path from railhead and previously laid tiles")
        return None

    def railhead_hexes(self, sit: Situation, net: Network, laid: list[Coord]) -> set[Coord]:
        """Untiled white hexes that a line from one of the company's stations reaches at an open
        end, after passing through every tile laid this turn in the order laid.

        The line follows track of any colour (pre-printed, gray, red), crosses towns, junctions,
        the company's own stations and cities with a free circle, and stops at full cities,
        terminal paths and the map edge. It is a line: it never passes the same stop (city,
        town) or junction twice, never uses the same hex side twice and never runs a path twice,
        so it cannot loop round and come back along itself. Every such line is walked (depth
        first).
        """
        order = {c: i for i, c in enumerate(laid)}
        n = len(laid)
        grid = sit.sm.grid
        track = sit.track
        board = sit.scenario.board
        out: set[Coord] = set()
        blocked: dict[tuple[Coord, str], bool] = {}

        def passable(coord: Coord, port: str) -> bool:
            """May the walk pass this node (not a city full of other companies' tokens)?"""
            key = (coord, port)
            if key not in blocked:
                node = int(port[1:])
                view = sit.view(coord)
                kind = view.node_kinds[node] if node < len(view.node_kinds) else "junction"
                blocked[key] = kind == "city" and city_is_full_for(view, board.cell(coord), view.city_nodes.index(node), net.company)
            return not blocked[key]

        # the line walked so far: its nodes (stops, junctions), sides and paths; each frame is
        # (coord, port, k, paths still to try from there, what entering it took)
        stops: set[tuple[Coord, object]] = set()
        sides: set[tuple[Coord, int]] = set()
        used: set[tuple[Coord, int]] = set()
        stack: list[tuple[Coord, object, int, list[int], tuple]] = []

        def enter(coord: Coord, port: object, k: int, took: tuple) -> None:
            tr = track.at(coord)
            todo = [i for i in (tr.by_port.get(port, ()) if tr is not None else ()) if (coord, i) not in used]
            stack.append((coord, port, k, todo, took))

        for c, node in net.stations:
            first = order.get(c)
            if first is not None and first > 0:
                continue  # the line would meet a later tile of this turn before the first one
            start = f"n{node}"
            stops.clear()
            stops.add((c, start))
            enter(c, start, 1 if first == 0 else 0, ())
            while stack:
                coord, port, k, todo, took = stack[-1]
                if not todo:
                    stack.pop()
                    path_key, stop_key, side_key = took if took else (None, None, None)
                    used.discard(path_key)
                    stops.discard(stop_key)
                    sides.discard(side_key)
                    continue
                i = todo.pop()
                p = track.at(coord).paths[i]
                end = p.other(port)
                if isinstance(end, str):
                    if p.terminal:
                        continue
                    if (coord, end) in stops or not passable(coord, end):
                        continue
                    used.add((coord, i))
                    stops.add((coord, end))
                    enter(coord, end, k, ((coord, i), (coord, end), None))
                    continue
                if p.terminal and isinstance(port, int):
                    continue
                side = sit.sm.side_key(coord, end)
                nb = grid.neighbour(coord, end)
                if side in sides or nb is None:
                    continue  # a side used before, or off the map
                opp = grid.opposite(end)
                ntr = track.at(nb)
                if ntr is not None and ntr.has_port(opp):
                    k2 = k
                    j = order.get(nb)
                    if j is not None:
                        if j > k:
                            continue  # a tile of this turn reached out of order
                        if j == k:
                            k2 = k + 1
                    used.add((coord, i))
                    sides.add(side)
                    enter(nb, opp, k2, ((coord, i), None, side))
                elif k == n and ntr is None and sit.sm.printed_color[nb] == "white" and sit.sm.accept_mask[nb] >> opp & 1:
                    out.add(nb)
        return out

    # --- gauge-change markers -------------------------------------------------------------------
    def _markers_stop(self, scenario: Scenario) -> int:
        return phase_rank(str(self.option(scenario, "no_gauge_marker_phase")))

    def after_lay(self, scenario: Scenario, coord: Coord, old_exits: frozenset[int]) -> Scenario:
        if phase_rank(scenario.state.game_phase) >= self._markers_stop(scenario):
            return scenario
        sit = Situation.of(scenario)
        grid = sit.sm.grid
        view = sit.view(coord)
        markers = list(scenario.state.gauge_markers)
        have = {sit.sm.side_key(grid.coord(c), e) for c, e in markers if grid.is_label(c)}
        for e in sorted(view.exits - old_exits):
            key = sit.sm.side_key(coord, e)
            if key not in sit.sm.gauge_sides or key in have:
                continue
            nb = grid.neighbour(coord, e)
            ntr = sit.track.at(nb) if nb is not None else None
            if ntr is not None and ntr.has_port(grid.opposite(e)):
                markers.append((sit.sm.label_of[coord], e))
                have.add(key)
        if len(markers) == len(scenario.state.gauge_markers):
            return scenario
        return scenario.model_copy(update={"state": scenario.state.model_copy(update={"gauge_markers": markers})})

    def _crossed(self, sit: Situation, coord: Coord, edge: int) -> bool:
        grid = sit.sm.grid
        nb = grid.neighbour(coord, edge)
        a, b = sit.track.at(coord), sit.track.at(nb) if nb is not None else None
        return a is not None and b is not None and a.has_port(edge) and b.has_port(grid.opposite(edge))

    def extra_board_issues(self, sit: Situation, coords: Iterable[Coord] | None) -> list[Issue]:
        scenario = sit.scenario
        grid = sit.sm.grid
        wanted = None if coords is None else set(coords)
        out: list[Issue] = []
        marked = set()
        stop = self._markers_stop(scenario)
        for label, edge in scenario.state.gauge_markers:
            if not grid.is_label(label) or not 0 <= edge < grid.sides:
                out.append(Issue(self.rid("gauge-marker-misplaced"), "error", f"gauge marker at {label} edge {edge} is not on the board"))
                continue
            c = grid.coord(label)
            nb = grid.neighbour(c, edge)
            if wanted is not None and c not in wanted and nb not in wanted:
                continue
            key = sit.sm.side_key(c, edge)
            marked.add(key)
            where = (label,) + ((sit.sm.label_of[nb],) if nb is not None else ())
            if key not in sit.sm.gauge_sides:
                out.append(Issue(self.rid("gauge-marker-misplaced"), "error", f"{label}: the gauge-change marker on edge {edge} is not on a gauge line", where, ((label, edge),)))
            elif not self._crossed(sit, c, edge):
                out.append(Issue(self.rid("gauge-marker-misplaced"), "error", f"{label}: the gauge-change marker on edge {edge} has no track crossing the gauge line", where, ((label, edge),)))
            elif nb is not None and max(self._tile_phase(sit, c), self._tile_phase(sit, nb)) >= stop:
                out.append(Issue(self.rid("gauge-marker-phase"), "error", f"{label}: track crossed the gauge line on edge {edge} in phase {self.option(scenario, 'no_gauge_marker_phase')} or later, when no marker is placed", where, ((label, edge),)))
        if phase_rank(scenario.state.game_phase) < stop:
            sides = sit.sm.gauge_sides
            if wanted is not None:  # only the sides of the wanted cells
                sides = {sit.sm.side_key(c, e) for c in wanted for e in range(grid.sides)} & sides
            for key in sorted(sides):
                c, edge = key
                if key in marked or not grid.contains(c):
                    continue
                nb = grid.neighbour(c, edge)
                if wanted is not None and c not in wanted and nb not in wanted:
                    continue
                if self._crossed(sit, c, edge):
                    label = sit.sm.label_of[c]
                    out.append(Issue(self.rid("gauge-marker-missing"), "warning", f"{label}: track crosses the gauge line on edge {edge} but there is no gauge-change marker", (label, sit.sm.label_of[nb]), ((label, edge),)))
        return out

    @staticmethod
    def _tile_phase(sit: Situation, coord: Coord) -> int:
        cell = sit.cell(coord)
        return phase_rank(cell.tile.phase) if cell.tile is not None else 0

    # --- marker removal ---------------------------------------------------------------------------
    def other_moves(self, sit: Situation, company: Company, net: Network | None, phase: str | None) -> list[Move]:
        out = []
        for label, edge in sit.scenario.state.gauge_markers:
            move = TrackMove("remove-marker", label, actor=company.id, phase=phase, extra=(("edge", edge),))
            fail, _ = self.other_failure(sit, move, net)
            if fail is None:
                out.append(move)
        return out

    def other_failure(self, sit: Situation, move: Move, net: Network | None = None):
        if move.kind in EXTRA_KINDS:
            return self.extra_lay_failure(sit, move, net)
        if move.kind in HOME_KINDS:
            return self.home_failure(sit, move)
        if move.kind != "remove-marker":
            kinds = "lay, upgrade, station, remove-marker, extra-lay, extra-upgrade, home-station, home-upgrade"
            return (("unknown-move", f"unknown move kind {move.kind!r} (expected {kinds})"), 0)
        scenario = sit.scenario
        grid = sit.sm.grid
        edge = int(dict(move.extra).get("edge", move.rotation))
        coord = grid.coord(move.cell)
        key = sit.sm.side_key(coord, edge % grid.sides)
        if not any(grid.is_label(c) and sit.sm.side_key(grid.coord(c), e) == key for c, e in scenario.state.gauge_markers):
            return (("marker-unknown", f"{move.cell}: there is no gauge-change marker on edge {edge}"), 0)
        if phase_rank(move.phase or scenario.state.game_phase) < self._markers_stop(scenario):
            stop = self.option(scenario, "no_gauge_marker_phase")
            return (("marker-phase", f"gauge-change markers can only be removed from phase {stop}"), 0)
        company = self.company(scenario, move.actor)
        if company is None:
            return (("unknown-company", "removing a marker needs a company (use --company)"), 0)
        if scenario.state.pending_home == company.id:
            return (("home-pending", f"{company.id} must choose its home first (home-station or home-upgrade)"), 0)
        if non_private(sit.turn_laid(company.id)):
            return (("marker-after-lay", "a marker may only be removed before any tile lay of the turn"), 0)
        if net is None:
            net = self.network(sit, company)
        nb = grid.neighbour(coord, edge % grid.sides)
        if coord not in net.cells or nb not in net.cells:
            return (("marker-unreachable", f"{company.id} can not reach that marker"), 0)
        return (None, 0)

    def apply_other(self, scenario: Scenario, move: Move, companies: list[Company]) -> Scenario:
        if move.kind != "remove-marker":
            raise ValueError(f"unknown move kind {move.kind!r}")
        grid = scenario.board.grid
        sm = Situation.of(scenario).sm
        edge = int(dict(move.extra).get("edge", move.rotation))
        key = sm.side_key(grid.coord(move.cell), edge % grid.sides)
        markers = [(c, e) for c, e in scenario.state.gauge_markers if sm.side_key(grid.coord(c), e) != key]
        return scenario.model_copy(
            update={"state": scenario.state.model_copy(update={"gauge_markers": markers}), "companies": companies}
        )

    # --- private companies and the free home choice (model/rules/india_privates.py) ------------
    def actor_failure(self, sit: Situation, actor: str):
        if sit.scenario.state.pending_home == actor:
            return ("home-pending", f"{actor} must choose its home first (home-station or home-upgrade)")
        return None

    def station_failure(self, sit: Situation, move: Move, net: Network | None):
        if move.actor is not None and sit.scenario.state.pending_home == move.actor:
            return (("home-pending", f"{move.actor} must choose its home first (home-station {move.cell} ...)"), 0)
        return super().station_failure(sit, move, net)

    def legal_moves(self, scenario: Scenario, context: MoveContext) -> list[Move]:
        """The generic moves, the extra lays of the company's privates (``extra-lay``,
        ``extra-upgrade``), or, while its home is pending, only the home choices."""
        scenario = self.at_phase(scenario, context.phase)
        phase = context.phase or scenario.state.game_phase
        company = self.company(scenario, context.actor or None)
        if company is not None and scenario.state.pending_home == company.id:
            return context.keep(self.home_moves(Situation.of(scenario), company, phase, context.tile))
        out = super().legal_moves(scenario, context)
        if company is not None and context.abilities and any(
            extra_kind_of(p) is not None and not p.used and self.may_use(scenario, p, company.id) for p in scenario.state.privates
        ):
            sit = Situation.reuse(scenario)
            out += context.keep(self.extra_lay_moves(sit, company, self.network(sit, company), phase, context.tile))
        return out

    def legal_verdict(self, sit: Situation, move: Move, cost: int) -> Verdict:
        verdict = super().legal_verdict(sit, move, cost)
        reasons = self.reason_of(sit.scenario, move, cost)
        if reasons:
            return Verdict(True, None, f"{verdict.message} ({'; '.join(reasons)})", cost)
        return verdict

    def _apply_move(self, scenario: Scenario, move: Move, cost: int) -> Scenario:
        return self.apply_private_or_home(scenario, move, cost)

    def parse_move(self, scenario: Scenario, text: str, actor: str | None, phase: str | None) -> Move:
        """The generic syntax plus ``extra-lay K18 9 0 P2``, ``extra-upgrade G8 59 0 P3``,
        ``home-station A16 0`` and ``home-upgrade L13 205 1``."""
        parts = text.split()
        if len(parts) >= 2 and (parts[0] in EXTRA_KINDS or parts[0] in HOME_KINDS):
            if not scenario.board.grid.is_label(parts[1]):
                raise MoveSyntaxError(f"{text!r}: {parts[1][:80]} is not on the board")
            move = self.parse_india_move(text, parts, actor, phase)
            if move is not None:
                return move
        return super().parse_move(scenario, text, actor, phase)

"""The generic ``18xx`` rule set: the tile-lay rules every 18xx title shares.

It is driven by the scenario's data: the tile manifest (counts, colours, labels, the upgrade
graph), the printed map (terrain costs, river and impassable sides, gray/red/blue hexes and
their printed track) and the options below. A title with rules of its own subclasses
:class:`EighteenXX` and overrides the hooks (``turn_failure``, ``fit_failure``,
``rotation_failure``, ``company_lay_failure``, ``company_cost``, ``after_lay``,
``extra_board_issues``, ``relaxed_upgrade``) in its own module next to this package.

Moves (``Move.kind``): ``lay`` (a yellow tile on a printed hex), ``upgrade`` (a tile replacing
the current one), ``station`` (a token in city ``extra['city']``). Rule ids are
``<rule set id>.<rule>``, e.g. ``18xx.exit-off-map``; the rules are listed in the documentation (docs/).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

from model import changes
from model.board import Cell, LaidTile, Token
from model.features import CELL_FEATURES, EDGE_FEATURES
from model.grid import Coord
from model.memo import IdentityMemo
from model.rules import (
    ActorKind,
    Issue,
    LocalChecker,
    Move,
    MoveContext,
    MoveSyntaxError,
    OptionSpec,
    Reached,
    RuleSet,
    Verdict,
    move_cell,
    move_rotation,
    register,
)
from model.rules.eighteen_xx import checks, play, privates, static, terrain
from model.rules.eighteen_xx.company import (
    Network,
    city_tokens,
    home_station_nodes,
    network,
    next_token_cost,
    reservation_problem,
    tokens_on_board,
)
from model.rules.eighteen_xx.hexmap import (
    IMPASSABLE_COLORS,
    LAYABLE_COLORS,
    TrackView,
    color_rank,
    current_view,
    exit_mask,
    stub_failure,
)
from model.rules.eighteen_xx.laying import BorderCharges, Failure, TileLays, TrackMove  # noqa: F401 - re-exported
from model.rules.eighteen_xx.situation import _SITUATIONS, Situation, _SituationKey  # noqa: F401 - re-exported
from model.scenario import Company, LaidThisTurn, Scenario
from model.tile_design import HEX_COLORS
from model.tiles import COLOR_ORDER, TileDef
from model.upgrading import predicates as upgrades

TRACK_RESTRICTIONS = ("permissive", "city_permissive", "restrictive", "semi_restrictive", "station_restrictive")

_REFUSALS: IdentityMemo = IdentityMemo(1 << 15)
"""``explain``'s refusal of a tile move for every rotation, by the failure's identity and the rule
set's id: a static fit failure is one object per hex view and tile, shared across positions."""


@register
class EighteenXX(TileLays, RuleSet):
    """Tile lays, upgrades and stations as every 18xx title plays them (see the module docstring)."""

    id: ClassVar[str] = "18xx"
    name: ClassVar[str] = "18xx (generic tile-lay rules)"
    move_class: ClassVar[type] = TrackMove
    generic_abilities: ClassVar[bool] = True
    """Private companies' abilities play by :mod:`model.rules.eighteen_xx.privates` (a title
    with private rules of its own says False)."""
    static_hooks: ClassVar[bool] = True
    """This class's static rules (:data:`model.rules.eighteen_xx.static.HOOKS`) read only the hex, the
    tile, the rotation and the options: their verdicts are shared across positions (a title that
    overrides one says so in its own class body, or its verdicts are kept per position)."""
    move_kinds: ClassVar[tuple[str, ...]] = ("lay", "upgrade", "station")
    """The move kinds this rule set plays (a move of another kind is bad input, not an illegal move)."""
    grid_kinds: ClassVar[tuple[str, ...]] = ("hex",)
    actor_kind: ClassVar[ActorKind] = "company"
    tile_move_kinds: ClassVar[tuple[str, str] | None] = ("lay", "upgrade")
    tile_colors: ClassVar[tuple[str, ...] | None] = HEX_COLORS
    tile_terrains: ClassVar[bool] = True
    state_fields: ClassVar[frozenset[str] | None] = frozenset({"privates"})
    """The shared rules read none of the other state fields (gauge markers, privates and a pending
    home belong to the titles that play them)."""
    features: ClassVar[frozenset[str] | None] = frozenset(
        set(CELL_FEATURES) - {"platform"} | set(EDGE_FEATURES) | {"companies", "players"})
    """Every 18xx board feature but Catalan platforms; the companies; the players, who own private
    companies (an ability of ``owner_type`` player is in force while a player owns the private, and
    the company operating uses a private its player owns)."""
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("tile_lays", 1, "Tile lays (yellow or upgrade) a company may make in one turn."),
        OptionSpec(
            "track_restriction",
            "semi_restrictive",
            "What an upgrade must add for the company: permissive (nothing), city_permissive (a city or new "
            "track), restrictive (new track it can reach), semi_restrictive (new track or a changed city value).",
            TRACK_RESTRICTIONS,
        ),
        OptionSpec(
            "home_counts_as_station",
            True,
            "Before a company has placed its first token, its home city counts as its station for reach.",
        ),
        *play.TITLE_OPTIONS,
        OptionSpec(
            "impassable_colors",
            IMPASSABLE_COLORS,
            "Printed hex colours (space-separated) whose sides accept an exit only where their printed track "
            "faces it; hexes of other colours accept every side.",
        ),
        OptionSpec("ability_tiles", "", "Tiles (space-separated ids) laid only through a private company's tile_lay "
                   "ability that names them in its tiles; no other lay lays them (1888's mine: Game#upgrades_to?)."),
        OptionSpec("min_tile_cost", 0, "A lay's own cost (terrain or the laid tile's upgrade cost, less discounts; "
                   "borders on top) is at least this (1846's Game#upgrade_cost: TILE_COST)."),
        OptionSpec("stubs_restricted", False, "A tile laid on a hex with stubs must have an exit at every stub's edge "
                   "(18xx.games' StubsAreRestricted)."),
    )

    # ------------------------------------------------------------------------------------------
    # rule ids and hooks
    def rid(self, rule: str) -> str:
        return f"{self.id}.{rule}"

    def relaxed_upgrade(self, old: TrackView, new: TileDef) -> bool:
        """True for upgrades that only need to keep the old exits (none in generic 18xx)."""
        return False

    def fit_failure(self, sit: Situation, coord: Coord, old: TrackView, new: TileDef) -> Failure:
        """Extra tile-against-hex rules of a title (none here)."""
        return None

    def rotation_failure(self, sit: Situation, coord: Coord, new: TileDef, rotation: int) -> Failure:
        """Extra rotation rules of a title (none here)."""
        return None

    def company_cost(self, sit: Situation, company: Company | None, cost: int) -> int:
        """What a company pays for a lay that costs ``cost``: less a ``tile_discount`` with no
        terrain (the engine's ``tile_cost_with_discount``; a title may have its own)."""
        if company is None or not cost or not self.generic_abilities:
            return cost
        return cost - sit.cached(("total-discount", company.id, cost), lambda: privates.total_discount(sit, None, company, cost))

    def after_lay(self, scenario: Scenario, coord: Coord, old_exits: frozenset[int]) -> Scenario:
        """Consequences of a lay beyond the tile itself (none here)."""
        return scenario

    def extra_board_issues(self, sit: Situation, coords: Iterable[Coord] | None) -> list[Issue]:
        """Board issues particular to a title (none here)."""
        return []

    # ------------------------------------------------------------------------------------------
    # tile lays: the static rules
    def tile_failures(self, sit: Situation, coord: Coord, new: TileDef, rotation: int) -> Iterator[tuple[str, str]]:
        """Every rule a tile at this rotation breaks on this hex, ignoring who lays it and when."""
        fail = self.fit_failure_static(sit, coord, new)
        if fail:
            yield fail
            return
        fail = static.bad_rotation(sit, coord, rotation)
        if fail:
            yield fail
            return
        yield from self.rotation_failures(sit, coord, new, rotation)

    def fit_failure_static(self, sit: Situation, coord: Coord, new: TileDef) -> Failure:
        """The rotation-independent rules: layable hex, colour, upgrade graph, label, stops.

        Computed once per hex as it stands and tile (:mod:`model.rules.eighteen_xx.static`): the
        rotations of one tile, asked one at a time through ``explain`` or ``legal_moves``, and the
        next position showing the hex alike share the answer."""
        return static.tile_verdicts(self, sit, coord, new).fit

    def _fit_failure_static(self, sit: Situation, coord: Coord, new: TileDef) -> Failure:
        label = sit.sm.label_of[coord]
        printed_color = sit.sm.printed_color[coord]
        if printed_color not in LAYABLE_COLORS:
            return ("not-layable", f"{label}: nothing may be laid on a {printed_color} hex")
        old = sit.view(coord)
        # the rules in order, each asked only when the ones before it pass
        fail = (upgrades.colour_progression(old, new) or upgrades.special_only(new) or self.fit_failure(sit, coord, old, new)
                or play.upgrade_failure(sit, label, old, new, self.relaxed_upgrade(old, new))
                or terrain.terrain_failure(sit.sm.printed[coord], new))
        return (fail[0], f"{label}: {fail[1]}") if fail else None

    def rotation_failures(self, sit: Situation, coord: Coord, new: TileDef, rotation: int) -> Iterator[tuple[str, str]]:
        """The rules that depend on the rotation: paths kept, exits accepted, the title's own."""
        fail = self._kept_failure(sit, coord, new, rotation)
        if fail:
            yield fail
        if exit_mask(new, rotation, sit.sm.sides) & ~sit.accept_mask(coord):
            yield from self.exit_failures(sit, coord, new, rotation)
        for fail in (self.rotation_failure(sit, coord, new, rotation),
                     stub_failure(sit.scenario, sit.cell(coord), sit.sm.label_of[coord], new, rotation)):
            if fail:
                yield fail

    def _kept_failure(self, sit: Situation, coord: Coord, new: TileDef, rotation: int) -> Failure:
        """An upgrade that does not keep the old track (or, relaxed, the old exits) at this rotation."""
        old = sit.view(coord)
        if not old.paths:
            return None
        check = upgrades.exits_preserved if self.relaxed_upgrade(old, new) else upgrades.paths_preserved
        fail = check(old, new, rotation, sit.sm.sides)
        return (fail[0], f"{sit.sm.label_of[coord]}: {fail[1]}") if fail else None

    def first_rotation_failure(self, sit: Situation, coord: Coord, new: TileDef, rotation: int) -> Failure:
        """The first of :meth:`rotation_failures` (None: none), without a generator per rotation
        (a class overriding ``rotation_failures`` is asked through it)."""
        if type(self).rotation_failures is not EighteenXX.rotation_failures:
            return next(self.rotation_failures(sit, coord, new, rotation), None)
        fail = self._kept_failure(sit, coord, new, rotation)
        if fail:
            return fail
        if exit_mask(new, rotation, sit.sm.sides) & ~sit.accept_mask(coord):
            fail = next(self.exit_failures(sit, coord, new, rotation), None)
            if fail:
                return fail
        return self.rotation_failure(sit, coord, new, rotation) or stub_failure(
            sit.scenario, sit.cell(coord), sit.sm.label_of[coord], new, rotation)

    def exit_failures(self, sit: Situation, coord: Coord, new: TileDef, rotation: int) -> Iterator[tuple[str, str]]:
        """Every exit must lead to a hex that accepts it."""
        sm = sit.sm
        mask = sit.accept_mask(coord)
        for e in sorted(new.exits(rotation, sm.sides)):
            if not mask >> e & 1:
                yield (
                    sm.exit_rule(coord, e),
                    f"{sm.label_of[coord]}: tile {new.id} at rotation {rotation} has an exit on the "
                    f"{sm.grid.edge_name(e)} side (edge {e}), which {sm.exit_problem(coord, e)}",
                )

    def candidate_colours(self, old: TrackView, colours: frozenset[str] | None):
        """What :meth:`candidate_tiles` reads of the phase's colours on a hex showing ``old`` (the
        generic one: whether the hex's next colour is allowed; a title's own: all of them)."""
        if type(self).candidate_tiles is not EighteenXX.candidate_tiles or colours is None:
            return colours
        want = color_rank(old.color) + 1
        return 1 <= want < len(COLOR_ORDER) and COLOR_ORDER[want] in colours

    def candidate_tiles(self, sit: Situation, coord: Coord) -> list[TileDef]:
        """Tiles worth trying on a hex: the next colour, restricted to the upgrade graph."""
        old = sit.view(coord)
        want = color_rank(old.color) + 1
        if not 1 <= want < len(COLOR_ORDER) or sit.sm.printed_color[coord] not in LAYABLE_COLORS:
            return []
        ts = sit.tileset
        colours = play.phase_colours(sit.scenario)
        own = play.hex_upgrade_list(sit.scenario, sit.sm.label_of[coord], old.color)
        if own is not None:
            out = [t for t in ts.tiles if t.id in own and color_rank(t.color) == want]
        elif old.tile is not None and upgrades.explicit_graph(ts) and not upgrades.future_label_applies(old, COLOR_ORDER[want]):
            out = [t for t in (ts.get(i) for i in old.tile.upgrades) if t is not None and color_rank(t.color) == want]
        else:
            out = [t for t in ts.tiles if color_rank(t.color) == want]
        return out if colours is None else [t for t in out if t.color in colours]

    # ------------------------------------------------------------------------------------------
    # tile lays for a company
    def company(self, scenario: Scenario, actor: str | None) -> Company | None:
        return scenario.company(actor) if actor else None

    def network(self, sit: Situation, company: Company) -> Network:
        """The company's network in this position (built once per situation; do not change it)."""
        home = bool(self.option(sit.scenario, "home_counts_as_station"))
        return sit.cached(("network", id(company), home), lambda: (company, network(
            sit.scenario, sit.sm, company, home, view_of=sit.view, shared=sit.walk_reading(company.id))))[1]  # holds the company: its id stays its own

    # ------------------------------------------------------------------------------------------
    # stations
    def station_failure(self, sit: Situation, move: Move, net: Network | None) -> tuple[Failure, int]:
        company = self.company(sit.scenario, move.actor)
        if company is None:
            return (("unknown-company", "a station needs a company (use --company)"), 0)
        coord = sit.sm.grid.coord(move.cell)
        city = int(dict(move.extra).get("city", move.rotation if move.tile is None else 0))
        view = sit.view(coord)
        cell = sit.cell(coord)
        label = move.cell
        if city >= view.city_count:
            return (("station-no-city", f"{label} has no city {city} (it has {view.city_count})"), 0)
        if any(t.company == company.id for t in cell.tokens):
            return (("station-twice", f"{company.id} already has a station on {label}"), 0)
        slots = view.node_slots[view.city_nodes[city]]
        if len(city_tokens(cell, city)) >= slots:
            return (("station-full", f"{label}: city {city} has no free circle"), 0)
        cost = next_token_cost(sit.scenario, company)
        if cost is None:
            return (("station-no-tokens", f"{company.id} has no station tokens left"), 0)
        problem = reservation_problem(sit.scenario, view, cell, city, company.id)
        if problem:
            return (("station-reserved", f"{label}: {problem}"), cost)
        placed = tokens_on_board(sit.scenario, company.id)
        if not placed and company.home is not None:
            homes = home_station_nodes(sit.scenario, sit.sm, company)
            if (coord, view.city_nodes[city]) not in homes:
                return (("station-home-first", f"{company.id}'s first station goes on its home {company.home}"), cost)
        elif placed:
            if net is None:
                net = self.network(sit, company)
            if (coord, view.city_nodes[city]) not in net.nodes:
                return (("station-unreachable", f"{label}: city {city} is not reached by {company.id}'s track"), cost)
        if company.treasury is not None and cost > company.treasury:
            return (("insufficient-cash", f"{company.id} has {company.treasury} and cannot spend {cost}"), cost)
        return (None, cost)

    # ------------------------------------------------------------------------------------------
    # the RuleSet interface
    def board_issues(self, scenario: Scenario) -> list[Issue]:
        sit = Situation.of(scenario)
        return checks.board_issues(self, sit, None) + self.extra_board_issues(sit, None)

    def check_cells(self, scenario: Scenario, cells: Iterable[Coord]) -> list[Issue]:
        """Issues of some hexes: the local check of the live checker (:class:`LocalChecker`)."""
        sit = Situation.of(scenario)
        cells = list(cells)
        return checks.board_issues(self, sit, cells) + self.extra_board_issues(sit, cells)

    def incremental_checker(self, scenario: Scenario) -> LocalChecker:
        """The live checker re-checks the edited hexes and their neighbours (:meth:`affected_cells`)."""
        return LocalChecker(self, scenario)

    def affected_cells(self, scenario: Scenario, changed: Iterable[Coord]) -> set[Coord] | None:
        grid = scenario.board.grid
        out: set[Coord] = set()
        for c in changed:
            out.add(c)
            out.update(n for _, n in grid.neighbours(c))
        return out

    def phase_refusal(self, scenario: Scenario, tile_id: str) -> str | None:
        tile = scenario.tile(tile_id)
        fail = play.phase_failure(scenario, tile) if tile is not None else None
        return None if fail is None else fail[1]

    def current_phase(self, scenario: Scenario) -> str | None:
        """The game phase (``state.game_phase``, e.g. ``'I'``): what ``MoveContext.phase`` means here."""
        return scenario.state.game_phase

    @staticmethod
    def at_phase(scenario: Scenario, phase: str | None) -> Scenario:
        """The scenario seen in another game phase (``--phase``); unchanged when None."""
        if phase is None or phase == scenario.state.game_phase:
            return scenario
        return scenario.model_copy(update={"state": scenario.state.model_copy(update={"game_phase": phase})})

    def legal_moves(self, scenario: Scenario, context: MoveContext) -> list[Move]:
        scenario = self.at_phase(scenario, context.phase)
        sit = Situation.reuse(scenario)  # asked again per tile (the solver), as explain is
        actor = context.actor or None
        phase = context.phase or scenario.state.game_phase
        company = self.company(scenario, actor)
        if actor is not None and company is None:
            return []
        net = self.network(sit, company) if company is not None else None
        out: list[Move] = self.lay_moves(sit, context, actor, phase, company, net)
        any_lay = context.wants("lay") or context.wants("upgrade")
        if company is not None and self.generic_abilities and scenario.state.privates and context.abilities and any_lay:
            out += context.keep(privates.private_lay_moves(self, sit, company, net, phase, context.tile))
        if company is not None and context.tile is None:
            if context.wants("station"):
                out += self.station_moves(sit, company, net, phase)
            out += context.keep(self.other_moves(sit, company, net, phase))
        return out

    def station_moves(self, sit: Situation, company: Company, net: Network | None, phase: str | None) -> list[Move]:
        out = []
        placed = tokens_on_board(sit.scenario, company.id)
        if not placed and company.home is not None:
            candidates = home_station_nodes(sit.scenario, sit.sm, company)
        else:
            candidates = sorted(n for n in (net.nodes if net else ()) if sit.view(n[0]).node_kinds[n[1]] == "city")
        for coord, node in candidates:
            view = sit.view(coord)
            city = view.city_nodes.index(node)
            move = TrackMove("station", sit.sm.label_of[coord], actor=company.id, phase=phase, extra=(("city", city),))
            fail, cost = self.station_failure(sit, move, net)
            if fail is None:
                out.append(TrackMove("station", move.cell, actor=company.id, phase=phase, extra=(("city", city),), cost=cost))
        return out

    def other_moves(self, sit: Situation, company: Company, net: Network | None, phase: str | None) -> list[Move]:
        """Title-specific moves (none here)."""
        return []

    def explain(self, scenario: Scenario, move: Move) -> Verdict:
        """The verdict of one move, kept with the position (``Situation.explained``) for every
        rotation of the move's tile there, computed together on the first ask (``lay_failures``):
        asking each rotation of a tile in turn reads the hex and the tile once."""
        if move.phase is not None:
            scenario = self.at_phase(scenario, move.phase)
        last = _SITUATIONS[0] if _SITUATIONS else None  # Situation.reuse's first look, without the call
        if last is not None and last[0].scenario is scenario and last[0].seen == changes.now():
            sit = last[1]
        else:
            sit = Situation.reuse(scenario)
        key = (self, move.kind, move.cell, move.tile, move.actor, move.extra)
        try:
            row = sit.explained.get(key)
        except TypeError:  # an unhashable extra (a list from a hand-built move): asked alone
            return self.explain_in(sit, move)
        if row is None:
            row = sit.explained[key] = self.explain_row(sit, move)
        r = move.rotation
        if 0 <= r < len(row):
            hit = row[r]
            if hit is None:
                hit = row[r] = self.explain_in(sit, move)
            return hit
        return self.explain_in(sit, move)

    def explain_row(self, sit: Situation, move: Move) -> list[Verdict | None]:
        """The verdicts of the move at every rotation: for a tile move, all of them; for any
        other move, None each (computed on asking, :meth:`explain_in`)."""
        sides = sit.sm.sides
        if move.kind not in ("lay", "upgrade", "place") or self._through_private(move):
            return [None] * sides
        if move.cell not in sit.sm.coord_of and not sit.scenario.board.grid.is_label(move.cell):
            return [self._off_board(move)] * sides
        every, per = self.lay_failures(sit, move)
        if every:
            hit = _REFUSALS.entries.get((id(every), self.id))
            if hit is None or hit[0] is not every:
                return [_REFUSALS.get(every, self.id, lambda: Verdict.made(False, self.rid(every[0]), every[1], 0))] * sides
            return [hit[1]] * sides
        legal: dict[int, Verdict] = {}  # the legal verdict reads the cost, not the rotation
        row: list[Verdict | None] = []
        for fail, cost in per:
            if fail is not None:
                row.append(Verdict.made(False, self.rid(fail[0]), fail[1], cost))
            else:
                v = legal.get(cost)
                if v is None:
                    v = legal[cost] = self.legal_verdict(sit, move, cost)
                row.append(v)
        return row

    def explain_in(self, sit: Situation, move: Move) -> Verdict:
        """The verdict of one move in the situation, computed (no row kept: a move other than a
        tile move, a lay through a private's ability, a rotation outside 0 to sides - 1)."""
        if move.cell not in sit.sm.coord_of and not sit.scenario.board.grid.is_label(move.cell):
            return self._off_board(move)
        kind = move.kind
        if kind in ("lay", "upgrade", "place"):
            if self._through_private(move):
                fail, cost = privates.private_lay_failure(self, sit, move, None)
            else:
                every, per = self.lay_failures(sit, move)
                if 0 <= move.rotation < len(per):
                    fail, cost = per[move.rotation]
                else:
                    coord = sit.sm.coord_of.get(move.cell) or sit.sm.grid.coord(move.cell)
                    fail, cost = every or static.bad_rotation(sit, coord, move.rotation), 0
        elif kind == "station":
            fail, cost = self.station_failure(sit, move, None)
        else:
            fail, cost = self.other_failure(sit, move)
        if fail is None:
            return self.legal_verdict(sit, move, cost)
        return Verdict(False, self.rid(fail[0]), fail[1], cost)

    def _through_private(self, move: Move) -> bool:
        """A tile move made through a private's ability (``extra`` names the private)."""
        return bool(move.extra) and self.generic_abilities and dict(move.extra).get("private") is not None

    def _off_board(self, move: Move) -> Verdict:
        return Verdict(False, self.rid("off-board"), f"{move.cell} is not on the board")

    def legal_verdict(self, sit: Situation, move: Move, cost: int) -> Verdict:
        """The verdict of a legal move with this cost: for a lay, what the phase and the lay
        entry allow (the same at every rotation of its tile)."""
        why = play.lay_context(self, sit, move) if move.kind in ("lay", "upgrade") else []
        return Verdict(True, None, "; ".join([f"every rule passes; cost {cost}", *why]), cost)

    TURN_REFUSALS: ClassVar[tuple[str, ...]] = ("unknown-move", "unknown-company")
    """The rules (without the rule set's id) of :meth:`explain`'s refusals that are about the turn:
    a move kind the title does not play, no company or an unknown one."""

    def is_turn_refusal(self, verdict: Verdict) -> bool:
        """A refusal naming no rule, a move kind the title does not play, or no (known) company."""
        return verdict.rule is None or verdict.rule in {self.rid(r) for r in self.TURN_REFUSALS}

    def other_failure(self, sit: Situation, move: Move) -> tuple[Failure, int]:
        kinds = "lay, upgrade, station"
        return (("unknown-move", f"unknown move kind {move.kind!r} (expected {kinds})"), 0)

    @staticmethod
    def _move_text(move: Move) -> str:
        return TrackMove(move.kind, move.cell, move.tile, move.rotation, extra=move.extra).text()

    def apply(self, scenario: Scenario, move: Move, check: bool = True) -> Scenario:
        """A new scenario with the move made (the input is not changed): the tile (or token),
        this turn's ``state.laid``, the company's treasury less the cost, gauge markers.

        Raises ValueError naming the rule when the move is illegal. With ``check=False`` the
        move is trusted and costs ``move.cost`` (as ``legal_moves`` filled it in): for solvers
        that took the move from ``legal_moves``.
        """
        if not check:
            return self._apply_move(scenario, move, move.cost)
        verdict = self.explain(scenario, move)
        if not verdict.legal:
            raise ValueError(f"illegal move {self._move_text(move)}: {verdict.message} [{verdict.rule}]")
        return self._apply_move(scenario, move, verdict.cost)

    def _apply_move(self, scenario: Scenario, move: Move, cost: int) -> Scenario:
        """The scenario after a move, without checking it."""
        board = scenario.board
        grid = board.grid
        coord = grid.coord(move.cell)
        cell = board.cell(coord)
        state = scenario.state
        companies = scenario.companies
        if move.actor is not None and cost:
            companies = [
                c.model_copy(update={"treasury": c.treasury - cost}) if c.id == move.actor and c.treasury is not None else c
                for c in companies
            ]
        if move.kind in ("lay", "upgrade", "place"):
            old_view = current_view(scenario, cell)
            old_exits = old_view.exits
            laid = LaidTile(tile=move.tile, rotation=move.rotation, phase=move.phase or state.game_phase, by=move.actor)
            update: dict[str, Any] = {"tile": laid}
            tdef = scenario.tile(move.tile or "")
            if tdef is not None and old_view.city_count > 1:
                # an OO upgrade may turn the cities: tokens and reservations follow their track
                mapping = upgrades.city_mapping(old_view, tdef, move.rotation, grid.sides)
                if cell.tokens:
                    update["tokens"] = [t.model_copy(update={"city": mapping.get(t.city, t.city)}) for t in cell.tokens]
                if cell.cities:
                    before = [cell.tile.city_of_printed(k) if cell.tile is not None else k for k in range(len(cell.cities))]
                    after = [mapping.get(k, k) for k in before]
                    laid = laid.model_copy(update={"city_map": [] if after == list(range(len(after))) else after})
                    update["tile"] = laid
            new_cell = cell.model_copy(update=update)
            private = dict(move.extra).get("private") if self.generic_abilities else None
            entry = LaidThisTurn(cell=move.cell, tile=move.tile, phase=state.game_phase, private=private,
                                 upgrade=old_view.color != "white")
            if private is not None:
                state = state.model_copy(update={"privates": privates.apply_private(
                    scenario, private, old_view.color != "white", move.cell, move.tile or "")})
            if state.active is not None and move.actor is not None and state.active != move.actor:
                state = state.model_copy(update={"laid": [entry], "active": move.actor})
            else:
                state = state.model_copy(update={"laid": [*state.laid, entry]})
            out = self._with(scenario, move.cell, new_cell, state, companies)
            return self.after_lay(out, coord, old_exits)
        if move.kind == "station":
            city = int(dict(move.extra).get("city", 0))
            new_cell = cell.model_copy(update={"tokens": [*cell.tokens, Token(company=move.actor, city=city)]})
            return self._with(scenario, move.cell, new_cell, state, companies)
        return self.apply_other(scenario, move, companies)

    def apply_other(self, scenario: Scenario, move: Move, companies: list[Company]) -> Scenario:
        raise ValueError(f"unknown move kind {move.kind!r}")

    @staticmethod
    def _with(scenario: Scenario, label: str, cell: Cell, state, companies) -> Scenario:
        board = scenario.board.model_copy(update={"cells": {**scenario.board.cells, label: cell}})
        return scenario.model_copy(update={"board": board, "state": state, "companies": companies})

    def parse_move(self, scenario: Scenario, text: str, actor: str | None, phase: str | None) -> Move:
        """``lay K14 57 1``, ``upgrade G8 59 0``, ``station K14 0``, ``remove-marker G6 5``."""
        parts = text.split()
        if len(parts) < 2:
            raise MoveSyntaxError(f"{text!r}: expected e.g. 'lay K14 57 1', 'upgrade G8 59 0' or 'station K14 0'")
        kind, cell = parts[0], move_cell(scenario.board.grid, text, parts[1])
        if kind in ("station", "remove-marker"):
            if len(parts) > 3 or (len(parts) == 3 and not parts[2].isdigit()):
                raise MoveSyntaxError(f"{text!r}: expected '{kind} CELL NUMBER'")
            key = "city" if kind == "station" else "edge"
            return TrackMove(kind, cell, actor=actor, phase=phase, extra=((key, int(parts[2]) if len(parts) == 3 else 0),))
        with_private = len(parts) == 5 and kind in ("lay", "upgrade") and self.generic_abilities
        if len(parts) != 4 and not with_private:
            if kind not in ("lay", "upgrade"):  # no kind of this rule set: show the ones it has
                raise MoveSyntaxError(f"{text!r}: expected e.g. 'lay K14 57 1', 'upgrade G8 59 0' or 'station K14 0'")
            raise MoveSyntaxError(f"{text!r}: expected '{kind} CELL TILE ROTATION' (a private's lay: '... ROTATION PRIVATE')")
        if kind not in self.move_kinds:
            raise MoveSyntaxError(f"{text[:80]!r}: unknown move kind {kind[:30]!r} (this rule set's moves: {', '.join(self.move_kinds)})")
        extra: tuple = ()
        if with_private:
            if privates.find_private(scenario, parts[4]) is None:
                known = ", ".join(p.id for p in scenario.state.privates) or "none"
                raise MoveSyntaxError(f"{text[:80]!r}: private {parts[4][:40]!r} is not one of state.privates ({known[:80]})")
            extra = (("private", parts[4]),)
        return TrackMove(kind, cell, parts[2], move_rotation(scenario.board.grid, text, parts[3]), actor=actor, phase=phase, extra=extra)

    def reached(self, scenario: Scenario, actor: str) -> Reached | None:
        """What a company reaches from its stations (its home before its first token), as the
        track-laying rules see it: the walk stops at cities full of other companies' tokens.

        A hex counts as a reached place when the company reaches one of its stops (city, town,
        junction), or, for a hex without stops, when its track is on the network."""
        company = self.company(scenario, actor)
        if company is None:
            return None
        sit = Situation.of(scenario)
        net = self.network(sit, company)
        label = sit.sm.label_of
        coords = net.cells | {c for c, _ in net.stations}
        places = {label[c] for c, _ in net.nodes} | {label[c] for c in coords if not sit.view(c).node_kinds}
        detail = frozenset(("entry", label[c], side) for c, sides in net.entries.items() for side in sides) | frozenset(
            ("path", label[c], path) for c, path in net.walked)
        return Reached(frozenset(places), frozenset(label[c] for c in coords), detail)

    def reach_report(self, scenario: Scenario, actor: str) -> dict[str, Any]:
        """What a company reaches (for ``trackwright reach --company C``)."""
        company = self.company(scenario, actor)
        if company is None:
            raise KeyError(f"unknown company {actor!r}")
        sit = Situation.of(scenario)
        net = self.network(sit, company)
        label = sit.sm.label_of
        cities = sorted(
            f"{label[c]}.{sit.view(c).city_nodes.index(n)}" for c, n in net.nodes if sit.view(c).node_kinds[n] == "city"
        )
        return {
            "company": company.id,
            "stations": [f"{label[c]}.{sit.view(c).city_nodes.index(n)}" for c, n in net.stations],
            "home as station": net.virtual_home,
            "next token cost": next_token_cost(scenario, company),
            "reached cities": cities,
            "hexes with track": sorted(label[c] for c in net.cells),
            "layable hexes": sorted(label[c] for c in net.connected if sit.sm.printed_color[c] in LAYABLE_COLORS),
        }

    # ------------------------------------------------------------------------------------------
    # helpers used by tests, the bench and the editor overlay
    def static_yellow_options(self, scenario: Scenario) -> dict[str, dict[str, list[int]]]:
        """For every hex that takes a yellow tile: tile id -> distinct rotations passing the static rules."""
        return static.yellow_options(self, Situation.of(scenario))


def move_dict(move: Move) -> dict[str, Any]:
    """A move as plain data (for golden files)."""
    return move.to_json()

"""The tile lays of the generic ``18xx`` rule set: what a lay reads and in which order, and the
lay schedule read against this turn's lays (the mixin :class:`TileLays` of
:class:`~model.rules.eighteen_xx.EighteenXX`).

A lay's verdict is asked in parts (``lay_failures``, every rotation at once): what reads the hex and the tile but not the
rotation (``hex_tile_failure``: the ability tiles, the company, its turn, the phase), the static
rules (shared across positions: :mod:`~model.rules.eighteen_xx.static`), the supply and the
hexes a private blocks (``after_static_failure``), then what reads the rotation (``rotation_lay_failure``:
the company's connection and the track restriction, its own lay rules, the cost against its
cash). ``lay_moves`` asks each part as seldom as it can: the tile's own verdict once per tile,
the hex's once per hex, the static rules only for the rotations that reach the company's track,
the cost once per hex and colour where no border charges.
"""

from __future__ import annotations

from model.grid import Coord
from model.memo import IdentityMemo, Memo
from model.rules import Move, MoveContext
from model.rules.eighteen_xx import play, privates, static
from model.rules.eighteen_xx.company import Network, city_is_full_for
from model.rules.eighteen_xx.hexmap import LAYABLE_COLORS, TrackView, exit_mask, iter_exit_bits, tile_facts, tile_view
from model.rules.eighteen_xx.situation import Situation
from model.scenario import Company
from model.tiles import TileDef

Failure = tuple[str, str] | None

_NOBODY: IdentityMemo = IdentityMemo(1 << 14)  # TileLays._nobody_lays, by the hex's passing rotations
_HEX_LAYS: Memo = Memo(1 << 14)  # TileLays._company_hex_lays, by what a hex's lays read
_REUSES: dict[type, bool] = {}
_UNSET = object()


def _at_hex(cell: str, fail: Failure) -> Failure:
    """A failure of the tile alone, told of the hex it is laid on."""
    return (fail[0], f"{cell}: {fail[1]}") if fail else None


class BorderCharges(dict):
    """Side -> what a lay pays to newly connect across that side's border; ``mask``: those sides."""

    mask: int = 0


def _phase_colours(sit: Situation) -> frozenset[str] | None:
    """``play.phase_colours`` of the position, read once."""
    memo = sit.memo
    colours = memo.get("phase-colours", _UNSET)
    if colours is _UNSET:
        colours = memo["phase-colours"] = play.phase_colours(sit.scenario)
    return colours


def _blocks_none(node: int) -> bool:
    """No city blocks (a hex without tokens)."""
    return False


def _with_borders(reading: tuple[int, int, BorderCharges], exits: int) -> int:
    """A lay's cost from the hex's cost reading (``_hex_costs``: its own cost, its exits, the
    border charges): the own cost and each border charge the lay's exits ``exits`` newly connect across."""
    cost, old_mask, charges = reading
    if charges:
        for e in iter_exit_bits(exits & ~old_mask & charges.mask):
            cost += charges[e]
    return cost


class TrackMove(Move):
    """A move that prints itself in the command-line syntax (``station K14 0``, ``remove-marker G6 5``)."""

    def text(self) -> str:
        extra = dict(self.extra)
        if self.kind == "station":
            return f"station {self.cell} {extra.get('city', 0)}"
        if self.kind == "remove-marker":
            return f"remove-marker {self.cell} {extra.get('edge', 0)}"
        if self.kind in ("lay", "upgrade") and extra.get("private"):
            return f"{super().text()} {extra['private']}"
        return super().text()


class TileLays:
    """The tile-lay methods of the 18xx rule set (a mixin: ``self`` is the rule set)."""

    def lay_failures(self, sit: Situation, move: Move) -> tuple[Failure, list[tuple[Failure, int]]]:
        """What a tile move (not through a private's ability) breaks at each rotation of its tile
        on the hex: ``(failure, [])`` when one failure holds for every rotation, else
        ``(None, [(failure or None, cost), ...])`` for rotations 0 to sides - 1.

        In this order: what reads the hex and the tile but not the rotation, before the static
        rules (:meth:`hex_tile_failure`), the static rules (``static.tile_verdicts``: the fit, then
        the rotation's), the supply and a private's block (:meth:`after_static_failure`), and what
        reads the rotation (:meth:`rotation_lay_failure`). ``lay_moves`` asks the same parts, each
        as seldom as it can."""
        grid = sit.sm.grid
        coord = sit.sm.coord_of.get(move.cell) or grid.coord(move.cell)
        tile = sit.tileset.get(move.tile or "")
        if tile is None:
            return (("unknown-tile", f"there is no tile {move.tile!r} in this scenario's manifest"), [])
        company = self.company(sit.scenario, move.actor)
        fail = self.hex_tile_failure(sit, move.cell, coord, tile, move.actor, company)
        if fail:
            return (fail, [])
        verdicts = static.tile_verdicts(self, sit, coord, tile)
        if verdicts.fit is not None:
            return (verdicts.fit, [])
        after = self.after_static_failure(sit, move.cell, tile, company)
        same_cost = None if self._hex_costs(sit, coord, company)[2] else self._rotation_free_cost(
            sit, coord, tile, move.actor, company, sit.cached(("costs", type(self), move.actor), dict))
        out: list[tuple[Failure, int]] = []
        for r in range(sit.sm.sides):
            fail = verdicts.rotation(self, sit, coord, tile, r) or after
            out.append((fail, 0) if fail else self.rotation_lay_failure(sit, coord, tile, r, move.actor, company, None, same_cost))
        return (None, out)

    def turn_failure(self, sit: Situation, coord: Coord, tile: TileDef, old: TrackView, actor: str | None) -> Failure:
        """The lay schedule (``play.tile_lays`` or the option ``tile_lays``) read against this
        turn's lays (``state.laid``): see :mod:`model.rules.eighteen_xx.play`."""
        reading = self._schedule_reading(sit, coord, actor)
        if reading is None:
            return None
        lays, label, laid, here = reading
        return sit.cached(("turn", type(self), actor, here, tile.color == "yellow", old.color == "white"), lambda: play.schedule_failure(
            sit.scenario, label, tile, old, laid, lays))

    def turn_reads_colour_only(self) -> bool:
        """Whether :meth:`turn_failure` reads of the tile only whether it is yellow (the generic one does)."""
        return type(self).turn_failure is TileLays.turn_failure

    def turn_bars_hex(self, sit: Situation, coord: Coord, old: TrackView, actor: str) -> bool:
        """Whether :meth:`turn_failure` refuses every tile on the hex (so ``lay_moves`` need not
        judge the hex's tiles): the lay schedule's checks that read the hex but not the tile."""
        if type(self).turn_failure is not TileLays.turn_failure:
            return False  # a title's own schedule: asked tile by tile
        reading = self._schedule_reading(sit, coord, actor)
        if reading is None:
            return False
        lays, label, laid, here = reading
        return sit.cached(("turn-bars", type(self), actor, here, old.color == "white"), lambda: play.schedule_bars_hex(
            sit.scenario, label, old, laid, lays))

    def _schedule_reading(self, sit: Situation, coord: Coord, actor: str | None) -> tuple | None:
        """What the schedule's verdicts read: (the schedule, the hex's label, this turn's lays, the
        label if the hex was laid this turn, else None: of the label the schedule reads only
        that); None when the rule set has no schedule."""
        key = ("schedule", type(self), actor)
        turn = sit.memo.get(key)
        if turn is None:  # once per position and company
            laid = sit.turn_laid(actor)
            turn = sit.memo[key] = (self.lay_schedule(sit, actor), laid, frozenset(e.cell for e in laid))
        lays, laid, cells = turn
        if lays is None:
            return None
        label = sit.sm.label_of[coord]
        return lays, label, laid, label if label in cells else None

    def lay_schedule(self, sit: Situation, actor: str | None):
        """The company's lay schedule now (None: the rule set counts lays its own way); once per position."""
        def compute():
            default = int(self.option(sit.scenario, "tile_lays")) if any(o.name == "tile_lays" for o in self.options) else None
            return play.schedule(sit.scenario, self.company(sit.scenario, actor), default)

        return sit.cached(("lays", type(self), actor), compute)

    def company_lay_failure(self, sit: Situation, coord: Coord, new: TileDef, rotation: int, net: Network) -> Failure:
        """Extra rules about which hexes a company may lay on this turn (none here)."""
        return None

    def actor_failure(self, sit: Situation, actor: str) -> Failure:
        """A rule that stops the company laying any tile now (none here)."""
        return None

    def hex_tile_failure(
        self, sit: Situation, cell: str, coord: Coord, tile: TileDef, actor: str | None, company: Company | None,
    ) -> Failure:
        """The rules of a lay that read the hex and the tile but not the rotation and come before
        the static rules: the ability tiles, the company and its turn (the lay schedule), the phase."""
        key = ("tile-own", type(self), tile.id)  # what reads only the tile, once per position
        own = sit.memo.get(key)
        if own is None:
            own = sit.memo[key] = (self.ability_tile_failure(sit, tile), self._phase_of_tile(sit, tile))
        if own[0]:
            return own[0]
        if actor is not None and company is None:
            return ("unknown-company", f"there is no company {actor!r}")
        if actor is not None and (fail := self.actor_failure(sit, actor)):
            return fail
        if company is not None and sit.sm.printed_color[coord] in LAYABLE_COLORS:
            fail = self.turn_failure(sit, coord, tile, sit.view(coord), company.id)
            if fail:
                return fail
        return _at_hex(cell, own[1])

    def after_static_failure(self, sit: Situation, cell: str, tile: TileDef, company: Company | None) -> Failure:
        """The rules of a lay asked after the static ones: the supply, the hexes a private blocks."""
        return sit.supply_failure(tile) or (self.blocked_failure(sit, cell, company) if company is not None else None)

    def blocked_failure(self, sit: Situation, cell: str, company: Company) -> Failure:
        """``hex-blocked`` by a private's ``blocks_hexes`` (once per position, hex and company)."""
        key = ("blocking", company.id)
        named = sit.memo.get(key)
        if named is None:
            named = sit.memo[key] = privates.blocking_labels(sit.scenario, company.id)
        if cell not in named:
            return None
        return sit.cached(("blocked", cell, company.id), lambda: privates.blocked_failure(sit.scenario, cell, company.id))

    def phase_failure(self, sit: Situation, cell: str, tile: TileDef) -> Failure:
        """A tile of a colour the phase does not allow (once per position and tile)."""
        return _at_hex(cell, self._phase_of_tile(sit, tile))

    @staticmethod
    def _phase_of_tile(sit: Situation, tile: TileDef) -> Failure:
        """``play.phase_failure`` of the tile: None at once for a colour the phase allows (the
        phase's colours read once per position), else the failure, once per position and tile."""
        colours = _phase_colours(sit)
        if colours is None or tile.color in colours:
            return None
        return sit.cached(("phase", tile.id), lambda: play.phase_failure(sit.scenario, tile))

    def ability_tile_failure(self, sit: Situation, tile: TileDef) -> Failure:
        """A tile only a private's ability lays, asked of an ordinary lay: None at once for a tile
        the option ``ability_tiles`` does not name (read once per position), else the failure."""
        key = ("ability-only", type(self))
        only = sit.memo.get(key)
        if only is None:
            only = sit.memo[key] = privates.ability_only_tiles(self, sit.scenario)
        if tile.id not in only:
            return None
        return privates.ability_tile_failure(self, sit.scenario, tile.id, None)

    def tile_failure(self, sit: Situation, cell: str, tile: TileDef) -> Failure:
        """The rules of a lay that read only the tile: the ability tiles, the phase, the supply."""
        return self.ability_tile_failure(sit, tile) or self.phase_failure(sit, cell, tile) or sit.supply_failure(tile)

    def rotation_lay_failure(
        self, sit: Situation, coord: Coord, tile: TileDef, rotation: int, actor: str | None, company: Company | None,
        net: Network | None, cost: int | None = None,
    ) -> tuple[Failure, int]:
        """The rules of a lay that read the rotation (the static ones aside): the company's
        connection and its own lay rules, then the cost against its cash (``cost``: the lay's
        cost if the caller knows it: where no border charges, it does not read the rotation)."""
        if company is not None:
            if net is None:
                net = self.network(sit, company)
            fail = self.connection_failure(sit, coord, tile, rotation, sit.view(coord), net)
            if fail:
                return (fail, 0)
            fail = self.company_lay_failure(sit, coord, tile, rotation, net)
            if fail:
                return (fail, 0)
        if cost is None:
            cost = self.full_cost(sit, coord, tile, rotation, actor, company)
        if company is not None and company.treasury is not None and cost > company.treasury:
            return (("insufficient-cash", f"{company.id} has {company.treasury} and cannot spend {cost}"), cost)
        return (None, cost)

    def full_cost(self, sit: Situation, coord: Coord, tile: TileDef, rotation: int, actor: str | None, company: Company | None) -> int:
        """What the company pays for the lay: its own cost, the schedule's extra, less discounts."""
        return self.company_cost(sit, company, self.lay_cost(sit, coord, tile, rotation, company) + self.schedule_extra(sit, actor, tile))

    def schedule_extra(self, sit: Situation, actor: str | None, tile: TileDef) -> int:
        """What the lay schedule's entry adds to a lay's cost (it reads whether the tile is yellow)."""
        return sit.cached(("schedule-cost", type(self), actor, tile.color == "yellow"), lambda: play.schedule_cost(
            sit.scenario, tile, sit.turn_laid(actor), self.lay_schedule(sit, actor)))

    def connection_failure(
        self, sit: Situation, coord: Coord, tile: TileDef, rotation: int, old: TrackView, net: Network
    ) -> Failure:
        """The company must reach one of the new tile's exits, and over old track add a path on its
        graph after the lay as the option ``track_restriction`` says (the engine's check)."""
        if not exit_mask(tile, rotation, sit.sm.sides) & net.reach_mask(coord):
            return ("not-connected", f"Track laid must be connected to one of {net.company}'s stations")
        if not old.paths:
            return None  # the track restriction is about lays over old track (play.restriction_failure)
        mode = self.option(sit.scenario, "track_restriction")
        if mode == "permissive":
            return None
        cell = sit.cell(coord)
        if not cell.tokens:  # no city here holds a token: none blocks
            return play.restriction_failure(sit, coord, tile, rotation, old, net, mode, _blocks_none)
        view = tile_view(tile, rotation, sit.sm.sides)
        city_nodes = view.city_nodes
        seen: dict[int, bool] = {}

        def blocks(node: int) -> bool:
            """Whether the new tile's city ``node`` blocks the company (asked once per node)."""
            hit = seen.get(node)
            if hit is None:
                hit = seen[node] = node in city_nodes and city_is_full_for(view, cell, city_nodes.index(node), net.company)
            return hit

        return play.restriction_failure(sit, coord, tile, rotation, old, net, mode, blocks)

    def lay_cost(self, sit: Situation, coord: Coord, new: TileDef, rotation: int, company: Company | None = None) -> int:
        """Terrain of the printed hex (first tile only) or the laid tile's own upgrade cost, plus
        each border the lay newly connects across (a one-sided border only from its own hex),
        less the company's terrain and border discounts (``tile_discount`` abilities)."""
        return _with_borders(self._hex_costs(sit, coord, company), exit_mask(new, rotation, sit.sm.sides))

    def _hex_costs(self, sit: Situation, coord: Coord, company: Company | None) -> tuple[int, int, BorderCharges]:
        """What a lay's cost reads of the hex as it stands and of the company, once per position:
        the hex's own cost (terrain or the tile's upgrade cost, less discounts, at least the
        minimum), the mask of its current exits and what each border side would charge a lay
        that newly connects across it (a side whose neighbour has no track there charges nothing)."""
        old = sit.view(coord)
        key = ("own-cost", coord, company.id if company is not None else None)
        hit = sit.memo.get(key)
        if hit is not None and hit[0] is old and hit[1] is company:
            return hit[2]
        cost = sit.sm.printed[coord].cost if old.tile is None else play.own_upgrade_cost(old)
        cost = max(cost - privates.terrain_discount(sit, coord, company, cost), int(sit.scenario.rules.options.get("min_tile_cost", 0) or 0))
        sm = sit.sm
        charges = BorderCharges()
        costly = sm.costly_sides().get(coord, 0)  # the sides with a border cost: most hexes have none
        for e in iter_exit_bits(costly):
            key_e = sm.side_key(coord, e)
            side_cost = sm.river_cost.get(key_e, 0) or sm.cost_from.get((coord, e), 0)
            if not side_cost:
                continue
            nb = sm.grid.neighbour(coord, e)
            if nb is not None and sm.grid.opposite(e) in sit.view(nb).exits:  # the neighbour's track faces the side
                charges[e] = side_cost - privates.border_discount(sit, coord, company, sm.side_kind.get(key_e, ""), side_cost)
                charges.mask |= 1 << e
        value = (cost, sum(1 << e for e in old.exits), charges)
        sit.memo[key] = (old, company, value)
        return value

    def _tile_passes(self, sit: Situation, label: str, tile: TileDef, tile_ok: dict[str, bool]) -> bool:
        """:meth:`tile_failure` passes, asked once per tile in one listing (``tile_ok``)."""
        ok = tile_ok.get(tile.id)
        if ok is None:
            ok = tile_ok[tile.id] = self.tile_failure(sit, label, tile) is None
        return ok

    def _rotation_free_cost(self, sit: Situation, coord: Coord, tile: TileDef, actor: str | None, company: Company | None,
                            costs: dict[tuple[Coord, bool], int]) -> int:
        """The lay's cost on a hex where no border charges: it reads of the tile only whether it is
        yellow (``full_cost``, ``lay_cost``), so it is asked once per hex and colour in one listing."""
        key = (coord, tile.color == "yellow")
        cost = costs.get(key)
        if cost is None:
            cost = costs[key] = self.full_cost(sit, coord, tile, 0, actor, company)
        return cost

    def _nobody_lays(self, sit: Situation, coord: Coord, label: str, kind: str, phase: str | None, colours,
                     tile_ok: dict[str, bool], costs: dict[tuple[Coord, bool], int]) -> tuple[Move, ...]:
        """The lays on a hex with no company (the static table's moves) where no border charges:
        every passing rotation of every tile whose own verdict passes, at the hex's cost. They
        read the hex's passing rotations (``static.hex_lays``, one object while the hex is
        unchanged), the phase, which tiles pass and the cost of a yellow and of another tile:
        the same moves (frozen) are handed out again while those are the same."""
        lays = static.hex_lays(self, sit, coord, colours)
        oks = []
        price: dict[bool, int] = {}
        for tile, _rots in lays:
            ok = self._tile_passes(sit, label, tile, tile_ok)
            oks.append(ok)
            if ok and (tile.color == "yellow") not in price:
                price[tile.color == "yellow"] = self._rotation_free_cost(sit, coord, tile, None, None, costs)
        return _NOBODY.get(lays, (kind, label, phase, tuple(oks), tuple(sorted(price.items()))), lambda: tuple(
            TrackMove.made(kind, label, tile.id, rot, None, phase, (), price[tile.color == "yellow"])
            for (tile, rots), ok in zip(lays, oks, strict=True) if ok for rot in rots))

    def lay_moves(self, sit: Situation, context: MoveContext, actor: str | None, phase: str | None,
                  company: Company | None, net: Network | None) -> list[Move]:
        """Every legal ordinary lay (``lay`` and ``upgrade``, no private's ability) for the context."""
        coords = sit.sm.coords if net is None else [c for c in sit.sm.coords if c in net.connected]
        out: list[Move] = []
        colours = _phase_colours(sit)
        # lay_failure in its parts: hex_tile_failure's (the tile's own verdict once per tile, the
        # hex's once per hex, the turn's per hex and tile), then per rotation what reads it
        any_lay = context.wants("lay") or context.wants("upgrade")
        lays_barred = not any_lay or (actor is not None and self.actor_failure(sit, actor))
        tile_ok: dict[str, bool] = {}
        costs: dict[tuple[Coord, bool], int] = {}
        prices: dict[tuple[int, bool], int] = {}
        for coord in () if lays_barred else coords:
            if sit.sm.printed_color[coord] not in LAYABLE_COLORS:
                continue
            label = sit.sm.label_of[coord]
            old = sit.view(coord)
            kind = "lay" if old.tile is None else "upgrade"
            if not context.wants(kind):
                continue
            if company is not None and (self.blocked_failure(sit, label, company) or self.turn_bars_hex(sit, coord, old, company.id)):
                continue
            if net is not None and context.tile is None and self._reuses_hex_lays():
                out += self._company_hex_moves(sit, coord, label, kind, old, colours, tile_ok, actor, phase, company, net, prices)
                continue
            charges = self._hex_costs(sit, coord, company)[2]
            if company is None and not charges and context.tile is None:
                out += self._nobody_lays(sit, coord, label, kind, phase, colours, tile_ok, costs)
                continue
            reach = net.reach_mask(coord) if net is not None else 0
            sides = sit.sm.sides
            # no company: every passing rotation (static.hex_lays); a company's: only the rotations
            # that reach its track are judged by the static rules (static.hex_fits)
            for tile, found in static.hex_lays(self, sit, coord, colours) if net is None else static.hex_fits(self, sit, coord, colours):
                if context.tile is not None and tile.id != context.tile:
                    continue
                # what reads the tile but not the rotation first (kept per listing and position),
                # then the static rules of the rotations that reach the company's track
                if not self._tile_passes(sit, label, tile, tile_ok) or (
                        company is not None and self.turn_failure(sit, coord, tile, old, company.id)):
                    continue
                if net is None:
                    rots = found
                else:
                    masks, distinct = tile_facts(tile, sides)
                    rots = [r for r in distinct if masks[r] & reach and found.rotation(self, sit, coord, tile, r) is None]
                    if not rots:
                        continue
                same_cost = None if charges else self._rotation_free_cost(sit, coord, tile, actor, company, costs)
                for rot in rots:
                    fail, cost = self.rotation_lay_failure(sit, coord, tile, rot, actor, company, net, same_cost)
                    if fail is None:
                        out.append(TrackMove.made(kind, label, tile.id, rot, actor, phase, (), cost))
        return out

    def _reuses_hex_lays(self) -> bool:
        """Whether a company's lays on a hex may be kept for other positions (``_company_hex_lays``):
        the static verdicts are shared (``static.shares``) and the rules read after them are the
        generic ones, which read no more than the key holds."""
        cls = type(self)
        hit = _REUSES.get(cls)
        if hit is None:
            hit = _REUSES[cls] = static.shares(cls) and (
                cls.rotation_lay_failure is TileLays.rotation_lay_failure and cls.connection_failure is TileLays.connection_failure
                and cls.company_lay_failure is TileLays.company_lay_failure and cls.full_cost is TileLays.full_cost
                and cls.lay_cost is TileLays.lay_cost)
        return hit

    def _company_hex_lays(self, sit: Situation, coord: Coord, label: str, old: TrackView, colours,
                          tile_ok: dict[str, bool], company: Company, net: Network) -> tuple[tuple[str, int, int, bool], ...]:
        """The company's lays on one hex before their cost is set against its cash: (tile, rotation,
        the lay's own cost, whether the tile is yellow) for each tile that passes its own and the
        turn's verdict, at each rotation that reaches the company's track and passes the static
        rules, the connection and the track restriction.

        They read the hex as it stands (its cell and view), the tile set and the options (through
        the static verdicts' list, one object while those are the same), which tiles pass, the
        sides the company reaches here and, over old track, where its walk enters the hex and its
        stations here, the cities here holding its tokens, and the hex's cost reading: kept by
        those, so the next position where a company's track reaches the hex alike (this one's at
        its next turn, or another's) finds them again. A rotation whose verdict walked
        beyond the hex (``Situation.wide_walks``: the track restriction's walk after a lay over
        converging paths) is kept as a rotation to judge again in each position."""
        fits = static.hex_fits(self, sit, coord, colours)
        cid = company.id
        by_colour = self.turn_reads_colour_only()  # then the turn's verdict once per colour class here
        turn: dict[bool, bool] = {}
        passing = []
        for tile, _v in fits:
            ok = self._tile_passes(sit, label, tile, tile_ok)
            if ok:
                yellow = tile.color == "yellow"
                ok = turn.get(yellow) if by_colour else None
                if ok is None:
                    ok = turn[yellow] = not self.turn_failure(sit, coord, tile, old, cid)
            passing.append(ok)
        oks = tuple(passing)
        if not any(oks):
            return ()
        reach = net.reach_mask(coord)
        walk = None
        if old.paths:
            entries = net.entries.get(coord, ())
            busy = net.busy
            walk = (tuple((e, frozenset(busy.get((coord, e), ()))) for e in sorted(entries)),
                    tuple(n for c, n in net.stations if c == coord))
        costs = self._hex_costs(sit, coord, company)
        own, _mask, charges = costs
        cell = sit.cell(coord)
        # of the company itself a lay reads only its tokens here (a city full of others' blocks it)
        own_cities = tuple(t.city for t in cell.tokens if t.company == cid) if cell.tokens else ()
        key = (self, coord, id(cell), id(fits), oks, own_cities, reach, walk, own, tuple(charges.items()) if charges else ())
        hit = _HEX_LAYS.peek(key)
        if hit is not None and hit[0] is cell and hit[1] is fits:
            kept, again = hit[2], hit[3]
            if not again:
                return kept
            # the rotations judged beyond the hex, judged again in their places
            lays = []
            for row in kept:
                if row[0] is None and (row := self._lay_row(sit, coord, old, *row[1], net, costs)) is None:
                    continue
                lays.append(row)
            return tuple(lays)
        kept: list = []  # the rows, a rotation judged beyond the hex as (None, (tile, rotation))
        out: list = []
        again = False
        sides = sit.sm.sides
        for (tile, found), ok in zip(fits, oks, strict=True):
            if not ok:
                continue
            masks, distinct = tile_facts(tile, sides)
            for r in distinct:
                if not masks[r] & reach or found.rotation(self, sit, coord, tile, r) is not None:
                    continue
                walks = sit.wide_walks
                row = self._lay_row(sit, coord, old, tile, r, net, costs)
                if sit.wide_walks != walks:
                    again = True
                    kept.append((None, (tile, r)))  # judged again in each position
                elif row is not None:
                    kept.append(row)
                if row is not None:
                    out.append(row)
        _HEX_LAYS.put(key, (cell, fits, tuple(kept), again))
        return tuple(out)

    def _lay_row(self, sit: Situation, coord: Coord, old: TrackView, tile: TileDef, r: int, net: Network,
                 costs: tuple[int, int, BorderCharges]) -> tuple[str, int, int, bool] | None:
        """A rotation that passed the static rules, judged by what reads the company (the
        connection and the track restriction, its own lay rules): its row, at the cost the hex's
        cost reading ``costs`` gives it (``lay_cost``), or None."""
        if self.connection_failure(sit, coord, tile, r, old, net) or self.company_lay_failure(sit, coord, tile, r, net):
            return None
        return (tile.id, r, _with_borders(costs, exit_mask(tile, r, sit.sm.sides)), tile.color == "yellow")

    def _company_hex_moves(self, sit: Situation, coord: Coord, label: str, kind: str, old: TrackView, colours,
                           tile_ok: dict[str, bool], actor: str | None, phase: str | None, company: Company,
                           net: Network, prices: dict[tuple[int, bool], int]) -> list[Move]:
        """The company's legal lays on one hex (``_company_hex_lays``), each at its full cost (the
        schedule's extra, less the company's discounts: ``prices``, per lay cost and colour class
        in one listing) and within the company's cash."""
        out: list[Move] = []
        cash = company.treasury
        for tid, r, own, yellow in self._company_hex_lays(sit, coord, label, old, colours, tile_ok, company, net):
            cost = prices.get((own, yellow))
            if cost is None:
                add = self.schedule_extra(sit, actor, sit.tileset.get(tid))
                cost = prices[(own, yellow)] = self.company_cost(sit, company, own + add)
            if cash is None or cost <= cash:
                out.append(TrackMove.made(kind, label, tid, r, actor, phase, (), cost))
        return out


def clear() -> None:
    """Forget every lay kept across positions: the static verdicts and the companies' lays per hex
    (tests and benchmarks that time a cold start)."""
    static.clear()
    _HEX_LAYS.clear()

"""18 India's private companies' track abilities, and the free home choice of GIPR.

Used by the ``18india`` rule set (:mod:`model.rules.india`), which mixes :class:`PrivateRules`
into the generic 18xx rules.

Private companies are listed in ``state.privates`` (id, owner, used, discount, abilities). Their
track abilities, as their ``abilities`` say (the company cards'; a ``tile_lay`` ability with
``upgrade_count: 0`` gives ``extra-lay``, one with ``lay_count: 0`` gives ``extra-upgrade``, see
:func:`extra_kind_of`):

* **P2** (Portuguese EIC): one extra yellow tile, move ``extra-lay CELL TILE ROTATION P2``: a
  yellow tile on a hex the company reaches, by the ordinary tile rules, that does not count
  toward the turn's four yellows and need not extend the line; it may also follow an upgrade.
* **P3** (Dutch EIC): one extra upgrade, move ``extra-upgrade CELL TILE ROTATION P3``, the same
  way (it may upgrade a tile laid earlier this turn).
* **P4** (French EIC): ₹40 off the total terrain cost (terrain and river sides) of the tiles a
  company lays in one operating round. Using it is a state edit: ``used: true`` and
  ``discount: 40``; each lay takes what it needs from ``discount``; ``discount: 0`` is the end
  of the round.

A private owned by a company is that company's; one owned by a player (an owner that is not a
company id) may be used by the active company (``state.active``; any company when it is unset),
as the scenario does not record who presides over which company. An extra lay closes its
private (``used: true``); its ``state.laid`` entry names the private.

**Free home choice** (``state.pending_home``, GIPR in 18 India): until it has a station, the
company may only choose its home: ``home-station CELL CITY`` in any city with a free circle not
reserved for another company, or ``home-upgrade CELL TILE ROTATION``, a green single-slot city
(tiles tagged ``towns-only``) laid straight onto a white or yellow hex with one town (not the
hexes of option ``home_town_excluded``), keeping the old exits, with its station in the new
city. The terrain is paid; no connection is needed. Then ``pending_home`` is cleared and the
normal rules apply.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from model.board import LaidTile, Token
from model.rules import Move, MoveSyntaxError
from model.rules.eighteen_xx import Situation, TrackMove
from model.rules.eighteen_xx.company import Network, next_token_cost, reservation_problem, tokens_on_board
from model.rules.eighteen_xx.hexmap import LAYABLE_COLORS, distinct_rotations, exit_mask
from model.scenario import Company, LaidThisTurn, PrivateCompany, Scenario
from model.upgrading.predicates import exits_preserved

if TYPE_CHECKING:  # pragma: no cover - typing only
    from model.rules.eighteen_xx import EighteenXX as _Base
else:
    _Base = object

Failure = tuple[str, str] | None

PRIVATE_ABILITIES: dict[str, tuple[str, str, str]] = {
    "P2": ("extra-lay", "Portuguese EIC", "one extra yellow tile, outside the turn's lays"),
    "P3": ("extra-upgrade", "Dutch EIC", "one extra upgrade, outside the turn's lays"),
    "P4": ("terrain-discount", "French EIC", "₹40 off the terrain costs of one operating round"),
}
"""Private id -> (ability, name, what it gives). P1, P5 (a station) and P6 change no tile lay."""

EXTRA_KINDS: dict[str, str] = {"extra-lay": "lay", "extra-upgrade": "upgrade"}
"""Move kinds of the private companies' extra lays -> the ordinary kind they lay as."""


HOME_KINDS = ("home-station", "home-upgrade")
TOWNS_ONLY_TAG = "towns-only"


class IndiaMove(TrackMove):
    """A move that prints the 18 India kinds too: ``extra-lay K18 9 0 P2``, ``home-station A16 0``."""

    def text(self) -> str:
        extra = dict(self.extra)
        if self.kind in EXTRA_KINDS:
            text = f"{self.kind} {self.cell} {self.tile} {self.rotation}"
            return text + (f" {extra['private']}" if extra.get("private") else "")
        if self.kind == "home-station":
            return f"home-station {self.cell} {extra.get('city', 0)}"
        return super().text()


def extra_kind_of(pc: PrivateCompany) -> str | None:
    """The extra-lay move a private's ``tile_lay`` ability gives: ``extra-lay`` (yellows only,
    P2), ``extra-upgrade`` (upgrades only, P3), or None."""
    for ab in pc.abilities:
        if ab.type != "tile_lay":
            continue
        if ab.upgrade_count == 0 and ab.lay_count != 0:
            return "extra-lay"
        if ab.lay_count == 0 and ab.upgrade_count != 0:
            return "extra-upgrade"
    return None


def _gives(pc: PrivateCompany) -> str:
    kind = extra_kind_of(pc)
    if kind == "extra-lay":
        return "one extra yellow tile, outside the turn's lays"
    if kind == "extra-upgrade":
        return "one extra upgrade, outside the turn's lays"
    return PRIVATE_ABILITIES.get(pc.id, ("", "", ""))[2]


def private_title(pc: PrivateCompany) -> str:
    """'P2 (Portuguese EIC)'."""
    name = pc.name or PRIVATE_ABILITIES.get(pc.id, ("", "", ""))[1]
    return f"{pc.id} ({name})" if name else pc.id


def non_private(laid: list[LaidThisTurn]) -> list[LaidThisTurn]:
    """This turn's lays that count toward the turn's limit (not those of a private's ability)."""
    return [e for e in laid if e.private is None]


class PrivateRules(_Base):
    """The private companies' abilities and the free home choice (see the module docstring)."""

    # --- who may use a private -------------------------------------------------------------------
    @staticmethod
    def may_use(scenario: Scenario, pc: PrivateCompany, company: str) -> bool:
        """May this company use the private's ability (owned by it, or by a player operating it)?"""
        if pc.owner is None:
            return False
        if scenario.company(pc.owner) is not None:
            return pc.owner == company
        return scenario.state.active in (None, company)

    def running_discount(self, scenario: Scenario, company: str) -> PrivateCompany | None:
        """The private whose terrain discount this company lays with now, if any."""
        return next(
            (pc for pc in scenario.state.privates if pc.discount > 0 and self.may_use(scenario, pc, company)), None
        )

    def company_cost(self, sit: Situation, company: Company | None, cost: int) -> int:
        if company is None or not cost:
            return cost
        pc = self.running_discount(sit.scenario, company.id)
        return cost - min(cost, pc.discount) if pc is not None else cost

    # --- extra lays (P2, P3) -------------------------------------------------------------------
    def extra_lay_failure(self, sit: Situation, move: Move, net: Network | None) -> tuple[Failure, int]:
        """The first rule an ``extra-lay`` / ``extra-upgrade`` breaks (None if legal), and its cost."""
        scenario = sit.scenario
        company = self.company(scenario, move.actor)
        if company is None:
            return (("unknown-company", f"{move.kind} needs a company (use --company)"), 0)
        if scenario.state.pending_home == company.id:
            return (("home-pending", f"{company.id} must choose its home first (home-station or home-upgrade)"), 0)
        ability = move.kind
        wanted = dict(move.extra).get("private")
        ours = [pc for pc in scenario.state.privates if extra_kind_of(pc) == ability]
        pc = next((p for p in ours if wanted is None or p.id == wanted), None)
        if pc is None:
            what = f"private {wanted}" if wanted else f"a private with an {ability}"
            return (("no-private", f"{company.id} does not have an ability that allows them to lay this tile ({what} is not in play)"), 0)
        if not self.may_use(scenario, pc, company.id):
            return (("private-not-owned", f"{company.id} does not have an ability that allows them to lay this tile: {private_title(pc)} belongs to {pc.owner or 'nobody'}"), 0)
        if pc.used:
            return (("private-used", f"{private_title(pc)} has used its ability and closed"), 0)
        tile = sit.tileset.get(move.tile or "")
        if tile is None:
            return (("unknown-tile", f"there is no tile {move.tile!r} in this scenario's manifest"), 0)
        if (tile.color == "yellow") != (ability == "extra-lay"):
            gives = _gives(pc)
            return (("private-ability", f"{private_title(pc)} gives {gives}; tile {tile.id} is {tile.color}"), 0)
        coord = sit.sm.grid.coord(move.cell)
        for fail in self.tile_failures(sit, coord, tile, move.rotation):
            return (fail, 0)
        if fail := sit.supply_failure(tile):
            return (fail, 0)
        if net is None:
            net = self.network(sit, company)
        fail = self.connection_failure(sit, coord, tile, move.rotation, sit.view(coord), net)
        if fail:
            return (fail, 0)
        cost = self.company_cost(sit, company, self.lay_cost(sit, coord, tile, move.rotation))
        if company.treasury is not None and cost > company.treasury:
            return (("insufficient-cash", f"{company.id} has {company.treasury} and cannot spend {cost}"), cost)
        return (None, cost)

    def extra_lay_moves(self, sit: Situation, company: Company, net: Network, phase: str | None, only_tile: str | None) -> list[Move]:
        """Every legal extra lay of the company's private companies."""
        out: list[Move] = []
        scenario = sit.scenario
        for pc in scenario.state.privates:
            ability = extra_kind_of(pc)
            if ability not in EXTRA_KINDS or pc.used or not self.may_use(scenario, pc, company.id):
                continue
            for coord in sit.sm.coords:
                if coord not in net.connected or sit.sm.printed_color[coord] not in LAYABLE_COLORS:
                    continue
                if (sit.view(coord).color == "white") != (ability == "extra-lay"):
                    continue
                for tile in self.candidate_tiles(sit, coord):
                    if only_tile is not None and tile.id != only_tile:
                        continue
                    if self.fit_failure_static(sit, coord, tile) is not None:
                        continue
                    for rot in distinct_rotations(tile, sit.sm.sides):
                        if next(self.rotation_failures(sit, coord, tile, rot), None) is not None:
                            continue
                        move = IndiaMove(ability, sit.sm.label_of[coord], tile.id, rot, actor=company.id, phase=phase, extra=(("private", pc.id),))
                        fail, cost = self.extra_lay_failure(sit, move, net)
                        if fail is None:
                            out.append(replace(move, cost=cost))
        return out

    # --- the free home choice (GIPR) -------------------------------------------------------------
    def home_failure(self, sit: Situation, move: Move) -> tuple[Failure, int]:
        """The first rule a ``home-station`` / ``home-upgrade`` breaks (None if legal), and its cost."""
        scenario = sit.scenario
        company = self.company(scenario, move.actor)
        if company is None:
            return (("unknown-company", f"{move.kind} needs a company (use --company)"), 0)
        if scenario.state.pending_home != company.id:
            return (("home-not-pending", f"{company.id} has no home to choose (state.pending_home is not {company.id})"), 0)
        if tokens_on_board(scenario, company.id):
            return (("home-not-pending", f"{company.id} already has a station on the board"), 0)
        token_cost = next_token_cost(scenario, company)
        if token_cost is None:
            return (("station-no-tokens", f"{company.id} has no station tokens left"), 0)
        coord = sit.sm.grid.coord(move.cell)
        label = move.cell
        view = sit.view(coord)
        cell = sit.cell(coord)
        if move.kind == "home-station":
            city = int(dict(move.extra).get("city", 0))
            if city >= view.city_count:
                return (("station-no-city", f"{label} has no city {city} (it has {view.city_count})"), 0)
            if sum(1 for t in cell.tokens if t.city == city) >= view.node_slots[view.city_nodes[city]]:
                return (("station-full", f"{label}: city {city} has no free circle"), 0)
            problem = reservation_problem(scenario, view, cell, city, company.id)
            if problem:
                return (("station-reserved", f"{label}: {problem}"), token_cost)
            cost = token_cost
        else:
            excluded = str(self.option(scenario, "home_town_excluded")).replace(",", " ").split()
            if sit.sm.printed_color[coord] not in LAYABLE_COLORS or view.color not in ("white", "yellow") or view.town_count != 1 or view.city_count:
                return (("home-town", f"{label}: a home tile goes on a white or yellow hex with a single town, not on {view.name}"), 0)
            if label in excluded:
                return (("home-town", f"{label} may not become a single city (option home_town_excluded)"), 0)
            tile = sit.tileset.get(move.tile or "")
            if tile is None:
                return (("unknown-tile", f"there is no tile {move.tile!r} in this scenario's manifest"), 0)
            if TOWNS_ONLY_TAG not in tile.tags:
                return (("home-tile", f"tile {tile.id} is not a green single-slot city; a home on a town is one of those"), 0)
            if not 0 <= move.rotation < sit.sm.sides:
                return (("bad-rotation", f"{label}: rotation {move.rotation} is not 0-{sit.sm.sides - 1}"), 0)
            if exit_mask(tile, move.rotation, sit.sm.sides) & ~sit.sm.accept_mask[coord]:
                for fail in self.exit_failures(sit, coord, tile, move.rotation):
                    return (fail, 0)
            fail = exits_preserved(view, tile, move.rotation, sit.sm.sides)
            if fail:
                return ((fail[0], f"{label}: {fail[1]}"), 0)
            if fail := sit.supply_failure(tile):
                return (fail, 0)
            cost = self.company_cost(sit, company, self.lay_cost(sit, coord, tile, move.rotation)) + token_cost
        if company.treasury is not None and cost > company.treasury:
            return (("insufficient-cash", f"{company.id} has {company.treasury} and cannot spend {cost}"), cost)
        return (None, cost)

    def home_moves(self, sit: Situation, company: Company, phase: str | None, only_tile: str | None) -> list[Move]:
        """Every home the company may choose: open cities, and town hexes turned into green cities."""
        out: list[Move] = []
        towns_only = [t for t in sit.tileset.tiles if TOWNS_ONLY_TAG in t.tags]
        for coord in sit.sm.coords:
            label = sit.sm.label_of[coord]
            view = sit.view(coord)
            candidates: list[IndiaMove] = []
            if only_tile is None:
                candidates += [
                    IndiaMove("home-station", label, actor=company.id, phase=phase, extra=(("city", k),))
                    for k in range(view.city_count)
                ]
            if view.town_count == 1 and not view.city_count and view.color in ("white", "yellow"):
                for tile in towns_only:
                    if only_tile is None or tile.id == only_tile:
                        candidates += [
                            IndiaMove("home-upgrade", label, tile.id, r, actor=company.id, phase=phase)
                            for r in distinct_rotations(tile, sit.sm.sides)
                        ]
            for move in candidates:
                fail, cost = self.home_failure(sit, move)
                if fail is None:
                    out.append(replace(move, cost=cost))
        return out

    # --- applying --------------------------------------------------------------------------------
    def apply_private_or_home(self, scenario: Scenario, move: Move, cost: int) -> Scenario:
        """The scenario after an extra lay, a home choice, or an ordinary lay under a discount."""
        if move.kind in HOME_KINDS:
            return self._apply_home(scenario, move, cost)
        kind = EXTRA_KINDS.get(move.kind, move.kind)
        privates = list(scenario.state.privates)
        if kind in ("lay", "upgrade") and move.actor is not None:
            pc = self.running_discount(scenario, move.actor)
            if pc is not None:
                sit = Situation.of(scenario)
                tile = sit.tileset.get(move.tile or "")
                base = self.lay_cost(sit, sit.sm.grid.coord(move.cell), tile, move.rotation) if tile is not None else 0
                used = min(pc.discount, base)
                if used:
                    privates = [p.model_copy(update={"discount": p.discount - used}) if p is pc else p for p in privates]
        out = super()._apply_move(scenario, replace(move, kind=kind), cost)
        state = out.state
        if move.kind in EXTRA_KINDS:
            wanted = dict(move.extra).get("private")
            ability = move.kind
            pc = next(
                (p for p in privates if extra_kind_of(p) == ability and (wanted is None or p.id == wanted)),
                None,
            )
            laid = list(state.laid)
            if pc is not None:
                privates = [p.model_copy(update={"used": True}) if p is pc else p for p in privates]
                laid[-1] = laid[-1].model_copy(update={"private": pc.id})
            state = state.model_copy(update={"laid": laid})
        if privates != scenario.state.privates:
            state = state.model_copy(update={"privates": privates})
        return out.model_copy(update={"state": state}) if state is not out.state else out

    def _apply_home(self, scenario: Scenario, move: Move, cost: int) -> Scenario:
        board = scenario.board
        coord = board.grid.coord(move.cell)
        cell = board.cell(coord)
        companies = [
            c.model_copy(update={"treasury": c.treasury - cost}) if c.id == move.actor and c.treasury is not None and cost else c
            for c in scenario.companies
        ]
        update: dict[str, Any] = {}
        if move.kind == "home-station":
            city = int(dict(move.extra).get("city", 0))
        else:
            city = 0
            laid = LaidTile(tile=move.tile, rotation=move.rotation, phase=move.phase or scenario.state.game_phase, by=move.actor)
            update["tile"] = laid
        old_exits = Situation.of(scenario).view(coord).exits
        update["tokens"] = [*cell.tokens, Token(company=move.actor, city=city)]
        state = scenario.state.model_copy(update={"pending_home": None})
        out = self._with(scenario, move.cell, cell.model_copy(update=update), state, companies)
        return self.after_lay(out, coord, old_exits) if move.kind == "home-upgrade" else out

    # --- move syntax -----------------------------------------------------------------------------
    @staticmethod
    def parse_india_move(text: str, parts: list[str], actor: str | None, phase: str | None) -> Move | None:
        """The 18 India move kinds (None for any other kind)."""
        kind, cell = parts[0], parts[1]
        if kind in EXTRA_KINDS:
            if len(parts) not in (4, 5):
                raise MoveSyntaxError(f"{text!r}: expected '{kind} CELL TILE ROTATION [PRIVATE]'")
            if not parts[3].isdigit():
                raise MoveSyntaxError(f"{text!r}: rotation {parts[3][:80]!r} is not a number")
            extra = (("private", parts[4]),) if len(parts) == 5 else ()
            return IndiaMove(kind, cell, parts[2], int(parts[3]), actor=actor, phase=phase, extra=extra)
        if kind == "home-station":
            if len(parts) > 3 or (len(parts) == 3 and not parts[2].isdigit()):
                raise MoveSyntaxError(f"{text!r}: expected 'home-station CELL CITY'")
            return IndiaMove(kind, cell, actor=actor, phase=phase, extra=(("city", int(parts[2]) if len(parts) == 3 else 0),))
        if kind == "home-upgrade":
            if len(parts) != 4 or not parts[3].isdigit():
                raise MoveSyntaxError(f"{text!r}: expected 'home-upgrade CELL TILE ROTATION'")
            return IndiaMove(kind, cell, parts[2], int(parts[3]), actor=actor, phase=phase)
        return None

    def reason_of(self, scenario: Scenario, move: Move, cost: int) -> list[str]:
        """Why a legal move is legal when a private or the home choice is the reason (for ``explain``)."""
        out: list[str] = []
        if move.kind in EXTRA_KINDS:
            wanted = dict(move.extra).get("private")
            pc = next(
                (p for p in scenario.state.privates if extra_kind_of(p) == move.kind and (wanted is None or p.id == wanted)),
                None,
            )
            if pc is not None:
                out.append(f"{private_title(pc)}: {_gives(pc)}")
        if move.kind in HOME_KINDS:
            out.append(f"{move.actor} chooses its home (state.pending_home)")
        if move.kind in (*EXTRA_KINDS, "lay", "upgrade", "home-upgrade") and move.actor is not None:
            pc = self.running_discount(scenario, move.actor)
            sit = Situation.reuse(scenario)  # the one explain has just used
            tile = sit.tileset.get(move.tile or "")
            if pc is not None and tile is not None:
                base = self.lay_cost(sit, sit.sm.grid.coord(move.cell), tile, move.rotation)
                if base:
                    out.append(f"{private_title(pc)} takes {min(base, pc.discount)} off the terrain cost of {base}")
        return out

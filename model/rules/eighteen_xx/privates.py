"""Abilities that change a tile lay, for every 18xx title: ``tile_lay``, ``tile_discount`` and
``blocks_hexes`` on private companies (``state.privates``) and corporations (``companies``).

Following the engine (``Step::SpecialTrack``, ``Step::Tracker#lay_tile``, ``Game::Base``):

* an ability is active by its ``owner_type``: ``corporation`` while a company owns the private,
  ``player`` while a player owns it or it is unsold, neither: until the private closes (``used``);
* **blocks_hexes**: nobody lays on its hexes while it is active, except with that private's own
  ability (rule ``hex-blocked``);
* **tile_lay**: the move ``lay CELL TILE ROTATION PRIVATE`` (or ``upgrade ...``) lays with the
  private's ability: on its ``hexes`` (any when empty; on the company's network when
  ``reachable``), one of its ``tiles`` (any when empty), within ``lay_count`` / ``upgrade_count``
  / ``count``; ``special`` upgrades ignore the label and the number of cities; the lay pays the
  terrain and borders less ``discount`` (nothing when ``free``) plus ``cost``; it does not count
  toward the turn's schedule unless ``consume_tile_lay``, and it is not held to the track
  restriction (the engine checks that only for a company's own lays);
* **tile_discount**: the owning company's lays cost ``discount`` less, for a hex of ``terrain``
  (exactly that terrain) or a border of that type, or off the whole cost when no terrain is named.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from model.rules.eighteen_xx.terrain import hex_terrains
from model.scenario import Ability, Company, PrivateCompany, Scenario

if TYPE_CHECKING:  # pragma: no cover
    from model.rules.eighteen_xx import Situation

Failure = tuple[str, str] | None

LAY_TIMES = frozenset({
    "track", "special_track", "owning_corp_or_turn", "owning_player_or_turn", "owning_player_track",
    "or_between_turns", "any", "%current_step%",
})
"""The engine's ``when`` words under which an ability may be used while a company lays track."""


def title(pc: PrivateCompany) -> str:
    """'DR (Delaware and Raritan)' or the id."""
    return f"{pc.id} ({pc.name})" if pc.name else pc.id


def is_company(scenario: Scenario, owner: str | None) -> bool:
    return owner is not None and scenario.company(owner) is not None


def active(scenario: Scenario, pc: PrivateCompany, ab: Ability) -> bool:
    """Is the ability in force (the engine's ``ability_right_owner?``, and the private open)?"""
    if pc.used:
        return False
    if ab.owner_type == "corporation":
        return is_company(scenario, pc.owner)
    if ab.owner_type == "player":
        return not is_company(scenario, pc.owner)
    return True


def may_use(scenario: Scenario, pc: PrivateCompany, company: str) -> bool:
    """May this company use the private's ability: owned by it, or by a player while the company
    operates (``state.active`` is the company, or unset)?"""
    if pc.owner is None:
        return False
    if is_company(scenario, pc.owner):
        return pc.owner == company
    return scenario.state.active in (None, company)


def usable_at_lay(ab: Ability) -> bool:
    return not ab.when or bool(LAY_TIMES.intersection(ab.when))


# --- blocks_hexes ---------------------------------------------------------------------------
def blocking_labels(scenario: Scenario, company: str | None) -> frozenset[str]:
    """Every hex a ``blocks_hexes`` ability of a private or of another company names, in force
    or not: a hex outside them is never blocked for the company (:func:`blocked_failure`)."""
    named = [ab.hexes for pc in scenario.state.privates for ab in pc.abilities if ab.type == "blocks_hexes"]
    named += [ab.hexes for c in scenario.companies if c.id != company for ab in c.abilities if ab.type == "blocks_hexes"]
    return frozenset(h for hexes in named for h in hexes)


def blocked_failure(scenario: Scenario, label: str, company: str | None, private: str | None = None) -> Failure:
    """``hex-blocked`` when an active ``blocks_hexes`` ability covers the hex (not the laying
    private's own, nor the laying company's)."""
    for pc in scenario.state.privates:
        if pc.id == private:
            continue
        for ab in pc.abilities:
            if ab.type == "blocks_hexes" and label in ab.hexes and active(scenario, pc, ab):
                return ("hex-blocked", f"{label} is blocked by {title(pc)}")
    for c in scenario.companies:
        if c.id == company:
            continue
        for ab in c.abilities:
            if ab.type == "blocks_hexes" and label in ab.hexes:
                return ("hex-blocked", f"{label} is blocked by {c.name or c.id}")
    return None


# --- tile_lay ---------------------------------------------------------------------------------
def lay_abilities(scenario: Scenario, pc: PrivateCompany) -> Iterator[tuple[int, Ability]]:
    """The private's tile_lay abilities in force with uses left, with their index."""
    for i, ab in enumerate(pc.abilities):
        if ab.type != "tile_lay" or not active(scenario, pc, ab) or not usable_at_lay(ab):
            continue
        if ab.count is not None and ab.count <= 0:
            continue
        if ab.lay_count == 0 and ab.upgrade_count == 0:
            continue
        yield i, ab


def ability_fit_failure(ab: Ability, label: str, tile_id: str, upgrade: bool) -> Failure:
    """Does the ability allow this tile on this hex, of this kind?"""
    if ab.hexes and label not in ab.hexes:
        return ("ability-hex", f"the ability lays only on {', '.join(ab.hexes[:8])}, not {label}")
    if ab.tiles and tile_id not in ab.tiles:
        return ("ability-tile", f"the ability lays only tiles {', '.join(ab.tiles[:8])}, not {tile_id}")
    if upgrade and ab.upgrade_count == 0:
        return ("ability-kind", "the ability lays no upgrade (upgrade_count 0)")
    if not upgrade and ab.lay_count == 0:
        return ("ability-kind", "the ability lays no yellow tile (lay_count 0)")
    return None


def ability_only_tiles(rules, scenario: Scenario) -> frozenset[str]:
    """The tiles of the rule set's option ``ability_tiles`` (none when it has no such option)."""
    if not any(o.name == "ability_tiles" for o in rules.options):
        return frozenset()
    return frozenset(str(rules.option(scenario, "ability_tiles")).split())


def ability_tile_failure(rules, scenario: Scenario, tile_id: str, ability_tiles: list[str] | None) -> Failure:
    """A tile of the rule set's option ``ability_tiles`` laid otherwise than through an ability
    naming it (``ability_tiles``: the tiles of the ability used, None for an ordinary lay)."""
    if tile_id not in ability_only_tiles(rules, scenario) or (ability_tiles and tile_id in ability_tiles):
        return None
    return ("ability-tile-only", f"tile {tile_id} is laid only through a private company's ability that names it")


def after_use(pc: PrivateCompany, index: int, upgrade: bool) -> PrivateCompany:
    """The private after one use of its tile_lay ability ``index`` (the engine's ``use!``)."""
    ab = pc.abilities[index]
    upd: dict = {}
    if ab.count is not None:
        upd["count"] = max(0, ab.count - 1)
    if ab.lay_count is not None and ab.upgrade_count is not None:
        if upgrade:
            upd["lay_count"], upd["upgrade_count"] = 0, max(0, ab.upgrade_count - 1)
            done = upd["upgrade_count"] == 0
        else:
            upd["upgrade_count"], upd["lay_count"] = 0, max(0, ab.lay_count - 1)
            done = upd["lay_count"] == 0
        if done:
            upd["count"] = 0
    new_ab = ab.model_copy(update=upd)
    abilities = list(pc.abilities)
    abilities[index] = new_ab
    used = pc.used or (ab.closed_when_used_up and new_ab.count == 0)
    return pc.model_copy(update={"abilities": abilities, "used": used})


# --- tile_discount ----------------------------------------------------------------------------
def discounts(scenario: Scenario, company: Company | None) -> list[Ability]:
    """The tile_discount abilities the company lays with: its own and its privates' in force."""
    if company is None:
        return []
    out = [ab for ab in company.abilities if ab.type == "tile_discount"]
    for pc in scenario.state.privates:
        if pc.owner == company.id:
            out += [ab for ab in pc.abilities if ab.type == "tile_discount" and active(scenario, pc, ab)]
    return out


def terrain_discount(sit: Situation, coord, company: Company | None, terrain_cost: int) -> int:
    """What a company's terrain discounts take off a hex's own terrain cost (exactly that terrain)."""
    if not terrain_cost:
        return 0
    label = sit.sm.label_of[coord]
    kinds = hex_terrains(sit.sm.printed[coord]) - {"plain"}
    for ab in discounts(sit.scenario, company):
        if ab.terrain and (not ab.hexes or label in ab.hexes) and kinds == {ab.terrain}:
            return min(ab.discount, terrain_cost)
    return 0


def border_discount(sit: Situation, coord, company: Company | None, kind: str, cost: int) -> int:
    label = sit.sm.label_of[coord]
    names = {"river": "water"}.get(kind, kind)
    for ab in discounts(sit.scenario, company):
        if ab.terrain in (kind, names) and (not ab.hexes or label in ab.hexes):
            return min(ab.discount, cost)
    return 0


def total_discount(sit: Situation, coord, company: Company | None, cost: int) -> int:
    """What a discount with no terrain takes off a lay's whole cost (``coord`` None: only the
    discounts good on every hex)."""
    label = sit.sm.label_of[coord] if coord is not None else None
    for ab in discounts(sit.scenario, company):
        if not ab.terrain and (not ab.hexes or label in ab.hexes):
            return min(ab.discount, cost)
    return 0


# --- the lay with an ability, as a move -------------------------------------------------------
def find_private(scenario: Scenario, private_id: str) -> PrivateCompany | None:
    return next((p for p in scenario.state.privates if p.id == private_id), None)


def private_lay_failure(rules, sit: Situation, move, net) -> tuple[Failure, int]:
    """The first rule a lay with a private's ``tile_lay`` ability breaks (None if legal), and its
    cost (see the module docstring); ``move.extra['private']`` names the private.

    In parts, in this order: what reads the hex and the tile (:func:`_private_context`), the
    tile rules for the rotation, what reads the hex and the company after them
    (:func:`_private_after`), the cost; ``private_lay_moves`` asks the hex's parts once per
    hex and tile."""
    fail, ctx = _private_context(rules, sit, dict(move.extra).get("private"), move.actor, move.cell, move.tile)
    if fail is not None:
        return (fail, 0)
    for fail in special_tile_failures(rules, sit, ctx.coord, ctx.tile, move.rotation, ctx.ability.special):
        return (fail, 0)
    fail = _private_after(rules, sit, ctx, move.cell, net)
    if fail is not None:
        return (fail, 0)
    return _private_cost(rules, sit, ctx, move.rotation)


class _PrivateLay:
    """What a lay with a private's ability reads of the hex and the tile, found once."""

    __slots__ = ("pc", "ability", "company", "coord", "tile")

    def __init__(self, pc: PrivateCompany, ability: Ability, company: Company, coord, tile) -> None:
        self.pc, self.ability, self.company, self.coord, self.tile = pc, ability, company, coord, tile


def _private_context(rules, sit: Situation, pid, actor: str | None, cell: str, tile_id: str | None) -> tuple[Failure, _PrivateLay | None]:
    """The private, its ability that allows this tile here, the company and its turn, the phase."""
    from model.rules.eighteen_xx import play

    scenario = sit.scenario
    pc = find_private(scenario, pid)
    if pc is None:
        return (("no-private", f"there is no private {str(pid)[:40]!r} in state.privates"), None)
    company = rules.company(scenario, actor)
    if company is None:
        return (("unknown-company", f"a lay with {title(pc)} needs a company (use --company)"), None)
    if not may_use(scenario, pc, company.id):
        return (("private-not-owned", f"{company.id} does not have an ability that allows them to lay this tile: "
                 f"{title(pc)} belongs to {pc.owner or 'nobody'}"), None)
    if pc.used:
        return (("private-used", f"{title(pc)} has closed"), None)
    found = list(lay_abilities(scenario, pc))
    if not found:
        return (("no-ability", f"{title(pc)} has no tile_lay ability in force with uses left"), None)
    tile = sit.tileset.get(tile_id or "")
    if tile is None:
        return (("unknown-tile", f"there is no tile {tile_id!r} in this scenario's manifest"), None)
    coord = sit.sm.coord_of.get(cell) or sit.sm.grid.coord(cell)
    old = sit.view(coord)
    upgrade = old.color != "white"
    fail: Failure = None
    for _index, ab in found:
        fail = ability_fit_failure(ab, cell, tile.id, upgrade) or ability_tile_failure(rules, scenario, tile.id, ab.tiles)
        if fail is None:
            break
    if fail is not None:
        return ((fail[0], f"{title(pc)}: {fail[1]}"), None)
    if ab.consume_tile_lay:
        fail = rules.turn_failure(sit, coord, tile, old, company.id)
        if fail:
            return (fail, None)
    fail = play.phase_failure(scenario, tile)
    if fail:
        return ((fail[0], f"{cell}: {fail[1]}"), None)
    return (None, _PrivateLay(pc, ab, company, coord, tile))


def _private_after(rules, sit: Situation, ctx: _PrivateLay, cell: str, net) -> Failure:
    """The supply, the hexes a private blocks, the company's reach (if the ability wants it)."""
    tile, company = ctx.tile, ctx.company
    if fail := sit.supply_failure(tile):
        return fail
    fail = blocked_failure(sit.scenario, cell, company.id, ctx.pc.id)
    if fail:
        return fail
    if ctx.ability.reachable:
        if net is None:
            net = rules.network(sit, company)
        if ctx.coord not in net.connected:
            return ("not-connected", f"Track laid must be connected to one of {company.id}'s stations")
    return None


def _private_cost(rules, sit: Situation, ctx: _PrivateLay, rotation: int) -> tuple[Failure, int]:
    """The lay's cost with the ability (its own, or the lay's less its discount) against the cash."""
    ab, company = ctx.ability, ctx.company
    cost = ab.cost
    if not ab.free:
        base = rules.lay_cost(sit, ctx.coord, ctx.tile, rotation, company)
        cost += base - min(ab.discount, base)
    cost = rules.company_cost(sit, company, cost)
    if company.treasury is not None and cost > company.treasury:
        return (("insufficient-cash", f"{company.id} has {company.treasury} and cannot spend {cost}"), cost)
    return (None, cost)


def special_tile_failures(rules, sit: Situation, coord, tile, rotation: int, special: bool):
    """The tile rules for an ability's lay: all of them, or for a ``special`` ability those the
    engine keeps (colour, the old track kept, exits), without label and city count."""
    if not special:
        yield from rules.tile_failures(sit, coord, tile, rotation)
        return
    from model.rules.eighteen_xx import static
    from model.rules.eighteen_xx.hexmap import LAYABLE_COLORS
    from model.upgrading import predicates as upgrades

    label = sit.sm.label_of[coord]
    if sit.sm.printed_color[coord] not in LAYABLE_COLORS:
        yield ("not-layable", f"{label}: nothing may be laid on a {sit.sm.printed_color[coord]} hex")
        return
    fail = upgrades.colour_progression(sit.view(coord), tile)
    if fail:
        yield (fail[0], f"{label}: {fail[1]}")
        return
    fail = static.bad_rotation(sit, coord, rotation)
    if fail:
        yield fail
        return
    yield from rules.rotation_failures(sit, coord, tile, rotation)


def _special_passing(rules, sit: Situation, coord, tile, special: bool) -> tuple[int, ...]:
    """The distinct rotations passing :func:`special_tile_failures`, from the shared static
    verdicts (``static.tile_verdicts``): all the tile rules, or for a ``special`` ability the
    layable hex, the colour and the rotation's rules."""
    from model.rules.eighteen_xx import static
    from model.rules.eighteen_xx.hexmap import LAYABLE_COLORS, distinct_rotations
    from model.upgrading import predicates as upgrades

    verdicts = static.tile_verdicts(rules, sit, coord, tile)
    if not special:
        return verdicts.passing(rules, sit, coord, tile)
    if sit.sm.printed_color[coord] not in LAYABLE_COLORS or upgrades.colour_progression(sit.view(coord), tile):
        return ()
    return tuple(r for r in distinct_rotations(tile, sit.sm.sides) if verdicts.rotation(rules, sit, coord, tile, r) is None)


def private_lay_moves(rules, sit: Situation, company: Company, net, phase: str | None, only_tile: str | None) -> list:
    """Every legal lay with the tile_lay abilities of the privates the company may use."""
    from model.rules.eighteen_xx.hexmap import LAYABLE_COLORS

    scenario = sit.scenario
    out: list = []
    for pc in scenario.state.privates:
        if not may_use(scenario, pc, company.id):
            continue
        abilities = [ab for _i, ab in lay_abilities(scenario, pc)]
        if not abilities:
            continue
        for coord in sit.sm.coords:
            label = sit.sm.label_of[coord]
            if sit.sm.printed_color[coord] not in LAYABLE_COLORS:
                continue
            if not any(not ab.hexes or label in ab.hexes for ab in abilities):
                continue
            if all(ab.reachable for ab in abilities) and coord not in net.connected:
                continue
            kind = "lay" if sit.view(coord).tile is None else "upgrade"
            tiles = {t.id: t for ab in abilities for t in _ability_tiles(rules, sit, coord, ab)}
            for tile in tiles.values():
                if only_tile is not None and tile.id != only_tile:
                    continue
                # private_lay_failure in its parts: the hex's once per hex and tile
                fail, ctx = _private_context(rules, sit, pc.id, company.id, label, tile.id)
                if fail is not None or _private_after(rules, sit, ctx, label, net) is not None:
                    continue
                for rot in _special_passing(rules, sit, coord, tile, ctx.ability.special):
                    fail, cost = _private_cost(rules, sit, ctx, rot)
                    if fail is None:
                        out.append(rules.move_class(kind, label, tile.id, rot, actor=company.id, phase=phase,
                                                    extra=(("private", pc.id),), cost=cost))
    return out


def _ability_tiles(rules, sit: Situation, coord, ab: Ability) -> list:
    from model.rules.eighteen_xx.hexmap import color_rank

    old = sit.view(coord)
    want = color_rank(old.color) + 1
    if ab.tiles:
        return [t for t in (sit.tileset.get(i) for i in ab.tiles) if t is not None and color_rank(t.color) == want]
    if ab.special:
        return [t for t in sit.tileset.tiles if color_rank(t.color) == want]
    return rules.candidate_tiles(sit, coord)


def apply_private(scenario: Scenario, private_id: str, upgrade: bool, label: str, tile_id: str) -> list[PrivateCompany]:
    """``state.privates`` after a lay with the private's ability (the first that allows it)."""
    out = []
    for pc in scenario.state.privates:
        if pc.id == private_id:
            for index, ab in lay_abilities(scenario, pc):
                if ability_fit_failure(ab, label, tile_id, upgrade) is None:
                    pc = after_use(pc, index, upgrade)
                    break
        out.append(pc)
    return out

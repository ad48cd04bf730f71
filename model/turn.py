"""The game state as the editor's Turn panel edits it: actors, hands, cash, tokens, state fields.

Qt-free decisions (each returns new values, never changes the scenario): the editor wraps them
in undo commands. The Turn panel edits :class:`model.scenario.GameState` generically from its
pydantic fields (so fields a rule set adds show up), with dedicated widgets for the common ones
listed in :data:`DEDICATED_STATE_FIELDS`.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ValidationError

from model.rules import RuleSet
from model.scenario import Company, GameState, LaidThisTurn, Player, PrivateCompany, Scenario

DEDICATED_STATE_FIELDS = ("turn", "active", "phase", "game_phase", "drawn", "laid", "privates", "pending_home")
"""State fields the Turn panel has its own widgets for; every other field gets a generic editor."""

DEDICATED_COMPANY_FIELDS = ("id", "name", "color", "text_color", "home", "home_city", "tokens", "treasury")
"""Company fields shown elsewhere (Players & companies) or by the Turn panel's own columns."""

DEDICATED_PLAYER_FIELDS = ("id", "name", "color", "origin", "destination", "hand")

GAME_PHASES = ("I", "II", "III", "IV")
"""The 18xx game phases the bundled rule sets name (an editable list: titles may add their own)."""


def actor_kind(scenario: Scenario, rules: RuleSet | None) -> str:
    """Who moves: the rule set's :attr:`RuleSet.actor_kind`; without a rule set, players on a
    square board (the Catalan game) and companies on a hex board."""
    if rules is not None:
        return rules.actor_kind
    return "player" if scenario.board.grid.kind == "square" else "company"


def actors(scenario: Scenario, rules: RuleSet | None) -> list[str]:
    """The ids of the rule set's actors: its players or its companies."""
    if actor_kind(scenario, rules) == "player":
        return [p.id for p in scenario.players]
    return [c.id for c in scenario.companies]


def with_state(scenario: Scenario, **changes: Any) -> GameState:
    """The state with some fields changed (validated: a bad value raises ValueError)."""
    data = scenario.state.model_dump()
    data.update(changes)
    try:
        return GameState.model_validate(data)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        raise ValueError(f"state.{'.'.join(map(str, err.get('loc', ())))}: {err.get('msg')}") from None


def set_active(scenario: Scenario, rules: RuleSet | None, actor: str | None) -> GameState:
    """The state with ``actor`` active (None: nobody, the editor designs); unknown ids are refused."""
    if actor is not None and actor not in actors(scenario, rules):
        known = ", ".join(actors(scenario, rules)) or "none"
        raise ValueError(f"state.active: {actor!r} is not one of the {actor_kind(scenario, rules)}s ({known})")
    return with_state(scenario, active=actor)


# --- turn phases ------------------------------------------------------------------------------
def turn_phases(scenario: Scenario, rules: RuleSet | None) -> list[str]:
    """The turn phases the Turn panel offers: the rule set's (:meth:`RuleSet.turn_phases`; none
    without a rule set), with the current ``state.phase`` if it is another."""
    names = list(rules.turn_phases(scenario)) if rules is not None else []
    if scenario.state.phase and scenario.state.phase not in names:
        names.append(scenario.state.phase)
    return names


# --- hands (Catalan) --------------------------------------------------------------------------
def hand_counts(player: Player) -> dict[str, int]:
    """Tile id -> copies in the player's hand, in the order first held."""
    out: dict[str, int] = {}
    for tid in player.hand:
        out[tid] = out.get(tid, 0) + 1
    return out


def hand_with(scenario: Scenario, player_id: str, tile_id: str, delta: int) -> list[Player]:
    """The players with ``delta`` copies of ``tile_id`` added to (or taken from) one player's hand."""
    if scenario.tile(tile_id) is None:
        raise ValueError(f"{tile_id!r} is not in the scenario's tile set")
    out = []
    found = False
    for p in scenario.players:
        if p.id == player_id:
            found = True
            hand = list(p.hand)
            if delta > 0:
                hand += [tile_id] * delta
            else:
                for _ in range(-delta):
                    if tile_id in hand:
                        hand.reverse()
                        hand.remove(tile_id)  # the last copy goes first
                        hand.reverse()
            p = p.model_copy(update={"hand": hand})
        out.append(p)
    if not found:
        raise ValueError(f"there is no player {player_id!r}")
    return out


# --- game phases (18xx) ---------------------------------------------------------------------
def phase_names(scenario: Scenario, rules: RuleSet | None) -> list[str]:
    """The game phases the Turn panel offers: the scenario's ``play.phases`` by name, else the
    rule set's, else the usual I-IV (with the current one if it is another)."""
    names = list(rules.game_phases(scenario)) if rules is not None else [p.name for p in scenario.play.phases]
    if not names:
        names = list(GAME_PHASES)
    if scenario.state.game_phase and scenario.state.game_phase not in names and not scenario.play.phases:
        names.append(scenario.state.game_phase)
    return names


def game_phase_with(scenario: Scenario, name: str | None) -> GameState:
    """The state in game phase ``name`` (None: unset); a name not among ``play.phases`` is refused."""
    if name is not None and scenario.play.phases and scenario.play.phase(name) is None:
        known = ", ".join(p.name for p in scenario.play.phases)
        raise ValueError(f"state.game_phase: {name[:40]!r} is not one of play.phases ({known[:80]})")
    return with_state(scenario, game_phase=name)


def phase_summary(scenario: Scenario) -> str:
    """What the current phase allows, in words ('' when phases are not modelled)."""
    phase = scenario.play.phase(scenario.state.game_phase)
    if phase is None:
        return "" if not scenario.play.phases else "no phase set: every colour may be laid"
    parts = [f"tiles: {', '.join(phase.tiles) or 'none'}"]
    if phase.operating_rounds is not None:
        parts.append(f"{phase.operating_rounds} operating round{'s' if phase.operating_rounds != 1 else ''}")
    if phase.status:
        parts.append(", ".join(phase.status))
    return "; ".join(parts)


def laid_text(entry: LaidThisTurn) -> str:
    """'C8: y7', 'B9: y7 (private P1)', with the phase when recorded."""
    text = f"{entry.cell}: {entry.tile}"
    if entry.private:
        text += f" (private {entry.private})"
    if entry.phase:
        text += f" ({entry.phase})"
    return text


def ability_summary(ab) -> str:
    """One ability in a few words, as the Privates box lists it."""
    where = f" on {', '.join(ab.hexes[:4])}{'…' if len(ab.hexes) > 4 else ''}" if ab.hexes else ""
    if ab.type == "blocks_hexes":
        return f"blocks{where}" + (" while a player owns it" if ab.owner_type == "player" else "")
    if ab.type == "tile_discount":
        return f"{ab.discount} off {ab.terrain or 'lays'}{where}"
    tiles = f" tile {', '.join(ab.tiles[:4])}" if ab.tiles else " a tile"
    left = "" if ab.count is None else f" ({ab.count} left)"
    return f"lays{tiles}{where}{' free' if ab.free else ''}{left}"


# --- tiles laid this turn ---------------------------------------------------------------------
def laid_with(scenario: Scenario, label: str, phase: str | None = None) -> GameState:
    """The state with the tile on ``label`` added to the tiles laid this turn."""
    cell = scenario.board.cell_at_label(label)
    if cell.tile is None:
        raise ValueError(f"{label} holds no tile to count as laid this turn")
    if any(e.cell == label for e in scenario.state.laid):
        raise ValueError(f"{label} is already among the tiles laid this turn")
    entry = LaidThisTurn(cell=label, tile=cell.tile.tile, phase=phase)
    return scenario.state.model_copy(update={"laid": [*scenario.state.laid, entry]})


def laid_without(scenario: Scenario, index: int) -> GameState:
    laid = list(scenario.state.laid)
    if 0 <= index < len(laid):
        del laid[index]
    return scenario.state.model_copy(update={"laid": laid})


# --- companies: cash and tokens ---------------------------------------------------------------
def tokens_placed(scenario: Scenario, company_id: str) -> int:
    return sum(1 for cell in scenario.board.cells.values() for t in cell.tokens if t.company == company_id)


def tokens_left(scenario: Scenario, company: Company) -> list[int]:
    """The costs of the company's station tokens not yet on the board, in the order they are used."""
    return list(company.tokens[tokens_placed(scenario, company.id):])


def parse_costs(text: str) -> list[int]:
    """``'0, 40, 100'`` -> ``[0, 40, 100]`` (whole numbers, 0 or more)."""
    out = []
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        if not part.isdigit():
            raise ValueError(f"tokens: {part[:20]!r} is not a whole number of 0 or more")
        out.append(int(part))
    return out


def parse_cash(text: str) -> int | None:
    """A company's cash: a whole number, or empty for 'not tracked'."""
    text = text.strip().lstrip("₹$£")
    if not text:
        return None
    if not text.isdigit():
        raise ValueError(f"cash: {text[:20]!r} is not a whole number of 0 or more")
    return int(text)


def companies_with(scenario: Scenario, company_id: str, **changes: Any) -> list[Company]:
    """The companies with fields of one changed (validated)."""
    out = []
    for c in scenario.companies:
        if c.id == company_id:
            try:
                c = Company.model_validate({**c.model_dump(), **changes})
            except ValidationError as exc:
                err = exc.errors(include_url=False)[0]
                raise ValueError(f"{company_id}.{'.'.join(map(str, err.get('loc', ())))}: {err.get('msg')}") from None
        out.append(c)
    return out


# --- private companies and a pending home (18 India) ----------------------------------------
def private_owners(scenario: Scenario) -> list[str]:
    """Who may own a private company: the companies, then the players (ids)."""
    return [c.id for c in scenario.companies] + [p.id for p in scenario.players]


def _private_index(scenario: Scenario, private_id: str) -> int:
    for i, pc in enumerate(scenario.state.privates):
        if pc.id == private_id:
            return i
    raise ValueError(f"state.privates: there is no private {private_id[:40]!r}")


def privates_with(scenario: Scenario, private_id: str, **changes: Any) -> GameState:
    """The state with fields of one private company changed (``owner``, ``used``, ``discount``,
    ``name``), validated: an owner must be a company or a player, a discount 0 or more."""
    i = _private_index(scenario, private_id)
    owner = changes.get("owner")
    if owner is not None and owner not in private_owners(scenario):
        raise ValueError(f"state.privates.{i}.owner: {str(owner)[:40]!r} is neither a company nor a player")
    try:
        new = PrivateCompany.model_validate({**scenario.state.privates[i].model_dump(), **changes})
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        raise ValueError(f"state.privates.{i}.{'.'.join(map(str, err.get('loc', ())))}: {err.get('msg')}") from None
    privates = list(scenario.state.privates)
    privates[i] = new
    return scenario.state.model_copy(update={"privates": privates})


def private_added(scenario: Scenario, private_id: str, name: str | None = None) -> GameState:
    """The state with one more private company, unowned (its id must be new)."""
    private_id = private_id.strip()
    if not private_id:
        raise ValueError("state.privates: a private company needs an id")
    if any(pc.id == private_id for pc in scenario.state.privates):
        raise ValueError(f"state.privates: {private_id[:40]!r} is listed already")
    new = PrivateCompany(id=private_id, name=(name or "").strip() or None)
    return scenario.state.model_copy(update={"privates": [*scenario.state.privates, new]})


def private_removed(scenario: Scenario, private_id: str) -> GameState:
    """The state without one private company."""
    i = _private_index(scenario, private_id)
    privates = [pc for k, pc in enumerate(scenario.state.privates) if k != i]
    return scenario.state.model_copy(update={"privates": privates})


def pending_home_with(scenario: Scenario, company_id: str | None) -> GameState:
    """The state with ``company_id`` choosing its home now (None: no home pending)."""
    if company_id is not None and scenario.company(company_id) is None:
        raise ValueError(f"state.pending_home: {company_id[:40]!r} is not a company")
    return scenario.state.model_copy(update={"pending_home": company_id})


def reads_state_field(rules: RuleSet | None, name: str) -> bool:
    """Whether the Turn panel shows a state field for a rule set (every field unless the rule set
    says which ones it reads)."""
    read = rules.state_fields if rules is not None else None
    return read is None or name in read


# --- generic fields ---------------------------------------------------------------------------
def field_text(model: BaseModel, name: str) -> str:
    """A field's value as the generic editor shows it: plain text for strings, JSON otherwise."""
    value = getattr(model, name)
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json")
    elif isinstance(value, list | tuple):
        value = [v.model_dump(mode="json") if isinstance(v, BaseModel) else v for v in value]
    return json.dumps(value, ensure_ascii=False)


def parse_field(model: BaseModel, name: str, text: str) -> BaseModel:
    """``model`` with field ``name`` set from the generic editor's ``text`` (JSON, or a bare
    string); empty text gives the field's default. Raises ValueError naming the field."""
    cls = type(model)
    info = cls.model_fields[name]
    text = text.strip()
    if not text:
        value = info.get_default(call_default_factory=True)
    else:
        try:
            value = json.loads(text)
        except ValueError:
            value = text
    data = model.model_dump()
    data[name] = value
    try:
        return cls.model_validate(data)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        return _raise(name, err, text)


def _raise(name: str, err: dict, text: str):
    shown = text if len(text) <= 40 else text[:37] + "…"
    loc = ".".join(map(str, err.get("loc", ()))) or name
    raise ValueError(f"{loc}: {err.get('msg')} (got {shown!r})")


def extra_fields(cls: type[BaseModel], dedicated: tuple[str, ...]) -> list[str]:
    """The fields of a model that have no dedicated widget (the generic editors)."""
    return [name for name in cls.model_fields if name not in dedicated]


def state_fields(rules: RuleSet | None) -> list[str]:
    """The generic state fields the Turn panel shows for a rule set (:attr:`RuleSet.state_fields`;
    every field when it does not say, so fields a title adds to the state appear in the Turn
    panel without more code)."""
    extras = extra_fields(GameState, DEDICATED_STATE_FIELDS)
    read = rules.state_fields if rules is not None else None
    return extras if read is None else [n for n in extras if n in read]

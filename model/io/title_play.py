"""The state of play of an 18xx.games title, read from its code (never run): phases, the lay
schedule, corporations and private companies with the abilities that change a lay.

=======================================  ==============================================================
engine constant (game.rb, entities.rb)   scenario field
=======================================  ==============================================================
``PHASES``                               ``play.phases`` (name, tiles, operating_rounds, status, on)
``TILE_LAYS``                            ``play.tile_lays`` (absent: the engine's one lay of either kind)
``MINOR_TILE_LAYS``, ``MAJOR_TILE_LAYS`` ``play.tile_lays_by_type`` (minor, major)
``CORPORATIONS``, ``MINORS``             ``companies`` (sym, name, tokens, coordinates, city, colours,
                                         type, abilities)
``COMPANIES``                            ``state.privates`` (sym, name, abilities), unsold
=======================================  ==============================================================

Abilities of the kinds a scenario holds (``tile_lay``, ``tile_discount``, ``blocks_hexes``) are
kept with the engine's field names; every other kind, every field that changes a lay and is not
held, and every method of the title that decides a lay (``def tile_lays`` ...) is listed in
``play.not_held`` and returned as a note: the map still opens.
"""

from __future__ import annotations

import re
from typing import Any

from model.scenario import ABILITY_TYPES, Ability, Company, GamePhase, PrivateCompany, TileLay

PLAY_CONSTANTS = ("PHASES", "TILE_LAYS", "MINOR_TILE_LAYS", "MAJOR_TILE_LAYS")
ENTITY_CONSTANTS = ("CORPORATIONS", "MINORS", "COMPANIES")

LAY_METHODS = (
    "tile_lays", "upgrades_to?", "legal_tile_rotation?", "upgrade_cost", "tile_cost_with_discount",
    "tile_valid_for_phase?", "potential_tiles", "hex_blocked_by_ability?", "check_track_restrictions!",
    "graph_skip_paths", "upgrades_to_correct_label?", "upgrades_to_correct_city_town?",
)
"""Methods of a title's game class or track step that change which lays are legal."""

LAY_KINDS_NOT_HELD = frozenset({"teleport", "blocks_hexes_consent", "choose_ability"})
"""Ability kinds that change a lay and that a scenario does not hold (listed when imported);
the other kinds (shares, revenue, trains, station reservations ...) change no lay."""

TILE_LAY_KEYS = frozenset({"lay", "upgrade", "cost", "upgrade_cost", "cannot_reuse_same_hex"})
_HELD = {
    "tile_lay": {"hexes", "tiles", "count", "lay_count", "upgrade_count", "free", "discount", "cost", "reachable",
                 "special", "consume_tile_lay", "closed_when_used_up"},
    "tile_discount": {"discount", "terrain", "hexes"},
    "blocks_hexes": {"hexes"},
}
_HARMLESS = {"type", "owner_type", "when", "description", "desc_detail", "connect", "blocks", "hidden",
             "exact_match", "passive", "use_across_ors", "remove_when_used_up"}
"""Ability fields that need no place in the scenario (descriptions, drawing, timing kept in when)."""


def _short(value: Any, n: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= n else text[: n - 1] + "…"


def tile_lay_entries(value: Any, name: str, notes: list[str]) -> list[TileLay] | None:
    """A ``TILE_LAYS`` list as schedule entries (None, with a note, when it is not one)."""
    if not isinstance(value, list) or not value or not all(isinstance(x, dict) for x in value):
        notes.append(f"{name} {_short(value)} is not a list of lays")
        return None
    out = []
    for i, entry in enumerate(value):
        extra = set(entry) - TILE_LAY_KEYS
        if extra:
            notes.append(f"{name}[{i}]: {', '.join(sorted(map(str, extra)))} not held")
        kept = {}
        for k in TILE_LAY_KEYS & set(entry):
            v = entry[k]
            if k in ("lay", "upgrade"):
                v = str(v) if v == "not_if_upgraded" else bool(v)
            kept[k] = v
        try:
            out.append(TileLay.model_validate(kept))
        except ValueError:
            notes.append(f"{name}[{i}] {_short(entry)} cannot be held")
            return None
    return out


def phases(value: Any, notes: list[str]) -> list[GamePhase]:
    if not isinstance(value, list):
        notes.append(f"PHASES {_short(value)} is not a list of phases")
        return []
    out = []
    for i, p in enumerate(value):
        if not isinstance(p, dict) or "name" not in p:
            notes.append(f"PHASES[{i}] {_short(p)} is not a phase")
            return []
        status = p.get("status") or []
        data = {
            "name": str(p["name"]),
            "tiles": [str(t) for t in (p.get("tiles") or [])],
            "operating_rounds": p.get("operating_rounds") if isinstance(p.get("operating_rounds"), int) else None,
            "status": [str(s) for s in status] if isinstance(status, list) else [],
            "on": str(p["on"]) if isinstance(p.get("on"), str) else None,
        }
        if isinstance(p.get("tile_lays"), list):
            data["tile_lays"] = tile_lay_entries(p["tile_lays"], f"PHASES[{i}].tile_lays", notes)
        try:
            out.append(GamePhase.model_validate(data))
        except ValueError:
            notes.append(f"PHASES[{i}] {_short(p)} cannot be held")
            return []
    return out


def ability(owner: str, raw: Any, on_board, notes: list[str]) -> Ability | None:
    """One engine ability as a scenario ability (None, with a note, for a kind not held)."""
    if not isinstance(raw, dict):
        return None
    kind = str(raw.get("type"))
    if kind not in ABILITY_TYPES:
        if kind in LAY_KINDS_NOT_HELD or (kind == "token" and raw.get("teleport_price") is not None):
            notes.append(f"{owner}: ability {kind} not held")
        return None
    lost = set(map(str, raw)) - _HELD[kind] - _HARMLESS
    if lost:
        notes.append(f"{owner}: {kind} {', '.join(sorted(lost))} not held")
    data: dict[str, Any] = {"type": kind}
    owner_type = raw.get("owner_type")
    if owner_type in ("player", "corporation"):
        data["owner_type"] = str(owner_type)
    when = raw.get("when")
    data["when"] = [str(w) for w in (when if isinstance(when, list) else [when] if when else [])]
    for k in _HELD[kind]:
        if k in raw and raw[k] is not None:
            data[k] = raw[k]
    hexes = [str(h) for h in data.get("hexes") or [] if isinstance(h, str)]
    off = [h for h in hexes if not on_board(h)]
    if off:
        notes.append(f"{owner}: {kind} hexes {', '.join(off[:6])} are not on this map")
    data["hexes"] = [h for h in hexes if on_board(h)]
    if "tiles" in data:
        data["tiles"] = [str(t) for t in data["tiles"]]
    if "terrain" in data:
        data["terrain"] = str(data["terrain"])
    if kind == "tile_lay" and data.get("count") is None and data.get("lay_count") is not None:
        data["count"] = data["lay_count"]  # the engine's TileLay: count ||= lay_count
    try:
        return Ability.model_validate(data)
    except ValueError:
        notes.append(f"{owner}: {kind} {_short(raw)} cannot be held")
        return None


def corporations(value: Any, what: str, cities_at, on_board, notes: list[str], kind: str | None = None) -> list[Company]:
    """``CORPORATIONS`` / ``MINORS`` as companies (home and home city where the map has them)."""
    if not isinstance(value, list):
        notes.append(f"{what} {_short(value)} is not a list")
        return []
    out = []
    for i, c in enumerate(value):
        if not isinstance(c, dict) or not isinstance(c.get("sym"), str):
            notes.append(f"{what}[{i}] has no sym")
            continue
        sym = c["sym"]
        data: dict[str, Any] = {"id": sym}
        if isinstance(c.get("name"), str):
            data["name"] = c["name"]
        for key, field in (("color", "color"), ("text_color", "text_color")):
            v = c.get(key)
            if isinstance(v, str) and re.fullmatch(r"#[0-9a-fA-F]{3,8}|[a-z_]+", v):
                data[field] = v
        tokens = c.get("tokens")
        if isinstance(tokens, list) and all(isinstance(t, int) and t >= 0 for t in tokens):
            data["tokens"] = tokens
        home = c.get("coordinates")
        if isinstance(home, list):
            notes.append(f"{sym}: several homes {_short(home)}; the first is kept")
            home = home[0] if home else None
        if isinstance(home, str) and on_board(home) and cities_at(home):
            data["home"] = home
            city = c.get("city")
            if isinstance(city, int) and 0 <= city < cities_at(home):
                data["home_city"] = city
        elif home is not None:
            notes.append(f"{sym}: home {_short(home)} is not a city of this map")
        ctype = c.get("type") or kind
        if isinstance(ctype, str):
            data["type"] = ctype
        data["abilities"] = [a for a in (ability(sym, raw, on_board, notes) for raw in c.get("abilities") or []) if a]
        try:
            out.append(Company.model_validate(data))
        except ValueError:
            notes.append(f"{what}[{i}] {sym} cannot be held")
    return out


def privates(value: Any, on_board, notes: list[str]) -> list[PrivateCompany]:
    """``COMPANIES`` as private companies, unsold, with the abilities a scenario holds."""
    if not isinstance(value, list):
        notes.append(f"COMPANIES {_short(value)} is not a list")
        return []
    out = []
    seen: set[str] = set()
    for i, c in enumerate(value):
        if not isinstance(c, dict) or not isinstance(c.get("sym"), str) or c["sym"] in seen:
            notes.append(f"COMPANIES[{i}] has no sym of its own")
            continue
        sym = c["sym"]
        seen.add(sym)
        abilities = [a for a in (ability(sym, raw, on_board, notes) for raw in c.get("abilities") or []) if a]
        out.append(PrivateCompany(id=sym, name=c.get("name") if isinstance(c.get("name"), str) else None, abilities=abilities))
    return out


def lay_methods(text: str) -> list[str]:
    """The methods of a title's source that decide a lay (listed as not imported)."""
    found = []
    for name in LAY_METHODS:
        if re.search(rf"^\s*def\s+{re.escape(name)}(?=[\s(]|$)", text, re.M):
            found.append(name)
    return found


def from_title(importer, scenario):
    """The scenario with the title's state of play (read from ``game.rb`` and ``entities.rb`` of the
    map's folder and of the games its game class derives from), and notes on what was not held."""
    from model.scenario import GameState, Play

    folder = importer.path.resolve().parent
    found: dict[str, tuple[Any, str]] = {}
    methods: list[str] = []
    here, seen = folder, set()
    while here not in seen and len(seen) < 8:
        seen.add(here)
        text = ""
        for name in ("game.rb", "entities.rb"):
            prog, t = importer._read_sibling(here / name)
            if name == "game.rb":
                text = t
            if prog is None:
                continue
            for const in PLAY_CONSTANTS + ENTITY_CONSTANTS:
                if const not in found:
                    v = importer._sibling_value(prog, const)
                    if v is not None:
                        found[const] = (v.plain(), f"{here.name}/{name}")
        if here == folder:
            methods += [f"{m} (game.rb)" for m in lay_methods(text)]
            for step in sorted((here / "step").glob("*track*.rb")) if (here / "step").is_dir() else []:
                try:
                    methods += [f"{m} ({step.parent.name}/{step.name})" for m in lay_methods(step.read_text(encoding="utf-8"))]
                except (OSError, UnicodeDecodeError):
                    pass
        m = re.search(r"class\s+Game\s*<\s*(?:Game::)?G(\w+)::Game", text)
        if not m:
            break
        here = importer._title_folder(folder.parent, m.group(1))
    if not found and not methods:
        return scenario, []
    notes: list[str] = []
    board = scenario.board
    grid = board.grid

    def on_board(label: str) -> bool:
        return grid.is_label(label)

    def cities_at(label: str) -> int:
        return len(board.cell_at_label(label).cities) if grid.is_label(label) else 0

    play = Play()
    if "PHASES" in found:
        play = play.model_copy(update={"phases": phases(found["PHASES"][0], notes)})
    if "TILE_LAYS" in found:
        lays = tile_lay_entries(found["TILE_LAYS"][0], "TILE_LAYS", notes)
        if lays is not None:
            play = play.model_copy(update={"tile_lays": lays})
    by_type = {}
    for const, kind in (("MINOR_TILE_LAYS", "minor"), ("MAJOR_TILE_LAYS", "major")):
        if const in found:
            lays = tile_lay_entries(found[const][0], const, notes)
            if lays is not None:
                by_type[kind] = lays
    if by_type:
        play = play.model_copy(update={"tile_lays_by_type": by_type})
        notes.append("the title picks MINOR_TILE_LAYS / MAJOR_TILE_LAYS in a method; imported by corporation type")
    companies = list(scenario.companies)
    if "CORPORATIONS" in found:
        companies += corporations(found["CORPORATIONS"][0], "CORPORATIONS", cities_at, on_board, notes)
    if "MINORS" in found:
        taken = {c.id for c in companies}
        companies += [c for c in corporations(found["MINORS"][0], "MINORS", cities_at, on_board, notes, kind="minor")
                      if c.id not in taken]
    private_list = privates(found["COMPANIES"][0], on_board, notes) if "COMPANIES" in found else []
    notes += [f"method {m} decides lays in the title's code; not imported" for m in methods]
    notes = list(dict.fromkeys(notes))
    play = play.model_copy(update={"not_held": notes})
    state = scenario.state
    if private_list:
        state = GameState.model_validate({**state.model_dump(), "privates": [p.model_dump() for p in private_list]})
    return scenario.model_copy(update={"play": play, "companies": companies, "state": state}), notes

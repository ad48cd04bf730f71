"""What the game import reads of a title's code (never run): its phases, trains, corporations,
minors and private companies, its home-token timing and lay schedule (:class:`TitleData`), and
the scenario's companies and phases made of them. The replay of the game's actions is
:mod:`model.io.import_18xx_game`'s; what a title's game class computes in place of a constant is
its adapter's (:meth:`model.io.title_hooks.TitleSetup.title_data`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from model.io.game_log import title_constants
from model.scenario import Company, GamePhase, Play, TileLay

TITLE_CONSTANTS = ("PHASES", "TRAINS", "CORPORATIONS", "MINORS", "COMPANIES", "HOME_TOKEN_TIMING", "FLOAT_PERCENT", "TILE_LAYS",
                   "FIRST_OR_TILE_LAYS", "EXTRA_TILE_LAYS", "FIRST_OR_MINOR_TILE_LAYS", "MINOR_TILE_LAYS", "MARKET",
                   "BOE_ROW", "STARTING_CASH")
"""The constants the replay reads (the last ones: lay schedules a title's ``tile_lays`` method picks, for its adapter)."""


def market_rows(value: Any) -> list[list[tuple[int, str]]] | None:
    """A title's ``MARKET`` as rows of (price, type letters): ``0c`` is price 0, the closing
    cell; None when it is not rows of price codes."""
    if not isinstance(value, list) or not value or not all(isinstance(r, list) for r in value):
        return None
    rows = []
    for row in value:
        out = []
        for cell in row:
            text = str(cell)
            digits = "".join(ch for ch in text if ch.isdigit())
            if not digits:
                return None
            out.append((int(digits), text[len(digits):]))
        rows.append(out)
    return rows


@dataclass
class TitleData:
    """What the replay reads of a title's code: phases, trains, corporations, minors, privates."""

    phases: list[dict] = field(default_factory=list)
    trains: list[dict] = field(default_factory=list)
    corporations: list[dict] = field(default_factory=list)
    minors: list[dict] = field(default_factory=list)
    companies: list[dict] = field(default_factory=list)
    home_token_timing: str = "operate"
    float_percent: int = 60
    tile_lays: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    constants: dict[str, Any] = field(default_factory=dict)
    """Every constant read, as plain values (what a title's adapter reads)."""

    def phase_triggers(self) -> list[set[str]]:
        """For each phase, the train names that start it (empty for the first phase)."""
        out = []
        for p in self.phases:
            on = p.get("on")
            out.append({str(x) for x in on} if isinstance(on, list) else ({str(on)} if on is not None else set()))
        return out

    def closing_trains(self) -> set[str]:
        """Names of the trains whose purchase closes the private companies."""
        out = set()
        for t in self.trains:
            for e in t.get("events") or []:
                if isinstance(e, dict) and e.get("type") == "close_companies":
                    out.add(str(t.get("name")))
        return out


def read_title(folder: Path, names: dict[str, str] | None = None) -> TitleData:
    """The title's phases, trains, corporations and private companies, read from its code;
    ``names``: the constant that holds one of them where the title's code picks another (1888's
    ``game_corporations``: ``CORPORATIONS_NORTH``), see :meth:`model.io.title_hooks.TitleSetup.constants`."""
    names = names or {}
    read, notes = title_constants(folder, tuple(dict.fromkeys(names.get(n, n) for n in TITLE_CONSTANTS)))
    consts = {n: read.get(names.get(n, n)) for n in TITLE_CONSTANTS if names.get(n, n) in read}

    def dicts(name: str) -> list[dict]:
        v = consts.get(name)
        if v is None:
            return []
        if not isinstance(v, list) or not all(isinstance(x, dict) for x in v):
            notes.append(f"{name} is not a list of entries; not read")
            return []
        return v

    data = TitleData(dicts("PHASES"), dicts("TRAINS"), dicts("CORPORATIONS"), dicts("MINORS"), dicts("COMPANIES"), notes=notes,
                     constants=consts)
    timing = consts.get("HOME_TOKEN_TIMING")
    if isinstance(timing, str):
        data.home_token_timing = timing
    data.tile_lays = dicts("TILE_LAYS")
    fp = consts.get("FLOAT_PERCENT")
    if isinstance(fp, int):
        data.float_percent = fp
    for name in ("PHASES", "CORPORATIONS"):
        if not consts.get(name):
            notes.append(f"{name}: not found as a constant in the title's files (the title computes it)")
    return data


def _color(value: Any, default: str) -> str:
    return value if isinstance(value, str) and value else default


def play_of(title: TitleData, play: Play) -> tuple[Play, list[str]]:
    """The scenario's phases and lay schedule: as imported with the map when it has them, else
    from the title's ``PHASES`` and ``TILE_LAYS``; notes on entries that cannot be held."""
    notes: list[str] = []
    update: dict[str, Any] = {}
    if not play.phases and title.phases:
        phases = []
        for i, p in enumerate(title.phases):
            try:
                phases.append(GamePhase(name=str(p.get("name")), tiles=[str(t) for t in p.get("tiles") or []],
                                        operating_rounds=p.get("operating_rounds") if isinstance(p.get("operating_rounds"), int) else None,
                                        status=[str(x) for x in p.get("status") or []],
                                        on=str(p["on"]) if isinstance(p.get("on"), str | int) else None))
            except ValidationError as exc:
                notes.append(f"PHASES.{i}: {exc.errors(include_url=False)[0].get('msg')}; the phases are not held")
                phases = []
                break
        update["phases"] = phases
    if not play.tile_lays and title.tile_lays:
        keys = set(TileLay.model_fields)
        try:
            update["tile_lays"] = [TileLay.model_validate({k: v for k, v in e.items() if k in keys}) for e in title.tile_lays]
        except ValidationError as exc:
            notes.append(f"TILE_LAYS: {exc.errors(include_url=False)[0].get('msg')}; the lay schedule is not held")
    return (play.model_copy(update=update) if update else play), notes


def companies_of(title: TitleData) -> list[Company]:
    """The corporations and minors as scenario companies (home hex and city, token costs)."""
    out = []
    seen = set()
    for c in [*title.corporations, *title.minors]:
        sym = c.get("sym")
        if not isinstance(sym, str) or sym in seen:
            continue
        seen.add(sym)
        home = c.get("coordinates")
        if isinstance(home, list):
            home = home[0] if home and isinstance(home[0], str) else None
        tokens = c.get("tokens")
        costs = [int(t) for t in tokens if isinstance(t, int)] if isinstance(tokens, list) else [0]
        city = c.get("city")
        out.append(Company(id=sym, name=c.get("name") if isinstance(c.get("name"), str) else None,
                           color=_color(c.get("color"), "#444444"), text_color=_color(c.get("text_color"), "#ffffff"),
                           home=home if isinstance(home, str) else None,
                           home_city=city if isinstance(city, int) and not isinstance(city, bool) else None, tokens=costs))
    return out


__all__ = ["TITLE_CONSTANTS", "TitleData", "companies_of", "play_of", "read_title"]

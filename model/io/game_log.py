"""A recorded 18xx.games game (the JSON a game's page exports), read without running it.

The export holds the title, the players and the raw list of actions in the order they were
taken: ``lay_tile``, ``place_token``, ``buy_train``, ``bid``, ``par``, ``pass``, ``undo``,
``redo``, ``message`` ... Here:

* :func:`read_game` checks that a text is such an export (a clear error naming the file and the
  field otherwise);
* :func:`effective_actions` applies ``undo`` / ``redo`` as the site does (an ``undo`` takes back
  the last action, or every action after its ``action_id``; a ``redo`` brings back what the last
  ``undo`` took; any other action forgets what could be redone; messages are never undone);
* :func:`find_engine` and :func:`title_folder` find the title's code in an 18xx.games engine
  checkout: the setting ``T18XX_DIR`` when given, else the checkout the game file lies in
  (``public/fixtures/<title>/<id>.json`` of an engine checkout);
* :func:`title_constants` reads constants (``PHASES``, ``TRAINS``, ``CORPORATIONS``,
  ``COMPANIES``, ``MINORS``, ``HOME_TOKEN_TIMING`` ...) from the title's files and the files of
  the games it derives from, with the literal reader of :mod:`model.io.ruby_eval` (never run).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from model.io.ruby_eval import RubyProgram, RubySyntaxError, Unevaluable

MAX_GAME_BYTES = 64 * 1024 * 1024
"""Recorded games are at most this large (the longest of the engine's fixtures is about 4 MB)."""


class GameLogError(ValueError):
    """A game export that cannot be read or replayed; ``str()`` names the file and the place."""


@dataclass
class GameLog:
    """A recorded game: its title, players (id -> name), settings and raw actions."""

    file: str
    title: str
    actions: list[dict]
    players: dict[Any, str] = field(default_factory=dict)
    optional_rules: list[str] = field(default_factory=list)
    game_id: Any = None
    seed: int = 0
    """The seed of the game's random numbers (``Game::Base#initialize_seed``: the settings'
    ``seed``, else the first number in the game's id)."""

    def action_ids(self) -> list[int]:
        return [a["id"] for a in self.actions]

    def index_of(self, action_id: int) -> int:
        """The index in :attr:`actions` of the action with this id (GameLogError if none)."""
        for i, a in enumerate(self.actions):
            if a["id"] == action_id:
                return i
        ids = self.action_ids()
        span = f"ids {ids[0]}-{ids[-1]}" if ids else "no actions"
        raise GameLogError(f"{self.file}: --action {action_id}: the game has no action {action_id} ({span})")


def certificates(shares: object) -> dict[str, list[int]]:
    """Share ids (``"SAR_4"``: corporation and certificate index, as actions and ``shares``
    abilities name them) by corporation; ids of another shape are left out."""
    out: dict[str, list[int]] = {}
    for share in [shares] if isinstance(shares, str) else shares if isinstance(shares, list) else []:
        if isinstance(share, str) and "_" in share:
            corp, _, idx = share.rpartition("_")
            if idx.isdigit():
                out.setdefault(corp, []).append(int(idx))
    return out


CHAT = frozenset({"message", "log"})
"""Actions that are lines of the game's chat (``Action::Message`` and its ``Action::Log``): no one's turn."""

NOT_A_ROUND = CHAT | {"sell_shares", "undo", "redo", "program_share_pass", "program_buy_shares"}
"""A player's actions that an operating round may hold (emergency sales, chat, the programmed
actions): a player's other actions are a stock round's (or the draft's)."""

_TEXT_FIELDS = ("entity_type", "hex", "tile", "city", "corporation", "company", "minor", "train", "variant", "kind",
                "tokener", "token_type")
_WHOLE_FIELDS = ("rotation", "percent", "price", "action_id", "extra_revenue")


def _field_error(a: dict) -> str | None:
    """What is wrong with the fields of one action that the import reads (their types and shapes,
    as the site writes them), or None."""
    for name in _TEXT_FIELDS:
        if name in a and not isinstance(a[name], str):
            return f"{name}: expected text, not {_excerpt(a[name])}"
    for name in _WHOLE_FIELDS:
        if name in a and (not isinstance(a[name], int) or isinstance(a[name], bool)):
            return f"{name}: expected a whole number, not {_excerpt(a[name])}"
    if "entity" in a and (not isinstance(a["entity"], int | str) or isinstance(a["entity"], bool)):
        return f"entity: expected a player's id or a company's name, not {_excerpt(a['entity'])}"
    if "slot" in a and not isinstance(a["slot"], int):
        return f"slot: expected a whole number, not {_excerpt(a['slot'])}"
    if "share_price" in a and isinstance(a["share_price"], list | dict):
        return f"share_price: expected a price, not {_excerpt(a['share_price'])}"
    if "shares" in a and (not isinstance(a["shares"], list) or not all(isinstance(x, str) for x in a["shares"])):
        return f"shares: expected a list of share names (NYC_1), not {_excerpt(a['shares'])}"
    if "routes" in a and (not isinstance(a["routes"], list) or not all(isinstance(x, dict) for x in a["routes"])):
        return f"routes: expected a list of routes, not {_excerpt(a['routes'])}"
    if "auto_actions" in a:
        subs = a["auto_actions"]
        if not isinstance(subs, list):
            return f"auto_actions: expected a list of actions, not {_excerpt(subs)}"
        for j, sub in enumerate(subs):
            if not isinstance(sub, dict) or not isinstance(sub.get("type"), str):
                return f"auto_actions.{j}: expected an action with a 'type'"
            why = _field_error(sub)
            if why is not None:
                return f"auto_actions.{j}.{why}"
    return None


def _excerpt(value: Any) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= 40 else text[:37] + "..."


def read_game(text: str, file: str) -> GameLog:
    """Parse a game export; GameLogError naming the file and the field when it is not one."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise GameLogError(f"{file}:{exc.lineno}:{exc.colno}: not JSON ({exc.msg})") from None
    what = "an 18xx.games game export (a JSON object with 'title', 'players' and 'actions')"
    if not isinstance(data, dict) or "actions" not in data or "title" not in data:
        if isinstance(data, dict) and data.get("format") == "trackwright-scenario":
            raise GameLogError(f"{file}: this is a Trackwright scenario, not {what}")
        raise GameLogError(f"{file}: not {what}")
    title, actions = data["title"], data["actions"]
    if not isinstance(title, str) or not title.strip():
        raise GameLogError(f"{file}: title: expected the game's title, e.g. '1889'")
    if not isinstance(actions, list):
        raise GameLogError(f"{file}: actions: expected a list of actions")
    seen: set[int] = set()
    for i, a in enumerate(actions):
        if not isinstance(a, dict) or not isinstance(a.get("type"), str):
            raise GameLogError(f"{file}: actions.{i}: expected an action with a 'type'")
        aid = a.get("id")
        if not isinstance(aid, int) or isinstance(aid, bool):
            raise GameLogError(f"{file}: actions.{i}: expected a whole-number 'id'")
        if aid in seen:
            raise GameLogError(f"{file}: actions.{i}: action id {aid} appears twice")
        seen.add(aid)
        why = _field_error(a)
        if why is not None:
            raise GameLogError(f"{file}: actions.{i}.{why} (action {aid}, {a['type']})")
    players: dict[Any, str] = {}
    for i, p in enumerate(data.get("players") or []):
        if not isinstance(p, dict) or "name" not in p:
            raise GameLogError(f"{file}: players.{i}: expected a player with a 'name'")
        players[p.get("id", p["name"])] = str(p["name"])
    settings = data.get("settings") or {}
    rules = settings.get("optional_rules") if isinstance(settings, dict) else None
    seed = settings.get("seed") if isinstance(settings, dict) else None
    if not isinstance(seed, int) or isinstance(seed, bool):
        digits = re.search(r"\d+", str(data.get("id", "")))
        seed = int(digits.group()) if digits else 0
    return GameLog(file, title.strip(), actions, players, [str(r) for r in rules or []], data.get("id"), seed)


def effective_actions(actions: list[dict]) -> list[dict]:
    """The actions that stand after ``undo`` and ``redo``, in order (the site's undo filter)."""
    kept: list[dict | None] = [None] * len(actions)
    undone: list[list[tuple[dict, int]]] = []
    for index, action in enumerate(actions):
        kind = action["type"]
        if kind == "undo":
            target = action.get("action_id")
            if target is not None:
                if target == 0:
                    start = 0
                else:
                    at = next((i for i, a in enumerate(actions) if a["id"] == target), None)
                    start = 0 if at is None else at + 1
            else:
                start = next((i for i in range(index - 1, -1, -1) if kept[i] is not None and kept[i]["type"] != "message"), 0)
            taken = []
            for i in range(start, index):
                a = kept[i]
                if a is None or a["type"] == "message":
                    continue
                kept[i] = None
                taken.append((a, i))
            undone.append(taken)
        elif kind == "redo":
            if undone:
                for a, i in undone.pop():
                    kept[i] = a
        elif kind == "message":
            kept[index] = action
        else:
            undone.clear()
            kept[index] = action
    return [a for a in kept if a is not None]


# --- the title's code ---------------------------------------------------------------------------
DEFAULT_ENGINE = "../shared/upstream/18xx-2025-01"
"""The engine checkout beside the repository (the conformance run's default)."""


def find_engine(game_file: str | Path | None, setting: str | Path | None = None) -> Path | None:
    """The 18xx.games engine checkout: ``setting`` (or the environment's ``T18XX_DIR``) when given,
    else the checkout the game file lies in (any folder above it holding ``lib/engine/game``)."""
    chosen = setting or os.environ.get("T18XX_DIR")
    if chosen:
        path = Path(chosen).expanduser()
        return path if (path / "lib" / "engine" / "game").is_dir() else None
    if game_file is not None:
        for parent in Path(game_file).resolve().parents:
            if (parent / "lib" / "engine" / "game").is_dir():
                return parent
    return None


_TITLE_RE = re.compile(r"""GAME_TITLE\s*=\s*(['"])((?:\\.|(?!\1).)+)\1""")
_MODULE_RE = re.compile(r"module\s+G(\w+)\s*\n\s*module\s+Meta")


def titles_in(engine: Path) -> dict[str, Path]:
    """Title -> folder of every title in an engine checkout (from each ``g_*/meta.rb``: its
    ``GAME_TITLE``, else the module's name without the leading G, as the engine names titles)."""
    out: dict[str, Path] = {}
    for meta in sorted((engine / "lib" / "engine" / "game").glob("g_*/meta.rb")):
        try:
            text = meta.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        m = _TITLE_RE.search(text)
        title = re.sub(r"\\(.)", r"\1", m.group(2)) if m else None
        if title is None:
            m = _MODULE_RE.search(text)
            title = m.group(1) if m else None
        if title:
            out.setdefault(title, meta.parent)
    return out


def title_folder(title: str, engine: Path) -> Path | None:
    return titles_in(engine).get(title)


_PARENT_RE = re.compile(r"class\s+Game\s*<\s*(?:Game::)?G(\w+)::Game")


def module_folder(games: Path, module: str) -> Path:
    """The folder of a title's module by the engine's naming (G1822CA -> g_1822_ca)."""
    snake = re.sub(r"(?<=\d)(?=[A-Za-z])|(?<=[a-z])(?=[A-Z0-9])|(?<=[A-Z])(?=[A-Z][a-z])", "_", module).lower()
    return games / f"g_{snake}"


def folder_chain(folder: Path) -> list[Path]:
    """The title's folder and the folders of the games its game class derives from, nearest first."""
    chain: list[Path] = []
    here = folder
    while here.is_dir() and here not in chain and len(chain) < 8:
        chain.append(here)
        game = here / "game.rb"
        try:
            text = game.read_text(encoding="utf-8") if game.is_file() else ""
        except (OSError, UnicodeDecodeError):
            text = ""
        m = _PARENT_RE.search(text)
        if not m:
            break
        here = module_folder(folder.parent, m.group(1))
    return chain


def map_file(folder: Path) -> Path | None:
    """The file holding the title's HEXES: its map.rb, else its game.rb when that holds them, else
    the map of the game it derives from."""
    for here in folder_chain(folder):
        if (here / "map.rb").is_file():
            return here / "map.rb"
        game = here / "game.rb"
        if game.is_file() and re.search(r"^\s*HEXES\s*=", game.read_text(encoding="utf-8"), re.M):
            return game
    return None


_ORDER = ("game.rb", "entities.rb", "trains.rb", "phases.rb", "companies.rb", "corporations.rb", "map.rb", "tiles.rb")


def title_constants(folder: Path, names: tuple[str, ...]) -> tuple[dict[str, Any], list[str]]:
    """The plain values of constants of a title (nearest definition first: the title's own files,
    then the game it derives from), and notes on the ones that could not be read."""
    found: dict[str, Any] = {}
    notes: list[str] = []
    for here in folder_chain(folder):
        files = sorted(here.glob("*.rb"), key=lambda p: (_ORDER.index(p.name) if p.name in _ORDER else len(_ORDER), p.name))
        for file in files:
            wanted = [n for n in names if n not in found]
            if not wanted:
                return found, notes
            try:
                text = file.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            present = [n for n in wanted if re.search(rf"^\s*{n}\s*=", text, re.M)]
            if not present:
                continue
            try:
                prog = RubyProgram(text, str(file), path=file)
            except RubySyntaxError as exc:
                notes.append(f"{file.parent.name}/{file.name}:{exc.line}: {exc.message}")
                continue
            for name in present:
                try:
                    v = prog.value(name)
                except (RubySyntaxError, Unevaluable) as exc:
                    notes.append(f"{file.parent.name}/{file.name}:{exc.line}: {name}: {exc.message}")
                    continue
                if v is not None:
                    found[name] = v.plain()
    return found, notes


__all__ = [
    "certificates",
    "GameLog", "GameLogError", "effective_actions", "find_engine", "folder_chain", "map_file", "read_game",
    "title_constants", "title_folder", "titles_in", "DEFAULT_ENGINE", "MAX_GAME_BYTES",
]

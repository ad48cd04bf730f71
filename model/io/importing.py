"""Import any file Trackwright can read from another program, by its kind (Qt-free).

``import_any(path)`` recognises an 18xx.games map file (``.rb``), a recorded 18xx.games game
(``.json`` with a ``title`` and ``actions``) and an 18xx-maker game (another ``.json`` that is
not a Trackwright scenario) and runs the matching importer. The editor's
File > Import uses it; the command line picks the importer with ``--from``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from model.io.import_files import KINDS, ImportFailure, read_text  # noqa: F401 - importing's API
from model.scenario import Scenario


@dataclass
class Imported:
    scenario: Scenario
    kind: str
    dropped: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def kind_of(path: Path, text: str) -> str:
    """'18xx-games' or '18xx-maker', from the file's name and first bytes."""
    if path.suffix == ".rb":
        return "18xx-games"
    if path.suffix == ".json" or text.lstrip().startswith("{"):
        try:
            head = json.loads(text)
        except json.JSONDecodeError:
            return "18xx-maker"  # the importer reports where the JSON breaks
        if isinstance(head, dict) and head.get("format") == "trackwright-scenario":
            raise ImportFailure(f"{path}: this is a Trackwright scenario: open it with File > Open")
        if isinstance(head, dict) and "actions" in head and "title" in head:
            return "18xx-games-game"
        return "18xx-maker"
    raise ImportFailure(f"{path}: not a file Trackwright imports (an 18xx.games map.rb or an 18xx-maker game .json)")


def import_any(path: str | Path, lenient: bool = False, kind: str | None = None, rules: str | None = None,
               action: int | None = None, engine: str | Path | None = None) -> Imported:
    """Read ``path`` with the importer of its kind (``kind``: '18xx-games', '18xx-games-game' or
    '18xx-maker', else from the file), under the rule set ``rules`` (default: the title's own,
    else ``18xx``); a recorded game is replayed up to ``action`` (default: the last), its title
    read from the engine checkout ``engine`` (default: ``T18XX_DIR``, else the checkout the file
    lies in). Raises :class:`ImportFailure`."""
    from model.io.import_18xx_games import ImportError18xx, import_18xx_games
    from model.io.import_18xx_maker import ImportError18xxMaker, import_18xx_maker

    p = Path(path)
    text = read_text(p, kind)
    kind = kind or kind_of(p, text)
    if kind == "18xx-games-game":
        from model.io.game_log import GameLogError
        from model.io.import_18xx_game import import_game

        try:
            g = import_game(text, str(p), action, engine)
        except GameLogError as exc:
            raise ImportFailure(str(exc)) from None
        at = f"after action {g.action}" if g.action is not None else "before the first action"
        return Imported(g.scenario, kind, dropped=list(g.warnings),
                        notes=[f"{g.title} {at} ({g.applied} actions applied); left unset: {g.unset}"])
    try:
        if kind == "18xx-games":
            r = import_18xx_games(text, str(p), rules=rules, lenient=lenient, path=p)
            return Imported(r.scenario, kind, dropped=list(r.warnings))
        r = import_18xx_maker(text, str(p), rules=rules or "18xx", lenient=lenient)
        return Imported(r.scenario, kind, dropped=list(r.dropped), notes=list(r.notes))
    except (ImportError18xx, ImportError18xxMaker) as exc:
        raise ImportFailure(str(exc), can_drop=not lenient and "--lenient" in str(exc)) from None

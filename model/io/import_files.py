"""What every importer shares: the kinds of file Trackwright imports, the error an import fails
with (:class:`ImportFailure`), and reading a file within the size its importer accepts.
(:mod:`model.io.importing` picks the importer and re-exports these.)"""

from __future__ import annotations

from pathlib import Path

KINDS = {"18xx-games": "an 18xx.games map file (map.rb)", "18xx-games-game": "a recorded 18xx.games game (JSON)",
         "18xx-maker": "an 18xx-maker game (JSON)"}


class ImportFailure(ValueError):
    """A file that cannot be imported; ``str()`` names the file and the place. ``can_drop`` is
    True when importing leniently (leaving out what cannot be held) would succeed or get further."""

    def __init__(self, message: str, can_drop: bool = False) -> None:
        super().__init__(message)
        self.can_drop = can_drop



def read_text(path: Path, kind: str | None = None) -> str:
    """The text of a file to import, within the size its importer accepts; ImportFailure otherwise."""
    from model.io.game_log import MAX_GAME_BYTES
    from model.io.import_18xx_maker import MAX_BYTES
    from model.io.ruby_eval import MAX_SOURCE_BYTES

    kind = kind or ("18xx-games" if path.suffix == ".rb" else "")
    limit, what = {"18xx-games": (MAX_SOURCE_BYTES, "map files"), "18xx-games-game": (MAX_GAME_BYTES, "recorded games")}.get(
        kind, (MAX_BYTES, "game files"))
    try:
        size = path.stat().st_size
        if size > limit:
            raise ImportFailure(f"{path}:1: the file is {size} bytes; {what} are limited to {limit} bytes")
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ImportFailure(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise ImportFailure(f"{path}: not UTF-8 text (is this {KINDS.get(kind or '', 'a map file')}?)") from None
    except OSError as exc:
        raise ImportFailure(f"{path}: cannot be read: {exc.strerror or exc}") from None

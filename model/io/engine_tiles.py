"""The standard tiles a map file relies on: the engine checkout's own list when the file sits in one.

A title's ``TILES`` names standard tiles by number (``'401' => 2``); the engine keeps their codes
in ``lib/engine/config/tile.rb``, one hash per colour. A map file read from an engine checkout
(``<checkout>/lib/engine/game/g_<title>/map.rb``) takes them from that checkout, so a map written
after Trackwright's snapshot of the list finds the tiles the engine gained since; the bundled copy
(``resources/tilesets/18xx-standard.json``, built from the same file by
``tools/build_standard_tiles.py``) is the fallback for a lone file, and for a tile the
checkout's list holds in a form the tile-code reader refuses.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from model.tiles import TileDef, load_tileset

COLOURS = ("YELLOW", "GREEN", "BROWN", "GRAY", "RED", "BLUE", "GREENBROWN", "BROWNGRAY", "BROWNSEPIA")
"""The colour hashes of the engine's tile list that hold tiles (WHITE holds the plain hexes)."""


def checkout_tile_list(map_path: Path | None) -> Path | None:
    """``<checkout>/lib/engine/config/tile.rb`` when ``map_path`` is a title's file in a checkout."""
    if map_path is None:
        return None
    try:
        folder = map_path.resolve().parent
    except OSError:
        return None
    game = folder.parent
    if game.name != "game" or game.parent.name != "engine":
        return None
    tile_rb = game.parent / "config" / "tile.rb"
    return tile_rb if tile_rb.is_file() else None


@lru_cache(maxsize=4)
def _read_list(path: str, mtime_ns: int, size: int) -> tuple[dict[str, TileDef], tuple[str, ...]]:
    """The tiles of one tile list (cached by path, time and size), and the ids it could not read."""
    from model.io.ruby_eval import HashValue, RubyProgram, RubySyntaxError, Unevaluable
    from model.io.tile_code import tile_from_code
    from model.io.tile_parts import DslError

    out: dict[str, TileDef] = {}
    unread: list[str] = []
    try:
        text = Path(path).read_text(encoding="utf-8")
        prog = RubyProgram(text, path, path=Path(path))
    except (OSError, UnicodeDecodeError, RubySyntaxError):
        return {}, ()
    for colour in COLOURS:
        try:
            v = prog.value(colour)
        except (RubySyntaxError, Unevaluable):
            continue
        if v is None or not isinstance(v.value, HashValue):
            continue
        for k, code in v.value.items:
            if not isinstance(k.value, str) or not isinstance(code.value, str):
                continue
            try:
                out.setdefault(k.value, tile_from_code(k.value, code.value, colour.lower(), None))
            except (DslError, ValueError):
                unread.append(k.value)
    return out, tuple(unread)


def standard_tiles(map_path: Path | None) -> tuple[dict[str, TileDef], set[str], Path | None]:
    """(the standard tiles by id, the ids taken from the checkout because the bundled list lacks
    them or holds them otherwise, the checkout's tile list or None)."""
    from model.io.export_18xx_games import STANDARD_SET

    tile_rb = checkout_tile_list(map_path)
    if tile_rb is None:
        return {t.id: t for t in load_tileset(STANDARD_SET).tiles}, set(), None
    st = tile_rb.stat()
    merged, newer = _merged(str(tile_rb), st.st_mtime_ns, st.st_size)
    return dict(merged), set(newer), tile_rb


@lru_cache(maxsize=4)
def _merged(path: str, mtime_ns: int, size: int) -> tuple[dict[str, TileDef], frozenset[str]]:
    """The bundled standard tiles with a checkout's list over them, and the ids its list gave
    (cached as :func:`_read_list` is: comparing some 450 tiles costs a quarter of a second, and
    every map file of the checkout asks)."""
    from model.io.export_18xx_games import STANDARD_SET

    bundled = {t.id: t for t in load_tileset(STANDARD_SET).tiles}
    theirs, _unread = _read_list(path, mtime_ns, size)
    merged = dict(bundled)
    newer: set[str] = set()
    for tid, tile in theirs.items():
        mine = bundled.get(tid)
        if mine is None or not _same(mine, tile):
            merged[tid] = tile
            newer.add(tid)
    return merged, frozenset(newer)


def _same(a: TileDef, b: TileDef) -> bool:
    from model.io.tile_code import tile_code
    from model.io.tile_parts import canonical_parts

    return a.color == b.color and canonical_parts(tile_code(a)) == canonical_parts(tile_code(b))

"""``trackwright tiles FILE``: the tile manifest on the command line (never imports Qt).

* ``trackwright tiles FILE [--json]``: every tile in play with its colour, label, count and
  what it upgrades to (derived, declared or overridden: see docs/tiles.md);
* ``trackwright tiles FILE --to 18xx-games|18xx-maker -o OUT``: the manifest as 18xx.games
  ``TILES`` code or an 18xx-maker ``tiles`` object;
* ``trackwright tiles FILE --add TILES_FILE -o OUT``: the scenario with the tiles of a ``TILES``
  file (``.rb``) or an 18xx-maker file (``.json``) added (tiles already in play are kept).

Exit status: 0 done, 2 bad input (the message names the file and the place; nothing is written).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from editor.cli import EXIT_OK, CliError, load_or_fail


def register(subparsers) -> None:
    """Add the ``tiles`` sub-command."""
    c = subparsers.add_parser(
        "tiles",
        help="list, export or import the tiles of a scenario's manifest",
        description="List the tiles in play (counts, upgrades), write them as 18xx.games TILES code or "
        "18xx-maker tiles, or add tiles from such a file.",
    )
    c.add_argument("file", metavar="FILE")
    c.add_argument("--json", action="store_true", help="list as JSON")
    c.add_argument("--to", choices=("18xx-games", "18xx-maker"), help="write the tiles in this format")
    c.add_argument("--add", metavar="TILES_FILE", help="add the tiles of a TILES (.rb) or 18xx-maker (.json) file")
    c.add_argument("-o", "--output", metavar="OUT", help="where --to or --add writes")
    c.set_defaults(func=cmd_tiles)


def _refuse_destroying(output: str, *inputs: str | None) -> None:
    """Refuse an output that is a folder, device, FIFO or socket, or one of ``inputs``."""
    from model.io.atomic import OutputRefused, same_file, write_target

    try:
        write_target(output)
    except OutputRefused as exc:
        raise CliError(str(exc)) from None
    for source in inputs:
        if source is not None and same_file(source, output):
            raise CliError(f"{output}: is the input file {source}; choose another output. Nothing was written.")


def cmd_tiles(args: argparse.Namespace) -> int:
    """List, write or add the tiles of a scenario's manifest."""
    from model import manifest
    from model.io import SaveError, save
    from model.io.atomic import write_atomic
    from model.io.tile_formats import (
        TileFormatError,
        tiles_from_18xx_games,
        tiles_from_maker,
        tiles_notes,
        tiles_to_18xx_games,
        tiles_to_maker,
    )
    from model.scenario import Scenario
    from model.upgrade_graph import effective_graph

    if (args.to or args.add) and not args.output:
        raise CliError("--to and --add need -o OUT")
    if args.to and args.add:
        raise CliError("give --to or --add, not both")
    scenario = load_or_fail(args.file)
    if args.output:
        _refuse_destroying(args.output, args.file if args.to else None, args.add)
    ts = scenario.tileset()
    if args.add:
        path = Path(args.add)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise CliError(f"{path}: no such file") from None
        except IsADirectoryError:
            raise CliError(f"{path}: is a folder, not a tiles file") from None
        except UnicodeDecodeError:
            raise CliError(f"{path}: not UTF-8 text (is this a TILES .rb or 18xx-maker .json file?)") from None
        except OSError as exc:
            raise CliError(f"{path}: cannot be read ({exc.__class__.__name__})") from None
        try:
            tiles = tiles_from_maker(text, str(path)) if path.suffix == ".json" else tiles_from_18xx_games(text, str(path))
            supply = manifest.add_tiles(scenario, tiles)
            data = scenario.model_dump(mode="json")
            data["tiles"] = supply.model_dump(mode="json")
            new = Scenario.model_validate(data)
        except (TileFormatError, manifest.ManifestError) as exc:
            raise CliError(str(exc)) from None
        except ValueError as exc:
            raise CliError(f"{path}: the tiles do not fit the scenario: {str(exc).splitlines()[-1][:200]}") from None
        try:
            save(new, args.output, backup=True)
        except SaveError as exc:
            raise CliError(str(exc)) from None
        added = len(new.tileset().tiles) - len(ts.tiles)
        print(f"wrote {args.output} ({added} tile(s) added, {len(tiles) - added} already in play)")
        return EXIT_OK
    if args.to:
        orientation = getattr(scenario.board.grid, "orientation", "flat")
        try:
            out = tiles_to_18xx_games(ts.tiles) if args.to == "18xx-games" else json.dumps(
                {"tiles": tiles_to_maker(ts.tiles, orientation)}, indent=2) + "\n"
        except ValueError as exc:
            raise CliError(f"{args.file}: {exc}") from None
        try:
            write_atomic(args.output, out.encode("utf-8"))
        except OSError as exc:
            raise CliError(f"{args.output}: cannot be written ({exc.strerror or exc})") from None
        for note in tiles_notes(ts.tiles, args.to):
            print(f"note: {note}", file=sys.stderr)
        print(f"wrote {args.output} ({args.to}, {len(ts.tiles)} tiles)")
        return EXIT_OK
    graph = effective_graph(ts) if scenario.board.grid.sides == 6 else {}
    rows = [{"id": t.id, "color": t.color, "label": t.label, "count": t.count, "upgrades": graph.get(t.id, []),
             "override": t.id in scenario.tiles.upgrades, "custom": any(c.id == t.id for c in scenario.tiles.custom)}
            for t in ts.tiles]
    if args.json:
        print(json.dumps(rows, indent=1))
        return EXIT_OK
    for r in rows:
        count = "unlimited" if r["count"] is None else str(r["count"])
        ups = ", ".join(r["upgrades"]) or "-"
        mark = " (override)" if r["override"] else ""
        print(f"{r['id']:>8}  {r['color']:<7} {r['label'] or '':<4} {count:>9}  upgrades to {ups}{mark}{'  (custom)' if r['custom'] else ''}")
    print(f"{len(rows)} tile types")
    return EXIT_OK

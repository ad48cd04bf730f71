"""``trackwright export`` and ``trackwright import``.

``export`` checks the scenario with its rule set first and refuses (exit 1, the issues on
stderr, nothing written, an existing output untouched) when there is an error, unless
``--force``. The text formats (json, 18xx-games, 18xx-maker) never import Qt; svg/png/pdf do,
because they draw with the editor's painter. ``import`` reads an 18xx.games map file and writes a
scenario; a construct it cannot hold is an error naming the line (exit 2).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from model.io.atomic import OutputRefused, same_file, write_atomic, write_target
from model.io.export_json import (
    FORMATS,
    GRAPHIC_FORMATS,
    blocking,
    export_text,
    gate,
)
from model.io.messages import clip_long_words

EXIT_OK, EXIT_RULES, EXIT_INPUT = 0, 1, 2
_APP = None  # the QGuiApplication created for drawing, when there was none


def _err(msg: str) -> None:
    print(f"trackwright: {msg}", file=sys.stderr)


def _graphic_bytes(scenario, fmt: str, args: argparse.Namespace) -> bytes:
    from editor.cli import has_display

    if not has_display():
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # drawing to a file needs no screen
    from PySide6.QtGui import QGuiApplication

    global _APP
    if QGuiApplication.instance() is None:
        _APP = QGuiApplication(["trackwright"])  # fonts need an application; kept for the process
    from editor.render.graphics import render

    return render(
        scenario,
        fmt,
        dpi=args.dpi,
        page_size=args.page_size,
        cell_mm=args.cell_mm,
        margin_mm=args.margin_mm,
        overlap_mm=args.overlap_mm,
        fit=args.fit_page,
        labels=not args.no_labels,
    )


def _check_output(source: str, output: str, may_replace: bool, hint: bool = True) -> bool:
    """Refuse an output that would destroy a file: the input itself, a device, FIFO or socket.

    The input is recognised under any name (resolved path, symlink, hard link). Only a json
    export with ``--force`` (``may_replace``) may replace it; the old file is then kept as
    ``<name>.bak``. Returns whether the output is the input.
    """
    from editor.cli import CliError

    try:
        write_target(output)
    except OutputRefused as exc:
        raise CliError(str(exc)) from None
    if not same_file(source, output):
        return False
    if not may_replace:
        how = " (only --to json --force may replace it, keeping a .bak)" if hint else ""
        raise CliError(f"{output}: is the input file {source}; choose another output{how}. Nothing was written.")
    return True


def cmd_export(args: argparse.Namespace) -> int:
    """Check, then write the scenario in the chosen format (atomically)."""
    from editor.cli import CliError, load_or_fail

    scenario = load_or_fail(args.file)
    replace_input = _check_output(args.file, args.output, args.to == "json" and args.force)
    try:
        issues = gate(scenario)
    except KeyError as exc:
        raise CliError(f"{args.file}:rules.id: {clip_long_words(exc.args[0])}") from None
    errors = blocking(issues)
    if errors and not args.force:
        for i in errors:
            where = ",".join(i.cells) or "-"
            print(f"{args.file}: error: {where}: {i.message} [{i.rule}]", file=sys.stderr)
        _err(f"export refused: {len(errors)} rule error(s) in {args.file}; fix them or use --force. Nothing was written.")
        return EXIT_RULES
    if errors:
        _err(f"warning: exporting despite {len(errors)} rule error(s) (--force)")
    from model.io.export_18xx_games import ExportError

    try:
        if args.to in GRAPHIC_FORMATS:
            from editor.render.graphics import GraphicsExportError

            try:
                data, notes = _graphic_bytes(scenario, args.to, args), []
            except GraphicsExportError as exc:
                raise CliError(str(exc)) from None
        else:
            data, notes = export_text(scenario, args.to)
    except ExportError as exc:
        raise CliError(f"{args.file}: cannot export to {args.to}: {exc}") from None
    if not args.quiet:
        for n in notes:
            print(f"note: {n}", file=sys.stderr)
    try:
        write_atomic(args.output, data, backup=replace_input)
    except OutputRefused as exc:
        raise CliError(str(exc)) from None
    except OSError as exc:
        raise CliError(f"{args.output}: cannot be written: {exc.strerror or exc}") from None
    print(f"wrote {args.output} ({args.to}, {len(data)} bytes)")
    return EXIT_OK


def cmd_import(args: argparse.Namespace) -> int:
    """Read an 18xx.games map file or an 18xx-maker game and write a scenario."""
    from editor.cli import CliError
    from model.io import SaveError, save
    from model.io.importing import ImportFailure, import_any

    _check_output(args.file, args.output, may_replace=False, hint=False)  # never write over the map file
    if args.rules is not None:
        from model.rules import get_rule_set

        try:
            get_rule_set(args.rules)
        except KeyError as exc:
            raise CliError(f"--rules: {clip_long_words(exc.args[0])}") from None
    try:
        if args.source != "18xx-games-game" and (args.action is not None or args.engine is not None):
            raise CliError("--action and --engine are for --from 18xx-games-game (a recorded game)")
        result = import_any(args.file, lenient=args.lenient, kind=args.source, rules=args.rules,
                            action=args.action, engine=args.engine)
    except ImportFailure as exc:
        raise CliError(str(exc)) from None
    label = "warning" if result.kind.startswith("18xx-games") else f"dropped: {args.file}"
    for line in result.dropped:
        print(f"{label}: {line}", file=sys.stderr)
    for line in result.notes:
        print(f"note: {args.file}: {line}", file=sys.stderr)
    out = Path(args.output)
    if out.exists() and not args.force:
        raise CliError(f"{out}: already exists (use --force to overwrite)")
    try:
        save(result.scenario, out)
    except SaveError as exc:
        raise CliError(str(exc)) from None
    s = result.scenario
    dropped = f", {len(result.dropped)} items dropped" if result.kind == "18xx-maker" and result.dropped else ""
    print(f"wrote {out} ({len(s.board.cells) if result.kind == '18xx-maker' else len(s.board.grid)} hexes, "
          f"{len(s.tileset().tiles)} tile types, {f'{len(s.companies)} companies, ' if s.companies else ''}rules {s.rules.id}{dropped})")
    if result.kind == "18xx-games-game":
        laid = sum(1 for c in s.board.cells.values() if c.tile is not None)
        tokens = sum(len(c.tokens) for c in s.board.cells.values())
        turn = f", {len(s.state.laid)} laid this turn" if s.state.laid else ""
        print(f"position: {laid} tiles laid, {tokens} station tokens, phase {s.state.game_phase or '-'}, "
              f"{s.state.active or 'nobody'} to act{turn}")
    return EXIT_OK


def register(subparsers) -> None:
    """Add ``export`` and ``import`` to the ``trackwright`` command."""
    c = subparsers.add_parser("export", help="check a scenario, then write it as json, 18xx-games, 18xx-maker, svg, png or pdf")
    c.add_argument("file", metavar="FILE")
    c.add_argument("--to", required=True, choices=FORMATS, help="output format")
    c.add_argument("-o", "--output", required=True, metavar="OUT")
    c.add_argument("--force", action="store_true", help="export even when the rule set reports errors")
    c.add_argument("--dpi", type=int, default=None, help="png: dots per inch (default 150)")
    c.add_argument("--page-size", default=None, help="pdf: A4 (default), A3, A2, A1, A0, B4, B3, Letter, Legal, Tabloid, Ledger")
    c.add_argument("--margin-mm", type=float, default=10.0, help="pdf: page margin in mm (default 10)")
    c.add_argument("--overlap-mm", type=float, default=None, help="pdf: strip repeated from each neighbouring page, for gluing, with crop marks (default 10)")
    c.add_argument("--fit-page", action="store_true", help="pdf: shrink the board onto one page instead of splitting it")
    c.add_argument("--cell-mm", type=float, default=None,
                   help="svg/png/pdf: printed cell size in mm (hex centre to corner; default 22, an 18xx hex of 38 mm)")
    c.add_argument("--no-labels", action="store_true", help="svg/png/pdf: leave out the coordinate labels")
    c.add_argument("-q", "--quiet", action="store_true", help="do not list what the format cannot hold")
    c.set_defaults(func=cmd_export)

    c = subparsers.add_parser("import", help="read an 18xx.games map file (map.rb), a recorded 18xx.games game or an 18xx-maker game "
                                             "(JSON) and write a scenario")
    c.add_argument("file", metavar="FILE")
    c.add_argument("--from", dest="source", required=True, choices=("18xx-games", "18xx-games-game", "18xx-maker"),
                   help="input format (18xx-games-game: a game exported from 18xx.games, replayed to --action)")
    c.add_argument("--action", type=int, default=None, metavar="ID",
                   help="18xx-games-game: the position after this action id (default: the last)")
    c.add_argument("--engine", default=None, metavar="DIR",
                   help="18xx-games-game: the 18xx.games checkout holding the title's code (default: $T18XX_DIR, "
                        "else the checkout the game file lies in)")
    c.add_argument("-o", "--output", required=True, metavar="OUT")
    c.add_argument("--rules", default=None, help="rule set id (default: the title's own if there is one, else 18xx)")
    c.add_argument("--force", action="store_true", help="overwrite an existing OUT")
    c.add_argument("--lenient", action="store_true",
                   help="keep going on what Trackwright cannot hold, listing each dropped item (18xx-games: by line; 18xx-maker: by JSON path)")
    c.set_defaults(func=cmd_import)

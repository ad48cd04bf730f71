"""The ``trackwright`` command.

With no sub-command it opens the editor (Qt is imported only then). The headless commands
(``check``, ``info``, ``new``, ``schema`` and those registered in ``SUBCOMMAND_MODULES``) never
import Qt. Exit status: 0 success, 1 a rule error was found (or a refused export), 2 bad input.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

from model import __version__
from model.io import LoadError, SaveError, load, save, schema_json
from model.io.messages import MESSAGE_LIMIT, SafeStream, cell_list, clip_long_words, readable, shorten, shorten_repr

EXIT_OK, EXIT_RULES, EXIT_INPUT = 0, 1, 2

# Modules that add sub-commands: each defines ``register(subparsers) -> None`` and sets
# ``func`` on its parsers. Missing modules are skipped, so features can land one at a time.
SUBCOMMAND_MODULES = (
    "editor.cli.rules",
    "editor.cli.export",
    "editor.cli.solve",
    "editor.cli.tiles",
    "editor.cli.puzzle",
)


class CliError(Exception):
    """A problem with the command's input: printed as one line, exit status 2."""


def _err(msg: str) -> None:
    print(f"trackwright: {msg}", file=sys.stderr)


def load_or_fail(path: str):
    try:
        return load(path)
    except LoadError as exc:
        raise CliError(str(exc)) from None


# --- check -------------------------------------------------------------------------------------
def cmd_check(args: argparse.Namespace) -> int:
    from model.rules import get_rule_set

    status = EXIT_OK
    all_json = []
    for path in args.files:
        try:
            scenario = load(path)
        except LoadError as exc:
            _err(str(exc))
            status = EXIT_INPUT
            continue
        try:
            rules = get_rule_set(scenario.rules.id)
        except KeyError as exc:
            _err(f"{path}:rules.id: {clip_long_words(exc.args[0])}")
            status = EXIT_INPUT
            continue
        issues = rules.check(scenario)
        errors = sum(1 for i in issues if i.severity == "error")
        if args.json:
            for i in issues:
                all_json.append({"file": path, **i.to_json()})
        else:
            for i in issues:
                where = cell_list(i.cells)
                # messages usually start with their cell already ("B2: ..."); do not say it twice
                prefix = f"{where}: " if where and not i.message.startswith(f"{i.cells[0]}:") else ""
                print(f"{path}: {i.severity}: {prefix}{readable(i.message)} [{i.rule}]")
            warnings = sum(1 for i in issues if i.severity == "warning")
            print(f"{path}: {errors} error(s), {warnings} warning(s), {len(issues) - errors - warnings} note(s)")
        if errors and status == EXIT_OK:
            status = EXIT_RULES
    if args.json:
        print(json.dumps(all_json, indent=1, ensure_ascii=False))
    return status


# --- info --------------------------------------------------------------------------------------
def cmd_info(args: argparse.Namespace) -> int:
    s = load_or_fail(args.file)
    g = s.board.grid
    laid = sum(1 for c in s.board.cells.values() if c.tile is not None)
    shape = f"{g.kind} {g.width}x{g.height}" + (f", {g.orientation}-topped" if g.kind == "hex" else "")
    lines = [
        f"file:        {args.file}",
        f"title:       {shorten(s.meta.title)}",
        f"rule set:    {s.rules.id}" + (f" (options: {shorten(json.dumps(s.rules.options), 160)})" if s.rules.options else ""),
        f"board:       {shape}, {len(g)} cells, {len(s.board.cells)} described, {laid} tiles laid",
        f"edges:       {len(s.board.edges)} edge features",
        f"tiles:       {len(s.tileset().tiles)} types" + (f" from set {s.tiles.set!r}" if s.tiles.set else ""),
    ]
    if s.players:
        lines.append("players:     " + ", ".join(shorten(p.id) for p in s.players))
    if s.companies:
        lines.append("companies:   " + ", ".join(shorten(c.id) for c in s.companies))
    lines += _state_lines(s)
    for key, val in (("author", s.meta.author), ("attribution", s.meta.attribution)):
        if val:
            lines.append(f"{key + ':':<13}{shorten(val)}")
    print("\n".join(lines))
    return EXIT_OK


def _state_lines(s) -> list[str]:
    """The game state for ``info``: turn, phases, this turn's lays, privates, a pending home."""
    st = s.state
    parts = [f"turn {st.turn}"]
    if st.active:
        parts.append(f"active {st.active}")
    if st.game_phase:
        parts.append(f"game phase {st.game_phase}")
    if st.phase:
        parts.append(f"turn phase {st.phase}")
    if st.laid:
        laid = ", ".join(f"{e.cell} {e.tile}" + (f" ({e.private})" if e.private else "") for e in st.laid)
        parts.append(f"laid this turn: {laid}")
    if st.gauge_markers:
        parts.append(f"{len(st.gauge_markers)} gauge marker(s)")
    lines = ["state:       " + ", ".join(parts)]
    if st.privates:
        privs = []
        for pc in st.privates:
            notes = [pc.owner or "unowned"] + (["used"] if pc.used else []) + ([f"discount {pc.discount} left"] if pc.discount else [])
            privs.append(f"{pc.id}{' ' + pc.name if pc.name else ''} ({', '.join(notes)})")
        lines.append("privates:    " + "; ".join(privs))
    if st.pending_home:
        lines.append(f"pending home: {st.pending_home} must choose its home")
    play = s.play
    if play.phases:
        now = play.phase(st.game_phase)
        lines.append("phases:      " + ", ".join(p.name for p in play.phases)
                     + (f" (now {now.name}: {', '.join(now.tiles)})" if now is not None else ""))
    if play.tile_lays:
        lines.append(f"lay schedule: {len(play.tile_lays)} lay(s) a turn"
                     + (f", by type: {', '.join(play.tile_lays_by_type)}" if play.tile_lays_by_type else ""))
    if play.not_held:
        lines.append(f"not held:    {len(play.not_held)} thing(s) the title decides in its code (play.not_held)")
    return lines


# --- new ---------------------------------------------------------------------------------------
def cmd_new(args: argparse.Namespace) -> int:
    from model.newboard import new_scenario

    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        raise CliError(f"--size {shorten_repr(args.size)}: expected WxH, e.g. 12x12") from None
    try:
        scenario = new_scenario(args.rules, w, h, orientation=args.orientation, title=args.title)
    except ValueError as exc:
        raise CliError(clip_long_words(str(exc))) from None
    if args.orientation != "flat" and scenario.board.grid.kind != "hex":
        raise CliError(f"--orientation {args.orientation}: {args.rules} boards are square; the option is for hex boards")
    out = Path(args.output)
    if out.exists() and not args.force:
        raise CliError(f"{out}: already exists (use --force to overwrite)")
    try:
        save(scenario, out)
    except SaveError as exc:
        raise CliError(str(exc)) from None
    print(f"wrote {out}")
    return EXIT_OK


def cmd_schema(args: argparse.Namespace) -> int:
    sys.stdout.write(schema_json())
    return EXIT_OK


# --- the editor --------------------------------------------------------------------------------
def has_display() -> bool:
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform.startswith(("offscreen", "minimal", "vnc")):
        return True
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def cmd_gui(args: argparse.Namespace) -> int:
    if not has_display():
        _err(
            "no display is available, so the editor cannot open; use the headless commands instead "
            "(trackwright check|info|moves|explain|export|import|tiles|solve|puzzle FILE, see trackwright --help)."
        )
        return EXIT_INPUT
    from editor import sysdeps

    if sysdeps.uses_xcb():
        missing = sysdeps.missing_xcb_libraries()
        if missing:
            _err(sysdeps.missing_sentence(missing))
            return EXIT_INPUT
    from editor.app import run_editor

    return run_editor(args.file)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="trackwright",
        description="Board/map editor and scenario tool for tile-laying railway games. "
        "With no command, opens the editor (on FILE, or on the bundled 18 India map).",
    )
    p.add_argument("--version", action="version", version=f"trackwright {__version__}")
    p.set_defaults(func=cmd_gui, file=None)
    sub = p.add_subparsers(title="commands", metavar="COMMAND")

    c = sub.add_parser("check", help="check scenarios against their rule set (exit 1 on a rule error)")
    c.add_argument("files", nargs="+", metavar="FILE")
    c.add_argument("--json", action="store_true", help="print one JSON array of issues")
    c.set_defaults(func=cmd_check)

    c = sub.add_parser("info", help="summarise a scenario")
    c.add_argument("file", metavar="FILE")
    c.set_defaults(func=cmd_info)

    c = sub.add_parser("new", help="write a new empty scenario")
    c.add_argument("--rules", required=True, help="rule set id: catalan, 18xx or 18india")
    c.add_argument("--size", required=True, help="WxH, e.g. 12x12")
    c.add_argument("--orientation", choices=("flat", "pointy"), default="flat", help="hex boards only")
    c.add_argument("--title", default="Untitled")
    c.add_argument("-o", "--output", required=True, metavar="FILE")
    c.add_argument("--force", action="store_true", help="overwrite an existing file")
    c.set_defaults(func=cmd_new)

    c = sub.add_parser("schema", help="print the JSON Schema of the scenario format")
    c.set_defaults(func=cmd_schema)

    c = sub.add_parser("edit", help="open the editor on FILE")
    c.add_argument("file", nargs="?", metavar="FILE")
    c.set_defaults(func=cmd_gui)

    for name in SUBCOMMAND_MODULES:
        try:
            mod = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise
        mod.register(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    first = argv[0] if argv else ""
    if first and not first.startswith("-") and first not in commands and (first.endswith(".json") or os.path.exists(first)):
        argv.insert(0, "edit")  # `trackwright FILE` opens the editor on FILE (a mistyped command stays an error)
    args = parser.parse_args(argv)
    func: Callable[[argparse.Namespace], int] = args.func
    out, err = sys.stdout, sys.stderr
    if args.func is not cmd_gui:  # what a file holds never reaches the terminal raw, nor in megabytes
        sys.stdout, sys.stderr = SafeStream(out), SafeStream(err, MESSAGE_LIMIT)
    try:
        return func(args)
    except CliError as exc:
        _err(str(exc))
        return EXIT_INPUT
    except BrokenPipeError:
        return EXIT_OK
    finally:
        sys.stdout, sys.stderr = out, err

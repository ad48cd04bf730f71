"""Rule-set sub-commands: ``moves``, ``explain`` and ``reach`` (headless, no Qt).

They work for every rule set through the :class:`model.rules.RuleSet` interface only:
``--player P`` (Catalan) and ``--company C`` (18xx) both name the move's actor. ``reach`` asks
the rule set for ``reach_report(scenario, actor) -> dict`` and says so clearly when the rule set
has none. Exit status: 0 success (``explain``: the move is legal), 1 the move is illegal,
2 bad input (unknown file, player, company, tile, phase or move syntax).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from editor.cli import EXIT_INPUT, EXIT_OK, EXIT_RULES, CliError, load_or_fail
from model.rules import MoveContext, MoveSyntaxError, RuleSet, get_rule_set

PHASE_HELP = (
    "the phase, as the rule set means it (Catalan: the turn phase, mandatory or optional; 18xx: the game "
    "phase, e.g. II); default: the scenario's"
)


def _rules_for(scenario: Any, path: str) -> RuleSet:
    try:
        return get_rule_set(scenario.rules.id)
    except KeyError as exc:
        raise CliError(f"{path}:rules.id: {exc.args[0]}") from None


def _actor(scenario: Any, args: argparse.Namespace) -> str:
    """The actor named by --player or --company, checked against the scenario."""
    if args.player and args.company:
        raise CliError("give either --player or --company, not both")
    if args.player:
        ids = [p.id for p in scenario.players]
        if args.player not in ids:
            raise CliError(f"unknown player {args.player!r} (players: {', '.join(ids) or 'none'})")
        return args.player
    if args.company:
        ids = [c.id for c in scenario.companies]
        if args.company not in ids:
            raise CliError(f"unknown company {args.company!r} (companies: {', '.join(ids) or 'none'})")
        return args.company
    raise CliError("name the actor with --player P (Catalan) or --company C (18xx)")


def _phase(rules: RuleSet, args: argparse.Namespace) -> str | None:
    phases = rules.phases
    if args.phase is not None and phases and args.phase not in phases:
        raise CliError(f"--phase {args.phase!r}: the {rules.id} rule set has the phases {', '.join(phases)}")
    return args.phase


def _tile(scenario: Any, tile: str | None) -> str | None:
    if tile is not None and scenario.tile(tile) is None:
        known = ", ".join(t.id for t in scenario.tileset().tiles)
        raise CliError(f"unknown tile {tile!r} (tiles: {known})")
    return tile


def _load(args: argparse.Namespace) -> tuple[Any, RuleSet, str]:
    """The scenario of ``args.file``, its rule set and the actor named by --player/--company."""
    scenario = load_or_fail(args.file)
    rules = _rules_for(scenario, args.file)
    return scenario, rules, _actor(scenario, args)


def cmd_moves(args: argparse.Namespace) -> int:
    scenario, rules, actor = _load(args)
    phase = _phase(rules, args)
    tile = _tile(scenario, args.tile)
    kinds = frozenset(args.kind) if args.kind else None
    moves = rules.legal_moves(scenario, MoveContext(actor=actor, phase=phase, tile=tile, kinds=kinds, abilities=not args.no_abilities))
    if args.json:
        print(json.dumps([m.to_json() for m in moves], indent=1, ensure_ascii=False))
        return EXIT_OK
    for m in moves:
        extra = f"  (cost {m.cost})" if m.cost else ""
        print(f"{m.text()}{extra}")
    shown_phase = phase or rules.current_phase(scenario) or "-"  # Catalan: turn phase; 18xx: game phase
    if not moves:
        verdict = rules.no_moves_reason(scenario, MoveContext(actor=actor, phase=phase, tile=tile))
        if verdict is not None and verdict.rule:
            print(f"no legal move: {verdict.message} [{verdict.rule}]")
        else:
            print(f"no legal move for {actor} (phase {shown_phase})")
    else:
        print(f"{len(moves)} legal move(s) for {actor} (phase {shown_phase})")
    return EXIT_OK


def cmd_explain(args: argparse.Namespace) -> int:
    scenario, rules, actor = _load(args)
    phase = _phase(rules, args)
    try:
        move = rules.parse_move(scenario, args.move, actor, phase)
    except MoveSyntaxError as exc:
        raise CliError(f"--move: {exc}") from None
    if move.tile is not None:
        _tile(scenario, move.tile)
    v = rules.explain(scenario, move)
    if args.json:
        print(json.dumps({"move": move.to_json(), "legal": v.legal, "rule": v.rule, "message": v.message, "cost": v.cost}, indent=1, ensure_ascii=False))
    else:
        head = "legal" if v.legal else "illegal"
        rule = f" [{v.rule}]" if v.rule else ""
        print(f"{move.text().strip()}: {head}: {v.message}{rule}")
    return EXIT_OK if v.legal else EXIT_RULES


def cmd_reach(args: argparse.Namespace) -> int:
    scenario, rules, actor = _load(args)
    data = rules.reach_report(scenario, actor)
    if data is None:
        raise CliError(f"the {rules.id} rule set has no reach report")
    if args.json:
        print(json.dumps(data, indent=1, ensure_ascii=False))
        return EXIT_OK
    for key, value in data.items():
        if isinstance(value, list):
            value = ", ".join(map(str, value)) or "-"
        print(f"{key + ':':<20}{value}")
    return EXIT_OK


def _actor_args(c: argparse.ArgumentParser) -> None:
    c.add_argument("file", metavar="FILE")
    c.add_argument("--player", metavar="P", help="the player (Catalan)")
    c.add_argument("--company", metavar="C", help="the company (18xx)")


def register(sub: Any) -> None:
    """Add ``moves``, ``explain`` and ``reach`` to the ``trackwright`` command."""
    c = sub.add_parser("moves", help="list the legal moves of a player or company")
    _actor_args(c)
    c.add_argument("--phase", help=PHASE_HELP)
    c.add_argument("--tile", metavar="T", help="only moves with this tile")
    c.add_argument("--kind", action="append", metavar="K",
                   help="only moves of this kind (place, replace, lay, upgrade, station, ...; repeatable)")
    c.add_argument("--no-abilities", action="store_true",
                   help="leave out the moves made through a private company's ability (18xx, 18 India)")
    c.add_argument("--json", action="store_true", help="print the moves as JSON")
    c.set_defaults(func=cmd_moves)

    c = sub.add_parser("explain", help="say whether one move is legal, or which rule it breaks (exit 1 if illegal)")
    _actor_args(c)
    c.add_argument("--move", required=True, metavar="MOVE", help="e.g. 'replace C4 turntable 0' or 'place D5 curve 1'")
    c.add_argument("--phase", help=PHASE_HELP)
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=cmd_explain)

    c = sub.add_parser("reach", help="print what a player's trains reach (Catalan: VIA NOSTRA and open ends)")
    _actor_args(c)
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=cmd_reach)


__all__ = ["register", "EXIT_INPUT"]

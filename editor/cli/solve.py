"""``trackwright solve FILE [--all] [--workers N] [--max-seconds N] [--max-nodes N] [--json]``: solve a puzzle.

Prints the verdict (solvable / unsolvable / unknown), the solution as moves, and with ``--all``
the number of distinct solutions. Exit status: 0 solvable, 1 unsolvable or unknown, 2 bad input
(unreadable file, no puzzle, unknown rule set). Never imports Qt.
"""

from __future__ import annotations

import argparse
import json
import sys

from editor.cli import EXIT_OK, EXIT_RULES, CliError, load_or_fail

SHOW_OTHERS = 5


def claim_status(expect: str, result) -> str:
    """Does the search confirm what the puzzle's designer claims (``puzzle.expect``)?"""
    if expect == "any":
        return "nothing claimed"
    if not result.complete and not (expect == "solvable" and result.verdict == "solvable"):
        return "not settled: the search stopped early"
    holds = {
        "unique": result.unique,
        "solvable": result.verdict == "solvable",
        "unsolvable": result.verdict == "unsolvable",
    }[expect]
    return "confirmed" if holds else "NOT met"


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be greater than 0")
    return value


def register(subparsers) -> None:
    """Add the ``solve`` sub-command."""
    c = subparsers.add_parser(
        "solve",
        help="solve a puzzle scenario (exit 0 solvable, 1 unsolvable/unknown, 2 bad input)",
        description="Search the puzzle's moves with its rule set: the verdict, a shortest solution, "
        "and with --all the number of distinct solutions (same final board = same solution).",
    )
    c.add_argument("file", metavar="FILE")
    c.add_argument("--all", action="store_true", help="count every distinct solution (uniqueness check)")
    c.add_argument(
        "--workers", type=int, default=1, metavar="N",
        help="with --all: count in up to N processes (as many as there are processors; default 1)",
    )
    c.add_argument("--max-seconds", type=_positive, default=10.0, metavar="N", help="time limit (default 10)")
    c.add_argument("--max-nodes", type=int, default=2_000_000, metavar="N", help="search node limit (default 2000000)")
    c.add_argument("--json", action="store_true", help="print one JSON object")
    c.set_defaults(func=cmd_solve)


def cmd_solve(args: argparse.Namespace) -> int:
    from model.puzzles.solver import PuzzleError, solve

    scenario = load_or_fail(args.file)
    if scenario.puzzle is None:
        raise CliError(f"{args.file}:puzzle: the scenario has no puzzle")
    if args.max_nodes < 1:
        raise CliError(f"--max-nodes {args.max_nodes}: must be at least 1")
    if not 1 <= args.workers <= 64:
        raise CliError(f"--workers {args.workers}: must be 1 to 64")
    try:
        result = solve(scenario, count=args.all, max_seconds=args.max_seconds, max_nodes=args.max_nodes, workers=args.workers)
    except PuzzleError as exc:
        raise CliError(f"{args.file}:{exc}") from None
    except NotImplementedError as exc:
        raise CliError(f"{args.file}: {exc}") from None
    except Exception as exc:  # a rule-set bug: one line, not a traceback
        raise CliError(f"{args.file}: the rule set {scenario.rules.id!r} failed during the search: {type(exc).__name__}: {exc}") from None
    puzzle = scenario.puzzle
    if args.json:
        data = {"file": args.file, "goal": puzzle.describe(scenario), "expect": puzzle.expect, **result.to_json()}
        if result.count is not None:
            data["claim"] = claim_status(puzzle.expect, result)
        print(json.dumps(data, indent=1, ensure_ascii=False))
    else:
        out = sys.stdout
        title = puzzle.title or scenario.meta.title
        print(f"{args.file}: {title}", file=out)
        print(f"goal:     {puzzle.describe(scenario)}", file=out)
        line = f"verdict:  {result.verdict}"
        if result.reason:
            line += f" ({result.reason})"
        print(line, file=out)
        if result.solution is not None:
            print(f"solution: {len(result.solution)} move(s)", file=out)
            for i, m in enumerate(result.solution, 1):
                extra = f"  [{m.phase}]" if m.phase else ""
                cost = f"  cost {m.cost}" if m.cost else ""
                print(f"  {i}. {m.text()}{extra}{cost}", file=out)
        if result.count is not None:
            exact = "" if result.complete else " at least (search stopped early)"
            word = "unique" if result.unique else f"{result.count} distinct solutions"
            print(f"solutions: {result.count}{exact} -> {word}", file=out)
            others = (result.solutions or [])[1:]
            for k, sol in enumerate(others[:SHOW_OTHERS], 2):
                print(f"  solution {k}: " + "; ".join(m.text() for m in sol), file=out)
            if len(others) > SHOW_OTHERS:
                print(f"  ... and {len(others) - SHOW_OTHERS} more (--json lists them all)", file=out)
            print(f"claim:    {puzzle.expect} ({claim_status(puzzle.expect, result)})", file=out)
        print(f"searched: {result.nodes} nodes in {result.seconds:.3f} s", file=out)
    return EXIT_OK if result.verdict == "solvable" else EXIT_RULES

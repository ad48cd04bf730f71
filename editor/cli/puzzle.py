"""``trackwright puzzle generate|explain``: puzzle authoring on the command line. Never imports Qt.

* ``puzzle generate FILE --moves N [--goal destination|reach|connect] [--seed S]
  [--max-seconds T] [--phases STEPS] [--turns K] [--actor ID] [--title TEXT] -o OUT [--force]``:
  find resources (and a goal) that make FILE's board a puzzle with exactly one solution of N
  moves and none shorter (:mod:`model.puzzles.generate`), and write it to OUT. Exit 0 when a
  puzzle was written, 1 when none was found in time, 2 bad input.
* ``puzzle explain FILE [--max-seconds T] [--json]``: the measured difficulty beside the
  designer's, and for a puzzle with several solutions the first two and the verified changes
  that make it unique (:mod:`model.puzzles.analysis`). Exit 0 when the puzzle is unique, 1
  otherwise, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from editor.cli import EXIT_OK, EXIT_RULES, CliError, load_or_fail
from editor.cli.solve import _positive


def register(subparsers) -> None:
    """Add the ``puzzle`` sub-command with its actions."""
    c = subparsers.add_parser("puzzle", help="puzzle authoring: generate unique puzzles, explain non-unique ones")
    actions = c.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    g = actions.add_parser(
        "generate",
        help="generate a unique N-move puzzle on a scenario's board (exit 0 written, 1 none found, 2 bad input)",
        description="Search for resources (hand, draws, turns, money) and a goal such that the puzzle has "
        "exactly one solution of N moves and none shorter, proven by the solver.",
    )
    g.add_argument("file", metavar="FILE")
    g.add_argument("--moves", type=int, required=True, metavar="N", help="moves of the solution (1-40)")
    g.add_argument(
        "--goal", choices=("auto", "destination", "reach", "connect"), default="auto",
        help="auto (default): the destination when it is N moves away, else a place N moves away",
    )
    g.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (same seed, same puzzle)")
    g.add_argument("--max-seconds", type=_positive, default=60.0, metavar="T", help="time limit (default 60)")
    g.add_argument("--phases", default=None, metavar="STEPS", help="turn structure, e.g. 'mandatory:drawn:required' or 'I:x3'")
    g.add_argument("--turns", type=int, default=None, metavar="K", help="exactly this many turns")
    g.add_argument("--actor", default=None, metavar="ID", help="player or company (default: the puzzle's, or the first)")
    g.add_argument("--title", default=None, help="title of the puzzle")
    g.add_argument("-o", "--output", required=True, metavar="OUT")
    g.add_argument("--force", action="store_true", help="overwrite OUT")
    g.add_argument("--json", action="store_true", help="print one JSON object")
    g.set_defaults(func=cmd_generate)
    e = actions.add_parser(
        "explain",
        help="measured difficulty; for several solutions, two of them and verified changes that make it unique",
    )
    e.add_argument("file", metavar="FILE")
    e.add_argument("--max-seconds", type=_positive, default=20.0, metavar="T", help="time limit (default 20)")
    e.add_argument("--json", action="store_true", help="print one JSON object")
    e.set_defaults(func=cmd_explain)


def cmd_generate(args: argparse.Namespace) -> int:
    from model.io import SaveError, save
    from model.puzzles.generate import generate, parse_phases
    from model.puzzles.solver import PuzzleError

    scenario = load_or_fail(args.file)
    out = Path(args.output)
    if out.exists() and not args.force:
        raise CliError(f"{out}: already exists (use --force to overwrite)")
    phases = None
    if args.phases is not None:
        try:
            phases = parse_phases(args.phases)
        except ValueError as exc:
            raise CliError(f"--phases: {exc}") from None
    try:
        result = generate(
            scenario,
            args.moves,
            goal=args.goal,
            seed=args.seed,
            max_seconds=args.max_seconds,
            phases=phases,
            turns=args.turns,
            actor=args.actor,
            title=args.title,
        )
    except PuzzleError as exc:
        raise CliError(f"{args.file}: {exc}") from None
    if result.found:
        try:
            save(result.scenario, out)
        except SaveError as exc:
            raise CliError(str(exc)) from None
    if args.json:
        data = {
            "file": args.file,
            "found": result.found,
            "output": str(out) if result.found else None,
            "tried": result.tried,
            "walks": result.walks,
            "seconds": round(result.seconds, 3),
            "rejected": result.rejected,
        }
        if result.found:
            data["puzzle"] = result.scenario.puzzle.model_dump(mode="json", exclude_defaults=True)
            data["solution"] = [m.to_json() for m in result.proof.solution]
            data["proof_nodes"] = result.proof.nodes
        else:
            data["reason"] = result.reason
        print(json.dumps(data, indent=1, ensure_ascii=False))
    else:
        why = ", ".join(f"{n} {k}" for k, n in sorted(result.rejected.items()))
        print(f"{args.file}: tried {result.tried} candidate(s) ({result.walks} plays) in {result.seconds:.1f} s" + (f"; refused: {why}" if why else ""))
        if not result.found:
            print(f"no puzzle found: {result.reason}")
            return EXIT_RULES
        p = result.scenario.puzzle
        print(f"goal:      {p.describe(result.scenario)}")
        res = p.resources
        if res.hand is not None:
            print(f"hand:      {' '.join(res.hand) or '(empty)'}")
        if res.draws:
            print(f"draws:     {' '.join(res.draws)}")
        print(f"turns:     {res.turns}" + (f", money {res.money}" if res.money is not None else ""))
        print(f"solution:  {len(result.proof.solution)} move(s), unique (proof: {result.proof.nodes} nodes in {result.proof.seconds:.3f} s)")
        for i, m in enumerate(result.proof.solution, 1):
            print(f"  {i}. {m.text()}" + (f"  cost {m.cost}" if m.cost else ""))
        print(f"wrote {out}")
    return EXIT_OK if result.found else EXIT_RULES


def cmd_explain(args: argparse.Namespace) -> int:
    from model.puzzles.analysis import measure, suggest
    from model.puzzles.solver import PuzzleError, solve

    scenario = load_or_fail(args.file)
    if scenario.puzzle is None:
        raise CliError(f"{args.file}:puzzle: the scenario has no puzzle")
    try:
        result = solve(scenario, count=True, max_seconds=args.max_seconds)
        difficulty = measure(scenario, max_seconds=args.max_seconds)
        suggestions = suggest(scenario, result, max_seconds=args.max_seconds) if (result.count or 0) > 1 and result.complete else []
    except PuzzleError as exc:
        raise CliError(f"{args.file}:{exc}") from None
    p = scenario.puzzle
    if args.json:
        data = {
            "file": args.file,
            "verdict": result.verdict,
            "count": result.count,
            "complete": result.complete,
            "unique": result.unique,
            "designer_difficulty": p.difficulty,
            "difficulty": difficulty.to_json() if difficulty is not None else None,
            "solutions": [[m.to_json() for m in s] for s in (result.solutions or [])[:2]],
            "suggestions": [
                {"kind": s.kind, "change": s.text, "keeps_first": s.keeps_first, "proof_nodes": s.proof.nodes} for s in suggestions
            ],
        }
        print(json.dumps(data, indent=1, ensure_ascii=False))
    else:
        print(f"{args.file}: {p.title or scenario.meta.title}")
        print(f"verdict:    {result.verdict}, " + ("unique" if result.unique else f"{result.count} solution(s)" + ("" if result.complete else " at least")))
        mine = f"{p.difficulty}/10" if p.difficulty is not None else "not set"
        print(f"difficulty: designer {mine}; " + (difficulty.text() if difficulty is not None else "no solution to measure"))
        sols = result.solutions or []
        for k, sol in enumerate(sols[:2], 1):
            print(f"solution {k}: " + "; ".join(m.text() for m in sol))
        if len(sols) > 1:
            if suggestions:
                print("changes that make it unique (each proven by the solver):")
                for s in suggestions:
                    keep = "keeps solution 1" if s.keeps_first else "leaves another solution"
                    print(f"  - {s.text} ({keep})")
            else:
                print("no single small change makes it unique")
    return EXIT_OK if result.unique else EXIT_RULES

"""Build the bundled puzzles made from real positions of recorded 18xx.games games.

Usage::

    .venv/bin/python tools/build_game_puzzles.py [--engine DIR] [--check] [--find TITLE]

Each puzzle is a position of one of the engine's recorded games (``public/fixtures/`` of the
checkout ``T18XX_DIR``, default ``../shared/upstream/18xx-2025-01``): the position after an
action, imported with ``import --from 18xx-games-game``, and the acting company's next lays in the
game as the puzzle (:func:`model.puzzles.from_position.puzzle_from_position`: reach what the
company reached, with the tiles it laid). A puzzle is written only when ``solve`` finds it
solvable with exactly one solution; it is then marked ``expect: unique``. ``--check`` writes
nothing and exits 1 when a bundled file is not what the game gives (part of ``make conformance``);
``--find TITLE`` lists the positions of a title's games whose puzzle is unique.

The bundled files need no engine: tests/test_puzzles_bundled.py proves each by ``solve``.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DEFAULT_ENGINE = "../shared/upstream/18xx-2025-01"
OUT = ROOT / "scenarios" / "puzzles"


@dataclass(frozen=True)
class GamePuzzle:
    name: str
    title: str  # the game's title (fixtures folder)
    game: str  # the fixture file
    action: int  # the position after this action
    lays: int  # the acting company's next lays
    puzzle_title: str
    difficulty: int


PUZZLES = (
    GamePuzzle("1889-01-kubokawa-to-kouchi", "1889", "314.json", 239, 2,
               "Shikoku 1889: UR from Kubokawa to Kouchi in two lays", 3),
    GamePuzzle("1830-01-pittsburgh-and-lancaster", "1830", "26855.json", 103, 2,
               "1830: from Pittsburgh to Lancaster in two lays", 3),
)


def engine_dir(arg: str | None) -> Path:
    path = Path(arg or os.environ.get("T18XX_DIR") or DEFAULT_ENGINE)
    return path if path.is_absolute() else (ROOT / path).resolve()


def build(p: GamePuzzle, engine: Path):
    from model.io.import_18xx_game import GameSession
    from model.puzzles.from_position import puzzle_from_position
    from model.puzzles.solver import solve

    session = GameSession(engine / "public" / "fixtures" / p.title / p.game, engine)
    nl = session.next_lays(p.action, p.lays)
    s = puzzle_from_position(nl.before, nl.after, nl.actor, nl.tiles, nl.turns, nl.lays_per_turn, p.puzzle_title)
    res = solve(s, count=True, max_seconds=60)
    if not (res.verdict == "solvable" and res.complete and res.count == 1):
        return None, f"{p.name}: {res.verdict}, {res.count} solution(s)"
    meta = s.meta.model_copy(update={
        "title": p.puzzle_title, "author": "Trackwright puzzle set",
        "description": f"{p.title}, recorded game {session.log.game_id} of 18xx.games, after action {p.action}: "
                       f"{nl.actor} is to act. In the game it laid {', '.join(nl.tiles)} next; reach what it reached.",
    })
    puzzle = s.puzzle.model_copy(update={"expect": "unique", "difficulty": p.difficulty})
    # the players own privates in the game; the puzzle is the company's alone (the 18xx rules read no players)
    return s.model_copy(update={"meta": meta, "puzzle": puzzle, "players": []}), f"{p.name}: unique, {len(res.solution)} moves"


def find(title: str, engine: Path, lays: int) -> None:
    """Print the positions of a title's recorded games whose puzzle is unique."""
    from model.io.game_log import GameLogError
    from model.io.import_18xx_game import GameSession
    from model.puzzles.from_position import puzzle_from_position
    from model.puzzles.generate import PuzzleError
    from model.puzzles.solver import solve

    for game in sorted((engine / "public" / "fixtures" / title).glob("*.json")):
        session = GameSession(game, engine)
        for a, nxt in zip(session.actions, session.actions[1:], strict=False):
            if nxt["type"] != "lay_tile" or nxt.get("entity_type") != "corporation" or a["type"] == "lay_tile":
                continue
            try:
                nl = session.next_lays(a["id"], lays)
                s = puzzle_from_position(nl.before, nl.after, nl.actor, nl.tiles, nl.turns, nl.lays_per_turn)
            except (GameLogError, PuzzleError, ValueError):
                continue
            res = solve(s, count=True, max_seconds=10)
            if res.verdict == "solvable" and res.complete and res.count == 1 and len(res.solution) >= lays:
                print(f"{game.name} action {a['id']}: {nl.actor} {nl.tiles} -> {s.puzzle.goal.places} "
                      f"({res.nodes} nodes)")


def main(argv: list[str] | None = None) -> int:
    from model.io import dumps, load, save

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", help=f"the 18xx.games checkout (default $T18XX_DIR or {DEFAULT_ENGINE})")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 when a bundled file differs")
    ap.add_argument("--find", metavar="TITLE", help="list the positions of TITLE's games whose puzzle is unique")
    ap.add_argument("--lays", type=int, default=2, help="--find: lays per puzzle (default 2)")
    args = ap.parse_args(argv)
    engine = engine_dir(args.engine)
    if not (engine / "public" / "fixtures").is_dir():
        print(f"build_game_puzzles: no recorded games at {engine}/public/fixtures (set T18XX_DIR)", file=sys.stderr)
        return 2
    if args.find:
        find(args.find, engine, args.lays)
        return 0
    status = 0
    for p in PUZZLES:
        scenario, note = build(p, engine)
        print(note)
        path = OUT / f"{p.name}.json"
        if scenario is None:
            status = 1
            continue
        if args.check:
            if not path.is_file() or load(path) != scenario:
                print(f"build_game_puzzles: {path.name} is not what the game gives: run tools/build_game_puzzles.py",
                      file=sys.stderr)
                status = 1
            continue
        save(scenario, path, backup=False)
        assert dumps(load(path)) == dumps(scenario)
        print(f"wrote {path.relative_to(ROOT)}")
    return status


if __name__ == "__main__":
    sys.exit(main())

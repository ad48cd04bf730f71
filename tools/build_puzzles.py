"""Build the bundled puzzles under ``scenarios/puzzles/`` (run: ``python tools/build_puzzles.py``).

Each puzzle is a function that returns a :class:`model.scenario.Scenario` with a ``puzzle``;
files are written with :func:`model.io.save`. ``--check`` also solves every puzzle and counts its
distinct solutions, refusing to write one that is not solvable and unique. ``--only NAME``
builds some of them.

Catalan boards are square grids: edges are 0 = S, 1 = W, 2 = N, 3 = E; a tile at rotation r is
turned r quarter turns clockwise (a straight at 0 runs N-S, at 1 E-W; a curve at 0 joins N-E,
at 1 E-S, at 2 S-W, at 3 W-N; a switch at r has its trunk on side r and its legs on r+2 and r+1
(left) or r+3 (right)).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from model.board import Board, Cell, City, LaidTile, Platform, Token  # noqa: E402
from model.grid import SquareGrid  # noqa: E402
from model.io import load, save  # noqa: E402
from model.puzzle_spec import (  # noqa: E402
    DestinationGoal,
    PhaseStep,
    Puzzle,
    ReachGoal,
    Resources,
)
from model.scenario import GameState, Meta, Player, RulesRef, Scenario, TileSupply  # noqa: E402

OUT = ROOT / "scenarios" / "puzzles"
S, W, N, E = 0, 1, 2, 3
MANDATORY = PhaseStep(name="mandatory", tile_from="drawn", required=True)
OPTIONAL = PhaseStep(name="optional", tile_from="hand")
AUTHOR = "Trackwright puzzle set"

# --- Catalan helpers ------------------------------------------------------------------------


def origin(station: str, access: int, owner: str) -> Cell:
    return Cell(platform=Platform(station=station, access=access, kind="origin", owner=owner))


def laid(tile: str, rotation: int, by: str) -> Cell:
    return Cell(tile=LaidTile(tile=tile, rotation=rotation, turn=0, by=by))


def city(name: str) -> Cell:
    return Cell(cities=[City(name=name)])


def terrain(kind: str, *labels: str) -> dict[str, Cell]:
    return {lbl: Cell(terrain=kind) for lbl in labels}


def red(destination: str, hand: list[str] | None = None) -> Player:
    return Player(id="red", name="Red", color="#cc2222", origin="red_home", destination=destination, hand=hand or [])


def yellow(destination: str | None = None) -> Player:
    return Player(id="yellow", name="Yellow", color="#e0b000", origin="yellow_home", destination=destination)


def catalan(
    title: str,
    description: str,
    width: int,
    height: int,
    cells: dict[str, Cell],
    players: list[Player],
    *,
    difficulty: int,
    hint: str,
    resources: Resources,
    phases: list[PhaseStep],
    goal: DestinationGoal | ReachGoal | None = None,
) -> Scenario:
    """A Catalan puzzle played by Red (the goal defaults to her destination)."""
    puzzle = Puzzle(
        title=title,
        difficulty=difficulty,
        hint=hint,
        actor="red",
        goal=goal or DestinationGoal(player="red"),
        resources=resources,
        phases=phases,
    )
    return Scenario(
        meta=Meta(title=title, author=AUTHOR, description=description, game="Catalan railway game"),
        rules=RulesRef(id="catalan"),
        board=Board(grid=SquareGrid(width=width, height=height), cells=cells),
        tiles=TileSupply(set="catalan"),
        players=players,
        state=GameState(active=puzzle.actor, phase=puzzle.phases[0].name),
        puzzle=puzzle,
    )


# --- Catalan puzzles --------------------------------------------------------------------------


def catalan_01_first_steps() -> Scenario:
    cells = {"A4": origin("red_home", N, "red"), "C3": city("Vic"), **terrain("mountain", "A2", "B2", "B4", "C4")}
    return catalan(
        "First steps",
        "Two drawn tiles, two turns: bring Red's line from her station to Vic.",
        4,
        4,
        cells,
        [red("C3")],
        difficulty=1,
        hint="The drawn tile must be laid at your own open end, and it must join it.",
        resources=Resources(draws=["curve", "straight"], turns=2),
        phases=[MANDATORY],
    )


def catalan_02_crossing() -> Scenario:
    cells = {
        "C5": origin("red_home", N, "red"),
        "C4": laid("straight", 0, "red"),
        "E3": origin("yellow_home", W, "yellow"),
        "D3": laid("straight", 1, "yellow"),
        "C3": laid("straight", 1, "yellow"),
        "B3": laid("straight", 1, "yellow"),
        "C1": city("Girona"),
    }
    return catalan(
        "Over the rival line",
        "Yellow's line blocks the way north. Tracks may only cross on a two-level crossing.",
        5,
        5,
        cells,
        [red("C1"), yellow()],
        difficulty=2,
        hint="A middle tile of any track may be substituted if no one loses track.",
        resources=Resources(hand=["crossing", "straight"], turns=2),
        phases=[OPTIONAL],
    )


def catalan_04_bridge_and_tunnel() -> Scenario:
    cells = {
        "B5": origin("red_home", N, "red"),
        "B1": city("Andorra"),
        **terrain("lake", "B3", "C3", "A4"),
        **terrain("mountain", "B2", "A3", "D3", "C4"),
    }
    return catalan(
        "Bridge and tunnel",
        "A lake and a mountain stand between Red and Andorra. Which tile goes where?",
        4,
        5,
        cells,
        [red("B1")],
        difficulty=3,
        hint="A lake takes only a bridge, a mountain only a tunnel; either may also stand on plain land.",
        resources=Resources(hand=["bridge", "tunnel", "straight", "curve"], turns=3),
        phases=[OPTIONAL],
    )


def catalan_05_branch_lines() -> Scenario:
    cells = {
        "C5": origin("red_home", N, "red"),
        "C4": laid("straight", 0, "red"),
        "C3": laid("straight", 0, "red"),
        "C2": laid("straight", 0, "red"),
        "A3": city("Lleida"),
        "E4": city("Reus"),
        **terrain("mountain", "B2", "D3", "B4", "D5", "B5", "D2", "C1"),
    }
    return catalan(
        "Branch lines",
        "Red's main line runs north. Serve Lleida and Reus too, without cutting it.",
        5,
        5,
        cells,
        [red("A3")],
        difficulty=4,
        hint="A straight in the middle of a line may become a switch whose trunk faces the origin.",
        goal=ReachGoal(actor="red", places=["A3", "E4"]),
        resources=Resources(hand=["switch_left", "switch_right", "straight", "straight"], turns=4),
        phases=[OPTIONAL],
    )


def catalan_06_dead_end() -> Scenario:
    cells = {
        "A5": origin("red_home", E, "red"),
        "B5": laid("straight", 1, "red"),
        "C5": laid("curve", 3, "red"),
        "C4": laid("dead_end", 0, "yellow"),
        "E1": city("Berga"),
        "E5": origin("yellow_home", N, "yellow"),
        "E4": laid("straight", 0, "yellow"),
        **terrain("mountain", "B3", "C2", "D4"),
        **terrain("lake", "B4", "A3"),
    }
    return catalan(
        "Dead end",
        "Yellow has capped Red's line with a dead end, and Red has just drawn a turntable.",
        5,
        5,
        cells,
        [red("E1"), yellow()],
        difficulty=5,
        hint="A blocked player may use a drawn turntable to replace one of her tiles; a dead end can only "
        "ever be replaced by a turntable.",
        resources=Resources(draws=["turntable", "straight", "curve"], hand=["straight", "switch_left"], turns=3),
        phases=[MANDATORY, OPTIONAL],
    )


def catalan_03_shared_line() -> Scenario:
    cells = {
        "B5": origin("red_home", N, "red"),
        "B4": laid("straight", 0, "red"),
        "B3": laid("straight", 0, "red"),
        "B2": laid("straight", 0, "red"),
        "E5": origin("yellow_home", N, "yellow"),
        "E4": laid("straight", 0, "yellow"),
        "E3": city("Olot"),
        "D3": laid("straight", 1, "yellow"),
        "C3": laid("straight", 1, "yellow"),
        "E1": city("Ripoll"),
        **terrain("mountain", "B1", "A3", "C2", "D1", "C4"),
        **terrain("lake", "E2"),
    }
    return catalan(
        "The shared line",
        "Yellow's line runs from Olot to the side of Red's line. Use it to reach Ripoll.",
        5,
        5,
        cells,
        [red("E1"), yellow()],
        difficulty=3,
        hint="A right switch joins two lines fully; a left switch only from the new tile onward.",
        resources=Resources(hand=["switch_right", "switch_left", "bridge", "crossing"], turns=2),
        phases=[OPTIONAL],
    )


def catalan_07_long_way() -> Scenario:
    cells = {
        "B6": origin("red_home", W, "red"),
        "C4": origin("yellow_home", W, "yellow"),
        "B4": laid("straight", 1, "yellow"),
        "A4": laid("straight", 1, "yellow"),
        "F1": city("Figueres"),
        **terrain(
            "mountain",
            "A1", "B1", "C1", "D1", "E1", "D2", "B3", "C3", "D3", "E3", "F3", "D4", "E4", "F4",
            "B5", "C5", "D5", "E5", "F5", "C6", "D6", "E6", "F6",
        ),
        **terrain("lake", "C2"),
    }
    return catalan(
        "The long way round",
        "Five turns, five drawn tiles, five in hand, and not one move to spare on the way to Figueres.",
        6,
        6,
        cells,
        [red("F1"), yellow()],
        difficulty=8,
        hint="A player with no open end for her drawn tile loses the whole turn. Clear the way early.",
        resources=Resources(
            draws=["curve", "straight", "curve", "bridge", "straight"],
            hand=["crossing", "straight", "straight", "tunnel", "curve"],
            turns=5,
        ),
        phases=[MANDATORY, OPTIONAL],
    )


# --- 18 India puzzles: the bundled map with one company, its home tile, a hand and a treasury --


def india(
    title: str,
    description: str,
    company: str,
    home_tile: str,
    home_rotation: int,
    target: str,
    hand: list[str],
    treasury: int,
    difficulty: int,
    hint: str,
) -> Scenario:
    """The bundled 18 India map; ``company`` has laid its home city tile and placed its token."""
    base = load(ROOT / "scenarios" / "18india.json")
    cells = dict(base.board.cells)
    home = next(c.home for c in base.companies if c.id == company)
    cells[home] = cells[home].model_copy(
        update={"tile": LaidTile(tile=home_tile, rotation=home_rotation), "tokens": [Token(company=company, city=0)]}
    )
    companies = [c.model_copy(update={"treasury": treasury}) if c.id == company else c for c in base.companies]
    meta = base.meta.model_copy(update={"title": f"18 India puzzle: {title}", "description": description})
    data = base.model_dump()
    data.update(
        meta=meta.model_dump(),
        board={**data["board"], "cells": {k: v.model_dump() for k, v in cells.items()}},
        companies=[c.model_dump() for c in companies],
        state={**data["state"], "active": company},
        puzzle=Puzzle(
            title=title,
            difficulty=difficulty,
            hint=hint,
            actor=company,
            goal=ReachGoal(actor=company, places=[target]),
            resources=Resources(hand=hand),
            phases=[PhaseStep(name=base.state.game_phase or "I", max_moves=4)],
        ).model_dump(),
    )
    return Scenario.model_validate(data)


def india_01_visakhapatnam() -> Scenario:
    return india(
        "To the coast",
        "BNR (Bengal Nagpur Railway) has laid its home tile at I20. Reach Visakhapatnam (M24) this turn "
        "with the tiles in hand and ₹30 in the treasury.",
        "BNR",
        "57",
        2,
        "M24",
        ["9", "9", "8", "4"],
        30,
        2,
        "Up to four yellow tiles in one line, each extending the last. The mountain K22 costs ₹30.",
    )


def india_02_mumbai_on_a_budget() -> Scenario:
    return india(
        "Mumbai on a budget",
        "BNR must reach Mumbai (D23) this turn with ₹15. The short way over the mountain at F19 costs ₹30.",
        "BNR",
        "57",
        2,
        "D23",
        ["9", "8", "8", "8"],
        15,
        4,
        "Count the costs before you lay: a mountain hex costs ₹30, a hill ₹15, a river side ₹30.",
    )


def india_03_chennai_ghats() -> Scenario:
    return india(
        "Through the Eastern Ghats",
        "NSR (Nizam's State Railway) must reach Chennai (K30) through the mountains with four yellow tiles "
        "and exactly ₹120.",
        "NSR",
        "57",
        1,
        "K30",
        ["8", "8", "8", "4"],
        120,
        6,
        "Every rupee counts: two mountains and the rivers between them.",
    )


def india_04_western_ghats() -> Scenario:
    return india(
        "Over the Western Ghats",
        "BNR must reach Mumbai (D23) this turn over the hills and mountains of the Western Ghats, with "
        "₹45 and more tiles in hand than it can use.",
        "BNR",
        "57",
        2,
        "D23",
        ["9", "9", "9", "8", "8", "58"],
        45,
        7,
        "There are not enough curves for the way round: climb the hill at G18, then the mountain at F19.",
    )


# --- generated puzzles ---------------------------------------------------------------------------
# Made by the generator (``trackwright puzzle generate``, model/puzzles/generate.py) with the
# command noted on each; the resources and goal are its output, the words are ours.


def generated_catalan(title: str, description: str, hint: str, difficulty: int, puzzle: dict) -> Scenario:
    """The bundled four-player 12×12 Catalan board with a generated puzzle for Red."""
    base = load(ROOT / "scenarios" / "catalan" / "four-players-12x12.json")
    meta = base.meta.model_copy(update={"title": title, "description": description, "author": AUTHOR})
    made = Puzzle.model_validate({**puzzle, "title": title, "difficulty": difficulty, "hint": hint})
    return base.model_copy(update={"meta": meta, "puzzle": made, "state": base.state.model_copy(update={"phase": made.phases[0].name})})


def catalan_08_to_valencia() -> Scenario:
    # puzzle generate scenarios/catalan/four-players-12x12.json --moves 10 --goal reach --seed 1
    return generated_catalan(
        "Down to Valencia",
        "Seven turns, each with a drawn tile for Red's open end and a tile from her hand anywhere it "
        "may go: join Barcelona to Yellow's station at Valencia, on the far side of the board.",
        "Three tiles in hand and seven draws make ten moves, and all ten are needed: build from both ends.",
        6,
        {
            "actor": "red",
            "goal": {"kind": "reach", "actor": "red", "places": ["valencia"]},
            "resources": {
                "hand": ["curve", "straight", "straight"],
                "draws": ["curve", "straight", "straight", "curve", "straight", "straight", "straight"],
                "turns": 7,
            },
            "phases": [{"name": "mandatory", "tile_from": "drawn", "required": True}, {"name": "optional"}],
        },
    )


def catalan_09_twelve_draws() -> Scenario:
    # puzzle generate scenarios/catalan/four-players-12x12.json --moves 12 --phases mandatory:drawn:required --seed 1
    return generated_catalan(
        "Twelve draws to Lleida",
        "Twelve drawn tiles, twelve turns, and every one must be laid at Red's open end. Only one way "
        "round the mountains brings the last of them into Lleida.",
        "The mountains at D8 and D9 stand in the way: go round them on the east side.",
        5,
        {
            "actor": "red",
            "goal": {"kind": "destination", "player": "red"},
            "resources": {
                "hand": [],
                "draws": ["curve", "straight", "straight", "curve", "straight", "straight", "straight", "curve", "straight", "straight", "curve", "curve"],
                "turns": 12,
            },
            "phases": [{"name": "mandatory", "tile_from": "drawn", "required": True}],
        },
    )


def catalan_10_fifteen_to_berga() -> Scenario:
    # puzzle generate scenarios/catalan/four-players-12x12.json --moves 15 --goal reach --phases mandatory:drawn:required --seed 1
    return generated_catalan(
        "Fifteen to Berga",
        "Fifteen drawn tiles take Red from Barcelona to Berga, far in the north, past the lakes and "
        "the mountains.",
        "Plan from the end: the line enters Berga from the south, between the lakes and the mountains.",
        6,
        {
            "actor": "red",
            "goal": {"kind": "reach", "actor": "red", "places": ["G2"]},
            "resources": {
                "hand": [],
                "draws": [
                    "straight", "straight", "straight", "curve", "straight", "curve", "curve", "straight",
                    "straight", "straight", "curve", "straight", "straight", "curve", "curve",
                ],
                "turns": 15,
            },
            "phases": [{"name": "mandatory", "tile_from": "drawn", "required": True}],
        },
    )


def generated_india(
    title: str, description: str, company: str, home_tile: str, home_rotation: int, hint: str, difficulty: int, puzzle: dict
) -> Scenario:
    """The 18 India map with the company's home laid (as :func:`india`) and a generated puzzle."""
    res = puzzle["resources"]
    base = india(title, description, company, home_tile, home_rotation, puzzle["goal"]["places"][0], res["hand"], res["money"], difficulty, hint)
    made = Puzzle.model_validate({**puzzle, "title": title, "difficulty": difficulty, "hint": hint})
    return base.model_copy(update={"puzzle": made})


def india_05_two_rounds_to_chennai() -> Scenario:
    # puzzle generate scenarios/puzzles/india-01-visakhapatnam.json --moves 6 --goal reach --phases I:x3 --turns 2 --seed 1
    return generated_india(
        "Two rounds to Chennai",
        "BNR has two operating rounds of up to three yellow tiles each, six tiles in hand and ₹60, "
        "and must reach Chennai (K30).",
        "BNR",
        "57",
        2,
        "The ₹60 pays for exactly two ₹30 hexes.",
        8,
        {
            "actor": "BNR",
            "goal": {"kind": "reach", "actor": "BNR", "places": ["K30"]},
            "resources": {"hand": ["7", "7", "8", "9", "9", "9"], "turns": 2, "money": 60},
            "phases": [{"name": "I", "max_moves": 3}],
        },
    )


def india_06_nsr_to_the_coast() -> Scenario:
    # puzzle generate scenarios/puzzles/india-03-chennai-ghats.json --moves 6 --goal reach --phases I:x3 --turns 2 --seed 1
    return generated_india(
        "NSR to the coast",
        "NSR has two operating rounds of up to three yellow tiles each, six tiles in hand and ₹60, "
        "and must reach Visakhapatnam (M24).",
        "NSR",
        "57",
        1,
        "Four gentle curves and two straights; the ₹60 pays for exactly two ₹30 hexes.",
        7,
        {
            "actor": "NSR",
            "goal": {"kind": "reach", "actor": "NSR", "places": ["M24"]},
            "resources": {"hand": ["8", "8", "8", "8", "9", "9"], "turns": 2, "money": 60},
            "phases": [{"name": "I", "max_moves": 3}],
        },
    )


CATALAN: list[Callable[[], Scenario]] = [
    catalan_01_first_steps,
    catalan_02_crossing,
    catalan_03_shared_line,
    catalan_04_bridge_and_tunnel,
    catalan_05_branch_lines,
    catalan_06_dead_end,
    catalan_07_long_way,
    catalan_08_to_valencia,
    catalan_09_twelve_draws,
    catalan_10_fifteen_to_berga,
]
INDIA: list[Callable[[], Scenario]] = [
    india_01_visakhapatnam,
    india_02_mumbai_on_a_budget,
    india_03_chennai_ghats,
    india_04_western_ghats,
    india_05_two_rounds_to_chennai,
    india_06_nsr_to_the_coast,
]
PUZZLES: dict[str, Callable[[], Scenario]] = {
    f.__name__.replace("_", "-", 1).replace("_", "-"): f for f in CATALAN + INDIA
}


def file_name(name: str) -> str:
    return f"{name}.json"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="solve each puzzle; refuse any that is not unique")
    ap.add_argument("--only", nargs="*", default=None, help="names to build (default: all)")
    ap.add_argument("--out", default=str(OUT), help="output folder")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    status = 0
    for name, build in PUZZLES.items():
        if args.only and name not in args.only:
            continue
        scenario = build()
        if args.check:
            from model.puzzles.solver import solve

            t0 = time.perf_counter()
            res = solve(scenario, count=True, max_seconds=30)
            dt = time.perf_counter() - t0
            moves = len(res.solution) if res.solution is not None else "-"
            print(f"{name}: {res.verdict}, {res.count} solution(s), {moves} moves, {res.nodes} nodes, {dt:.2f} s")
            if not res.unique:
                for sol in (res.solutions or [])[:4]:
                    print("   ", "; ".join(m.text() for m in sol))
                status = 1
                continue
        path = out / file_name(name)
        save(scenario, path, backup=False)
        load(path)  # what we wrote must load
        print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    return status


if __name__ == "__main__":
    sys.exit(main())

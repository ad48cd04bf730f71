"""Regenerate the Catalan scenarios and the boards of the Catalan golden test cases.

Usage::

    .venv/bin/python tools/build_catalan_scenarios.py

Writes, with :func:`model.io.save` (canonical bytes, no backup files):

* ``scenarios/catalan/starter-2p.json``, ``four-players-12x12.json`` and ``midgame.json``;
* the ``*.json`` boards of ``tests/cases/catalan/<case>/`` (the ``expected.json`` files next to
  them are written by hand and never generated).

The golden boards follow ``docs/rules-catalan.md`` §6, which writes a space as (x, y) with y growing
NORTH on a 7x7 board; our labels count rows from the top, so (x, y) is column ``x`` (A = 0) and
row ``7 - y`` (see ``tests/cases/catalan/README.md``).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from model.board import Board, Cell, City, LaidTile, Platform  # noqa: E402
from model.grid import SquareGrid  # noqa: E402
from model.io import save  # noqa: E402
from model.scenario import GameState, LaidThisTurn, Meta, Player, RulesRef, Scenario, TileSupply  # noqa: E402

CASES = ROOT / "tests" / "cases" / "catalan"
SCENARIOS = ROOT / "scenarios" / "catalan"
ALL_TILES = ["straight", "curve", "switch_left", "switch_right", "crossing", "turntable", "bridge", "tunnel", "dead_end"]
N, E, S, W = 2, 3, 0, 1

# §6 tile notation -> (tile id, rotation)
ST_NS, ST_EW = ("straight", 0), ("straight", 1)
CU = {"NE": ("curve", 0), "ES": ("curve", 1), "SW": ("curve", 2), "WN": ("curve", 3)}


def SW_L(trunk: int) -> tuple[str, int]:  # noqa: N802 - the rules file's notation
    return ("switch_left", trunk)


def SW_R(trunk: int) -> tuple[str, int]:  # noqa: N802
    return ("switch_right", trunk)


def DE(port: int) -> tuple[str, int]:  # noqa: N802
    return ("dead_end", port)


PL = ("turntable", 0)
CR = ("crossing", 0)


def t(x: int, y: int) -> str:
    """§6 coordinates (y grows north on a 7x7 board) -> our label."""
    return "ABCDEFG"[x] + str(7 - y)


def origin(station: str, access: int, owner: str) -> Cell:
    return Cell(platform=Platform(station=station, access=access, kind="origin", owner=owner))


def case_board(
    title: str,
    tiles: dict[tuple[int, int], tuple[str, int]],
    *,
    extra: dict[str, Cell] | None = None,
    red_hand: list[str] | None = None,
    yellow_hand: list[str] | None = None,
    red_destination: str | None = None,
    yellow_destination: str | None = None,
    options: dict | None = None,
    **state,
) -> Scenario:
    """A §6 board: red origin (2,0) access N, yellow origin (5,2) access W, plus tiles and features."""
    cells: dict[str, Cell] = {t(2, 0): origin("red-station", N, "red"), t(5, 2): origin("yellow-station", W, "yellow")}
    for (x, y), (tile, rot) in tiles.items():
        cells[t(x, y)] = Cell(tile=LaidTile(tile=tile, rotation=rot, turn=1))
    for label, cell in (extra or {}).items():
        cells[label] = cell
    state.setdefault("turn", 3)
    state.setdefault("active", "red")
    return Scenario(
        meta=Meta(title=title, description="Golden test board; see tests/cases/catalan/README.md"),
        rules=RulesRef(id="catalan", options=options or {}),
        board=Board(grid=SquareGrid(width=7, height=7), cells=dict(sorted(cells.items()))),
        tiles=TileSupply(set="catalan"),
        players=[
            Player(id="red", name="Red", color="#cc0000", origin="red-station", destination=red_destination, hand=red_hand or []),
            Player(id="yellow", name="Yellow", color="#e6b800", origin="yellow-station", destination=yellow_destination, hand=yellow_hand or []),
        ],
        state=GameState(**state),
    )


R3 = {(2, 1): ST_NS, (2, 2): ST_NS, (2, 3): ST_NS}
Y2 = {(4, 2): ST_EW, (3, 2): ST_EW}


def golden_cases() -> dict[str, dict[str, Scenario]]:
    """Case folder -> {file name: board}."""
    out: dict[str, dict[str, Scenario]] = {}
    t1 = {(2, 1): ST_NS, (2, 2): SW_L(S), (2, 3): ST_NS, (2, 4): ST_NS}
    out["t01_left_switch_through"] = {"scenario.json": case_board("T1: left switch on a through track", t1, red_hand=ALL_TILES, phase="optional")}
    t2 = {**t1, (1, 2): ST_EW, (0, 2): ST_EW}
    out["t02_left_switch_both_branches"] = {"scenario.json": case_board("T2: both branches in use", t2, red_hand=ALL_TILES, phase="optional")}
    out["t03_crossing_no_connection"] = {"scenario.json": case_board("T3: crossing", {**R3, **Y2}, red_hand=["crossing", "straight"], phase="optional")}
    out["t04_right_switch_full"] = {"scenario.json": case_board("T4: right switch", {**R3, **Y2}, red_hand=["switch_right", "straight"], phase="optional")}
    out["t05_left_switch_partial"] = {"scenario.json": case_board("T5: left switch", {**R3, **Y2}, red_hand=["switch_left"], phase="optional")}
    t5b = {**R3, **Y2, (2, 2): SW_L(N), (2, 4): PL}
    out["t05b_turntable_full"] = {"scenario.json": case_board("T5b: turntable makes T5 full", t5b, red_hand=["straight", "curve", "dead_end"], phase="optional")}
    out["t06_curve_joins"] = {"scenario.json": case_board("T6: a curve joins two tracks", {(2, 1): ST_NS, **Y2}, red_hand=["curve"], phase="mandatory", drawn="curve")}
    out["t07_switch_facing"] = {"scenario.json": case_board("T7: switch facing", {(2, 1): ST_NS}, red_hand=["switch_left"], phase="mandatory", drawn="switch_left")}
    out["t08_cut_branch"] = {"scenario.json": case_board("T8: cut branches", {(2, 1): ST_NS, (1, 2): ST_NS, (3, 2): ST_NS}, red_hand=["turntable"], phase="mandatory")}
    lake = {t(2, 2): Cell(terrain="lake")}
    out["t09_lake"] = {
        "scenario.json": case_board("T9: lake", {(2, 1): ST_NS}, extra=lake, red_hand=["straight"], phase="mandatory", drawn="straight"),
        "bridged.json": case_board(
            "T9: bridges later",
            {(2, 1): ST_NS, (2, 3): CU["ES"], (3, 3): ("bridge", 1)},
            extra={t(2, 2): Cell(terrain="lake", tile=LaidTile(tile="bridge", rotation=0, turn=1))},
            red_hand=["turntable", "crossing", "straight"],
            phase="optional",
        ),
    }
    mountain = {t(2, 2): Cell(terrain="mountain")}
    out["t10_mountain"] = {
        "scenario.json": case_board("T10: mountain block", {(2, 1): ST_NS, **Y2}, extra=mountain, red_hand=["straight"], phase="mandatory", drawn="curve"),
        "control.json": case_board(
            "T10: control, a free plain open end",
            {(2, 1): ST_NS},
            extra={**mountain, t(0, 0): origin("red-station", N, "red")},
            phase="mandatory",
            drawn="turntable",
        ),
        "tunnelled.json": case_board(
            "T10: tunnel through the mountain",
            {(2, 1): ST_NS},
            extra={t(2, 2): Cell(terrain="mountain", tile=LaidTile(tile="tunnel", rotation=0, turn=1))},
            red_hand=["turntable"],
            phase="optional",
        ),
    }
    # --- our own cases ---------------------------------------------------------------------
    city = {t(3, 2): Cell(cities=[City(name="Vic")])}
    out["c_city"] = {
        "scenario.json": case_board(
            "city joins every side and allows reversal",
            {(2, 1): ST_NS, (2, 2): CU["ES"]},
            extra=city,
            red_hand=["straight", "curve"],
            red_destination="D5",
            phase="optional",
        )
    }
    out["c_stations"] = {
        "scenario.json": case_board(
            "a station that is not the destination; origin platforms do not join",
            {(2, 1): ST_NS, (2, 2): ST_NS, (2, 3): ST_NS, (1, 1): ST_NS, (4, 2): ST_EW, (3, 2): CU["ES"], (3, 1): ST_NS},
            extra={
                t(2, 4): Cell(platform=Platform(station="port", access=S, kind="other")),
                t(3, 4): Cell(platform=Platform(station="port", access=E, kind="other")),
                t(1, 0): origin("red-station", N, "red"),
                t(3, 0): origin("red-station", N, "red"),
            },
            yellow_destination="port",
            phase="optional",
        )
    }
    out["c_dead_end"] = {
        "scenario.json": case_board(
            "dead ends: replaced only by a turntable; reversal at the buffer is an option",
            {(2, 1): ST_NS, (2, 2): SW_R(N), (2, 3): DE(S)},
            red_hand=["straight", "turntable"],
            phase="optional",
        ),
        "mandatory.json": case_board("a drawn dead end", {(2, 1): ST_NS}, phase="mandatory", drawn="dead_end"),
    }
    laid_now = case_board(
        "turn state: S-1, O4, mandatory done",
        {(2, 1): ST_NS, (2, 2): ST_NS},
        red_hand=["turntable", "curve"],
        phase="optional",
        drawn="straight",
        laid=[LaidThisTurn(cell=t(2, 2), tile="straight", phase="mandatory")],
    )
    cells = dict(laid_now.board.cells)
    cells[t(2, 2)] = Cell(tile=LaidTile(tile="straight", rotation=0, turn=3, phase="mandatory", by="red"))
    laid_now = laid_now.model_copy(update={"board": laid_now.board.model_copy(update={"cells": cells})})
    one_done = case_board(
        "O4: one optional action",
        {(2, 1): ST_NS, (2, 2): ST_NS},
        red_hand=["curve", "straight"],
        phase="optional",
        laid=[LaidThisTurn(cell=t(2, 2), tile="straight", phase="optional")],
    )
    out["c_turn_state"] = {"scenario.json": laid_now, "one-done.json": one_done}
    out["c_placement"] = {
        "scenario.json": case_board(
            "placement rules: open ends, ports, terrain, hand, turn",
            {(2, 1): ST_NS, (2, 2): ST_NS},
            extra={t(1, 3): Cell(terrain="mountain"), t(3, 3): Cell(terrain="lake"), t(2, 4): Cell(cities=[City(name="Reus")])},
            red_hand=["curve", "tunnel", "bridge", "straight"],
            yellow_hand=["straight"],
            phase="mandatory",
            drawn="straight",
        )
    }
    bad_cells = {
        t(0, 6): Cell(terrain="lake", tile=LaidTile(tile="straight", rotation=0)),
        t(1, 6): Cell(terrain="mountain", tile=LaidTile(tile="curve", rotation=0)),
        t(2, 6): Cell(terrain="mountain", tile=LaidTile(tile="bridge", rotation=0)),
        t(3, 6): Cell(terrain="lake", tile=LaidTile(tile="tunnel", rotation=0)),
        t(4, 6): Cell(cities=[City(name="Lleida")], tile=LaidTile(tile="straight", rotation=0)),
        t(6, 6): Cell(platform=Platform(station="depot", access=S, kind="other"), tile=LaidTile(tile="straight", rotation=0)),
        t(6, 0): Cell(terrain="hill"),
        t(0, 3): Cell(tile=LaidTile(tile="crossing", rotation=0)),
    }
    bad = case_board("every board error", {(2, 1): ST_NS}, extra=bad_cells, red_destination="nowhere")
    bad = bad.model_copy(update={"tiles": TileSupply(set="catalan", counts={"crossing": 0})})
    good = case_board("a clean board where yellow has reached red's station", {(2, 1): ST_NS, (2, 2): SW_R(S), **Y2}, yellow_destination="red-station", red_destination="yellow-station", active="yellow")
    out["c_board_check"] = {"scenario.json": bad, "clean.json": good}
    return out


# --- bundled scenarios ------------------------------------------------------------------------
def scenario(title: str, description: str, size: int, cells: dict[str, Cell], players: list[Player], **state) -> Scenario:
    return Scenario(
        meta=Meta(title=title, description=description, game="Catalan railway game (square grid)"),
        rules=RulesRef(id="catalan"),
        board=Board(grid=SquareGrid(width=size, height=size), cells=dict(sorted(cells.items()))),
        tiles=TileSupply(set="catalan"),
        players=players,
        state=GameState(**state),
    )


def starter() -> Scenario:
    cells = {
        "B9": origin("girona", N, "red"),
        "H2": origin("tarragona", S, "yellow"),
        "E5": Cell(cities=[City(name="Manresa")]),
        "C3": Cell(terrain="lake"),
        "G7": Cell(terrain="mountain"),
        "A2": Cell(platform=Platform(station="lleida", access=E, kind="destination", name="Lleida")),
        "I8": Cell(platform=Platform(station="figueres", access=W, kind="destination", name="Figueres")),
    }
    players = [
        Player(id="red", name="Red", color="#cc0000", origin="girona", destination="lleida", hand=["straight", "curve", "turntable"]),
        Player(id="yellow", name="Yellow", color="#e6b800", origin="tarragona", destination="figueres", hand=["straight", "switch_left", "crossing"]),
    ]
    return scenario("Catalan starter, two players", "A 9x9 board: two origins, one city, a lake, a mountain, two destinations.", 9, cells, players, turn=1, active="red", phase="mandatory", drawn="curve")


def four_players() -> Scenario:
    cells: dict[str, Cell] = {
        "B11": origin("barcelona", N, "red"),
        "K11": origin("valencia", W, "yellow"),
        "K2": origin("zaragoza", S, "green"),
        "B2": origin("perpinya", E, "blue"),
    }
    for lbl in ("E4", "F4", "E5", "H9", "H10"):
        cells[lbl] = Cell(terrain="lake")
    for lbl in ("D8", "D9", "I4", "I5", "F10"):
        cells[lbl] = Cell(terrain="mountain")
    for lbl, name in (("F7", "Manresa"), ("C5", "Vic"), ("J7", "Reus"), ("G2", "Berga")):
        cells[lbl] = Cell(cities=[City(name=name)])
    for lbl, st, acc in (("A7", "lleida", E), ("L6", "tortosa", W), ("F1", "andorra", S), ("G12", "sitges", N)):
        cells[lbl] = Cell(platform=Platform(station=st, access=acc, kind="destination", name=st.title()))
    players = [
        Player(id="red", name="Red", color="#cc0000", origin="barcelona", destination="lleida", hand=["curve", "switch_right"]),
        Player(id="yellow", name="Yellow", color="#e6b800", origin="valencia", destination="andorra", hand=["straight", "bridge"]),
        Player(id="green", name="Green", color="#2e8b57", origin="zaragoza", destination="sitges", hand=["tunnel", "crossing"]),
        Player(id="blue", name="Blue", color="#1f5fbf", origin="perpinya", destination="tortosa", hand=["turntable", "curve"]),
    ]
    return scenario("Catalan, four players on 12x12", "Four origins in the corners, lakes, mountains, four cities and four destinations.", 12, cells, players, turn=1, active="red", phase="mandatory", drawn="straight")


def midgame() -> Scenario:
    def lay(tile: str, rot: int, turn: int, by: str) -> Cell:
        return Cell(tile=LaidTile(tile=tile, rotation=rot, turn=turn, phase="mandatory", by=by))

    cells: dict[str, Cell] = {
        "C10": origin("girona", N, "red"),
        "J5": origin("tarragona", W, "yellow"),
        "F3": origin("lleida", S, "green"),
        "E7": Cell(cities=[City(name="Manresa")]),
        "H8": Cell(terrain="lake"),
        "B5": Cell(terrain="mountain"),
        # red climbs north from Girona, turns east and splits at a left switch (trunk W) at D7:
        # one leg runs on into Manresa (E7), the other north over a crossing at D5
        "C9": lay("straight", 0, 1, "red"),
        "C8": lay("straight", 0, 4, "red"),
        "C7": lay("curve", 1, 7, "red"),  # S-E
        "D7": lay("switch_left", 1, 10, "red"),  # trunk W: W-E and W-N
        "D6": lay("straight", 0, 13, "red"),
        "D5": Cell(tile=LaidTile(tile="crossing", rotation=0, turn=16, phase="optional", by="red")),
        "D4": lay("straight", 0, 19, "red"),
        # yellow runs west from Tarragona; a right switch with its trunk E at F5 joined it to
        # green's platform at F3 (legs W and N), and it passes under red's line at D5
        "I5": lay("straight", 1, 2, "yellow"),
        "H5": lay("straight", 1, 5, "yellow"),
        "G5": lay("straight", 1, 8, "yellow"),
        "F5": lay("switch_right", 3, 11, "yellow"),
        "F4": Cell(tile=LaidTile(tile="straight", rotation=0, turn=12, phase="optional", by="green")),
        "E5": lay("straight", 1, 14, "yellow"),
        "C5": lay("straight", 1, 17, "yellow"),
    }
    players = [
        Player(id="red", name="Red", color="#cc0000", origin="girona", destination="tarragona", hand=["curve", "turntable"]),
        Player(id="yellow", name="Yellow", color="#e6b800", origin="tarragona", destination="girona", hand=["switch_left", "straight"]),
        Player(id="green", name="Green", color="#2e8b57", origin="lleida", hand=["bridge", "dead_end"]),
    ]
    return scenario(
        "Catalan mid-game",
        "Yellow's line is joined to green's platform by a right switch at F5; red's branch crosses yellow's line on a two-level crossing at D5 without joining it.",
        10,
        cells,
        players,
        turn=18,
        active="red",
        phase="mandatory",
        drawn="switch_left",
    )


def main() -> int:
    for case, boards in golden_cases().items():
        folder = CASES / case
        folder.mkdir(parents=True, exist_ok=True)
        for name, board in boards.items():
            save(board, folder / name, backup=False)
    SCENARIOS.mkdir(parents=True, exist_ok=True)
    for name, build in (("starter-2p.json", starter), ("four-players-12x12.json", four_players), ("midgame.json", midgame)):
        save(build(), SCENARIOS / name, backup=False)
    print(f"wrote {sum(len(b) for b in golden_cases().values())} case boards and 3 scenarios")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A tiny rule set for the solver tests: build a path from an origin platform on a square grid.

``toy-paths``: the actor lays a tile (from the drawn tile or the hand) on an empty plain cell
next to an open end of her network, with a port facing back. No substitution, no terrain tiles.
It knows nothing about puzzles; the solver drives it only through ``legal_moves`` and ``apply``.
"""

from __future__ import annotations

from model.board import Board, Cell, City, LaidTile, Platform
from model.grid import SquareGrid
from model.puzzle_spec import PhaseStep, Puzzle, ReachGoal, Resources
from model.puzzles.reach import actor_starts, track_model
from model.rules import Move, MoveContext, RuleSet, register
from model.scenario import LaidThisTurn, Player, RulesRef, Scenario, TileSupply


@register
class ToyPaths(RuleSet):
    """Path building on a square grid (tests only)."""

    id = "toy-paths"
    name = "Toy path building"
    grid_kinds = ("square",)

    calls = 0  # legal_moves calls, counted by the tests

    def legal_moves(self, scenario: Scenario, context: MoveContext) -> list[Move]:
        type(self).calls += 1
        actor = context.actor or scenario.state.active
        player = scenario.player(actor)
        if context.tile is not None:
            tiles = [context.tile]
        elif context.phase == "mandatory":
            tiles = [scenario.state.drawn] if scenario.state.drawn else []
        else:
            tiles = sorted(set(player.hand)) if player else []
        tm = track_model(self, scenario)
        net = tm.reach(actor_starts(self, scenario, tm, actor))
        grid = scenario.board.grid
        out = []
        for coord, edge in sorted(net.open_ends):
            target = grid.neighbour(coord, edge)
            if target is None:
                continue
            cell = scenario.board.cell(target)
            if cell.tile is not None or cell.terrain != "plain" or cell.cities or cell.platform or cell.paths:
                continue
            back = grid.opposite(edge)
            for tid in tiles:
                tdef = scenario.tile(tid)
                for rot in tdef.distinct_rotations(grid.sides):
                    if back in tdef.exits(rot, grid.sides):
                        out.append(Move("place", grid.label(target), tid, rot, actor=actor, phase=context.phase))
        return out

    def apply(self, scenario: Scenario, move: Move) -> Scenario:
        cells = dict(scenario.board.cells)
        old = cells.get(move.cell, Cell())
        cells[move.cell] = old.model_copy(
            update={"tile": LaidTile(tile=move.tile, rotation=move.rotation, turn=scenario.state.turn, phase=move.phase, by=move.actor)}
        )
        state = scenario.state.model_copy(
            update={"laid": [*scenario.state.laid, LaidThisTurn(cell=move.cell, tile=move.tile, phase=move.phase)]}
        )
        return scenario.model_copy(update={"board": scenario.board.model_copy(update={"cells": cells}), "state": state})


def toy_scenario(
    width: int,
    height: int,
    cells: dict[str, Cell],
    goal,
    *,
    hand: list[str] | None = None,
    draws: list[str] | None = None,
    turns: int = 1,
    phases: list[PhaseStep] | None = None,
    max_moves: int | None = None,
    expect: str = "unique",
) -> Scenario:
    """A toy puzzle: player 'red' with the given hand, on a board of ``cells``."""
    return Scenario(
        rules=RulesRef(id="toy-paths"),
        board=Board(grid=SquareGrid(width=width, height=height), cells=cells),
        tiles=TileSupply(set="catalan"),
        players=[Player(id="red", origin="home", hand=list(hand or []))],
        puzzle=Puzzle(
            actor="red",
            goal=goal,
            resources=Resources(hand=hand, draws=draws or [], turns=turns, max_moves=max_moves),
            phases=phases or [PhaseStep(name="lay", max_moves=12)],
            expect=expect,
        ),
    )


def origin(access: int) -> Cell:
    return Cell(platform=Platform(station="home", access=access, kind="origin", owner="red"))


def city(name: str | None = None) -> Cell:
    return Cell(cities=[City(name=name)])


def reach(*places: str) -> ReachGoal:
    return ReachGoal(actor="red", places=list(places))

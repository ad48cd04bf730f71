"""A rule set written only for the tests: the smallest game that uses the whole seam.

*Tiny rails* is played by players on a square grid with two tiles, a straight ``line`` and a
``bend``; a player's turn has two phases, ``survey`` and ``build``. A player builds on an empty plain cell (``build``) or replaces a laid tile
(``rebuild``); no track may run off the board (``tiny.off-board``). Importing this module
registers it; nothing in ``editor/`` names it, so the tests that drive the editor on it show
that a new rule set plugs in through :class:`model.rules.RuleSet` alone.
"""

from __future__ import annotations

from collections.abc import Iterable

from model.board import Board, LaidTile
from model.grid import Coord, SquareGrid
from model.rules import Issue, LocalChecker, Move, MoveContext, RuleSet, Verdict, register
from model.scenario import LaidThisTurn, Meta, Player, RulesRef, Scenario, TileSupply
from model.tiles import TileDef, TilePath

LINE = TileDef(id="line", name="Line", color="track", paths=[TilePath(a=0, b=2)])
BEND = TileDef(id="bend", name="Bend", color="track", paths=[TilePath(a=0, b=1)])


@register
class TinyRails(RuleSet):
    """Tiny rails (tests only): see the module docstring."""

    id = "test.tiny-rails"
    name = "Tiny rails (test game)"
    grid_kinds = ("square",)
    phases = ("survey", "build")
    tile_move_kinds = ("build", "rebuild")
    state_fields = frozenset()
    features = frozenset({"city", "players"})

    # --- the board check ------------------------------------------------------------------
    def board_issues(self, scenario: Scenario) -> list[Issue]:
        grid = scenario.board.grid
        return self.check_cells(scenario, [grid.coord(label) for label in scenario.board.cells])

    def check_cells(self, scenario: Scenario, cells: Iterable[Coord]) -> list[Issue]:
        out = []
        for c in cells:
            why = self._off_board(scenario, c, scenario.board.cell(c).tile)
            if why:
                out.append(Issue("tiny.off-board", "error", why, (scenario.board.grid.label(c),)))
        return out

    def affected_cells(self, scenario: Scenario, changed: Iterable[Coord]) -> set[Coord]:
        return set(changed)  # every rule looks at one cell

    def incremental_checker(self, scenario: Scenario) -> LocalChecker:
        return LocalChecker(self, scenario)

    @staticmethod
    def _off_board(scenario: Scenario, coord: Coord, laid: LaidTile | None) -> str | None:
        if laid is None:
            return None
        grid = scenario.board.grid
        tdef = scenario.tile(laid.tile)
        for edge in tdef.exits(laid.rotation, grid.sides) if tdef is not None else ():
            if grid.neighbour(coord, edge) is None:
                return f"{grid.label(coord)}: the {laid.tile} runs off the board"
        return None

    # --- turns and moves ------------------------------------------------------------------
    def turn_phases(self, scenario: Scenario) -> tuple[str, ...]:
        return self.phases  # a player surveys, then builds (the phases name the turn; no rule reads them)

    def current_phase(self, scenario: Scenario) -> str | None:
        return scenario.state.phase or self.phases[0]

    def is_turn_refusal(self, verdict: Verdict) -> bool:
        return verdict.rule in (None, "tiny.unknown-move", "tiny.unknown-player", "tiny.not-your-turn")

    def explain(self, scenario: Scenario, move: Move) -> Verdict:
        grid = scenario.board.grid
        if move.kind not in self.tile_move_kinds:
            return Verdict(False, "tiny.unknown-move", f"unknown move {move.kind!r} (build, rebuild)")
        if scenario.player(move.actor) is None:
            return Verdict(False, "tiny.unknown-player", f"{move.actor!r} is not a player")
        if move.actor != scenario.state.active:
            return Verdict(False, "tiny.not-your-turn", f"it is {scenario.state.active}'s turn")
        coord = grid.coord(move.cell)
        cell = scenario.board.cell(coord)
        if (cell.tile is None) != (move.kind == "build"):
            return Verdict(False, "tiny.wrong-kind", f"{move.cell}: {'build on an empty cell' if cell.tile is None else 'rebuild a laid tile'}")
        why = self._off_board(scenario, coord, LaidTile(tile=move.tile, rotation=move.rotation))
        if why:
            return Verdict(False, "tiny.off-board", why)
        return Verdict(True, None, "legal")

    def legal_moves(self, scenario: Scenario, context: MoveContext) -> list[Move]:
        grid = scenario.board.grid
        actor = context.actor or scenario.state.active
        tiles = [context.tile] if context.tile else ["line", "bend"]
        out = []
        for c in grid.ordered_coords:
            kind = "build" if scenario.board.cell(c).tile is None else "rebuild"
            for tid in tiles:
                for rot in scenario.tile(tid).distinct_rotations(grid.sides):
                    move = Move(kind, grid.label(c), tid, rot, actor, context.phase)
                    if self.explain(scenario, move).legal:
                        out.append(move)
        return out

    def apply(self, scenario: Scenario, move: Move, check: bool = True) -> Scenario:
        if check and not self.explain(scenario, move).legal:
            raise ValueError(f"illegal move {move.text()}")
        cells = dict(scenario.board.cells)
        old = scenario.board.cell(scenario.board.grid.coord(move.cell))
        cells[move.cell] = old.model_copy(update={"tile": LaidTile(tile=move.tile, rotation=move.rotation)})
        laid = [*scenario.state.laid, LaidThisTurn(cell=move.cell, tile=move.tile, phase=move.phase)]
        return scenario.model_copy(update={
            "board": scenario.board.model_copy(update={"cells": cells}),
            "state": scenario.state.model_copy(update={"laid": laid}),
        })


def tiny_scenario(width: int = 5, height: int = 4) -> Scenario:
    """A board of the game with two players and its two tiles."""
    return Scenario(
        meta=Meta(title="Tiny rails"),
        rules=RulesRef(id=TinyRails.id),
        board=Board(grid=SquareGrid(width=width, height=height)),
        tiles=TileSupply(custom=[LINE, BEND]),
        players=[Player(id="ann", color="#cc0000"), Player(id="bob", color="#0044cc")],
    )

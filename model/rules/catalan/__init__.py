"""The Catalan square-grid railway game (rule set id ``catalan``), per ``docs/rules-catalan.md``.

* :mod:`.network`: movement over (cell, entry side) states and each player's VIA NOSTRA;
* :mod:`.moves`: placement and substitution rules (mandatory and optional phases);
* :mod:`.checks`: the live board check, incremental after one-cell edits;
* :mod:`.options`: one named option per [PROPOSAL] of the rules file.

Move syntax (``parse_move``): ``place CELL TILE ROTATION``, ``replace CELL TILE ROTATION`` and
``pass``; rotations are quarter turns clockwise (see ``docs/catalan.md``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from model.board import LaidTile
from model.grid import Coord
from model.puzzle_spec import PhaseStep
from model.rules import (
    Issue,
    Move,
    MoveContext,
    MoveSyntaxError,
    Reached,
    RuleSet,
    Verdict,
    register,
    sort_issues,
    structural_issues,
)
from model.rules.catalan.checks import (
    IncrementalChecker,
    cell_issues,
    destination_cells,
    reach_issues,
    scenario_issues,
    winners,
)
from model.rules.catalan.moves import PHASES, Analysis
from model.rules.catalan.network import SIDE_NAMES, Network, connection_name
from model.rules.catalan.options import OPTIONS
from model.rules.catalan.search import SearchPosition
from model.scenario import LaidThisTurn, Scenario


class IllegalMove(ValueError):
    """``apply`` was given a move that ``explain`` rejects; ``verdict`` says which rule failed."""

    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict
        super().__init__(f"{verdict.message} [{verdict.rule}]")


@register
class CatalanRules(RuleSet):
    """The Catalan railway game on a square grid: VIA NOSTRA, placement and substitution rules."""

    id = "catalan"
    name = "Catalan railway game (square grid)"
    grid_kinds = ("square",)
    tile_set = "catalan"
    tile_move_kinds = ("place", "replace")
    options = OPTIONS
    phases = PHASES
    actor_kind = "player"
    state_fields = frozenset()  # the turn, the active player, the phase, the drawn tile, this turn's lays
    # The game reports other terrains and printed track itself, so off-board and gray cells count
    # as used here: its own rules name them.
    features = frozenset({"city", "platform", "offboard", "gray", "players"})

    # --- check ----------------------------------------------------------------------------
    def check(self, scenario: Scenario) -> list[Issue]:
        if scenario.board.grid.kind != "square":
            return sort_issues(
                structural_issues(scenario)
                + [Issue("catalan.square-grid-required", "error", "the Catalan game is played on a square grid (§2, A13)")]
            )
        return super().check(scenario)

    def board_issues(self, scenario: Scenario) -> list[Issue]:
        grid = scenario.board.grid
        out = scenario_issues(scenario)
        for label in scenario.board.cells:
            out += cell_issues(scenario, grid.coord(label))
        net = Network(scenario, dead_end_reversal=bool(self.option(scenario, "dead_end_reversal")))
        out += reach_issues(scenario, net, bool(self.option(scenario, "win_check")))
        turn = Analysis(self, scenario, net=net).turn_issue()
        if turn is not None:
            out.append(turn)
        return out

    def affected_cells(self, scenario: Scenario, changed: Iterable[Coord]) -> set[Coord] | None:
        """Cell-local rules only look at the edited cells; reach-based findings are recomputed
        by :meth:`check_cells` / :class:`IncrementalChecker` with the cached network."""
        return set(changed)

    def check_cells(self, scenario: Scenario, cells: Iterable[Coord]) -> list[Issue]:
        """The cell-local issues of some cells (the per-cell entry point of incremental checking)."""
        out: list[Issue] = []
        for c in cells:
            out += cell_issues(scenario, c)
        return sort_issues(out)

    def incremental_checker(self, scenario: Scenario) -> IncrementalChecker:
        """A checker that keeps issues current: call ``update(scenario, changed_cells)`` after edits."""
        return IncrementalChecker(self, scenario)

    # --- moves ----------------------------------------------------------------------------
    def analysis(self, scenario: Scenario) -> Analysis:
        """The cached view of one scenario (reuse it for many questions about the same board)."""
        return Analysis(self, scenario)

    def legal_moves(self, scenario: Scenario, context: MoveContext) -> list[Move]:
        """Every legal ``place``/``replace`` of the context's tile (or of every usable tile).

        Mandatory phase: the drawn tile (``context.tile`` stands for it when nothing is drawn;
        with neither, every tile type). Optional phase: the tiles in the player's hand. An empty
        list in the mandatory phase means the player loses her turn (M6): ``explain`` of the
        move ``pass`` then answers legal with rule ``catalan.no-legal-play``.
        """
        if scenario.board.grid.kind != "square":
            return []
        return context.keep(self.legal_moves_in(self.analysis(scenario), context))

    def legal_moves_in(self, a: Analysis, context: MoveContext, cells: frozenset[str] | None = None) -> list[Move]:
        """``legal_moves`` on an existing analysis of the scenario (see :meth:`search_position`);
        with ``cells`` (labels), only the moves on those cells (the same moves, in the same order)."""
        scenario = a.s
        a.detail = False  # verdicts only: continuity stops at the first lost connection
        phase = context.phase or scenario.state.phase or "mandatory"
        actor = context.actor
        if a.gate(actor, phase, context.tile) is not None:
            return []
        player = scenario.player(actor)
        if context.tile is not None:
            tiles = [context.tile]
        elif phase == "mandatory":
            tiles = [scenario.state.drawn] if scenario.state.drawn else [t.id for t in scenario.tileset().tiles]
        else:
            tiles = list(dict.fromkeys(player.hand))
        out: list[Move] = []
        for tid in tiles:  # the verdicts without messages (a substitution's maybe from another board)
            if cells is None and phase == "mandatory":
                out += a.mandatory_moves(actor, tid)
            else:
                out += a.legal_candidates(actor, phase, tid, cells)
        return out

    def current_phase(self, scenario: Scenario) -> str | None:
        """The turn phase, ``mandatory`` or ``optional`` (``state.phase``; unset means mandatory)."""
        return scenario.state.phase or "mandatory"

    def turn_phases(self, scenario: Scenario) -> tuple[str, ...]:
        """A turn's two phases: the mandatory play of the drawn tile, then the optional one from the hand."""
        return PHASES

    TURN_REFUSALS = frozenset(
        {"catalan.unknown-player", "catalan.not-your-turn", "catalan.mandatory-done", "catalan.unknown-move"})
    """The refusals of :meth:`explain` that are about the turn (see :meth:`is_turn_refusal`)."""

    def is_turn_refusal(self, verdict: Verdict) -> bool:
        """A refusal naming no rule, an unknown player, another player's turn, a mandatory play
        already made, or a move kind the game does not have."""
        return verdict.rule is None or verdict.rule in self.TURN_REFUSALS

    def no_moves_reason(self, scenario: Scenario, context: MoveContext) -> Verdict | None:
        """Why ``legal_moves`` is empty, when one rule explains it (used by ``trackwright moves``)."""
        a = self.analysis(scenario)
        phase = context.phase or scenario.state.phase or "mandatory"
        v = a.gate(context.actor, phase, context.tile)
        if v is not None:
            return v
        if phase == "mandatory" and (scenario.state.drawn or context.tile):
            v = a.evaluate(Move("pass", "", actor=context.actor, phase=phase), gates=False)
            if v.legal:
                return v
        return None

    def explain(self, scenario: Scenario, move: Move) -> Verdict:
        """Legal or not, naming the first rule that fails (e.g. ``catalan.S-3``)."""
        if scenario.board.grid.kind != "square":
            return Verdict(False, "catalan.square-grid-required", "the Catalan game is played on a square grid")
        a = self.analysis(scenario)
        v = a.evaluate(move)
        phase = move.phase or scenario.state.phase or "mandatory"
        if (
            not v.legal
            and move.kind in ("place", "replace")
            and phase == "mandatory"
            and v.rule not in ("catalan.unknown-player", "catalan.not-your-turn", "catalan.mandatory-done", "catalan.unknown-tile")
        ):
            drawn = scenario.state.drawn or move.tile
            if drawn is not None and scenario.tile(drawn) is not None and not a.mandatory_moves(move.actor, drawn):
                v = Verdict(False, v.rule, v.message + f" (and {move.actor} has no legal play for {drawn} at all, so she loses her turn: catalan.no-legal-play)")
        return v

    def parse_move(self, scenario: Scenario, text: str, actor: str | None, phase: str | None) -> Move:
        """``place CELL TILE ROTATION``, ``replace CELL TILE ROTATION`` or ``pass``."""
        parts = text.split()
        if parts == ["pass"]:
            return Move("pass", "", actor=actor, phase=phase)
        if len(parts) != 4 or parts[0] not in ("place", "replace"):
            raise MoveSyntaxError(f"{text!r}: expected 'place CELL TILE ROTATION', 'replace CELL TILE ROTATION' or 'pass'")
        move = super().parse_move(scenario, text, actor, phase)
        if scenario.tile(move.tile) is None:
            known = ", ".join(t.id for t in scenario.tileset().tiles)
            raise MoveSyntaxError(f"{text!r}: unknown tile {move.tile!r} (tiles: {known})")
        if not 0 <= move.rotation <= 3:
            raise MoveSyntaxError(f"{text!r}: rotation must be 0-3 (quarter turns clockwise)")
        return move

    # --- apply ----------------------------------------------------------------------------
    def apply(self, scenario: Scenario, move: Move, check: bool = True) -> Scenario:
        """A new scenario with the move made (the input is not changed).

        The tile records its turn, phase and player; ``state.laid`` gets the move; after the
        mandatory phase the state moves to the optional phase; an optional-phase tile leaves the
        hand. ``pass`` ends the phase (a lost turn ends the whole turn, A8). With
        ``check=False`` the move is trusted (for solvers that took it from ``legal_moves``).
        """
        if check:
            v = self.explain(scenario, move)
            if not v.legal:
                raise IllegalMove(v)
        st = scenario.state
        phase = move.phase or st.phase or "mandatory"
        if move.kind == "pass":
            if phase == "optional" or self.option(scenario, "lost_turn_skips_optional"):
                return self.end_turn(scenario)
            return scenario.model_copy(update={"state": st.model_copy(update={"phase": "optional"})})
        board = scenario.board
        label = move.cell
        cell = board.cell_at_label(label)
        old = cell.tile
        cells = dict(board.cells)
        cells[label] = cell.model_copy(
            update={"tile": LaidTile(tile=move.tile, rotation=move.rotation, turn=st.turn, phase=phase, by=move.actor)}
        )
        update: dict[str, Any] = {"board": board.model_copy(update={"cells": cells})}
        if phase == "optional":
            players = []
            for p in scenario.players:
                if p.id == move.actor and move.tile in p.hand:
                    hand = list(p.hand)
                    hand.remove(move.tile)
                    p = p.model_copy(update={"hand": hand})
                players.append(p)
            update["players"] = players
        if old is not None and self.option(scenario, "replaced_tiles") == "discard":
            count = scenario.tile(old.tile).count
            if count is not None:
                counts = dict(scenario.tiles.counts)
                counts[old.tile] = max(0, count - 1)
                update["tiles"] = scenario.tiles.model_copy(update={"counts": counts})
        update["state"] = st.model_copy(
            update={
                "laid": [*st.laid, LaidThisTurn(cell=label, tile=move.tile, phase=phase)],
                "phase": "optional",
            }
        )
        return scenario.model_copy(update=update)

    def end_turn(self, scenario: Scenario, drawn: str | None = None) -> Scenario:
        """The next player's mandatory phase (turn + 1, nothing laid yet, ``drawn`` tile)."""
        st = scenario.state
        ids = [p.id for p in scenario.players]
        nxt = st.active
        if ids:
            nxt = ids[(ids.index(st.active) + 1) % len(ids)] if st.active in ids else ids[0]
        state = st.model_copy(update={"turn": st.turn + 1, "active": nxt, "phase": "mandatory", "drawn": drawn, "laid": []})
        return scenario.model_copy(update={"state": state})

    # --- reach ----------------------------------------------------------------------------
    def reached(self, scenario: Scenario, actor: str) -> Reached | None:
        """A player's VIA NOSTRA as places: the labels of the cells her trains reach (origin
        platforms included) and the ids of the stations one of whose platforms they reach."""
        if scenario.player(actor) is None or scenario.board.grid.kind != "square":
            return None
        net = Network(scenario, dead_end_reversal=bool(self.option(scenario, "dead_end_reversal")))
        net.record_tree = False  # reach only: no search tree needed
        return self.reached_on(scenario, net, actor)

    def reached_on(self, scenario: Scenario, net: Network, actor: str) -> Reached | None:
        """``reached`` on an existing network of the scenario (see :meth:`search_position`)."""
        if scenario.player(actor) is None or scenario.board.grid.kind != "square":
            return None
        r = net.reach(actor)
        grid = scenario.board.grid
        # a reach is shared only by networks derived from one another (Network.take_over), whose
        # boards have the same grid and the same platforms: it answers the same on each
        if r.reached is not None and r.reached[0] is grid:
            return r.reached[1]
        coords = r.cells | set(r.starts)
        cells = frozenset(grid.label(c) for c in coords)
        stations = {cell.platform.station for c in coords if (cell := scenario.board.cell(c)).platform is not None}
        got = Reached(cells | stations, cells)
        r.reached = (grid, got)
        return got

    def puzzle_phases(self, scenario: Scenario) -> list[PhaseStep]:
        """A drawn tile that must be played, then one from the hand."""
        return [PhaseStep(name="mandatory", tile_from="drawn", required=True), PhaseStep(name="optional", tile_from="hand")]

    def puzzle_palette(self, scenario: Scenario) -> tuple[str, ...]:
        """Straights and curves, equally likely."""
        return ("straight", "straight", "curve", "curve")

    def search_position(self, scenario: Scenario, parent: Any = None) -> Any:
        """A position for a search (the puzzle solver): ``legal_moves`` and ``reached`` of the
        scenario, with the track network taken over from ``parent`` (an earlier position) where
        the board did not change (:mod:`model.rules.catalan.search`)."""
        return SearchPosition(self, scenario, parent)

    def reach_report(self, scenario: Scenario, actor: str) -> dict[str, Any]:
        """A player's VIA NOSTRA: connections per cell, cities and stations reached, open ends."""
        if scenario.player(actor) is None:
            raise KeyError(actor)
        net = Network(scenario, dead_end_reversal=bool(self.option(scenario, "dead_end_reversal")))
        grid = scenario.board.grid
        r = net.reach(actor)
        key = lambda c: (c[1], c[0])  # noqa: E731
        connections = []
        for c, i in sorted(r.connections, key=lambda k: (key(k[0]), k[1])):
            tr = net.track(c)
            connections.append(f"{grid.label(c)}:{connection_name(tr, i)}")
        cities, stations, platforms = [], set(), []
        for c in sorted(r.cells, key=key):
            cell = scenario.board.cell(c)
            if cell.cities:
                cities.append(grid.label(c))
            elif cell.platform is not None:
                platforms.append(grid.label(c))
                stations.add(cell.platform.station)
        player = scenario.player(actor)
        dest_reached = bool(player.destination and destination_cells(scenario, player.destination) & r.cells)
        return {
            "player": actor,
            "origin": [grid.label(c) for c in r.starts],
            "cells": [grid.label(c) for c in sorted(r.cells, key=key)],
            "connections": connections,
            "cities": cities,
            "platforms": platforms,
            "stations": sorted(stations),
            "open_ends": [f"{grid.label(c)}:{SIDE_NAMES[x]}" for c, x in sorted(net.open_ends(actor), key=lambda k: (key(k[0]), k[1]))],
            "destination": player.destination,
            "destination_reached": dest_reached,
            "winners": winners(scenario, net) if self.option(scenario, "win_check") else [],
        }


__all__ = ["CatalanRules", "IllegalMove"]

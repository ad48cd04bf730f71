"""A puzzle from a real position: what the company went on to reach, with the tiles it laid.

Given the board before a company's lays (``before``) and the board after them (``after``, taken
from the recorded game), the puzzle asks: *from here, reach what the company reached*, with the
tiles it actually laid as the hand, over as many turns as it took, each turn allowing the lays
of the title's schedule. The real game is one solution; ``solve`` says whether it is the only
one. The scenarios come from anywhere (the game import makes them); nothing here reads files.
"""

from __future__ import annotations

from model.puzzle_spec import PhaseStep, Puzzle, ReachGoal, Resources
from model.puzzles.generate import PuzzleError, stop_places
from model.rules import get_rule_set
from model.scenario import Scenario


def puzzle_from_position(before: Scenario, after: Scenario, actor: str, tiles: list[str], turns: int,
                         lays_per_turn: int = 1, title: str | None = None) -> Scenario:
    """``before`` with a puzzle whose goal is the stops ``actor`` reaches in ``after`` and not in
    ``before`` (or, when its lays reached no new stop, the hexes it laid on). Raises PuzzleError
    when the company reaches nothing new or laid nothing."""
    if not tiles:
        raise PuzzleError(f"{actor} lays no tile after this position")
    if before.company(actor) is None:
        raise PuzzleError(f"there is no company {actor!r}")
    rules = get_rule_set(before.rules.id)
    was, now = rules.reached(before, actor), rules.reached(after, actor)
    if was is None or now is None:
        raise PuzzleError(f"the rule set {rules.id} does not say what a company reaches")
    stops = set(stop_places(after))
    places = sorted((now.places - was.places) & stops)
    if not places:
        places = sorted(label for label in now.cells - was.cells if label in after.board.cells)
    if not places:
        raise PuzzleError(f"{actor}'s lays after this position reach nothing new")
    phase = before.state.game_phase or "I"
    puzzle = Puzzle(
        title=title or f"{before.meta.game or before.meta.title}: {actor}'s next {len(tiles)} lays",
        actor=actor,
        goal=ReachGoal(actor=actor, places=places),
        resources=Resources(hand=list(tiles), turns=max(1, min(turns, 40))),
        phases=[PhaseStep(name=phase, max_moves=max(1, min(lays_per_turn, 12)))],
        expect="solvable",
        hint=f"In the recorded game {actor} laid {', '.join(tiles)} to get there.",
    )
    state = before.state.model_copy(update={"laid": [], "active": actor})
    out = before.model_copy(update={"state": state, "puzzle": puzzle})
    puzzle.check_against(out)
    return out


__all__ = ["puzzle_from_position"]

"""Puzzle data stored in a scenario: the goal, the resources, and the turn structure.

A puzzle turns a scenario into a question: *starting from this board, can the actor reach the
goal with these resources?* It is stored in the scenario's ``puzzle`` field and validated when
the file loads, like everything else (unknown fields are errors; cross references are checked
with their field path, e.g. ``puzzle.goal.places.1``).

Places
    A *place* is a cell label (``"C4"``, ``"J37"``) or the id of a Catalan station (the
    ``station`` of a platform). Goals name places; the solver decides whether a train reaches them.

Goal kinds (``goal.kind``)
    ``connect``      a train can run from place ``a`` to place ``b``; with ``actor`` set, ``a``
                     must also be on that player's or company's network.
    ``destination``  the player's network reaches her destination (``Player.destination``).
    ``reach``        the actor's network reaches every place in ``places``.

Resources
    the tiles in hand (or the actor's hand in the scenario), a fixed sequence of drawn tiles,
    a number of turns, a cap on the number of moves, and money for 18xx costs.

Phases
    each turn is a list of phase steps. A step names the rule-set phase (``mandatory``,
    ``optional``, ``track``...), where its tile comes from (the next drawn tile or the hand),
    whether a move is required when one is legal, and how many moves it allows.

This module imports only pydantic, so ``model.scenario`` can import it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Tagged(_Model):
    """A union member whose ``kind`` tag has no default, so that saving always writes it
    (files are written without default values); built in code, the tag is filled in."""

    @model_validator(mode="before")
    @classmethod
    def _fill_kind(cls, data: Any) -> Any:
        if isinstance(data, dict) and "kind" not in data:
            data = {"kind": cls.model_fields["kind"].annotation.__args__[0], **data}
        return data


class ConnectGoal(_Tagged):
    """A train can run from place ``a`` to place ``b`` (for ``actor``, when given)."""

    kind: Literal["connect"]
    a: str = Field(min_length=1, description="A place: a cell label or a station id.")
    b: str = Field(min_length=1, description="A place: a cell label or a station id.")
    actor: str | None = Field(default=None, description="Player or company whose network must include a.")


class DestinationGoal(_Tagged):
    """The player's network reaches her destination (the player's ``destination`` field)."""

    kind: Literal["destination"]
    player: str = Field(min_length=1)


class ReachGoal(_Tagged):
    """The actor's network reaches every place in ``places``."""

    kind: Literal["reach"]
    actor: str = Field(min_length=1)
    places: list[str] = Field(min_length=1)


Goal = Annotated[ConnectGoal | DestinationGoal | ReachGoal, Field(discriminator="kind")]


class PhaseStep(_Model):
    """One phase of a puzzle turn, as the rule set names it."""

    name: str = Field(min_length=1, description="Phase passed to the rule set, e.g. 'mandatory', 'optional'.")
    tile_from: Literal["drawn", "hand"] = Field(
        default="hand", description="'drawn': the turn's drawn tile; 'hand': any tile left in the hand."
    )
    required: bool = Field(
        default=False,
        description="A move must be played when one is legal (see when_blocked for when none is).",
    )
    max_moves: int = Field(default=1, ge=1, le=12, description="Moves allowed in this phase each turn.")
    when_blocked: Literal["lose_turn", "next_phase"] = Field(
        default="lose_turn",
        description="A required phase with no legal move: the rest of the turn is lost (Catalan A8), "
        "or play goes on with the next phase.",
    )
    kinds: list[str] | None = Field(
        default=None,
        description="Move kinds allowed (e.g. ['lay', 'station']); None: every move that lays a tile.",
    )


class Resources(_Model):
    """What the actor may spend."""

    hand: list[str] | None = Field(
        default=None,
        description="Tiles the actor may lay from the hand; None: the player's hand in the scenario "
        "(players) or the whole supply (companies).",
    )
    draws: list[str] = Field(default_factory=list, description="The drawn tiles, one per turn, in order.")
    turns: int = Field(default=1, ge=1, le=40)
    max_moves: int | None = Field(default=None, ge=1, le=60, description="A cap on moves over all turns.")
    money: int | None = Field(
        default=None, ge=0, description="Money for costs; None: the company's treasury (or no limit)."
    )


class Puzzle(_Model):
    """A puzzle: who plays, what they must achieve, with what, in which phases."""

    title: str | None = None
    difficulty: int | None = Field(default=None, ge=1, le=10)
    hint: str | None = None
    actor: str = Field(min_length=1, description="The player or company who makes the moves.")
    goal: Goal
    resources: Resources = Field(default_factory=Resources)
    phases: list[PhaseStep] = Field(min_length=1)
    expect: Literal["unique", "solvable", "unsolvable", "any"] = Field(
        default="unique", description="What the designer claims; `trackwright solve` reports it."
    )

    # --- cross references -----------------------------------------------------------------
    def actor_kind(self, scenario: Any, actor: str) -> str | None:
        """'player', 'company' or None for an id of the scenario."""
        if any(p.id == actor for p in scenario.players):
            return "player"
        if any(c.id == actor for c in scenario.companies):
            return "company"
        return None

    def check_against(self, scenario: Any) -> None:
        """Check the references to the scenario; raise ValueError('puzzle.<path>: ...')."""
        kind = self.actor_kind(scenario, self.actor)
        if kind is None:
            raise ValueError(f"puzzle.actor: no player or company {self.actor!r}")
        names = [p.name for p in self.phases]
        for i, n in enumerate(names):
            if n in names[:i]:
                raise ValueError(f"puzzle.phases.{i}.name: phase {n!r} is listed twice")
        known_tiles = scenario.tileset()
        res = self.resources
        for i, tid in enumerate(res.hand or []):
            if tid not in known_tiles:
                raise ValueError(f"puzzle.resources.hand.{i}: unknown tile id {tid!r}")
        for i, tid in enumerate(res.draws):
            if tid not in known_tiles:
                raise ValueError(f"puzzle.resources.draws.{i}: unknown tile id {tid!r}")
        if any(p.tile_from == "drawn" for p in self.phases):
            if len(res.draws) < res.turns:
                raise ValueError(
                    f"puzzle.resources.draws: {res.turns} turn(s) with a drawn tile need {res.turns} draws, "
                    f"found {len(res.draws)}"
                )
            if any(p.tile_from == "drawn" and p.max_moves != 1 for p in self.phases):
                raise ValueError("puzzle.phases: a phase that plays the drawn tile allows exactly one move")
        elif res.draws:
            raise ValueError("puzzle.resources.draws: no phase plays a drawn tile")
        stations = station_ids(scenario)
        goal = self.goal
        if isinstance(goal, ConnectGoal):
            if goal.a == goal.b:
                raise ValueError(f"puzzle.goal.b: the two places must differ (both are {goal.a!r})")
            _check_place(scenario, stations, goal.a, "puzzle.goal.a")
            _check_place(scenario, stations, goal.b, "puzzle.goal.b")
            if goal.actor is not None and self.actor_kind(scenario, goal.actor) is None:
                raise ValueError(f"puzzle.goal.actor: no player or company {goal.actor!r}")
        elif isinstance(goal, DestinationGoal):
            player = next((p for p in scenario.players if p.id == goal.player), None)
            if player is None:
                raise ValueError(f"puzzle.goal.player: no player {goal.player!r}")
            if player.destination is None:
                raise ValueError(f"puzzle.goal.player: player {goal.player!r} has no destination")
            idx = scenario.players.index(player)
            _check_place(scenario, stations, player.destination, f"players.{idx}.destination")
        else:
            if self.actor_kind(scenario, goal.actor) is None:
                raise ValueError(f"puzzle.goal.actor: no player or company {goal.actor!r}")
            for i, place in enumerate(goal.places):
                _check_place(scenario, stations, place, f"puzzle.goal.places.{i}")

    def goal_places(self, scenario: Any) -> list[str]:
        """The places the goal names (for display and for the solver's distance bound)."""
        goal = self.goal
        if isinstance(goal, ConnectGoal):
            return [goal.a, goal.b]
        if isinstance(goal, DestinationGoal):
            player = next(p for p in scenario.players if p.id == goal.player)
            return [player.destination] if player.destination else []
        return list(goal.places)

    def describe(self, scenario: Any | None = None) -> str:
        """The goal in one sentence."""
        goal = self.goal
        if isinstance(goal, ConnectGoal):
            who = f" for {goal.actor}" if goal.actor else ""
            return f"connect {goal.a} and {goal.b}{who}"
        if isinstance(goal, DestinationGoal):
            dest = ""
            if scenario is not None:
                p = next((p for p in scenario.players if p.id == goal.player), None)
                dest = f" ({p.destination})" if p is not None and p.destination else ""
            return f"bring {goal.player}'s track to her destination{dest}"
        return f"{goal.actor} reaches " + ", ".join(goal.places)


def station_ids(scenario: Any) -> set[str]:
    """The ids of every station on the board (from the platforms)."""
    return {c.platform.station for c in scenario.board.cells.values() if c.platform is not None}


def _check_place(scenario: Any, stations: set[str], place: str, where: str) -> None:
    if place in stations or scenario.board.grid.is_label(place):
        return
    raise ValueError(f"{where}: {place!r} is neither a cell on the board nor a station id")


__all__ = [
    "ConnectGoal",
    "DestinationGoal",
    "Goal",
    "PhaseStep",
    "Puzzle",
    "ReachGoal",
    "Resources",
    "station_ids",
]

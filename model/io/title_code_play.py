"""What a title's game class does in code to the state of play, for the game import (never run):
phases started without an ``on`` train, and the lay schedule its ``tile_lays(entity)`` method
gives a company (``companies[].tile_lays``).

====================  ================================================================================
title                 what the adapter follows (engine code)
====================  ================================================================================
18MS                  the phases, which have no ``on`` train: ``Game#new_operating_round`` starts the
                      next phase (3) when the game's second operating round starts;
                      ``Step::BuyTrain#buy_train_action``: buying a ``6`` starts the next phase unless
                      6 is reached, buying a train whose name has a ``D`` unless D is reached;
                      ``Game#tile_lays``: FIRST_OR_TILE_LAYS for a company that floated since the
                      last operating round (``@recently_floated``)
18TN, 18Texas         ``Game#tile_lays``: the two lays its method returns (not the optional rules)
1848                  ``Game#tile_lays``: EXTRA_TILE_LAYS once a train's ``lay_second_tile`` event
                      has been set off
1888                  ``Game#or_set_finished``: when a set of operating rounds ends, the depot's next
                      train exports (``Depot#export!``, as if bought: the phase it starts) while
                      that train is a 2, 3 or 4
18EU                  ``Game#tile_lays``: a minor lays FIRST_OR_MINOR_TILE_LAYS (two yellows) until
                      it has operated (``Operator#operated?``: its operating history, written by
                      the dividend step of its first turn), then MINOR_TILE_LAYS (one yellow)
====================  ================================================================================

The base class does nothing: phases come from ``PHASES`` (a phase starts when its ``on`` train is
bought) and the schedule from ``TILE_LAYS`` and the like (:mod:`model.io.title_play`). The board's
own code (tokens, tiles in the supply) is :mod:`model.io.title_setup`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.io.game_log import NOT_A_ROUND

if TYPE_CHECKING:
    from model.io.import_18xx_game import GameReplay


class TitlePlay:
    """A title's own state-of-play code, as hooks of the replay (the default does nothing)."""

    def starting(self, replay: GameReplay, action: dict) -> None:
        """What the game does before ``action`` can be taken (a round starting): asked when the
        position before the action is looked at and again when it is applied, so it must do its
        work once."""

    def after(self, replay: GameReplay, action: dict) -> None:
        """After the replay applied ``action`` (before its ``auto_actions``)."""

    def tile_lays(self, replay: GameReplay, company: str) -> list[dict] | None:
        """The company's lay schedule now where the title's ``tile_lays(entity)`` gives it one
        (entries as the engine writes them: ``lay``, ``upgrade``, ``cost`` ...); None: the play's."""
        return None


class G18MS(TitlePlay):
    """18MS (``lib/engine/game/g_18_ms``)."""

    LATER_STEPS = frozenset({"pass", "run_routes", "dividend", "buy_train", "discard_train", "scrap_train"})
    """A company's actions after its track step (the replay's OPERATING_STEPS): a lay after one of
    them starts a new turn."""

    def __init__(self) -> None:
        self.operating_rounds = 0  # the engine's @or
        self.in_round = False
        self.operated: set[str] = set()
        self.current: str | None = None
        self.recently_floated: set[str] = set()
        self.floated_before: set[str] = set()
        self.steps: set[str] = set()  # the kinds of action of the current company's turn

    def tile_lays(self, replay: GameReplay, company: str) -> list[dict] | None:
        # Game#tile_lays: FIRST_OR_TILE_LAYS for a company in @recently_floated
        lays = replay.title.constants.get("FIRST_OR_TILE_LAYS")
        return lays if company in self.recently_floated and isinstance(lays, list) else None

    def _next_phase(self, replay: GameReplay, unless: str) -> None:
        """``@phase.next!`` (unless the phase ``unless`` is already reached: ``phase.available?``)."""
        names = [p.name for p in replay.scenario.play.phases]
        if unless in names and replay.phase_index >= names.index(unless):
            return
        replay.phase_index = min(replay.phase_index + 1, len(names) - 1)

    def starting(self, replay: GameReplay, action: dict) -> None:
        kind = action.get("entity_type")
        if kind == "player" and action["type"] not in NOT_A_ROUND:
            self.in_round = False
            return
        if kind not in ("corporation", "minor") or not isinstance(action.get("entity"), str):
            return
        company = action["entity"]
        # a company starts a turn when it follows another, or lays again after the later steps of
        # its turn; an operating round starts after a stock round, or when a company that operated
        # in this one starts a turn again
        new_turn = company != self.current or (action["type"] == "lay_tile" and bool(self.steps & self.LATER_STEPS))
        if new_turn:
            self.steps = set()
        self.steps.add(action["type"])
        new_round = not self.in_round or (new_turn and company in self.operated)
        if new_round:
            # or_round_finished clears @recently_floated; float_corporation (in the stock round) adds to it
            floated = {sym for sym in replay.corp_info if replay.floated(sym)}
            self.recently_floated = floated - self.floated_before if not self.in_round else set()
            self.floated_before = floated
            self.in_round, self.operated = True, set()
            self.operating_rounds += 1
            if self.operating_rounds == 2:  # new_operating_round: @phase.next! when @or == 2
                self._next_phase(replay, unless="")
        self.operated.add(company)
        self.current = company

    def after(self, replay: GameReplay, action: dict) -> None:
        if action["type"] != "buy_train" or not isinstance(action.get("train"), str):
            return
        name = action["variant"] if isinstance(action.get("variant"), str) else action["train"].rsplit("-", 1)[0]
        if name == "6":
            self._next_phase(replay, unless="6")
        if "D" in name:
            self._next_phase(replay, unless="D")


class G1848(TitlePlay):
    """1848 (``lib/engine/game/g_1848``)."""

    def __init__(self) -> None:
        self.extra_tile_lay = False

    def after(self, replay: GameReplay, action: dict) -> None:
        # event_lay_second_tile!: set off by the first purchase of a train whose events name it
        if action["type"] != "buy_train" or not isinstance(action.get("train"), str):
            return
        name = action["train"].rsplit("-", 1)[0]
        for t in replay.title.trains:
            if str(t.get("name")) == name and any(isinstance(e, dict) and e.get("type") == "lay_second_tile"
                                                  for e in t.get("events") or []):
                self.extra_tile_lay = True

    def tile_lays(self, replay: GameReplay, company: str) -> list[dict] | None:
        # Game#tile_lays: @extra_tile_lay ? EXTRA_TILE_LAYS : TILE_LAYS
        lays = replay.title.constants.get("EXTRA_TILE_LAYS")
        return lays if self.extra_tile_lay and isinstance(lays, list) else None


class G18TN(TitlePlay):
    """18TN (``lib/engine/game/g_18_tn``)."""

    def tile_lays(self, replay: GameReplay, company: str) -> list[dict] | None:
        # Game#tile_lays: a yellow or an upgrade, then a yellow if the first was not an upgrade
        # (the optional rule triple_yellow_first_or adds a third for a recently floated company:
        # not followed, the replay does not keep @recently_floated for this title)
        return [{"lay": True, "upgrade": True}, {"lay": "not_if_upgraded", "upgrade": False}]


class G18Texas(TitlePlay):
    """18Texas (``lib/engine/game/g_18_texas``)."""

    def tile_lays(self, replay: GameReplay, company: str) -> list[dict] | None:
        # Game#tile_lays: [{ lay: true, upgrade: true, cost: 0 }, { lay: :not_if_upgraded, upgrade: false }]
        return [{"lay": True, "upgrade": True, "cost": 0}, {"lay": "not_if_upgraded", "upgrade": False}]


class G18EU(TitlePlay):
    """18EU (``lib/engine/game/g_18_eu``)."""

    QUIET = frozenset({"message", "undo", "redo"})
    """A player's actions that may come in the middle of a company's turn (chat; the replay
    applies undo and redo before the hooks see them): they end no turn."""

    def __init__(self) -> None:
        self.operated: set[str] = set()  # minors with an operating history
        self.turn: str | None = None  # the minor whose track step may still be going on

    def after(self, replay: GameReplay, action: dict) -> None:
        # Operator#operated?: the dividend step (run, or skipped) of a minor's first turn writes
        # its operating history. That step follows its track step, so a minor has operated once
        # it takes any action but a lay (it has passed its track step), or once anyone else acts
        # after it (its turn is over).
        kind, entity = action.get("entity_type"), action.get("entity")
        if kind == "player" and (action.get("type") in self.QUIET or str(action.get("type")).startswith("program")):
            return
        if self.turn is not None and (kind != "minor" or entity != self.turn):
            self.operated.add(self.turn)
            self.turn = None
        if kind == "minor" and isinstance(entity, str):
            if action.get("type") == "lay_tile":
                self.turn = entity
            else:
                self.operated.add(entity)
                self.turn = None

    def tile_lays(self, replay: GameReplay, company: str) -> list[dict] | None:
        # Game#tile_lays: a minor: FIRST_OR_MINOR_TILE_LAYS unless it has operated, else
        # MINOR_TILE_LAYS; a corporation: TILE_LAYS (the play's)
        if company not in {m.get("sym") for m in replay.title.minors}:
            return None
        name = "MINOR_TILE_LAYS" if company in self.operated else "FIRST_OR_MINOR_TILE_LAYS"
        lays = replay.title.constants.get(name)
        return lays if isinstance(lays, list) else None


class G1888(TitlePlay):
    """1888 (``lib/engine/game/g_1888``)."""

    EXPORTED = frozenset({"2", "3", "4"})
    """The trains ``or_set_finished`` exports while one of them is the depot's next."""

    def __init__(self) -> None:
        self.in_set = False  # a set of operating rounds is going on
        self.gone: set[str] = set()  # ids of the trains sold or exported (no longer the depot's upcoming)

    def starting(self, replay: GameReplay, action: dict) -> None:
        kind = action.get("entity_type")
        if kind in ("corporation", "minor"):
            self.in_set = True
        elif kind == "player" and self.in_set and action.get("type") not in NOT_A_ROUND \
                and not str(action.get("type")).startswith("program"):
            # a stock round starts: Game#next_round! ran or_set_finished before it
            self.in_set = False
            self._export(replay)

    def _export(self, replay: GameReplay) -> None:
        # or_set_finished: depot.export! if the upcoming train is a 2, 3 or 4; Depot#export! removes
        # @upcoming.first (the depot's trains in TRAINS order, those sold or exported gone) and
        # Phase#buying_train! follows, as for a train bought
        for t in replay.title.trains:
            name, num = t.get("name"), t.get("num")
            if not isinstance(name, str | int) or not isinstance(num, int):
                return  # the depot's order is unknown
            for i in range(num):
                train = f"{name}-{i}"
                if train in self.gone:
                    continue
                if str(name) in self.EXPORTED:
                    self.gone.add(train)
                    replay.on_buy_train({"type": "buy_train", "train": train})
                return

    def after(self, replay: GameReplay, action: dict) -> None:
        if action["type"] == "buy_train" and isinstance(action.get("train"), str):
            self.gone.add(action["train"])


PLAY_ADAPTERS: dict[str, type[TitlePlay]] = {"18MS": G18MS, "18TN": G18TN, "18Texas": G18Texas, "1848": G1848,
                                             "1888": G1888, "18EU": G18EU}
"""Title -> its adapter (the titles listed in the module's table)."""


def title_play(title: str) -> TitlePlay:
    """The state-of-play adapter of a title (the base one, which does nothing, for the others)."""
    return PLAY_ADAPTERS.get(title, TitlePlay)()


__all__ = ["PLAY_ADAPTERS", "TitlePlay", "title_play"]

"""What a title's game class does in code to the board, for the game import (never run).

The game import (:mod:`model.io.import_18xx_game`) reads a title's constants: its corporations
and minors with their homes, its phases and trains, its home-token timing. Some titles place
tokens, or move them, in methods of their game class and steps, where no constant says it. Each
of those is followed here by a small per-title adapter that does what the engine's code does,
named after the method it follows; a title without one plays by its constants alone.

====================  ================================================================================
title                 what the adapter follows (engine code)
====================  ================================================================================
18EU                  ``Game#setup``: a neutral token in G2; ``ModifiedDutchAuction``: a minor's home
                      token when it is sold; ``HomeToken`` / ``MinorExchange``: a corporation's home
                      token replaces its president's minor, a minor exchanged for a share closes (its
                      token leaves); ``FinalExchange``: a player who passes discards their minors;
                      ``Track#update_token!``: a brown upgrade of several cities keeps one token of a
                      corporation per city
1889                  ``Game#optional_tiles``: the beginner tiles (ids ``Beg...``) leave the supply
                      unless the game plays the optional rule ``beginner_game``
====================  ================================================================================

The base class does nothing: the generic replay (undo / redo, lays, tokens, homes by
``HOME_TOKEN_TIMING``, phases by ``PHASES``) is :class:`model.io.import_18xx_game.GameReplay`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from model.io.import_18xx_game import GameReplay
    from model.scenario import Scenario


class TitleSetup:
    """A title's own board code, as hooks of the replay (the default does nothing)."""

    def start(self, replay: GameReplay) -> None:
        """What the title's ``setup`` places before the first action."""

    def before(self, replay: GameReplay, action: dict) -> None:
        """Before the replay applies ``action``."""

    def after(self, replay: GameReplay, action: dict) -> None:
        """After the replay applied ``action`` (before its ``auto_actions``)."""

    def laid(self, replay: GameReplay, before: Scenario, label: str) -> None:
        """After a tile was laid on ``label`` (``before``: the scenario before the lay)."""

    def token_owner(self, replay: GameReplay, company: str, kind: str) -> str:
        """Whose token a company places when it places one of ``kind``."""
        return company

    def token_removed(self, replay: GameReplay, label: str, city: int, company: str) -> None:
        """After a ``remove_token`` took ``company``'s token off ``label`` city ``city``."""


def _minor_sym(action: dict) -> str | None:
    m = action.get("minor")
    return str(m) if isinstance(m, str | int) and not isinstance(m, bool) else None


class G18EU(TitleSetup):
    """18EU (``lib/engine/game/g_18_eu``)."""

    BASE_STARTING_BID = 100
    """``ModifiedDutchAuction#setup``: a bid of at least this is a bid; a lower positive one buys
    the minor at its reduced price; a bid of 0 selects the minor for auction."""

    def __init__(self) -> None:
        self.auctioning: str | None = None
        self.bids: dict[str, int] = {}
        self.triggerer: str | None = None
        self.minor_owner: dict[str, str] = {}
        self.exchange_due = False
        self.in_final_exchange = False

    def start(self, replay: GameReplay) -> None:
        # Game#setup: city_by_id('G2-0-0').place_token(neutral, ...) (the corporation 'N')
        if replay.scenario.board.grid.is_label("G2"):
            replay.add_token("G2", "N", 0, "neutral")

    # --- the minor auction (ModifiedDutchAuction) ------------------------------------------------
    def _sold(self, replay: GameReplay, minor: str, player: str) -> None:
        """``assign_target`` + ``place_initial_token``: the minor's token in its city, free."""
        self.minor_owner[minor] = player
        replay.place_home(minor)
        self.auctioning, self.bids, self.triggerer = None, {}, None

    def _resolve(self, replay: GameReplay) -> None:
        """The auction of the minor being auctioned is over (the next minor is named, or the round
        ended): the highest bid wins, else the player who selected it takes it for free."""
        if self.auctioning is None:
            return
        winner = max(self.bids.items(), key=lambda kv: kv[1])[0] if self.bids else self.triggerer
        if winner is not None:
            self._sold(replay, self.auctioning, winner)
        else:
            self.auctioning, self.bids = None, {}

    def _bid(self, replay: GameReplay, action: dict, minor: str) -> None:
        player = replay.player_name(action.get("entity"))
        price = action.get("price") if isinstance(action.get("price"), int) else 0
        if self.auctioning is not None and minor != self.auctioning:
            self._resolve(replay)
        if price >= self.BASE_STARTING_BID:
            self.auctioning = minor
            self.triggerer = self.triggerer or player
            self.bids[player] = price
        elif price > 0:
            self._sold(replay, minor, player)  # purchase at the reduced price
        else:
            self.auctioning, self.bids, self.triggerer = minor, {}, player  # selection_bid

    def _minor_leaves(self, replay: GameReplay, minor: str) -> None:
        replay.remove_tokens(minor)
        self.minor_owner.pop(minor, None)

    def before(self, replay: GameReplay, action: dict) -> None:
        kind, entity_type = action["type"], action.get("entity_type")
        minor = _minor_sym(action)
        if kind == "bid" and minor is not None and entity_type == "player":
            self._bid(replay, action, minor)
            return
        if entity_type in ("minor", "corporation"):
            self._resolve(replay)
            if self.in_final_exchange and entity_type == "corporation" and kind not in ("place_token", "pass"):
                self.in_final_exchange = False
        if entity_type == "player" and self.exchange_due:
            # the Minor Company Final Exchange Round (before the next stock round)
            self.exchange_due, self.in_final_exchange = False, True
        if kind == "pass" and entity_type == "player" and self.in_final_exchange:
            # FinalExchange#process_pass: every minor of the player is discarded (closes)
            player = replay.player_name(action.get("entity"))
            for m, owner in list(self.minor_owner.items()):
                if owner == player:
                    self._minor_leaves(replay, m)
        if kind == "place_token" and entity_type == "corporation" and isinstance(action.get("entity"), str):
            corp = action["entity"]
            if not replay.tokens_of(corp):
                # HomeToken#process_place_token: the home token replaces the president's minor in
                # that city (the minor is exchanged for a share and closes)
                label, city = replay.city_at(action.get("city"), action)
                cell = replay.scenario.board.cell_at_label(label)
                for t in cell.tokens:
                    if t.city == city and t.company in self.minor_owner:
                        self._minor_leaves(replay, t.company)
        if kind == "buy_train" and isinstance(action.get("train"), str):
            name = action["train"].rsplit("-", 1)[0]
            if any(t.get("name") == name and any(isinstance(e, dict) and e.get("type") == "minor_exchange"
                                                 for e in t.get("events") or [])
                   for t in replay.title.trains):
                self.exchange_due = self.exchange_due or not self.in_final_exchange

    def after(self, replay: GameReplay, action: dict) -> None:
        if action["type"] == "buy_shares" and action.get("entity_type") == "minor" and isinstance(action.get("entity"), str):
            # MinorExchange#merge_minor!: the minor closes; its token is removed, or replaced by
            # the corporation's in the place_token that follows (ReplaceToken)
            self._minor_leaves(replay, action["entity"])

    def laid(self, replay: GameReplay, before: Scenario, label: str) -> None:
        # Track#update_token!: a brown tile on a hex of several cities keeps one token of each
        # corporation per city (maybe_remove_duplicate_token!)
        from model.rules.eighteen_xx.hexmap import current_view

        tile = replay.scenario.board.cell_at_label(label).tile
        tdef = replay.scenario.tile(tile.tile) if tile is not None else None
        if tdef is None or tdef.color != "brown" or current_view(before, before.board.cell_at_label(label)).city_count <= 1:
            return
        cell = replay.scenario.board.cell_at_label(label)
        seen: set[tuple[str, int]] = set()
        keep = []
        for t in cell.tokens:
            if (t.company, t.city) not in seen:
                keep.append(t)
            seen.add((t.company, t.city))
        if len(keep) != len(cell.tokens):
            replay._set_cell(label, cell.model_copy(update={"tokens": keep}))


class G1889(TitleSetup):
    """1889 (``lib/engine/game/g_1889``)."""

    def start(self, replay: GameReplay) -> None:
        # Game#optional_tiles: remove_beginner_tiles unless beginner_game? (@tiles and @all_tiles
        # lose every tile whose id starts with 'Beg')
        if "beginner_game" in replay.log.optional_rules:
            return
        scenario = replay.scenario
        ids = [t.id for t in scenario.tileset().tiles]
        keep = [i for i in ids if not i.startswith("Beg")]
        if len(keep) != len(ids):
            tiles = scenario.tiles.model_copy(update={"only": keep})
            replay.scenario = scenario.model_copy(update={"tiles": tiles})


ADAPTERS: dict[str, type[TitleSetup]] = {"18EU": G18EU, "1889": G1889}
"""Title -> its adapter (the titles listed in the module's table)."""


def title_setup(title: str) -> TitleSetup:
    """The adapter of a title (the base one, which does nothing, for the others)."""
    return ADAPTERS.get(title, TitleSetup)()


__all__ = ["ADAPTERS", "TitleSetup", "title_setup"]

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
1846, 1846 2p         ``Game#setup``: the companies and corporations ``remove_from_group!`` removes
Variant               (the engine's random numbers from the game's seed, ``Game::Base#rand``; a
                      removed corporation's home token stays, with two players its second token now
                      or when its hex turns green: ``place_token_on_upgrade``), the minors' homes;
                      ``BuyCompany``: a corporation buying a minor takes its token;
                      ``event_close_companies!``: the minors left close; ``DraftDistribution``: the
                      last company goes to the next player when passes took its price down
18 Los Angeles        1846's code, and ``post_setup``: every corporation's home token but PER's at
                      set-up; ``init_round_finished``: the minors and companies nobody drafted close
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



RAND_A, RAND_C, RAND_M = 1_103_515_245, 12_345, 2**31
"""``Game::Base#rand``: the engine's random numbers (a linear congruence on the game's seed)."""


class EngineRand:
    """``Game::Base#initialize_seed`` and ``#rand``: the same numbers as the engine's, in order."""

    def __init__(self, seed: int) -> None:
        self.value = seed % RAND_M

    def __call__(self) -> int:
        self.value = (RAND_A * self.value + RAND_C) % RAND_M
        return self.value

    def sort_by(self, items: list) -> list:
        """Ruby's ``items.sort_by { rand }``: one number per item, in order, then sorted by them."""
        keys = [self() for _ in items]
        return [x for _k, x in sorted(zip(keys, items, strict=True), key=lambda kx: kx[0])]


class G1846(TitleSetup):
    """1846 (``lib/engine/game/g_1846``); the 2p variant plays the same code with two players."""

    ORANGE_GROUP = ("Lake Shore Line", "Michigan Central", "Ohio & Indiana", "Little Miami")
    BLUE_GROUP = ("Steamboat Company", "Meat Packing Company", "Tunnel Blasting Company", "Boomtown")
    GREEN_GROUP = ("C&O", "ERIE", "PRR")
    NORTH_GROUP = ("ERIE", "GT", "NYC", "PRR")
    SOUTH_GROUP = ("B&O", "C&O", "IC")
    SECOND_ED_COMPANIES = ("BT", "LM")
    """``init_companies``: the companies a first-edition game closes at once."""
    REMOVED_CORP_SECOND_TOKEN = {"B&O": "H12", "C&O": "H12", "ERIE": "D20", "GT": "D14", "IC": "G7", "NYC": "E17", "PRR": "E11"}
    SECOND_TOKEN_NOW = ("ERIE",)
    """``place_second_token_kwargs``: a removed corporation's second token placed at once (else
    when its hex is upgraded to green)."""

    def __init__(self) -> None:
        self.in_green: dict[str, str] = {}  # hex -> the removed corporation placing a token there when it turns green
        self.minors: list[str] = []
        self.passes: dict[str, int] = {}  # the last company of the draft -> the passes on it

    # --- Game#setup ------------------------------------------------------------------------------
    def two_player(self, replay: GameReplay) -> bool:
        return len(replay.log.players) == 2

    def first_edition(self, replay: GameReplay) -> bool:
        return "first_ed" in replay.log.optional_rules

    def num_removals(self, replay: GameReplay, group: str) -> int:
        additional = 0 if group in ("corporations",) or self.first_edition(replay) else 1
        return (1 if self.two_player(replay) else 5 - len(replay.log.players)) + additional

    def corporation_groups(self, replay: GameReplay) -> list[tuple[str, ...]]:
        return [self.NORTH_GROUP, self.SOUTH_GROUP] if self.two_player(replay) else [self.GREEN_GROUP]

    def draft_rands(self, replay: GameReplay) -> int:
        """How many numbers the first round's step takes before ``setup`` (``DraftDistribution#setup``
        sorts the companies, passes included, by ``rand``; the two-player draft does not)."""
        if self.two_player(replay):
            return 0
        companies = [c for c in replay.title.companies if isinstance(c.get("sym"), str)]
        if self.first_edition(replay):
            companies = [c for c in companies if c["sym"] not in self.SECOND_ED_COMPANIES]
        return len(companies) + len(replay.log.players)

    def _removed(self, rand: EngineRand, group: tuple[str, ...], count: int, replay: GameReplay) -> list[str]:
        """``remove_from_group!``: ``group.sort_by { rand }.take(count)``."""
        names = list(group)
        if "second_ed_co" in replay.log.optional_rules:
            names = [n for n in names if n not in ("Boomtown", "Little Miami", "C&O")]
        return rand.sort_by(names)[:count]

    def start(self, replay: GameReplay) -> None:
        rand = EngineRand(replay.log.seed)
        for _ in range(self.draft_rands(replay)):
            rand()
        by_name = {name: sym for sym, name in replay.private_names.items()}
        closed = set()
        if self.first_edition(replay):
            closed |= set(self.SECOND_ED_COMPANIES)
        orange, blue = self.ORANGE_GROUP, self.BLUE_GROUP
        if self.first_edition(replay):
            orange, blue = orange[:3], blue[:3]
        for group in (orange, blue):
            closed |= {by_name[n] for n in self._removed(rand, group, self.num_removals(replay, "companies"), replay) if n in by_name}
        replay.closed |= {c for c in closed if c in replay.private_names}
        for group in self.corporation_groups(replay):
            for corp in self._removed(rand, group, self.num_removals(replay, "corporations"), replay):
                self.remove_corporation(replay, corp)
        # @minors.each { ... hex.tile.cities[0].place_token(minor, ...) }
        self.minors = [m["sym"] for m in replay.title.minors if isinstance(m.get("sym"), str)]
        for minor in self.minors:
            replay.place_home(minor)

    def remove_corporation(self, replay: GameReplay, corp: str) -> None:
        """A corporation removed at set-up: its home token stays on the map, and with two players
        its second token (``place_second_token``)."""
        replay.place_home(corp)
        replay.parred.discard(corp)
        if not self.two_player(replay) or corp not in self.REMOVED_CORP_SECOND_TOKEN:
            return
        hex_id = self.REMOVED_CORP_SECOND_TOKEN[corp]
        if corp in self.SECOND_TOKEN_NOW:
            replay.add_token(hex_id, corp, 0)  # hex.tile.cities.first.place_token
        else:
            self.in_green[hex_id] = corp

    # --- the operating round ---------------------------------------------------------------------
    def laid(self, replay: GameReplay, before: Scenario, label: str) -> None:
        # place_token_on_upgrade: the removed corporation's deferred token when its hex turns green
        corp = self.in_green.get(label)
        tile = replay.scenario.board.cell_at_label(label).tile
        tdef = replay.scenario.tile(tile.tile) if tile is not None else None
        if corp is not None and tdef is not None and tdef.color == "green":
            replay.add_token(label, corp, 0)
            del self.in_green[label]

    def draft_pass(self, replay: GameReplay, action: dict) -> None:
        """``DraftDistribution#process_pass``: a player may pass only when one company is left; each
        pass takes 10 off its price, and when the price is down to its floor the next player
        (the draft goes in reverse order) takes it."""
        left = [sym for sym in replay.private_names if sym not in replay.closed and sym not in replay.owners]
        if len(left) != 1:
            return
        company = left[0]
        info = next(c for c in replay.title.companies if c.get("sym") == company)
        value, discount = info.get("value"), info.get("discount", 0)
        if not isinstance(value, int) or not isinstance(discount, int):
            return
        self.passes[company] = self.passes.get(company, 0) + 1
        if value - (discount + 10 * self.passes[company]) != -discount:
            return
        players = list(dict.fromkeys(replay.log.players.values()))
        passer = replay.player_name(action.get("entity"))
        if passer in players:
            replay.owners[company] = players[(players.index(passer) - 1) % len(players)]

    def after(self, replay: GameReplay, action: dict) -> None:
        kind = action["type"]
        if kind == "pass" and action.get("entity_type") == "player":
            self.draft_pass(replay, action)
        if kind == "buy_company" and action.get("company") in self.minors and isinstance(action.get("entity"), str):
            # BuyCompany#process_buy_company: the buyer takes the minor's token (or the token goes
            # when the buyer has one in that city); the minor leaves the game
            minor, corp = action["company"], action["entity"]
            for label, city in replay.remove_tokens(minor):
                if (label, city) not in replay.tokens_of(corp):
                    replay.add_token(label, corp, city)
            self.minors.remove(minor)
        if kind == "buy_train" and isinstance(action.get("train"), str) and \
                action["train"].rsplit("-", 1)[0] in replay.closing and self.minors:
            # event_close_companies!: the minors still in the game close (their tokens leave)
            for minor in self.minors:
                replay.remove_tokens(minor)
            self.minors = []


class G18LosAngeles(G1846):
    """18 Los Angeles (``lib/engine/game/g_18_los_angeles``), 1846's code with its own set-up."""

    CORPORATIONS_GROUP = ("ELA", "LA", "LAIR", "PER", "SF", "SP", "UP")
    REMOVED_CORP_SECOND_TOKEN = {"ELA": "C4", "LA": "B9", "LAIR": "E6", "SF": "D11", "SP": "C6", "UP": "B13"}
    SECOND_TOKEN_NOW = tuple(REMOVED_CORP_SECOND_TOKEN)
    COMPANY_DRAFT_LIMIT = {2: 8, 3: 9, 4: 12, 5: 15}
    HOME_CHOSEN = ("PER",)
    """``post_setup``: every corporation's home token at set-up but these (``home_token_locations``)."""

    def __init__(self) -> None:
        super().__init__()
        self.drafted = 0
        self.draft_over = False

    def first_edition(self, replay: GameReplay) -> bool:
        return False

    def num_removals(self, replay: GameReplay, group: str) -> int:
        return 2 if self.two_player(replay) else 0

    def corporation_groups(self, replay: GameReplay) -> list[tuple[str, ...]]:
        return [self.CORPORATIONS_GROUP] if self.two_player(replay) else []

    def draft_rands(self, replay: GameReplay) -> int:
        return 0

    def start(self, replay: GameReplay) -> None:
        super().start(replay)
        for c in replay.title.corporations:
            if isinstance(c.get("sym"), str) and c["sym"] not in self.HOME_CHOSEN:
                replay.place_home(c["sym"])

    def before(self, replay: GameReplay, action: dict) -> None:
        if self.draft_over or action["type"] in ("bid", "pass") and action.get("entity_type") == "player":
            return
        self.draft_over = True

    def after(self, replay: GameReplay, action: dict) -> None:
        super().after(replay, action)
        if not self.draft_over and action["type"] == "bid" and action.get("entity_type") == "player":
            self.drafted += 1  # after_bid
            if self.drafted >= self.COMPANY_DRAFT_LIMIT.get(len(replay.log.players), 0):
                self.draft_finished(replay)

    def draft_finished(self, replay: GameReplay) -> None:
        """``init_round_finished``: the minors no player drafted close, and the companies."""
        self.draft_over = True
        for minor in list(self.minors):
            if minor not in replay.owners:
                replay.remove_tokens(minor)
                self.minors.remove(minor)
        replay.closed |= {sym for sym in replay.private_names if sym not in replay.owners}


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


ADAPTERS: dict[str, type[TitleSetup]] = {"18EU": G18EU, "1846": G1846, "1846 2p Variant": G1846, "18 Los Angeles": G18LosAngeles,
                                       "1889": G1889}
"""Title -> its adapter (the titles listed in the module's table)."""


def title_setup(title: str) -> TitleSetup:
    """The adapter of a title (the base one, which does nothing, for the others)."""
    return ADAPTERS.get(title, TitleSetup)()


__all__ = ["ADAPTERS", "TitleSetup", "title_setup"]

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
1888                  ``Game#game_corporations`` and ``#game_companies``: the North map's
                      (``CORPORATIONS_NORTH``, ``COMPANIES_NORTH``), the East map's with ``:east``
1848                  ``Game#place_home_token``: COM's two home tokens (Sydney, Adelaide) when it
                      first operates; ``Game#event_close_companies``: a private with an ability
                      unused stays open; ``SpecialTrack`` / ``SpecialBuyTrain``: a private whose
                      ability is used closes once the privates' closing came (``ability_used!``)
1877 Stockholm        ``Game#merge`` (the ``merge`` action of ``Acquire``): ``replace_tokens``: each
Tramways              token of the acquired corporation becomes the acquirer's, or is removed where the
                      acquirer already has a token in that hex; ``remove_corporation!`` (its other tokens)
1846, 1846 2p         ``Game#setup``: the companies and corporations ``remove_from_group!`` removes
Variant               (the engine's random numbers from the game's seed, ``Game::Base#rand``; a
                      removed corporation's home token stays, with two players its second token now
                      or when its hex turns green: ``place_token_on_upgrade``), the minors' homes;
                      ``BuyCompany``: a corporation buying a minor takes its token;
                      ``event_close_companies!``: the minors left close; ``DraftDistribution``: the
                      last company goes to the next player when passes took its price down
18 Los Angeles 2      1846's code, and ``post_setup``: every corporation's home token but PER's at
                      set-up; ``init_round_finished``: the minors and companies nobody drafted close
                      when the draft ends (its limit, or every player passed)
18 Los Angeles        the second edition's code, with ``game_companies`` / ``game_corporations``
                      (its own entries over the second edition's), its groups and removals (a
                      removed corporation's second token at once), no home tokens at set-up
1844                  ``MountainRailwayTrack``: a mountain railway's lay sets a revenue marker, no
                      tile; ``lay_p4_overpass!``: P4's overpass tiles when it is used or the
                      companies close
18MS                  ``BuyCompany``: MC bought by a corporation closes (its phases, changed in
                      code, are :mod:`model.io.title_code_play`'s)
1889                  ``Game#optional_tiles``: the beginner tiles (ids ``Beg...``) leave the supply
                      unless the game plays the optional rule ``beginner_game``
1882                  ``Game#init_corporations``: a corporation's neutral token is CN's;
                      ``SpecialNWR``: a home token the NWR removes leaves a neutral token;
                      ``Game#setup``: Canadian Pacific closes when CPR buys a train
18Texas               ``Game#init_company_abilities``: the shares the privates carry (of the
                      corporation the engine's first random number picks) count towards its float
====================  ================================================================================

The base class does nothing: the generic replay (undo / redo, lays, tokens, homes by
``HOME_TOKEN_TIMING``, phases by ``PHASES``) is :class:`model.io.import_18xx_game.GameReplay`.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from model.io.game_log import GameLog
    from model.io.import_18xx_game import GameReplay, TitleData
    from model.scenario import Scenario


class TitleSetup:
    """A title's own board code, as hooks of the replay (the default does nothing)."""

    def constants(self, log: GameLog) -> dict[str, str]:
        """The constants the title's code reads in place of the common ones (``CORPORATIONS`` ->
        ``CORPORATIONS_NORTH``) for this game (its optional rules)."""
        return {}

    def start(self, replay: GameReplay) -> None:
        """What the title's ``setup`` places before the first action."""

    def before(self, replay: GameReplay, action: dict) -> None:
        """Before the replay applies ``action``."""

    def turn(self, replay: GameReplay, action: dict) -> None:
        """What the game does before ``action`` can be taken, with the replay's own (an operating
        round starts ...): also asked of a position before the action, so once or more per action."""

    def after(self, replay: GameReplay, action: dict) -> None:
        """After the replay applied ``action`` (before its ``auto_actions``)."""

    def lays_tile(self, replay: GameReplay, action: dict) -> bool:
        """Whether a ``lay_tile`` action puts its tile on the map (the default: it does)."""
        return True

    def laid(self, replay: GameReplay, before: Scenario, label: str) -> None:
        """After a tile was laid on ``label`` (``before``: the scenario before the lay)."""

    def home(self, replay: GameReplay, company: str) -> bool:
        """The company's home token(s), when the title places them in code (``place_home_token``):
        True when placed here, False for the common placement (the company's ``coordinates``)."""
        return False

    def closes(self, replay: GameReplay, private: str) -> bool:
        """Whether the private closes when a train's ``close_companies`` event closes them."""
        return True

    def token_owner(self, replay: GameReplay, company: str, kind: str) -> str:
        """Whose token a company places when it places one of ``kind``."""
        return company

    def token_removed(self, replay: GameReplay, label: str, city: int, company: str) -> None:
        """After a ``remove_token`` took ``company``'s token off ``label`` city ``city``."""

    def title_data(self, folder: Path, data: TitleData) -> TitleData:
        """The title's data as its game class makes it in code (``game_companies`` ...), from
        what was read of its constants (``data``) and its code in ``folder``."""
        return data


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


class G1877StockholmTramways(TitleSetup):
    """1877: Stockholm Tramways (``lib/engine/game/g_1877_stockholm_tramways``)."""

    def after(self, replay: GameReplay, action: dict) -> None:
        if action["type"] != "merge" or not isinstance(action.get("entity"), str) or not isinstance(action.get("corporation"), str):
            return
        corp, other = action["entity"], action["corporation"]
        # Game#replace_tokens: city by city, the acquired corporation's token is destroyed when the
        # acquirer has a token in the hex (in any of its cities), else swapped for the acquirer's
        for label, cell in list(replay.scenario.board.cells.items()):
            if not any(t.company == other for t in cell.tokens):
                continue
            tokens = list(cell.tokens)
            for city in sorted({t.city for t in tokens if t.company == other}):
                mine = any(t.company == corp for t in tokens)
                at = next(i for i, t in enumerate(tokens) if t.company == other and t.city == city)
                if mine:
                    del tokens[at]
                else:
                    tokens[at] = tokens[at].model_copy(update={"company": corp})
            replay._set_cell(label, cell.model_copy(update={"tokens": tokens}))
        replay.remove_tokens(other)  # remove_corporation!(other)


class G1888(TitleSetup):
    """1888 (``lib/engine/game/g_1888``)."""

    def constants(self, log: GameLog) -> dict[str, str]:
        # Game#game_corporations / #game_companies: the East map's with the optional rule :east,
        # else the North map's
        side = "EAST" if "east" in log.optional_rules else "NORTH"
        return {"CORPORATIONS": f"CORPORATIONS_{side}", "COMPANIES": f"COMPANIES_{side}"}


class G1848(TitleSetup):
    """1848 (``lib/engine/game/g_1848``)."""

    def __init__(self) -> None:
        self.used: set[str] = set()  # privates whose abilities are used (Game#ability_used!)

    def home(self, replay: GameReplay, company: str) -> bool:
        if company != "COM":
            return False
        # Game#place_home_token: COM's home tokens in Sydney and Adelaide, city 0, space or not
        if not replay.tokens_of("COM"):
            for label in ("F17", "G6"):
                if replay.scenario.board.grid.is_label(label):
                    replay.add_token(label, "COM", 0)
        return True

    def after(self, replay: GameReplay, action: dict) -> None:
        entity = action.get("entity")
        if action.get("entity_type") == "company" and action["type"] in ("lay_tile", "buy_train") and isinstance(entity, str):
            # SpecialTrack / SpecialBuyTrain: the private's abilities are used (all removed); once
            # the privates' closing came, it closes at once
            self.used.add(entity)
            if any(replay.closing & {n} for n in replay.trains_bought):
                replay.closed.add(entity)

    def closes(self, replay: GameReplay, private: str) -> bool:
        # Game#event_close_companies: a private with an ability left unused (no_buy aside) stays
        # open at no revenue; a shares ability is used when the private is bought
        for a in replay.abilities.get(private, []):
            kind = a.get("type")
            if kind == "no_buy" or (kind == "shares" and private in replay.owners) or private in self.used:
                continue
            return False
        return True



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
    """18 Los Angeles 2 (``lib/engine/game/g_18_los_angeles``), 1846's code with its own set-up."""

    CORPORATIONS_GROUP = ("ELA", "LA", "LAIR", "PER", "SF", "SP", "UP")
    REMOVED_CORP_SECOND_TOKEN = {"ELA": "C4", "LA": "B9", "LAIR": "E6", "SF": "D11", "SP": "C6", "UP": "B13"}
    SECOND_TOKEN_NOW = tuple(REMOVED_CORP_SECOND_TOKEN)
    COMPANY_DRAFT_LIMIT: dict[int, int] | None = {2: 8, 3: 9, 4: 10, 5: 11}
    """``draft_finished?``: the draft ends when this many companies are drafted (None: only when
    every player passed, ``Draft2pDistribution#finished?``)."""
    HOME_CHOSEN: tuple[str, ...] | None = ("PER",)
    """``post_setup``: every corporation's home token at set-up but these (``home_token_locations``);
    None: no home token at set-up."""

    def __init__(self) -> None:
        super().__init__()
        self.drafted = 0
        self.passed: set[str] = set()
        self.draft_over = False

    def first_edition(self, replay: GameReplay) -> bool:
        return False

    def num_removals(self, replay: GameReplay, group: str) -> int:
        return 2 if self.two_player(replay) else 0

    def corporation_groups(self, replay: GameReplay) -> list[tuple[str, ...]]:
        return [self.CORPORATIONS_GROUP] if self.two_player(replay) else []

    def draft_rands(self, replay: GameReplay) -> int:
        return 0  # G18LosAngeles::Step::DraftDistribution (Draft2pDistribution#setup) draws none

    OPTIONAL_COMPANIES = {"DC&H": "dch", "LAT": "la_title"}
    """``init_companies``: a company in the game only with its optional rule."""

    def start(self, replay: GameReplay) -> None:
        replay.closed |= {c for c, rule in self.OPTIONAL_COMPANIES.items()
                          if c in replay.private_names and rule not in replay.log.optional_rules}
        super().start(replay)
        if self.HOME_CHOSEN is None:
            return
        for c in replay.title.corporations:
            if isinstance(c.get("sym"), str) and c["sym"] not in self.HOME_CHOSEN:
                replay.place_home(c["sym"])

    def draft_pass(self, replay: GameReplay, action: dict) -> None:
        """``DraftDistribution#process_pass``: a pass; the draft is over when every player passed
        since the last company was drafted (a bid unpasses everyone)."""
        if self.draft_over:
            return
        self.passed.add(replay.player_name(action.get("entity")))
        if len(self.passed) >= len(set(replay.log.players.values())):
            self.draft_finished(replay)

    def before(self, replay: GameReplay, action: dict) -> None:
        if self.draft_over or action["type"] in ("bid", "pass", "message") and action.get("entity_type") == "player":
            return
        self.draft_finished(replay)

    def after(self, replay: GameReplay, action: dict) -> None:
        super().after(replay, action)
        if not self.draft_over and action["type"] == "bid" and action.get("entity_type") == "player":
            self.passed = set()
            self.drafted += 1  # after_bid
            limit = self.COMPANY_DRAFT_LIMIT
            if limit is not None and self.drafted >= limit.get(len(replay.log.players), 0):
                self.draft_finished(replay)

    def draft_finished(self, replay: GameReplay) -> None:
        """``init_round_finished``: the minors no player drafted close, and the companies."""
        if self.draft_over:
            return
        self.draft_over = True
        for minor in list(self.minors):
            if minor not in replay.owners:
                replay.remove_tokens(minor)
                self.minors.remove(minor)
        replay.closed |= {sym for sym in replay.private_names if sym not in replay.owners}


class G18LosAngeles1(G18LosAngeles):
    """18 Los Angeles (the first edition, ``lib/engine/game/g_18_los_angeles1``): the second
    edition's code, with its own companies, corporations and removals."""

    ORANGE_GROUP = ("Beverly Hills Carriage", "South Bay Line")
    BLUE_GROUP = ("Chino Hills Excavation", "Los Angeles Citrus", "Los Angeles Steamship")
    GREEN_GROUP = ("LA", "SF", "SP")
    REMOVED_CORP_SECOND_TOKEN = {"LA": "B9", "SF": "C8", "SP": "C6"}
    SECOND_TOKEN_NOW = tuple(REMOVED_CORP_SECOND_TOKEN)
    COMPANY_DRAFT_LIMIT = None  # draft_finished? is nil
    HOME_CHOSEN = None  # post_setup does nothing

    def title_data(self, folder: Path, data: TitleData) -> TitleData:
        """``game_companies``: the title's companies and the first ten of the second edition's,
        each replaced by its ``COMPANIES_1E`` entry; ``game_corporations``: the second edition's,
        each replaced by its ``CORPORATIONS_1E`` entry."""
        from model.io.game_log import folder_chain, title_constants

        chain = folder_chain(folder)
        if len(chain) < 2:
            return data
        own, _ = title_constants(folder, ("COMPANIES", "COMPANIES_1E", "CORPORATIONS_1E"))
        second, _ = title_constants(chain[1], ("COMPANIES", "CORPORATIONS"))
        c1e = own.get("COMPANIES_1E") if isinstance(own.get("COMPANIES_1E"), dict) else {}
        k1e = own.get("CORPORATIONS_1E") if isinstance(own.get("CORPORATIONS_1E"), dict) else {}
        companies, corporations = second.get("COMPANIES"), second.get("CORPORATIONS")
        if not isinstance(own.get("COMPANIES"), list) or not isinstance(companies, list) or not isinstance(corporations, list):
            return data
        pick = [c1e.get(c.get("sym"), c) if isinstance(c, dict) else c for c in companies[:10]]
        corps = [k1e.get(c.get("sym"), c) if isinstance(c, dict) else c for c in corporations]
        return replace(data, companies=[c for c in own["COMPANIES"] + pick if isinstance(c, dict)],
                       corporations=[c for c in corps if isinstance(c, dict)])

    def num_removals(self, replay: GameReplay, group: str) -> int:
        players = len(replay.log.players)
        if players == 5:
            return 0
        if players == 4:
            return 1
        return 2 if group == "corporations" else 1

    def corporation_groups(self, replay: GameReplay) -> list[tuple[str, ...]]:
        return [self.GREEN_GROUP]

    def remove_corporation(self, replay: GameReplay, corp: str) -> None:
        # place_second_token_kwargs: two_player_only: false, deferred: false
        replay.place_home(corp)
        replay.parred.discard(corp)
        if corp in self.REMOVED_CORP_SECOND_TOKEN:
            replay.add_token(self.REMOVED_CORP_SECOND_TOKEN[corp], corp, 0)


class G18MS(TitleSetup):
    """18MS (``lib/engine/game/g_18_ms``): its board's code (its phases, changed in code, are
    :mod:`model.io.title_code_play`'s)."""

    FREE_TRAIN_COMPANY = "MC"
    """``BuyCompany#process_buy_company``: bought by a corporation, this company is exchanged
    for a 2+ train and closes (``add_free_train_and_close_company``)."""

    def after(self, replay: GameReplay, action: dict) -> None:
        if action["type"] == "buy_company" and action.get("company") == self.FREE_TRAIN_COMPANY \
                and action.get("entity_type") == "corporation":
            replay.closed.add(self.FREE_TRAIN_COMPANY)


class G1844(TitleSetup):
    """1844 (``lib/engine/game/g_1844``)."""

    P4_TILE_LAYS = {"H17": "OP3", "H19": "OP2", "H21": "OP2", "H23": "OP2", "I16": "OP1"}
    OVERPASS = "P4"

    def __init__(self) -> None:
        self.overpass_laid = False

    def lays_tile(self, replay: GameReplay, action: dict) -> bool:
        # MountainRailwayTrack#process_lay_tile: a mountain railway (a company B...) lays no tile,
        # it sets the mountain hex's revenue (the tile leaves the supply)
        entity = action.get("entity")
        return not (action.get("entity_type") == "company" and isinstance(entity, str) and entity.startswith("B"))

    def lay_overpass(self, replay: GameReplay) -> None:
        """``lay_p4_overpass!``: the Furka-Oberalp tiles, each laid on its hex at rotation 0 (a
        tunnel's narrow track there joins the tile in the engine), and P4 closes."""
        if self.overpass_laid or self.OVERPASS in replay.closed:
            return
        self.overpass_laid = True
        for label, tile in self.P4_TILE_LAYS.items():
            if replay.scenario.board.grid.is_label(label) and replay.scenario.tile(tile) is not None:
                replay.place_tile(label, tile, 0)
        replay.closed.add(self.OVERPASS)

    def before(self, replay: GameReplay, action: dict) -> None:
        if action["type"] == "choose_ability" and action.get("entity") == self.OVERPASS:
            self.lay_overpass(replay)  # SpecialChoose#process_choose_ability
        if action["type"] == "buy_train" and isinstance(action.get("train"), str) and \
                action["train"].rsplit("-", 1)[0] in replay.closing:
            self.lay_overpass(replay)  # event_close_companies!: lay_p4_overpass! unless p4.closed?


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


class G1882(TitleSetup):
    """1882 (``lib/engine/game/g_1882``)."""

    def token_owner(self, replay: GameReplay, company: str, kind: str) -> str:
        # Game#init_corporations: a corporation's neutral token is CN's
        return "CN" if kind == "neutral" else company

    def token_removed(self, replay: GameReplay, label: str, city: int, company: str) -> None:
        # SpecialNWR#process_remove_token: a home token taken off is replaced by a neutral (CN) one
        home = replay.scenario.company(company)
        if home is not None and home.home == label:
            replay.add_token(label, "CN", city, "neutral")

    def after(self, replay: GameReplay, action: dict) -> None:
        # Game#setup: Canadian Pacific closes when the corporation of its share buys a train
        if action["type"] == "buy_train" and action.get("entity_type") == "corporation":
            for a in replay.abilities.get("CP", []):
                shares = a.get("shares") if a.get("type") == "shares" else None
                first = shares[0] if isinstance(shares, list) and shares else shares
                if isinstance(first, str) and first.rpartition("_")[0] == action.get("entity"):
                    replay.closed.add("CP")


class G18Texas(TitleSetup):
    """18Texas (``lib/engine/game/g_18_texas``)."""

    def __init__(self) -> None:
        self.carries: dict[str, tuple[str, int]] = {}  # private -> (corporation, share index)

    def start(self, replay: GameReplay) -> None:
        # Game#init_company_abilities: random_corporation = @corporations[rand % size] (the first
        # of the engine's random numbers); 'random_president' is its share 0, each 'match_share'
        # the next share no private took (the privates of the player count, in order)
        corps = [c["sym"] for c in replay.title.corporations if isinstance(c.get("sym"), str)]
        if not corps:
            return
        corp = corps[EngineRand(replay.log.seed)() % len(corps)]
        taken: list[int] = []
        players = len(replay.log.players)
        for c in replay.title.companies:
            sym, least = c.get("sym"), c.get("min_players")
            if not isinstance(sym, str) or (isinstance(least, int) and players < least):
                continue
            for a in c.get("abilities") or []:
                if isinstance(a, dict) and a.get("type") == "shares" and a.get("shares") in ("random_president", "match_share"):
                    idx = 0 if a["shares"] == "random_president" else next(i for i in range(1, 99) if i not in taken)
                    taken.append(idx)
                    self.carries[sym] = (corp, idx)

    def after(self, replay: GameReplay, action: dict) -> None:
        # the private's share goes with it to its buyer (out of the corporation's treasury: it
        # counts towards the float)
        for sym, (corp, idx) in self.carries.items():
            if sym in replay.owners:
                replay.sold.setdefault(corp, set()).add(idx)


ADAPTERS: dict[str, type[TitleSetup]] = {
    "18EU": G18EU, "1846": G1846, "1846 2p Variant": G1846, "18 Los Angeles": G18LosAngeles1,
    "18 Los Angeles 2": G18LosAngeles, "18MS": G18MS, "1844": G1844, "1889": G1889, "1882": G1882,
    "18Texas": G18Texas, "1848": G1848, "1888": G1888, "1877: Stockholm Tramways": G1877StockholmTramways,
}
"""Title -> its adapter (the titles listed in the module's table)."""


def title_setup(title: str) -> TitleSetup:
    """The adapter of a title (the base one, which does nothing, for the others)."""
    return ADAPTERS.get(title, TitleSetup)()


__all__ = ["ADAPTERS", "TitleSetup", "title_setup"]

"""What a title's game class does in code to the board, for the game import (never run).

The game import (:mod:`model.io.import_18xx_game`) reads a title's constants: its corporations
and minors with their homes, its phases and trains, its home-token timing. Some titles place
tokens, or move them, in methods of their game class and steps, where no constant says it. Each
of those is followed here by a small per-title adapter that does what the engine's code does,
named after the method it follows; a title without one plays by its constants alone. The 1846
family (1846, 1846 2p Variant, both editions of 18 Los Angeles) and the engine's random numbers
are :mod:`model.io.title_1846`'s; the hooks every adapter answers (the base class) are
:mod:`model.io.title_hooks`'s; :data:`ADAPTERS`, below both, names each title's adapter.

====================  ================================================================================
title                 what the adapter follows (engine code)
====================  ================================================================================
18EU                  ``Game#setup``: a neutral token in G2; ``ModifiedDutchAuction``: a minor's home
                      token when it is sold; ``HomeToken`` / ``MinorExchange``: a corporation's home
                      token replaces its president's minor, a minor exchanged for a share closes (its
                      token leaves); ``FinalExchange``: a player who passes discards their minors;
                      ``Track#update_token!``: a brown upgrade of several cities keeps one token of a
                      corporation per city
1888                  ``Game#game_corporations``, ``#game_companies`` and ``#game_hexes``: the North
                      map's (``CORPORATIONS_NORTH``, ``COMPANIES_NORTH``, ``NORTH_HEXES``), the East
                      map's with ``:east``; ``#game_tiles``: ``NORTH_VARIANT_TILES``' counts over
                      ``TILES`` with ``:north``; ``#upgrades_to?``: ``MINE_TILE`` is laid only by
                      Heng Shan's ability (the rule option ``ability_tiles``)
1848                  (:mod:`model.io.title_1848`) ``Game#place_home_token``: COM's two home tokens
                      (Sydney, Adelaide) when it first operates; ``Game#event_close_companies``: a
                      private with an ability unused stays open; ``SpecialTrack`` /
                      ``SpecialBuyTrain``: a private whose ability is used closes once the
                      privates' closing came (``ability_used!``); the corporations' cash and share
                      prices, ``perform_ebuy_loans`` and ``close_corporation`` (the Bank of
                      England takes the tokens, ``Depot#export!`` on the second and fifth)
1877 Stockholm        ``Game#merge`` (the ``merge`` action of ``Acquire``): ``replace_tokens``: each
Tramways              token of the acquired corporation becomes the acquirer's, or is removed where the
                      acquirer already has a token in that hex; ``remove_corporation!`` (its other tokens)
1846, 1846 2p         ``Game#setup``: the companies and corporations ``remove_from_group!`` removes
Variant               (the engine's random numbers from the game's seed, ``Game::Base#rand``; a
                      removed corporation's home token stays, with two players its second token now
                      or when its hex turns green: ``place_token_on_upgrade``), the minors' homes;
                      ``BuyCompany``: a corporation buying a minor takes its token;
                      ``event_close_companies!``: the minors left close; ``DraftDistribution``: the
                      last company goes to the next player when passes took its price down;
                      ``upgrade_cost``: every lay costs at least ``TILE_COST`` (option
                      ``min_tile_cost``); ``Bankrupt``: the president's minors and companies close;
                      the share market (:mod:`model.io.title_1846_market`) and the corporations',
                      minors' and players' cash (:mod:`model.io.title_1846_cash`): a corporation
                      in receivership buys its train by itself (``receivership_train_buy``)
18 Los Angeles 2      1846's code, and ``post_setup``: every corporation's home token but PER's at
                      set-up; ``init_round_finished``: the minors and companies nobody drafted close
                      when the draft ends (its limit, or every player passed); ``upgrade_cost``:
                      the lays of CHE2's owner lose their corporation's cash (a discount not followed)
18 Los Angeles        the second edition's code, with ``game_companies`` / ``game_corporations``
                      (its own entries over the second edition's), its groups and removals (a
                      removed corporation's second token at once), no home tokens at set-up
1844                  (:mod:`model.io.title_1844`) ``Game#setup``: every tile walks any gauge
                      (the option ``walk_any_gauge``); ``upgrades_to?``: D15's yellow upgrades
                      (``hex_upgrades``); ``MountainRailwayTrack``: a mountain railway's lay sets a
                      revenue marker, no tile; ``lay_p4_overpass!``: P4's overpass tiles when it is
                      used or the companies close; ``form_sbb!``: the pre-SBB corporations' tokens
                      become SBB's as the operating round of the ``sbb_formation`` event ends
18AL                  ``Game#upgrades_to?``: a yellow tile on L5 upgrades only to 443a (the option
                      ``hex_upgrades``), the lumber terminal 445 never (``tiles.upgrades``)
18MS                  ``BuyCompany``: MC bought by a corporation closes (its phases, changed in
                      code, are :mod:`model.io.title_code_play`'s)
1889                  ``Game#optional_tiles``: the beginner tiles (ids ``Beg...``) leave the supply
                      unless the game plays the optional rule ``beginner_game``
1882                  ``Game#init_corporations``: a corporation's neutral token is CN's;
                      ``SpecialNWR``: a home token the NWR removes leaves a neutral token;
                      ``Game#setup``: Canadian Pacific closes when CPR buys a train;
                      ``event_nwr!``: the North West Rebellion (on the first purchase of the train
                      the engine's first random number picks) takes the yellow tiles off NWR hexes;
                      ``HomeToken``: a home token placed on CN's neutral token takes it off;
                      ``BuySellParShares``: SC parred through its private's exchange closes it
18Chesapeake          ``Game::Base#init_company_abilities``: Cornelius Vanderbilt's ``random_president``
                      share is of the corporation the engine's first random number picks;
                      ``Game#setup``: the company closes when that corporation buys its first train
18TN                  ``G18TN::SharePool#buy_shares``: a purchase of L&N's shares (its par) while the
                      Louisville and Nashville Railroad has an owner closes the company
18Texas               ``Game#init_company_abilities``: the shares the privates carry (of the
                      corporation the engine's first random number picks) count towards its float
====================  ================================================================================

The base class does nothing: the generic replay (undo / redo, lays, tokens, homes by
``HOME_TOKEN_TIMING``, phases by ``PHASES``) is :class:`model.io.import_18xx_game.GameReplay`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from model.io.game_log import GameLogError
from model.io.title_1844 import G1844
from model.io.title_1846 import G1846, EngineRand, G18LosAngeles, G18LosAngeles1
from model.io.title_1848 import G1848
from model.io.title_hooks import TitleSetup, icon_name

if TYPE_CHECKING:
    from model.io.game_log import GameLog
    from model.io.import_18xx_game import GameReplay
    from model.io.title_data import TitleData
    from model.scenario import Scenario


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
            replay.set_cell(label, cell.model_copy(update={"tokens": keep}))


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
            replay.set_cell(label, cell.model_copy(update={"tokens": tokens}))
        replay.remove_tokens(other)  # remove_corporation!(other)


class G1888(TitleSetup):
    """1888 (``lib/engine/game/g_1888``)."""

    def constants(self, log: GameLog) -> dict[str, str]:
        # Game#game_corporations / #game_companies / #game_hexes: the East map's with the optional
        # rule :east, else the North map's
        side = "EAST" if "east" in log.optional_rules else "NORTH"
        return {"CORPORATIONS": f"CORPORATIONS_{side}", "COMPANIES": f"COMPANIES_{side}", "HEXES": f"{side}_HEXES"}

    def title_data(self, folder: Path, data: TitleData) -> TitleData:
        """The constants ``NORTH_VARIANT_TILES`` and ``MINE_TILE`` (for :meth:`start`)."""
        from dataclasses import replace

        from model.io.game_log import title_constants

        read, _ = title_constants(folder, ("NORTH_VARIANT_TILES", "MINE_TILE"))
        found = {k: v for k, v in read.items() if isinstance(v, dict | str)}
        return replace(data, constants={**data.constants, **found}) if found else data

    def start(self, replay: GameReplay) -> None:
        scenario = replay.scenario
        # Game#upgrades_to?: MINE_TILE only through Heng Shan's ability (which names it)
        mine = replay.title.constants.get("MINE_TILE")
        if isinstance(mine, str) and mine:
            rules = scenario.rules.model_copy(update={"options": {**scenario.rules.options, "ability_tiles": mine}})
            scenario = scenario.model_copy(update={"rules": rules})
        # Game#game_tiles: with the optional rule :north, TILES merged with NORTH_VARIANT_TILES
        variant = replay.title.constants.get("NORTH_VARIANT_TILES")
        if "north" in replay.log.optional_rules and isinstance(variant, dict):
            counts = {str(k): v for k, v in variant.items() if isinstance(v, int) and not isinstance(v, bool)}
            tiles = scenario.tiles.model_copy(update={"counts": {**scenario.tiles.counts, **counts}})
            scenario = scenario.model_copy(update={"tiles": tiles})
        replay.scenario = scenario


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


class G18AL(TitleSetup):
    """18AL (``lib/engine/game/g_18_al``): ``Game#upgrades_to?``."""

    HEX_UPGRADES = "L5 yellow: 443a"
    """A yellow tile on Montgomery (L5) upgrades only to the M tile 443a."""
    NOT_UPGRADED = ("445",)
    """The lumber terminal is never upgraded."""

    def start(self, replay: GameReplay) -> None:
        sc = replay.scenario
        options = {**sc.rules.options, "hex_upgrades": self.HEX_UPGRADES}
        ups = {**sc.tiles.upgrades, **{t: [] for t in self.NOT_UPGRADED if sc.tile(t) is not None}}
        replay.scenario = sc.model_copy(update={"rules": sc.rules.model_copy(update={"options": options}),
                                                "tiles": sc.tiles.model_copy(update={"upgrades": ups})})


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


class G18Chesapeake(TitleSetup):
    """18Chesapeake (``lib/engine/game/g_18_chesapeake``)."""

    def start(self, replay: GameReplay) -> None:
        # Game::Base#init_company_abilities: a company's ``random_president`` share is the president's
        # share of ``@corporations[rand % @corporations.size]`` (the game's first random number);
        # Game#setup: Cornelius Vanderbilt closes when that corporation buys its first train
        corps = [c["sym"] for c in replay.title.corporations if isinstance(c.get("sym"), str)]
        if not corps:
            return
        rand = EngineRand(replay.log.seed)
        for sym, abilities in replay.abilities.items():
            if sym in replay.private_names and any(a.get("type") == "shares" and a.get("shares") == "random_president" for a in abilities):
                corp = corps[rand() % len(corps)]
                if replay.private_names.get(sym) == "Cornelius Vanderbilt":
                    replay.close_on_train[sym] = corp


class G18TN(TitleSetup):
    """18TN (``lib/engine/game/g_18_tn``)."""

    def after(self, replay: GameReplay, action: dict) -> None:
        # G18TN::SharePool#buy_shares: buying L&N's shares (its par included) while the Louisville
        # and Nashville Railroad has an owner closes the company
        kind = action["type"]
        if kind == "par":
            bought = action.get("corporation") == "L&N"
        elif kind == "buy_shares":
            bought = any(isinstance(s, str) and s.rpartition("_")[0] == "L&N" for s in action.get("shares") or [])
        else:
            return
        if bought and "LNR" in replay.owners:
            replay.closed.add("LNR")


class G1882(TitleSetup):
    """1882 (``lib/engine/game/g_1882``)."""

    NWR_TRAINS = ("3", "4", "5", "6")
    """``init_train_handler``: the trains one of which carries the North West Rebellion."""
    NWR_ICON = "NWR"

    def __init__(self) -> None:
        self.nwr_train: str | None = None  # the engine id of the train whose purchase sets off the NWR
        self.rebelled = False

    def start(self, replay: GameReplay) -> None:
        # init_train_handler: nwr_train = trains[rand % trains.size] (the game's first random
        # number: init_company_abilities, which draws the random share, comes later); the event
        # rides on the first upcoming train of that name, index 0 (the reserve trains SC adds are
        # the last of their names, and add_extra_train_when_sc_pars leaves the NWR on its train)
        name = self.NWR_TRAINS[EngineRand(replay.log.seed)() % len(self.NWR_TRAINS)]
        self.nwr_train = f"{name}-0"

    def rebellion(self, replay: GameReplay) -> None:
        """``event_nwr!``: every yellow tile laid on a hex with the NWR icon goes back to the
        supply and the hex is its printed self again; its station tokens stay."""
        for label, cell in list(replay.scenario.board.cells.items()):
            if cell.tile is None or not any(icon_name(i) == self.NWR_ICON for i in cell.icons):
                continue
            tdef = replay.scenario.tile(cell.tile.tile)
            if tdef is None or tdef.color != "yellow":
                continue
            replay.set_cell(label, cell.model_copy(update={"tile": None}))
            for engine_id in [t for t, h in replay.tile_hex.items() if h == label]:
                del replay.tile_hex[engine_id]

    def token_owner(self, replay: GameReplay, company: str, kind: str) -> str:
        # Game#init_corporations: a corporation's neutral token is CN's
        return "CN" if kind == "neutral" else company

    def token_removed(self, replay: GameReplay, label: str, city: int, company: str) -> None:
        # SpecialNWR#process_remove_token: a home token taken off is replaced by a neutral (CN) one
        home = replay.scenario.company(company)
        if home is not None and home.home == label:
            replay.add_token(label, "CN", city, "neutral")

    def before(self, replay: GameReplay, action: dict) -> None:
        # HomeToken#process_place_token: a home token placed in a circle CN's neutral token holds
        # takes that token off (home_token_locations: SC's home may be any city with one)
        if action["type"] != "place_token" or action.get("entity_type") != "corporation":
            return
        slot = action.get("slot")
        try:
            label, city = replay.city_at(action.get("city"), action)
        except GameLogError:
            return  # the replay's own place_token reports the bad city
        tokens = [t for t in replay.scenario.board.cell_at_label(label).tokens if t.city == city]
        if isinstance(slot, int) and slot < len(tokens) and any(t.company == "CN" for t in tokens):
            replay.remove_tokens("CN", label, city)

    def after(self, replay: GameReplay, action: dict) -> None:
        # Phase#buying_train!: the train's events, once (the first purchase of the NWR's train,
        # from the depot or, never before, from anyone)
        if action["type"] == "buy_train" and action.get("train") == self.nwr_train and not self.rebelled:
            self.rebelled = True
            self.rebellion(replay)
        # BuySellParShares#process_par: a corporation parred through a company's exchange (SC's
        # president's share) closes that company
        if action["type"] == "par" and isinstance(action.get("corporation"), str):
            for sym, abilities in replay.abilities.items():
                if any(a.get("type") == "exchange" and a.get("from") in ("par", ["par"]) and
                       action["corporation"] in (a.get("corporations") or []) for a in abilities):
                    replay.closed.add(sym)
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
    "18 Los Angeles 2": G18LosAngeles, "18MS": G18MS, "1844": G1844, "18AL": G18AL, "1889": G1889, "1882": G1882,
    "18Texas": G18Texas, "1848": G1848, "18Chesapeake": G18Chesapeake, "18TN": G18TN, "1888": G1888, "1877: Stockholm Tramways": G1877StockholmTramways,
}
"""Title -> its adapter (the titles listed in the module's table)."""


def title_setup(title: str) -> TitleSetup:
    """The adapter of a title (the base one, which does nothing, for the others)."""
    return ADAPTERS.get(title, TitleSetup)()


__all__ = ["ADAPTERS", "title_setup"]

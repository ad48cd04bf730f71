"""The 1846 family's board code for the game import (never run): 1846 and its two-player variant,
18 Los Angeles 2 and 18 Los Angeles (first edition), which play 1846's code with their own set-up;
and the engine's random numbers (:class:`EngineRand`), which their set-up draws from the game's seed
(which companies and corporations ``remove_from_group!`` removes). The table of what each adapter
follows is :mod:`model.io.title_setup`'s.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from model.io.game_log import CHAT, NOT_A_ROUND, certificates
from model.io.title_1846_cash import Treasury1846, whole
from model.io.title_1846_market import POOL, TREASURY, Market1846, market_cells
from model.io.title_1846_revenue import Revenue18LA, Revenue1846
from model.io.title_hooks import TitleSetup

if TYPE_CHECKING:
    from pathlib import Path

    from model.io.import_18xx_game import GameReplay
    from model.io.title_data import TitleData
    from model.scenario import Scenario


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
        self.market: Market1846 | None = None
        self.treasury: Treasury1846 | None = None
        self.in_stock = False  # the players are acting (a stock round, or the draft before the first)
        self.just_parred: str | None = None  # the corporation the last action parred
        self.or_acted: set[str] = set()  # the corporations and minors that took a turn in this operating round
        self.or_count = 0  # the operating rounds of this set so far
        self.set_size = 0  # how many the set has (the phase's operating_rounds as it started)
        self.draft_passed: set[str] = set()  # the players who passed in this round of the two-player draft
        self.or_price: dict[str, int | None] = {}  # the share prices the operating round started at
        self.last_operator: str | None = None
        self.last_kind = ""
        self.cost: int | None = None  # what the action about to be applied costs its company
        self.seller: str | None = None  # the corporation selling the train about to be bought
        self.treasury_certs: dict[str, list[int]] = {}  # each corporation's own certificates before a purchase

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

    REVENUE: type[Revenue1846] = Revenue1846
    """What a run whose revenue the export does not record earns (:mod:`model.io.title_1846_revenue`:
    the title's ``revenue_for``)."""

    TILE_COST = 20
    """``Game#upgrade_cost``: every lay's own cost is at least ``TILE_COST`` (the rule option ``min_tile_cost``)."""

    def start(self, replay: GameReplay) -> None:
        cells = market_cells(replay.title.constants.get("MARKET"))
        self.market = Market1846(replay, cells or [], self.REVENUE())  # without MARKET: holdings, no prices
        self.treasury = Treasury1846(replay, self.market, self.num_trains(replay))
        options = {**replay.scenario.rules.options, "min_tile_cost": self.TILE_COST}
        replay.scenario = replay.scenario.model_copy(update={"rules": replay.scenario.rules.model_copy(update={"options": options})})
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
        self.minor_trains(replay)

    def num_trains(self, replay: GameReplay) -> dict[str, int]:
        """``Game#num_trains``: how many trains of each name the depot holds."""
        players = len(replay.log.players)
        two = self.two_player(replay)
        counts = {"2": 7 if two else players + 4, "4": 5 if two else players + 1, "5": 3 if two else players, "6": 4 if two else 9}
        out = {}
        for t in replay.title.trains:
            name = t.get("name")
            if isinstance(name, str):
                num = t.get("num", counts.get(name))
                out[name] = num if isinstance(num, int) else 0
        return out

    def minor_trains(self, replay: GameReplay) -> None:
        """``Game#setup``: each minor, in order, is given the depot's next train (the 2s)."""
        first = next((t.get("name") for t in replay.title.trains if isinstance(t.get("name"), str)), None)
        if self.market is not None and first is not None:
            for i, minor in enumerate(self.minors):
                self.market.trains[minor] = {f"{first}-{i}"}
                if self.treasury is not None:
                    self.treasury.from_depot.add(f"{first}-{i}")  # buy_train(minor, @depot.upcoming[0], :free)

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

    def cash(self, replay: GameReplay) -> dict[str, int]:
        treasury = self.treasury
        if treasury is None:
            return {}
        return {c: v for c, v in treasury.cash.items() if c not in treasury.lost}

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
        info = replay.company_info[company]
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
            if self.treasury is not None:
                self.treasury.pay(replay.owners[company], discount)  # at its min_auction_price, -discount

    def min_bid(self, replay: GameReplay, company: str) -> int | None:
        """``Company#min_bid``, what a drafted company costs: its value less its discount (a
        minor's is negative: it costs its treasury more), each pass on it 10 less."""
        info = replay.company_info.get(company, {})
        value, discount = whole(info.get("value")), whole(info.get("discount", 0))
        if value is None or discount is None:
            return None
        return value - discount - 10 * self.passes.get(company, 0)

    def bankrupt(self, replay: GameReplay, corp: str) -> None:
        """``Bankrupt#process_bankrupt``: the corporation issues what it can in an emergency, the
        president's shares are sold (:class:`Market1846`) and their cash goes to the corporation
        (:class:`Treasury1846`), their minors close (their tokens leave), and their companies close."""
        market, treasury = self.market, self.treasury
        player = market.president.get(corp) if market is not None else None
        if player is None or market is None or treasury is None:
            return
        market.train_step(corp)  # it goes bankrupt at its train step: a dividend step not taken was skipped
        issued = treasury.emergency_bundle(corp)
        if issued:
            market.emergency_issue(corp, issued)
        treasury.bankrupt(corp, player, market.bankrupt(player))
        for minor in [m for m in self.minors if replay.owners.get(m) == player]:
            replay.remove_tokens(minor)
            self.minors.remove(minor)
            treasury.closed(minor)
        replay.closed |= {sym for sym, owner in replay.owners.items() if owner == player}

    def turn(self, replay: GameReplay, action: dict) -> None:
        """A round changes: a company acting after the players ends the stock round, a player
        acting after the companies ends the operating round; a company's turn in an operating
        round comes after the automatic turns of the corporations before it."""
        market = self.market
        if market is None:
            return
        kind = action.get("entity_type")
        if action.get("type") in CHAT:
            return
        homing = action.get("type") == "place_token" and action.get("entity") == self.just_parred
        self.just_parred = action.get("corporation") if action.get("type") == "par" else None
        if homing:
            return  # HomeToken: a corporation parred in the stock round chooses its home there
        if kind in ("corporation", "minor", "company") and self.in_stock:
            market.stock_round_ends()
            self.close_corporations(replay)
            self.operating_rounds_start(replay)
        elif kind == "player" and not self.in_stock and action.get("type") not in NOT_A_ROUND:
            self.in_stock = True
            self.automatic_turns(replay, None)
            market.operating_round_ends()
            self.close_corporations(replay)
            for _ in range(self.set_size - self.or_count):
                self.next_operating_round(replay)  # one in which nothing acted (all skipped), as the engine plays it
        entity = action.get("entity")
        if kind == "company" and not self.in_stock and self.or_acted and self.at_round_start(replay, action):
            self.next_operating_round(replay)
        owner = replay.owners.get(entity) if kind == "company" else None
        if owner in replay.company_ids:
            kind, entity = "corporation", owner  # a corporation's private acts in its turn (any step of it)
        if kind not in ("corporation", "minor") or self.in_stock or not isinstance(entity, str) \
                or action.get("type") == "discard_train":  # a train discarded in another company's turn
            return
        kinds = Market1846.STEP_ORDER
        order = kinds.get(str(action.get("type")), 0) if owner is None else 0
        if action["type"] in ("sell_shares", "buy_shares") and owner is None and not market.emergency(entity, action):
            order = self.ISSUE_STEP  # IssueShares: until its dividend step
        again = entity == self.last_operator and 0 < order < kinds.get(self.last_kind, 0)
        if entity in self.or_acted and (entity != self.last_operator or again):
            self.next_operating_round(replay)  # a company's second turn
        if entity not in self.or_acted:
            self.automatic_turns(replay, entity)
            self.or_acted.add(entity)
        if entity != self.last_operator:
            self.last_operator, self.last_kind = entity, ""
        if order and order != self.ISSUE_STEP:
            self.last_kind = str(action["type"])

    def at_round_start(self, replay: GameReplay, action: dict) -> bool:
        """A player's private acting as an operating round starts (``G1846::Step::Assign``: the
        Steamboat Company's owner assigns it, or passes, before the first company's turn: its
        abilities are ``or_start``'s)."""
        private = action.get("entity")
        return action.get("type") in ("assign", "pass") and replay.owners.get(private) in replay.log.players.values() \
            and any(a.get("when") == "or_start" for a in replay.abilities.get(str(private), []))

    def next_operating_round(self, replay: GameReplay) -> None:
        """The operating round ended (the turns left are automatic), the next one starts."""
        if self.market is None:
            return
        self.automatic_turns(replay, None)
        self.market.operating_round_ends()
        self.close_corporations(replay)
        self.operating_round_starts(replay)

    ISSUE_STEP = 2.5
    """Where a corporation's issue or redemption of its shares stands in its turn's steps
    (:attr:`Market1846.STEP_ORDER`): ``G1846::Step::IssueShares`` does not block, the
    corporation may issue until its dividend step passes it (``dividend_step_passes``)."""

    def operating_rounds_start(self, replay: GameReplay) -> None:
        """A set of operating rounds starts (``Game::Base#next_round!``: as many as the phase's
        ``operating_rounds``), and its first round."""
        self.in_stock = False
        phase = replay.title.phases[replay.phase_index] if replay.phase_index < len(replay.title.phases) else {}
        self.set_size = whole(phase.get("operating_rounds")) or 1
        self.or_count = 0
        self.operating_round_starts(replay)

    def draft_round_ends(self, replay: GameReplay, action: dict) -> bool:
        """``Draft2pDistribution#finished?``: with two players, a round of the draft ends when
        each player passed since it started (a bid takes back the bidder's pass); while a private
        has no owner the operating rounds follow (``G1846::Game#next_round!``)."""
        if not self.two_player(replay) or action.get("entity_type") != "player":
            return False
        player = replay.player_name(action.get("entity"))
        left = [sym for sym in replay.private_names if sym not in replay.owners and sym not in replay.closed]
        if action["type"] == "bid":
            self.draft_passed.discard(player)
        elif action["type"] == "pass" and len(left) != 1:  # on the last company a pass lowers its price
            self.draft_passed.add(player)
        if self.draft_passed < set(replay.log.players.values()):
            return False
        self.draft_passed = set()
        return bool(left)

    def operating_round_starts(self, replay: GameReplay) -> None:
        """``Round::Operating#setup``: the privates pay their owners; the operating order is set."""
        self.or_count += 1
        self.or_acted, self.last_operator, self.last_kind = set(), None, ""
        if self.market is not None and self.treasury is not None:
            self.or_price = dict(self.market.prices() or {})
            self.treasury.companies_pay()

    def automatic_turns(self, replay: GameReplay, before: str | None) -> None:
        """The turns of the corporations in receivership that operate before ``before`` (a
        company about to take its first turn of the round; None: the round ends) and took none:
        they take theirs with no action (``ReceivershipSkip``), and one with no train and the
        cash buys the cheapest depot train (``receivership_train_buy``)."""
        market, treasury = self.market, self.treasury
        if market is None or treasury is None:
            return
        price = self.or_price.get(before) if before is not None else None
        if before is not None and (before in self.minors or price is None):
            return
        waiting = [c for c, p in self.or_price.items() if c not in self.or_acted and c in market.column and p is not None
                   and market.president.get(c) == POOL and replay.floated(c) and (before is None or p > price)]
        for corp in sorted(waiting, key=lambda c: -(self.or_price[c] or 0)):
            self.or_acted.add(corp)
            market.automatic_turn(corp)
            self.receivership_train(replay, corp)
            market.end_turn()

    def receivership_train(self, replay: GameReplay, corp: str) -> None:
        """``receivership_train_buy``: the train the corporation buys by itself, if any."""
        if self.treasury is None or self.market is None:
            return
        buy = self.treasury.receivership_buy(corp)
        if buy is None:
            return
        self.treasury.bought_train(corp, None, buy)
        self.market.bought_train(corp, buy)
        replay.on_buy_train({k: v for k, v in buy.items() if k not in ("entity", "entity_type")})
        self.train_bought(replay, buy["train"])

    def close_corporations(self, replay: GameReplay) -> None:
        """``Game::Base#close_corporation`` of every corporation in the closing cell: its tokens
        leave the map, its companies close."""
        if self.market is None:
            return
        for corp in self.market.closing():
            if self.treasury is not None:
                self.treasury.closed(corp)
            replay.remove_tokens(corp)
            replay.closed |= {sym for sym, owner in replay.owners.items() if owner == corp}
            replay.parred.discard(corp)

    def follow_market(self, replay: GameReplay, action: dict) -> None:
        market = self.market
        if market is None:
            return
        kind, entity, entity_type = action["type"], action.get("entity"), action.get("entity_type")
        if entity_type == "player":
            player = replay.player_name(entity)
            if kind == "par":
                market.par(action, player)
            elif kind == "buy_shares":
                market.player_buys(action, player)
            elif kind == "sell_shares":
                if not self.in_stock and market.turn is not None:
                    market.train_step(market.turn)  # an emergency sale: the operating corporation buys a train
                market.player_sells(action, player)
        elif entity_type in ("corporation", "minor") and isinstance(entity, str) and not self.in_stock:
            if entity in market.column:
                market.operating(entity, action)
            elif market.turn is not None and entity != market.turn:
                market.end_turn()
        if kind == "assign":
            market.runs.assigned(action)
        elif kind == "place_token":
            market.runs.placed_token(action)
        elif kind == "buy_company" and entity_type == "corporation" and isinstance(entity, str) \
                and isinstance(action.get("company"), str):
            market.runs.bought_company(replay, entity, action["company"])
        if kind == "buy_train":
            market.bought_train(replay._acting_company(action), action)
        elif kind == "discard_train":
            market.discarded_train(action)

    def before(self, replay: GameReplay, action: dict) -> None:
        """What the cash followed needs of the position before the action: a lay's or a token's
        cost, the train's seller, the certificates the corporations hold."""
        market = self.market
        self.cost, self.seller, self.treasury_certs = None, None, {}
        if market is None or self.treasury is None:
            return
        kind = action["type"]
        company = replay._acting_company(action)
        if kind in ("lay_tile", "place_token") and company in self.treasury.cash:
            self.cost = self.treasury.cost(action, company)
        elif kind == "buy_train":
            train = action.get("train")
            self.seller = next((c for c, trains in market.trains.items() if train in trains), None)
        elif kind == "buy_company":
            self.seller = replay.owners.get(action.get("company"))
        elif kind == "buy_shares" and action.get("entity_type") == "player":
            self.treasury_certs = {c: list(market.held.get(c, {}).get(TREASURY, [])) for c in certificates(action.get("shares"))}

    def follow_cash(self, replay: GameReplay, action: dict, divided: bool) -> None:
        """The cash the action moves (:class:`Treasury1846`), the market followed first
        (``divided``: the turn's dividend step was done before the action)."""
        treasury, market = self.treasury, self.market
        if treasury is None or market is None:
            return
        kind, entity, entity_type = action["type"], action.get("entity"), action.get("entity_type")
        if entity_type == "player":
            player = replay.player_name(entity)
            if kind == "par" and isinstance(action.get("corporation"), str):
                treasury.parred(action["corporation"], action.get("share_price"), player)
            elif kind == "buy_shares":
                treasury.bought_shares(action, player, self.treasury_certs)
            elif kind == "bid" and action.get("company") in replay.private_names:
                price = self.min_bid(replay, action["company"])
                treasury.pay(player, None if price is None else -price)
            for minor in self.minors:  # the draft: a minor bought floats with its treasury
                if minor in replay.owners and minor not in treasury.cash and minor not in treasury.lost:
                    treasury.minor_floats(minor)
            return
        company = replay._acting_company(action)
        if kind in ("lay_tile", "place_token"):
            treasury.gain(company, None if self.cost is None else -self.cost)
        elif kind == "buy_train":
            treasury.bought_train(company, self.seller, action)
        elif kind == "discard_train":
            treasury.discarded_train(action.get("train"))
        if entity_type not in ("corporation", "minor") or not isinstance(entity, str) or self.in_stock:
            return
        if kind in ("sell_shares", "buy_shares"):
            treasury.traded_own(entity, action)
        elif kind == "run_routes" and entity in self.minors:
            treasury.minor_ran(entity, market.run_revenue(entity, action))
        elif kind == "run_routes" and market.president.get(entity) == POOL:
            treasury.dividend(entity, "withhold", market.revenue)  # Operating#after_process: withheld
        elif kind == "dividend" and not divided:
            treasury.dividend(entity, str(action.get("kind")), market.revenue)
        elif kind == "buy_company" and isinstance(action.get("company"), str):
            treasury.bought_company(entity, action["company"], action.get("price"), action["company"] in self.minors, self.seller)

    def after(self, replay: GameReplay, action: dict) -> None:
        kind = action["type"]
        if kind == "pass" and action.get("entity_type") == "player":
            self.draft_pass(replay, action)
        if self.in_stock and self.market is not None and self.draft_round_ends(replay, action):
            self.operating_rounds_start(replay)  # the engine starts them now: the privates pay
        divided = self.market is not None and self.market.turn == action.get("entity") and self.market.divided
        if kind == "sell_shares" and action.get("entity_type") == "player" and self.treasury is not None:
            self.treasury.sold_shares(action, replay.player_name(action.get("entity")))  # at the price before the sale
        self.follow_market(replay, action)
        self.follow_cash(replay, action, divided)
        if kind == "bankrupt" and isinstance(action.get("entity"), str):
            self.bankrupt(replay, action["entity"])
        if kind == "buy_company" and action.get("company") in self.minors and isinstance(action.get("entity"), str):
            # BuyCompany#process_buy_company: the buyer takes the minor's token (or the token goes
            # when the buyer has one in that city); the minor leaves the game
            minor, corp = action["company"], action["entity"]
            if self.market is not None:  # Step::BuyCompany: the minor's train goes to the buyer
                self.market.trains.setdefault(corp, set()).update(self.market.trains.pop(minor, set()))
            for label, city in replay.remove_tokens(minor):
                if (label, city) not in replay.tokens_of(corp):
                    replay.add_token(label, corp, city)
                    if self.treasury is not None:  # entity.tokens << token: one beyond its own
                        self.treasury.extra_tokens[corp] = self.treasury.extra_tokens.get(corp, 0) + 1
            self.minors.remove(minor)
        if kind == "buy_train" and isinstance(action.get("train"), str):
            self.train_bought(replay, action["train"])
        if kind == "bankrupt" and isinstance(action.get("entity"), str):
            self.receivership_train(replay, action["entity"])  # Operating#after_process
        self.close_corporations(replay)

    def train_bought(self, replay: GameReplay, train: str) -> None:
        """``event_close_companies!``: the minors still in the game close (their tokens leave)."""
        if train.rsplit("-", 1)[0] in replay.closing and self.minors:
            for minor in self.minors:
                replay.remove_tokens(minor)
                if self.treasury is not None:
                    self.treasury.closed(minor)
            self.minors = []


class G18LosAngeles(G1846):
    """18 Los Angeles 2 (``lib/engine/game/g_18_los_angeles``), 1846's code with its own set-up."""

    REVENUE = Revenue18LA  # its own revenue_for: its companies' bonuses, north-south, the Dump

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

    def draft_round_ends(self, replay: GameReplay, action: dict) -> bool:
        return False  # its draft is one round (init_round_finished), a stock round follows

    def draft_pass(self, replay: GameReplay, action: dict) -> None:
        """``DraftDistribution#process_pass``: a pass; the draft is over when every player passed
        since the last company was drafted (a bid unpasses everyone)."""
        if self.draft_over:
            return
        self.passed.add(replay.player_name(action.get("entity")))
        if len(self.passed) >= len(set(replay.log.players.values())):
            self.draft_finished(replay)

    CODE_DISCOUNT = "CHE2"
    """``Game#upgrade_cost``: the lays of this private's owner get a discount the engine's code
    decides (and keeps once given, ``@use_che_discount``): their cost is not followed (the
    corporation's cash is lost)."""

    def before(self, replay: GameReplay, action: dict) -> None:
        super().before(replay, action)
        if action["type"] == "lay_tile" and replay.owners.get(self.CODE_DISCOUNT) == replay._acting_company(action):
            self.cost = None
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


__all__ = ["EngineRand", "G1846", "G18LosAngeles", "G18LosAngeles1"]

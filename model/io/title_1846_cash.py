"""The 1846 family's corporations' cash for the game import: followed from the log as the engine's
code moves it (never run), so that a corporation in receivership buys the train the engine buys
for it (``G1846::Round::Operating#receivership_train_buy``: no action in the log, and a phase
may start) and the imported scenario carries each corporation's treasury.

What moves the cash of a corporation or a minor (``lib/engine/game/g_1846``), each as the named
code does:

* a share bought from the corporation (``CAPITALIZATION = :incremental``,
  ``SharePool#buy_shares``: the receiver is the corporation holding it): its par price a 10%
  (the president's certificate at ``par``: twice), which for a corporation with
  ``always_market_price`` (each of 1846's) is its share price; IC's subsidy of its par price
  (``Game#action_processed``);
* shares issued (``IssueShares``, or in an emergency ``G1846::Step::BuyTrain#process_issue_shares``):
  the price the action names a share; shares redeemed: the same, paid;
* a lay: its cost as the ``18xx`` rule set computes it (terrain, borders, ``TILE_COST``, the
  discounts; the ability of the private it is made through); a station token
  (``Tokener#adjust_token_price_ability!``): on a hex a ``token`` ability of the corporation (or
  of a private it owns) names, the ability's price (``teleport_price`` when the corporation does
  not reach the hex), else the corporation's next token's;
* the dividend (``Step::Dividend#process_dividend``): withheld, the whole revenue; half
  (``HalfPay``), the part withheld and the dividends of the shares in its treasury; paid out, the
  dividends of the shares in its treasury (``holder_for_corporation``: the corporation itself);
  in receivership the run is withheld (``G1846::Round::Operating#after_process``); a minor's run
  pays it half (``MinorHalfPay#payout``);
* a train: its price (to the selling corporation when it is one); bought for more than its cash,
  the president pays the rest (``Step::Train#buy_train_action``): 0 is left;
* a private bought: its price; a minor bought (``G1846::Step::BuyCompany``): its cash too; a
  minor starts with its private's value (``DraftDistribution#float_minor``);
* the revenue of the privates it owns as an operating round starts (``payout_companies``).

A corporation in receivership (no president, ``Market1846``'s pool) takes its turn with no action
in the log: it withholds its run and, with no train and at least the cheapest depot train's
price, buys that train (``receivership_train_buy``, at its train step and after the bankruptcy
that put it there). Its turn comes in the operating order (``Game#operating_order``: the price
the operating round started at, highest first): when a corporation of a lower price acts, or the
round ends.

A bankruptcy (``G1846::Step::Bankrupt#process_bankrupt``) gives the corporation its emergency
issue (``Game#emergency_issuable_bundles``' largest) and the president's cash with what their
shares raise (:meth:`Market1846.bankrupt`). So the players' cash is followed too, as the engine
moves it: ``STARTING_CASH``; a private drafted at ``Company#min_bid`` (its value less its
discount: a minor costs its treasury more); shares bought (at the share price) and sold (at the
price before the sale, the bundle's ``percent``); dividends (``dividends_for_entity``: rounded
up); a minor's half of its run; the privates' revenue; a private sold to a corporation; a
president's part of a train their corporation cannot pay for.

A corporation or a player whose cash cannot be followed (a run whose revenue is not known, a
price not known) is ``lost``: its treasury is left unset, and a corporation lost buys no train
by itself.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from model.io.game_log import certificates
from model.io.title_1846_market import POOL, TREASURY
from model.io.title_hooks import cost_of

if TYPE_CHECKING:
    from model.io.import_18xx_game import GameReplay
    from model.io.title_1846_market import Market1846


def whole(value: object) -> int | None:
    """An amount an action names (an export may write ``false`` for none)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


SUBSIDY = "IC"
"""``Game#action_processed``: the corporation paid its par price when it is parred."""


def _credit(book: dict[str, int], lost: set[str], who: str | None, amount: int | None) -> None:
    """``amount`` into ``who``'s cash in ``book`` (out when negative; nobody followed there: nothing);
    None: not known, ``who`` joins ``lost``."""
    if who is None or who not in book:
        return
    if amount is None:
        lost.add(who)
    else:
        book[who] += amount


class Treasury1846:
    """The cash of one game's corporations and minors (see the module)."""

    def __init__(self, replay: GameReplay, market: Market1846, num_trains: dict[str, int]) -> None:
        self.replay = replay
        self.market = market
        self.cash: dict[str, int] = {}
        self.lost: set[str] = set()
        self.par_price: dict[str, int] = {}
        self.num_trains = num_trains  # train name -> how many the depot holds (``Game#num_trains``)
        self.from_depot: set[str] = set()  # train ids bought out of the depot's upcoming trains
        self.discarded: list[str] = []  # train ids in the depot's discard pile, in order
        starting = replay.title.constants.get("STARTING_CASH")
        each = starting.get(len(market.players)) if isinstance(starting, dict) else None
        self.purse: dict[str, int] = {p: each for p in market.players} if isinstance(each, int) else {}
        self.purse_lost: set[str] = set() if self.purse else set(market.players)
        self.token_used: set[tuple[str, int]] = set()  # (owner, index) of the token abilities used
        self.extra_tokens: dict[str, int] = {}  # corporation -> tokens it got beyond its own (a minor's, a private's)

    def followed(self, corp: str) -> bool:
        return corp in self.cash and corp not in self.lost

    def pay(self, player: str | None, amount: int | None) -> None:
        """A player's cash in (out when negative); None: not known, the player's cash is lost."""
        _credit(self.purse, self.purse_lost, player, amount)

    def holder_paid(self, holder: str | None, amount: int | None) -> None:
        """Cash to a corporation, a minor or a player (a private's owner)."""
        if holder in self.purse:
            self.pay(holder, amount)
        else:
            self.gain(holder, amount)

    def gain(self, corp: str | None, amount: int | None) -> None:
        """Cash in (out when negative); None: the amount is not known, the cash is lost."""
        _credit(self.cash, self.lost, corp, amount)

    # --- the stock round ----------------------------------------------------------------------
    def parred(self, corp: str, share_price: object, player: str) -> None:
        parts = str(share_price).split(",")
        if not parts[0].strip().isdigit():
            self.lost.add(corp)
            self.pay(player, None)
            return
        par = int(parts[0])
        self.par_price[corp] = par
        certs = self.market.certs.get(corp, [20])
        self.cash[corp] = par * certs[0] // 10  # the president's certificate, from the treasury
        self.pay(player, -self.cash[corp])
        if corp == SUBSIDY:
            self.cash[corp] += par

    def bought_shares(self, action: dict, player: str, treasury: dict[str, list[int]]) -> None:
        """A player's ``buy_shares``: each certificate at the action's price, else the share
        price (``Share#price_per_share``: from the treasury the par price, which
        ``Corporation#par_price`` makes the share price for a corporation with
        ``always_market_price``, each of 1846's); those that were the corporation's pay it
        (``treasury``: each corporation's certificates it held before the purchase)."""
        for corp, certs in certificates(action.get("shares")).items():
            if corp not in self.market.certs:
                continue
            own = [i for i in certs if i in treasury.get(corp, [])]
            named = whole(action.get("share_price"))
            market = named if named is not None else self.market.price(corp)
            par = market if named is not None or self.replay.corp_info.get(corp, {}).get("always_market_price") \
                else self.par_price.get(corp)
            paid = [(par if i in own else market, self.market.certs[corp][i]) for i in certs if i < len(self.market.certs[corp])]
            if any(price is None for price, _ in paid):
                self.pay(player, None)
                self.gain(corp, None if own else 0)
                continue
            self.pay(player, -sum(price * pct // 10 for price, pct in paid))
            if own:
                self.gain(corp, sum(par * self.market.certs[corp][i] // 10 for i in own))

    def sold_shares(self, action: dict, player: str) -> None:
        """A player's ``sell_shares`` (to the pool): the share price before the sale a share of
        the bundle's ``percent`` (half of a president's certificate may be sold)."""
        for corp, certs in certificates(action.get("shares")).items():
            price = self.market.price(corp)
            if corp not in self.market.certs or price is None:
                self.pay(player, None)
                continue
            percent = whole(action.get("percent"))
            if percent is None:
                percent = sum(self.market.certs[corp][i] for i in certs if i < len(self.market.certs[corp]))
            self.pay(player, price * percent // 10)

    def traded_own(self, corp: str, action: dict) -> None:
        """The corporation issues (``sell_shares``) or redeems (``buy_shares``) its shares."""
        certs = certificates(action.get("shares")).get(corp, [])
        price = whole(action.get("share_price"))
        if not certs or corp not in self.market.certs:
            return
        if price is None:
            self.lost.add(corp)
            return
        amount = sum(price * self.market.certs[corp][i] // 10 for i in certs if i < len(self.market.certs[corp]))
        self.gain(corp, amount if action["type"] == "sell_shares" else -amount)

    # --- the operating round ------------------------------------------------------------------
    def companies_pay(self) -> None:
        """``payout_companies``: each open private a corporation owns pays it its revenue."""
        replay = self.replay
        for company in replay.title.companies:
            sym, revenue = company.get("sym"), company.get("revenue")
            if isinstance(sym, str) and isinstance(revenue, int) and revenue > 0 and sym not in replay.closed:
                self.holder_paid(replay.owners.get(sym), revenue)

    def minor_floats(self, minor: str) -> None:
        """``float_minor``: the minor starts with its private's treasury (its value)."""
        info = self.replay.company_info.get(minor, {})
        value = info.get("treasury", info.get("value"))
        if isinstance(value, int):
            self.cash[minor] = value

    def dividend(self, corp: str, kind: str, revenue: int | None) -> None:
        """``process_dividend`` of ``revenue``: what the corporation keeps of it, and each
        player's dividends (``dividends_for_entity``: a share's part of what is paid out, rounded up)."""
        if corp not in self.market.certs:
            return  # never parred: no shares to pay
        holders = [p for p in self.market.players if self.market.percent(corp, p)]
        if revenue is None:
            self.gain(corp, None)
            for player in holders:
                self.pay(player, None)
            return
        certs = self.market.certs.get(corp, [])
        total = sum(certs) // 10 or 1  # Corporation#total_shares
        withheld = {"withhold": revenue, "half": revenue // 2 // total * total}.get(kind, 0)
        per_share = (revenue - withheld) / total
        own = self.market.percent(corp, TREASURY) / 10  # num_shares_of(entity, ceil: false)
        self.gain(corp, withheld + math.ceil(own * per_share))
        if per_share > 0:
            for player in holders:
                self.pay(player, math.ceil(self.market.percent(corp, player) / 10 * per_share))

    def minor_ran(self, minor: str, revenue: int | None) -> None:
        """``MinorHalfPay``: a minor keeps half its run (the dividend step is skipped), its owner
        the rest."""
        self.gain(minor, None if revenue is None else revenue // 2)
        self.pay(self.replay.owners.get(minor), None if revenue is None else revenue - revenue // 2)

    def bought_train(self, corp: str | None, seller: str | None, action: dict) -> None:
        train, price = action.get("train"), action.get("price")
        if not isinstance(train, str):
            return
        if train in self.discarded:
            self.discarded.remove(train)
        elif seller is None:
            self.from_depot.add(train)
        if not isinstance(price, int):
            self.gain(corp, None)
            return
        self.gain(seller, price)
        if corp is not None and corp in self.cash:
            president = self.market.president.get(corp)
            if president not in (None, POOL) and price > self.cash[corp]:
                # Step::Train#buy_train_action: the president pays what the cash does not
                self.pay(president, None if corp in self.lost else self.cash[corp] - price)
                self.cash[corp] = price
            self.cash[corp] -= price

    def discarded_train(self, train: object) -> None:
        if isinstance(train, str):
            self.discarded.append(train)

    def bought_company(self, corp: str, company: str, price: object, minor: bool, seller: str | None) -> None:
        self.gain(corp, -price if isinstance(price, int) else None)
        self.pay(seller, price if isinstance(price, int) else None)
        if minor and corp in self.cash:
            if company in self.lost or company not in self.cash:
                self.lost.add(corp)
            self.cash[corp] += self.cash.pop(company, 0)

    def emergency_bundle(self, corp: str) -> list[int]:
        """``Game#emergency_issuable_bundles(...).max_by(&:num_shares)``: the shares a corporation
        with no train issues as its president goes bankrupt (none when it has a train, issued
        already in this turn, or its cash pays for the cheapest depot train's dearest variant)."""
        market = self.market
        cheapest = self.cheapest_depot_train()
        if market.trains.get(corp) or market.emergency_issued or cheapest is None or corp not in market.column \
                or not self.followed(corp):
            return []
        prices = [price for _, price in self.variants(cheapest[0].rsplit("-", 1)[0])]
        cash = self.cash[corp]
        if not prices or cash >= max(prices):
            return []
        own = list(market.held[corp].get(TREASURY, []))
        issuable = sum(market.percent(corp, p) for p in market.players) // 10 - market.percent(corp, POOL) // 10
        col = market.column[corp]
        bundles = []  # (price, shares): each bundle at the price left 1 + its shares
        for n in range(1, min(len(own), issuable) + 1):
            price = market.cells[max(0, col - 1 - n)][0] * n
            if price > 0:
                bundles.append((price, n))
        bundles.sort(key=lambda b: b[0])
        buying = [b for b in bundles if cash + b[0] >= min(prices)]
        if buying:
            enough = next((k for k, b in enumerate(buying) if cash + b[0] >= max(prices)), None)
            bundles = buying if enough is None else buying[:enough + 1]
        elif bundles:
            bundles = [max(bundles, key=lambda b: b[1])]
        if not bundles:
            return []
        price, n = max(bundles, key=lambda b: b[1])
        self.gain(corp, price)
        return own[:n]

    def bankrupt(self, corp: str, player: str, raised: int | None) -> None:
        """``Bankrupt#process_bankrupt``: the president's cash, with what their shares
        raised, goes to the corporation; the player has nothing left."""
        if player not in self.purse or player in self.purse_lost or raised is None:
            self.gain(corp, None)
        else:
            self.gain(corp, self.purse[player] + raised)
            self.purse[player] = 0

    def closed(self, corp: str) -> None:
        self.cash.pop(corp, None)
        self.lost.discard(corp)

    # --- what a lay or a token costs -----------------------------------------------------------
    def cost(self, action: dict, company: str) -> int | None:
        """What the ``lay_tile`` or ``place_token`` about to be applied costs the company (None:
        not known)."""
        if action["type"] == "place_token":
            return self.token_cost(action, company)
        cost = cost_of(self.replay, action, company)
        if cost is not None and action.get("entity_type") != "company":
            cost -= min(cost, self.own_lay_discount(company, action))
        return cost

    def own_lay_discount(self, corp: str, action: dict) -> int:
        """``Tracker#lay_tile``: the discount of the corporation's own ``tile_lay`` abilities that
        name the hex and the tile (IC's yellow lays on its hexes)."""
        tile = str(action.get("tile", "")).rsplit("-", 1)[0]
        discount = 0
        for a in self.replay.corp_info.get(corp, {}).get("abilities") or []:
            if isinstance(a, dict) and a.get("type") == "tile_lay" and action.get("hex") in (a.get("hexes") or [action.get("hex")]) \
                    and tile in (a.get("tiles") or [tile]) and isinstance(a.get("discount"), int):
                discount += a["discount"]
        return discount

    def token_abilities(self, corp: str) -> list[tuple[str, int, dict]]:
        """The ``token`` abilities a corporation places with, unused, in ``all_abilities``' order
        (its privates', then its own): (owner, index, ability)."""
        owners = [sym for sym, owner in self.replay.owners.items() if owner == corp and sym not in self.replay.closed] + [corp]
        out = []
        for owner in owners:
            abilities = self.replay.corp_info.get(owner, {}).get("abilities") if owner == corp else self.replay.abilities.get(owner)
            for i, a in enumerate(abilities or []):
                if isinstance(a, dict) and a.get("type") == "token" and (owner, i) not in self.token_used:
                    out.append((owner, i, a))
        return out

    def token_cost(self, action: dict, corp: str) -> int | None:
        """``Tokener#adjust_token_price_ability!``: the first token ability naming the hex (one
        ``special_only`` only when its private acts) prices the token: its ``price`` (with a
        ``discount``, the token's price less that part), the ``teleport_price`` when the
        corporation does not reach the hex; a private's ability places a new token (price 0)
        unless ``from_owner``. Without one, the corporation's next token's price."""
        from model.rules.eighteen_xx.company import tokens_on_board
        from model.rules.eighteen_xx.situation import Situation

        label, city = self.replay.city_at(action.get("city"), action)
        scenario = self.replay.result(corp)
        company = scenario.company(corp)
        if company is None:
            return None
        placed = len(tokens_on_board(scenario, corp)) - self.extra_tokens.get(corp, 0)  # its own tokens placed
        own = company.tokens[placed] if 0 <= placed < len(company.tokens) else None
        for owner, i, a in self.token_abilities(corp):
            hexes = a.get("hexes") or []
            if (hexes and label not in hexes) or (isinstance(a.get("city"), int) and a["city"] != city) \
                    or (a.get("special_only") and action.get("entity") != owner):
                continue
            self.token_used.add((owner, i))
            token = own
            if owner != corp and not a.get("from_owner"):
                self.extra_tokens[corp] = self.extra_tokens.get(corp, 0) + 1  # Token.new(entity): a new token
                token = 0
            discount = a.get("discount")
            price = a.get("price") if discount is None else (None if token is None else token - token * discount)
            teleport = a.get("teleport_price")
            if teleport is None or teleport == price:
                return price if isinstance(price, int) else None
            sit = Situation.reuse(scenario)
            reached = scenario.board.grid.coord(label) in self.replay.rules.network(sit, company).cells
            return price if reached and isinstance(price, int) else teleport
        return own

    # --- the depot ----------------------------------------------------------------------------
    def cheapest_depot_train(self) -> tuple[str, str, int] | None:
        """``Depot#min_depot_train`` and its cheapest variant: (train id, variant, price)."""
        out: list[tuple[int, str, str]] = []
        for t in self.replay.title.trains:
            name = t.get("name")
            if not isinstance(name, str):
                continue
            upcoming = next((f"{name}-{i}" for i in range(self.num_trains.get(name, 0)) if f"{name}-{i}" not in self.from_depot), None)
            if upcoming is not None:
                variant, price = self.variant(name)
                out.append((price, upcoming, variant))
                break  # the upcoming trains' first (later ones cost more)
        seen: set[str] = set()
        for train in self.discarded:
            name = train.rsplit("-", 1)[0]
            if name not in seen:  # @discarded.uniq(&:name)
                seen.add(name)
                variant, price = self.variant(name)
                out.append((price, train, variant))
        if not out:
            return None
        price, train, variant = min(out, key=lambda o: o[0])
        return train, variant, price

    def variants(self, name: str) -> list[tuple[str, int]]:
        """A train's variants with their prices (``train.variants``: the train itself first)."""
        info = next((t for t in self.replay.title.trains if t.get("name") == name), {})
        options = [(name, info.get("price"))] + [(v.get("name"), v.get("price")) for v in info.get("variants") or [] if isinstance(v, dict)]
        return [(str(n), p) for n, p in options if isinstance(p, int)]

    def variant(self, name: str) -> tuple[str, int]:
        """A train's cheapest variant (``train.variants.min_by { price }``): (name, price)."""
        priced = self.variants(name)
        return min(priced, key=lambda o: o[1]) if priced else (name, 0)

    def receivership_buy(self, corp: str) -> dict | None:
        """``receivership_train_buy``: the train a corporation in receivership with no train buys
        when its cash pays for the cheapest depot train (the action the engine makes), else None."""
        market = self.market
        if market.president.get(corp) != POOL or market.trains.get(corp) or not self.followed(corp):
            return None
        cheapest = self.cheapest_depot_train()
        if cheapest is None or self.cash[corp] < cheapest[2]:
            return None
        train, variant, price = cheapest
        return {"type": "buy_train", "entity": corp, "entity_type": "corporation", "train": train, "price": price, "variant": variant}


__all__ = ["Treasury1846"]

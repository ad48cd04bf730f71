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

A corporation whose cash cannot be followed (a run whose revenue is not known, a bankruptcy: the
president's cash goes to the corporation and it is not followed here) is ``lost``: its
treasury is left unset and it buys no train by itself.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from model.io.game_log import certificates
from model.io.title_1846_market import POOL, TREASURY

if TYPE_CHECKING:
    from model.io.import_18xx_game import GameReplay
    from model.io.title_1846_market import Market1846

def whole(value: object) -> int | None:
    """An amount an action names (an export may write ``false`` for none)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


SUBSIDY = "IC"
"""``Game#action_processed``: the corporation paid its par price when it is parred."""


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

    def followed(self, corp: str) -> bool:
        return corp in self.cash and corp not in self.lost

    def gain(self, corp: str | None, amount: int | None) -> None:
        """Cash in (out when negative); None: the amount is not known, the cash is lost."""
        if corp is None or corp not in self.cash:
            return
        if amount is None:
            self.lost.add(corp)
        else:
            self.cash[corp] += amount

    # --- the stock round ----------------------------------------------------------------------
    def parred(self, corp: str, share_price: object) -> None:
        parts = str(share_price).split(",")
        if not parts[0].strip().isdigit():
            self.lost.add(corp)
            return
        par = int(parts[0])
        self.par_price[corp] = par
        certs = self.market.certs.get(corp, [20])
        self.cash[corp] = par * certs[0] // 10  # the president's certificate, from the treasury
        if corp == SUBSIDY:
            self.cash[corp] += par

    def bought_from(self, action: dict, treasury: dict[str, list[int]]) -> None:
        """A player's ``buy_shares``: the certificates that were the corporation's pay it
        (``treasury``: each corporation's certificates it held before the purchase)."""
        for corp, certs in certificates(action.get("shares")).items():
            own = [i for i in certs if i in treasury.get(corp, [])]
            if own and corp in self.par_price:
                price = whole(action.get("share_price"))
                if price is None:
                    # Share#price_per_share: the par price (Corporation#par_price: the share
                    # price for a corporation with always_market_price, each of 1846's)
                    market = self.replay.corp_info.get(corp, {}).get("always_market_price")
                    price = self.market.price(corp) if market else self.par_price[corp]
                self.gain(corp, None if price is None else sum(price * self.market.certs[corp][i] // 10 for i in own))

    def traded_own(self, corp: str, action: dict) -> None:
        """The corporation issues (``sell_shares``) or redeems (``buy_shares``) its shares."""
        certs = certificates(action.get("shares")).get(corp, [])
        price = whole(action.get("share_price"))
        if not certs:
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
                self.gain(replay.owners.get(sym), revenue)

    def minor_floats(self, minor: str) -> None:
        """``float_minor``: the minor starts with its private's treasury (its value)."""
        info = next((c for c in self.replay.title.companies if c.get("sym") == minor), {})
        value = info.get("treasury", info.get("value"))
        if isinstance(value, int):
            self.cash[minor] = value

    def dividend(self, corp: str, kind: str, revenue: int | None) -> None:
        """``process_dividend`` of ``revenue``: what the corporation keeps of it."""
        if revenue is None:
            self.gain(corp, None)
            return
        certs = self.market.certs.get(corp, [])
        total = sum(certs) // 10 or 1  # Corporation#total_shares
        withheld = {"withhold": revenue, "half": revenue // 2 // total * total}.get(kind, 0)
        per_share = (revenue - withheld) / total
        own = self.market.percent(corp, TREASURY) / 10  # num_shares_of(entity, ceil: false)
        self.gain(corp, withheld + math.ceil(own * per_share))

    def minor_ran(self, minor: str, revenue: int | None) -> None:
        """``MinorHalfPay``: a minor keeps half its run (the dividend step is skipped)."""
        self.gain(minor, None if revenue is None else revenue // 2)

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
            has_president = self.market.president.get(corp) not in (None, POOL)
            self.cash[corp] = max(0, self.cash[corp] - price) if has_president else self.cash[corp] - price

    def discarded_train(self, train: object) -> None:
        if isinstance(train, str):
            self.discarded.append(train)

    def bought_company(self, corp: str, company: str, price: object, minor: bool) -> None:
        self.gain(corp, -price if isinstance(price, int) else None)
        if minor and corp in self.cash:
            if company in self.lost or company not in self.cash:
                self.lost.add(corp)
            self.cash[corp] += self.cash.pop(company, 0)

    def closed(self, corp: str) -> None:
        self.cash.pop(corp, None)
        self.lost.discard(corp)

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
                out.append((self.variant(name)[1], upcoming, self.variant(name)[0]))
                break  # the upcoming trains' first (later ones cost more)
        seen: set[str] = set()
        for train in self.discarded:
            name = train.rsplit("-", 1)[0]
            if name not in seen:  # @discarded.uniq(&:name)
                seen.add(name)
                out.append((self.variant(name)[1], train, self.variant(name)[0]))
        if not out:
            return None
        price, train, variant = min(out, key=lambda o: o[0])
        return train, variant, price

    def variant(self, name: str) -> tuple[str, int]:
        """A train's cheapest variant (``train.variants.min_by { price }``): (name, price)."""
        info = next((t for t in self.replay.title.trains if t.get("name") == name), {})
        options = [(name, info.get("price"))] + [(v.get("name"), v.get("price")) for v in info.get("variants") or [] if isinstance(v, dict)]
        priced = [(str(n), p) for n, p in options if isinstance(p, int)]
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

"""The 1846 family's share market for the game import: share prices and holdings followed from the
log as the engine's code moves them (never run), so that a corporation whose price reaches the
closing cell closes when the engine closes it (``Game::Base#close_corporations_in_close_cell!``,
after every action): its tokens leave the map and its private companies close.

What moves a price, each as the named engine code does:

* ``par``: the price the action names (``40,0,4``: row 0, column 4 of ``MARKET``);
* a player's ``sell_shares`` (``sell_shares_and_change_price``, ``SELL_MOVEMENT``
  ``:left_block_pres``): one step left when the seller was the president before the sale;
* a corporation's ``sell_shares``: issued in the ``IssueShares`` step (the turn's first step) the
  price stays; issued in an emergency (later in its turn, to buy a train) one step left a share;
* the dividend (``G1846::Step::Dividend#share_price_change``, on the revenue paid out: withhold
  pays 0, half pays the revenue less what it withholds, ``HalfPay``): left when under half the
  price, right once at the price, twice at twice, three times at three times from 165; a turn
  whose routes earn nothing skips the step as a withhold (``Dividend#skip!``), a corporation in
  receivership withholds after its run (``G1846::Round::Operating#after_process``) and, without a
  train, moves left once more;
* the end of a stock round (``Round::Stock#finish_round``): a corporation whose shares the
  players hold all moves right, one with shares in the pool left (``POOL_SHARE_DROP``);
* a player's ``bankrupt`` (``G1846::Step::Bankrupt``): the corporation issues in an
  emergency what it can (:mod:`model.io.title_1846_cash` says what: it needs its cash), the
  president sells what may be sold (the price moves as a sale's) and then every share left,
  without moving a price; a corporation they were president of enters receivership;
* obsolete trains (``obsolete_on``) rust after their corporation's next dividend step
  (``rust_obsolete_trains!``).

The presidency follows ``SharePool#transfer_shares``: the holder of the most shares (at least the
president's certificate's percent) when the president does not, the nearest in seating order
after the old president; the president's certificate is swapped for the new president's first
shares.

A run an older export records without its revenue is computed from its route
(:mod:`model.io.title_1846_revenue`: the title's ``revenue_for``, 1846's or 18 Los Angeles');
where it cannot be (a route it cannot read), the price is not followed from that dividend on:
that corporation never closes by its price here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from model.io.game_log import certificates
from model.io.title_1846_revenue import Revenue1846
from model.io.title_data import market_rows

if TYPE_CHECKING:
    from model.io.import_18xx_game import GameReplay

POOL = "\0pool"
TREASURY = "\0treasury"
MARKET_SHARE_LIMIT = 50
"""``Game::Base::MARKET_SHARE_LIMIT``: the percent of a corporation the pool may hold."""


def market_cells(value: Any) -> list[tuple[int, str]] | None:
    """``MARKET``'s one row as (price, type letters): ``0c`` is price 0, the closing cell."""
    rows = market_rows(value)
    return rows[0] if rows is not None and len(rows) == 1 else None


class Market1846:
    """The share prices, holdings and presidents of one game's corporations (see the module)."""

    def __init__(self, replay: GameReplay, cells: list[tuple[int, str]], runs: Revenue1846 | None = None) -> None:
        self.cells = cells
        self.column: dict[str, int] = {}
        self.lost: set[str] = set()  # corporations whose price the log does not give
        self.closed: set[str] = set()
        self.certs: dict[str, list[int]] = {}  # corporation -> percent of each certificate
        self.held: dict[str, dict[str, list[int]]] = {}  # corporation -> holder -> its certificates, in order got
        self.president: dict[str, str] = {}  # corporation -> player, or POOL in receivership
        self.trains: dict[str, set[str]] = {}  # corporation -> engine train ids it owns
        self.players = list(dict.fromkeys(replay.log.players.values()))
        rust: dict[str, set[str]] = {}
        obsolete: dict[str, set[str]] = {}
        for t in replay.title.trains:
            for key, into in (("rusts_on", rust), ("obsolete_on", obsolete)):
                if isinstance(t.get(key), str) and isinstance(t.get("name"), str):
                    into.setdefault(t[key], set()).add(t["name"])
        self.rusts = rust
        self.obsoletes = obsolete  # train name -> the names its first purchase makes obsolete
        self.obsolete: set[str] = set()  # the names of obsolete trains (they rust after their next run)
        self.replay = replay
        self.runs = runs if runs is not None else Revenue1846()  # the title's revenue_for
        self._reset_turn()
        self.or_turns: set[str] = set()  # the corporations that took a turn in this operating round
        self.bought_names: set[str] = set()  # the train names bought so far (a name's events: its first)

    def _reset_turn(self) -> None:
        self.turn: str | None = None  # the corporation whose operating turn this is
        self.turn_kinds: list[str] = []
        self.divided = False  # its turn's dividend step is done
        self.revenue: int | None = 0  # its run's, None when unknown
        self.emergency_issued = False  # it issued shares to buy a train (G1846::Round::Operating#emergency_issued)

    # --- prices -------------------------------------------------------------------------------
    def price(self, corp: str) -> int | None:
        col = self.column.get(corp)
        return None if col is None or corp in self.lost else self.cells[col][0]

    def prices(self) -> dict[str, int | None] | None:
        """Every open corporation's share price (None for one whose price the log does not
        give); None when the title has no ``MARKET`` (holdings only)."""
        return {c: self.price(c) for c in self.column} if self.cells else None

    def move(self, corp: str, steps: int) -> None:
        """Right by ``steps`` (left when negative), stopping at the row's ends."""
        if corp in self.column:
            self.column[corp] = max(0, min(len(self.cells) - 1, self.column[corp] + steps))

    # --- holdings -----------------------------------------------------------------------------
    def _start(self, corp: str) -> None:
        if corp in self.certs:
            return
        shares = self.replay.corp_info.get(corp, {}).get("shares")
        if not isinstance(shares, list) or not shares or not all(isinstance(s, int) for s in shares):
            shares = [20] + [10] * 8
        self.certs[corp] = list(shares)
        self.held[corp] = {TREASURY: list(range(len(shares)))}

    def percent(self, corp: str, holder: str) -> int:
        return sum(self.certs[corp][i] for i in self.held.get(corp, {}).get(holder, []))

    def _holder_of(self, corp: str, idx: int) -> str | None:
        return next((h for h, certs in self.held.get(corp, {}).items() if idx in certs), None)

    def _move_cert(self, corp: str, idx: int, to: str) -> None:
        held = self.held[corp]
        for certs in held.values():
            if idx in certs:
                certs.remove(idx)
        held.setdefault(to, []).append(idx)

    def transfer(self, corp: str, certs: list[int], to: str) -> None:
        """``SharePool#transfer_shares`` with its change of president."""
        certs = [i for i in certs if 0 <= i < len(self.certs[corp])]
        if not certs:
            return
        frm = self._holder_of(corp, certs[0])
        previous = self.president.get(corp)
        for i in certs:
            self._move_cert(corp, i, to)
        players = {p: self.percent(corp, p) for p in self.players if self.percent(corp, p) > 0}
        top = max(players.values(), default=0)
        need = self.certs[corp][0]
        if top < need:
            return
        majority = [p for p, v in players.items() if v == top]
        if previous in majority:
            return

        def distance(p: str) -> int:
            if previous not in self.players:
                return 0
            a, b = self.players.index(previous), self.players.index(p)
            return b - a if a < b else b - (a - len(self.players))

        new = min(majority, key=distance)
        self.president[corp] = new
        if to == new and previous == frm and 0 in certs:
            return  # the president's certificate itself went to the new president
        owner_of_pres = self._holder_of(corp, 0)
        if owner_of_pres is None or owner_of_pres == new:
            return
        # change_president: the new president's first shares go to the old holder of the
        # president's certificate (or the pool when they hold too little), the certificate to them
        swap_to = owner_of_pres if owner_of_pres in self.players and self.percent(corp, owner_of_pres) >= need else POOL
        give, got = [], 0
        for i in self.held[corp].get(new, []):
            if i != 0 and got < need:
                give.append(i)
                got += self.certs[corp][i]
        for i in give:
            self._move_cert(corp, i, swap_to)
        self._move_cert(corp, 0, new)

    # --- the actions --------------------------------------------------------------------------
    def par(self, action: dict, player: str) -> None:
        corp = action.get("corporation")
        where = str(action.get("share_price", "")).split(",")
        if not isinstance(corp, str) or len(where) != 3 or not where[2].strip().isdigit():
            return
        self._start(corp)
        col = int(where[2])
        if 0 <= col < len(self.cells):
            self.column[corp] = col
        self._move_cert(corp, 0, player)
        self.president[corp] = player

    def player_buys(self, action: dict, player: str) -> None:
        for corp, certs in certificates(action.get("shares")).items():
            if corp in self.certs:
                self.transfer(corp, certs, player)

    def player_sells(self, action: dict, player: str) -> None:
        for corp, certs in certificates(action.get("shares")).items():
            if corp not in self.certs:
                continue
            was_president = self.president.get(corp) == player
            self.transfer(corp, certs, POOL)
            if was_president:
                self.move(corp, -1)

    def corporation_trades(self, corp: str, action: dict) -> None:
        """A corporation issues (``sell_shares``) or redeems (``buy_shares``) its own shares."""
        for owner, certs in certificates(action.get("shares")).items():
            if owner != corp or corp not in self.certs:
                continue
            if action["type"] == "buy_shares":
                for i in certs:
                    self._move_cert(corp, i, TREASURY)
                continue
            if self.emergency(corp, action):
                # not at the issue price (G1846 Game#issuable_shares: one step left): an emergency
                # issue to buy a train, one step left a share (G1846 Step::BuyTrain)
                self.train_step(corp)
                self.emergency_issue(corp, certs)
            else:
                for i in certs:
                    self._move_cert(corp, i, POOL)

    def emergency(self, corp: str, action: dict) -> bool:
        """A corporation's ``sell_shares`` of its own shares not at the issue price (``G1846
        Game#issuable_shares``: one step left): an emergency issue, at its train step."""
        if action["type"] != "sell_shares" or self.price(corp) is None:
            return False
        return action.get("share_price") != self.cells[max(0, self.column[corp] - 1)][0]

    def emergency_issue(self, corp: str, certs: list[int]) -> None:
        """``G1846::Step::BuyTrain#process_issue_shares``: the shares go to the pool, the price one
        step left a share."""
        for i in certs:
            self._move_cert(corp, i, POOL)
        self.move(corp, -len(certs))
        self.emergency_issued = True

    def train_step(self, corp: str) -> None:
        """The corporation is in its train step (an emergency issue or sale): a dividend step it
        has not taken was skipped (its track step ended by itself after a lay or a token)."""
        if self.turn == corp and not self.divided and "run_routes" not in self.turn_kinds and not self.trains.get(corp):
            self.withhold(corp)

    def dividend_move(self, corp: str, paid: int) -> None:
        """``G1846::Step::Dividend#share_price_change`` on the revenue paid out."""
        price = self.price(corp)
        if price is None:
            return
        if paid < price // 2:
            self.move(corp, -1)
            return
        times = 0
        if paid >= price:
            times = 1
        if paid >= price * 2:
            times = 2
        if paid >= price * 3 and price >= 165:
            times = 3
        self.move(corp, times)

    def skipped_dividend(self, corp: str) -> None:
        """A withhold (nothing paid); in receivership without a train one step more
        (``G1846 Dividend#skip!``)."""
        if corp in self.column:
            self.dividend_move(corp, 0)
            self.rust_obsolete(corp)
            if self.president.get(corp) == POOL and not self.trains.get(corp):
                self.move(corp, -1)

    def rust_obsolete(self, corp: str) -> None:
        """``Dividend#process_dividend``'s ``rust_obsolete_trains!``: the corporation's obsolete
        trains rust once it has run (its dividend step, taken or skipped)."""
        trains = self.trains.get(corp, set())
        trains -= {t for t in trains if t.rsplit("-", 1)[0] in self.obsolete}

    def withhold(self, corp: str) -> None:
        """The operating corporation's dividend step, a withhold, unless it was taken this turn."""
        if not self.divided:
            self.divided = True
            self.skipped_dividend(corp)

    def end_turn(self) -> None:
        """The operating corporation's turn is over: a dividend step it did not take was skipped."""
        if self.turn is not None:
            self.withhold(self.turn)
        self._reset_turn()

    STEP_ORDER = {"lay_tile": 1, "place_token": 1, "run_routes": 2, "dividend": 3, "buy_train": 4, "discard_train": 4}
    """The order of a turn's steps (``G1846::Game#operating_round``): a step before one already
    taken starts the company's next turn."""

    def operating(self, corp: str, action: dict) -> None:
        kind = action["type"]
        order = self.STEP_ORDER
        later = max((order.get(k, 0) for k in self.turn_kinds), default=0)
        if corp != self.turn or order.get(kind, later) < later:
            self.end_turn()
            if corp in self.or_turns:
                self.operating_round_ends()
            self.or_turns.add(corp)
            self.turn = corp
        ran = "run_routes" in self.turn_kinds
        if kind == "buy_train" and not self.divided and not ran:
            self.withhold(corp)  # the dividend step comes before the train step
        if kind == "pass" and not self.trains.get(corp) and not ran:
            self.withhold(corp)  # the track step passed: no train to run, the dividend skipped
        if kind == "run_routes":
            self.revenue = self.run_revenue(corp, action)
            if self.revenue == 0 or self.president.get(corp) == POOL:
                self.withhold(corp)
        elif kind == "dividend" and corp in self.column and not self.divided:
            self.divided = True
            self.rust_obsolete(corp)
            how = action.get("kind")
            if how == "withhold":
                self.dividend_move(corp, 0)
            elif self.revenue is None:
                self.lost.add(corp)
            elif how == "half":
                shares = sum(self.certs[corp]) // 10 or 1  # HalfPay: whole amounts a share are withheld
                self.dividend_move(corp, self.revenue - self.revenue // 2 // shares * shares)
            else:
                self.dividend_move(corp, self.revenue)
        elif kind in ("sell_shares", "buy_shares"):
            self.corporation_trades(corp, action)
        self.turn_kinds.append(kind)

    def run_revenue(self, corp: str, action: dict) -> int | None:
        """A ``run_routes``' revenue: the routes' and its extra revenue; None when not known."""
        routes = action.get("routes")
        if isinstance(routes, list) and all(isinstance(r, dict) and isinstance(r.get("revenue"), int) for r in routes) \
                and isinstance(action.get("extra_revenue", 0), int):
            return sum(r["revenue"] for r in routes) + action.get("extra_revenue", 0)
        if isinstance(routes, list) and all(isinstance(r, dict) for r in routes):
            return self.runs.run(self.replay, corp, routes)  # an older export records the route, not its revenue
        return None

    def automatic_turn(self, corp: str) -> None:
        """A turn with no action in the log (a corporation in receivership with nothing to run):
        the turn before it ends, its dividend step is skipped."""
        self.end_turn()
        self.or_turns.add(corp)
        self.turn = corp
        self.withhold(corp)

    def operating_round_ends(self) -> None:
        """Every floated corporation takes a turn in an operating round; one that took no action
        (each step skipped: nothing to lay, no route run) skipped its dividend step too."""
        self.end_turn()
        for corp in sorted(self.column):
            if corp not in self.or_turns and self.replay.floated(corp):
                self.skipped_dividend(corp)
        self.or_turns = set()

    def bought_train(self, corp: str | None, action: dict) -> None:
        train = action.get("train")
        if not isinstance(train, str):
            return
        self.runs.bought_train(action)
        name = train.rsplit("-", 1)[0]  # Depot: a train name's events happen on its first purchase
        if name not in self.bought_names:
            self.bought_names.add(name)
            events = {e.get("type") for t in self.replay.title.trains if t.get("name") == name
                      for e in t.get("events") or [] if isinstance(e, dict)}
            if "close_companies" in events:
                self.runs.companies_close(self.replay)
            if "remove_bonuses" in events:
                self.runs.bonuses_removed()
        for trains in self.trains.values():
            trains.discard(train)
        if corp is not None:
            self.trains.setdefault(corp, set()).add(train)
        self.obsolete |= self.obsoletes.pop(name, set())
        rusted = self.rusts.pop(name, set())
        if rusted:
            for trains in self.trains.values():
                trains -= {t for t in trains if t.rsplit("-", 1)[0] in rusted}

    def discarded_train(self, action: dict) -> None:
        train = action.get("train")
        for trains in self.trains.values():
            trains.discard(train)

    def stock_round_ends(self) -> None:
        """``Round::Stock#finish_round``."""
        for corp in sorted(self.column):
            if corp in self.lost or not self.replay.floated(corp):
                continue
            if sum(self.percent(corp, p) for p in self.players) == 100:
                self.move(corp, 1)
            if self.percent(corp, POOL) > 0:
                self.move(corp, -1)

    def bankrupt(self, player: str) -> int | None:
        """``G1846::Step::Bankrupt#process_bankrupt`` after the corporation's emergency issue:
        what the president's shares raise (None when a price is not known)."""
        raised: int | None = 0
        for corp in sorted(self.certs):
            if corp in self.closed or not self.held[corp].get(player) or self.president.get(corp) == POOL:
                continue  # G1846 Game#sellable_bundles: none of a corporation in receivership
            was_president = self.president.get(corp) == player
            room = MARKET_SHARE_LIMIT - self.percent(corp, POOL)
            bundle = []  # sellable_bundles(...).max_by(&:price): the most shares the pool takes
            for i in self.held[corp][player]:
                if i != 0 and self.certs[corp][i] <= room:
                    bundle.append(i)
                    room -= self.certs[corp][i]
            if bundle:
                raised = self._sale(raised, corp, bundle)
                self.transfer(corp, bundle, POOL)
                if was_president:
                    self.move(corp, -1)
        for corp in sorted(self.certs):
            if corp in self.closed:
                continue
            owned = list(self.held[corp].get(player, []))
            if owned:
                raised = self._sale(raised, corp, owned)
                self.transfer(corp, owned, POOL)  # a player holding enough may become president
            if self.president.get(corp) == player and self.price(corp) != 0:
                self.president[corp] = POOL
        return raised

    def _sale(self, raised: int | None, corp: str, certs: list[int]) -> int | None:
        price = self.price(corp) if corp in self.column else None
        if raised is None or price is None:
            return None
        return raised + sum(price * self.certs[corp][i] // 10 for i in certs)

    def closing(self) -> list[str]:
        """The corporations in the closing cell (``close_corporations_in_close_cell!``)."""
        out = [c for c, col in self.column.items() if c not in self.lost and "c" in self.cells[col][1]]
        self.closed |= set(out)
        for corp in out:
            del self.column[corp]
            if self.turn == corp:
                self._reset_turn()
        return out


__all__ = ["Market1846", "market_cells"]

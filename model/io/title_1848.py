"""1848's economy for the game import: the corporations' cash and share prices followed from the
log as the engine's code moves them (never run), so that a corporation whose emergency loans take
its price to the closing cell closes when the engine closes it, its tokens become the Bank of
England's, and the second and fifth closing export a train (a phase may start).

What moves the cash of a corporation (``lib/engine/game/g_1848``), each as the named code does:

* floating (``Game::Base#float_corporation``, ``CAPITALIZATION = :full``): the par price of all
  its shares;
* a lay: its cost as the ``18xx`` rule set computes it (terrain, borders, a private's discount);
  a station token: the corporation's next token price;
* a run withheld (``Step::Dividend#withhold``): the revenue the run recorded; paid out: nothing
  (``corporation_dividends`` is 0 for the shares its treasury holds);
* a loan (``Game#take_loan``): the loan's 100; a train: the price the action names (to the
  selling corporation when it is one); a private bought: its price;
* the revenue of the privates it owns, as an operating round starts (``payout_companies``; a
  private kept open when the privates closed pays nothing, ``event_close_companies!``).

What moves a share price (the market's rows, ``G1848::StockMarket``):

* ``par``: the cell the action names; a private whose ``shares`` ability is a president's
  certificate pars its corporation at 100 when a player buys it (``after_buy_company``);
* a player's sale: one row down a sale (``SELL_MOVEMENT = :down_block``; never into the Bank of
  England's row);
* the dividend: right when a revenue is paid out, left when withheld or when the step is skipped
  (no run: the turn goes on past its dividend step with no ``dividend``);
* a loan: two steps left, three in an emergency (``loan_taken_stock_market_movement``), and the
  Bank of England's price one step right;
* a stock round's end: up for a corporation whose shares the players hold all
  (``sold_out_stock_movement``).

The emergency (``G1848::Step::BuyTrain#buy_train_action``): a corporation buying a train for
more than its cash takes loans (``perform_ebuy_loans``) until the price is met or its share price
is 0; at 0 it buys nothing and closes (``close_corporation``): its tokens become the Bank of
England's, its privates close, and the second and fifth closing of the game export the depot's
next permanent train (``G1848::Depot#export!``), as if it were bought.

A corporation whose cash cannot be followed (an action this module does not read) is ``lost``:
its emergency is not judged (its train is bought, as the import does without its cash).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.io.game_log import CHAT, NOT_A_ROUND, certificates
from model.io.title_data import market_rows
from model.io.title_hooks import TitleSetup, cost_of

if TYPE_CHECKING:
    from model.io.import_18xx_game import GameReplay

BOE = "BOE"
BOE_ROW = 6
"""``G1848::Game::BOE_ROW`` (the title's constant when it has one): the Bank of England's row of
the market, never entered by a sale."""
LOAN = 100
LOANS = 20
"""``init_loans``: 20 loans of 100 in the game."""
EBUY_STEPS = 3
LOAN_STEPS = 2


class Economy1848:
    """The cash and share prices of one 1848 game's corporations (see the module)."""

    def __init__(self, replay: GameReplay, rows: list[list[tuple[int, str]]]) -> None:
        self.replay = replay
        self.rows = rows
        boe_row = replay.title.constants.get("BOE_ROW")
        self.boe_row = boe_row if isinstance(boe_row, int) else BOE_ROW
        self.at: dict[str, tuple[int, int]] = {}  # corporation -> (row, column) of its price
        self.cash: dict[str, int] = {}
        self.lost: set[str] = set()  # corporations whose cash is not followed
        self.floated: set[str] = set()
        self.held: dict[str, set[int]] = {}  # corporation -> certificates the players hold
        self.train_owner: dict[str, str] = {}  # engine train id -> the corporation owning it
        self.gone: set[str] = set()  # train ids that left the depot (bought or exported)
        self.loans_left = LOANS
        self.par_price: dict[str, int] = {}
        self.closings = 0
        self.in_stock = True
        self.turn: str | None = None
        self.turn_kinds: list[str] = []
        self.divided = False  # the turn's dividend step is done (taken or skipped)
        self.revenue = 0
        self.or_turns: set[str] = set()
        if BOE in replay.corp_info and len(rows) > self.boe_row and rows[self.boe_row]:
            self.at[BOE] = (self.boe_row, 0)  # BOE_STARTING_PRICE, the first cell of its row

    # --- the market ---------------------------------------------------------------------------
    def _cell(self, r: int, c: int) -> tuple[int, str] | None:
        return self.rows[r][c] if 0 <= r < len(self.rows) and 0 <= c < len(self.rows[r]) else None

    def price(self, corp: str) -> int | None:
        where = self.at.get(corp)
        return None if where is None else self.rows[where[0]][where[1]][0]

    def prices(self) -> dict[str, int | None]:
        """Every open corporation's share price."""
        return {c: self.price(c) for c in self.at}

    def _down(self, r: int, c: int) -> tuple[int, int]:
        # G1848::StockMarket#down: not into the Bank of England's row, nor off the row's end
        if r + 1 < len(self.rows) and r + 1 != self.boe_row and self._cell(r + 1, c) is not None:
            return (r + 1, c)
        return (r, c)

    def left(self, corp: str, times: int = 1) -> None:
        for _ in range(times):
            r, c = self.at[corp]
            self.at[corp] = (r, c - 1) if c > 0 and self._cell(r, c - 1) is not None else self._down(r, c)

    def right(self, corp: str) -> None:
        r, c = self.at[corp]
        self.at[corp] = (max(r - 1, 0), c) if c + 1 >= len(self.rows[r]) else (r, c + 1)

    def down(self, corp: str) -> None:
        self.at[corp] = self._down(*self.at[corp])

    def up(self, corp: str) -> None:
        r, c = self.at[corp]
        self.at[corp] = (max(r - 1, 0), c)

    # --- the stock round ----------------------------------------------------------------------
    def shares(self, corp: str) -> list[int]:
        info = self.replay.corp_info.get(corp, {}).get("shares")
        return list(info) if isinstance(info, list) and info and all(isinstance(s, int) for s in info) else [20] + [10] * 8

    def par(self, corp: str, where: str) -> None:
        parts = str(where).split(",")
        if len(parts) == 3 and parts[1].strip().isdigit() and parts[2].strip().isdigit():
            r, c = int(parts[1]), int(parts[2])
            if self._cell(r, c) is not None:
                self.at[corp] = (r, c)
                self.par_price[corp] = self.rows[r][c][0]
                self.cash.setdefault(corp, 0)
        self.held.setdefault(corp, set()).add(0)

    def par_at(self, corp: str, price: int) -> None:
        """``stock_market.par_prices.find { |p| p.price == price }``: the par cell of that price."""
        cells = [(r, c) for r, row in enumerate(self.rows) for c, (p, kind) in enumerate(row) if p == price and "p" in kind]
        if cells:
            r, c = max(cells, key=lambda rc: (rc[1], rc[0]))  # par_prices sorted by [price, column, row], reversed
            self.par(corp, f"{price},{r},{c}")

    def player_buys(self, action: dict) -> None:
        for corp, certs in certificates(action.get("shares")).items():
            self.held.setdefault(corp, set()).update(certs)
            self._check_float(corp)

    def _check_float(self, corp: str) -> None:
        if corp in self.floated or corp not in self.at or not self.replay.floated(corp):
            return
        self.floated.add(corp)
        shares = self.shares(corp)
        total = sum(shares) // min(shares)  # Corporation#total_shares: 100 / share_percent
        self.cash[corp] = self.cash.get(corp, 0) + self.par_price.get(corp, 0) * total

    def player_sells(self, action: dict) -> None:
        for corp, certs in certificates(action.get("shares")).items():
            self.held.setdefault(corp, set()).difference_update(certs)
            if corp in self.at:
                self.down(corp)

    def stock_round_ends(self) -> None:
        for corp in sorted(self.at):
            if corp == BOE or corp not in self.floated:
                continue
            shares = self.shares(corp)
            if sum(shares[i] for i in self.held.get(corp, set()) if 0 <= i < len(shares)) >= 100:
                self.up(corp)

    # --- the operating round ------------------------------------------------------------------
    def operating_round_starts(self) -> None:
        """``payout_companies``: the revenue of each private a corporation owns."""
        replay = self.replay
        if replay.closing & set(replay.trains_bought):
            return  # the privates closed: those kept open pay nothing (event_close_companies!)
        for company in replay.title.companies:
            sym, revenue = company.get("sym"), company.get("revenue")
            owner = replay.owners.get(sym) if isinstance(sym, str) else None
            if owner in self.cash and isinstance(revenue, int) and sym not in replay.closed:
                self.cash[owner] += revenue

    def spend(self, corp: str | None, amount: int | None) -> None:
        if corp is None or corp not in self.cash:
            return
        if amount is None:
            self.lost.add(corp)
            return
        self.cash[corp] -= amount

    def take_loan(self, corp: str, emergency: bool = False) -> None:
        if corp not in self.at:
            return
        self.loans_left -= 1
        if corp in self.cash:
            self.cash[corp] += LOAN
        self.left(corp, EBUY_STEPS if emergency else LOAN_STEPS)
        if BOE in self.at:
            self.right(BOE)

    def _skip_dividend(self, corp: str) -> None:
        """The turn went past its dividend step without a ``dividend``: the step was skipped, a
        withhold of nothing (the price one step left)."""
        if not self.divided and corp in self.at:
            self.divided = True
            self.left(corp)

    TRACK = frozenset({"lay_tile", "place_token"})
    LATER = {"lay_tile": 1, "place_token": 1, "run_routes": 2, "dividend": 3, "buy_train": 4}

    def start_turn(self, corp: str, kind: str) -> None:
        later = max((self.LATER.get(k, 0) for k in self.turn_kinds), default=0)
        if corp == self.turn and self.LATER.get(kind, later) >= later:
            return
        self.end_turn()
        if corp in self.or_turns:
            self.or_turns = set()
            self.operating_round_starts()  # a corporation's second turn: a new operating round
        self.or_turns.add(corp)
        self.turn, self.turn_kinds, self.revenue, self.divided = corp, [], 0, False

    def end_turn(self) -> None:
        if self.turn is not None:
            self._skip_dividend(self.turn)
        self.turn, self.turn_kinds = None, []

    def operating(self, corp: str, action: dict, cost: int | None) -> None:
        """An action of the operating corporation (``cost``: what a lay or a token costs)."""
        kind = action["type"]
        if action.get("entity_type") != "company":  # a private's ability is used at any step of the turn
            self.start_turn(corp, kind)
        if kind in self.TRACK:
            self.spend(corp, cost)
        elif kind == "run_routes":
            routes = action.get("routes")
            if isinstance(routes, list) and all(isinstance(r, dict) and isinstance(r.get("revenue"), int) for r in routes):
                self.revenue = sum(r["revenue"] for r in routes)
            else:
                self.lost.add(corp)
                self.revenue = 0
            if self.revenue == 0:
                self._skip_dividend(corp)
        elif kind == "dividend":
            self.divided = True
            if action.get("kind") == "withhold":
                if corp in self.cash:
                    self.cash[corp] += self.revenue
                self.left(corp)
            elif self.revenue > 0:
                self.right(corp)
            else:
                self.left(corp)
        elif kind == "take_loan":
            if any(k in self.turn_kinds for k in ("lay_tile", "place_token", "pass")) and "run_routes" not in self.turn_kinds:
                if not self.trains_of(corp):
                    self._skip_dividend(corp)  # the loan came after a track step with nothing to run
            self.take_loan(corp)
        elif kind == "buy_company":
            price = action.get("price")
            self.spend(corp, price if isinstance(price, int) else None)
        elif kind == "pass" and "run_routes" not in self.turn_kinds and not self.trains_of(corp):
            self._skip_dividend(corp)  # the track step passed with nothing to run
        if action.get("entity_type") != "company":
            self.turn_kinds.append(kind)

    def trains_of(self, corp: str) -> list[str]:
        return [t for t, owner in self.train_owner.items() if owner == corp]

    def buys_train(self, corp: str, action: dict) -> bool:
        """``BuyTrain#buy_train_action``: False when the corporation's emergency loans close it
        instead (its price reached 0)."""
        self.start_turn(corp, "buy_train")
        if "run_routes" not in self.turn_kinds:
            self._skip_dividend(corp)
        price = action.get("price")
        if corp not in self.floated or corp not in self.cash or corp not in self.at or corp in self.lost \
                or not isinstance(price, int):
            return True
        remaining = price - self.cash[corp]
        while remaining > 0 and self.price(corp) != 0:
            if self.loans_left <= 0:
                r, _c = self.at[corp]
                self.at[corp] = (r, 0)  # no loans left: straight to receivership
                break
            self.take_loan(corp, emergency=True)
            remaining -= LOAN
        return self.price(corp) != 0

    def bought_train(self, corp: str | None, action: dict) -> None:
        train, price = action.get("train"), action.get("price")
        if not isinstance(train, str):
            return
        seller = self.train_owner.get(train)
        if seller is None:
            self.gone.add(train)
        elif seller in self.cash and isinstance(price, int):
            self.cash[seller] += price
        if corp is not None:
            self.train_owner[train] = corp
            self.spend(corp, price if isinstance(price, int) else None)
        self._rust(train)

    def _rust(self, train: str) -> None:
        """``rust_trains!`` on every purchase (and export) of a train: those it rusts leave."""
        name = train.rsplit("-", 1)[0]
        rusted = {str(t.get("name")) for t in self.replay.title.trains if str(t.get("rusts_on")) == name}
        for t in [t for t in self.train_owner if t.rsplit("-", 1)[0] in rusted]:
            del self.train_owner[t]

    def next_permanent(self) -> str | None:
        """``Depot#export!``'s train: the depot's first that never rusts, not a 2E."""
        for t in self.replay.title.trains:
            name, num = t.get("name"), t.get("num")
            if t.get("rusts_on") or str(name) == "2E" or not isinstance(num, int):
                continue
            for i in range(num):
                if f"{name}-{i}" not in self.gone:
                    return f"{name}-{i}"
        return None

    def closing(self) -> list[str]:
        """The corporations in the closing cell (``close_corporations_in_close_cell!``)."""
        out = [c for c in sorted(self.at) if c != BOE and "c" in self.rows[self.at[c][0]][self.at[c][1]][1]]
        for corp in out:
            del self.at[corp]
            self.floated.discard(corp)
            self.cash.pop(corp, None)
            for t in self.trains_of(corp):
                del self.train_owner[t]
            if self.turn == corp:
                self.turn, self.turn_kinds = None, []
        return out


class G1848(TitleSetup):
    """1848 (``lib/engine/game/g_1848``): COM's homes, the privates' closing and the economy."""

    def __init__(self) -> None:
        self.used: set[str] = set()  # privates whose abilities are used (Game#ability_used!)
        self.economy: Economy1848 | None = None
        self.cost: int | None = None  # what the action about to be applied costs its corporation

    @property
    def market(self) -> Economy1848 | None:
        """The share prices the import follows (the replay conformance compares them)."""
        return self.economy

    def cash(self, replay: GameReplay) -> dict[str, int]:
        eco = self.economy
        return {} if eco is None else {c: v for c, v in eco.cash.items() if c not in eco.lost and c in eco.floated}

    def start(self, replay: GameReplay) -> None:
        rows = market_rows(replay.title.constants.get("MARKET"))
        if rows:
            self.economy = Economy1848(replay, rows)

    def home(self, replay: GameReplay, company: str) -> bool:
        if company != "COM":
            return False
        # Game#place_home_token: COM's home tokens in Sydney and Adelaide, city 0, space or not
        if not replay.tokens_of("COM"):
            for label in ("F17", "G6"):
                if replay.scenario.board.grid.is_label(label):
                    replay.add_token(label, "COM", 0)
        return True

    def turn(self, replay: GameReplay, action: dict) -> None:
        """A company acting after the players ends the stock round and starts an operating round;
        a player acting after the companies ends the operating round."""
        eco = self.economy
        if eco is None or action.get("type") in CHAT:
            return
        kind = action.get("entity_type")
        if kind in ("corporation", "minor") and eco.in_stock:
            eco.in_stock = False
            eco.stock_round_ends()
            eco.or_turns = set()
            eco.operating_round_starts()
            self.close_corporations(replay)
        elif kind == "player" and not eco.in_stock and action.get("type") not in NOT_A_ROUND:
            eco.in_stock = True
            eco.end_turn()
            self.close_corporations(replay)
        company = action.get("entity")
        if kind in ("corporation", "minor") and not eco.in_stock and company in eco.at and company != BOE:
            eco.start_turn(company, str(action.get("type")))  # its turn (and an operating round) starts

    def before(self, replay: GameReplay, action: dict) -> None:
        self.cost = None
        if self.economy is None or action["type"] not in ("lay_tile", "place_token"):
            return
        company = replay._acting_company(action)
        if company is None or company not in self.economy.cash:
            return
        self.cost = cost_of(replay, action, company)

    def buys_train(self, replay: GameReplay, action: dict) -> bool:
        company = replay._acting_company(action)
        if self.economy is None or company is None or action.get("entity_type") not in ("corporation", "company"):
            return True
        buys = self.economy.buys_train(company, action)
        if not buys:
            self.close_corporations(replay)
        return buys

    def after(self, replay: GameReplay, action: dict) -> None:
        entity = action.get("entity")
        kind = action["type"]
        if action.get("entity_type") == "company" and kind in ("lay_tile", "buy_train") and isinstance(entity, str):
            # SpecialTrack / SpecialBuyTrain: the private's abilities are used (all removed); once
            # the privates' closing came, it closes at once
            self.used.add(entity)
            if any(replay.closing & {n} for n in replay.trains_bought):
                replay.closed.add(entity)
        eco = self.economy
        if eco is None:
            return
        if action.get("entity_type") == "player":
            if kind == "par" and isinstance(action.get("corporation"), str):
                eco.par(action["corporation"], action.get("share_price", ""))
            elif kind == "buy_shares":
                eco.player_buys(action)
            elif kind == "sell_shares":
                eco.player_sells(action)
            elif kind == "bid" and isinstance(action.get("company"), str):
                self.private_shares(replay, action["company"])
        else:
            company = replay._acting_company(action)
            if company is not None and company in eco.at and company != BOE and not eco.in_stock:
                if kind == "buy_train":
                    eco.bought_train(company, action)
                else:
                    eco.operating(company, action, self.cost)
        self.close_corporations(replay)

    def private_shares(self, replay: GameReplay, company: str) -> None:
        """``after_buy_company``: the shares a private carries go to its buyer (out of the IPO,
        towards the float); a president's certificate pars its corporation at 100."""
        eco = self.economy
        for a in replay.abilities.get(company, []):
            shares = a.get("shares")
            if a.get("type") != "shares" or eco is None:
                continue
            for corp, certs in certificates(shares).items():
                if 0 in certs:
                    eco.par_at(corp, 100)
                    replay.parred.add(corp)
                replay.sold.setdefault(corp, set()).update(certs)
                eco.held.setdefault(corp, set()).update(certs)

    def close_corporations(self, replay: GameReplay) -> None:
        """``G1848::Game#close_corporation`` of every corporation in the closing cell: its tokens
        become the Bank of England's, its privates close; the second and fifth closing export the
        depot's next permanent train."""
        eco = self.economy
        if eco is None:
            return
        for corp in eco.closing():
            replay.swap_tokens(corp, BOE)
            replay.closed |= {sym for sym, owner in replay.owners.items() if owner == corp}
            replay.parred.discard(corp)
            eco.closings += 1
            if eco.closings in (2, 5):
                train = eco.next_permanent()
                if train is not None:
                    eco.gone.add(train)
                    eco._rust(train)
                    replay.on_buy_train({"type": "buy_train", "train": train})

    def closes(self, replay: GameReplay, private: str) -> bool:
        # Game#event_close_companies: a private with an ability left unused (no_buy aside) stays
        # open at no revenue; a shares ability is used when the private is bought
        for a in replay.abilities.get(private, []):
            kind = a.get("type")
            if kind == "no_buy" or (kind == "shares" and private in replay.owners) or private in self.used:
                continue
            return False
        return True


__all__ = ["G1848", "Economy1848"]

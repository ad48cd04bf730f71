"""A recorded 18xx.games game as a scenario, at any action (``import --from 18xx-games-game``).

The title's map is imported as a map file is (:mod:`model.io.import_18xx_games`), from the
title's code in an engine checkout (:func:`model.io.game_log.find_engine`), never run, and its
phases, trains and companies are read (:mod:`model.io.title_data`). Then the
actions that stand after ``undo`` / ``redo`` (:func:`model.io.game_log.effective_actions`) are
applied in order, up to the chosen action:

* ``lay_tile``: the tile (``57-0`` is copy 0 of tile 57) at its rotation, made by the ``18xx``
  rule set's own move (tokens and reservations follow their track on an upgrade);
* ``place_token``: a station token of the company in the city the action names (``57-0-1``:
  city 1 of the tile copy ``57-0``, wherever that copy lies now);
* ``remove_token``: the token taken off; a tile with track and several cities laid where there
  was no track lifts the hex's tokens, which the ``place_token`` actions that follow place again
  (the engine's ``Tracker#update_token!``); a ``place_token`` with a ``tokener`` is that
  corporation's token, one with a ``token_type`` a token of that kind; a private's ability with
  ``neutral`` places a neutral token (the corporation ``N``); these moves, and the home tokens',
  are :mod:`model.io.replay_tokens`'s;
* ``auto_actions`` recorded in an action (programmed buys and passes) are applied after it;
* what a title does to the board in code (18EU's minors and neutral token ...): its adapter in
  :mod:`model.io.title_setup`;
* home tokens, placed where the title places them (the corporation's ``coordinates`` and
  ``city`` in its ``entities.rb``) and when (``HOME_TOKEN_TIMING``: ``:operate`` when the
  company first acts, ``:par`` when it is parred, ``:float`` and ``:operating_round`` at the
  start of the first operating round after it floated, counting the shares sold);
* ``buy_train``: the phase, from the trains bought and the title's ``PHASES`` (a phase starts
  when the first train it is ``on`` is bought); a train whose ``events`` close the private
  companies closes them;
* ``bid`` / ``buy_company``: the private companies' owners (the highest bid wins an auction; a
  company bought by a corporation belongs to it);
* the company about to act (the next action's company), and the lays of its turn so far (a
  lay by a private company's ability is marked with the private). A player's private used
  after the operating company's last action of its own, with no action of that company after
  it, belongs to the next company's turn (the engine ends a turn when its last step is done:
  the private acted for the company operating next).

The tile supply left is what the board leaves of the manifest. What the log does not give
without running the game's economy is left unset and listed in :data:`UNSET`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from model.changes import TrackedDict
from model.io.game_log import (
    CHAT,
    GameLog,
    GameLogError,
    certificates,
    effective_actions,
    find_engine,
    map_file,
    read_game,
    title_folder,
)
from model.io.replay_tokens import TokenMoves
from model.io.title_code_play import title_play
from model.io.title_data import TitleData, companies_of, play_of, read_title
from model.io.title_setup import title_setup
from model.scenario import Company, LaidThisTurn, Player, PrivateCompany, Scenario, TileLay

UNSET = "cash of the companies and players, share prices and holdings, trains owned, revenue and dividends"
"""What a scenario made from a game leaves unset (it needs the game's economy), in one line."""
UNSET_CASH_FOLLOWED = "cash of the players, share prices and holdings, trains owned, revenue and dividends"
"""The same for a title whose corporations' cash the import follows (1848): their treasuries are set."""

OPERATING_STEPS = frozenset({"pass", "run_routes", "dividend", "buy_train", "discard_train", "scrap_train"})
"""Actions after a company's track step (a pass ends the step): a lay by the same company after
one of them starts a new turn."""


class GameReplay(TokenMoves):
    """Applies a game's actions one by one to the imported map (see the module's text); the
    moves of the tokens (homes, ``place_token``, ``remove_token``) are :class:`TokenMoves`'."""

    def __init__(self, base: Scenario, title: TitleData, log: GameLog) -> None:
        from model.rules import get_rule_set

        self.log = log
        self.title = title
        self.rules = get_rule_set(base.rules.id)
        companies = companies_of(title)
        known = {c.id for c in base.companies}
        companies = [*base.companies, *[c for c in companies if c.id not in known]]
        players = [Player(id=name, name=name) for name in dict.fromkeys(log.players.values())]
        play, self.notes = play_of(title, base.play)
        self.scenario = base.model_copy(update={"companies": companies, "players": players, "play": play})
        self.base_privates = {p.id: p for p in base.state.privates}
        self.company_ids = {c.id for c in companies}
        self.corp_info = {c["sym"]: c for c in [*title.corporations, *title.minors] if isinstance(c.get("sym"), str)}
        # Game::Base#init_companies: a company with more min_players than the game has is not in it
        players_n = len(set(log.players.values()))
        self.not_in_game = {c["sym"] for c in title.companies if isinstance(c.get("sym"), str)
                            and isinstance(c.get("min_players"), int) and c["min_players"] > players_n}
        self.private_names = {c["sym"]: c.get("name") for c in title.companies
                              if isinstance(c.get("sym"), str) and c["sym"] not in self.not_in_game}
        self.company_info = {c["sym"]: c for c in title.companies if isinstance(c.get("sym"), str)}
        self.abilities = {sym: [a for a in c.get("abilities") or [] if isinstance(a, dict)] for sym, c in self.company_info.items()}
        # a private that closes when a corporation buys its first train (1830's B&O)
        self.close_on_train = {sym: a["corporation"] for sym, abilities in self.abilities.items() for a in abilities
                               if a.get("type") == "close" and a.get("when") == "bought_train" and isinstance(a.get("corporation"), str)}
        # a private that closes when a corporation first runs a train (1844's P6)
        self.close_on_run = {sym: a["corporation"] for sym, abilities in self.abilities.items() for a in abilities
                             if a.get("type") == "close" and a.get("when") == "ran_train" and isinstance(a.get("corporation"), str)}
        self.ran: set[str] = set()  # companies whose last run_routes ran a route
        self.triggers = title.phase_triggers()
        self.closing = title.closing_trains()
        self.phase_index = 0
        self.tile_hex: dict[str, str] = {}  # engine tile id (57-0) -> hex label
        self.owners: dict[str, str] = {}
        self.best_bid: dict[str, int] = {}
        self.closed: set[str] = set()
        self.ability_left: dict[str, int] = {}  # private -> uses left of its counted ability
        self.trains_bought: list[str] = []
        self.sold: dict[str, set[int]] = {}  # corporation -> certificate indexes sold from its IPO
        self.parred: set[str] = set()
        self.homed: set[str] = set()
        self.auto_home: dict[str, str] = {}  # company -> hex of the home token placed for it
        self.lifted: list[tuple[str, str]] = []  # (hex, company): tokens a lay lifted, to place again
        self.acted: set[str] = set()
        self.in_operating = False
        self.turn_entity: str | None = None
        self.turn_steps: set[str] = set()
        self.laid: list[LaidThisTurn] = []
        self.tail: list[LaidThisTurn] = []  # a player's private's lays since the turn's company last acted itself
        self.last_entity: str | None = None
        self.prepared: dict | None = None  # the action :meth:`before` last prepared for
        self.applied = 0
        self.setup = title_setup(log.title)
        self.play_code = title_play(log.title)
        self.setup.start(self)

    # --- helpers --------------------------------------------------------------------------
    def fail(self, action: dict, message: str) -> GameLogError:
        return GameLogError(f"{self.log.file}: action {action.get('id')} ({action.get('type')}): {message}")

    def player_name(self, pid: Any) -> str:
        return self.log.players.get(pid, str(pid))

    def phase_name(self) -> str | None:
        phases = self.scenario.play.phases
        if phases:
            return phases[min(self.phase_index, len(phases) - 1)].name
        if not self.title.phases:
            return None
        return str(self.title.phases[self.phase_index].get("name"))

    def _acting_company(self, action: dict) -> str | None:
        kind = action.get("entity_type")
        entity = action.get("entity")
        if kind in ("corporation", "minor") and isinstance(entity, str) and entity:
            if entity not in self.company_ids:
                self._add_company(entity)
            return str(entity)
        if kind == "company" and entity in self.owners and self.owners[entity] in self.company_ids:
            return self.owners[entity]
        if kind == "company" and entity in self.owners and self.in_operating:
            # a private owned by a player, used in an operating round (``when: owning_player_track``):
            # it acts for the corporation operating (SpecialTrack: ``@game.current_entity``; its
            # token is that corporation's, ``teleport_tokener``)
            return self.last_entity
        return None

    def _add_company(self, sym: str) -> None:
        """A company the title's code makes (not a constant we read): it acts in the log, so it
        exists; its home is unknown (its tokens come from the log's place_token)."""
        self.company_ids.add(sym)
        self.homed.add(sym)
        self.scenario = self.scenario.model_copy(update={"companies": [*self.scenario.companies, Company(id=sym)]})
        note = f"company {sym} is not in the title's CORPORATIONS or MINORS (the title makes it in code): no home token"
        if note not in self.notes:
            self.notes.append(note)

    # --- the economy (what the home tokens' timing asks) --------------------------------
    def floated(self, sym: str) -> bool:
        info = self.corp_info.get(sym, {})
        shares = info.get("shares")
        if not isinstance(shares, list) or not all(isinstance(s, int) for s in shares):
            shares = [20] + [10] * 8
        fp = info.get("float_percent", self.title.float_percent)
        sold = self.sold.get(sym, set())
        return sym in self.parred and sum(shares[i] for i in sold if 0 <= i < len(shares)) >= (fp if isinstance(fp, int) else 60)

    # --- one action ------------------------------------------------------------------------
    def before(self, action: dict) -> None:
        """What the game does before this action can be taken: an operating round starts (home
        tokens of the floated companies), a company starts its first turn (its home token).
        Asked again for the same action (the caller asked before applying it), it does nothing."""
        if action is self.prepared:
            return
        self.prepared = action
        entity_type = action.get("entity_type")
        company = self._acting_company(action)
        if action.get("type") == "lay_tile" and company == self.turn_entity and self.turn_steps & OPERATING_STEPS:
            self._turn(company, "lay_tile")  # the company's next turn starts before its first lay
        self.setup.turn(self, action)
        if entity_type in ("corporation", "minor") and company is not None:
            if not self.in_operating:
                self.in_operating = True
                self.operating_round_starts()
            if company not in self.acted:
                self.acted.add(company)
                if self.title.home_token_timing == "operate":
                    self.place_home(company)
        elif entity_type == "player" and action.get("type") not in CHAT:  # a chat line is no one's turn
            self.in_operating = False
            self.turn_entity, self.turn_steps, self.laid, self.tail = None, set(), [], []
        self.play_code.starting(self, action)

    def apply(self, action: dict) -> None:
        self._apply_one(action)
        self.applied += 1

    def _apply_one(self, action: dict) -> None:
        """One action, then the actions the site took automatically after it (``auto_actions``:
        the programmed buys and passes it records in the action that set them off)."""
        kind = action["type"]
        company = self._acting_company(action)
        self.before(action)
        self.setup.before(self, action)
        handler = getattr(self, "on_" + kind, None)
        if handler is not None:
            handler(action)
        self.setup.after(self, action)
        self.play_code.after(self, action)
        if company is not None:
            self.last_entity = company
        if action.get("entity_type") in ("corporation", "minor"):
            self.tail = []  # the company acted after the private: the private's lays were its own turn's
        for sub in action.get("auto_actions") or []:
            if isinstance(sub, dict) and isinstance(sub.get("type"), str):
                self._apply_one({**sub, "id": action.get("id")})

    def _turn(self, company: str | None, kind: str) -> None:
        """Keep the acting company's turn: a new company, or a lay after its later steps, starts one."""
        if company is None:
            return
        if company != self.turn_entity or (kind == "lay_tile" and self.turn_steps & OPERATING_STEPS):
            self.turn_entity = company
            self.turn_steps = set()
            # a player's private's lays since the last company's own last action are the new turn's
            self.laid, self.tail = self.tail, []
        self.turn_steps.add(kind)
        if kind != "place_token":
            # the home city is chosen (HomeToken) before anything else the company does
            self.auto_home.pop(company, None)

    def on_lay_tile(self, action: dict) -> None:
        from model.rules import Move

        label, tile_ref, rotation = action.get("hex"), action.get("tile"), action.get("rotation", 0)
        if not isinstance(label, str) or not isinstance(tile_ref, str):
            raise self.fail(action, "a lay needs 'hex' and 'tile'")
        name = tile_ref.rsplit("-", 1)[0] if "-" in tile_ref else tile_ref
        cell = self._cell(label, action)
        if self.scenario.tile(name) is None:
            raise self.fail(action, f"tile {name!r} is not in the {self.log.title} tile manifest")
        if not isinstance(rotation, int) or not 0 <= rotation < self.scenario.board.grid.sides:
            raise self.fail(action, f"rotation {rotation!r} is not 0-{self.scenario.board.grid.sides - 1}")
        if not self.setup.lays_tile(self, action):
            return
        company = self._acting_company(action)
        self._turn(company, "lay_tile")
        old = next((t for t, h in self.tile_hex.items() if h == label), None)
        if old is not None:
            del self.tile_hex[old]
        self.tile_hex[tile_ref] = label
        upgrade = cell.tile is not None or cell.color not in (None, "white")  # the engine's track_upgrade?
        kind = "upgrade" if upgrade else "lay"
        move = Move(kind, label, name, rotation, actor=company, phase=self.phase_name())
        try:
            after = self.rules.apply(self.scenario, move, check=False)
        except (ValueError, KeyError) as exc:
            raise self.fail(action, str(exc)) from None
        before = self.scenario
        self.scenario = after.model_copy(update={"state": self.scenario.state, "companies": self.scenario.companies})
        self._lift_tokens(before, label, name)
        self.setup.laid(self, before, label)
        private = str(action.get("entity")) if action.get("entity_type") == "company" else None
        entry = LaidThisTurn(cell=label, tile=name, phase=self.phase_name(), private=private, upgrade=upgrade)
        self.laid.append(entry)
        if private is not None and self.in_operating and self.owners.get(private) not in self.company_ids:
            self.tail.append(entry)  # a player's private in an operating round: whose turn shows when a company acts next

    def place_tile(self, label: str, name: str, rotation: int = 0) -> None:
        """A tile the title lays in code (not a player's lay): on the map, no turn's lay."""
        from model.rules import Move

        cell = self.scenario.board.cell_at_label(label)
        kind = "upgrade" if cell.tile is not None or cell.color not in (None, "white") else "lay"
        after = self.rules.apply(self.scenario, Move(kind, label, name, rotation, phase=self.phase_name()), check=False)
        self.scenario = after.model_copy(update={"state": self.scenario.state, "companies": self.scenario.companies})

    def on_par(self, action: dict) -> None:
        sym = action.get("corporation")
        if isinstance(sym, str):
            self.parred.add(sym)
            self.sold.setdefault(sym, set()).add(0)
            if self.title.home_token_timing == "par":
                self.place_home(sym)

    def on_buy_shares(self, action: dict) -> None:
        for sym, certs in certificates(action.get("shares")).items():
            self.sold.setdefault(sym, set()).update(certs)

    def on_bid(self, action: dict) -> None:
        target = action.get("company") or action.get("minor") or action.get("corporation")
        price = action.get("price", 0)
        if isinstance(target, str) and target in self.private_names and action.get("entity_type") == "player":
            if price >= self.best_bid.get(target, -1) or target not in self.owners:
                if price >= self.best_bid.get(target, -1):
                    self.best_bid[target] = price
                    self.owners[target] = self.player_name(action.get("entity"))

    def on_buy_company(self, action: dict) -> None:
        target = action.get("company")
        if isinstance(target, str):
            owner = action.get("entity")
            self.owners[target] = str(owner) if action.get("entity_type") != "player" else self.player_name(owner)

    def on_buy_train(self, action: dict) -> None:
        company = self._acting_company(action)
        self._turn(company, "buy_train")
        train = action.get("train")
        if not isinstance(train, str) or not self.setup.buys_train(self, action):
            return
        if action.get("entity_type") == "company":
            self._train_discount_used(str(action.get("entity")), train, action)
        names = {train.rsplit("-", 1)[0] if "-" in train else train}
        if isinstance(action.get("variant"), str):
            names.add(action["variant"])
        self.trains_bought.extend(sorted(names))
        was = self.phase_index
        for i, trig in enumerate(self.triggers):
            if i > self.phase_index and trig & names:
                self.phase_index = i
        if self.phase_index != was:
            # Phase#next!: a private whose close ability names the phase closes
            started = {str(p.get("name")) for p in self.title.phases[was + 1:self.phase_index + 1]}
            self.closed |= {sym for sym, abilities in self.abilities.items()
                            if any(a.get("type") == "close" and str(a.get("on_phase")) in started for a in abilities)}
        if names & self.closing:
            self.closed |= {sym for sym in self.private_names if not self._never_closes(sym) and self.setup.closes(self, sym)}
        if company is not None:
            self.closed |= {sym for sym, corp in self.close_on_train.items() if corp == company}

    def _train_discount_used(self, sym: str, train: str, action: dict) -> None:
        """``SpecialBuyTrain#process_buy_train``: a train bought through a private's
        ``train_discount`` uses it when the price is the discounted one; a private whose last use
        this is and that closes when used up closes."""
        name = train.rsplit("-", 1)[0]
        for a in self.abilities.get(sym, []):
            if a.get("type") != "train_discount" or (a.get("trains") and name not in a["trains"]):
                continue
            count = self.ability_left.get(sym, a.get("count"))
            if isinstance(count, int) and count - 1 == 0 and a.get("closed_when_used_up"):
                self.closed.add(sym)
            price = next((t.get("price") for t in self.title.trains if t.get("name") == name), None)
            discount = a.get("discount")
            if isinstance(count, int) and isinstance(price, int) and isinstance(discount, int) and \
                    action.get("price") == price - discount:
                self.ability_left[sym] = count - 1
            return

    def on_pass(self, action: dict) -> None:
        self._turn(self._acting_company(action), "pass")

    def _never_closes(self, sym: str) -> bool:
        """``Game::Base#event_close_companies!``: a private whose close ability names ``never``, or
        a phase still to come, stays open when the privates close."""
        future = {str(p.get("name")) for p in self.title.phases[self.phase_index + 1:]}
        return any(a.get("type") == "close" and (a.get("on_phase") == "never" or str(a.get("on_phase")) in future)
                   for a in self.abilities.get(sym, []))

    def on_run_routes(self, action: dict) -> None:
        company = self._acting_company(action)
        self._turn(company, "run_routes")
        if company is not None:
            (self.ran.add if action.get("routes") else self.ran.discard)(company)

    def on_dividend(self, action: dict) -> None:
        company = self._acting_company(action)
        self._turn(company, "dividend")
        # Dividend#process_dividend: close_companies_on_event!(entity, 'ran_train') unless no route ran
        if company in self.ran:
            self.closed |= {sym for sym, corp in self.close_on_run.items() if corp == company}

    # --- the scenario ---------------------------------------------------------------------
    def privates(self) -> list[PrivateCompany]:
        out = []
        players = set(self.log.players.values())
        # Game::Base#after_buy_company: a player buying a company with an acquire_company ability
        # receives that company too
        comes_with = {a["company"]: sym for sym, abilities in self.abilities.items() for a in abilities
                      if a.get("type") == "acquire_company" and isinstance(a.get("company"), str)}
        for sym, name in self.private_names.items():
            known = self.base_privates.get(sym)  # as imported with the map: keeps its abilities
            owner = self.owners.get(sym)
            if owner is None and self.owners.get(comes_with.get(sym, "")) in players:
                owner = self.owners[comes_with[sym]]
            fields = {"owner": owner, "used": sym in self.closed}
            if known is not None:
                out.append(known.model_copy(update=fields))
            else:
                out.append(PrivateCompany(id=sym, name=name if isinstance(name, str) else None, **fields))
        out += [p for sym, p in self.base_privates.items() if sym not in self.private_names and sym not in self.not_in_game]
        return out

    def result(self, active: str | None) -> Scenario:
        """The scenario now, with ``active`` about to act (its turn's lays so far)."""
        if active is not None and active == self.turn_entity:
            laid = self.laid
        else:
            laid = self.tail if active is not None else []
        state = self.scenario.state.model_copy(update={
            "active": active, "game_phase": self.phase_name(), "laid": list(laid), "privates": self.privates(),
        })
        companies = []
        cash = self.setup.cash(self)
        for c in self.scenario.companies:
            if c.id in cash:
                c = c.model_copy(update={"treasury": cash[c.id]})
            lays = self.play_code.tile_lays(self, c.id)
            if lays is not None:
                keys = set(TileLay.model_fields)
                c = c.model_copy(update={"tile_lays": [TileLay.model_validate({k: v for k, v in e.items() if k in keys})
                                                       for e in lays]})
            companies.append(c)
        return self.scenario.model_copy(update={"state": state, "companies": companies})


def acting_after(log: GameLog, actions: list[dict], replay: GameReplay, index: int) -> str | None:
    """The company about to act after ``actions[:index]``: the company of the next action, else the last."""
    for a in actions[index:]:
        company = replay._acting_company(a)
        if company is not None:
            return company
        if a.get("entity_type") == "player":
            break
    return replay.last_entity


@dataclass
class ImportedGame:
    scenario: Scenario
    title: str
    action: int | None
    applied: int
    warnings: list[str] = field(default_factory=list)
    unset: str = UNSET


def base_scenario(log: GameLog, engine: Path | None) -> tuple[Scenario, TitleData, list[str]]:
    """The title's map, imported as a map file is, and the title's data."""
    from model.io.import_18xx_games import ImportError18xx, import_18xx_games

    if engine is None:
        raise GameLogError(f"{log.file}: no 18xx.games engine checkout to read the title {log.title!r} from "
                           "(set T18XX_DIR to a checkout of tobymao/18xx, or keep the game file inside one)")
    folder = title_folder(log.title, engine)
    if folder is None:
        raise GameLogError(f"{log.file}: title: {log.title[:60]!r} is not a title of the engine checkout at {engine}")
    mf = map_file(folder)
    if mf is None:
        raise GameLogError(f"{log.file}: title {log.title!r}: no map file in {folder.name} (the title builds its map in code)")
    setup = title_setup(log.title)
    try:
        result = import_18xx_games(mf.read_text(encoding="utf-8"), str(mf), path=mf, lenient=True,
                                   hexes=setup.constants(log).get("HEXES"))
    except ImportError18xx as exc:
        raise GameLogError(f"{log.file}: the map of {log.title} cannot be imported: {exc}") from None
    read = read_title(folder, setup.constants(log))
    title = setup.title_data(folder, read)
    base = result.scenario
    if title is not read:
        # the title makes its corporations in code: their homes are the title's, not the constants'
        made = {c.id: c for c in companies_of(title)}
        base = base.model_copy(update={"companies": [
            c.model_copy(update={"home": made[c.id].home, "home_city": made[c.id].home_city}) if c.id in made else c
            for c in base.companies]})
    if title.companies != read.companies:  # the title makes its privates in code (game_companies)
        from model.io.title_play import privates

        made = privates(title.companies, base.board.grid.is_label, title.notes)
        base = base.model_copy(update={"state": base.state.model_copy(update={"privates": made})})
    # a game of a title imported before lends this one its tile supply when they are equal, with
    # its built tile set: the same tile objects, so what the rules derived from them is found again
    # (only the supply: taking the rules and cells too, as share_parts does, measured slower)
    key = (log.title, str(folder))
    like = _SUPPLIES.pop(key, None)
    if like is not None and like.tiles is not base.tiles and like.tiles == base.tiles:
        base = base.model_copy(update={"tiles": like.tiles})
        base.share_tileset(like)
    _SUPPLIES[key] = base
    while len(_SUPPLIES) > 4:
        del _SUPPLIES[next(iter(_SUPPLIES))]
    return base, title, list(result.warnings) + title.notes


_SUPPLIES: dict[tuple[str, str], Scenario] = {}
"""The last game's map of each of the few titles imported most recently (``base_scenario``)."""


def share_parts(scenario: Scenario, like: Scenario | None) -> Scenario:
    """``scenario`` with the parts equal to ``like``'s taken from ``like``: the rules, the tile
    supply with its built tile set, the play, and each cell equal to ``like``'s at its hex. A game
    replayed again (after an undo, or to show another of its moves) then shows its hexes by the
    objects the earlier replay made, and what the rules derived from them (kept by identity:
    views, static verdicts, the static map) is found again instead of computed anew."""
    if like is None:
        return scenario
    update: dict = {part: getattr(like, part) for part in ("rules", "tiles", "play")
                    if getattr(scenario, part) is not getattr(like, part) and getattr(scenario, part) == getattr(like, part)}
    cells, old, shared = {}, like.board.cells, False
    for label, cell in scenario.board.cells.items():
        was = old.get(label)
        if was is not None and was is not cell and was == cell:
            cell, shared = was, True
        cells[label] = cell
    if shared:
        update["board"] = scenario.board.model_copy(update={"cells": TrackedDict(cells)})
    if not update:
        return scenario
    out = scenario.model_copy(update=update)
    if "tiles" in update:
        out.share_tileset(like)
    return out


def replay_to(log: GameLog, base: Scenario, title: TitleData, action_id: int | None) -> tuple[Scenario, int]:
    """The scenario after the actions up to ``action_id`` (default: the last), undo/redo followed."""
    upto = len(log.actions) if action_id is None else log.index_of(action_id) + 1
    actions = effective_actions(log.actions[:upto])
    replay = GameReplay(base, title, log)
    for a in actions:
        replay.apply(a)
    rest = [a for a in log.actions[upto:] if a["type"] not in ("undo", "redo", "message")][:1]
    if rest:
        replay.before(rest[0])
    active = acting_after(log, rest, replay, 0) if rest else replay.last_entity
    replay.scenario = replay.scenario.model_copy(update={"play": replay.scenario.play.model_copy(
        update={"not_held": [*replay.scenario.play.not_held, *[n for n in replay.notes if n not in replay.scenario.play.not_held]]})})
    return replay.result(active), replay.applied


def import_game(text: str, file: str, action_id: int | None = None, engine: str | Path | None = None) -> ImportedGame:
    """Read a game export and build the scenario at ``action_id``; GameLogError names the problem."""
    log = read_game(text, file)
    base, title, warnings = base_scenario(log, find_engine(file, engine))
    if action_id is not None:
        log.index_of(action_id)
    scenario, applied = replay_to(log, base, title, action_id)
    at = action_id if action_id is not None else (log.actions[-1]["id"] if log.actions else None)
    unset = UNSET_CASH_FOLLOWED if any(c.treasury is not None for c in scenario.companies) else UNSET
    desc = f"{log.title}, game {log.game_id}, after action {at}. Left unset: {unset}."
    scenario = scenario.model_copy(update={"meta": scenario.meta.model_copy(update={"description": desc})})
    return ImportedGame(scenario, log.title, at, applied, warnings, unset)


@dataclass
class NextLays:
    """A position and the acting company's next lays in the game as it stood (undo followed)."""

    before: Scenario
    after: Scenario
    actor: str
    tiles: list[str]
    turns: int
    lays_per_turn: int


def next_lays(log: GameLog, base: Scenario, title: TitleData, action_id: int | None, count: int) -> NextLays:
    """The position after ``action_id`` (default: before the first action) and the scenario after
    the acting company's next ``count`` lays of the recorded game; GameLogError when it lays none."""
    acts = effective_actions(log.actions)
    if action_id is not None:
        log.index_of(action_id)
    replay = GameReplay(base, title, log)
    i = 0
    while i < len(acts) and action_id is not None and acts[i]["id"] <= action_id:
        replay.apply(acts[i])
        i += 1
    if i < len(acts):
        replay.before(acts[i])
    actor = acting_after(log, acts[i:], replay, 0)
    if actor is None:
        raise GameLogError(f"{log.file}: no company acts after action {action_id}")
    before = replay.result(actor)
    tiles: list[str] = []
    turns, best = 0, 0
    turn_of = None
    while i < len(acts) and len(tiles) < count:
        a = acts[i]
        replay.apply(a)
        i += 1
        if a["type"] == "lay_tile" and replay._acting_company(a) == actor and a.get("entity_type") != "company":
            if replay.laid is not turn_of:  # a turn starts with a new list of its lays
                turns += 1
                turn_of = replay.laid
            best = max(best, len([e for e in replay.laid if e.private is None]))
            tiles.append(replay.laid[-1].tile)
    if not tiles:
        raise GameLogError(f"{log.file}: {actor} lays no tile after action {action_id}")
    return NextLays(before, replay.result(actor), actor, tiles, max(turns, 1), max(best, 1))


def action_text(action: dict) -> str:
    """One line for a move list: ``22 KO lay J3 8 r3``."""
    kind, who = action["type"], action.get("entity")
    if kind == "lay_tile":
        tile = str(action.get("tile", "")).rsplit("-", 1)[0]
        what = f"lay {action.get('hex')} {tile} r{action.get('rotation', 0)}"
    elif kind == "place_token":
        what = f"token {action.get('city')}"
    elif kind == "buy_train":
        what = f"buys train {str(action.get('train', '')).rsplit('-', 1)[0]}"
    elif kind in ("par", "buy_company", "bid"):
        what = f"{kind.replace('_', ' ')} {action.get('corporation') or action.get('company') or ''}".rstrip()
    else:
        what = kind.replace("_", " ")
    return f"{action['id']} {who} {what}"


class GameSession:
    """A recorded game opened once (its map imported, its title read), for stepping through it:
    the effective actions (undo and redo followed), the scenario after any of them, the acting
    company's next lays from any position. The editor's Game panel holds one."""

    def __init__(self, path: str | Path, engine: str | Path | None = None) -> None:
        from model.io.import_files import read_text

        self.path = Path(path)
        self.log = read_game(read_text(self.path, "18xx-games-game"), str(self.path))
        self.base, self.title, self.warnings = base_scenario(self.log, find_engine(self.path, engine))
        self.actions = effective_actions(self.log.actions)
        self._shown: Scenario | None = None  # the scenario last shown (at)

    def at(self, action_id: int | None) -> Scenario:
        """The scenario after ``action_id`` (None: before the first action)."""
        if action_id is None:
            replay = GameReplay(self.base, self.title, self.log)
            if self.actions:
                replay.before(self.actions[0])
            return replay.result(acting_after(self.log, self.actions, replay, 0))
        scenario = share_parts(replay_to(self.log, self.base, self.title, action_id)[0], self._shown)
        self._shown = scenario  # the next move shown shares what it can with this one
        return scenario

    def next_lays(self, action_id: int | None, lays: int) -> NextLays:
        """The position after ``action_id`` and the acting company's next ``lays`` lays (for a
        puzzle from this position: :func:`model.puzzles.from_position.puzzle_from_position`)."""
        return next_lays(self.log, self.base, self.title, action_id, lays)


__all__ = ["GameReplay", "GameSession", "ImportedGame", "NextLays", "action_text", "next_lays", "UNSET", "base_scenario", "import_game",
           "replay_to", "share_parts"]

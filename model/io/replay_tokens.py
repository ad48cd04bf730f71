"""The game replay's token moves (:class:`model.io.import_18xx_game.GameReplay`): the station
tokens on the board as the recorded actions place, move and take them off, and the home tokens,
where and when the title places them (see :mod:`model.io.import_18xx_game`'s text).

:class:`TokenMoves` is the part of the replay that changes the board's tokens; the replay (the
action loop: turns, lays, phases, owners) inherits it, and the title adapters
(:mod:`model.io.title_setup`) call its moves on the replay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from model.board import TOKEN_KINDS

if TYPE_CHECKING:
    from model.io.game_log import GameLog, GameLogError
    from model.io.title_data import TitleData
    from model.io.title_hooks import TitleSetup
    from model.scenario import Scenario


class TokenMoves:
    """The board's cells and the tokens on them, as the replay moves them (a part of
    :class:`model.io.import_18xx_game.GameReplay`, which keeps the state named here)."""

    scenario: Scenario
    log: GameLog
    title: TitleData
    setup: TitleSetup
    company_ids: set[str]
    corp_info: dict[str, dict]
    abilities: dict[str, list[dict]]
    tile_hex: dict[str, str]
    parred: set[str]
    homed: set[str]
    auto_home: dict[str, str]
    lifted: list[tuple[str, str]]

    if TYPE_CHECKING:  # what the action loop provides
        def fail(self, action: dict, message: str) -> GameLogError: ...
        def floated(self, sym: str) -> bool: ...
        def _acting_company(self, action: dict) -> str | None: ...
        def _add_company(self, sym: str) -> None: ...
        def _turn(self, company: str | None, kind: str) -> None: ...

    # --- the board's cells --------------------------------------------------------------------
    def _cell(self, label: str, action: dict):
        grid = self.scenario.board.grid
        if not grid.is_label(label):
            raise self.fail(action, f"hex {label!r} is not on the {self.log.title} map")
        return self.scenario.board.cell_at_label(label)

    def set_cell(self, label: str, cell) -> None:
        """Put ``cell`` on the replayed board at ``label`` (the adapters' way to change a hex)."""
        board = self.scenario.board
        self.scenario = self.scenario.model_copy(update={"board": board.model_copy(update={"cells": {**board.cells, label: cell}})})

    # --- homes -----------------------------------------------------------------------------
    def place_home(self, company_id: str) -> None:
        """The company's home token, where the title places it (nothing when it has a token)."""
        if company_id in self.homed:
            return
        self.homed.add(company_id)
        if self.setup.home(self, company_id):
            return
        company = self.scenario.company(company_id)
        if company is None or company.home is None or not self.scenario.board.grid.is_label(company.home):
            return
        if any(t.company == company_id for cell in self.scenario.board.cells.values() for t in cell.tokens):
            return
        from model.board import Token

        cell = self.scenario.board.cell_at_label(company.home)
        k = company.home_city or 0
        city = cell.tile.city_of_printed(k) if cell.tile is not None else k
        self.set_cell(company.home, cell.model_copy(update={"tokens": [*cell.tokens, Token(company=company_id, city=city)]}))
        self.auto_home[company_id] = company.home

    def operating_round_starts(self) -> None:
        if self.title.home_token_timing in ("float", "operating_round", "par"):
            for sym in self.corp_info:
                if sym in self.parred and (self.title.home_token_timing == "par" or self.floated(sym)):
                    self.place_home(sym)

    # --- station tokens placed, moved, taken off ----------------------------------------
    def _lift_tokens(self, before: Scenario, label: str, tile: str) -> None:
        """The engine's ``Tracker#update_token!``: a tile with track and several cities laid where
        there was no track lifts the hex's tokens off, and each owner places its token again in
        the city it chooses: the ``place_token`` actions that follow, by the company that laid,
        place the lifted tokens in turn (``HomeToken``: the first pending token's owner)."""
        from model.rules.eighteen_xx.hexmap import current_view

        tdef = self.scenario.tile(tile)
        cell = self.scenario.board.cell_at_label(label)
        if tdef is None or sum(n.kind == "city" for n in tdef.nodes) < 2 or not tdef.paths or not cell.tokens:
            return
        if current_view(before, before.board.cell_at_label(label)).paths:
            return
        self.lifted += [(label, t.company) for t in sorted(cell.tokens, key=lambda t: t.city)]
        self.set_cell(label, cell.model_copy(update={"tokens": []}))

    def city_at(self, ref: Any, action: dict) -> tuple[str, int]:
        """The hex and city index of an engine city id (``57-0-1``: city 1 of the tile copy
        ``57-0``, wherever that copy lies now; ``G2-0-0``: city 0 of the hex's printed tile)."""
        if not isinstance(ref, str) or "-" not in ref:
            raise self.fail(action, "a token needs 'city' (e.g. 57-0-0)")
        tile_id, _, index = ref.rpartition("-")
        if not index.isdigit():
            raise self.fail(action, f"city {ref!r} is not TILE-COPY-CITY")
        label = self.tile_hex.get(tile_id)
        if label is None:
            printed = tile_id.rsplit("-", 1)[0]
            if self.scenario.board.grid.is_label(printed):
                label = printed
        if label is None:
            raise self.fail(action, f"city {ref!r}: the tile {tile_id} is not on the map")
        self._cell(label, action)
        return label, int(index)

    def add_token(self, label: str, company: str, city: int, kind: str = "normal") -> None:
        from model.board import Token

        cell = self.scenario.board.cell_at_label(label)
        self.set_cell(label, cell.model_copy(update={"tokens": [*cell.tokens, Token(company=company, city=city, kind=kind)]}))

    def remove_tokens(self, company: str, label: str | None = None, city: int | None = None) -> list[tuple[str, int]]:
        """Take the company's tokens off the board (only in that hex / city when given); where they were."""
        removed = []
        for at, cell in list(self.scenario.board.cells.items()):
            if label is not None and at != label:
                continue
            keep = [t for t in cell.tokens if not (t.company == company and (city is None or t.city == city))]
            if len(keep) != len(cell.tokens):
                removed += [(at, t.city) for t in cell.tokens if t not in keep]
                self.set_cell(at, cell.model_copy(update={"tokens": keep}))
        return removed

    def swap_tokens(self, company: str, to: str) -> None:
        """Every token of the company becomes ``to``'s, in its place (``Token#swap!``)."""
        for at, cell in list(self.scenario.board.cells.items()):
            if any(t.company == company for t in cell.tokens):
                tokens = [t.model_copy(update={"company": to}) if t.company == company else t for t in cell.tokens]
                self.set_cell(at, cell.model_copy(update={"tokens": tokens}))

    def tokens_of(self, company: str) -> list[tuple[str, int]]:
        return [(label, t.city) for label, cell in self.scenario.board.cells.items() for t in cell.tokens if t.company == company]

    def on_place_token(self, action: dict) -> None:
        company = self._acting_company(action)
        self._turn(company, "place_token")
        label, index = self.city_at(action.get("city"), action)
        owner = company or (str(action["entity"]) if action.get("entity") in self.company_ids else None)
        tokener = action.get("tokener")
        if isinstance(tokener, str) and tokener in self.corp_info:
            owner = tokener  # a private's token ability used for the corporation it names
            if owner not in self.company_ids:
                self._add_company(owner)
        if owner is None:
            raise self.fail(action, f"{action.get('entity')!r} is not a company of {self.log.title}")
        lifted = next((i for i, (at, _c) in enumerate(self.lifted) if at == label), None)
        if lifted is not None:
            owner = self.lifted.pop(lifted)[1]
        self.homed.add(owner)
        kind = action.get("token_type") if action.get("token_type") in TOKEN_KINDS else "normal"
        if self.auto_home.pop(owner, None) == label and kind == "normal":
            # the title asked the company to choose its home city (track was already there):
            # this is the home token, in the city chosen (a neutral token is never the home)
            self.remove_tokens(owner, label)
        if action.get("entity_type") == "company" and any(
                a.get("type") == "token" and a.get("neutral") is True for a in self.abilities.get(str(action.get("entity")), [])):
            # Tokener#adjust_token_price_ability!: a neutral ability's token belongs to a new
            # corporation 'N' (an open city token)
            self.add_token(label, "N", index, "neutral")
            return
        self.add_token(label, self.setup.token_owner(self, owner, kind), index, kind)

    def on_remove_token(self, action: dict) -> None:
        """A token taken off the board (1882's NWR moves one): the acting company's token in that
        city, else whatever token is there."""
        label, index = self.city_at(action.get("city"), action)
        owner = self._acting_company(action)
        cell = self.scenario.board.cell_at_label(label)
        here = [t for t in cell.tokens if t.city == index]
        mine = [t for t in here if t.company == owner]
        gone = (mine or here)[:1]
        if gone:
            self.set_cell(label, cell.model_copy(update={"tokens": [t for t in cell.tokens if t is not gone[0]]}))
            self.setup.token_removed(self, label, index, gone[0].company)


__all__ = ["TokenMoves"]

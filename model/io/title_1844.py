"""1844's board code for the game import (never run): what ``lib/engine/game/g_1844`` does in code
to the board and to the rules a company's lays play by. The table of what each adapter follows is
:mod:`model.io.title_setup`'s.

* ``Game#setup``: every tile walks any gauge (``ignore_gauge_walk``): the rule option
  ``walk_any_gauge``; ``Game#upgrades_to?``: the yellow D15 upgrades only to 14, 15 and 619: the
  option ``hex_upgrades``.
* ``MountainRailwayTrack#process_lay_tile``: a mountain railway's lay sets a revenue marker, no tile.
* ``Game#lay_p4_overpass!``: P4's overpass tiles when it is used or the companies close (a tunnel's
  narrow track there joins the tile); ``SpecialTrack#process_lay_tile``: a tunnel company's tile
  is made in code of the hex's track and the tile's at its rotation, and laid at rotation 0.
* ``SpecialChoose`` / ``assign_p7_train``: P7 closes when its choice is made.
* ``Game#form_sbb!`` (the SBB formation round after the operating round in which the
  ``sbb_formation`` event came, ``next_round!``): ``place_sbb_tokens!``: each token of the
  pre-SBB corporations, in their order, becomes SBB's, or leaves the map where SBB already has a
  token in that city; the corporations close.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.io.game_log import NOT_A_ROUND
from model.io.title_hooks import TitleSetup

if TYPE_CHECKING:
    from model.io.import_18xx_game import GameReplay
    from model.scenario import Scenario
    from model.tiles import TilePath


def _turned(path: TilePath, rotation: int, sides: int = 6) -> TilePath:
    """A tile's path as it lies at ``rotation`` (its edges turned)."""
    def turn(end):
        return (end + rotation) % sides if isinstance(end, int) else end
    return path.model_copy(update={"a": turn(path.a), "b": turn(path.b)})


def _code_tile(replay: GameReplay, name: str, label: str, paths: list[TilePath]) -> str:
    """A tile the engine makes in code on a hex (``replace_tile_code``): tile ``name`` with these
    paths, laid at rotation 0; its id is ``NAME+HEX`` (the engine's keeps the name). Added to the
    scenario's tiles, one copy."""
    tid = f"{name}+{label}"
    sc = replay.scenario
    if sc.tile(tid) is None:
        tdef = sc.tile(name).model_copy(update={"id": tid, "paths": paths, "count": 1, "upgrades": []})
        replay.scenario = sc.model_copy(update={"tiles": sc.tiles.model_copy(update={"custom": [*sc.tiles.custom, tdef]})})
    return tid


class G1844(TitleSetup):
    """1844 (``lib/engine/game/g_1844``)."""

    P4_TILE_LAYS = {"H17": "OP3", "H19": "OP2", "H21": "OP2", "H23": "OP2", "I16": "OP1"}
    OVERPASS = "P4"
    LOCOMOTIVE = "P7"
    HEX_UPGRADES = "D15 yellow: 14 15 619"
    """``Game#upgrades_to?``: ``%w[14 15 619].include?(to.name) if from.hex.id == 'D15' && from.color == :yellow``."""
    PRE_SBB = ("NOB", "SCB", "VSB", "JS", "GB")
    """``Game#pre_sbb_corporations``, in their priority order."""
    SBB = "SBB"
    SBB_EVENT = "sbb_formation"

    NOT_A_ROUND = NOT_A_ROUND | {"take_loan", "payoff_player_loan"}
    """A player's actions an operating round may hold (1844's loans too): the others are a stock round's."""
    LATER_STEPS = frozenset({"pass", "run_routes", "dividend", "buy_train", "discard_train"})

    def __init__(self) -> None:
        self.overpass_laid = False
        self.tunnel_lay: str | None = None  # the tunnel company laying now
        self.sbb_due = False  # the sbb_formation event came in this operating round
        self.sbb_formed = False
        self.in_round = False
        self.operated: set[str] = set()
        self.current: str | None = None
        self.steps: set[str] = set()

    def start(self, replay: GameReplay) -> None:
        sc = replay.scenario
        options = {**sc.rules.options, "walk_any_gauge": True, "hex_upgrades": self.HEX_UPGRADES}
        replay.scenario = sc.model_copy(update={"rules": sc.rules.model_copy(update={"options": options})})

    def lays_tile(self, replay: GameReplay, action: dict) -> bool:
        # MountainRailwayTrack#process_lay_tile: a mountain railway (a company B...) lays no tile,
        # it sets the mountain hex's revenue (the tile leaves the supply)
        entity = action.get("entity")
        return not (action.get("entity_type") == "company" and isinstance(entity, str) and entity.startswith("B"))

    def lay_overpass(self, replay: GameReplay) -> None:
        """``lay_p4_overpass!``: the Furka-Oberalp tiles, each laid on its hex at rotation 0, a
        tunnel's narrow track there joining the tile (``replace_tile_code``), and P4 closes."""
        if self.overpass_laid or self.OVERPASS in replay.closed:
            return
        self.overpass_laid = True
        for label, tile in self.P4_TILE_LAYS.items():
            if not replay.scenario.board.grid.is_label(label) or replay.scenario.tile(tile) is None:
                continue
            cell = replay.scenario.board.cell_at_label(label)
            laid = replay.scenario.tile(cell.tile.tile) if cell.tile is not None else None
            narrow = [_turned(p, cell.tile.rotation) for p in laid.paths if p.track == "narrow"] if laid is not None else []
            if narrow:
                tile = _code_tile(replay, tile, label, [*replay.scenario.tile(tile).paths, *narrow])
            replay.place_tile(label, tile, 0)
        replay.closed.add(self.OVERPASS)

    def laid(self, replay: GameReplay, before: Scenario, label: str) -> None:
        # SpecialTrack#process_lay_tile: a tunnel company's tile is made in code (create_tunnel_tile:
        # the hex's track and the tile's narrow track at the rotation laid) and laid at rotation 0;
        # followed on a hex with no track and no stops of its own (its future track aside)
        printed = before.board.cell_at_label(label)
        cell = replay.scenario.board.cell_at_label(label)
        tdef = replay.scenario.tile(cell.tile.tile) if cell.tile is not None else None
        if self.tunnel_lay is None or tdef is None or printed.tile is not None or printed.cities or printed.towns \
                or any(p.track != "future" for p in printed.paths):
            return
        name = _code_tile(replay, tdef.id, label, [_turned(p, cell.tile.rotation) for p in tdef.paths])
        replay.set_cell(label, cell.model_copy(update={"tile": cell.tile.model_copy(update={"tile": name, "rotation": 0})}))

    def before(self, replay: GameReplay, action: dict) -> None:
        entity = action.get("entity")
        self.tunnel_lay = entity if action["type"] == "lay_tile" and action.get("entity_type") == "company" and \
            isinstance(entity, str) and entity.startswith("T") else None
        if action["type"] == "choose_ability" and action.get("entity") == self.OVERPASS:
            self.lay_overpass(replay)  # SpecialChoose#process_choose_ability
        if action["type"] == "choose_ability" and action.get("entity") == self.LOCOMOTIVE:
            replay.closed.add(self.LOCOMOTIVE)  # SpecialChoose: assign_p7_train, which closes P7
        if action["type"] == "buy_train" and isinstance(action.get("train"), str) and \
                action["train"].rsplit("-", 1)[0] in replay.closing:
            self.lay_overpass(replay)  # event_close_companies!: lay_p4_overpass! unless p4.closed?

    def after(self, replay: GameReplay, action: dict) -> None:
        # event_sbb_formation!: the train whose first copy sets off the event (Depot: a train's
        # events come with the first of its name bought)
        if action["type"] != "buy_train" or self.sbb_formed or self.sbb_due or not isinstance(action.get("train"), str):
            return
        name = action["train"].rsplit("-", 1)[0]
        events = next((t.get("events") or [] for t in replay.title.trains if t.get("name") == name), [])
        if any(isinstance(e, dict) and e.get("type") == self.SBB_EVENT for e in events):
            self.sbb_due = True

    def turn(self, replay: GameReplay, action: dict) -> None:
        """Follows the operating rounds (a round ends when a stock round's action comes, or when a
        company that operated in it starts a turn again): the SBB forms as the round in which the
        event came ends, before any action of the next round (and before any of SBB's)."""
        kind = action.get("entity_type")
        entity = action.get("entity")
        if kind == "player" and action["type"] not in self.NOT_A_ROUND:
            if self.in_round:
                self._round_ended(replay)
            self.in_round = False
            return
        if kind not in ("corporation", "minor") or not isinstance(entity, str):
            return
        new_turn = entity != self.current or (action["type"] == "lay_tile" and bool(self.steps & self.LATER_STEPS))
        if new_turn and self.in_round and entity in self.operated:
            self._round_ended(replay)
            self.in_round = False
        if entity == self.SBB and self.sbb_due:
            self._round_ended(replay)
        if not self.in_round:
            self.in_round, self.operated, self.current, self.steps = True, set(), None, set()
        if new_turn or entity != self.current:
            self.steps = set()
        self.steps.add(action["type"])
        self.operated.add(entity)
        self.current = entity

    def _round_ended(self, replay: GameReplay) -> None:
        if self.sbb_due and not self.sbb_formed:
            self.sbb_due, self.sbb_formed = False, True
            self.form_sbb(replay)

    def form_sbb(self, replay: GameReplay) -> None:
        """``form_sbb!``: ``place_sbb_tokens!`` for each pre-SBB corporation in order (a token
        becomes SBB's, or is removed where SBB already has one in that city), then each closes
        (``close_corporation``: its other tokens leave the map)."""
        for corp in self.PRE_SBB:
            for label, cell in list(replay.scenario.board.cells.items()):
                if not any(t.company == corp for t in cell.tokens):
                    continue
                tokens = []
                for t in cell.tokens:
                    if t.company != corp:
                        tokens.append(t)
                    elif not any(o.company == self.SBB and o.city == t.city for o in tokens + list(cell.tokens)):
                        tokens.append(t.model_copy(update={"company": self.SBB, "kind": "normal"}))
                replay.set_cell(label, cell.model_copy(update={"tokens": tokens}))
            replay.remove_tokens(corp)


__all__ = ["G1844"]

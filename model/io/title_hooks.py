"""The hooks a title's board code answers in the game import (:mod:`model.io.import_18xx_game`):
the base class of the per-title adapters (:mod:`model.io.title_setup`, :mod:`model.io.title_1846`).

The base class does nothing: the generic replay (undo / redo, lays, tokens, homes by
``HOME_TOKEN_TIMING``, phases by ``PHASES``) is :class:`model.io.import_18xx_game.GameReplay`.
:func:`cost_of` prices a recorded lay or token for the adapters that follow a title's cash.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from model.io.game_log import GameLog
    from model.io.import_18xx_game import GameReplay
    from model.io.title_data import TitleData
    from model.scenario import Scenario


def icon_name(icon: str) -> str:
    """The engine's ``Icon#name`` of a hex's icon as the import keeps it (``1882/NWR``,
    ``image:1846/50,sticky:1``): the image's file name without its extension."""
    image = icon.split(",", 1)[0].removeprefix("image:")
    return image.rsplit("/", 1)[-1].rsplit(".", 1)[0]


def cost_of(replay: GameReplay, action: dict, company: str) -> int | None:
    """What a recorded lay or station token costs the company, as the ``18xx`` rule set prices
    it on the position before it (None when it cannot say): a lay's terrain and borders, less the
    company's discounts and the discount of the private's ability it is made through (nothing
    when the ability is ``free``); a token, the company's next token price."""
    from model.rules.eighteen_xx.company import next_token_cost
    from model.rules.eighteen_xx.situation import Situation

    scenario = replay.result(company)
    corp = scenario.company(company)
    if corp is None:
        return None
    if action["type"] == "place_token":
        return next_token_cost(scenario, corp)
    label, tile = action.get("hex"), scenario.tile(str(action.get("tile", "")).rsplit("-", 1)[0])
    rotation = action.get("rotation", 0)
    if not isinstance(label, str) or not scenario.board.grid.is_label(label) or tile is None or not isinstance(rotation, int):
        return None
    sit = Situation.reuse(scenario)
    coord = scenario.board.grid.coord(label)
    rules = replay.rules
    if action.get("entity_type") != "company":
        return rules.full_cost(sit, coord, tile, rotation, company, corp)
    ability = next((a for a in replay.abilities.get(str(action["entity"]), []) if a.get("type") == "tile_lay"), {})
    if ability.get("free"):
        return 0
    discount = ability.get("discount")
    return max(0, rules.lay_cost(sit, coord, tile, rotation, corp) - (discount if isinstance(discount, int) else 0))


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

    def cash(self, replay: GameReplay) -> dict[str, int]:
        """The corporations whose cash the title's adapter follows, with their cash now (the
        default: none; the replay leaves every treasury unset)."""
        return {}

    def buys_train(self, replay: GameReplay, action: dict) -> bool:
        """Whether a ``buy_train`` action buys its train (the default: it does; 1848: not when
        the corporation's emergency loans close it instead)."""
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


__all__ = ["TitleSetup"]

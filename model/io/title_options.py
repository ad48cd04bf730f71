"""The options of a title's 18xx.games game class, as named options of the ``18xx`` rule set.

An 18xx.games title sets some of its rules as constants of its game class (``game.rb``, next to
``map.rb``). The ones the ``18xx`` rule set has an option for are read here from the constants'
plain values (strings for symbols, lists, dicts), whatever reads the Ruby source:

=========================  ========================  ==========================================
engine constant            rule option               value
=========================  ========================  ==========================================
``TILE_LAYS``              ``tile_lays``             the number of lays in the list
``TRACK_RESTRICTION``      ``track_restriction``     the symbol, when the rule set knows it
``IMPASSABLE_HEX_COLORS``  ``impassable_colors``     the colours, space-separated
=========================  ========================  ==========================================

and from the modules the game class includes (``include StubsAreRestricted``):

=========================  ========================  ==========================================
engine module              rule option               value
=========================  ========================  ==========================================
``StubsAreRestricted``     ``stubs_restricted``      true
=========================  ========================  ==========================================

Nothing names a title: a title is only its constants. A constant with a value the option
cannot hold is left out with a note saying why; the option then keeps its default.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from model.rules.eighteen_xx import TRACK_RESTRICTIONS

CONSTANTS = ("TILE_LAYS", "TRACK_RESTRICTION", "IMPASSABLE_HEX_COLORS")
"""The game-class constants read here."""
MODULES = {"StubsAreRestricted": "stubs_restricted"}
"""The engine's rule modules a game class may include, and the (boolean) option each sets."""


def _short(value: Any, n: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= n else text[: n - 1] + "…"


def title_options(constants: dict[str, Any], modules: Iterable[str] = ()) -> tuple[dict[str, Any], list[str]]:
    """Rule options from a title's game-class constants (name -> plain value) and the modules it
    includes, and notes about the constants that were left out. Constants not listed in
    :data:`CONSTANTS` and modules not in :data:`MODULES` are ignored."""
    options: dict[str, Any] = {MODULES[m]: True for m in modules if m in MODULES}
    notes: list[str] = []
    lays = constants.get("TILE_LAYS")
    if lays is not None:
        if isinstance(lays, list) and lays and all(isinstance(x, dict) for x in lays):
            options["tile_lays"] = len(lays)
        else:
            notes.append(f"TILE_LAYS {_short(lays)} is not a list of lays; tile_lays keeps its default")
    restriction = constants.get("TRACK_RESTRICTION")
    if restriction is not None:
        if str(restriction) in TRACK_RESTRICTIONS:
            options["track_restriction"] = str(restriction)
        else:
            notes.append(f"TRACK_RESTRICTION {_short(restriction)} has no track_restriction of the 18xx rule set "
                         f"({', '.join(TRACK_RESTRICTIONS)}); it keeps its default")
    colors = constants.get("IMPASSABLE_HEX_COLORS")
    if colors is not None:
        if isinstance(colors, list) and all(isinstance(c, str) and c.isidentifier() for c in colors):
            options["impassable_colors"] = " ".join(str(c) for c in colors)
        else:
            notes.append(f"IMPASSABLE_HEX_COLORS {_short(colors)} is not a list of colours; impassable_colors keeps its default")
    return options, notes

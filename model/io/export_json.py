"""The export gate and the text formats (json, 18xx-games, 18xx-maker).

Every export first runs the scenario's rule set (:func:`gate`); a scenario with an error is
refused unless forced. Outputs are written with :func:`write_atomic` (:mod:`model.io.atomic`): a
temporary file in the target folder, flushed and fsynced, then renamed over the target, so a
failed or refused export never leaves a partial file and never touches an existing one. A device,
FIFO or socket is never written (:class:`OutputRefused`); a symlink is written through.

This module never imports Qt: the graphic formats (svg, png, pdf) live in
``editor/render/graphics.py``.
"""

from __future__ import annotations

from collections.abc import Callable

from model.io.files import dumps
from model.scenario import Scenario

TEXT_FORMATS = ("json", "18xx-games", "18xx-maker")
GRAPHIC_FORMATS = ("svg", "png", "pdf")
FORMATS = TEXT_FORMATS + GRAPHIC_FORMATS
SUFFIXES = {"json": ".json", "18xx-games": ".rb", "18xx-maker": ".json", "svg": ".svg", "png": ".png", "pdf": ".pdf"}


def gate(scenario: Scenario) -> list:
    """Every issue the scenario's rule set finds (raises KeyError for an unknown rule set)."""
    from model.rules import get_rule_set

    return get_rule_set(scenario.rules.id).check(scenario)


def blocking(issues: list) -> list:
    """The issues that refuse an export: the errors."""
    return [i for i in issues if i.severity == "error"]


def export_json(scenario: Scenario) -> tuple[str, list[str]]:
    """The canonical scenario file: identical bytes for equal scenarios (refused over the load limit)."""
    from model.io import files
    from model.io.export_18xx_games import ExportError

    text = dumps(scenario)
    size = len(text.encode("utf-8"))
    if size > files.MAX_BYTES:
        raise ExportError(f"the scenario takes {size} bytes; scenario files are limited to {files.MAX_BYTES} bytes, so it could not be opened again")
    return text, []


def _games(scenario: Scenario) -> tuple[str, list[str]]:
    from model.io.export_18xx_games import export_18xx_games

    return export_18xx_games(scenario)


def _maker(scenario: Scenario) -> tuple[str, list[str]]:
    from model.io.export_18xx_maker import export_18xx_maker

    return export_18xx_maker(scenario)


TEXT_EXPORTERS: dict[str, Callable[[Scenario], tuple[str, list[str]]]] = {
    "json": export_json,
    "18xx-games": _games,
    "18xx-maker": _maker,
}


def export_text(scenario: Scenario, fmt: str) -> tuple[bytes, list[str]]:
    """The bytes of a text format and notes about what the format cannot hold."""
    from model.features import dropped_by_export

    text, notes = TEXT_EXPORTERS[fmt](scenario)
    return text.encode("utf-8"), dropped_by_export(scenario, fmt) + notes  # what the format drops comes first

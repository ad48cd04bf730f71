"""Migration of older scenario files to the current version (parse -> migrate -> build).

Each step takes the raw JSON object of version N and returns version N+1. Version 0 was the
pre-release layout in which the root held ``rule_set`` instead of ``rules``; it is kept so that
the migration path is exercised by the tests. Version 1 lacked the fields of the 18xx corpus,
tile-set editing and 18 India's privates, all of which have defaults.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from model.scenario import VERSION


def _v0_to_v1(doc: dict[str, Any]) -> dict[str, Any]:
    doc = dict(doc)
    if "rule_set" in doc:
        rule_set = doc.pop("rule_set")
        options = doc.pop("options", {})
        doc["rules"] = {"id": rule_set, "options": options}
    doc["version"] = 1
    return doc


def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 2 holds every construct of the published 18xx maps (border types and costs, track
    kinds and lanes, stop details, hex decorations, grids numbered from 0), the tile set's
    upgrade overrides and double-sided tiles, and the game state of 18 India's private companies.
    Every field it adds has a default, so a version 1 file means the same as version 2; the step
    only says so. A version 2 file opened by a program that knows only version 1 is refused as
    'newer', not with an unknown-field error."""
    doc = dict(doc)
    doc["version"] = 2
    return doc


STEPS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _v0_to_v1, 1: _v1_to_v2}


class MigrationError(ValueError):
    pass


def migrate(doc: dict[str, Any]) -> dict[str, Any]:
    """Bring a raw scenario object up to the current version."""
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise MigrationError(f"version: expected an integer, got {version!r}")
    if version > VERSION:
        raise MigrationError(f"version: {version} is newer than this program understands (up to {VERSION}); please upgrade Trackwright")
    if version < 0 or (version < VERSION and version not in STEPS):
        raise MigrationError(f"version: {version} is not a supported version (supported: 0-{VERSION})")
    while doc["version"] < VERSION:
        doc = STEPS[doc["version"]](doc)
    return doc

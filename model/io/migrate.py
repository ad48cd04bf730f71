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


INDIA_V2_ABILITIES: dict[str, list[dict[str, Any]]] = {
    "P2": [{"type": "tile_lay", "owner_type": "corporation", "when": ["track", "special_track"], "lay_count": 1,
            "upgrade_count": 0, "reachable": True, "special": False, "closed_when_used_up": True}],
    "P3": [{"type": "tile_lay", "owner_type": "corporation", "when": ["track", "special_track"], "count": 1,
            "lay_count": 0, "upgrade_count": 1, "reachable": True, "special": False, "closed_when_used_up": True}],
}
"""What version 2 meant by 18 India's P2 and P3 (their company cards): in version 3 a private's
abilities are written in the file."""


def _v2_to_v3(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 3 holds the state of play: ``play`` (phases, the lay schedule), token kinds, and
    every private company's abilities, and what an 18xx-maker map prints beyond track (drawn
    tokens, shapes, route bonuses, company labels, marked circles, a game's colours, how a path or
    a stop is drawn), which version 2 could not hold. Version 2 left a private's ability to the rule set: an
    18 India file's P2 and P3 get the abilities they had (P4's discount stays 18 India's own);
    every other added field has a default that means what version 2 meant."""
    doc = dict(doc)
    rules = doc.get("rules")
    state = doc.get("state")
    if isinstance(rules, dict) and rules.get("id") == "18india" and isinstance(state, dict):
        privates = state.get("privates")
        if isinstance(privates, list):
            out = []
            for pc in privates:
                if isinstance(pc, dict) and pc.get("id") in INDIA_V2_ABILITIES and "abilities" not in pc:
                    pc = {**pc, "abilities": [dict(a) for a in INDIA_V2_ABILITIES[pc["id"]]]}
                out.append(pc)
            doc["state"] = {**state, "privates": out}
    doc["version"] = 3
    return doc


def _v3_to_v4(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 4 gives a station token its circle (``tokens[].circle``), so that taking one token
    off a city leaves the others in their circles. Version 3 filled a city's circles in the order
    its tokens are listed: each token of a version 3 file gets the circle it was drawn in (the
    k-th token listed in a city, the k-th circle). Anything not of the expected shape is left for
    the loader to report."""
    doc = dict(doc)
    board = doc.get("board")
    cells = board.get("cells") if isinstance(board, dict) else None
    if isinstance(cells, dict) and any(isinstance(c, dict) and c.get("tokens") for c in cells.values()):
        out = {}
        for label, cell in cells.items():
            tokens = cell.get("tokens") if isinstance(cell, dict) else None
            if isinstance(tokens, list) and tokens:
                filled: dict[Any, int] = {}
                placed = []
                for t in tokens:
                    if isinstance(t, dict) and "circle" not in t:
                        city = t.get("city", 0)
                        key = city if isinstance(city, int) and not isinstance(city, bool) else repr(city)
                        if filled.get(key, 0) < 12:  # a city has at most 12 circles: past them, the first free
                            t = {**t, "circle": filled.get(key, 0)}
                        filled[key] = filled.get(key, 0) + 1
                    placed.append(t)
                cell = {**cell, "tokens": placed}
            out[label] = cell
        doc["board"] = {**board, "cells": out}
    doc["version"] = 4
    return doc


STEPS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _v0_to_v1, 1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4}


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

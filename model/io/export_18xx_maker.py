"""Export a scenario as an 18xx-maker game JSON (``info``, ``tiles``, ``upgrades``, ``map``).

Facts used (see ``docs/export.md``):

* ``info.orientation = "horizontal"`` means flat-topped hexes; pointy maps leave it out;
* sides are numbered 1-6: on flat maps side = edge + 1, on pointy maps side = edge, with edge 0
  written as side 6 (tobymao edge = side % 6);
* ``map.hexes`` is a list of hex definitions, each with a ``hexes`` list of coordinates, so one
  definition serves every coordinate that shares it;
* colours: white -> ``plain``, red -> ``offboard``, blue -> ``water``, others by name;
* track ``{type, side}``: ``straight`` covers s and s+3, ``gentle`` s and s+2, ``sharp`` s and s+1;
  a track with no type runs from its side to the centre (a city or town there);
* ``encoding``: the 18xx.games tile-language string, which 18xx-maker's ``export-rb`` passes
  through unchanged; it carries what 18xx-maker's drawing model cannot (which path joins which of
  several cities, lanes, stop details, decorations), so an export back to 18xx.games keeps them;
* track kinds become the track ``gauge`` (narrow, dual; future -> dashed, thin -> line); border
  kinds are drawn by colour (a border's own colour wins); terrain costs become ``terrain``
  entries, several terrains joined with ``|``.

Tiles in 18xx-maker's standard set are written as counts; game-specific tiles as inline
definitions with ``quantity``. ``upgrades`` is the manifest's upgrade graph: the declared one, or
the one the engine would derive (:mod:`model.upgrade_graph`), with the per-tile overrides.
"""

from __future__ import annotations

import json

from model.board import Cell
from model.grid import HexGrid
from model.io.export_18xx_games import (
    ExportError,
    cell_parts,
    is_standard,
    side_features,
)
from model.io.tobymao import format_parts, tile_code
from model.scenario import Scenario
from model.tiles import TileDef
from model.upgrade_graph import effective_graph

MAKER_COLORS = {"white": "plain", "red": "offboard", "blue": "water"}


def maker_side(edge: int, orientation: str) -> int:
    """18xx-maker side (1-6) of an 18xx.games edge (0-5)."""
    return edge + 1 if orientation == "flat" else (edge if edge else 6)


MAKER_GAUGE = {"narrow": "narrow", "dual": "dual", "future": "dashed", "thin": "line"}
"""Our track kind -> 18xx-maker's track ``gauge`` (broad track has none)."""

BORDER_STYLE = {
    "gauge": {"color": "red", "dashed": True},
    "river": {"color": "water"},
    "impassable": {"color": "black"},
    "border": {"color": "black"},
    "mountain": {"color": "mountain"},
    "divider": {"color": "black", "dashed": True},
    "offboard": {"color": "offboard"},
}
"""How 18xx-maker draws each kind of edge feature (a feature's own colour wins)."""


def _track(paths, orientation: str) -> list[dict]:
    out = []
    for p in paths:
        n = len(out)
        a, b = p.a, p.b
        if isinstance(a, int) and isinstance(b, int):
            d = (b - a) % 6
            if d == 3:
                kind, s = "straight", min(a, b)
            elif d in (1, 2):
                kind, s = ("sharp" if d == 1 else "gentle"), a
            else:
                kind, s = ("sharp" if d == 5 else "gentle"), b
            out.append({"type": kind, "side": maker_side(s, orientation)})
        else:
            edge = a if isinstance(a, int) else b
            if isinstance(edge, int):
                item = {"side": maker_side(edge, orientation)}
                if p.terminal:
                    item["type"] = "stub"
                out.append(item)
        if len(out) > n and getattr(p, "track", "broad") in MAKER_GAUGE:
            out[-1]["gauge"] = MAKER_GAUGE[p.track]
    return out


def _revenue_value(revenue: int | str) -> dict:
    """A revenue circle; phase values ('yellow_30|brown_50') are passed as text."""
    return {"value": revenue}


def _hex_def(cell: Cell, label: str, orientation: str, sides, code: str) -> dict:
    color = cell.printed_color
    d: dict = {"color": MAKER_COLORS.get(color, color)}
    if cell.name:
        d["names"] = [{"name": cell.name}]
    if cell.cities and all(c.offboard or (c.offboard is None and c.slots == 0 and cell.terrain == "offboard") for c in cell.cities):
        d["offBoardRevenue"] = {"revenues": [_revenue_value(c.revenue) for c in cell.cities]}
    elif cell.cities:
        d["cities"] = [
            {"size": c.slots, **({"groups": c.groups} if c.groups else {})} for c in cell.cities
        ]
        if any(c.revenue for c in cell.cities):
            d["values"] = [_revenue_value(c.revenue) for c in cell.cities]
    if cell.towns:
        key = "centerTowns" if len(cell.towns) == 1 and not cell.cities else "towns"
        d[key] = [{} for _ in cell.towns]
        if any(t.revenue for t in cell.towns):
            d.setdefault("values", []).extend(_revenue_value(t.revenue) for t in cell.towns)
    track = _track(cell.paths, orientation)
    if track:
        d["track"] = track
    if cell.label:
        d["labels"] = [{"label": cell.label}]
    if cell.labels:
        d.setdefault("labels", []).extend({"label": lbl} for lbl in cell.labels)
    if cell.costs:
        d["terrain"] = [{"type": "|".join(c.terrains) or "cost", "cost": c.cost} for c in cell.costs]
    elif cell.cost or cell.terrain in ("hill", "mountain", "water"):
        d["terrain"] = [{"type": cell.terrain if cell.terrain != "plain" else "cost", "cost": cell.cost}]
    borders = []
    for edge in range(6):
        for f in sides.get((label, edge), []):
            style = dict(BORDER_STYLE[f.kind])
            if f.color:
                style["color"] = f.color
            borders.append({"side": maker_side(edge, orientation), **style})
    if borders:
        d["borders"] = borders
    if cell.icons:
        d["icons"] = [{"type": icon.split(",")[0].removeprefix("image:")} for icon in cell.icons]
    if code:
        d["encoding"] = code
    return d


def _tile_def(t: TileDef, orientation: str) -> dict:
    d: dict = {"color": t.color, "quantity": t.count if t.count is not None else 99}
    cities = [n for n in t.nodes if n.kind == "city"]
    towns = [n for n in t.nodes if n.kind == "town"]
    if cities:
        d["cities"] = [{"size": n.slots} for n in cities]
    if towns:
        d["towns" if len(towns) > 1 or cities else "centerTowns"] = [{} for _ in towns]
    values = [{"value": n.revenue} for n in cities + towns if n.revenue]
    if values:
        d["values"] = values
    track = _track(t.paths, orientation)
    if track:
        d["track"] = track
    if t.label:
        d["labels"] = [{"label": t.label}]
    d["encoding"] = tile_code(t)
    return d


def tile_def(t: TileDef, orientation: str, unlimited: int = 99) -> dict:
    """One tile as an 18xx-maker tile definition (an unlimited count is written as ``unlimited``)."""
    d = _tile_def(t, orientation)
    if t.count is None:
        d["quantity"] = unlimited
    return d


def export_18xx_maker_data(scenario: Scenario) -> tuple[dict, list[str]]:
    """The game JSON as a dict, and notes about what was left out."""
    grid = scenario.board.grid
    if not isinstance(grid, HexGrid):
        raise ExportError("18xx-maker maps are hex grids; this scenario has a square grid")
    orientation = grid.orientation
    sides = side_features(scenario)
    notes: list[str] = []
    groups: dict[str, dict] = {}
    for coord in grid.ordered_coords:
        label = grid.label(coord)
        cell = scenario.board.cells.get(label, Cell())
        if cell.tile is not None:
            notes.append(f"{label}: laid tile {cell.tile.tile} is game state, not exported")
        code = format_parts(cell_parts(cell, label, sides))
        d = _hex_def(cell, label, orientation, sides, code)
        key = json.dumps(d, sort_keys=True)
        groups.setdefault(key, {**d, "hexes": []})["hexes"].append(label)
    info: dict = {"title": scenario.meta.game or scenario.meta.title}
    if scenario.meta.author:
        info["designer"] = scenario.meta.author
    if scenario.meta.attribution:
        info["subtitle"] = scenario.meta.attribution
    if orientation == "flat":
        info["orientation"] = "horizontal"
    tiles: dict = {}
    upgrades: dict = {}
    tileset = scenario.tileset()
    graph = effective_graph(tileset)  # the declared graph, or the one the engine would derive
    for t in tileset.tiles:
        tiles[t.id] = (t.count if t.count is not None else 99) if is_standard(t) else _tile_def(t, orientation)
        if graph.get(t.id):
            upgrades[t.id] = list(graph[t.id])
    data = {"info": info, "tiles": tiles, "upgrades": upgrades, "map": {"hexes": list(groups.values())}}
    return data, notes


def export_18xx_maker(scenario: Scenario) -> tuple[str, list[str]]:
    """The game JSON text (stable formatting) and notes."""
    data, notes = export_18xx_maker_data(scenario)
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n", notes

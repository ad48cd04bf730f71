"""Export the map part of an 18xx.games game definition (a ``map.rb`` file) as Ruby source.

The output holds ``LAYOUT``, ``AXES``, ``TILES`` (standard tile numbers as counts, game-specific
tiles with ``count``/``color``/``code``), ``LOCATION_NAMES`` and ``HEXES`` (grouped by colour,
one tile-language string shared by every coordinate that has it), wrapped in the
``module Engine / module Game / module G<Title> / module Map`` blocks the engine uses.

How Trackwright cells become tile-language parts (``import_18xx_games`` reads them back):

* colour group: the cell's printed colour (``gray`` terrain -> gray, ``offboard`` -> red,
  ``lake`` -> blue, ``Cell.color`` for preprinted yellow/green/brown, otherwise white);
* cities -> ``city=revenue:R[,slots:N][,groups:G]``; a city with no slot on an off-board cell ->
  ``offboard=revenue:R``; towns -> ``town=revenue:R``; the junction -> ``junction``;
  printed paths -> ``path=a:X,b:Y[,terminal:1]`` (node ``n<k>`` -> ``_k``);
* label -> ``label=L``; terrain cost -> ``upgrade=cost:C[,terrain:hill|mountain|water]``;
* edge features, written on both cells of the side: gauge -> ``border=edge:E,type:province``;
  river -> ``border=edge:E,type:water,cost:C``; a gauge line with a river on the same side ->
  ``type:province,cost:C``; impassable -> ``type:impassable``;
* icons: a plain image name gets the conventional parameters (``sticky:true,large:true`` on
  land where tiles go, ``large:true,loc:hex`` on gray/red/blue cells); an icon stored as
  ``image:...`` is written verbatim.

Not part of a map file, so not exported (reported as notes): laid tiles, tokens, reservations,
city/town names (the cell name is exported), companies and game state; nor the terrains a tile
may be laid on (``TileDef.terrains``), which the tile DSL cannot say.
"""

from __future__ import annotations

from functools import lru_cache

from model.board import Cell, EdgeFeature
from model.grid import HexGrid
from model.io.maker_marks import games_notes
from model.io.tile_code import TILE_COLORS, cost_part, decor_parts, icon_part, node_parts, path_part, tile_code
from model.io.tile_parts import Part, canonical_parts, format_parts
from model.scenario import Scenario
from model.tiles import Node, TileDef, load_tileset

COLOR_ORDER = ("white", "yellow", "green", "brown", "gray", "red", "blue")
LAND_COLORS = ("white", "yellow", "green", "brown")
ICON_DEFAULTS_LAND = "sticky:true,large:true"
ICON_DEFAULTS_FIXED = "large:true,loc:hex"
STANDARD_SET = "18xx-standard"
NAMED_WHITE = {"blank": "", "city": "city=revenue:0", "town": "town=revenue:0"}
"""The engine's named white tiles: a hex written as one of these names is that tile, named so."""


class ExportError(ValueError):
    """The scenario cannot be written in this format (e.g. a square grid to 18xx.games)."""


def icon_defaults(color: str) -> str:
    """The conventional icon parameters for a cell of this printed colour."""
    return ICON_DEFAULTS_LAND if color in LAND_COLORS else ICON_DEFAULTS_FIXED


@lru_cache(maxsize=1)
def standard_codes() -> dict[str, tuple[str, object]]:
    """Standard tile number -> (colour, canonical parts) from resources/tilesets/18xx-standard.json."""
    ts = load_tileset(STANDARD_SET)
    return {t.id: (t.color, frozenset(canonical_parts(tile_code(t), drawing=False).items())) for t in ts.tiles}


def is_standard(tile: TileDef) -> bool:
    """True when the tile is the standard tile of the same number (same colour and track; where
    its cities are drawn does not count, so a tile set without ``loc`` still matches)."""
    std = standard_codes().get(tile.id)
    return std is not None and std == (tile.color, frozenset(canonical_parts(tile_code(tile), drawing=False).items()))


def terrain_notes(tiles, fmt: str = "the 18xx.games tile DSL") -> list[str]:
    """One note per tile that may be laid only on some terrains (``TileDef.terrains``): neither
    18xx.games' tile DSL nor 18xx-maker's tiles can say it, so an export leaves it out, never silently."""
    return [f"tile {t.id}: may be laid only on {', '.join(t.terrains)}; {fmt} cannot say so, left out"
            for t in tiles if t.terrains]


def is_printed_tile(cell: Cell, code: str) -> bool:
    """True when the cell, written as ``code``, is still the named tile it was imported as
    (``Cell.printed_name``: the same colour and the same parts), so it may be written by name."""
    name = cell.printed_name
    if name in NAMED_WHITE:
        color, named = "white", NAMED_WHITE[name]
    else:
        tile = load_tileset(STANDARD_SET).get(name)
        if tile is None:
            return False
        color, named = tile.color, tile_code(tile)
    return cell.printed_color == color and canonical_parts(code) == canonical_parts(named)


def side_features(scenario: Scenario) -> dict[tuple[str, int], list[EdgeFeature]]:
    """Edge features seen from both cells of each side: (label, edge) -> features."""
    grid = scenario.board.grid
    out: dict[tuple[str, int], list[EdgeFeature]] = {}
    for f in scenario.board.edges:
        out.setdefault((f.cell, f.edge), []).append(f)
        other = grid.neighbour(grid.coord(f.cell), f.edge)
        if other is not None and not f.one_sided:
            out.setdefault((grid.label(other), grid.opposite(f.edge)), []).append(f)
    return out


BORDER_TYPE = {"border": None, "impassable": "impassable", "mountain": "mountain", "divider": "divider",
               "offboard": "offboard", "river": "water", "gauge": "province"}
"""Our edge feature kind -> the 18xx.games border type (None: a border with no type)."""


def _border(edge: int, kind: str, cost: int, color: str | None, extra=()) -> Part:
    params = {"edge": str(edge)}
    if BORDER_TYPE[kind] is not None:
        params["type"] = BORDER_TYPE[kind]
    if cost:
        params["cost"] = str(cost)
    if color:
        params["color"] = color
    params.update(dict(extra))  # the keys Trackwright does not know, as the map wrote them
    return Part("border", params)


def border_parts(edge: int, features: list[EdgeFeature]) -> list[Part]:
    """The border parts of one side: a gauge line with a costly river is one ``province`` part
    with the cost (the 18xx.games convention); every other feature is a part of its own."""
    gauge = [f for f in features if f.kind == "gauge"]
    rivers = [f for f in features if f.kind == "river"]
    out: list[Part] = []
    if gauge and rivers and rivers[0].cost:
        out.append(_border(edge, "gauge", rivers[0].cost, gauge[0].color or rivers[0].color, gauge[0].extra + rivers[0].extra))
        gauge, rivers = gauge[1:], rivers[1:]
    out += [_border(edge, "gauge", f.cost, f.color, f.extra) for f in gauge]
    out += [_border(edge, "river", f.cost, f.color, f.extra) for f in rivers]
    out += [_border(edge, f.kind, f.cost, f.color, f.extra) for f in features if f.kind not in ("gauge", "river")]
    return out


def cell_nodes(cell: Cell) -> list[Node]:
    """The cell's cities, towns and junctions as tile nodes (the tile language's node parts)."""
    nodes = []
    for c in cell.cities:
        f = c.model_dump(exclude={"name", "reserved", "marks"})
        nodes.append(Node(kind="city", **f))
    for t in cell.towns:
        f = t.model_dump(exclude={"name"})
        nodes.append(Node(kind="town", **f))
    if cell.junction_count:
        nodes += [Node(kind="junction", extra=cell.junction_extra)] + [Node(kind="junction")] * (cell.junction_count - 1)
    return nodes


def written_order(cell: Cell) -> list[int]:
    """The cell's node indices (cities, towns, junctions) in the order to write them: the
    imported map's order (``node_order``) when it has one, else as stored."""
    n = cell.node_count
    if not cell.node_order or len(cell.node_order) != n:
        return list(range(n))
    start = {"city": 0, "town": len(cell.cities), "junction": len(cell.cities) + len(cell.towns)}
    seen = {"city": 0, "town": 0, "junction": 0}
    out = []
    for kind in cell.node_order:
        out.append(start[kind] + seen[kind])
        seen[kind] += 1
    return out if sorted(out) == list(range(n)) else list(range(n))


def cell_parts(cell: Cell, label: str, sides: dict[tuple[str, int], list[EdgeFeature]]) -> list[Part]:
    """The tile-language parts of one cell (see the module docstring)."""
    color = cell.printed_color
    nodes = cell_nodes(cell)
    order = written_order(cell)
    pos = {k: i for i, k in enumerate(order)}
    parts = node_parts([nodes[k] for k in order], offboard_slots0=cell.terrain == "offboard")

    def port(p: int | str) -> int | str:
        return p if isinstance(p, int) else f"n{pos[int(p[1:])]}"

    parts += [path_part(port(p.a), port(p.b), p.terminal, p) for p in cell.paths]
    if cell.label is not None:
        parts.append(Part("label", bare=cell.label))
    parts += [Part("label", bare=lbl) for lbl in cell.labels]
    if cell.costs:
        parts += [cost_part(c) for c in cell.costs]
    elif cell.cost or cell.terrain in ("hill", "mountain", "water"):
        params = {"cost": str(cell.cost)}
        if cell.terrain in ("hill", "mountain", "water"):
            params["terrain"] = cell.terrain
        parts.append(Part("upgrade", params))
    for edge in range(6):
        feats = sides.get((label, edge))
        if feats:
            parts += border_parts(edge, feats)
    parts += [icon_part(icon, icon_defaults(color)) for icon in cell.icons]
    parts += decor_parts(cell)
    return parts


def _rb(text: str) -> str:
    """A Ruby single-quoted string literal."""
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def module_name(scenario: Scenario) -> str:
    """``G<Title>`` from the game or title: '18 India' -> 'G18India'."""
    title = scenario.meta.game or scenario.meta.title or "Untitled"
    words = "".join(ch if ch.isalnum() else " " for ch in title).split()
    return "G" + "".join(w[:1].upper() + w[1:] for w in words) if words else "GUntitled"


def hex_strings(scenario: Scenario) -> tuple[dict[str, dict[str, list[str]]], list[str]]:
    """colour -> (string -> labels in reading order), and notes about what was left out."""
    grid = scenario.board.grid
    sides = side_features(scenario)
    groups: dict[str, dict[str, list[str]]] = {}
    notes: list[str] = []
    empty = Cell()
    for coord in grid.ordered_coords:
        label = grid.label(coord)
        cell = scenario.board.cells.get(label, empty)
        code = format_parts(cell_parts(cell, label, sides))
        if cell.printed_name is not None and is_printed_tile(cell, code):
            code = cell.printed_name  # the engine names the printed tile after it, as the source did
        groups.setdefault(cell.printed_color, {}).setdefault(code, []).append(label)
        if cell.tile is not None:
            notes.append(f"{label}: laid tile {cell.tile.tile} is game state, not part of the map file")
        if cell.tokens:
            notes.append(f"{label}: station tokens are game state, not part of the map file")
        if cell.reserved or any(c.reserved for c in cell.cities):
            notes.append(f"{label}: reservations belong to the companies (entities.rb), not to the map file")
        if any(c.name for c in cell.cities) or any(t.name for t in cell.towns):
            notes.append(f"{label}: city/town names are not exported (the hex name is)")
        notes += games_notes(cell, label)
    board = scenario.board
    for label in board.off_grid:
        notes.append(f"{label}: a hex beside the map, off its rows, has no 18xx.games place; not written")
    for line in board.lines:
        notes.append(f"a line drawn along {', '.join(line.coords[:3])}{' …' if len(line.coords) > 3 else ''} "
                     "(on no hex of the map) has no 18xx.games place; not written")
    if board.palette:
        notes.append(f"the game's own colours ({', '.join(list(board.palette)[:5])}{' …' if len(board.palette) > 5 else ''}) "
                     "have no 18xx.games place; hexes in them are written by name")
    return groups, notes


def export_18xx_games(scenario: Scenario) -> tuple[str, list[str]]:
    """The Ruby source of the map file, and notes about what a map file cannot hold."""
    grid = scenario.board.grid
    if not isinstance(grid, HexGrid):
        raise ExportError("18xx.games maps are hex grids; this scenario has a square grid")
    groups, notes = hex_strings(scenario)
    if scenario.tiles.upgrades:
        notes.append("upgrade overrides (tiles.upgrades) are the title's own rules (upgrades_to? in its game.rb), "
                     "not map data; the 18xx-maker export writes them as upgrades")
    ind = "        "
    out = [
        "# frozen_string_literal: true",
        "",
        f"# Map of {scenario.meta.title}, written by Trackwright from a validated scenario.",
    ]
    if scenario.meta.attribution:
        out.append(f"# {scenario.meta.attribution}")
    out += ["", "module Engine", "  module Game", f"    module {module_name(scenario)}", "      module Map"]
    out.append(f"{ind}LAYOUT = :{grid.orientation}")
    axes = "{ x: :letter, y: :number }" if grid.effective_axes == "letter-number" else "{ x: :number, y: :letter }"
    out += [f"{ind}AXES = {axes}.freeze", ""]

    tiles = scenario.tileset().tiles
    notes += terrain_notes(tiles)
    if not tiles:
        notes.append("no tiles: TILES is left out, so the title's own TILES (in another file) stays in force")
    out.append(f"{ind}TILES = {{" if tiles else f"{ind}# TILES: none in this scenario")
    for t in tiles:
        count = "'unlimited'" if t.count is None else str(t.count)
        if is_standard(t):
            out.append(f"{ind}  {_rb(t.id)} => {count},")
        else:
            if t.color not in TILE_COLORS:
                raise ExportError(f"tile {t.id}: colour {t.color!r} has no 18xx.games equivalent")
            out += [
                f"{ind}  {_rb(t.id)} =>",
                f"{ind}    {{",
                f"{ind}      'count' => {count},",
                f"{ind}      'color' => {_rb(t.color)},",
                f"{ind}      'code' => {_rb(tile_code(t))},",
            ]
            if t.hidden:
                out.append(f"{ind}      'hidden' => true,")
            out.append(f"{ind}    }},")
    out += [f"{ind}}}.freeze", ""] if tiles else [""]
    if scenario.tiles.groups:
        out.append(f"{ind}TILE_GROUPS = [")
        out += [f"{ind}  [{', '.join(_rb(t) for t in g)}]," for g in scenario.tiles.groups]
        out += [f"{ind}].freeze", ""]

    out.append(f"{ind}LOCATION_NAMES = {{")
    for coord in grid.ordered_coords:
        label = grid.label(coord)
        cell = scenario.board.cells.get(label)
        if cell is not None and cell.name:
            out.append(f"{ind}  {_rb(label)} => {_rb(cell.name)},")
    for label, name in scenario.board.other_names.items():  # hexes the title's own code adds
        out.append(f"{ind}  {_rb(label)} => {_rb(name)},")
    out += [f"{ind}}}.freeze", ""]

    out.append(f"{ind}HEXES = {{")
    for color in [c for c in COLOR_ORDER if c in groups] + sorted(set(groups) - set(COLOR_ORDER)):
        out.append(f"{ind}  {color}: {{")
        for code, labels in groups[color].items():
            if len(labels) == 1:
                key = f"[{_rb(labels[0])}]"
            else:
                rows = [" ".join(labels[i:i + 12]) for i in range(0, len(labels), 12)]
                key = "%w[" + f"\n{ind}      ".join(rows) + "]"
            out.append(f"{ind}    {key} => {_rb(code)},")
        out.append(f"{ind}  }},")
    out += [f"{ind}}}.freeze", "      end", "    end", "  end", "end", ""]
    return "\n".join(out), notes

"""Export a scenario as an 18xx-maker game JSON (``info``, ``tiles``, ``upgrades``, ``map``).

The output validates against 18xx-maker's own ``game.schema.json`` (tested with a copy of its
schemas). Facts used (see ``docs/export.md`` for the whole field mapping):

* ``info.orientation = "horizontal"`` means flat-topped hexes; pointy maps leave it out;
* sides are numbered 1-6: on flat maps side = edge + 1, on pointy maps side = edge, with edge 0
  written as side 6 (18xx.games edge = side % 6);
* ``map.hexes`` is a list of hex definitions, each with a ``hexes`` list of coordinates, so one
  definition serves every coordinate that shares it; coordinates must be a capital letters and
  digits (``A1``), others cannot be written;
* colours: white -> ``plain``, red -> ``offboard``, blue -> ``water``, others by name;
* track ``{type, side}``: ``straight`` covers s and s+3, ``gentle`` s and s+2, ``sharp`` s and s+1;
  a track with no type runs from its side to the centre (a city or town there), ``offboard`` is
  the arrow into an off-board, ``stub`` a short stub; ``gauge`` is narrow, dual or line (thin);
  future track is drawn in the colour ``mainline``;
* a stop with no station circle, and every phase revenue (``yellow_30|brown_50``), is an
  ``offBoardRevenue`` with one ``{color, cost, value}`` per phase (``cost`` is the key 18xx-maker's
  own games use, ``value`` the one its schema declares);
* hex borders carry no cost in 18xx-maker: a border's cost is a ``map.borderTexts`` entry at the
  middle of the side (``A1s3``);
* ``encoding``: the 18xx.games tile-language string, which 18xx-maker's ``export-rb`` passes
  through unchanged; it carries what 18xx-maker's drawing model cannot (which path joins which of
  several cities).

Whatever the format cannot say is reported in the notes, never dropped silently.

Tiles in 18xx-maker's standard set are written as counts; game-specific tiles as inline
definitions with ``quantity`` (``"∞"`` for an unlimited supply). ``upgrades`` is the manifest's
upgrade graph: the declared one, or the one the engine would derive (:mod:`model.upgrade_graph`),
with the per-tile overrides.
"""

from __future__ import annotations

import json
import re

from model.board import Cell, EdgeFeature
from model.grid import HexGrid
from model.io.export_18xx_games import (
    ExportError,
    cell_nodes,
    cell_parts,
    is_standard,
    side_features,
    terrain_notes,
)
from model.io.maker_marks import placement_fields, write_circles, write_marks
from model.io.tile_code import tile_code
from model.io.tile_parts import format_parts
from model.scenario import Scenario
from model.tiles import Node, TileDef, TilePath, load_tileset, node_index
from model.upgrade_graph import effective_graph

MAKER_COLORS = {"white": "plain", "red": "offboard", "blue": "water"}
"""Our (18xx.games) colour -> 18xx-maker's hex colour; yellow, green, brown and gray keep their names."""
MAKER_HEX_COLORS = frozenset({"plain", "offboard", "water", "gray", "yellow", "green", "brown"})
GAUGE = {"narrow": "narrow", "dual": "dual", "thin": "line", "dashed": "dashed"}
"""Our track kind -> 18xx-maker's track ``gauge`` (broad track has none)."""
FUTURE_COLOR = "mainline"
"""The track colour 18xx-maker's games print lines for later in (future track)."""
BORDER_STYLE: dict[str, dict] = {
    "gauge": {"color": "red", "dashed": True},
    "river": {"color": "water"},
    "impassable": {"color": "black"},
    "border": {"color": "black"},
    "mountain": {"color": "mountain"},
    "divider": {"color": "gray", "dashed": True},
    "offboard": {"color": "offboard"},
}
"""Our edge feature kind -> an 18xx-maker hex border (its colour names a theme colour)."""
TILE_BORDER_KIND = {None: "border", "province": "gauge", "water": "river", "impassable": "impassable",
                    "mountain": "mountain", "divider": "divider", "offboard": "offboard"}
"""An 18xx.games border type on a tile -> our edge feature kind."""
MAX_CITY_SIZE = 6  # 18xx-maker draws cities of 1-6 circles
COORD = re.compile(r"^[A-Z]+[0-9]+$")
TILE_ID = re.compile(r"^[0-9a-zA-Z]+(\|[0-9a-zA-Z]+)?$")
UNLIMITED = "∞"
ICON_DRAWING = frozenset({"sticky", "large", "loc"})
"""18xx.games icon parameters that only place the drawing (18xx-maker places icons itself)."""


def maker_side(edge: int, orientation: str) -> int:
    """18xx-maker side (1-6) of an 18xx.games edge (0-5)."""
    return edge + 1 if orientation == "flat" else (edge if edge else 6)


def maker_color(color: str) -> str:
    """18xx-maker's name for one of our hex or tile colours."""
    return MAKER_COLORS.get(color, color)


def revenues(revenue: int | str) -> list[dict]:
    """Off-board revenue boxes: one per phase of ``yellow_30|brown_50``, or one plain value; a
    diesel's revenue is printed ``D100`` on black, as 18xx-maker's own games print it."""
    if isinstance(revenue, int):
        return [{"cost": revenue, "value": revenue}]
    out = []
    for part in str(revenue).split("|"):
        color, sep, value = part.rpartition("_")
        v: int | str = int(value) if re.fullmatch(r"-?\d+", value) else value
        if color == "diesel" and isinstance(v, int):
            out.append({"color": "black", "textColor": "white", "cost": f"D{v}", "value": f"D{v}"})
            continue
        color = color.replace("plus", "+")  # the importer spells 18xx-maker's "phase4+" as a phase name, "phase4plus"
        out.append({"color": color, "cost": v, "value": v} if sep else {"cost": v, "value": v})
    return out


def _is_offboard(n: Node) -> bool:
    """An off-board revenue location: ``offboard=``, or a city with no station circle (which
    18xx-maker cannot draw as a city: its cities have 1-6 circles)."""
    return n.kind == "city" and (bool(n.offboard) or n.slots == 0)


class _Writer:
    """Builds hex and tile definitions, collecting notes on what 18xx-maker cannot hold."""

    def __init__(self, orientation: str) -> None:
        self.orientation = orientation
        self.places: dict[str, list[str]] = {}

    def note(self, place: str, message: str) -> None:
        """Note that something at ``place`` (a hex, a tile) cannot be written."""
        self.places.setdefault(message, []).append(place)

    def notes(self) -> list[str]:
        """One note per kind of loss, naming its places (the first five of them)."""
        return [f"{_few(places)}: {message}" for message, places in self.places.items()]

    def side(self, edge: int) -> int:
        return maker_side(edge, self.orientation)

    # --- stops --------------------------------------------------------------------------
    def stops(self, d: dict, nodes: list[Node], where: str,
              names: list[str | None], reserved: list[list[str]], marks: list | None = None) -> list[str]:
        """Write cities, towns, values and the off-board revenue of ``nodes`` into ``d``; the
        role of each node (city, town, offboard, junction) for the track."""
        roles: list[str] = []
        cities, towns, values, booms = [], [], [], []
        for k, n in enumerate(nodes):
            name = names[k] if k < len(names) else None
            if n.kind == "junction":
                roles.append("junction")
                continue
            if n.kind not in ("city", "town"):
                self.note(where, f"a {n.kind} has no 18xx-maker equivalent; not written")
                roles.append("junction")
                continue
            phased = isinstance(n.revenue, str)
            extra = [f for f in ("visit_cost", "route", "format", "symbol") if getattr(n, f) is not None]
            extra += [f for f in ("boom", "to_city", "halt") if getattr(n, f)]
            if extra:
                self.note(where, f"stop details {', '.join(extra)} have no 18xx-maker field (kept in encoding)")
            if n.kind == "city" and n.slots == 0 and n.offboard is False:
                self.note(where, "a city with no station circle is written as an off-board revenue (18xx-maker cities have 1-6)")
            if n.kind == "city" and n.maker_as == "values" and not phased:  # an off-board arrow's revenue, as a value
                roles.append("offboard")
                values.append({"value": n.revenue})
                continue
            if _is_offboard(n) or (phased and "offBoardRevenue" not in d):
                if "offBoardRevenue" in d:
                    self.note(where, "a second off-board revenue has no 18xx-maker field; only the first is written")
                else:
                    obr: dict = {"revenues": revenues(n.revenue)}
                    if n.rows:
                        obr["rows"] = n.rows
                    if n.groups and _is_offboard(n):
                        obr["groups"] = list(n.groups)
                    if name and _is_offboard(n):
                        obr["name"] = {"name": name}
                    d["offBoardRevenue"] = obr
                if _is_offboard(n):
                    roles.append("offboard")
                    continue
            elif phased:
                self.note(where, f"phase revenue {str(n.revenue)[:40]} of a second stop has no 18xx-maker field")
            item: dict = {}
            boom = n.style in ("boomtown", "boomtown_solid")
            if boom:  # 18xx-maker's boomtown: a town ringed, or a city grown from one
                if n.kind == "city":
                    item["city"] = True
                if n.style == "boomtown_solid":
                    item["dashed"] = False
            elif n.kind == "city":
                if n.slots > MAX_CITY_SIZE:
                    self.note(where, f"a city of {n.slots} circles is written with {MAX_CITY_SIZE}, the most 18xx-maker draws")
                item["size"] = min(n.slots, MAX_CITY_SIZE)
            if n.at is not None:
                item.update(placement_fields(n.at))
            if name:
                item["name"] = {"name": name}
            if n.groups:
                item["groups"] = list(n.groups)
            circle_marks = marks[k] if marks is not None and k < len(marks) else []
            single = sum(x.kind == "town" for x in nodes) == 1 and not any(x.kind == "city" for x in nodes)
            if n.kind == "town" and n.maker_as != "centerTowns" and not boom and (n.at is not None or not single):
                item["_town"] = True  # drawn where it stands; a lone town with no place is the centre town
            if n.kind == "city" and not boom and ((k < len(reserved) and reserved[k]) or circle_marks):
                item["companies"] = write_circles(reserved[k] if k < len(reserved) else [], circle_marks)
            (booms if boom else cities if n.kind == "city" else towns).append(item)
            roles.append(n.kind)
            if not phased:
                value: dict = {"value": n.revenue}
                if n.hide:
                    value["hidden"] = True
                values.append(value)
        if cities:
            d["cities"] = cities
        placed = [t.pop("_town", False) for t in towns]
        if not all(placed):
            d["centerTowns"] = [t for t, p in zip(towns, placed, strict=True) if not p]
        if any(placed):
            d["towns"] = [t for t, p in zip(towns, placed, strict=True) if p]
        if booms:
            d["boomtowns"] = booms
        if any(v["value"] for v in values):
            d["values"] = values
        if len(cities) + len(towns) > 1:
            self.note(where, "several stops on one hex; which track joins which stop is carried only by 'encoding'")
        return roles

    # --- track --------------------------------------------------------------------------
    def track(self, d: dict, paths: list[TilePath], stubs: list[int], roles: list[str], where: str,
              stub_lengths: list[float] = ()) -> None:
        """Write printed track and stubs into ``d``."""
        out = []
        for p in paths:
            a, b = p.a, p.b
            item: dict
            drawn = _drawn(p.drawn)
            if p.drawn == "+":
                continue  # the rest of a track written with its first piece
            if drawn is not None:
                item = drawn
            elif isinstance(a, int) and isinstance(b, int):
                diff = (b - a) % 6
                if diff == 3:
                    kind, s = "straight", min(a, b)
                elif diff in (1, 2):
                    kind, s = ("sharp" if diff == 1 else "gentle"), a
                elif diff in (4, 5):
                    kind, s = ("sharp" if diff == 5 else "gentle"), b
                else:
                    self.note(where, f"track from side {self.side(a)} back to itself has no 18xx-maker shape")
                    continue
                item = {"type": kind, "side": self.side(s)}
            elif isinstance(a, int) or isinstance(b, int):
                edge, port = (a, b) if isinstance(a, int) else (b, a)
                k = node_index(port)
                item = {"side": self.side(edge)}
                if k is not None and k < len(roles) and roles[k] == "offboard":
                    item["type"] = "offboard"  # the arrow into an off-board revenue
                elif p.terminal:
                    self.note(where, "a terminal path into a city or town is written as ordinary track (kept in encoding)")
            else:
                self.note(where, "track between two stops inside the hex has no 18xx-maker shape (kept in encoding)")
                continue
            if p.track != "broad":
                if p.track == "future":
                    item["color"] = FUTURE_COLOR
                else:
                    item["gauge"] = GAUGE[p.track]
            if p.lanes is not None or p.ignore:
                self.note(where, "track lanes and ignore:1 have no 18xx-maker field (kept in encoding)")
            out.append(item)
        for i, e in enumerate(stubs):
            length = stub_lengths[i] if i < len(stub_lengths) else 1
            out.append({"side": self.side(e), "type": "straight", "end": length} if 0 < length < 1 else {"type": "stub", "side": self.side(e)})
        if out:
            d["track"] = out

    # --- decoration ---------------------------------------------------------------------
    def decor(self, d: dict, obj: Cell | TileDef, where: str) -> None:
        """Labels, terrain costs, icons; notes for frames, stripes, future labels, partitions."""
        labels = ([obj.label] if obj.label else []) + list(obj.labels)
        if labels:
            d["labels"] = [{"label": lbl} for lbl in labels]
        terrain: list[dict] = []
        if obj.terrain_drawn and sum(c for _k, _t, c in obj.terrain_drawn) == (
                obj.cost if isinstance(obj, Cell) else sum(c.cost for c in obj.costs)):
            for key, kind, cost in obj.terrain_drawn:  # the symbols as they were drawn
                d.setdefault(key, []).append({**({"type": kind} if kind else {}), **({"cost": cost} if cost or key != "terrain" else {})})
            obj = obj.model_copy(update={"costs": [], "cost": 0, "terrain": "plain"} if isinstance(obj, Cell) else {"costs": []})
        for c in obj.costs:
            first: dict = {"cost": c.cost}
            if c.terrains:
                first["type"] = c.terrains[0]
            terrain.append(first)
            terrain += [{"type": t} for t in c.terrains[1:]]
        if isinstance(obj, Cell) and not obj.costs and (obj.cost or obj.terrain in ("hill", "mountain", "water")):
            terrain.append({"cost": obj.cost, **({"type": obj.terrain} if obj.terrain in ("hill", "mountain", "water") else {})})
        if terrain:
            d["terrain"] = terrain
        if obj.icons:
            d["icons"] = [{"type": icon.split(",")[0].removeprefix("image:")} for icon in obj.icons]
            extra = sorted({kv.split(":")[0] for icon in obj.icons for kv in icon.split(",")[1:]} - ICON_DRAWING)
            if extra:
                self.note(where, f"icon parameters {', '.join(extra)[:60]} have no 18xx-maker field (kept in encoding)")
        for field, text in (("frame", "a frame"), ("stripes", "stripes"), ("future_label", "a future label")):
            if getattr(obj, field):
                self.note(where, f"{text} has no 18xx-maker field (kept in encoding)")
        if obj.partitions:
            self.note(where, "partitions have no 18xx-maker field (kept in encoding)")

    def borders(self, d: dict, kinds: list[tuple[int, str, str | None]], where: str) -> None:
        """Hex borders from (edge, kind, drawing colour) triples."""
        out = []
        for edge, kind, color in kinds:
            style = BORDER_STYLE.get(kind)
            if style is None:
                self.note(where, f"a border of type {kind[:20]} has no 18xx-maker style; not written")
                continue
            if kind == "divider" and color:  # a line in a colour of no known meaning, as it was drawn
                out.append({"side": self.side(edge), "color": color})
                continue
            out.append({"side": self.side(edge), **style, **({"color": color} if color else {})})
        if out:
            d["borders"] = out


def _hex_def(w: _Writer, cell: Cell, label: str, sides: dict[tuple[str, int], list[EdgeFeature]], code: str,
             palette: dict[str, str] | None = None) -> dict:
    color = cell.printed_color
    d: dict = {"color": maker_color(color)}
    if d["color"] not in MAKER_HEX_COLORS and color not in (palette or {}):
        w.note(label, f"colour {color} is not one of 18xx-maker's hex colours; written by name")
    names = [c.name for c in cell.cities] + [t.name for t in cell.towns]
    if cell.name and cell.name != " / ".join(n for n in names if n):  # named on the hex, not only by its stops
        d["names"] = [{"name": part} for part in cell.name.split(" / ")]
    reserved = [list(c.reserved) for c in cell.cities]
    roles = w.stops(d, cell_nodes(cell), label, names, reserved, [list(c.marks) for c in cell.cities])
    if cell.extra_values:
        d["values"] = d.get("values", [{"value": c.revenue} for c in cell.cities if c.slots]) + [{"value": v} for v in cell.extra_values]
    w.track(d, list(cell.paths), list(cell.stubs), roles, label, list(cell.stub_lengths))
    w.decor(d, cell, label)
    write_marks(cell, d)
    if cell.open_sides:
        d["removeBorders"] = [w.side(e) for e in cell.open_sides]
    labelled = {m.label for m in cell.company_labels}
    if any(cid not in labelled for cid in cell.reserved):  # a hex-level reservation: a company label on the hex
        d["companies"] = d.get("companies", []) + [{"label": cid} for cid in cell.reserved if cid not in labelled]
    w.borders(d, [(e, f.kind, f.color) for e in range(6) for f in sides.get((label, e), [])], label)
    if code:
        d["encoding"] = code
    return d


def _tile_def(w: _Writer, t: TileDef, unlimited: int | str) -> dict:
    d: dict = {"color": t.drawn_color or maker_color(t.color), "quantity": t.count if t.count is not None else unlimited}
    where = f"tile {t.id}"
    if t.printed_names:
        d["names"] = [{"name": n} for n in t.printed_names]
    roles = w.stops(d, list(t.nodes), where, [n.name for n in t.nodes], [list(n.reserved) for n in t.nodes],
                    [list(n.marks) for n in t.nodes])
    w.track(d, list(t.paths), list(t.stubs), roles, where, list(t.stub_lengths))
    w.decor(d, t, where)
    write_marks(t, d)
    if t.open_sides:
        d["removeBorders"] = [w.side(e) for e in t.open_sides]
    w.borders(d, [(b.edge, TILE_BORDER_KIND.get(b.type, b.type or "border"), b.color) for b in t.borders], where)
    if any(b.cost for b in t.borders):
        w.note(where, "border costs on a tile have no 18xx-maker field (kept in encoding)")
    d["encoding"] = tile_code(t)
    return d


def tile_def(t: TileDef, orientation: str, unlimited: int | str = UNLIMITED) -> dict:
    """One tile as an 18xx-maker tile definition (an unlimited supply is written as ``unlimited``)."""
    return _tile_def(_Writer(orientation), t, unlimited)


def _border_texts(scenario: Scenario, orientation: str) -> list[dict]:
    """The cost of each costly border, printed at the middle of its side (``map.borderTexts``)."""
    out = []
    for f in scenario.board.edges:
        if f.cost and COORD.match(f.cell):
            item: dict = {"cost": f.cost, "coord": f"{f.cell}s{maker_side(f.edge, orientation)}"}
            if f.kind in ("river", "mountain"):
                item["bgColor"] = BORDER_STYLE[f.kind]["color"]
            out.append(item)
    return out


def _library_base(t: TileDef) -> str | None:
    """The number of the standard or 18xx-maker library tile ``t`` is (whatever its id), or None."""
    if "undefined" in t.tags:  # a number the file names but defines nowhere stays a number
        return t.name or t.id
    plain = {"id", "name", "count", "upgrades"}
    for base in dict.fromkeys([t.id.split("|")[0], *([t.name] if t.name else [])]):
        if is_standard(t.model_copy(update={"id": base})):
            return base
        lib = load_tileset("18xx-maker-library").get(base)
        if lib is not None and lib.model_dump(exclude=plain) == t.model_dump(exclude=plain):
            return base
    return None


def _drawn(text: str | None) -> dict | None:
    """The 18xx-maker track item a path was drawn as (kept by the importer), or None."""
    if not text or text == "+":
        return None
    try:
        item = json.loads(text)
    except ValueError:
        return None
    return item if isinstance(item, dict) else None


def _few(places: list[str]) -> str:
    """'A1, B2, ... (12 places)': the first five of a list of places."""
    head = ", ".join(dict.fromkeys(places[:5]))
    return f"{head}, ... ({len(places)} places)" if len(places) > 5 else head


def export_18xx_maker_data(scenario: Scenario) -> tuple[dict, list[str]]:
    """The game JSON as a dict, and notes about what was left out."""
    grid = scenario.board.grid
    if not isinstance(grid, HexGrid):
        raise ExportError("18xx-maker maps are hex grids; this scenario has a square grid")
    orientation = grid.orientation
    sides = side_features(scenario)
    w = _Writer(orientation)
    groups: dict[str, dict] = {}
    for coord in grid.ordered_coords:
        label = grid.label(coord)
        cell = scenario.board.cells.get(label, Cell())
        if not COORD.match(label):
            w.note(label, "18xx-maker coordinates are capital letters and digits (A1); hex not written")
            continue
        if cell.printed_color == "empty":
            w.note(label, "a hole in the map (colour empty); hex not written")
            continue
        if cell.tile is not None:
            w.note(label, "laid tiles are game state, not exported")
        if cell.tokens:
            w.note(label, "station tokens are game state, not exported")
        code = format_parts(cell_parts(cell, label, sides))
        d = _hex_def(w, cell, label, sides, code, scenario.board.palette)
        key = json.dumps(d, sort_keys=True)
        groups.setdefault(key, {**d, "hexes": []})["hexes"].append(label)
    info: dict = {"title": scenario.meta.game or scenario.meta.title}
    if scenario.meta.author:
        info["designer"] = scenario.meta.author
    if scenario.meta.attribution:
        info["subtitle"] = scenario.meta.attribution
    if orientation == "flat":
        info["orientation"] = "horizontal"
    tiles, upgrades = _tiles(scenario, w)
    _off_grid(scenario, w, groups)
    game_map: dict = {"hexes": list(groups.values())}
    if scenario.board.lines:
        game_map["borders"] = [{"color": ln.color, **({"dashed": True} if ln.dashed else {}), **ln.style, "coords": list(ln.coords)}
                               for ln in scenario.board.lines]
    texts = _border_texts(scenario, orientation)
    if texts:
        game_map["borderTexts"] = texts
    notes = w.notes() + terrain_notes(scenario.tileset().tiles, "18xx-maker's tile format")
    if scenario.companies:
        notes.append(f"{len(scenario.companies)} companies are not exported (the export writes the map and the tiles)")
    data = {"info": info, "tiles": tiles, "upgrades": upgrades, "map": game_map}
    if scenario.board.palette:
        data["colors"] = dict(scenario.board.palette)
    return data, notes


def _off_grid(scenario: Scenario, w: _Writer, groups: dict[str, dict]) -> None:
    """The hexes beside the map, off its rows (their own grid), as hex definitions."""
    board = scenario.board
    grid = board.off_grid_layout
    if grid is None or not board.off_grid:
        return
    sides: dict[tuple[str, int], list[EdgeFeature]] = {}
    for f in board.off_grid_edges:
        sides.setdefault((f.cell, f.edge), []).append(f)
        if grid.is_label(f.cell):
            other = grid.neighbour(grid.coord(f.cell), f.edge)
            if other is not None:
                sides.setdefault((grid.label(other), grid.opposite(f.edge)), []).append(f)
    for label, cell in board.off_grid.items():
        d = _hex_def(w, cell, label, sides, "", board.palette)
        key = json.dumps(d, sort_keys=True)
        groups.setdefault(key, {**d, "hexes": []})["hexes"].append(label)


def _tiles(scenario: Scenario, w: _Writer) -> tuple[dict, dict]:
    """The ``tiles`` and ``upgrades`` objects; tile ids 18xx-maker cannot key are renamed."""
    tileset = scenario.tileset()
    graph = effective_graph(tileset)  # the declared graph, or the one the engine would derive
    ids: dict[str, str] = {}
    for t in tileset.tiles:
        if t.count == 0:
            w.note(f"tile {t.id}", "a count of 0 cannot be written (18xx-maker counts start at 1); left out")
            continue
        new = t.id if TILE_ID.match(t.id) else re.sub(r"[^0-9a-zA-Z|]", "", t.id) or "tile"
        if new != t.id:
            while new in ids.values() or any(o.id == new for o in tileset.tiles):
                new += "x"
            w.note(f"tile {t.id}", f"18xx-maker tile ids are letters and digits; written as {new}")
        ids[t.id] = new
    tiles: dict = {}
    upgrades: dict = {}
    for t in tileset.tiles:
        if t.id not in ids:
            continue
        base = _library_base(t)
        if base is not None:  # a standard or library tile, under its number or another id
            count = t.count if t.count is not None else UNLIMITED
            tiles[ids[t.id]] = {"tile": base, "quantity": count} if base != ids[t.id].split("|")[0] else (
                count if t.count is not None else {"quantity": UNLIMITED})
        else:
            tiles[ids[t.id]] = _tile_def(w, t, UNLIMITED)
        targets = list(dict.fromkeys(ids[u] for u in graph.get(t.id, []) if u in ids))
        if targets:
            upgrades[ids[t.id]] = targets
    return tiles, upgrades


def export_18xx_maker(scenario: Scenario) -> tuple[str, list[str]]:
    """The game JSON text (stable formatting) and notes."""
    data, notes = export_18xx_maker_data(scenario)
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n", notes

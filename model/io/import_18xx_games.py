"""Import an 18xx.games map file (``map.rb``) as a Trackwright scenario.

Reads the Ruby literal subset (see :mod:`model.io.tobymao`) and the constants ``LAYOUT``, ``AXES``,
``TILES``, ``LOCATION_NAMES`` and ``HEXES``. The reverse of :mod:`model.io.export_18xx_games`:

* hex colours: white -> plain land (``upgrade=...,terrain:hill|mountain|water`` sets the terrain,
  the cost always goes to ``Cell.cost``), yellow/green/brown -> ``Cell.color``, gray -> terrain
  ``gray``, red -> terrain ``offboard``, blue -> terrain ``lake``;
* ``offboard=`` parts become cities with no station slot; borders become edge features (one per
  side, named from the cell with the smaller (x, y)); icons with the conventional parameters keep
  just the image name, others are kept verbatim as ``image:...``;
* ``TILES``: standard numbers come from ``resources/tilesets/18xx-standard.json``; game-specific
  tiles are read from their code. When the title has a bundled tile set of the same id and the
  manifest matches it exactly, the scenario refers to that set; otherwise the tiles become custom
  tiles, with upgrades worked out by :func:`generic_upgrades`.
* the rule set is the title's own (``module G18India`` -> ``18india``) when one is registered,
  otherwise the generic ``18xx``.

Anything the scenario cannot hold raises :class:`ImportError18xx` naming the line; drawing-only
details that are dropped (``loc:``, town ``style:`` on the board, border colours) are returned
as warnings naming the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from model.board import Board, Cell, City, EdgeFeature, Town
from model.grid import HexGrid, letter_index
from model.io.export_18xx_games import LAND_COLORS, icon_defaults, is_standard
from model.io.tobymao import (
    DslError,
    HashValue,
    RubySyntaxError,
    RValue,
    Symbol,
    canonical_parts,
    parse_ruby_constants,
    parse_track,
    tile_code,
    tile_from_code,
)
from model.scenario import Meta, RulesRef, Scenario, TileSupply
from model.tiles import COLOR_ORDER, TileDef, load_tileset

KNOWN_CONSTANTS = {"LAYOUT", "AXES", "TILES", "LOCATION_NAMES", "HEXES"}
COLOR_TERRAIN = {"gray": "gray", "red": "offboard", "blue": "lake"}
UPGRADE_TERRAINS = ("hill", "mountain", "water")
BORDER_TYPES = ("province", "water", "impassable")
DECORATIVE_PARTS = ("frame", "stripes", "future_label")
"""Parts that only change how a hex looks; dropped with a warning under ``lenient``."""


class ImportError18xx(ValueError):
    """An 18xx.games map file that cannot be imported; ``str()`` names the file and line."""

    def __init__(self, file: str, line: int | None, message: str) -> None:
        self.file, self.line, self.message = file, line, message
        where = f":{line}" if line else ""
        super().__init__(f"{file}{where}: {message}")


@dataclass
class ImportResult:
    scenario: Scenario
    warnings: list[str] = field(default_factory=list)


def _items(v: RValue, what: str, file: str) -> list[tuple[RValue, RValue]]:
    if not isinstance(v.value, HashValue):
        raise ImportError18xx(file, v.line, f"{what} must be a hash {{ ... }}")
    return v.value.items


def _parse_label(text: str, orientation: str, axes: str) -> tuple[int, int]:
    m = re.fullmatch(r"([A-Z]+)(\d+)", text)
    if not m:
        raise ValueError(f"{text!r} is not a hex coordinate like G8")
    a, n = letter_index(m.group(1)), int(m.group(2)) - 1
    if n < 0:
        raise ValueError(f"{text!r}: numbers start at 1")
    return (a, n) if axes == "letter-number" else (n, a)


def generic_upgrades(tiles: list[TileDef]) -> list[TileDef]:
    """Upgrades by the usual 18xx rule, as the engine's ``upgrades_to?`` has it: the next colour,
    the same label (or the tile's future label, for a tile of its colour), the same number of towns, the same number of cities unless the tile is
    labelled (a labelled tile may merge its cities, e.g. two-city C to one-city C, but never lose
    them all), and some rotation that keeps every old exit. Title-specific exceptions belong to
    a rule set."""
    out = []
    for t in tiles:
        if t.color not in COLOR_ORDER or t.color == COLOR_ORDER[-1]:
            out.append(t)
            continue
        nxt = COLOR_ORDER[COLOR_ORDER.index(t.color) + 1]
        ups = []
        future = getattr(t, "future_label", None)
        want = future.label if future is not None and future.color == nxt else t.label
        for u in tiles:
            if u.color != nxt or u.label != want or u.town_count != t.town_count:
                continue
            if (u.city_count != t.city_count) if not t.label else (t.city_count and not u.city_count):
                continue
            old = t.exits()
            if any(old <= u.exits(r) for r in range(6)):
                ups.append(u.id)
        out.append(t.model_copy(update={"upgrades": ups}))
    return out


class _Importer:
    def __init__(self, text: str, file: str, rules: str | None, lenient: bool = False) -> None:
        self.file = file
        self.lenient = lenient
        self.warnings: list[str] = []
        try:
            self.consts = parse_ruby_constants(text)
        except RubySyntaxError as exc:
            raise ImportError18xx(file, exc.line, exc.message) from None
        self.rules_override = rules

    def fail(self, line: int | None, msg: str) -> ImportError18xx:
        return ImportError18xx(self.file, line, msg)

    def warn(self, line: int, msg: str) -> None:
        self.warnings.append(f"{self.file}:{line}: {msg}")

    # --- top level -----------------------------------------------------------------------------
    def run(self) -> ImportResult:
        c = self.consts
        modules = [m.value for m in c.pop("__modules__", RValue([], 0)).value]
        for name, v in c.items():
            if name not in KNOWN_CONSTANTS:
                self.warn(v.line, f"constant {name} is not map data and was not imported")
        if "HEXES" not in c:
            raise self.fail(None, "no HEXES constant: this is not an 18xx.games map file")
        layout = c.get("LAYOUT")
        orientation = "pointy"
        if layout is None:
            self.warn(1, "no LAYOUT given; 18xx.games then draws pointy-topped hexes")
        elif layout.value in ("flat", "pointy") and isinstance(layout.value, Symbol):
            orientation = str(layout.value)
        else:
            raise self.fail(layout.line, f"LAYOUT must be :flat or :pointy, found {layout.value!r}")
        axes = "letter-number" if orientation == "flat" else "number-letter"
        if "AXES" in c:
            av = c["AXES"]
            pairs = {k.plain_key(): v.plain() for k, v in _items(av, "AXES", self.file)}
            if pairs == {"x": "letter", "y": "number"}:
                axes = "letter-number"
            elif pairs == {"x": "number", "y": "letter"}:
                axes = "number-letter"
            else:
                raise self.fail(av.line, f"AXES {pairs} is not supported (x: :letter, y: :number or the reverse)")
        game = next((m[1:] for m in reversed(modules) if re.fullmatch(r"G[0-9A-Z]\w*", m)), None)
        game_id = game.lower() if game else None
        rules_id = self.rules_override or self._rules_for(game_id)

        hexes = self._hexes(c["HEXES"], orientation, axes)
        names = self._names(c.get("LOCATION_NAMES"), hexes, orientation, axes)
        grid = self._grid(hexes, orientation, axes)
        cells, edges = self._cells(hexes, names, grid)
        tiles = self._tiles(c.get("TILES"), rules_id, game_id)
        meta = Meta(title=game or "Imported map", game=game, description=f"Imported from the 18xx.games map file {self.file}.")
        try:
            scenario = Scenario(meta=meta, rules=RulesRef(id=rules_id), board=Board(grid=grid, cells=cells, edges=edges), tiles=tiles)
        except ValueError as exc:
            raise self.fail(None, f"the map does not make a valid scenario: {exc}") from None
        return ImportResult(scenario, self.warnings)

    def _rules_for(self, game_id: str | None) -> str:
        if game_id:
            from model.rules import get_rule_set

            try:
                get_rule_set(game_id)
                return game_id
            except KeyError:
                pass
        return "18xx"

    # --- hexes ---------------------------------------------------------------------------------
    def _hexes(self, hv: RValue, orientation: str, axes: str) -> dict[str, tuple[str, str, int]]:
        """label -> (colour, code, line)."""
        out: dict[str, tuple[str, str, int]] = {}
        for ck, group in _items(hv, "HEXES", self.file):
            color = ck.value
            if not isinstance(color, str):
                raise self.fail(ck.line, f"HEXES colour {color!r} must be a symbol like white:")
            if color == "empty":
                self.warn(ck.line, "empty: hexes are holes in the map and are left off the board")
                continue
            if color not in ("white", "yellow", "green", "brown", "gray", "red", "blue"):
                raise self.fail(ck.line, f"hex colour {color!r} is not supported (white, yellow, green, brown, gray, red, blue)")
            for key, code in _items(group, f"HEXES[{color}]", self.file):
                labels = key.plain()
                labels = [labels] if isinstance(labels, str) else labels
                if not isinstance(labels, list) or not all(isinstance(x, str) for x in labels):
                    raise self.fail(key.line, "hex keys must be a list of coordinates")
                if not isinstance(code.value, str):
                    raise self.fail(code.line, "a hex definition must be a tile-language string")
                for lbl in labels:
                    try:
                        _parse_label(lbl, orientation, axes)
                    except ValueError as exc:
                        raise self.fail(key.line, str(exc)) from None
                    if lbl in out:
                        raise self.fail(key.line, f"{lbl} is defined twice (also on line {out[lbl][2]})")
                    out[lbl] = (color, code.value, code.line)
        if not out:
            raise self.fail(hv.line, "HEXES has no hexes")
        return out

    def _names(self, nv: RValue | None, hexes, orientation, axes) -> dict[str, str]:
        if nv is None:
            return {}
        out = {}
        for k, v in _items(nv, "LOCATION_NAMES", self.file):
            if not isinstance(k.value, str) or not isinstance(v.value, str):
                raise self.fail(k.line, "LOCATION_NAMES maps a coordinate string to a name string")
            if k.value not in hexes:
                raise self.fail(k.line, f"LOCATION_NAMES names {k.value}, which is not in HEXES")
            out[k.value] = v.value
        return out

    def _grid(self, hexes, orientation: str, axes: str | None) -> HexGrid:
        coords = {lbl: _parse_label(lbl, orientation, axes) for lbl in hexes}
        parities = {(x + y) % 2 for x, y in coords.values()}
        if len(parities) > 1:
            odd = next(lbl for lbl, (x, y) in coords.items() if (x + y) % 2 != (sum(next(iter(coords.values()))) % 2))
            raise self.fail(hexes[odd][2], f"{odd} does not fit the hex grid of the other coordinates (mixed parity)")
        parity = parities.pop()
        width = max(x for x, _ in coords.values()) + 1
        height = max(y for _, y in coords.values()) + 1
        if axes == ("letter-number" if orientation == "flat" else "number-letter"):
            axes = None  # the default for the layout: leave it implicit, as a new scenario does
        full = HexGrid(width=width, height=height, orientation=orientation, axes=axes, parity=parity)
        ordered = sorted(coords, key=lambda lbl: (coords[lbl][1], coords[lbl][0]))
        cells = None if len(full) == len(coords) else ordered
        return HexGrid(width=width, height=height, orientation=orientation, axes=axes, parity=parity, cells=cells)

    def _cells(self, hexes, names, grid: HexGrid) -> tuple[dict[str, Cell], list[EdgeFeature]]:
        cells: dict[str, Cell] = {}
        sides: dict[tuple, dict[str, tuple[EdgeFeature, int]]] = {}
        for coord in grid.ordered_coords:
            lbl = grid.label(coord)
            color, code, line = hexes[lbl]
            cell, borders = self._cell(lbl, color, code, line, names.get(lbl))
            if not cell.is_empty():
                cells[lbl] = cell
            for edge, kind, cost in borders:
                other = grid.neighbour(coord, edge)
                if other is not None and other < coord:
                    name_cell, name_edge = grid.label(other), grid.opposite(edge)
                else:
                    name_cell, name_edge = lbl, edge
                key = (name_cell, name_edge)
                have = sides.setdefault(key, {})
                f = EdgeFeature(cell=name_cell, edge=name_edge, kind=kind, cost=cost)
                if kind in have and have[kind][0] != f:
                    raise self.fail(line, f"{lbl} edge {edge}: the {kind} border differs from the one declared "
                                    f"on the neighbouring hex (line {have[kind][1]})")
                have.setdefault(kind, (f, line))
        edges = [f for feats in sides.values() for f, _ in feats.values()]
        edges.sort(key=lambda f: (grid.coord(f.cell)[1], grid.coord(f.cell)[0], f.edge, f.kind))
        return cells, edges

    def _cell(self, lbl: str, color: str, code: str, line: int, name: str | None):
        try:
            track = parse_track(code)
        except DslError as exc:
            raise self.fail(line, f"{lbl}: {exc}") from None
        for w in track.warnings:
            self.warn(line, f"{lbl}: {w}")
        terrain = COLOR_TERRAIN.get(color, "plain")
        cost, label, icons, borders = 0, None, [], []
        for p in track.other:
            where = f"{lbl}: {p.text()!r}"
            if p.type == "label" and p.bare is not None:
                if label is not None:
                    raise self.fail(line, f"{where}: a hex with two labels is not supported")
                label = p.bare
            elif p.type == "upgrade":
                if set(p.params) - {"cost", "terrain", "loc"} or not p.params.get("cost", "").isdigit():
                    raise self.fail(line, f"{where}: expected upgrade=cost:N[,terrain:T]")
                if "loc" in p.params:
                    self.warn(line, f"{where}: drawing detail loc is not kept")
                if cost:
                    raise self.fail(line, f"{where}: a hex with two upgrade costs is not supported")
                cost = int(p.params["cost"])
                t = p.params.get("terrain")
                if t is not None:
                    t = self._terrain(t, where, line)
                if t is not None:
                    if terrain != "plain":
                        raise self.fail(line, f"{where}: a {color} hex cannot have {t} terrain")
                    terrain = t
            elif p.type == "border":
                borders += self._border(p, where, line)
            elif p.type == "icon":
                icons.append(self._icon(p, where, line, color))
            elif p.type in DECORATIVE_PARTS and self.lenient:
                self.warn(line, f"{where}: decoration {p.type} is not kept (--lenient)")
            else:
                raise self.fail(line, f"{where}: the part {p.type!r} is not supported")
        cities = [City(slots=n.slots, revenue=n.revenue, groups=n.groups) for n in track.nodes if n.kind == "city"]
        towns = []
        for n in track.nodes:
            if n.kind == "town":
                if n.style:
                    self.warn(line, f"{lbl}: town style {n.style} (drawing only) is not kept on a hex")
                towns.append(Town(revenue=n.revenue))
        if terrain != "offboard" and track.offboards:
            raise self.fail(line, f"{lbl}: an offboard= revenue location is only supported on a red hex")
        cell = Cell(
            terrain=terrain,
            cost=cost,
            color=color if color in ("yellow", "green", "brown") else None,
            name=name,
            label=label,
            cities=cities,
            towns=towns,
            junction=any(n.kind == "junction" for n in track.nodes),
            paths=track.paths,
            icons=icons,
        )
        return cell, borders

    def _terrain(self, text: str, where: str, line: int) -> str | None:
        """Our terrain for an upgrade's ``terrain:`` (None: keep the cost on plain land)."""
        kinds = text.split("|")
        if len(kinds) == 1 and kinds[0] in UPGRADE_TERRAINS:
            return kinds[0]
        known = [k for k in kinds if k in UPGRADE_TERRAINS]
        if not self.lenient:
            what = f"terrain {text!r}" + (" (several terrains on one hex)" if len(kinds) > 1 else "")
            raise self.fail(line, f"{where}: {what} is not supported (one of hill, mountain, water); "
                            "--lenient keeps the cost with the first supported terrain")
        kept = known[0] if known else None
        self.warn(line, f"{where}: terrain {text} kept as {kept or 'plain land'} with its cost (--lenient)")
        return kept

    def _border(self, p, where: str, line: int) -> list[tuple[int, str, int]]:
        params = dict(p.params)
        edge = params.pop("edge", "")
        if not re.fullmatch(r"[0-5]", edge):
            raise self.fail(line, f"{where}: a border needs edge:0-5")
        kind = params.pop("type", None)
        cost = params.pop("cost", "0")
        if "color" in params:
            self.warn(line, f"{where}: border colour {params.pop('color')} (drawing only) is not kept")
        if params or not cost.isdigit():
            raise self.fail(line, f"{where}: parameters {sorted(params) or ['cost']} are not supported on a border")
        if kind not in BORDER_TYPES:
            raise self.fail(line, f"{where}: border type {kind or '(none)'} has no Trackwright edge feature "
                            "(supported: province = gauge line, water = river, impassable)")
        e, c = int(edge), int(cost)
        if kind == "impassable":
            return [(e, "impassable", 0)]
        if kind == "water":
            return [(e, "river", c)]
        return [(e, "gauge", 0)] + ([(e, "river", c)] if c else [])

    def _icon(self, p, where: str, line: int, color: str) -> str:
        if "image" not in p.params:
            raise self.fail(line, f"{where}: an icon needs image:")
        rest = {k: v for k, v in p.params.items() if k != "image"}
        defaults = dict(kv.split(":", 1) for kv in icon_defaults(color).split(","))
        if rest == defaults:
            return p.params["image"]
        return ",".join(f"{k}:{v}" for k, v in p.params.items())

    # --- tiles ---------------------------------------------------------------------------------
    def _tiles(self, tv: RValue | None, rules_id: str, game_id: str | None) -> TileSupply:
        if tv is None:
            return TileSupply()
        from model.io.export_18xx_games import STANDARD_SET

        std = load_tileset(STANDARD_SET)
        tiles: list[TileDef] = []
        for k, v in _items(tv, "TILES", self.file):
            tid = k.value
            if not isinstance(tid, str):
                raise self.fail(k.line, f"tile name {tid!r} must be a string")
            if isinstance(v.value, HashValue):
                spec = {kk.plain_key(): vv for kk, vv in v.value.items}
                unknown = set(spec) - {"count", "color", "code"}
                if unknown:
                    raise self.fail(v.line, f"tile {tid}: keys {sorted(unknown)} are not supported")
                if "code" not in spec or "color" not in spec:
                    raise self.fail(v.line, f"tile {tid}: a game-specific tile needs 'color' and 'code'")
                count = self._count(spec.get("count", RValue(1, v.line)), tid)
                try:
                    tiles.append(tile_from_code(tid, str(spec["code"].value), str(spec["color"].value), count))
                except (DslError, ValueError) as exc:
                    raise self.fail(spec["code"].line, f"tile {tid}: {exc}") from None
            else:
                base = std.get(tid)
                if base is None:
                    raise self.fail(k.line, f"tile {tid} is not a standard tile Trackwright knows "
                                    "(add it as {'count' => N, 'color' => ..., 'code' => ...})")
                tiles.append(base.model_copy(update={"count": self._count(v, tid)}))
        bundled = self._bundled(tiles, game_id) if rules_id != "18xx" or game_id else None
        if bundled is not None:
            return TileSupply(set=bundled)
        return TileSupply(custom=generic_upgrades(tiles))

    def _count(self, v: RValue, tid: str) -> int | None:
        if v.value == "unlimited":
            return None
        if isinstance(v.value, int) and not isinstance(v.value, bool) and v.value >= 0:
            return v.value
        raise self.fail(v.line, f"tile {tid}: count {v.value!r} must be a number or 'unlimited'")

    def _bundled(self, tiles: list[TileDef], game_id: str | None) -> str | None:
        """The id of a bundled tile set that is exactly this manifest, if there is one."""
        if not game_id:
            return None
        try:
            ts = load_tileset(game_id)
        except (KeyError, ValueError):
            return None
        if [t.id for t in ts.tiles] != [t.id for t in tiles]:
            return None
        for mine, theirs in zip(tiles, ts.tiles, strict=True):
            if (mine.color, mine.count, mine.label) != (theirs.color, theirs.count, theirs.label):
                return None
            if canonical_parts(tile_code(mine)) != canonical_parts(tile_code(theirs)):
                return None
        return game_id


def import_18xx_games(text: str, file: str = "<string>", rules: str | None = None, lenient: bool = False) -> ImportResult:
    """Read a map file's text. Raises :class:`ImportError18xx` naming the line for what it cannot hold.

    ``lenient`` turns two kinds of loss into warnings (naming the line) instead of errors:
    terrain types Trackwright lacks (or several on one hex: the cost is kept with the first
    supported terrain, or on plain land) and decorative parts (frame, stripes, future_label).
    """
    return _Importer(text, file, rules, lenient).run()


__all__ = ["ImportError18xx", "ImportResult", "generic_upgrades", "import_18xx_games", "is_standard", "LAND_COLORS"]

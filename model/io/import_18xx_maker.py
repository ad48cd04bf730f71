"""Import an 18xx-maker game file (JSON) as a Trackwright scenario.

The reverse of :mod:`model.io.export_18xx_maker`. What is read:

* ``info``: the title, designer and subtitle (``meta``), and ``orientation`` (``horizontal`` is a
  flat-topped map; otherwise pointy);
* ``map.hexes``: every hex definition and the coordinates it covers; colours (``plain`` white,
  ``offboard`` red, ``water`` blue, ``gray``, ``yellow``, ``green``, ``brown``), names, cities
  (size, name, groups, the companies they are reserved for), towns, off-board revenues (phase
  values become ``yellow_30|green_40``), values, labels, terrain with its cost (``tunnels`` and
  ``bridges`` are costs too), icons, side borders, and printed track, turned from the drawing
  into paths between edges and stops (:mod:`model.io.maker_geometry`);
* ``map.borders``: borders drawn through hex corners (``F8p3``) become sides;
* ``tiles``: the manifest. Numbers that are standard 18xx tiles are taken from
  ``resources/tilesets/18xx-standard.json``; other numbers of 18xx-maker's own tile library from
  ``resources/tilesets/18xx-maker-library.json``; definitions in the file are read like hexes;
* ``companies``: id (``abbrev``), name, colour, token costs; a home is the hex whose city is
  reserved for the company.

Fields that only say how something is drawn (positions, fonts, widths, colours of names) are
known and skipped. Fields that carry content Trackwright cannot hold stop the import with
:class:`ImportError18xxMaker` naming the JSON path (``map.hexes[12].cities[0].foo``), or, with
``lenient``, are dropped and listed. Sections of the game that are not the map (bank, trains,
stock market, privates…) are not imported; they are listed once as a note.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from model.board import Board, Cell, City, DrawnLine, Town
from model.drawing import MakerDrawing
from model.grid import letter_index
from model.io.maker_geometry import (
    APOTHEM,
    SNAP,
    Stop,
    TrackShapeError,
    bent_stop,
    point_port,
    stop_position,
    svg_ends,
    track_ports,
)
from model.io.maker_marks import circle_marks, placement, read_marks
from model.io.maker_parts import (  # noqa: F401 (the names tools and tests import from here)
    BORDER_COLORS,
    CSS_NAMES,
    LIBRARY_SET,
    MAX_GRID,
    STANDARD_SET,
    TILE_COLORS,
    MapParts,
    _short,
)
from model.io.maker_schema import ShapeError, check_shapes
from model.io.messages import nesting_message
from model.scenario import Meta, RulesRef, Scenario, TileSupply
from model.tiles import TerrainCost, TilePath

MAX_BYTES = 16 * 1024 * 1024
LAYOUT_FIELDS = frozenset(
    "angle percent rotate rotation x y offset reverse straight hidden width fontSize fontFamily fontStyle "
    "fontWeight bgColor textColor outerBorderColor borderColor borderWidth gaugeColor cross size extend "
    "outside rows noCircle stroke strokeWidth".split()
)
"""Fields that place or style a drawn item: known, and not needed to rebuild the map."""

GAME_SECTIONS = frozenset(
    "links tokens bank players pools rounds turns stock trains tokenTypes shareTypes floatPercent phases "
    "privates colors wip prototype number_cards".split()
)
"""Top-level sections of an 18xx-maker game that describe the rest of the game, not the map."""

MAP_DRAWING = frozenset("roundTracker players market borderTexts lines".split())

HEX_COLORS = {
    "plain": ("plain", None),
    "white": ("plain", None),
    "offboard": ("offboard", None),
    "water": ("lake", None),
    "gray": ("gray", None),
    "yellow": ("plain", "yellow"),
    "green": ("plain", "green"),
    "brown": ("plain", "brown"),
}
MAKER_TERRAINS = {"river": "water"}
"""18xx-maker's names of terrain symbols that 18xx.games calls otherwise (the drawing keeps the name)."""
SIMPLE_TERRAINS = ("hill", "mountain", "water")
"""Terrains a hex holds as its terrain with one cost; others (river, swamp…) are kept as written."""
ENGINE_COLORS = {"plain": "white", "offboard": "red", "water": "blue"}
"""18xx-maker hex colours whose 18xx.games names differ."""
GAUGES = {None: "broad", "narrow": "narrow", "dual": "dual", "line": "thin", "dashed": "dashed"}


class ImportError18xxMaker(ValueError):
    """An 18xx-maker game that cannot be imported; ``str()`` names the file and the JSON path."""

    def __init__(self, file: str, where: str, message: str) -> None:
        self.file, self.where, self.message = file, where, message
        super().__init__(f"{file}: {where}: {message}" if where else f"{file}: {message}")


@dataclass
class MakerImport:
    scenario: Scenario
    dropped: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


class _Reader(MapParts):
    def __init__(self, file: str, lenient: bool) -> None:
        self.file, self.lenient = file, lenient
        self.dropped: list[str] = []
        self.notes: list[str] = []

    # --- reporting --------------------------------------------------------------------------
    def fail(self, where: str, message: str) -> ImportError18xxMaker:
        return ImportError18xxMaker(self.file, where, message)

    def unsupported(self, where: str, message: str) -> None:
        if not self.lenient:
            raise self.fail(where, message + " (use --lenient to drop it)")
        self.dropped.append(f"{where}: {message}")

    def fields(self, obj: Any, where: str, known: set[str] | frozenset[str]) -> dict:
        """``obj`` as a dict; fields neither known nor layout are unsupported."""
        if not isinstance(obj, dict):
            raise self.fail(where, f"expected an object, found {_short(obj)}")
        for key in obj:
            if key not in known and key not in LAYOUT_FIELDS:
                self.unsupported(f"{where}.{key}", "not something Trackwright can hold")
        return obj

    def items(self, obj: dict, key: str, where: str) -> list:
        v = obj.get(key, [])
        if not isinstance(v, list):
            raise self.fail(f"{where}.{key}", f"expected a list, found {_short(v)}")
        return v

    # --- hexes and tiles --------------------------------------------------------------------
    def hex_content(self, h: dict, where: str, orientation: str, known_extra: frozenset[str] = frozenset()) -> dict:
        """The content of one hex or tile definition: nodes (cities, towns, junction), paths,
        label, names, terrain, borders, icons, colour."""
        known = {
            "color", "names", "cities", "centerTowns", "towns", "track", "values", "labels", "terrain",
            "tunnels", "bridges", "offBoardRevenue", "borders", "icons", "removeBorders", "encoding",
            "tokens", "shapes", "routeBonuses", "boomtowns",
        } | set(known_extra)
        self.fields(h, where, known)
        cities: list[City] = []
        stops: list[Stop] = []
        city_reserved: list[list[str]] = []
        for i, c in enumerate(self.items(h, "cities", where)):
            w = f"{where}.cities[{i}]"
            self.fields(c, w, {"size", "name", "groups", "companies", "pass", "color"})
            size = c.get("size", 1)
            if not isinstance(size, int) or isinstance(size, bool):
                self.unsupported(f"{w}.size", f"a city of size {_short(size)} (only a number of circles is held)")
                size = 1
            for j, comp in enumerate(c.get("companies", []) or []):
                if isinstance(comp, dict):
                    self.fields(comp, f"{w}.companies[{j}]", {"label", "abbrev", "color", "reserved"})
            reserved, marks = circle_marks(c.get("companies", []) or [], w, self.fail)
            if c.get("pass"):
                self.unsupported(f"{w}.pass", "a city trains pass through without stopping")
            groups = c.get("groups", [])
            cities.append(City(name=self.name_of(c.get("name"), f"{w}.name"), slots=size, groups=list(groups), marks=marks,
                               at=placement(c)))
            city_reserved.append(reserved)
            stops.append(Stop(len(stops), *stop_position(c.get("angle"), c.get("percent"))))
        towns: list[Town] = []
        town_stops = []  # where each town is drawn (its stop index comes after the cities')
        for key in ("centerTowns", "towns"):
            for i, t in enumerate(self.items(h, key, where)):
                w = f"{where}.{key}[{i}]"
                self.fields(t, w, {"name", "color"})
                towns.append(Town(name=self.name_of(t.get("name"), f"{w}.name"), at=placement(t),
                                  maker_as="centerTowns" if key == "centerTowns" else None))
                town_stops.append(stop_position(t.get("angle"), t.get("percent")))
        for i, b in enumerate(self.items(h, "boomtowns", where)):
            w = f"{where}.boomtowns[{i}]"
            self.fields(b, w, {"name", "color", "city", "dashed", "groups", "bgColor"})
            style = "boomtown" if b.get("dashed") is not False else "boomtown_solid"
            bname = self.name_of(b.get("name"), f"{w}.name")
            if b.get("city"):  # a boomtown grown into a city: one circle, drawn in the boomtown's ring
                cities.append(City(name=bname, groups=list(b.get("groups") or []), style=style, at=placement(b)))
                city_reserved.append([])
                stops.append(Stop(len(stops), *stop_position(b.get("angle"), b.get("percent"))))
            else:
                towns.append(Town(name=bname, groups=list(b.get("groups") or []), to_city=True, style=style, at=placement(b)))
                town_stops.append(stop_position(b.get("angle"), b.get("percent")))
        offboard = h.get("offBoardRevenue")
        name = None
        if offboard is not None:
            w = f"{where}.offBoardRevenue"
            self.fields(offboard, w, {"name", "revenues", "groups"})
            revenue = self.phase_revenue(offboard.get("revenues", []), f"{w}.revenues")
            cities.append(City(slots=0, revenue=revenue, groups=list(offboard.get("groups", [])),
                               name=self.name_of(offboard.get("name"), f"{w}.name")))
            city_reserved.append([])
            stops.append(Stop(len(stops), 0.0, 0.0))
        if offboard is None and any(isinstance(t, dict) and t.get("type") == "offboard" for t in self.items(h, "track", where)):
            # off-board arrows with no revenue box: the values name the off-board's revenue
            cities.append(City(slots=0, maker_as="values"))
            city_reserved.append([])
            stops.append(Stop(len(stops), 0.0, 0.0))
        n_cities = len(cities)
        for k, (x, y) in enumerate(town_stops):
            stops.append(Stop(n_cities + k, x, y))
        # revenues: one value for every stop, or one each (cities, then towns)
        values = self.items(h, "values", where)
        for i, v in enumerate(values):
            self.fields(v, f"{where}.values[{i}]", {"value", "color"})
        revs = [v.get("value", 0) for v in values]
        valued = [bool(c.slots) or offboard is None for c in cities]  # an off-board box has its own revenues
        nodes_with_value = [c for c, on in zip(cities, valued, strict=True) if on] + towns
        extra_values: list[int | str] = []
        if revs and not nodes_with_value and "hexes" in h:  # values printed on a hex with no stop (a ferry's -10)
            extra_values = [self.revenue(v, where) for v in revs]
        elif revs:
            if len(revs) == 1:
                revs = revs * len(nodes_with_value)
            elif len(revs) > len(nodes_with_value) and "hexes" in h:
                # more values than stops: the hex prints the others beside them (1861's Ekaterinburg)
                extra_values = [self.revenue(v, where) for v in revs[len(nodes_with_value):]]
                revs = revs[: len(nodes_with_value)]
            elif len(revs) != len(nodes_with_value):
                self.unsupported(f"{where}.values", f"{len(revs)} values for {len(nodes_with_value)} cities and towns")
                revs = (revs + [0] * len(nodes_with_value))[: len(nodes_with_value)]
            out_c, out_t = [], []
            it = iter(revs)
            for c, on in zip(cities, valued, strict=True):
                out_c.append(c.model_copy(update={"revenue": self.revenue(next(it), where)}) if on else c)
            for t in towns:
                out_t.append(t.model_copy(update={"revenue": self.revenue(next(it), where)}))
            cities, towns = out_c, out_t
        junction = [False]

        def centre() -> int:
            junction[0] = True
            return len(cities) + len(towns)

        paths: list[TilePath] = []
        stubs: list[int] = []
        stub_lengths: list[float] = []
        for i, t in enumerate(self.items(h, "track", where)):
            w = f"{where}.track[{i}]"
            self.fields(t, w, {"side", "type", "start", "end", "gauge", "color", "path"})
            kind = t.get("type")
            gauge = t.get("gauge")
            track_kind = GAUGES.get(gauge, "broad")
            if t.get("color") == "mainline":  # 18xx-maker's colour for lines printed for later
                track_kind = "future"
            if gauge is not None and gauge not in GAUGES:
                self.unsupported(f"{w}.gauge", f"{_short(gauge)} track (kept as ordinary track)")
            side = int(t.get("side", 1))
            edge = side - 1 if orientation == "flat" else side % 6
            if kind == "custom" or "path" in t:
                paths += self.custom_track(t, w, orientation, stops, centre, track_kind)
                continue
            if kind == "offboard":
                target = next(k for k in range(len(cities) - 1, -1, -1) if cities[k].slots == 0)
                paths.append(TilePath(a=edge, b=f"n{target}", track=track_kind))
                continue
            if kind == "stub":
                stubs.append(edge)
                continue
            drawn = None
            if kind in (None, "city", "mid", "stop"):
                shape = "centre"
            elif kind == "bent":  # a track bent from its side into the stop nearest the middle
                shape, drawn = "bent", "bent"
            elif kind in ("straight", "gentle", "sharp"):
                shape = kind
            else:
                self.unsupported(f"{w}.type", f"track of type {_short(kind)}")
                continue
            start, end = float(t.get("start", 0)), float(t.get("end", 1))
            if shape == "bent":
                pairs = [(edge, bent_stop(stops, centre))]
            else:
                try:
                    pairs = track_ports(orientation, edge, shape, start, end, stops, centre)
                except TrackShapeError:
                    if start == 0 and shape == "straight" and abs(1 - 2 * end) * APOTHEM > SNAP:
                        stubs.append(edge)  # a short piece of track from the side that ends at nothing
                        stub_lengths.append(end)
                        continue
                    # a piece of track that ends inside the hex at no stop: it ends at a junction there
                    pairs = track_ports(orientation, edge, shape, start, end, stops, centre, loose=True)
            if "start" in t or "end" in t or kind not in (None, "straight", "gentle", "sharp") or len(pairs) != 1:
                drawn = json.dumps({k: t[k] for k in ("side", "type", "start", "end") if k in t}, separators=(",", ":"))
            for a, b in pairs:
                if a != b:
                    paths.append(TilePath(a=a, b=b, track=track_kind, drawn=drawn))
                    drawn = "+" if drawn else None  # the rest of one drawn track
        labels = []
        for i, lab in enumerate(self.items(h, "labels", where)):
            self.fields(lab, f"{where}.labels[{i}]", {"label", "color"})
            if isinstance(lab.get("label"), str) and lab["label"]:
                labels.append(lab["label"])
        label = labels[0] if labels else None
        names = []
        for i, nm in enumerate(self.items(h, "names", where)):
            names.append(self.name_of(nm, f"{where}.names[{i}]"))
        stop_names = [c.name for c in cities if c.name] + [t.name for t in towns if t.name]
        # the hex is named by its own names, else by its stops' (18xx-maker writes a place's name on
        # its city, town or revenue box; the stops keep theirs, so an export writes each where it was)
        name = " / ".join(n for n in names if n) or " / ".join(stop_names) or None
        # every terrain symbol of a hex is one cost of laying there, as an 18xx.games upgrade= part
        kinds: list[str] = []
        entries: list[tuple[str | None, int]] = []  # each terrain symbol as written: its kind and cost
        total = 0
        for i, ter in enumerate(self.items(h, "terrain", where)):
            w = f"{where}.terrain[{i}]"
            self.fields(ter, w, {"type", "cost", "color"})
            kind = ter.get("type")
            if kind is not None and not (isinstance(kind, str) and re.fullmatch(r"[a-z_]{0,20}", kind)):
                raise self.fail(f"{w}.type", f"a terrain is a word like mountain, found {_short(kind)}")
            if kind:
                kinds.append(MAKER_TERRAINS.get(kind, kind))
            entries.append(("terrain", kind or None, self.number(ter.get("cost", 0), f"{w}.cost")))
            total += entries[-1][2]
        for key, ter_kind in (("tunnels", "mountain"), ("bridges", "water")):
            for i, item in enumerate(self.items(h, key, where)):
                w = f"{where}.{key}[{i}]"
                self.fields(item, w, {"cost"})
                kinds.append(ter_kind)
                entries.append((key, None, self.number(item.get("cost", 0), f"{w}.cost")))
                total += entries[-1][2]
        terrain, cost, costs = "plain", total, []
        if len(kinds) == 1 and kinds[0] in SIMPLE_TERRAINS:
            terrain = kinds[0]
        elif kinds:
            costs = [TerrainCost(cost=total, terrains=kinds)]
            terrain = next((k for k in kinds if k in SIMPLE_TERRAINS), "plain")
        # how the symbols are drawn, when it is not one symbol with the cost (which terrain and cost say)
        simple = len(entries) == 1 and entries[0][0] == "terrain" and entries[0][1] in (None, *SIMPLE_TERRAINS)
        terrain_drawn = [] if simple or not entries else [list(e) for e in entries]
        icons = []
        for i, icon in enumerate(self.items(h, "icons", where)):
            self.fields(icon, f"{where}.icons[{i}]", {"type"})
            if isinstance(icon.get("type"), str):
                icons.append(icon["type"])
        borders = []
        for i, b in enumerate(self.items(h, "borders", where)):
            w = f"{where}.borders[{i}]"
            self.fields(b, w, {"side", "color", "dashed"})
            kind = self.border_kind(b, w)
            side = b.get("side")
            if kind is not None and isinstance(side, int) and 1 <= side <= 6:
                borders.append((side - 1 if orientation == "flat" else side % 6, kind))
        return {
            "cities": cities, "reserved": city_reserved, "towns": towns, "junction": junction[0], "paths": paths,
            "label": label, "labels": labels[1:], "name": name, "terrain": terrain, "cost": cost, "costs": costs,
            "icons": icons, "borders": borders, "stubs": stubs, "stub_lengths": stub_lengths if any(x != 1 for x in stub_lengths) else [],
            "extra_values": extra_values, "marks": read_marks(h, where, self.unsupported), "terrain_drawn": terrain_drawn,
            "open_sides": [int(x) - 1 if orientation == "flat" else int(x) % 6 for x in self.items(h, "removeBorders", where)],
            "color": h.get("color"),
        }

    def custom_track(self, t: dict, where: str, orientation: str, stops: list[Stop], centre, track_kind: str) -> list[TilePath]:
        """A track drawn as an SVG path: from the port its first point stands for to the port of
        its last (an edge, a stop, or a junction); the drawing is kept for export."""
        ends = svg_ends(t.get("path") or "")
        if ends is None:
            self.unsupported(f"{where}.path", "a custom track whose path is not a line of points")
            return []
        a, b = (point_port(orientation, p, stops, centre) for p in ends)
        if a == b:
            self.unsupported(f"{where}.path", "a custom track that starts and ends at one place")
            return []
        drawn = json.dumps({k: t[k] for k in ("type", "path") if k in t}, separators=(",", ":"))
        return [TilePath(a=a, b=b, track=track_kind, drawn=drawn[:400])]

    def name_of(self, v: Any, where: str) -> str | None:
        if v is None:
            return None
        if isinstance(v, str):
            return v
        if isinstance(v, dict):
            self.fields(v, where, {"name", "color"})
            n = v.get("name")
            return n if isinstance(n, str) else None
        raise self.fail(where, f"expected a name, found {_short(v)}")

    def number(self, v: Any, where: str) -> int:
        if isinstance(v, bool):
            raise self.fail(where, f"expected a number, found {_short(v)}")
        if isinstance(v, (int, float)) and v >= 0 and float(v).is_integer():
            return int(v)
        if isinstance(v, str) and v.strip().isdigit():
            return int(v.strip())
        raise self.fail(where, f"expected a whole number, found {_short(v)}")

    def revenue(self, v: Any, where: str) -> int | str:
        if isinstance(v, (int, float)) and not isinstance(v, bool) and float(v).is_integer():
            return int(v)
        if isinstance(v, str):
            text = v.strip().lstrip("+")
            if text.isdigit():
                return int(text)
            return v[:40]
        raise self.fail(f"{where}.values", f"expected a revenue, found {_short(v)}")

    def phase_revenue(self, revenues: Any, where: str) -> int | str:
        if not isinstance(revenues, list):
            raise self.fail(where, f"expected a list, found {_short(revenues)}")
        parts = []
        for i, r in enumerate(revenues):
            self.fields(r, f"{where}[{i}]", {"color", "value", "cost", "textColor"})
            raw = r.get("value", r.get("cost", 0))
            m = re.fullmatch(r"\s*D\s*(\d+)\s*", raw) if isinstance(raw, str) else None
            if m:  # a diesel's revenue, printed "D100"
                parts.append(("diesel", int(m.group(1))))
                continue
            parts.append((r.get("color"), self.number(raw, f"{where}[{i}].value")))
        if len(parts) == 1 and parts[0][0] is None:
            return parts[0][1]
        # phase names as 18xx.games spells them: lower case letters and digits ("phase4+" -> "phase4plus")
        names = [re.sub(r"[^a-z0-9]", "", str(c or "yellow").lower().replace("+", "plus")) or "yellow" for c, _v in parts]
        return "|".join(f"{c}_{v}" for c, (_c, v) in zip(names, parts, strict=True)) if parts else 0

    # --- the map ----------------------------------------------------------------------------
    def coordinate(self, text: Any, orientation: str, where: str) -> tuple[int, int]:
        """(letter index, number) of a coordinate like F3 (numbers may start at 0)."""
        m = re.fullmatch(r"([A-Z]{1,3})([0-9]{1,4})", text) if isinstance(text, str) else None
        if not m:
            raise self.fail(where, f"{_short(text)} is not a hex coordinate like F3")
        return letter_index(m.group(1)), int(m.group(2))

    def cell(self, content: dict, where: str) -> Cell:
        color = content["color"] if content["color"] is not None else "plain"
        if color in HEX_COLORS:
            terrain, printed = HEX_COLORS[color]
        elif re.fullmatch(r"[a-zA-Z][a-zA-Z0-9_]{0,39}", color):
            terrain, printed = "plain", color  # a colour of the game's own (its 'colors') or of 18xx-maker's theme
        else:
            self.unsupported(f"{where}.color", f"hex colour {_short(color)} (not a colour name; drawn as white)")
            terrain, printed = "plain", None
        costs = content["costs"]
        if terrain == "plain" and content["terrain"] != "plain":
            terrain = content["terrain"]
        elif content["terrain"] != "plain" and not costs:  # a mountain drawn on a gray hex: a symbol with its cost
            costs = [TerrainCost(cost=content["cost"], terrains=[content["terrain"]])]
        cities = [c.model_copy(update={"reserved": list(r)}) for c, r in zip(content["cities"], content["reserved"], strict=True)]
        return Cell(
            terrain=terrain, cost=content["cost"], color=printed, name=content["name"], label=content["label"],
            cities=cities, towns=content["towns"], junction=content["junction"], paths=content["paths"],
            icons=content["icons"], labels=content["labels"], costs=costs, stubs=content["stubs"],
            stub_lengths=content["stub_lengths"], extra_values=content["extra_values"], **content["marks"],
            terrain_drawn=content["terrain_drawn"], open_sides=content["open_sides"],
        )

    def map(self, data: dict, orientation: str) -> tuple[Board, dict[str, Cell]]:
        m = data.get("map")
        if not isinstance(m, dict):
            raise self.fail("map", "the game has no map (an object with 'hexes')")
        self.fields(m, "map", {"hexes", "borders"} | MAP_DRAWING)
        hexes = self.items(m, "hexes", "map")
        labels: dict[str, tuple[int, int]] = {}
        cells: dict[str, Cell] = {}
        sides: list[tuple[str, int, str, int]] = []  # (hex, edge, kind, cost) as written, either side of a border
        for i, h in enumerate(hexes):
            where = f"map.hexes[{i}]"
            if not isinstance(h, dict):
                raise self.fail(where, f"expected an object, found {_short(h)}")
            coords = h.get("hexes")
            if not isinstance(coords, list) or not coords:
                raise self.fail(f"{where}.hexes", "expected the list of coordinates this definition covers")
            content = self.hex_content(h, where, orientation, frozenset({"hexes", "companies"}))
            cell = self.cell(content, where)
            for j, comp in enumerate(self.items(h, "companies", where)):
                self.fields(comp, f"{where}.companies[{j}]", {"label", "color", "left", "right", "bottom", "radius"})
            company_labels = read_marks(h, where, self.unsupported, keys=("companies",))["company_labels"]
            if company_labels:
                # a company's label on a hex: its home when the hex has a city, else a mark of its own
                reserved = [c.label for c in company_labels] if cell.cities else []
                cell = cell.model_copy(update={"company_labels": company_labels, "reserved": reserved})
            coded_sides: list[tuple[int, str, int]] = []
            if isinstance(h.get("encoding"), str) and h["encoding"].strip():
                cell, coded_sides = self.from_encoding(h, cell, str(coords[0]), orientation, f"{where}.encoding")
            for j, lbl in enumerate(coords):
                labels[lbl] = self.coordinate(lbl, orientation, f"{where}.hexes[{j}]")
                cells[lbl] = cell
                for edge, kind in content["borders"]:
                    sides.append((lbl, edge, kind, 0))
                for edge, kind, cost in coded_sides:
                    sides.append((lbl, edge, kind, cost))
        if not labels:
            raise self.fail("map.hexes", "no hexes")
        grid, other = self.grid(labels, orientation)
        off_cells = {lbl: c for lbl, c in cells.items() if lbl not in labels}
        cells = {lbl: c for lbl, c in cells.items() if lbl in labels}
        off_sides = [side for side in sides if side[0] not in labels]
        sides = [side for side in sides if side[0] in labels]
        lines: list[DrawnLine] = []
        for i, b in enumerate(self.items(m, "borders", "map")):
            hexes = {t.split("p")[0] for t in b.get("coords") or []}
            if other is not None and hexes and all(other.is_label(x) for x in hexes):
                self.map_border(b, f"map.borders[{i}]", other, orientation, off_sides)
            elif all(grid.is_label(x) or (other is not None and other.is_label(x)) for x in hexes):
                self.map_border(b, f"map.borders[{i}]", grid, orientation, sides)
            else:  # drawn along corners of places that are no hex of the map: kept as the line it is
                lines.append(self.drawn_line(b, f"map.borders[{i}]"))
        edges = self.edge_features(grid, sides)
        stored = {lbl: c for lbl, c in cells.items() if not c.is_empty()}
        board = Board(grid=grid, cells=stored, edges=edges, off_grid=off_cells,
                      off_grid_edges=self.edge_features(other, off_sides) if other is not None else [], off_grid_layout=other, lines=lines)
        board.edges.sort(key=board.edge_order)
        return board, cells

    def from_encoding(self, h: dict, drawn: Cell, label: str, orientation: str, where: str) -> tuple[Cell, list]:
        """The hex from its ``encoding`` (the exact 18xx.games hex code, which our exports and
        18xx-maker's 18xx.games export carry): its track, stops and parts win over the drawing,
        which still gives the name and the reservations."""
        from model.io.import_18xx_games import ImportError18xx, import_18xx_games

        color = h.get("color") or "plain"
        key = ENGINE_COLORS.get(color, color)
        if not re.fullmatch(r"[a-z][a-z0-9_]{0,19}", key) or not re.fullmatch(r"[A-Z]{1,3}[0-9]{1,4}", label):
            return drawn, []
        code = h["encoding"].replace("\\", "\\\\").replace("'", "\\'")
        text = f"LAYOUT = :{orientation}\nHEXES = {{ {key}: {{ ['{label}'] => '{code}' }} }}.freeze\n"
        try:
            one = import_18xx_games(text, where, lenient=self.lenient).scenario
        except ImportError18xx as exc:
            raise self.fail(where, exc.message) from None
        cell = one.board.cell(one.board.grid.coord(label))
        cities = [c.model_copy(update={"reserved": list(drawn.cities[k].reserved), "name": drawn.cities[k].name,
                                       "marks": list(drawn.cities[k].marks), "style": drawn.cities[k].style or c.style,
                                       "at": drawn.cities[k].at, "maker_as": drawn.cities[k].maker_as})
                  if k < len(drawn.cities) else c for k, c in enumerate(cell.cities)]
        towns = [t.model_copy(update={"name": drawn.towns[k].name, "style": drawn.towns[k].style or t.style, "at": drawn.towns[k].at,
                                      "maker_as": drawn.towns[k].maker_as,
                                      "to_city": drawn.towns[k].to_city or t.to_city})
                 if k < len(drawn.towns) else t for k, t in enumerate(cell.towns)]
        # what the code cannot say comes from the drawing: how each path is drawn, dashed track
        by_ends = {frozenset((p.a, p.b)): p for p in drawn.paths}
        paths = []
        for p in cell.paths:
            d = by_ends.get(frozenset((p.a, p.b)))
            if d is not None and (d.drawn or d.track == "dashed"):
                p = p.model_copy(update={"drawn": d.drawn, "track": "dashed" if d.track == "dashed" else p.track})
            paths.append(p)
        cell = cell.model_copy(update={"name": drawn.name or cell.name, "cities": cities, "towns": towns, "paths": paths,
                                       "terrain_drawn": list(drawn.terrain_drawn), "open_sides": list(drawn.open_sides),
                                       "reserved": list(drawn.reserved), "extra_values": list(drawn.extra_values),
                                       "stub_lengths": list(drawn.stub_lengths) if len(drawn.stubs) == len(cell.stubs) else [],
                                       **{k: list(getattr(drawn, k)) for k in MakerDrawing.model_fields}})
        coded = []
        for e in one.board.edges:
            if e.cell == label:
                coded.append((e.edge, f"{e.kind}:{e.color}" if e.color else e.kind, e.cost))
        return cell, coded

    def run(self, data: Any, rules: str) -> MakerImport:
        try:
            check_shapes(data)  # every value read below has the type and range it is read as
        except ShapeError as exc:
            raise self.fail(exc.where, exc.message) from None
        info = self.fields(data.get("info", {}), "info", set(data.get("info", {}) or {}))
        orientation = "flat" if info.get("orientation") == "horizontal" else "pointy"
        known_top = {"info", "map", "tiles", "companies", "upgrades"} | GAME_SECTIONS
        for key in data:
            if key not in known_top:
                self.unsupported(key, "not a section of an 18xx-maker game")
        skipped = sorted(k for k in data if k in GAME_SECTIONS and k != "colors")
        if skipped:
            self.notes.append("not imported (not the map): " + ", ".join(skipped))
        board, cells = self.map(data, orientation)
        palette = {}
        for name, value in (data.get("colors") or {}).items():
            if re.fullmatch(r"[^\x00-\x1f\x7f]{1,40}", name) and len(value) <= 40:
                palette[name] = value
            else:
                self.unsupported(f"colors[{json.dumps(name[:40])}]", "a colour whose name or value is not one")
        if palette:
            board = board.model_copy(update={"palette": palette})
        tiles, _ = self.tiles(data, orientation)
        companies = self.companies(data, cells)
        title = info.get("title") if isinstance(info.get("title"), str) else "Imported 18xx-maker game"
        designer = info.get("designer") if isinstance(info.get("designer"), str) else None
        meta = Meta(title=title, game=title, author=designer,
                    attribution=f"{title}" + (f", designed by {designer}" if designer else "") + "; imported from an 18xx-maker game file")
        supply = TileSupply(custom=tiles)
        scenario = Scenario(meta=meta, rules=RulesRef(id=rules), board=board, tiles=supply, companies=companies)
        return MakerImport(scenario, self.dropped, self.notes)


def import_18xx_maker(text: str, file: str = "<string>", rules: str = "18xx", lenient: bool = False) -> MakerImport:
    """Read an 18xx-maker game (its JSON text) into a scenario; errors name the JSON path."""
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise ImportError18xxMaker(file, "", f"the file is larger than {MAX_BYTES} bytes")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ImportError18xxMaker(file, f"{exc.lineno}:{exc.colno}", f"not valid JSON: {exc.msg}") from None
    except RecursionError:
        where, msg = nesting_message(text)
        raise ImportError18xxMaker(file, where, f"{msg}: too deep to be a game file") from None
    except ValueError as exc:  # an integer of more digits than Python converts (4300)
        raise ImportError18xxMaker(file, "", f"not readable JSON: {str(exc)[:80]}") from None
    try:
        return _Reader(file, lenient).run(data, rules)
    except ValidationError as exc:  # a value checked in range that still does not fit the model
        err = exc.errors(include_url=False)[0]
        raise ImportError18xxMaker(file, "", f"{exc.title}: {'.'.join(map(str, err['loc']))}: {err['msg'][:100]}") from None

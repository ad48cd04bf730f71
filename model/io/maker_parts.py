"""The parts of :mod:`model.io.import_18xx_maker` that read the map's grid and borders, the
tiles and the companies (a mixin of its reader, which supplies ``fail``, ``unsupported``,
``fields``, ``items``, ``number``, ``hex_content`` and ``notes``)."""

from __future__ import annotations

import json
import re
from typing import Any

from model.board import Cell, DrawnLine, EdgeFeature
from model.grid import HexGrid
from model.io.maker_geometry import corner_angle, side_of_corners, unit
from model.scenario import Company
from model.tiles import Node, TerrainCost, TileDef, load_tileset

MAX_GRID = 1_000_000
"""The most hexes the coordinates of a map may span (a 1000 x 1000 board)."""
STANDARD_SET = "18xx-standard"
LIBRARY_SET = "18xx-maker-library"

TILE_COLORS = {"yellow": "yellow", "green": "green", "brown": "brown", "gray": "gray", "offboard": "red", "white": "white"}
"""18xx-maker tile colours -> ours."""
BORDER_COLORS = {"gauge": "red", "divider": "gray", "river": "water", "impassable": "black", "mountain": "mountain",
                 "offboard": "offboard"}
"""The colour 18xx-maker draws each kind of border in (the export's); a border drawn otherwise keeps its colour."""
CSS_NAMES = frozenset("black white red green blue yellow orange purple brown gray grey pink navy maroon olive teal".split())


def _short(value: Any, n: int = 60) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= n else text[: n - 1] + "…"


class MapParts:
    """Grid, borders, tiles and companies of an 18xx-maker game."""

    def border_kind(self, b: dict, where: str, kind: str | None = None) -> str | None:
        """The edge kind of a drawn border, with ``:colour`` when it is drawn in another colour
        than the kind's own (an orange province line; a line in a colour of no known meaning is
        a divider of that colour)."""
        color, dashed = b.get("color"), b.get("dashed")
        if not (isinstance(color, str) and re.fullmatch(r"[a-zA-Z][a-zA-Z0-9_]{0,39}", color)):
            self.unsupported(where, f"a border drawn in {_short(color)} (not a colour name)")
            return None
        if kind is None:
            if dashed:
                kind = "divider" if color == "gray" else "gauge"
            elif color == "water":
                kind = "river"
            elif color in ("black", "impassable"):
                kind = "impassable"
            elif color in ("mountain", "offboard"):  # a mountain pass; an off-board edge
                kind = color
            else:
                return "divider:" + color  # a line in a colour whose meaning the file does not give
        return kind if BORDER_COLORS.get(kind) == color else f"{kind}:{color}"

    def grid(self, raw: dict[str, tuple[int, int]], orientation: str) -> tuple[HexGrid, HexGrid | None]:
        """The grid of the coordinates (letter index, number), and the grid of the ones off its
        rows (a table beside the map), or None."""
        number_start = min(n for _, n in raw.values()) if raw else 1
        number_start = 0 if number_start == 0 else 1
        labels = {}
        for lbl, (a, n) in raw.items():
            labels[lbl] = (a, n - number_start) if orientation == "flat" else (n - number_start, a)
        counts = [0, 0]
        for x, y in labels.values():
            counts[(x + y) % 2] += 1
        parity = 0 if counts[0] >= counts[1] else 1
        odd = sorted(lbl for lbl, (x, y) in labels.items() if (x + y) % 2 != parity)
        off = {lbl: labels.pop(lbl) for lbl in odd}
        for lbl in odd:
            del raw[lbl]
        return self.one_grid(labels, orientation, parity, number_start), (
            self.one_grid(off, orientation, 1 - parity, number_start) if off else None)

    def one_grid(self, labels: dict[str, tuple[int, int]], orientation: str, parity: int, number_start: int) -> HexGrid:
        width = max(x for x, _ in labels.values()) + 1
        height = max(y for _, y in labels.values()) + 1
        if width * height > MAX_GRID:
            raise self.fail("map.hexes", f"the coordinates span {width} x {height} hexes (at most {MAX_GRID} are read)")
        full = HexGrid(width=width, height=height, orientation=orientation, parity=parity, number_start=number_start)
        ordered = [full.label(c) for c in sorted(labels.values(), key=lambda c: (c[1], c[0]))]
        cells = None if len(full) == len(labels) else ordered
        return HexGrid(width=width, height=height, orientation=orientation, parity=parity, number_start=number_start, cells=cells)

    @staticmethod
    def edge_features(grid: HexGrid, sides: list) -> list[EdgeFeature]:
        """Edge features of (hex, edge, kind, cost) sides: a border written on both hexes is one;
        a border drawn in a colour of no known meaning is a divider of that colour."""
        found: dict[tuple, int] = {}
        for lbl, edge, kind, cost in sides:
            coord = grid.coord(lbl)
            other = grid.neighbour(coord, edge)
            owner, owner_edge = coord, edge
            if other is not None and other < coord:  # named from the cell with the smaller (x, y)
                owner, owner_edge = other, grid.opposite(edge)
            key = (owner, owner_edge, kind)  # the same border written on both hexes is one
            found[key] = max(found.get(key, 0), cost)
        out = []
        for (o, e, k), c in found.items():
            kind, _, color = k.partition(":")
            out.append(EdgeFeature(cell=grid.label(o), edge=e, kind=kind, cost=c, color=color or None))
        return out

    def map_border(self, b: Any, where: str, grid: HexGrid, orientation: str, sides: list) -> None:
        b = self.fields(b, where, {"color", "dashed", "coords", "border", "dashArray"})
        # a water line drawn along hex corners is a shore (18xx.games: impassable), not a river crossing
        shore = b.get("color") == "water" and not b.get("dashed")
        kind = self.border_kind(b, where, "impassable" if shore else None)
        coords = b.get("coords", [])
        if kind is None:
            return
        points = []
        for j, text in enumerate(coords):
            m = re.fullmatch(r"([A-Z]{1,3}[0-9]{1,4})p([1-6])", text) if isinstance(text, str) else None
            if not m:
                self.unsupported(f"{where}.coords[{j}]", f"a border point {_short(text)} that is not a hex corner (like F8p3)")
                return
            lbl = m.group(1)
            if not grid.is_label(lbl):
                raise self.fail(f"{where}.coords[{j}]", f"{lbl} is not a hex of the map")
            points.append((grid.coord(lbl), int(m.group(2))))
        corner_key = {}
        for coord, k in points:
            corner_key[(coord, k)] = self.corner(grid, coord, k)
        for (c1, k1), (c2, k2) in zip(points, points[1:], strict=False):
            p, q = corner_key[(c1, k1)], corner_key[(c2, k2)]
            if p == q:
                continue
            found = self.side_between(grid, orientation, p, q, (c1, c2))
            if found is None:
                raise self.fail(where, f"{grid.label(c1)}p{k1} and {grid.label(c2)}p{k2} are not the two ends of one hex side")
            lbl, edge = found
            sides.append((lbl, edge, kind, 0))

    def drawn_line(self, b: dict, where: str) -> DrawnLine:
        for j, text in enumerate(b.get("coords") or []):
            if not re.fullmatch(r"[A-Z]{1,3}[0-9]{1,4}p[1-6]", text):
                raise self.fail(f"{where}.coords[{j}]", f"a border point {_short(text)} that is not a hex corner (like F8p3)")
        style = {k: v for k, v in b.items() if k in ("width", "dashArray") and isinstance(v, str | int | float)}
        return DrawnLine(color=b.get("color") or "black", dashed=bool(b.get("dashed")), coords=list(b.get("coords") or []), style=style)

    @staticmethod
    def corner(grid: HexGrid, coord: tuple[int, int], k: int) -> tuple[int, int]:
        """A corner as rounded coordinates shared by every hex that has it."""
        cx, cy = grid.centre(coord)
        ux, uy = unit(corner_angle(grid.orientation, k))
        return (round((cx + ux) * 1000), round((cy + uy) * 1000))

    def side_between(self, grid: HexGrid, orientation: str, p, q, near) -> tuple[str, int] | None:
        near_hexes = {near[0], near[1], *(n for c in near for _, n in grid.neighbours(c))}
        for coord in sorted(near_hexes, key=lambda c: (c not in near, c)):  # the hexes the line is written on first
            if not grid.contains(coord):
                continue
            ks = {self.corner(grid, coord, k): k for k in range(1, 7)}
            if p in ks and q in ks:
                edge = side_of_corners(orientation, ks[p], ks[q])
                if edge is not None:
                    return grid.label(coord), edge
        return None

    # --- tiles and companies ----------------------------------------------------------------
    def tiles(self, data: dict, orientation: str) -> tuple[list[TileDef], dict[str, int | None]]:
        tiles = data.get("tiles", {})
        if isinstance(tiles, list):
            tiles = {str(t.get("id", i)): t for i, t in enumerate(tiles) if isinstance(t, dict)}
        if not isinstance(tiles, dict):
            raise self.fail("tiles", f"expected an object of tile ids, found {_short(tiles)}")
        std = load_tileset(STANDARD_SET)
        lib = load_tileset(LIBRARY_SET)
        out: list[TileDef] = []
        for tid, v in tiles.items():
            where = f"tiles[{json.dumps(tid)}]"
            base_id = tid.split("|")[0]
            if isinstance(v, dict) and set(v) <= {"tile", "quantity", "print", "group"}:
                # a count with printing options, or another library tile under this id
                base_id, v = str(v.get("tile", base_id)), v.get("quantity", 1)
            if isinstance(v, (int, str)) and not isinstance(v, bool):
                count = None if v == "∞" else self.number(v, where)
                base = std.get(base_id) or lib.get(base_id)
                if base is None:
                    # a tile the file names but defines nowhere: kept as a tile with no track, under its id
                    self.notes.append(f"{where}: tile {base_id} is neither defined in the file, a standard tile nor in "
                                      "18xx-maker's library; kept as a blank tile")
                    base = TileDef(id=tid, name=base_id, color="white", tags=["undefined"])
                out.append(base.model_copy(update={"id": tid, "name": base_id, "count": count, "upgrades": []}))
                continue
            if not isinstance(v, dict):
                raise self.fail(where, f"expected a count or a tile definition, found {_short(v)}")
            out.append(self.tile_def(tid, v, where, orientation))
        return out, {}

    def tile_def(self, tid: str, v: dict, where: str, orientation: str) -> TileDef:
        content = self.hex_content(v, where, orientation, frozenset({"quantity", "print", "group", "clipPath", "broken", "rotations"}))
        written = content["color"]
        color, drawn_color = TILE_COLORS.get(written), None
        if color is None:
            if not (isinstance(written, str) and re.fullmatch(r"[a-zA-Z][a-zA-Z0-9_]{0,39}", written)):
                raise self.fail(f"{where}.color", f"a tile's colour is a colour name, found {_short(written)}")
            color, drawn_color = "gray", written  # a game's own colour: printed so, upgraded as a gray tile
        nodes = [Node(kind="city", slots=c.slots, revenue=c.revenue, groups=list(c.groups), style=c.style, at=c.at,
                      maker_as=c.maker_as, name=c.name, reserved=list(r), marks=list(c.marks))
                 for c, r in zip(content["cities"], content["reserved"], strict=True)]
        nodes += [Node(kind="town", revenue=t.revenue, to_city=t.to_city, style=t.style, at=t.at, maker_as=t.maker_as, name=t.name)
                  for t in content["towns"]]
        costs = content["costs"]
        if not costs and (content["cost"] or content["terrain"] != "plain"):
            costs = [TerrainCost(cost=content["cost"], terrains=[content["terrain"]] if content["terrain"] != "plain" else [])]
        stop_names = " / ".join(n.name for n in nodes if n.name)
        printed = content["name"].split(" / ") if content["name"] and content["name"] != stop_names else []
        if content["junction"]:
            nodes.append(Node(kind="junction"))
        q = v.get("quantity", 1)
        count = None if q == "∞" else self.number(q, f"{where}.quantity")
        try:
            return TileDef(id=tid, name=tid.split("|")[0], color=color, label=content["label"], nodes=nodes,
                           paths=content["paths"], count=count, stubs=content["stubs"], icons=content["icons"],
                           labels=content["labels"], stub_lengths=content["stub_lengths"], drawn_color=drawn_color,
                           costs=costs, printed_names=printed, terrain_drawn=content["terrain_drawn"],
                           open_sides=content["open_sides"],
                           **content["marks"])
        except ValueError as exc:
            raise self.fail(where, f"not a valid tile: {str(exc).splitlines()[0][:80]}") from None

    def companies(self, data: dict, cells: dict[str, Cell]) -> list[Company]:
        comps = data.get("companies", [])
        if not isinstance(comps, list):
            raise self.fail("companies", f"expected a list, found {_short(comps)}")
        homes: dict[str, tuple[str, int | None]] = {}
        for lbl, cell in cells.items():
            for k, city in enumerate(cell.cities):
                for cid in city.reserved:
                    homes.setdefault(cid, (lbl, k if len(cell.cities) > 1 else None))
        out = []
        for i, c in enumerate(comps):
            where = f"companies[{i}]"
            if not isinstance(c, dict):
                raise self.fail(where, f"expected an object, found {_short(c)}")
            cid = c.get("abbrev")
            if not isinstance(cid, str) or not cid:
                raise self.fail(f"{where}.abbrev", "a company needs an abbreviation (its id)")
            color = c.get("color")
            palette = data.get("colors") or {}
            if isinstance(color, str) and isinstance(palette.get(color), str):  # a colour the game names
                color = palette[color]
            color = color if isinstance(color, str) and (color in CSS_NAMES or re.fullmatch(r"#[0-9a-fA-F]{6}", color)) else "#444444"
            tokens = []
            for tok in c.get("tokens", []) if isinstance(c.get("tokens"), list) else []:
                m = re.match(r"\s*(\d+)", tok) if isinstance(tok, str) else None
                tokens.append(int(m.group(1)) if m else (tok if isinstance(tok, int) and not isinstance(tok, bool) else 0))
            home, home_city = homes.get(cid, (None, None))
            out.append(Company(id=cid, name=c.get("name") if isinstance(c.get("name"), str) else None, color=color,
                               home=home, home_city=home_city, tokens=tokens or [0, 40, 100]))
        return out

    # --- the whole game ---------------------------------------------------------------------

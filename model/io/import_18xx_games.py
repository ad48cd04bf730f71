"""Import an 18xx.games map file (``map.rb``) as a Trackwright scenario.

Reads the Ruby literal subset (see :mod:`model.io.tile_code`) and the constants ``LAYOUT``, ``AXES``,
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
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from model.board import Board, Cell, City, EdgeFeature, Town
from model.grid import MAX_EXTENT, MIN_NUMBER_START, HexGrid, letter_index
from model.io.engine_tiles import standard_tiles
from model.io.export_18xx_games import LAND_COLORS, NAMED_WHITE, icon_defaults, is_standard
from model.io.import_tiles import generic_upgrades, read_tiles
from model.io.messages import field_problem, readable
from model.io.ruby_eval import HashValue, RubyLimit, RubyProgram, RubySyntaxError, RValue, Symbol, Unevaluable
from model.io.ruby_lenient import method_merges
from model.io.tile_code import (
    BORDER_KEYS,
    kept_note,
    parse_cost,
    parse_decor,
    parse_track,
    part_note,
    red_convention,
    tile_code,
    unknown_part,
)
from model.io.tile_parts import DslError, short, unknown_keys
from model.scenario import Meta, RulesRef, Scenario, TileSupply
from model.tiles import TileDef

NODE_RANK = {"city": 0, "town": 1, "junction": 2}
KNOWN_CONSTANTS = {"LAYOUT", "AXES", "TILES", "LOCATION_NAMES", "HEXES", "TILE_GROUPS"}
COLOR_TERRAIN = {"gray": "gray", "red": "offboard", "blue": "lake"}
UPGRADE_TERRAINS = ("hill", "mountain", "water")
BORDER_TYPES = (None, "province", "water", "impassable", "mountain", "divider", "offboard")
BORDER_KINDS = {None: "border", "water": "river", "impassable": "impassable", "mountain": "mountain",
                "divider": "divider", "offboard": "offboard"}
"""18xx.games border type -> our edge feature kind (province: a gauge line, plus a river for its cost)."""


class ImportError18xx(ValueError):
    """An 18xx.games map file that cannot be imported; ``str()`` names the file and line."""

    def __init__(self, file: str, line: int | None, message: str) -> None:
        message = readable(message)  # a whole hex, or a key of a million characters, cut with its count
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
    """(letter index, number - 1) of a coordinate, read as the engine reads it, swapped to (x, y)
    by the axes: letters A.. are 0.., lower-case a, b.. are -1, -2..; numbers may be 0 or less."""
    m = re.fullmatch(r"([A-Z]{1,3}|[a-z])(-?\d{1,4})", text)
    if not m:
        raise ValueError(f"{text[:20]!r} is not a hex coordinate like G8")
    letters = m.group(1)
    a = letter_index(letters) if letters.isupper() else -(ord(letters) - ord("a") + 1)
    n = int(m.group(2)) - 1
    return (a, n) if axes == "letter-number" else (n, a)


class _Importer:
    def __init__(self, text: str, file: str, rules: str | None, lenient: bool = False, path: Path | None = None,
                 hexes: str | None = None) -> None:
        self.file = file
        self.lenient = lenient
        self.warnings: list[str] = []
        try:
            self.prog = RubyProgram(text, file, path=path)
        except RubySyntaxError as exc:
            raise ImportError18xx(exc.file or file, exc.line, exc.message) from None
        self.warnings += self.prog.warnings
        self.consts: dict[str, RValue] = {}
        for name in KNOWN_CONSTANTS:
            try:
                v = self.prog.value(hexes if name == "HEXES" and hexes else name)
            except (RubySyntaxError, Unevaluable) as exc:
                raise ImportError18xx(exc.file or file, exc.line, f"{name}: {exc.message}") from None
            if v is not None:
                self.consts[name] = v
        if hexes and "HEXES" not in self.consts:
            raise self.fail(None, f"no constant {hexes} holding the map's hexes")
        self.path = path
        self._standard: dict[str, TileDef] | None = None
        self.newer_standard: set[str] = set()
        self.tile_list: Path | None = None
        self._siblings: dict[Path, tuple] = {}
        if path is not None:
            self._from_title_files(path)
        self.consts["__modules__"] = RValue([RValue(m, 1) for m in self.prog.modules], 1)
        self.rules_override = rules
        self.other_names: dict[str, str] = {}

    # --- constants the engine takes from the title's other files -------------------------------
    def _from_title_files(self, path: Path) -> None:
        """``LAYOUT``/``AXES`` missing from the map file: the title's ``game.rb`` (or the game it
        derives from) says them; ``TILES`` missing: its ``tiles.rb``, else the game class (18OE's
        scenarios take the tiles of 18OE's ``game.rb``); ``LOCATION_NAMES`` missing:
        the map of the game it derives from (a second edition that redraws only the hexes). Read,
        never run."""
        wanted = [n for n in ("LAYOUT", "AXES", "TILES", "LOCATION_NAMES") if n not in self.consts]
        folder = path.resolve().parent
        here, seen = folder, set()
        while wanted and here not in seen and len(seen) < 8:
            seen.add(here)
            game = here / "game.rb"
            files = [(here / "tiles.rb", ("TILES",)), (game, ("LAYOUT", "AXES", "TILES"))]
            if here != folder:  # the map module of the game this one derives from
                files.append((here / "map.rb", ("LAYOUT", "AXES", "TILES", "LOCATION_NAMES")))
            text = ""
            for file, names in files:
                if not file.is_file() or not set(names) & set(wanted):
                    if file == game and file.is_file():
                        text = self._read_sibling(file)[1]
                    continue
                prog, t = self._read_sibling(file)
                if file == game:
                    text = t
                if prog is None:
                    continue
                for name in [n for n in names if n in wanted]:
                    v = self._sibling_value(prog, name)
                    if v is not None:
                        self.consts[name] = v
                        wanted.remove(name)
                        self.warn(1, f"{name} is not in the map file; taken from {file.parent.name}/{file.name}:{v.line}")
            m = re.search(r"class\s+Game\s*<\s*(?:Game::)?G(\w+)::Game", text)
            if not m:
                break
            here = self._title_folder(folder.parent, m.group(1))

    def _title_rule_options(self, rules_id: str) -> dict:
        """Rule options the title's game class sets (``TILE_LAYS``, ``TRACK_RESTRICTION``,
        ``IMPASSABLE_HEX_COLORS``, ``include StubsAreRestricted`` in its ``game.rb``, or in the game it
        derives from), for the options the scenario's rule set has (:mod:`model.io.title_options`)."""
        from model.io.title_options import CONSTANTS, MODULES, title_options
        from model.rules import get_rule_set

        try:
            known = {o.name for o in get_rule_set(rules_id).options}
        except KeyError:
            return {}
        found: dict = {}
        modules: set[str] = set()
        folder = self.path.resolve().parent
        here, seen = folder, set()
        while here not in seen and len(seen) < 8:
            seen.add(here)
            prog, text = self._read_sibling(here / "game.rb")
            if prog is None:
                break
            for name in CONSTANTS:
                if name not in found:
                    v = self._sibling_value(prog, name)
                    if v is not None:
                        found[name] = v.plain()
            modules |= {m for m in MODULES if re.search(rf"^\s*include\s+{m}\b", text, re.M)}
            m = re.search(r"class\s+Game\s*<\s*(?:Game::)?G(\w+)::Game", text)
            if not m:
                break
            here = self._title_folder(folder.parent, m.group(1))
        options, notes = title_options(found, modules)
        for note in notes:
            self.warn(1, f"game.rb: {note}")
        return {k: v for k, v in options.items() if k in known}

    def _read_sibling(self, file: Path):
        """A sibling file parsed once (the title's game.rb serves its layout and its rule options)."""
        key = file.resolve()
        if key not in self._siblings:
            try:
                text = file.read_text(encoding="utf-8")
                self._siblings[key] = (RubyProgram(text, str(file), path=file), text)
            except (OSError, UnicodeDecodeError, RubySyntaxError):
                self._siblings[key] = (None, "")
        return self._siblings[key]

    @staticmethod
    def _sibling_value(prog: RubyProgram, name: str) -> RValue | None:
        try:
            return prog.value(name)
        except (RubySyntaxError, Unevaluable):
            return None

    @staticmethod
    def _title_folder(games: Path, module: str) -> Path:
        """The folder of a title's module by the engine's naming (G1822CA -> g_1822_ca)."""
        snake = re.sub(r"(?<=\d)(?=[A-Za-z])|(?<=[a-z])(?=[A-Z0-9])|(?<=[A-Z])(?=[A-Z][a-z])", "_", module).lower()
        return games / f"g_{snake}"

    def fail(self, line: int | None, msg: str) -> ImportError18xx:
        return ImportError18xx(self.file, line, msg)

    def warn(self, line: int, msg: str) -> None:
        self.warnings.append(f"{self.file}:{line}: {msg}")

    # --- top level -----------------------------------------------------------------------------
    def run(self) -> ImportResult:
        c = self.consts
        modules = [m.value for m in c.pop("__modules__", RValue([], 0)).value]
        for const in self.prog.main_consts:
            if const.name not in KNOWN_CONSTANTS:
                self.warn(const.node.start_point[0] + 1, f"constant {const.name} is not map data and was not imported")
        if "HEXES" not in c:
            c["HEXES"] = self._hexes_from_parts()
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
        if self.path is not None:
            self._added_hexes(hexes, orientation, axes)
        names = self._names(c.get("LOCATION_NAMES"), hexes, orientation, axes)
        grid = self._grid(hexes, orientation, axes)
        cells, edges = self._cells(hexes, names, grid)
        tiles = self._tiles(c.get("TILES"), game_id)
        if "TILE_GROUPS" in c:
            tiles = tiles.model_copy(update={"groups": self._tile_groups(c["TILE_GROUPS"])})
        meta = Meta(title=game or "Imported map", game=game, description=f"Imported from the 18xx.games map file {self.file}.")
        options = self._title_rule_options(rules_id) if self.path is not None else {}
        try:
            board = Board(grid=grid, cells=cells, edges=edges, other_names=self.other_names)
            scenario = Scenario(meta=meta, rules=RulesRef(id=rules_id, options=options), board=board, tiles=tiles)
        except ValueError as exc:
            raise self.fail(None, f"the map does not make a valid scenario: {exc}") from None
        if self.path is not None:  # the title's phases, lay schedule, corporations and privates
            from model.io.title_play import from_title

            scenario, notes = from_title(self, scenario)
            self.warnings += [f"{self.file}:1: state of play: {n}" for n in notes]
            try:
                scenario = Scenario.model_validate(scenario.model_dump())
            except ValueError as exc:
                raise self.fail(None, f"the title's state of play does not make a valid scenario: {exc}") from None
        return ImportResult(scenario, self.warnings)

    def _hexes_from_parts(self) -> RValue:
        """No ``HEXES`` constant: the title builds it in a method. Import the union of the
        constants that hold hexes by colour (``UNIT1_HEXES``, ``NORTH_HEXES`` …), or explain."""
        groups: list = []
        used = []
        for const in self.prog.main_consts:
            if not const.name.endswith("HEXES"):
                continue
            try:
                v = self.prog.value(const.name)
            except RubyLimit:
                raise
            except (RubySyntaxError, Unevaluable):
                continue
            if isinstance(v.value, HashValue) and v.value.items and all(
                isinstance(k.value, str) and isinstance(g.value, HashValue) for k, g in v.value.items
            ):
                groups += v.value.items
                used.append(const.name)
        method = next((w for w in self.prog.warnings if "hexes" in w and "method definition" in w), None)
        how = (f" (the map is built by the {method.split(': ', 1)[1].split(' skipped')[0]} at {method.split(': ')[0]})" if method
               else " (the title builds its hexes in a method of another file, such as optional_hexes in game.rb)")
        if not groups:
            raise self.fail(None, f"no HEXES constant and no constant holding hexes by colour{how}; nothing is executed, "
                            "so there is no map to import")
        self.warn(1, f"no HEXES constant{how}: imported the union of {', '.join(used)}")
        return RValue(HashValue(groups), 1)

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
            if not isinstance(color, str) or not re.fullmatch(r"[a-z][a-z0-9_]{0,19}", color):
                raise self.fail(ck.line, f"HEXES colour {short(repr(color), 30)} must be a symbol like white:")
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
                        self.warn(key.line, f"{lbl} is defined twice (also on line {out[lbl][2]}); the engine keeps the first")
                        continue
                    out[lbl] = (color, code.value, code.line)
        if not out:
            raise self.fail(hv.line, "HEXES has no hexes")
        return out

    def _added_hexes(self, hexes: dict[str, tuple[str, str, int]], orientation: str, axes: str) -> None:
        """Hexes the title's ``game.rb`` merges into every game's map (``game_hexes.merge({...})``
        in ``optional_hexes``, ``hexes[:white].merge!(...)`` in ``game_hexes``: 18USA's off-board
        areas, 18RoyalGorge's home towns), read, never run: a hex the map file lacks is added (the
        first variant when the code picks one of several), a colour group merged whole replaces the
        map's group of that colour as Ruby's ``merge`` does, and a value the code computes (a
        revenue drawn at random) reads as 0. Each addition is a warning naming game.rb's line."""
        game = self.path.resolve().parent / "game.rb"
        prog = self._read_sibling(game)[0] if game.is_file() else None
        if prog is None:
            return
        where = f"{game.parent.name}/game.rb"
        for meth in ("optional_hexes", "game_hexes"):
            for recv, value, line, unknown in method_merges(prog, meth):
                m = re.search(r"\[:(\w+)\]\s*$", recv)
                whole = m is None and re.fullmatch(r"(game_hexes|(self\.class::)?HEXES)", recv.strip()) is not None
                if m:
                    groups = [(m.group(1), value)]
                elif whole:
                    groups = [(k.plain_key(), v) for k, v in value.value.items]
                else:
                    continue
                added, dropped = [], []
                for color, group in groups:
                    if not isinstance(color, str) or not isinstance(group.value, HashValue):
                        continue
                    labels_in = []
                    for key, code in group.value.items:
                        labels = key.plain()
                        labels = [labels] if isinstance(labels, str) else labels
                        if isinstance(labels, list) and isinstance(code.value, str):
                            labels_in += [(lbl, code.value) for lbl in labels if isinstance(lbl, str)]
                    if whole:  # Hash#merge replaces the map's group of this colour
                        keep = {lbl for lbl, _ in labels_in}
                        for lbl in [lbl for lbl, h in hexes.items() if h[0] == color and lbl not in keep]:
                            del hexes[lbl]
                            dropped.append(lbl)
                    for lbl, code in labels_in:
                        if lbl in hexes:
                            continue  # the map's own, or an earlier variant
                        try:
                            _parse_label(lbl, orientation, axes)
                        except ValueError:
                            continue
                        hexes[lbl] = (color, code, line)
                        added.append(lbl)
                if added:
                    msg = f"{where}:{line}: {', '.join(added)}: added by {meth}, which the title's code merges into every game's map"
                    if unknown:
                        msg += f"; {unknown} value(s) the code computes when the game starts (drawn at random) read as 0"
                    self.warnings.append(msg)
                if dropped:
                    self.warnings.append(f"{where}:{line}: {', '.join(dropped)}: replaced by {meth}'s group of the same colour")

    def _names(self, nv: RValue | None, hexes, orientation, axes) -> dict[str, str]:
        if nv is None:
            return {}
        out = {}
        for k, v in _items(nv, "LOCATION_NAMES", self.file):
            if not isinstance(k.value, str) or not isinstance(v.value, str):
                raise self.fail(k.line, "LOCATION_NAMES maps a coordinate string to a name string")
            if isinstance(k.value, Symbol):
                self.warn(k.line, f"LOCATION_NAMES key :{short(k.value, 20)} is a symbol; the engine looks names up by "
                          "string, so it shows no name there, and neither does the import")
                continue
            if k.value not in hexes:
                self.warn(k.line, f"LOCATION_NAMES names {short(k.value, 20)}, which is not in HEXES; kept for export only")
                self.other_names[k.value] = v.value
                continue
            out[k.value] = v.value
        return out

    def _grid(self, hexes, orientation: str, axes: str | None) -> HexGrid:
        raw = {lbl: _parse_label(lbl, orientation, axes) for lbl in hexes}
        x0, y0 = min(x for x, _ in raw.values()), min(y for _, y in raw.values())
        letter_min, number_min = (x0, y0) if axes == "letter-number" else (y0, x0)
        letter_start, number_start = min(letter_min, 0), min(number_min + 1, 1)
        if letter_start < -26:
            raise self.fail(None, "coordinates more than 26 letters left of A")
        if number_start < MIN_NUMBER_START:
            low = min(raw, key=lambda lbl: raw[lbl][1 if axes == "letter-number" else 0])
            raise self.fail(hexes[low][2], f"{low}: numbers below {MIN_NUMBER_START} are more than a board holds")
        shift = (-letter_start, 1 - number_start) if axes == "letter-number" else (1 - number_start, -letter_start)
        coords = {lbl: (x + shift[0], y + shift[1]) for lbl, (x, y) in raw.items()}
        for axis, extent in ((0, "columns wide"), (1, "rows high")):
            size = max(c[axis] for c in coords.values()) + 1
            if size > MAX_EXTENT:  # one far coordinate (A9997) would make a board of millions of places
                far = max(coords, key=lambda lbl: coords[lbl][axis])
                near = min(coords, key=lambda lbl: coords[lbl][axis])
                raise self.fail(hexes[far][2], f"{far}: the board from {near} to {far} would be {size} {extent}; "
                                f"a board is at most {MAX_EXTENT}")
        by_parity = Counter((x + y) % 2 for x, y in coords.values())
        parity = by_parity.most_common(1)[0][0] if len(by_parity) == 1 or by_parity[0] != by_parity[1] else 0
        off = sorted(lbl for lbl, (x, y) in coords.items() if (x + y) % 2 != parity)
        for lbl in off:
            self.warn(hexes[lbl][2], f"{lbl} lies between the rows of the other hexes (kept where the engine draws it)")
        width = max(x for x, _ in coords.values()) + 1
        height = max(y for _, y in coords.values()) + 1
        if axes == ("letter-number" if orientation == "flat" else "number-letter"):
            axes = None  # the default for the layout: leave it implicit, as a new scenario does
        extra = {}
        if letter_start:
            extra["letter_start"] = letter_start
        if number_start != 1:
            extra["number_start"] = number_start
        full = HexGrid(width=width, height=height, orientation=orientation, axes=axes, parity=parity, **extra)
        ordered = sorted(coords, key=lambda lbl: (coords[lbl][1], coords[lbl][0]))
        cells = None if len(full) == len(coords) and not off else ordered
        return HexGrid(width=width, height=height, orientation=orientation, axes=axes, parity=parity, cells=cells, off_parity=off, **extra)

    def _cells(self, hexes, names, grid: HexGrid) -> tuple[dict[str, Cell], list[EdgeFeature]]:
        cells: dict[str, Cell] = {}
        declared: dict[tuple, list[tuple[str, int, str | None]]] = {}
        for coord in grid.ordered_coords:
            lbl = grid.label(coord)
            color, code, line = hexes[lbl]
            try:
                cell, borders = self._cell(lbl, color, code, line, names.get(lbl))
            except ValidationError as exc:  # a value the model refuses (a town style of 30 characters)
                raise self.fail(line, f"{lbl}: {field_problem(exc)}") from None
            if not cell.is_empty():
                cells[lbl] = cell
            for edge, kind, cost, bcolor, extra in borders:
                declared.setdefault((coord, edge), []).append((kind, cost, bcolor, extra))
        edges: list[EdgeFeature] = []
        for (coord, edge), feats in declared.items():
            other = grid.neighbour(coord, edge)
            back = declared.get((other, grid.opposite(edge))) if other is not None else None
            if other is not None and back is not None and sorted(back, key=str) == sorted(feats, key=str):
                if other < coord:
                    continue  # the same border, declared on both hexes: kept once, named by the first
                edges += [EdgeFeature(cell=grid.label(coord), edge=edge, kind=k, cost=c, color=col, extra=x) for k, c, col, x in feats]
            else:
                one = other is not None  # declared by this hex only (or differently by its neighbour)
                edges += [EdgeFeature(cell=grid.label(coord), edge=edge, kind=k, cost=c, color=col, one_sided=one, extra=x)
                          for k, c, col, x in feats]
        edges.sort(key=lambda f: (grid.coord(f.cell)[1], grid.coord(f.cell)[0], f.edge, f.kind))
        return cells, edges

    def _dropped(self, items: list[str], line: int, lbl: str) -> None:
        for item in items:
            if not self.lenient:
                raise self.fail(line, f"{lbl}: {item} (drawing only; --lenient drops it)")
            self.warn(line, f"{lbl}: dropped {item} (--lenient)")

    def _cell(self, lbl: str, color: str, code: str, line: int, name: str | None):
        written = code
        code = self._standard_code(code)
        # a hex given by a named tile ('blank', 'city', '57') is that tile, named so in the game
        printed_name = written if written != code or written in NAMED_WHITE else None
        try:
            track = parse_track(code)
        except DslError as exc:
            if self.lenient and "is neither an edge" in str(exc):
                track = self._without_bad_paths(code, lbl, line)
            else:
                raise self.fail(line, f"{lbl}: {exc}") from None
        for w in track.warnings + track.kept:
            self.warn(line, f"{lbl}: {w}")
        self._dropped(track.dropped, line, lbl)
        terrain = COLOR_TERRAIN.get(color, "plain")
        label, labels, icons, borders, costs = None, [], [], [], []
        decor: dict = {"stubs": [], "partitions": [], "extra_parts": []}
        for p in track.other:
            where = f"{lbl}: {short(p.text(), 60)!r}"
            if note := part_note(p):
                self.warn(line, f"{where}: {note}")
            try:
                if p.type == "label" and p.bare is not None:
                    if label is None:
                        label = p.bare
                    else:
                        labels.append(p.bare)
                elif p.type == "upgrade":
                    costs.append(parse_cost(p, where))
                elif p.type == "border":
                    borders += self._border(p, where, line)
                elif p.type == "icon":
                    icons.append(self._icon(p, where, line, color))
                elif p.type == "blank" and not p.params and p.bare is None:
                    continue  # the engine's empty part
                elif (d := parse_decor(p, where)) is not None:
                    if isinstance(decor.get(d[0]), list):
                        decor[d[0]].append(d[1])
                    else:
                        decor[d[0]] = d[1]
                    if note := kept_note(p, d):
                        self.warn(line, f"{where}: {note}")
                elif unknown_part(p):
                    decor["extra_parts"].append(p.text())
                    self.warn(line, f"{where}: {kept_note(p, None)}")
                else:
                    raise self.fail(line, f"{where}: the part {p.type!r} is not supported")
            except DslError as exc:
                raise self.fail(line, str(exc)) from None
        cost = 0
        simple = (
            len(costs) == 1 and costs[0].size is None and costs[0].loc is None and not costs[0].extra
            and (not costs[0].terrains or (len(costs[0].terrains) == 1 and costs[0].terrains[0] in UPGRADE_TERRAINS and terrain == "plain"))
        )
        if simple:
            cost = costs[0].cost
            if costs[0].terrains:
                terrain = costs[0].terrains[0]
            costs = []
        elif costs:
            cost = sum(c.cost for c in costs)
            first = next((t for c in costs for t in c.terrains if t in UPGRADE_TERRAINS), None)
            if first is not None and terrain == "plain":
                terrain = first
        red = terrain == "offboard"
        cities, towns = [], []
        for n in track.nodes:
            if red:
                n = red_convention(n)
            f = n.model_dump(exclude={"kind", "slots", "revenue", "groups", "style", "offboard", "halt", "symbol", "to_city"}, exclude_defaults=True)
            if n.kind == "city":
                cities.append(City(slots=n.slots, revenue=n.revenue, groups=n.groups, offboard=n.offboard, **f))
            elif n.kind == "town":
                towns.append(Town(revenue=n.revenue, groups=n.groups, style=n.style, halt=n.halt, symbol=n.symbol, to_city=n.to_city, **f))
        cell = Cell(
            terrain=terrain,
            cost=cost,
            color=None if color in ("white", "gray", "red", "blue") else color,
            name=name,
            label=label,
            labels=labels,
            cities=cities,
            towns=towns,
            junction=any(n.kind == "junction" for n in track.nodes),
            extra_junctions=max(0, sum(1 for n in track.nodes if n.kind == "junction") - 1),
            junction_extra=next((n.extra for n in track.nodes if n.kind == "junction"), ()),
            node_order=None if track.written_order == sorted(track.written_order, key=NODE_RANK.get) else track.written_order,
            paths=track.paths,
            icons=icons,
            costs=costs,
            printed_name=printed_name,
            **decor,
        )
        return cell, borders

    def _standard_code(self, code: str) -> str:
        """A hex given by a standard tile's name (``'57'``, ``'blank'``) stands for that tile's code."""
        if not re.fullmatch(r"[A-Za-z0-9]{1,8}", code) or code in ("junction", "") or code in NAMED_WHITE:
            return NAMED_WHITE.get(code, code)

        tile = self._std().get(code)
        return tile_code(tile) if tile is not None else code

    def _without_bad_paths(self, code: str, lbl: str, line: int):
        """``--lenient``: the hex without the paths that name an edge that does not exist."""
        keep = []
        for part in code.split(";"):
            try:
                parse_track(";".join(keep + [part]))
                keep.append(part)
            except DslError as exc:
                self.warn(line, f"{lbl}: dropped {short(part, 40)!r}: {exc} (--lenient)")
        return parse_track(";".join(keep))

    def _border(self, p, where: str, line: int) -> list[tuple[int, str, int, str | None, tuple]]:
        params = dict(p.params)
        edge = params.pop("edge", "")
        if not re.fullmatch(r"[0-5]", edge):
            raise self.fail(line, f"{where}: a border needs edge:0-5")
        kind = params.pop("type", None)
        cost = params.pop("cost", "0")
        color = params.pop("color", None)
        try:
            extra = unknown_keys(params, BORDER_KEYS, where)  # kept as written (warned by part_note)
        except DslError as exc:
            raise self.fail(line, str(exc)) from None
        if not re.fullmatch(r"\d{1,6}", cost):
            raise self.fail(line, f"{where}: cost:{short(cost, 20)} is not a number")
        if kind not in BORDER_TYPES:
            raise self.fail(line, f"{where}: border type {short(kind, 20)} is not one of {', '.join(t for t in BORDER_TYPES if t)} (or none)")
        e, c = int(edge), int(cost)
        if color is not None and len(color) > 40:
            raise self.fail(line, f"{where}: color: a colour is at most 40 characters")
        if kind == "province":
            return [(e, "gauge", 0, color, extra)] + ([(e, "river", c, None, ())] if c else [])
        return [(e, BORDER_KINDS[kind], c, color, extra)]

    def _icon(self, p, where: str, line: int, color: str) -> str:
        if "image" not in p.params:
            raise self.fail(line, f"{where}: an icon needs image:")
        rest = {k: v for k, v in p.params.items() if k != "image"}
        defaults = dict(kv.split(":", 1) for kv in icon_defaults(color).split(","))
        if rest == defaults:
            return p.params["image"]
        return ",".join(f"{k}:{v}" for k, v in p.params.items())

    # --- tiles ---------------------------------------------------------------------------------
    def _tiles(self, tv: RValue | None, game_id: str | None) -> TileSupply:
        return read_tiles(self, tv, game_id)

    def _std(self) -> dict[str, TileDef]:
        """The standard tiles by number: the engine checkout's own list when the map file sits in
        one (:mod:`model.io.engine_tiles`), else the bundled copy."""
        if self._standard is None:
            self._standard, self.newer_standard, self.tile_list = standard_tiles(self.path)
        return self._standard

    def _tile_groups(self, v: RValue) -> list[list[str]]:
        groups = v.plain()
        if not isinstance(groups, list) or not all(isinstance(g, list) and all(isinstance(t, str) for t in g) for g in groups):
            raise self.fail(v.line, "TILE_GROUPS must be a list of lists of tile names, like [%w[3 72], %w[4 74]]")
        return groups


def import_18xx_games(
    text: str, file: str = "<string>", rules: str | None = None, lenient: bool = False, path: Path | None = None,
    hexes: str | None = None,
) -> ImportResult:
    """Read a map file's text. Raises :class:`ImportError18xx` naming the line for what it cannot hold.

    ``file`` names the file in messages; ``path`` is the file on disk, needed only when the map
    refers to constants of sibling files (``require_relative 'tiles'``, ``G1846::Map::TILES``):
    they are looked up from there, never outside the folder two levels above it.

    ``lenient`` turns two kinds of loss into warnings (naming the line) instead of errors:
    terrain types Trackwright lacks (or several on one hex: the cost is kept with the first
    supported terrain, or on plain land) and decorative parts (frame, stripes, future_label).

    ``hexes`` names the constant holding the map's hexes where the title's code picks one of
    several (1888's ``game_hexes``: ``NORTH_HEXES``); without it, with no ``HEXES``, their union.
    """
    try:
        return _Importer(text, file, rules, lenient, path, hexes).run()
    except RubyLimit as exc:  # a budget of the evaluator, met while expanding a value
        raise ImportError18xx(exc.file or file, exc.line, exc.message) from None
    except RecursionError:
        raise ImportError18xx(file, None, "values nested too deeply to import") from None


__all__ = ["ImportError18xx", "ImportResult", "generic_upgrades", "import_18xx_games", "is_standard", "LAND_COLORS"]

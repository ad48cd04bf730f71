"""Grids: which cells exist, their printed labels, neighbours, rotation and layout maths.

Coordinates are integer pairs ``(x, y)``.

* Square grids: ``x`` is the column (0 = west), ``y`` the row (0 = top, growing southwards).
  Labels are column letters and row numbers: ``A1`` is the top-left cell, ``B1`` is east of it.
  Edges are numbered like the 18xx.games hex edges, starting at the bottom and going clockwise:
  ``0 = S, 1 = W, 2 = N, 3 = E``. Rotating a tile by ``r`` quarter turns clockwise sends its
  edge ``e`` to ``(e + r) % 4``.
* Hex grids use the 18xx doubled coordinates: every cell has the same parity of ``x + y``.
  On flat-topped maps ``x`` is the column and ``y`` the doubled row (vertical neighbours differ by
  2 in ``y``); on pointy-topped maps ``y`` is the row and ``x`` the doubled column. Edges follow
  18xx.games: on flat maps ``0`` is the bottom side, clockwise (0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE);
  on pointy maps ``0`` is the lower-left side, clockwise (0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE).
  Labels are letter-number: with axes ``x=letter, y=number`` (the flat default) the label of
  ``(x, y)`` is ``letters(x) + str(y + 1)``; with ``x=number, y=letter`` (the pointy default) it is
  ``letters(y) + str(x + 1)``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from functools import cached_property
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Coord = tuple[int, int]

SQUARE_EDGE_NAMES = ("S", "W", "N", "E")
_SQUARE_OFFSETS: tuple[Coord, ...] = ((0, 1), (-1, 0), (0, -1), (1, 0))
_FLAT_OFFSETS: tuple[Coord, ...] = ((0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1))
_POINTY_OFFSETS: tuple[Coord, ...] = ((-1, 1), (-2, 0), (-1, -1), (1, -1), (2, 0), (1, 1))
FLAT_EDGE_NAMES = ("S", "SW", "NW", "N", "NE", "SE")
POINTY_EDGE_NAMES = ("SW", "W", "NW", "NE", "E", "SE")

_LABEL_RE = re.compile(r"([A-Z]{1,4})([1-9][0-9]{0,5})")  # fullmatch: no "A01", "A0" or "A1\n"
_LABEL_RE_EXT = re.compile(r"([A-Z]{1,4}|[a-z])(-?[0-9]{1,6})")  # grids with letter_start/number_start
SQRT3 = math.sqrt(3.0)


def letters_for(index: int) -> str:
    """Column letters for a 0-based index: 0 -> A, 25 -> Z, 26 -> AA (18xx.games scheme)."""
    if index < 0:
        raise ValueError(f"negative letter index {index}")
    if index < 26:
        return chr(ord("A") + index)
    return "A" + chr(ord("A") + index - 26) if index < 52 else letters_for(index // 26 - 1) + chr(ord("A") + index % 26)


def letter_index(text: str) -> int:
    """Inverse of :func:`letters_for`."""
    if len(text) == 1:
        return ord(text) - ord("A")
    if len(text) == 2 and text[0] == "A":
        return 26 + ord(text[1]) - ord("A")
    value = 0
    for ch in text:
        value = value * 26 + (ord(ch) - ord("A") + 1)
    return value - 1


MAX_EXTENT = 1000
"""A grid is at most this many columns wide and rows high (in its doubled coordinates)."""
MIN_NUMBER_START = -99
"""The lowest number a grid's first number column/row may have."""


class GridError(ValueError):
    """A label or coordinate that the grid does not have."""


class _GridBase(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    width: int = Field(ge=1, le=MAX_EXTENT, description="Columns (hex: number of letter/number columns).")
    height: int = Field(ge=1, le=MAX_EXTENT, description="Rows.")
    cells: list[str] | None = Field(
        default=None,
        description="When set, only these labels are on the board (irregular maps); otherwise every position of the rectangle is.",
    )

    @model_validator(mode="after")
    def _check_cells(self):
        """An explicit cell list must hold parseable, distinct labels inside the rectangle."""
        if self.cells is None:
            return self
        seen: set[Coord] = set()
        for i, lbl in enumerate(self.cells):
            c = self._parse(lbl)
            if not (0 <= c[0] < self.width and 0 <= c[1] < self.height):
                raise ValueError(f"cells[{i}] {lbl} lies outside the {self.width}x{self.height} grid")
            if getattr(self, "parity", None) is not None and (c[0] + c[1]) % 2 != self.parity and lbl not in getattr(self, "off_parity", ()):
                raise ValueError(f"cells[{i}] {lbl} has the wrong parity for this hex grid")
            if c in seen:
                raise ValueError(f"cells[{i}] {lbl} is listed twice")
            seen.add(c)
        return self

    # --- interface every grid implements -------------------------------------------------
    @property
    def sides(self) -> int:  # pragma: no cover - overridden
        raise NotImplementedError

    def offsets(self) -> tuple[Coord, ...]:  # pragma: no cover - overridden
        raise NotImplementedError

    def _all_positions(self) -> Iterator[Coord]:  # pragma: no cover - overridden
        raise NotImplementedError

    def label(self, coord: Coord) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    def _parse(self, label: str) -> Coord:  # pragma: no cover - overridden
        raise NotImplementedError

    # --- shared behaviour ------------------------------------------------------------------
    @cached_property
    def coord_set(self) -> frozenset[Coord]:
        """Every coordinate on the board."""
        if self.cells is None:
            return frozenset(self._all_positions())
        return frozenset(self._parse(lbl) for lbl in self.cells)

    @cached_property
    def ordered_coords(self) -> tuple[Coord, ...]:
        """Every coordinate on the board in reading order (row by row, then column)."""
        return tuple(sorted(self.coord_set, key=lambda c: (c[1], c[0])))

    def __len__(self) -> int:
        return len(self.coord_set)

    def contains(self, coord: Coord) -> bool:
        return coord in self.coord_set

    @cached_property
    def _label_coords(self) -> dict[str, Coord]:
        """Labels already parsed by :meth:`coord` (the grid is frozen, so they stay true)."""
        return {}

    @cached_property
    def _coord_labels(self) -> dict[Coord, str]:
        """Labels of the coordinates already printed by :meth:`label` (on the board only)."""
        return {}

    def coord(self, label: str) -> Coord:
        """The coordinate of a printed label; raises GridError when it is not on the board."""
        known = self._label_coords
        c = known.get(label) if isinstance(label, str) else None
        if c is not None:
            return c
        c = self._parse(label)
        if c not in self.coord_set:
            raise GridError(f"{label} is not on the board")
        known[label] = c
        return c

    def is_label(self, label: str) -> bool:
        if isinstance(label, str) and label in self._label_coords:  # parsed before: on the board
            return True
        try:
            self.coord(label)
        except GridError:
            return False
        return True

    def opposite(self, edge: int) -> int:
        return (edge + self.sides // 2) % self.sides

    def rotate_edge(self, edge: int, rotation: int) -> int:
        """Where a tile edge goes when the tile is turned ``rotation`` steps clockwise."""
        return (edge + rotation) % self.sides

    def neighbour_position(self, coord: Coord, edge: int) -> Coord:
        dx, dy = self.offsets()[edge]
        return (coord[0] + dx, coord[1] + dy)

    def neighbour(self, coord: Coord, edge: int) -> Coord | None:
        """The cell across ``edge``, or None when that side is the edge of the board."""
        n = self.neighbour_position(coord, edge)
        return n if n in self.coord_set else None

    def neighbours(self, coord: Coord) -> Iterator[tuple[int, Coord]]:
        for e in range(self.sides):
            n = self.neighbour(coord, e)
            if n is not None:
                yield e, n

    def edge_towards(self, coord: Coord, other: Coord) -> int | None:
        d = (other[0] - coord[0], other[1] - coord[1])
        try:
            return self.offsets().index(d)
        except ValueError:
            return None

    def edge_name(self, edge: int) -> str:  # pragma: no cover - overridden
        raise NotImplementedError


class SquareGrid(_GridBase):
    """A square grid of 4-sided cells (see the module docstring for the conventions)."""

    kind: Literal["square"] = "square"

    @property
    def sides(self) -> int:
        return 4

    def offsets(self) -> tuple[Coord, ...]:
        return _SQUARE_OFFSETS

    def _all_positions(self) -> Iterator[Coord]:
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    def label(self, coord: Coord) -> str:
        known = self._coord_labels
        text = known.get(coord)
        if text is None:
            text = f"{letters_for(coord[0])}{coord[1] + 1}"
            if coord in self.coord_set:
                known[coord] = text
        return text

    def _parse(self, label: str) -> Coord:
        m = _LABEL_RE.fullmatch(label) if isinstance(label, str) else None
        if not m:
            raise GridError(f"{label!r} is not a cell label (expected letters then a number, like C4)")
        return (letter_index(m.group(1)), int(m.group(2)) - 1)

    def edge_name(self, edge: int) -> str:
        return SQUARE_EDGE_NAMES[edge]

    # layout: cells of side `size`, origin at the top-left corner of A1
    def centre(self, coord: Coord, size: float = 1.0) -> tuple[float, float]:
        return ((coord[0] + 0.5) * size, (coord[1] + 0.5) * size)

    def corners(self, coord: Coord, size: float = 1.0) -> list[tuple[float, float]]:
        x0, y0 = coord[0] * size, coord[1] * size
        return [(x0, y0), (x0 + size, y0), (x0 + size, y0 + size), (x0, y0 + size)]

    def edge_midpoint(self, coord: Coord, edge: int, size: float = 1.0) -> tuple[float, float]:
        cx, cy = self.centre(coord, size)
        dx, dy = _SQUARE_OFFSETS[edge]
        return (cx + dx * size / 2, cy + dy * size / 2)

    def cell_at(self, px: float, py: float, size: float = 1.0) -> Coord | None:
        c = (math.floor(px / size), math.floor(py / size))
        return c if c in self.coord_set else None

    def bounds(self, size: float = 1.0) -> tuple[float, float, float, float]:
        return (0.0, 0.0, self.width * size, self.height * size)

    def rotate_coord(self, coord: Coord, quarter_turns: int = 1) -> Coord:
        """Turn a coordinate of a square board clockwise (the board must be square)."""
        x, y = coord
        for _ in range(quarter_turns % 4):
            x, y = self.height - 1 - y, x
        return (x, y)


class HexGrid(_GridBase):
    """An 18xx hex grid with doubled coordinates (see the module docstring)."""

    kind: Literal["hex"] = "hex"
    orientation: Literal["flat", "pointy"] = "flat"
    axes: Literal["letter-number", "number-letter"] | None = Field(
        default=None,
        description="'letter-number': x is the letter, y the number; 'number-letter': the reverse. Default: letter-number for flat, number-letter for pointy.",
    )
    parity: Literal[0, 1] = Field(default=0, description="x + y parity shared by every cell (18 India: 1).")
    letter_start: int = Field(
        default=0, ge=-26, le=0,
        description="Letter index of the first letter column/row: 0 = 'A'; -1 = 'a', -2 = 'b' (18xx.games columns left of A).",
    )
    number_start: int = Field(default=1, ge=MIN_NUMBER_START, le=1, description="The number of the first number column/row (0 for maps with D0).")
    off_parity: list[str] = Field(
        default_factory=list,
        description="Listed cells that break the grid's parity (18xx.games bonus boxes placed between rows).",
    )

    @property
    def sides(self) -> int:
        return 6

    @property
    def effective_axes(self) -> str:
        return self.axes or ("letter-number" if self.orientation == "flat" else "number-letter")

    def offsets(self) -> tuple[Coord, ...]:
        return _FLAT_OFFSETS if self.orientation == "flat" else _POINTY_OFFSETS

    def _all_positions(self) -> Iterator[Coord]:
        # width counts letter columns on flat maps and doubled columns on pointy maps alike:
        # the rectangle is [0, width) x [0, height) in the doubled coordinates, parity filtered.
        for y in range(self.height):
            for x in range(self.width):
                if (x + y) % 2 == self.parity:
                    yield (x, y)

    def label(self, coord: Coord) -> str:
        known = self._coord_labels
        label = known.get(coord)
        if label is None:
            x, y = coord
            letter, number = (x, y) if self.effective_axes == "letter-number" else (y, x)
            li = letter + self.letter_start
            text = letters_for(li) if li >= 0 else chr(ord("a") - li - 1)
            label = f"{text}{number + self.number_start}"
            # kept for the board's coordinates once they are known (reading them prints labels)
            if coord in self.__dict__.get("coord_set", ()):
                known[coord] = label
        return label

    def _parse(self, label: str) -> Coord:
        if self.letter_start == 0 and self.number_start == 1:
            m = _LABEL_RE.fullmatch(label) if isinstance(label, str) else None
        else:
            m = _LABEL_RE_EXT.fullmatch(label) if isinstance(label, str) else None
        if not m:
            raise GridError(f"{label!r} is not a hex label (expected letters then a number, like J37)")
        text = m.group(1)
        li = letter_index(text) if text.isupper() else -(ord(text) - ord("a") + 1)
        a, n = li - self.letter_start, int(m.group(2)) - self.number_start
        if a < 0 or n < 0 or (self.number_start != 1 and label != self.label((a, n) if self.effective_axes == "letter-number" else (n, a))):
            raise GridError(f"{label!r} is not a hex label of this grid")
        return (a, n) if self.effective_axes == "letter-number" else (n, a)

    def edge_name(self, edge: int) -> str:
        return (FLAT_EDGE_NAMES if self.orientation == "flat" else POINTY_EDGE_NAMES)[edge]

    # layout: `size` is the hex circumradius (centre to corner)
    def centre(self, coord: Coord, size: float = 1.0) -> tuple[float, float]:
        x, y = coord
        if self.orientation == "flat":
            return (size + x * 1.5 * size, SQRT3 / 2 * size + y * SQRT3 / 2 * size)
        return (SQRT3 / 2 * size + x * SQRT3 / 2 * size, size + y * 1.5 * size)

    def corners(self, coord: Coord, size: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = self.centre(coord, size)
        start = 0.0 if self.orientation == "flat" else 30.0
        return [
            (cx + size * math.cos(math.radians(start + 60 * i)), cy + size * math.sin(math.radians(start + 60 * i)))
            for i in range(6)
        ]

    def edge_midpoint(self, coord: Coord, edge: int, size: float = 1.0) -> tuple[float, float]:
        cx, cy = self.centre(coord, size)
        nx, ny = self.centre(self.neighbour_position(coord, edge), size)
        return ((cx + nx) / 2, (cy + ny) / 2)

    def cell_at(self, px: float, py: float, size: float = 1.0) -> Coord | None:
        """The cell whose hexagon contains the point (nearest centre among candidates)."""
        if self.orientation == "flat":
            gx = round((px - size) / (1.5 * size))
            gy = (py - SQRT3 / 2 * size) / (SQRT3 / 2 * size)
        else:
            gy = round((py - size) / (1.5 * size))
            gx = (px - SQRT3 / 2 * size) / (SQRT3 / 2 * size)
        best, best_d = None, float("inf")
        odd = {self._parse(lbl) for lbl in self.off_parity} if self.off_parity else set()
        base_x = gx if self.orientation == "flat" else math.floor(gx)
        base_y = math.floor(gy) if self.orientation == "flat" else gy
        for dx in (-1, 0, 1, 2):
            for dy in (-1, 0, 1, 2):
                c = (int(base_x) + dx, int(base_y) + dy)
                if (c[0] + c[1]) % 2 != self.parity and c not in odd:
                    continue
                cx, cy = self.centre(c, size)
                d = (cx - px) ** 2 + (cy - py) ** 2
                if d < best_d:
                    best, best_d = c, d
        if best is None or best_d > size * size:
            return None
        return best if best in self.coord_set else None

    def bounds(self, size: float = 1.0) -> tuple[float, float, float, float]:
        xs, ys = [], []
        for c in self.coord_set:
            for px, py in self.corners(c, size):
                xs.append(px)
                ys.append(py)
        if not xs:
            return (0.0, 0.0, 0.0, 0.0)
        return (min(xs), min(ys), max(xs), max(ys))


Grid = Annotated[SquareGrid | HexGrid, Field(discriminator="kind")]



"""The board: a grid, its cells (terrain, features, printed and laid track) and edge features.

Cells are stored sparsely by printed label: a cell that is plain and empty need not be written.
Node numbering inside a cell's printed track: cities first, then towns, then the junction
(``"n0"`` is the first city, and so on), so printed ``paths`` use the same port syntax as tiles.
"""

from __future__ import annotations

import bisect
from operator import attrgetter
from typing import Annotated, Literal

from pydantic import ConfigDict, Field, ValidationInfo, field_validator

from model.changes import TRACKED, CountedModel, TrackedDict, TrackedList
from model.drawing import CircleMark
from model.grid import Coord, Grid, HexGrid
from model.tiles import ExtraKeys, HexDecor, StopDetails, TilePath

Terrain = Literal["plain", "lake", "mountain", "hill", "water", "gray", "offboard"]
"""plain: open land; lake: a body of water (Catalan: bridge only; 18xx: a blue hex, no tiles);
mountain / hill: rough land with a cost; water: a layable water crossing with a cost (18xx ferry);
gray: fixed track that never changes; offboard: a red off-board area."""

TERRAIN_COLORS = {"gray": "gray", "offboard": "red", "lake": "blue"}

EdgeKind = Literal["gauge", "river", "impassable", "mountain", "divider", "offboard", "border"]
"""gauge: a province/gauge line (18xx.games ``type:province``); river: a water border with a
crossing cost; impassable; mountain: a mountain pass with a cost; divider: a drawn line that
does not block; offboard: the edge of an off-board area; border: a border with no type (the
engine's plain ``border=edge:N``: drawn, blocking nothing; any border with a cost is paid by the lay
that connects across it, as the engine does)."""
PlatformKind = Literal["origin", "destination", "other"]


class _Model(CountedModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class City(StopDetails, _Model):
    """A city printed on the cell: its station circles and reservations (``offboard``: an
    off-board revenue location with no station)."""

    name: str | None = None
    slots: int = Field(default=1, ge=0, le=12)
    revenue: int | str = 0
    reserved: list[str] = Field(default_factory=list, description="Company ids holding a reserved circle here.")
    groups: list[str] = Field(default_factory=list)
    marks: list[CircleMark] = Field(
        default_factory=list,
        description="What each station circle shows, in circle order, when the source marks circles with a colour "
        "or leaves gaps (18xx-maker); the companies named are also in reserved. Empty: reserved says it all.",
    )
    style: str | None = Field(default=None, max_length=20, description="Drawing: 'boomtown' (a city drawn as a boomtown).")


class Town(StopDetails, _Model):
    """A town printed on the cell (``halt``: a halt with a symbol)."""

    name: str | None = None
    revenue: int | str = 0
    groups: list[str] = Field(default_factory=list)
    style: str | None = Field(
        default=None, max_length=20,
        description="Drawing: dot, rect or hidden; 'boomtown' (a town ringed dashed, which becomes a city: "
        "18xx-maker), 'boomtown_solid' (the ring drawn solid).",
    )


class Platform(_Model):
    """A station platform (Catalan game): reached only through its access side."""

    station: str = Field(min_length=1, description="Station id; platforms of one station share it.")
    access: int = Field(ge=0, le=5, description="The side a train enters and leaves by.")
    kind: PlatformKind = "other"
    owner: str | None = Field(default=None, description="Player id owning this platform.")
    name: str | None = None


class LaidTile(_Model):
    """A tile on the cell, with its rotation and (optionally) when and by whom it was laid."""

    tile: str = Field(min_length=1)
    rotation: int = Field(default=0, ge=0)
    turn: int | None = None
    phase: str | None = None
    by: str | None = None
    city_map: list[int] = Field(
        default_factory=list,
        description="Where each printed city is on this tile: entry k is the tile's city that printed city k became, "
        "with its reservations (an OO upgrade may turn the cities). Empty: city k stays city k.",
    )

    def city_of_printed(self, k: int) -> int:
        """The tile's city that printed city ``k`` became."""
        return self.city_map[k] if k < len(self.city_map) else k


TokenKind = Literal["normal", "neutral", "blocking", "exchange"]
TOKEN_KINDS: dict[str, str] = {
    "normal": "fills a circle; a city whose circles are all filled by other companies blocks a company's walk",
    "neutral": "fills a circle of no company; a city holding one never blocks anyone (1882's CN)",
    "blocking": "fills a circle and counts for nobody, so it blocks like another company's token (18SJ, 18ZOO)",
    "exchange": "a company's token placed by exchange (18 India's GIPR); it plays as a normal token",
}
"""Token kind -> what it blocks (the engine's token types that change a lay)."""


class Token(_Model):
    """A station token in one of the cell's cities (a company's, or a neutral or blocking one)."""

    company: str
    city: int = Field(default=0, ge=0)
    kind: TokenKind = Field(default="normal", description="normal, neutral, blocking or exchange (see TOKEN_KINDS).")
    circle: int | None = Field(
        default=None, ge=0, le=11,
        description="The station circle of the city the token sits in (0: the first). None: the first circle no "
        "other token of the city holds, in the order the tokens are listed (a token placed by play).",
    )


class Cell(HexDecor, _Model):
    """Everything on one cell of the board."""

    terrain: Terrain = "plain"
    cost: int = Field(default=0, ge=0, description="Cost of the first tile laid here (hills, mountains, ferries).")
    color: str | None = Field(
        default=None, max_length=40, pattern=r"^[a-zA-Z][a-zA-Z0-9_]*$",
        description="Printed colour of an 18xx hex when it is not implied by the terrain (white, yellow, "
        "green, brown, gray, red, blue or any other colour the 18xx.games engine names: orange, purple, sepia, "
        "salmon, gray40, ...; a colour the game names in board.palette, such as 21Moon's lightlightGray; "
        "'empty' marks a hole in the map).",
    )
    name: str | None = None
    label: str | None = None
    cities: list[City] = Field(default_factory=list)
    towns: list[Town] = Field(default_factory=list)
    junction: bool = False
    extra_junctions: int = Field(default=0, ge=0, le=6, description="Junctions after the first (18xx.games hexes with several).")
    junction_extra: ExtraKeys = Field(
        default=(), description="Keys of the first junction's part Trackwright does not know, kept as written and exported unchanged."
    )
    node_order: list[Literal["city", "town", "junction"]] | None = Field(
        default=None,
        description="The order an 18xx.games map wrote this hex's stops in, when it is not cities, "
        "then towns, then junctions (kept for export; ports n<k> still count cities first).",
    )
    paths: list[TilePath] = Field(default_factory=list, description="Printed track (gray, red, preprinted hexes).")
    platform: Platform | None = None
    tile: LaidTile | None = None
    tokens: list[Token] = Field(default_factory=list)
    reserved: list[str] = Field(default_factory=list, description="Hex-level reservations: a circle stays free for each.")
    icons: list[str] = Field(default_factory=list)
    labels: list[str] = Field(default_factory=list, description="Further labels after the first.")
    extra_values: list[int | str] = Field(
        default_factory=list,
        description="Revenues printed on the hex beyond one per stop (1861's Ekaterinburg prints 40 and 80 by one city).",
    )
    printed_name: str | None = Field(
        default=None, max_length=20, pattern=r"^[A-Za-z0-9_.-]+$",
        description="The named tile an 18xx.games map printed here ('blank', 'city', 'town' or a standard "
        "tile number such as '57'); the 18xx.games export writes the name while the hex still is that tile.",
    )

    @property
    def printed_color(self) -> str:
        return self.color or TERRAIN_COLORS.get(self.terrain, "white")

    @property
    def node_count(self) -> int:
        return len(self.cities) + len(self.towns) + self.junction_count

    @property
    def junction_count(self) -> int:
        return (1 if self.junction else 0) + self.extra_junctions

    def is_empty(self) -> bool:
        return self == EMPTY_CELL

    def city_reserved(self, city: int) -> list[str]:
        """Company ids holding a reservation in the current city ``city`` (of the laid tile, or of
        the printed hex): the reservations of the printed cities that became it."""
        if self.tile is None:
            return list(self.cities[city].reserved) if city < len(self.cities) else []
        out: list[str] = []
        for k, printed in enumerate(self.cities):
            if self.tile.city_of_printed(k) == city:
                out += printed.reserved
        return out


EMPTY_CELL = Cell()

PRINTED_FIELDS: tuple[str, ...] = tuple(name for name in Cell.model_fields if name not in ("tile", "tokens"))
"""The parts of a cell that belong to the printed map (everything but the laid tile and tokens)."""

printed_parts = attrgetter(*PRINTED_FIELDS)
"""A cell's printed parts, one tuple (in :data:`PRINTED_FIELDS` order)."""


class EdgeFeature(_Model):
    """Something on one side between two cells: a gauge line, a river, an impassable side."""

    cell: str
    edge: int = Field(ge=0, le=5)
    kind: EdgeKind
    cost: int = Field(default=0, ge=0)
    color: str | None = Field(
        default=None, max_length=40,
        description="Drawing colour of the border (18xx.games color:); on a divider, a line drawn in that colour "
        "whose meaning the source does not give (21Moon's borderGreen).",
    )
    one_sided: bool = Field(
        default=False, description="Declared by the cell only, not by its neighbour (18xx.games keeps borders per hex)."
    )
    extra: ExtraKeys = Field(
        default=(), description="Keys of the border part Trackwright does not know, kept as written and exported unchanged."
    )

    def key(self) -> tuple:
        """Every field's value: equal features have equal keys (a hashable stand-in for ``==``)."""
        return (self.cell, self.edge, self.kind, self.cost, self.color, self.one_sided)


class DrawnLine(_Model):
    """A line drawn along hex corners (``F8p3``) that are on no hex of the board (21Moon's frames
    around its table of bonuses): drawn and exported as it is, no border of the play."""

    color: str = Field(max_length=40)
    dashed: bool = False
    coords: list[str] = Field(default_factory=list, max_length=1000)
    style: dict[str, str | int | float] = Field(default_factory=dict)


# The validation-context key under which a loader passes the layout of shared cells (see
# Board._expand_shared_cells and model.io.files).
CELL_LAYOUT = "trackwright.cell_layout"


class Board(_Model):
    """A grid with its cells and edge features."""

    grid: Grid
    cells: dict[str, Cell] = Field(default_factory=TrackedDict)
    edges: Annotated[list[EdgeFeature], TRACKED] = Field(default_factory=TrackedList)
    other_names: dict[str, str] = Field(
        default_factory=dict,
        description="Names an 18xx.games map gives to hexes it does not define (the title's code adds "
        "those hexes); not on this board, kept so that an export names them again.",
    )
    palette: dict[str, str] = Field(
        default_factory=dict,
        description="Colours the game names (18xx-maker's colors: lightlightGray -> #dddddd), used by hex, border "
        "and mark colours.",
    )
    off_grid: dict[str, Cell] = Field(
        default_factory=dict,
        description="Hexes the source places off this grid's rows (21Moon's table of bonus hexes beside the map): "
        "kept, drawn beside the board and exported, never played on.",
    )
    lines: list[DrawnLine] = Field(default_factory=list, description="Lines drawn along corners of no hex of the board.")
    off_grid_edges: list[EdgeFeature] = Field(default_factory=list, description="Borders drawn on the off_grid hexes.")
    off_grid_layout: HexGrid | None = Field(default=None, description="The grid the off_grid hexes lie on (the board's, shifted by a row).")

    @field_validator("cells", mode="after")
    @classmethod
    def _expand_shared_cells(cls, cells: dict[str, Cell], info: ValidationInfo) -> dict[str, Cell]:
        """Cells of equal content share one Cell object when the loader asks for it.

        The loader validates each distinct cell once and passes, in the validation context,
        ``(labels, keys, first)``: every label in file order, its content's key, and the label
        that stands for each key. Cells are never changed in place (edits replace them with
        ``model_copy``), so sharing is safe, and a filled 1000x1000 board fits in memory.
        """
        layout = info.context.get(CELL_LAYOUT) if isinstance(info.context, dict) else None
        if layout is None:
            return TrackedDict(cells)
        labels, keys, first = layout
        return TrackedDict({label: cells[first[key]] for label, key in zip(labels, keys, strict=True)})

    # --- access by coordinate ------------------------------------------------------------
    def label(self, coord: Coord) -> str:
        return self.grid.label(coord)

    def cell(self, coord: Coord) -> Cell:
        """The cell at ``coord`` (an empty plain cell when nothing is stored)."""
        return self.cells.get(self.grid.label(coord), EMPTY_CELL)

    def cell_at_label(self, label: str) -> Cell:
        return self.cells.get(label, EMPTY_CELL)

    def side_key(self, coord: Coord, edge: int) -> tuple[Coord, int]:
        """A canonical key for the side shared by ``coord`` and its neighbour across ``edge``."""
        other = self.grid.neighbour_position(coord, edge)
        opp = self.grid.opposite(edge)
        return min((coord, edge), (other, opp))

    def edge_features(self) -> dict[tuple[Coord, int], list[EdgeFeature]]:
        """Edge features indexed by :meth:`side_key`."""
        out: dict[tuple[Coord, int], list[EdgeFeature]] = {}
        for f in self.edges:
            out.setdefault(self.side_key(self.grid.coord(f.cell), f.edge), []).append(f)
        return out

    def edge_order(self, feature: EdgeFeature) -> tuple:
        """The canonical sort key of an edge feature: row, column, side, kind, cost.

        ``board.edges`` is kept in this order (sorted at load, kept by the editor's edits), so the
        saved file does not depend on the order in which features were added or undone.
        """
        x, y = self.grid.coord(feature.cell)
        return (y, x, feature.edge, feature.kind, feature.cost)

    # ``edges`` is kept in :meth:`edge_order` (the scenario sorts it, the editor's edits insert in
    # place), so the features written on one cell side, or on a run of cells of one row, are one
    # stretch of the list: bisections find them, and an edit's cost does not grow with the
    # number of features elsewhere on the board.
    def _run(self, y: int, x0: int, x1: int) -> range:
        """Indices in ``edges`` of the features written on cells ``(x0..x1, y)``."""
        lo = bisect.bisect_left(self.edges, (y, x0), key=self.edge_order)
        hi = bisect.bisect_left(self.edges, (y, x1 + 1), lo=lo, key=self.edge_order)
        return range(lo, hi)

    def _side_run(self, coord: Coord, edge: int) -> list[int]:
        """Indices in ``edges`` of the features written on ``coord``'s side ``edge``."""
        x, y = coord
        edges, order = self.edges, self.edge_order
        i = bisect.bisect_left(edges, (y, x, edge), key=order)
        out = []
        while i < len(edges) and order(edges[i])[:3] == (y, x, edge):
            out.append(i)
            i += 1
        return out

    def side_indices(self, coord: Coord, edge: int) -> list[int]:
        """Indices in ``edges`` of the features on the side ``(coord, edge)``, written from either cell."""
        other = self.grid.neighbour_position(coord, edge)
        return sorted((*self._side_run(coord, edge), *self._side_run(other, self.grid.opposite(edge))))

    def indices_near(self, coords) -> list[int]:
        """Indices in ``edges`` of the features written on these cells or their neighbours, in list
        order (a superset of the features on their sides: callers pick the sides they need)."""
        grid = self.grid
        rows: dict[int, list[int]] = {}
        for c in coords:
            for x, y in (c, *(grid.neighbour_position(c, e) for e in range(grid.sides))):
                span = rows.get(y)
                if span is None:
                    rows[y] = [x, x]
                elif x < span[0]:
                    span[0] = x
                elif x > span[1]:
                    span[1] = x
        out: list[int] = []
        for y, (x0, x1) in sorted(rows.items()):
            out.extend(self._run(y, x0, x1))
        return out

    def edge_index(self, feature: EdgeFeature, skip: set[int] | frozenset[int] = frozenset()) -> int | None:
        """The index of a feature equal to ``feature`` in ``edges`` (not one of ``skip``), or None."""
        try:
            run = self._side_run(self.grid.coord(feature.cell), feature.edge)
        except ValueError:
            return None
        for i in run:
            if i not in skip and self.edges[i] == feature:
                return i
        return None

    def features_on_side(self, coord: Coord, edge: int) -> list[EdgeFeature]:
        """Edge features on one side, written from either cell (use :meth:`edge_features` in loops)."""
        return [self.edges[i] for i in self.side_indices(coord, edge)]

"""Tile definitions, rotation and tile sets.

A tile is a set of **paths** between **ports**. A port is either a cell edge (an int, in the
tile's own frame at rotation 0) or a node inside the tile, written ``"n<k>"`` for the k-th entry
of ``nodes``. Two paths that share an edge are *not* joined inside the tile: a train arriving
along one leaves through that edge. Nodes join the paths that touch them (see ``NodeKind``).
"""

from __future__ import annotations

import functools
import json
import re
from functools import cached_property
from pathlib import Path as FsPath
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator, model_validator

from model.drawing import CircleMark, MakerDrawing, Placement

NodeKind = Literal["city", "town", "junction", "turntable", "platform", "buffer"]
"""city/town/junction join every path touching them; turntable and platform also let a train
reverse; a buffer (dead end) stops the train."""

TileColor = Literal["white", "yellow", "green", "brown", "gray", "red", "blue", "track", "purple", "orange", "sepia"]
COLOR_ORDER = ("white", "yellow", "green", "brown", "gray")

Port = int | str

TrackKind = Literal["broad", "narrow", "dual", "thin", "future", "dashed"]
"""18xx.games track kinds: broad (standard gauge, the default), narrow (metre gauge), dual (both),
thin (a drawing-only thin line), future (track printed for later, not yet usable); and dashed
(18xx-maker's dashed gauge, a line drawn dashed such as 18EB's crossings of water), which
18xx.games has no kind for."""

RouteKind = Literal["mandatory", "optional", "never"]

ExtraKeys = tuple[
    tuple[Annotated[str, StringConstraints(min_length=1, max_length=40, pattern=r"^[^,;:=|\s]+$")],
          Annotated[str, StringConstraints(max_length=200, pattern=r"^[^,;:=\x00-\x1f]*$")]],
    ...,
]
"""Keys of an 18xx.games tile-code part that Trackwright does not know (a key the tile language
gained after this reader, such as a partition's ``length:0.5``), as (key, value) in the order
written: kept unchanged through a save and written back by the 18xx.games export."""
_EXTRA_DOC = "Keys of the part Trackwright does not know, kept as written and exported unchanged."


def node_index(port: Port) -> int | None:
    """The node index of a port written ``"n<k>"``, or None for an edge port."""
    if isinstance(port, str):
        return int(port[1:])
    return None


class StopDetails(BaseModel):
    """What 18xx.games can say about a city, town or off-board beyond its revenue (shared by
    tile nodes and the board's cities and towns)."""

    hide: bool = Field(default=False, description="Revenue not drawn (hide:1).")
    visit_cost: int | None = Field(default=None, ge=0, le=1000, description="Distance a train spends on the stop (0: free).")
    route: RouteKind | None = Field(default=None, description="Whether routes must, may or never count the stop.")
    boom: bool = Field(default=False, description="A boom city/town (1832): its revenue rises.")
    loc: str | None = Field(default=None, max_length=12, description="Drawing position: an edge 0-5, a half edge like 1.5, or 'center'.")
    format: str | None = Field(default=None, max_length=20, description="Revenue text format, e.g. '+%d'.")
    to_city: bool = Field(default=False, description="A town that becomes a city when upgraded (to_city:1).")
    offboard: bool | None = Field(
        default=None,
        description="True: an off-board revenue location (offboard=); False: a city even with no station circle; "
        "None: by convention (on a red hex or tile, a city with no circle is an off-board).",
    )
    halt: bool = Field(default=False, description="A halt (halt=): a town-like stop with a symbol.")
    symbol: str | None = Field(default=None, max_length=20, description="The symbol of a halt.")
    rows: int | None = Field(default=None, ge=0, le=9, description="Off-board revenue drawn in this many rows.")
    at: Placement | None = Field(default=None, description="Where 18xx-maker draws the stop (angle and percent from the centre).")
    maker_as: Literal["centerTowns", "values"] | None = Field(
        default=None,
        description="How 18xx-maker wrote the stop when it is not the usual way: a town among its centerTowns; an "
        "off-board whose revenue is a plain value, with no revenue box.",
    )
    extra: ExtraKeys = Field(default=(), description=_EXTRA_DOC)


class Node(StopDetails):
    """A stop or junction inside a tile."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: NodeKind
    slots: int = Field(default=1, ge=0, le=12, description="Station circles (cities).")
    revenue: int | str = Field(default=0, description="Revenue, or phase values like 'yellow_30|brown_50'.")
    groups: list[str] = Field(default_factory=list)
    style: str | None = None
    name: str | None = Field(default=None, max_length=80, description="A name printed by the stop (18xx-maker tiles).")
    reserved: list[str] = Field(default_factory=list, description="Companies whose label a city of the tile prints (a home).")
    marks: list[CircleMark] = Field(default_factory=list, description="What each station circle shows (see City.marks).")


class TilePath(BaseModel):
    """One path between two ports."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    a: Port
    b: Port
    terminal: bool = False
    terminal_style: Literal[1, 2] = Field(default=1, description="How a terminal path is drawn: 1 a taper, 2 a short stub (terminal:2).")
    track: TrackKind = "broad"
    lanes: int | None = Field(default=None, ge=1, le=9, description="Parallel lanes this path stands for (lanes:N).")
    a_lane: str | None = Field(default=None, pattern=r"^\d\.\d$", description="Lane at end a: 'width.index', e.g. '2.0'.")
    b_lane: str | None = Field(default=None, pattern=r"^\d\.\d$", description="Lane at end b.")
    ignore: bool = Field(default=False, description="Drawn, but not track for routes (ignore:1).")
    loc: str | None = Field(default=None, max_length=12, description="Drawing position of a path that ends at a node (loc:0.5).")
    drawn: str | None = Field(
        default=None, max_length=400,
        description="How 18xx-maker draws the path when its ends do not say it: 'bent', or an SVG path "
        "('M 85 -45 L 0 -40', hex radius 100) for a custom track; 'start:0.25' / 'end:0.75' for a track drawn "
        "only part of its length.",
    )
    extra: ExtraKeys = Field(default=(), description=_EXTRA_DOC)

    @field_validator("a", "b", mode="before")
    @classmethod
    def _port(cls, v: Port) -> Port:
        # mode="before": True must not slip through as the edge 1
        if isinstance(v, bool):
            raise ValueError("a port is an edge number or 'n<k>'")
        if isinstance(v, int):
            if not 0 <= v <= 5:
                raise ValueError(f"edge {v} out of range 0-5")
            return v
        # one spelling per node: "n0", "n12"; not "n01" or non-ASCII digits
        if isinstance(v, str) and re.fullmatch(r"n(0|[1-9][0-9]{0,2})", v):
            return v
        raise ValueError(f"port {v!r} must be an edge number or 'n<k>' (a node)")


class TerrainCost(BaseModel):
    """An ``upgrade=`` part: the cost of laying or upgrading here and the terrains it stands for."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    cost: int = Field(default=0, ge=0, le=100000)
    terrains: list[str] = Field(default_factory=list, description="e.g. ['mountain'], ['mountain', 'river'], ['cow_skull'].")
    size: int | None = Field(default=None, ge=0, le=100, description="Drawing size of the terrain icon.")
    loc: str | None = Field(default=None, max_length=12)
    extra: ExtraKeys = Field(default=(), description=_EXTRA_DOC)


class Partition(BaseModel):
    """A line across a hex between two points (``partition=a:,b:,type:``), splitting it in two."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    a: str = Field(max_length=12)
    b: str = Field(max_length=12)
    type: str = Field(default="divider", max_length=20)
    restrict: str | None = Field(default=None, max_length=40)
    extra: ExtraKeys = Field(
        default=(),
        description="Keys of the part Trackwright does not know (a key the tile language gained, such as length:0.5), "
        "kept as written and exported unchanged.",
    )


class FutureLabel(BaseModel):
    """A label the hex gets when it reaches a colour (``future_label=label:T,color:green``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    label: str | None = Field(default=None, max_length=20)
    color: str | None = Field(default=None, max_length=20)


class Frame(BaseModel):
    """A coloured frame drawn inside the hex border (one or two colours)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    color: str = Field(max_length=20)
    color2: str | None = Field(default=None, max_length=20)


class TileBorder(BaseModel):
    """A border printed on a tile (rare: tiles that carry a river or a province line)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    edge: int = Field(ge=0, le=5)
    type: str | None = Field(default=None, max_length=20)
    cost: int | None = Field(default=None, ge=0)
    color: str | None = Field(default=None, max_length=20)
    extra: ExtraKeys = Field(default=(), description=_EXTRA_DOC)


class HexDecor(MakerDrawing):
    """What a hex or tile shows beyond track: terrain costs, icons, frame, stripes, stubs,
    partitions and a future label, and the marks of :mod:`model.drawing` (all optional)."""

    costs: list[TerrainCost] = Field(
        default_factory=list,
        description="upgrade= parts kept as written when terrain/cost cannot say them (several terrains, others than hill/mountain/water, size, loc).",
    )
    frame: Frame | None = None
    stripes: str | None = Field(default=None, max_length=20, description="Colour of diagonal stripes.")
    future_label: FutureLabel | None = None
    stubs: list[int] = Field(default_factory=list, description="Edges with a short track stub (stub=edge:N).")
    open_sides: list[int] = Field(
        default_factory=list,
        description="Edges whose hex outline is not drawn (18xx-maker removeBorders: an off-board area over several hexes).",
    )
    terrain_drawn: list[tuple[Literal["terrain", "tunnels", "bridges"], str | None, int]] = Field(
        default_factory=list,
        description="18xx-maker's terrain symbols as drawn (list, type, cost), when they are not one symbol with the "
        "cost: a river and a mountain with the cost on one of them, a tunnel. Costs say what they cost.",
    )
    stub_lengths: list[float] = Field(
        default_factory=list,
        description="How far each stub is drawn, as a fraction of a straight across the hex, when the source gives it "
        "(18xx-maker's short straight tracks, end:0.125); empty: the usual stub.",
    )
    partitions: list[Partition] = Field(default_factory=list)
    extra_parts: list[str] = Field(
        default_factory=list,
        description="Parts of the 18xx.games tile code Trackwright does not know (a part type, or keys, the tile language "
        "gained), kept as written and exported unchanged; not drawn.",
    )


class TileDef(HexDecor):
    """A tile type: its track at rotation 0, colour, label and upgrades."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1, max_length=40)
    name: str | None = None
    color: TileColor = "track"
    label: str | None = None
    nodes: list[Node] = Field(default_factory=list)
    paths: list[TilePath] = Field(default_factory=list)
    count: int | None = Field(default=None, ge=0, description="Copies in the set; None = unlimited.")
    upgrades: list[str] = Field(default_factory=list, description="Tile ids this tile upgrades to.")
    tags: list[str] = Field(default_factory=list, description="Rule-set hints, e.g. 'bridge', 'tunnel', 'switch'.")
    icons: list[str] = Field(default_factory=list, description="Icons printed on the tile (as on a cell).")
    borders: list[TileBorder] = Field(default_factory=list)
    hidden: bool = Field(default=False, description="Not shown in the tile tray (18xx.games 'hidden').")
    printed_names: list[str] = Field(default_factory=list, description="Names printed on the tile (18xx-maker names).")
    drawn_color: str | None = Field(
        default=None, max_length=40, pattern=r"^[a-zA-Z][a-zA-Z0-9_]*$",
        description="The colour the tile is printed in when it is none of the tile colours (a game's own colour, "
        "such as 21Moon's lightlightGray; color then says how it upgrades).",
    )
    labels: list[str] = Field(default_factory=list, description="Further labels after the first (label=... given more than once).")
    terrains: list[str] = Field(
        default_factory=list,
        description="Terrains the tile may be laid on (e.g. ['mountain']): a hex's terrain or a terrain of its "
        "upgrade costs (river, swamp...). Empty: any terrain.",
    )

    @field_validator("terrains")
    @classmethod
    def _terrain_names(cls, v: list[str]) -> list[str]:
        for name in v:
            if not re.fullmatch(r"[a-z][a-z0-9_]{0,19}", name):
                raise ValueError(f"terrain {name[:40]!r} must be a lower-case name of 1-20 letters, digits or _")
        if len(set(v)) != len(v):
            raise ValueError("a terrain is given twice")
        return v

    @model_validator(mode="after")
    def _nodes_exist(self) -> TileDef:
        for i, p in enumerate(self.paths):
            for port in (p.a, p.b):
                k = node_index(port)
                if k is not None and k >= len(self.nodes):
                    raise ValueError(f"paths[{i}] refers to node {port} but the tile has {len(self.nodes)} nodes")
        return self

    # --- geometry -------------------------------------------------------------------------
    def exits(self, rotation: int = 0, sides: int = 6) -> frozenset[int]:
        """Edges used by the tile's paths after turning it ``rotation`` steps clockwise."""
        out: set[int] = set()
        for p in self.paths:
            for port in (p.a, p.b):
                if isinstance(port, int):
                    out.add((port + rotation) % sides)
        return frozenset(out)

    def rotated_paths(self, rotation: int, sides: int) -> tuple[tuple[Port, Port, bool], ...]:
        """Paths with edges turned ``rotation`` steps clockwise."""
        def rot(port: Port) -> Port:
            return (port + rotation) % sides if isinstance(port, int) else port

        return tuple((rot(p.a), rot(p.b), p.terminal) for p in self.paths)

    def signature(self, rotation: int, sides: int) -> frozenset:
        """A rotation-comparable description of the track (which ports join which)."""
        items = []
        for a, b, term in self.rotated_paths(rotation, sides):
            ka = ("n", self.nodes[node_index(a)].kind) if isinstance(a, str) else ("e", a)
            kb = ("n", self.nodes[node_index(b)].kind) if isinstance(b, str) else ("e", b)
            items.append((frozenset((ka, kb)), term, a if isinstance(a, str) else None, b if isinstance(b, str) else None))
        return frozenset(items)

    def distinct_rotations(self, sides: int) -> list[int]:
        """Rotations that give different track (e.g. a straight has 2 of 4 on a square grid)."""
        seen: dict[frozenset, int] = {}
        for r in range(sides):
            seen.setdefault(self._shape(r, sides), r)
        return sorted(seen.values())

    def _shape(self, rotation: int, sides: int) -> frozenset:
        # Nodes of the same kind are interchangeable; describe each node by its edge set.
        node_edges: dict[int, set[int]] = {}
        edge_pairs = set()
        for a, b, term in self.rotated_paths(rotation, sides):
            if isinstance(a, int) and isinstance(b, int):
                edge_pairs.add((frozenset((a, b)), term))
            else:
                for x, y in ((a, b), (b, a)):
                    k = node_index(x)
                    if k is not None:
                        node_edges.setdefault(k, set())
                        if isinstance(y, int):
                            node_edges[k].add((y, term))
        nodes = frozenset((self.nodes[k].kind, frozenset(v)) for k, v in node_edges.items())
        return frozenset((frozenset(edge_pairs), nodes))

    @property
    def city_count(self) -> int:
        return sum(1 for n in self.nodes if n.kind == "city")

    @property
    def town_count(self) -> int:
        return sum(1 for n in self.nodes if n.kind == "town")


class TileSet(BaseModel):
    """A named collection of tile definitions (a data file under ``resources/tilesets/``)."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["trackwright-tileset"] = "trackwright-tileset"
    version: Literal[1] = 1
    id: str
    name: str
    sides: Literal[4, 6]
    tiles: list[TileDef]

    @model_validator(mode="after")
    def _unique(self) -> TileSet:
        seen: set[str] = set()
        for t in self.tiles:
            if t.id in seen:
                raise ValueError(f"tile id {t.id!r} appears twice")
            seen.add(t.id)
            for p in t.paths:
                for port in (p.a, p.b):
                    if isinstance(port, int) and port >= self.sides:
                        raise ValueError(f"tile {t.id}: edge {port} out of range for {self.sides} sides")
        return self

    @cached_property
    def by_id(self) -> dict[str, TileDef]:
        return {t.id: t for t in self.tiles}

    def get(self, tile_id: str) -> TileDef | None:
        return self.by_id.get(tile_id)

    def __contains__(self, tile_id: str) -> bool:
        return tile_id in self.by_id


def resources_dir() -> FsPath:
    """The bundled ``resources/`` folder (works for editable and regular installs)."""
    from model.paths import resources_dir as _rd

    return _rd()


def load_tileset(tileset_id: str) -> TileSet:
    """Load a bundled tile set by id (cached; tile sets are immutable)."""
    # an id from a file is a name, never a path (no "../", no over-long names that make stat fail)
    if not isinstance(tileset_id, str) or not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}", tileset_id):
        raise KeyError(f"no bundled tile set {tileset_id!r}")
    return _bundled_tileset(tileset_id)


@functools.cache
def _bundled_tileset(tileset_id: str) -> TileSet:
    """The bundled tile set (there are a few, each read once; a missing one is not cached)."""
    path = resources_dir() / "tilesets" / f"{tileset_id}.json"
    if not path.is_file():
        raise KeyError(f"no bundled tile set {tileset_id!r}")
    return TileSet.model_validate(json.loads(path.read_text(encoding="utf-8")))


def bundled_tilesets() -> list[str]:
    return sorted(p.stem for p in (resources_dir() / "tilesets").glob("*.json"))

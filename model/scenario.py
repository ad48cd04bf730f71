"""The scenario file's root model: metadata, rule set, board, tiles, players, companies, state."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, model_validator

from model.board import Board
from model.grid import GridError
from model.puzzle_spec import Puzzle
from model.tiles import TileDef, TileSet, load_tileset

FORMAT = "trackwright-scenario"
VERSION = 2


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Meta(_Model):
    title: str = "Untitled"
    author: str | None = None
    description: str | None = None
    attribution: str | None = Field(default=None, description="Credit for the game, its designers and publisher.")
    game: str | None = None


class RulesRef(_Model):
    """Which rule set checks this scenario, and its options (validated by the rule set)."""

    id: str = Field(min_length=1)
    options: dict[str, bool | int | float | str] = Field(default_factory=dict)


class TileSupply(_Model):
    """The tiles of the scenario: a bundled tile set, extra tiles, and counts that override it."""

    set: str | None = Field(default=None, description="Id of a bundled tile set under resources/tilesets/.")
    custom: list[TileDef] = Field(default_factory=list, description="Tiles defined by this scenario.")
    counts: dict[str, int | None] = Field(default_factory=dict, description="Tile id -> copies (overrides the set); null = unlimited.")
    only: list[str] | None = Field(default=None, description="When set, only these tile ids are in play.")
    upgrades: dict[str, list[str]] = Field(
        default_factory=dict, description="Tile id -> the tiles it upgrades to, where the title differs from the derived graph."
    )
    groups: list[list[str]] = Field(
        default_factory=list,
        description="Tile ids printed on the two sides of one piece (18xx.games TILE_GROUPS); kept for export.",
    )
    draw_weights: dict[str, int] = Field(
        default_factory=dict,
        description="How a player draws the mandatory tile (Catalan): tile id -> weight, e.g. faces of a die; "
        "empty = from the supply, every copy left equally likely.",
    )


class Player(_Model):
    """A player (Catalan game): colour, origin station, destination and hand."""

    id: str = Field(min_length=1)
    name: str | None = None
    color: str = "#cc0000"
    origin: str | None = Field(default=None, description="Station id of the player's origin.")
    destination: str | None = Field(default=None, description="A cell label (city) or a station id.")
    hand: list[str] = Field(default_factory=list, description="Tile ids in hand.")


class Company(_Model):
    """A company (18xx): home, station token costs, treasury."""

    id: str = Field(min_length=1)
    name: str | None = None
    color: str = "#444444"
    text_color: str = "#ffffff"
    home: str | None = Field(default=None, description="Home cell label.")
    home_city: int | None = Field(default=None, description="Index of the home city in that cell; None = hex level.")
    tokens: list[int] = Field(default_factory=lambda: [0, 40, 100], description="Cost of each station token.")
    treasury: int | None = None


class LaidThisTurn(_Model):
    cell: str
    tile: str
    phase: str | None = None
    private: str | None = Field(
        default=None, description="The private company whose ability made this lay (it does not count toward the turn's lays)."
    )


class PrivateCompany(_Model):
    """A private company (18 India's P1-P6): who owns it, and the state of its ability."""

    id: str = Field(min_length=1)
    name: str | None = None
    owner: str | None = Field(default=None, description="Id of the company or player that owns it; None: not sold yet.")
    used: bool = Field(default=False, description="Its ability is used up (the private has closed).")
    discount: int = Field(
        default=0, ge=0, description="Terrain discount left this operating round, once the ability is used (18 India's P4: 40)."
    )


class GameState(_Model):
    """Where the game stands: whose turn, which phase, the drawn tile, what was laid this turn."""

    turn: int = Field(default=1, ge=1)
    active: str | None = Field(default=None, description="Active player or company id.")
    phase: str | None = Field(default=None, description="Turn phase, e.g. 'mandatory' / 'optional' (Catalan).")
    game_phase: str | None = Field(default=None, description="Game phase, e.g. 'I'…'IV' (18xx).")
    drawn: str | None = Field(default=None, description="The tile drawn for the mandatory phase.")
    laid: list[LaidThisTurn] = Field(default_factory=list, description="Tiles laid so far this turn, in order.")
    gauge_markers: list[tuple[str, int]] = Field(
        default_factory=list, description="Gauge-change markers: (cell, edge) of each marked side."
    )
    privates: list[PrivateCompany] = Field(default_factory=list, description="Private companies and their abilities.")
    pending_home: str | None = Field(
        default=None, description="A company that must choose its home now (18 India's GIPR): its moves are the home choices."
    )


class Scenario(_Model):
    """The root of a scenario file."""

    format: Literal["trackwright-scenario"] = FORMAT
    version: Literal[2] = VERSION
    meta: Meta = Field(default_factory=Meta)
    rules: RulesRef
    board: Board
    tiles: TileSupply = Field(default_factory=TileSupply)
    players: list[Player] = Field(default_factory=list)
    companies: list[Company] = Field(default_factory=list)
    state: GameState = Field(default_factory=GameState)
    puzzle: Puzzle | None = Field(default=None, description="A puzzle: goal, resources and phases (see model/puzzle_spec.py).")

    # (the TileSupply it was built from, the tile set): compared by identity, and holding the
    # supply keeps its id from being reused by a new object after an assignment
    _catalog: tuple[TileSupply, TileSet] | None = PrivateAttr(default=None)

    def __eq__(self, other: object) -> bool:
        """Equal when every field is equal; the private tile-set cache does not count
        (pydantic would otherwise compare it, and it holds an ``id()``)."""
        if not isinstance(other, Scenario):
            return NotImplemented
        return type(self) is type(other) and self.__dict__ == other.__dict__

    __hash__ = None  # mutable model, as before

    # --- tiles ------------------------------------------------------------------------------
    def tileset(self) -> TileSet:
        """Every tile type in play: the bundled set plus custom tiles, with the scenario's counts."""
        key = self.tiles
        if self._catalog is not None and self._catalog[0] is key:
            return self._catalog[1]
        tiles: dict[str, TileDef] = {}
        name, set_id = "custom", "custom"
        if self.tiles.set is not None:
            base = load_tileset(self.tiles.set)
            tiles.update(base.by_id)
            name, set_id = base.name, base.id
        for t in self.tiles.custom:
            tiles[t.id] = t
        if self.tiles.only is not None:
            tiles = {k: v for k, v in tiles.items() if k in set(self.tiles.only)}
        for tid, n in self.tiles.counts.items():
            if tid in tiles:
                tiles[tid] = tiles[tid].model_copy(update={"count": n})
        listed = list(tiles.values())
        if self.tiles.upgrades:
            from model.upgrade_graph import with_overrides

            listed = with_overrides(listed, self.tiles.upgrades, self.board.grid.sides)
        ts = TileSet(id=set_id, name=name, sides=self.board.grid.sides, tiles=listed)
        self._catalog = (key, ts)
        return ts

    def tile(self, tile_id: str) -> TileDef | None:
        return self.tileset().get(tile_id)

    def player(self, pid: str) -> Player | None:
        return next((p for p in self.players if p.id == pid), None)

    def company(self, cid: str) -> Company | None:
        return next((c for c in self.companies if c.id == cid), None)

    # --- structural validation: load errors, reported with a field path --------------------
    @model_validator(mode="after")
    def _structure(self) -> Scenario:
        grid = self.board.grid
        sides = grid.sides
        try:
            ts = self.tileset()
        except KeyError as exc:
            raise ValueError(f"tiles.set: {exc.args[0]}") from None
        except ValueError as exc:
            if self.tiles.set is not None and load_tileset(self.tiles.set).sides != sides:
                raise ValueError(
                    f"tiles.set: the tile set {self.tiles.set!r} is for cells of {load_tileset(self.tiles.set).sides} sides; "
                    f"this {grid.kind} board's cells have {sides} sides"
                ) from None
            errors = exc.errors(include_url=False) if isinstance(exc, ValidationError) else None
            detail = str(errors[0].get("msg", "invalid")).removeprefix("Value error, ") if errors else str(exc)
            raise ValueError(f"tiles: {detail}") from None
        for tid in self.tiles.counts:
            if tid not in ts and (self.tiles.only is None or tid in self.tiles.only):
                raise ValueError(f"tiles.counts.{tid}: unknown tile id {tid!r}")
        for tid, w in self.tiles.draw_weights.items():
            if tid not in ts:
                raise ValueError(f"tiles.draw_weights.{tid[:40]}: unknown tile id {tid[:40]!r}")
            if w < 0:
                raise ValueError(f"tiles.draw_weights.{tid[:40]}: a weight cannot be negative ({w})")
        for tid, targets in self.tiles.upgrades.items():
            for j, target in enumerate([tid, *targets]):
                if target not in ts:
                    where = f"tiles.upgrades.{tid}" + (f".{j - 1}" if j else "")
                    raise ValueError(f"{where}: unknown tile id {target[:40]!r}")
        for label, cell in self.board.cells.items():
            where = f"board.cells.{label}"
            try:
                grid.coord(label)
            except GridError as exc:
                raise ValueError(f"{where}: {exc}") from None
            n_nodes = cell.node_count
            for i, p in enumerate(cell.paths):
                for port in (p.a, p.b):
                    if isinstance(port, int) and port >= sides:
                        raise ValueError(f"{where}.paths.{i}: edge {port} out of range 0-{sides - 1}")
                    if isinstance(port, str) and int(port[1:]) >= n_nodes:
                        raise ValueError(f"{where}.paths.{i}: node {port} does not exist (the cell has {n_nodes})")
            if cell.platform is not None and cell.platform.access >= sides:
                raise ValueError(f"{where}.platform.access: side {cell.platform.access} out of range 0-{sides - 1}")
            if cell.tile is not None:
                tdef = ts.get(cell.tile.tile)
                if tdef is None:
                    raise ValueError(f"{where}.tile.tile: unknown tile id {cell.tile.tile!r}")
                if cell.tile.rotation >= sides:
                    raise ValueError(f"{where}.tile.rotation: {cell.tile.rotation} out of range 0-{sides - 1}")
        for i, f in enumerate(self.board.edges):
            try:
                grid.coord(f.cell)
            except GridError as exc:
                raise ValueError(f"board.edges.{i}.cell: {exc}") from None
            if f.edge >= sides:
                raise ValueError(f"board.edges.{i}.edge: {f.edge} out of range 0-{sides - 1}")
        for i, p in enumerate(self.players):
            for j, tid in enumerate(p.hand):
                if tid not in ts:
                    raise ValueError(f"players.{i}.hand.{j}: unknown tile id {tid!r}")
        if self.state.drawn is not None and self.state.drawn not in ts:
            raise ValueError(f"state.drawn: unknown tile id {self.state.drawn!r}")
        for i, c in enumerate(self.companies):
            if c.home is not None and not grid.is_label(c.home):
                raise ValueError(f"companies.{i}.home: {c.home} is not on the board")
        seen: set[str] = set()
        for i, pc in enumerate(self.state.privates):
            if pc.id in seen:
                raise ValueError(f"state.privates.{i}.id: {pc.id!r} is listed twice")
            seen.add(pc.id)
        if self.state.pending_home is not None and self.company(self.state.pending_home) is None:
            raise ValueError(f"state.pending_home: unknown company {self.state.pending_home[:80]!r}")
        if self.puzzle is not None:
            self.puzzle.check_against(self)  # raises ValueError("puzzle.<field path>: ...")
        self.board.edges.sort(key=self.board.edge_order)  # the canonical order (stable)
        return self

"""The scenario file's root model: metadata, rule set, board, tiles, players, companies, state."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, PrivateAttr, ValidationError, model_validator

from model.board import Board
from model.changes import TRACKED, CountedModel, TrackedList
from model.grid import GridError
from model.puzzle_spec import Puzzle
from model.tiles import TileDef, TileSet, load_tileset

FORMAT = "trackwright-scenario"
VERSION = 4


class _Model(CountedModel):
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


ABILITY_TYPES = ("tile_lay", "tile_discount", "blocks_hexes")
"""The kinds of ability a scenario holds: those that change a tile lay (the engine's names)."""


class Ability(_Model):
    """One ability of a private company or a corporation, of a kind that changes a tile lay.

    * ``tile_lay``: lays a tile outside the turn's schedule (``consume_tile_lay``: it uses up one
      of the turn's lays instead): on ``hexes`` (empty: any hex), of ``tiles`` (empty: any tile),
      ``lay_count`` yellows and ``upgrade_count`` upgrades (None: no limit of that kind; using one
      kind gives up the other, as the engine does), ``count`` uses left; ``free`` (no terrain or
      border cost), ``discount`` off that cost, ``cost`` paid on top; ``reachable``: the hex must
      be on the owning company's network; ``special``: the upgrade may ignore the label and the
      count of cities (the engine's default); ``closed_when_used_up``: the private closes then.
    * ``tile_discount``: ``discount`` off the terrain cost of ``terrain`` (None: off the whole
      cost of a lay) on ``hexes`` (empty: anywhere), for the owning company's lays.
    * ``blocks_hexes``: nobody but the owner may lay on ``hexes`` while the ability is active.

    ``owner_type`` says when it is active: ``corporation`` only while a company owns the
    private; ``player`` while a player owns it or nobody has bought it; None: always (until the
    private closes, ``used``)."""

    type: Literal["tile_lay", "tile_discount", "blocks_hexes"]
    owner_type: Literal["corporation", "player"] | None = None
    when: list[str] = Field(default_factory=list, description="The engine's 'when' (track, special_track, owning_player_track ...).")
    hexes: list[str] = Field(default_factory=list, description="Hex labels (empty: any hex; blocks_hexes: the hexes blocked).")
    tiles: list[str] = Field(default_factory=list, description="tile_lay: the tile ids it may lay (empty: any).")
    count: int | None = Field(default=None, ge=0, description="Uses left (None: no count).")
    lay_count: int | None = Field(default=None, ge=0, description="tile_lay: yellow lays left (None: no limit).")
    upgrade_count: int | None = Field(default=None, ge=0, description="tile_lay: upgrades left (None: no limit).")
    free: bool = Field(default=False, description="tile_lay: no terrain or border cost.")
    discount: int = Field(default=0, ge=0, description="Off the terrain cost (tile_lay: of its lay; tile_discount: of each lay).")
    cost: int = Field(default=0, ge=0, description="tile_lay: paid on top of the lay's cost.")
    reachable: bool = Field(default=False, description="tile_lay: the hex must be on the owning company's network.")
    special: bool = Field(default=True, description="tile_lay: an upgrade may ignore the label and the number of cities.")
    consume_tile_lay: bool = Field(default=False, description="tile_lay: the lay uses up one of the turn's lays.")
    closed_when_used_up: bool = Field(default=False, description="tile_lay: the private closes when its counts run out.")
    terrain: str | None = Field(default=None, max_length=40, description="tile_discount: the terrain or border type discounted.")


class TileLay(_Model):
    """One entry of the lay schedule (the engine's ``TILE_LAYS``): the turn's k-th lay reads entry k.

    ``lay`` / ``upgrade``: may this lay be a yellow / an upgrade (``not_if_upgraded``: only when
    no earlier lay of the turn was an upgrade); ``cost`` is paid on top of a yellow's cost and
    ``upgrade_cost`` on top of an upgrade's (None: ``cost``); ``cannot_reuse_same_hex``: this lay
    may not go on a hex laid earlier in the turn."""

    lay: bool | Literal["not_if_upgraded"] = True
    upgrade: bool | Literal["not_if_upgraded"] = True
    cost: int = Field(default=0, ge=0)
    upgrade_cost: int | None = Field(default=None, ge=0)
    cannot_reuse_same_hex: bool = False


class Company(_Model):
    """A company (18xx): home, station token costs, treasury; its type and abilities."""

    id: str = Field(min_length=1)
    name: str | None = None
    color: str = "#444444"
    text_color: str = "#ffffff"
    home: str | None = Field(default=None, description="Home cell label.")
    home_city: int | None = Field(default=None, description="Index of the home city in that cell; None = hex level.")
    tokens: list[int] = Field(default_factory=lambda: [0, 40, 100], description="Cost of each station token.")
    treasury: int | None = None
    type: str | None = Field(
        default=None, max_length=40,
        description="The corporation's type (the engine's major, minor, national ...): picks play.tile_lays_by_type.",
    )
    abilities: list[Ability] = Field(default_factory=list, description="The corporation's own abilities that change a lay.")
    tile_lays: list[TileLay] | None = Field(
        default=None,
        description="This company's lay schedule now, where the title's code gives it one of its own (the engine's "
        "tile_lays(entity): a company in its first operating round, after an event ...); None: play's schedule.",
    )


class LaidThisTurn(_Model):
    cell: str
    tile: str
    phase: str | None = None
    private: str | None = Field(
        default=None,
        description="The private company whose ability made this lay: it does not count toward the turn's lays "
        "unless its tile_lay ability has consume_tile_lay.",
    )
    upgrade: bool | None = Field(
        default=None, description="The lay replaced a tile or a printed non-white hex (None: a tile that is not yellow)."
    )


class PrivateCompany(_Model):
    """A private company: who owns it, its abilities that change a lay, and their state."""

    id: str = Field(min_length=1)
    name: str | None = None
    owner: str | None = Field(default=None, description="Id of the company or player that owns it; None: not sold yet.")
    used: bool = Field(default=False, description="Its abilities are used up (the private has closed).")
    discount: int = Field(
        default=0, ge=0, description="Terrain discount left this operating round, once the ability is used (18 India's P4: 40)."
    )
    abilities: list[Ability] = Field(default_factory=list, description="Its abilities that change a lay (counts are what is left).")


class GamePhase(_Model):
    """One phase of the game (the engine's ``PHASES`` entry): what a lay reads of it."""

    name: str = Field(min_length=1, max_length=40)
    tiles: list[str] = Field(
        default_factory=lambda: ["yellow"], description="The tile colours that may be laid in this phase."
    )
    operating_rounds: int | None = Field(default=None, ge=0, description="Operating rounds between stock rounds.")
    status: list[str] = Field(default_factory=list, description="The phase's status flags (the engine's status: ...).")
    on: str | None = Field(default=None, max_length=40, description="The train whose purchase starts the phase.")
    tile_lays: list[TileLay] | None = Field(default=None, description="The lay schedule in this phase, where it differs.")


class Play(_Model):
    """How the game is played, beyond the map: its phases and its lay schedule (18xx)."""

    phases: list[GamePhase] = Field(default_factory=list, description="The game's phases in order (empty: not modelled, any colour).")
    tile_lays: list[TileLay] = Field(
        default_factory=list, description="The lay schedule (empty: the rule option tile_lays, lays of either kind)."
    )
    tile_lays_by_type: dict[str, list[TileLay]] = Field(
        default_factory=dict, description="Corporation type -> its lay schedule, where it differs."
    )
    not_held: list[str] = Field(
        default_factory=list,
        description="What the title's code does that this scenario does not hold (a method, an ability kind), as imported.",
    )

    def phase(self, name: str | None) -> GamePhase | None:
        """The phase named ``name`` (None when unknown or no phases are listed)."""
        return next((p for p in self.phases if p.name == name), None)


class GameState(_Model):
    """Where the game stands: whose turn, which phase, the drawn tile, what was laid this turn."""

    turn: int = Field(default=1, ge=1)
    active: str | None = Field(default=None, description="Active player or company id.")
    phase: str | None = Field(default=None, description="Turn phase, e.g. 'mandatory' / 'optional' (Catalan).")
    game_phase: str | None = Field(default=None, description="Game phase, e.g. 'I'…'IV' (18xx).")
    drawn: str | None = Field(default=None, description="The tile drawn for the mandatory phase.")
    laid: Annotated[list[LaidThisTurn], TRACKED] = Field(default_factory=TrackedList, description="Tiles laid so far this turn, in order.")
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
    version: Literal[4] = VERSION
    meta: Meta = Field(default_factory=Meta)
    rules: RulesRef
    board: Board
    tiles: TileSupply = Field(default_factory=TileSupply)
    players: list[Player] = Field(default_factory=list)
    companies: Annotated[list[Company], TRACKED] = Field(default_factory=TrackedList)
    play: Play = Field(default_factory=Play, description="Phases and lay schedule (18xx); see docs/format.md.")
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
    def forget_tileset(self) -> None:
        """Drop the cached :meth:`tileset` (after ``rules`` or ``tiles`` were assigned in place)."""
        self._catalog = None

    def share_tileset(self, other: Scenario) -> None:
        """Keep ``other``'s built tile set when this scenario's tile supply is ``other``'s (the
        same object): its tile definitions stay the same objects (what the rules derive from a
        tile is kept by the tile's identity)."""
        hit = (other.__pydantic_private__ or {}).get("_catalog")
        if hit is not None and hit[0] is self.tiles:
            self._catalog = hit

    def tileset(self) -> TileSet:
        """Every tile type in play: the bundled set plus custom tiles, with the scenario's counts."""
        key = self.tiles
        # the private attribute read from pydantic's own dict: ``self._catalog`` goes through
        # BaseModel.__getattr__ (several Python calls), and the rules ask this on every look-up
        hit = (self.__pydantic_private__ or {}).get("_catalog")
        if hit is not None and hit[0] is key:
            return hit[1]
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
        if hit is not None:
            # a supply changed (a tile added, a count): the tiles equal to the last set's stay its
            # objects, so that what is derived from a tile (kept by its identity) is found again
            before = hit[1].by_id
            listed = [t if (was := before.get(t.id)) is None or was is t or was != t else was for t in listed]
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
        for i, e in enumerate(self.state.laid):
            if e.private is not None and e.private not in seen:
                raise ValueError(f"state.laid.{i}.private: {e.private[:40]!r} is not one of state.privates")
        self._check_play(grid)
        if self.state.pending_home is not None and self.company(self.state.pending_home) is None:
            raise ValueError(f"state.pending_home: unknown company {self.state.pending_home[:80]!r}")
        if self.puzzle is not None:
            self.puzzle.check_against(self)  # raises ValueError("puzzle.<field path>: ...")
        self.board.edges.sort(key=self.board.edge_order)  # the canonical order (stable)
        return self

    def _check_play(self, grid) -> None:
        """Phases, abilities and token kinds refer to what exists (load errors with a field path)."""
        play = self.play
        names: set[str] = set()
        for i, ph in enumerate(play.phases):
            if ph.name in names:
                raise ValueError(f"play.phases.{i}.name: {ph.name[:40]!r} is listed twice")
            names.add(ph.name)
            for j, colour in enumerate(ph.tiles):
                if not colour.isidentifier():
                    raise ValueError(f"play.phases.{i}.tiles.{j}: {colour[:20]!r} is not a colour name")
        if play.phases and self.state.game_phase is not None and self.state.game_phase not in names:
            known = ", ".join(p.name for p in play.phases)
            raise ValueError(f"state.game_phase: {self.state.game_phase[:40]!r} is not one of play.phases ({known[:80]})")
        owners = [(f"state.privates.{i}", pc.abilities) for i, pc in enumerate(self.state.privates)]
        owners += [(f"companies.{i}", c.abilities) for i, c in enumerate(self.companies)]
        for where, abilities in owners:
            for j, ab in enumerate(abilities):
                for k, label in enumerate(ab.hexes):
                    if not grid.is_label(label):
                        raise ValueError(f"{where}.abilities.{j}.hexes.{k}: {label[:20]} is not on the board")

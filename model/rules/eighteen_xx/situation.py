"""One evaluation of a scenario by the 18xx rules: the static map, the tile set and per-hex
views, cached while nothing they were built from changes."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from model import changes
from model.board import EMPTY_CELL, Cell
from model.changes import TrackedDict, TrackedList
from model.grid import Coord
from model.memo import Memo
from model.rules.eighteen_xx.hexmap import StaticMap, TrackView, current_view, printed_view, static_map
from model.rules.eighteen_xx.play import carried_future_label
from model.scenario import Scenario
from model.tiles import TileDef, TileSet
from model.track import TrackModel

T = TypeVar("T")


@dataclass
class Situation:
    """One evaluation of a scenario: the static map, the tile set and per-hex views, cached."""

    scenario: Scenario
    sm: StaticMap
    track: TrackModel
    _views: dict

    @classmethod
    def of(cls, scenario: Scenario) -> Situation:
        return cls(scenario, static_map(scenario), TrackModel(scenario), {})

    @classmethod
    def reuse(cls, scenario: Scenario) -> Situation:
        """The situation of a scenario asked about again (``explain`` one move at a time,
        ``legal_moves`` once per tile of a hand): the one built last time when nothing it was
        built from has changed (every top-level part by identity, the containers the editor
        changes in place by value), else a new one."""
        if _SITUATIONS:  # the latest one, unchanged since it last matched: one comparison, no lock
            k, sit = _SITUATIONS[0]  # (once filled, the list never has fewer than one entry)
            if k.scenario is scenario and k.seen == changes.now():
                return sit
        with _SITUATIONS_LOCK:  # the checker thread and the main thread both ask
            for i, (k, sit) in enumerate(_SITUATIONS):
                if k.matches(scenario):
                    if i:
                        _SITUATIONS.insert(0, _SITUATIONS.pop(i))
                    return sit
        sit = cls.of(scenario)
        key = _SituationKey.of(scenario)
        with _SITUATIONS_LOCK:
            _SITUATIONS.insert(0, (key, sit))
            del _SITUATIONS[4:]
        return sit

    _tileset: TileSet | None = None
    memo: dict = field(default_factory=dict)
    walk_memo: dict = field(default_factory=dict)
    explained: dict = field(default_factory=dict)  # (rule set, move but its rotation) -> verdict per rotation
    wide_walks: int = 0
    """How many times a lay's verdict here walked the company's track beyond the hex (the track
    restriction's walk after a lay over converging paths): a verdict that did reads more than
    the hex, so ``lay_moves`` keeps no copy of it for other positions."""

    def cached(self, key, compute: Callable[[], T]) -> T:
        """What ``compute()`` answers in this position, computed on the first ask (``memo``)."""
        memo = self.memo
        if key in memo:
            return memo[key]
        value = memo[key] = compute()
        return value

    @property
    def tileset(self) -> TileSet:
        if self._tileset is None:
            self._tileset = self.scenario.tileset()
        return self._tileset

    def cell(self, coord: Coord) -> Cell:
        board = self.scenario.board
        return board.cells.get(self.sm.label_of.get(coord) or board.grid.label(coord), EMPTY_CELL)

    def view(self, coord: Coord) -> TrackView:
        v = self._views.get(coord)
        if v is None:
            v = self._views[coord] = cell_view(self.scenario, self.cell(coord))
        return v

    def set_view(self, coord: Coord, view: TrackView | None) -> None:
        """Let :meth:`view` answer ``view`` for ``coord`` (a tile tried there, as the upgrade tables
        do), or with None what the board holds again."""
        if view is None:
            self._views.pop(coord, None)
        else:
            self._views[coord] = view
        self.walk_memo.clear()

    def walk_reading(self, company: str) -> tuple[dict, dict, dict]:
        """What the company's walks in this position read the same way on every hex they do not
        try a tile on: each hex's walk reading, whether a city blocks the company
        (``company.network(shared=)``), and what ``company.may_walk`` reaches on the board as it
        stands, with where it comes to each hex; forgotten when a view changes (:meth:`set_view`)."""
        got = self.walk_memo.get(company)
        if got is None:
            got = self.walk_memo[company] = ({}, {}, {})
        return got

    _opened: dict | None = None

    def accept_mask(self, coord: Coord) -> int:
        """The sides of a hex that accept an exit now: the static map's, and the sides facing a
        hex of an impassable colour whose laid tile has an exit there (the engine's
        ``Tracker#lay_tile``: a tile laid on an impassable hex joins it to the neighbours its
        exits face, both ways)."""
        if self._opened is None:
            self._opened = self._opened_sides()
        return self.sm.accept_mask[coord] | self._opened.get(coord, 0)

    def _opened_sides(self) -> dict:
        sm = self.sm
        out: dict[Coord, int] = {}
        if not sm.impassable_colors:
            return out
        grid = sm.grid
        half = sm.sides // 2
        for label, cell in self.scenario.board.cells.items():
            if cell.tile is None or cell.printed_color not in sm.impassable_colors:
                continue
            c = sm.coord_of.get(label)
            if c is None:
                continue
            for e in self.view(c).exits:
                nb = grid.neighbour(c, e)
                if nb is None or sm.side_key(c, e) in sm.impassable or (c, e) in sm.blocked_from:
                    continue
                out[nb] = out.get(nb, 0) | 1 << (e + half) % sm.sides
        return out

    _counts: dict | None = None

    def turn_laid(self, actor: str | None) -> list:
        """This turn's lays, when they are the actor's (``state.active`` unset or the actor)."""
        state = self.scenario.state
        if state.active is not None and actor is not None and state.active != actor:
            return []
        return list(state.laid)

    def supply_failure(self, tile: TileDef) -> tuple[str, str] | None:
        """``supply-exhausted`` when every copy of the tile is on the board."""
        if tile.count is not None and self.laid_count(tile.id) >= tile.count:
            return ("supply-exhausted", f"Cannot lay tile {tile.id}: all {tile.count} are on the board")
        return None

    def laid_count(self, tile_id: str) -> int:
        """Copies of a tile on the board."""
        if self._counts is None:
            counts: dict[str, int] = {}
            for c in self.scenario.board.cells.values():
                if c.tile is not None:
                    counts[c.tile.tile] = counts.get(c.tile.tile, 0) + 1
            self._counts = counts
        return self._counts.get(tile_id, 0)


_CELL_VIEWS: Memo[tuple[Cell, TileDef, TrackView]] = Memo(16384)


def cell_view(scenario: Scenario, cell: Cell) -> TrackView:
    """The track on a cell as the rules read it: :func:`current_view`, with a laid tile carrying
    the hex's future label. One view object per cell and laid tile (cached by their identity),
    so the caches keyed by a view's identity hit in every position that shows the same hex."""
    if cell.tile is None or cell.future_label is None:
        return current_view(scenario, cell)
    tdef = scenario.tile(cell.tile.tile)
    key = (id(cell), id(tdef), scenario.board.grid.sides)
    hit = _CELL_VIEWS.peek(key)
    if hit is not None and hit[0] is cell and hit[1] is tdef:
        return hit[2]
    v = carried_future_label(printed_view(cell), current_view(scenario, cell))
    _CELL_VIEWS.put(key, (cell, tdef, v))
    return v


@dataclass
class _SituationKey:
    """What a :class:`Situation` depends on, compared cheaply: the objects by identity, the
    containers the editor may change in place (cells, edge list, this turn's lays, companies)
    by a shallow comparison, which short-cuts on identical items.

    When those containers are the tracked kind (``model.changes``: what validation makes of
    them), a key that matched once stays matched while :func:`model.changes.now` answers what it
    answered before that comparison: nothing was assigned or changed in place since, so the
    next ask is one comparison instead of a walk over the cells."""

    scenario: Scenario
    parts: tuple
    cells: dict
    edges: list
    laid: tuple
    companies: list
    seen: int = -1  # changes.now() before the last comparison that matched (tracked keys only)

    @staticmethod
    def _parts(scenario: Scenario) -> tuple:
        board, state = scenario.board, scenario.state
        return (board, board.grid, state, state.game_phase, state.active, scenario.tiles, scenario.rules, scenario.play,
                scenario.players, scenario.puzzle, scenario.meta)

    @classmethod
    def of(cls, scenario: Scenario) -> _SituationKey:
        seen = changes.now()
        board = scenario.board
        return cls(scenario, cls._parts(scenario), dict(board.cells), list(board.edges),
                   tuple(scenario.state.laid), list(scenario.companies), seen if _tracked(scenario) else -1)

    def matches(self, scenario: Scenario) -> bool:
        if self.scenario is not scenario:
            return False
        if self.seen == changes.now():
            return True
        seen = changes.now()
        board, state = scenario.board, scenario.state
        p = self.parts
        same = (
            p[0] is board and p[1] is board.grid and p[2] is state and p[3] is state.game_phase and p[4] is state.active
            and p[5] is scenario.tiles and p[6] is scenario.rules and p[7] is scenario.play
            and p[8] is scenario.players and p[9] is scenario.puzzle and p[10] is scenario.meta
            and self.cells == board.cells
            and self.edges == board.edges
            and self.laid == tuple(scenario.state.laid)
            and self.companies == scenario.companies
        )
        if same and _tracked(scenario):
            self.seen = seen
        return same


def _tracked(scenario: Scenario) -> bool:
    """Whether every container a key compares by value is the tracked kind (``model.changes``)."""
    board = scenario.board
    return (type(board.cells) is TrackedDict and type(board.edges) is TrackedList
            and type(scenario.state.laid) is TrackedList and type(scenario.companies) is TrackedList)


_SITUATIONS: list[tuple[_SituationKey, Situation]] = []  # the most recently used first
_SITUATIONS_LOCK = threading.Lock()

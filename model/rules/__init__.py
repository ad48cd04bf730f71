"""The rule-set interface, the registry of rule sets by id, and the checks every rule set shares.

Every rule set answers three questions with plain data in and out:

1. ``check(scenario) -> list[Issue]``: what is wrong with the board as it stands;
2. ``legal_moves(scenario, context) -> list[Move]``: every legal move for a player/company;
3. ``explain(scenario, move) -> Verdict``: is this one move legal, and if not which rule fails.

Rules are small named predicates so every failure names its rule id.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Literal, Protocol

from model.board_checks import duplicate_edge_issues
from model.features import ignored_feature_issues
from model.grid import Coord
from model.issues import SEVERITY_ORDER, Issue, Severity, sort_issues
from model.manifest import manifest_issues
from model.puzzle_spec import PhaseStep
from model.rules.incremental import LocalChecker
from model.scenario import Scenario


@dataclass(frozen=True)
class Move:
    """A move: place/replace/upgrade a tile, place a station, remove a marker, …"""

    kind: str
    cell: str
    tile: str | None = None
    rotation: int = 0
    actor: str | None = None
    phase: str | None = None
    extra: tuple[tuple[str, Any], ...] = ()
    cost: int = 0

    @classmethod
    def made(
        cls, kind: str, cell: str, tile: str | None, rotation: int, actor: str | None, phase: str | None,
        extra: tuple[tuple[str, Any], ...] = (), cost: int = 0,
    ) -> Move:
        """The move with these fields, made without the frozen ``__init__``'s one
        ``object.__setattr__`` per field (a third of the time): for rule sets that list
        thousands of moves. Every field is given; the result equals ``cls(...)``."""
        move = object.__new__(cls)
        move.__dict__.update(kind=kind, cell=cell, tile=tile, rotation=rotation, actor=actor, phase=phase, extra=extra, cost=cost)
        return move

    def text(self) -> str:
        parts = [self.kind, self.cell]
        if self.tile is not None:
            parts += [self.tile, str(self.rotation)]
        return " ".join(parts)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "cell": self.cell}
        if self.tile is not None:
            d["tile"] = self.tile
            d["rotation"] = self.rotation
        if self.actor is not None:
            d["actor"] = self.actor
        if self.phase is not None:
            d["phase"] = self.phase
        if self.cost:
            d["cost"] = self.cost
        for k, v in self.extra:
            d[k] = v
        return d


@dataclass(frozen=True)
class Verdict:
    """The answer of ``explain``: legal or not, and the rule that failed."""

    legal: bool
    rule: str | None = None
    message: str = ""
    cost: int = 0

    @classmethod
    def made(cls, legal: bool, rule: str | None, message: str, cost: int) -> Verdict:
        """The verdict with these fields, made without the frozen ``__init__``'s one
        ``object.__setattr__`` per field: for rule sets that answer thousands of moves. Every
        field is given; the result equals ``cls(...)``."""
        verdict = object.__new__(cls)
        verdict.__dict__.update(legal=legal, rule=rule, message=message, cost=cost)
        return verdict


@dataclass(frozen=True)
class MoveContext:
    """Whose move, in which phase, with which tile (None: every tile the actor may use).

    ``phase`` is whatever the rule set calls a phase, and the rule sets differ:

    * ``catalan``: the **turn phase**, ``'mandatory'`` or ``'optional'`` (default: the
      scenario's ``state.phase``);
    * ``18xx`` / ``18india``: the **game phase**, ``'I'`` … ``'IV'`` (default: the scenario's
      ``state.game_phase``); the moves are listed as if the game were in that phase.

    :meth:`RuleSet.current_phase` says which phase a scenario is in, in the same sense.

    ``kinds``: only moves of these kinds (``Move.kind``: ``place``, ``lay``, ``upgrade``,
    ``station``, ...; None: every kind). ``abilities``: False leaves out the moves made through
    a private company's ability (18xx: a lay with ``extra['private']``; 18 India: ``extra-lay``,
    ``extra-upgrade``): the turn's own moves only, as 18xx.games' track step offers them.
    """

    actor: str | None = None
    phase: str | None = None
    tile: str | None = None
    kinds: frozenset[str] | None = None
    abilities: bool = True

    def wants(self, kind: str) -> bool:
        """True when moves of this kind are asked for."""
        return self.kinds is None or kind in self.kinds

    def keep(self, moves: list[Move]) -> list[Move]:
        """``moves`` less those of kinds not asked for (a rule set that lists every kind first)."""
        return moves if self.kinds is None else [m for m in moves if m.kind in self.kinds]


@dataclass(frozen=True)
class Reached:
    """What an actor's network reaches, as plain labels (the answer of :meth:`RuleSet.reached`).

    ``places``: the places reached, in the puzzle sense (``model/puzzle_spec.py``): the labels
    of the cells whose stop (city, town, station platform) the network reaches, the labels of
    reached cells without a stop, and the ids of the stations one of whose platforms is reached.
    ``cells``: the labels of every cell the network runs through or starts from.
    ``detail``: what else of the network the rule set's lay rules read (for 18xx: the sides the
    walk enters each hex by, and the paths it walks), so that two equal answers mean the network
    allows the same lays everywhere; empty where the cells say it all (not part of equality:
    two networks that reach the same places are equal answers).
    """

    places: frozenset[str]
    cells: frozenset[str]
    detail: frozenset = field(default=frozenset(), compare=False)


@dataclass(frozen=True)
class OptionSpec:
    """A named, documented rule-set option with its default."""

    name: str
    default: bool | int | float | str
    doc: str
    choices: tuple[Any, ...] | None = None


class MoveSyntaxError(ValueError):
    """A move written on the command line that cannot be parsed."""


ActorKind = Literal["player", "company"]


class IncrementalChecker(Protocol):
    """What :meth:`RuleSet.incremental_checker` returns: the live checker's state between edits."""

    def issues(self) -> list[Issue]:
        """The issues of the scenario the checker was made for (or last updated to)."""
        ...

    def update(self, scenario: Scenario, changed: Iterable[Coord]) -> list[Issue]:
        """The issues of ``scenario``, which differs from the last one in the ``changed`` cells only."""
        ...


class RuleSet:
    """Base class of every rule set: the one seam between a game and the rest of Trackwright.

    A rule set is a subclass, registered by id (:func:`register`). Everything the editor, the
    command line, the solver and the importers ask of a game is declared here, each with a
    default, so a new rule set overrides only what its game has. The facts are class attributes
    (``id``, ``name``, ``grid_kinds``, ``tile_set``, ``options``, ``actor_kind``, ``phases``,
    ``tile_move_kinds``, ``tile_colors``, ``tile_terrains``, ``state_fields``, ``features``,
    ``label_notes``); the questions are methods (``check``, ``legal_moves``, ``explain``,
    ``apply``, ``reached`` and the optional hooks below them). docs/architecture.md has the
    table of every one (tests/test_seam_doc.py keeps it complete).
    """

    # --- facts ------------------------------------------------------------------------------
    id: ClassVar[str] = ""
    """The id scenarios name in ``rules.id`` (``catalan``, ``18xx``, ``18india``)."""
    name: ClassVar[str] = ""
    """A human name, for menus and messages."""
    grid_kinds: ClassVar[tuple[str, ...]] = ("square", "hex")
    """The grids the game is played on; a new board gets the first (File > New, ``trackwright new``)."""
    tile_set: ClassVar[str | None] = None
    """The bundled tile set (``resources/tilesets/<name>.json``) a new board of this rule set uses;
    None: none (the scenario's own ``tiles.custom`` only)."""
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    """Named, documented options with defaults, set in a scenario's ``rules.options``."""
    actor_kind: ClassVar[ActorKind] = "company"
    """Who moves: ``'player'`` (``scenario.players``, the Catalan game) or ``'company'``
    (``scenario.companies``, 18xx). A subclass that does not say gets ``'player'`` when it plays
    on square grids only, else ``'company'``."""
    phases: ClassVar[tuple[str, ...]] = ()
    """The phase names ``MoveContext.phase`` accepts (see there); empty: the rule set does not
    name them, and any phase is passed through."""
    tile_move_kinds: ClassVar[tuple[str, str] | None] = None
    """The game's move kinds for laying a tile: ``(on an empty cell, on a cell that has a tile)``,
    e.g. ``("lay", "upgrade")``. The editor's stamp asks :meth:`explain` about the move so named,
    and the 'where can this tile go?' overlay asks :meth:`legal_moves` (a rule set that names
    these kinds lists its moves of them there); None (the default): the rule set has no such
    moves and the stamp and the overlay ask the checker alone."""
    tile_colors: ClassVar[tuple[str, ...] | None] = None
    """The colours a tile of the game may have, in the order the tile designer offers them (18xx:
    yellow, green, brown, gray); the designer flags a tile of another colour. None (the default):
    the game gives colours no meaning, and any colour is accepted."""
    tile_terrains: ClassVar[bool] = False
    """Whether a tile may name the terrains it is laid on (``TileDef.terrains``, as an 18xx
    mountain or river tile does); False (the default): the game has no such tiles, and the tile
    designer flags a tile that names any."""
    state_fields: ClassVar[frozenset[str] | None] = None
    """The fields of ``scenario.state`` beyond the turn, the active actor and the phases that the
    rule set reads (the Turn panel shows an editor for each); None: every field."""
    features: ClassVar[frozenset[str] | None] = None
    """The board features the rule set reads (names of :data:`model.features.CELL_FEATURES` and
    :data:`model.features.EDGE_FEATURES`, ``players``, ``companies``). The feature placer offers
    only these, and the checker warns about the others (``core.ignored-feature``); None: unknown,
    everything is offered and nothing is reported."""
    label_notes: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """Printed hex label -> a sentence on what the label means in this game (a cell's tooltip)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not any("actor_kind" in vars(k) for k in cls.__mro__ if k is not RuleSet and issubclass(k, RuleSet)):
            cls.actor_kind = "player" if "square" in cls.grid_kinds and "hex" not in cls.grid_kinds else "company"

    # --- options ------------------------------------------------------------------------
    def option(self, scenario: Scenario, name: str) -> Any:
        """The value of option ``name`` in ``scenario`` (its ``rules.options``, else the
        :class:`OptionSpec` default); KeyError for an option the rule set does not have."""
        for spec in self.options:
            if spec.name == name:
                return scenario.rules.options.get(name, spec.default)
        raise KeyError(name)

    def option_issues(self, scenario: Scenario) -> list[Issue]:
        """The scenario's ``rules.options`` that the rule set does not have or that have a bad
        value (``core.unknown-option``, ``core.bad-option``): part of :meth:`shared_issues`."""
        known = {o.name: o for o in self.options}
        out = []
        for k, v in scenario.rules.options.items():
            spec = known.get(k)
            if spec is None:
                out.append(Issue("core.unknown-option", "error", f"rules.options.{k}: the rule set {self.id!r} has no option {k!r}"))
            elif type(v) is not type(spec.default) or (spec.choices and v not in spec.choices):
                allowed = f" (one of {', '.join(map(str, spec.choices))})" if spec.choices else ""
                out.append(Issue("core.bad-option", "error", f"rules.options.{k}: {v!r} is not a valid value{allowed}"))
        return out

    # --- the three questions ---------------------------------------------------------------
    def check(self, scenario: Scenario) -> list[Issue]:
        """Every issue of the board: the shared structural checks plus the rule set's own."""
        return sort_issues(self.shared_issues(scenario) + self.board_issues(scenario))

    def shared_issues(self, scenario: Scenario) -> list[Issue]:
        """The checks every rule set shares: :func:`structural_issues`, the options, and the
        features this rule set ignores (:mod:`model.features`)."""
        return structural_issues(scenario) + self.option_issues(scenario) + ignored_feature_issues(scenario, self)

    def board_issues(self, scenario: Scenario) -> list[Issue]:
        """The game's own findings on the board (what :meth:`check` adds to the shared checks);
        none by default."""
        return []

    def legal_moves(self, scenario: Scenario, context: MoveContext) -> list[Move]:
        """Every legal move for ``context`` (the overlay, the solver, ``trackwright moves``), each
        carrying its ``cost``; none by default."""
        return []

    def explain(self, scenario: Scenario, move: Move) -> Verdict:
        """Is ``move`` legal, and if not which rule fails (the ghost, ``trackwright explain``); by
        default, whether it is among :meth:`legal_moves` (else ``core.not-a-legal-move``)."""
        legal = move in set(self.legal_moves(scenario, MoveContext(move.actor, move.phase, move.tile)))
        return Verdict(legal, None if legal else "core.not-a-legal-move", "legal" if legal else "not a legal move")

    def is_turn_refusal(self, verdict: Verdict) -> bool:
        """Whether a refusal of :meth:`explain` is about the turn rather than the move: the actor
        is unknown, it is not the actor's turn, the actor's phase is over, or the game plays no
        move of that kind, so no cell, tile or rotation would be legal. The editor's stamp then
        judges the cell as when designing (by the checker) instead of showing the refusal. The
        default: a refusal without a rule, and the default :meth:`explain`'s
        ``core.not-a-legal-move`` (which cannot tell the two apart)."""
        return verdict.rule is None or verdict.rule == "core.not-a-legal-move"

    def apply(self, scenario: Scenario, move: Move, check: bool = True) -> Scenario:
        """The scenario after a legal move (a new object; the input is not changed).

        With ``check=False`` the move is trusted (it came from ``legal_moves``, whose moves
        carry their ``cost``), so nothing is re-checked: the puzzle solver applies moves so.
        """
        raise NotImplementedError(f"rule set {self.id} cannot apply moves")

    # --- what the rule set says about a scenario ------------------------------------------
    def current_phase(self, scenario: Scenario) -> str | None:
        """The phase a scenario is in, in the sense of ``MoveContext.phase`` (see there):
        the turn phase ``state.phase`` here; rule sets whose phase is the game phase override it."""
        return scenario.state.phase

    def turn_phases(self, scenario: Scenario) -> tuple[str, ...]:
        """The phases of a player's turn, in order (the values of ``state.phase``; the Turn
        panel's Phase choices), e.g. Catalan's ``mandatory``, ``optional``. Empty (the default):
        the game's turn has no phases, and the Turn panel offers none."""
        return ()

    def game_phases(self, scenario: Scenario) -> tuple[str, ...]:
        """The game phases a scenario may be in, by name: the scenario's ``play.phases`` when it
        lists them, else the rule set's :attr:`phases` (the Turn panel's choices)."""
        return tuple(p.name for p in scenario.play.phases) or self.phases

    def phase_refusal(self, scenario: Scenario, tile_id: str) -> str | None:
        """Why the current game phase refuses a tile (a sentence), or None when it allows it or
        the rule set has no phase colours (the palette marks the tiles refused)."""
        return None

    def reached(self, scenario: Scenario, actor: str) -> Reached | None:
        """What ``actor``'s network reaches, by the rule set's own movement rules.

        ``None`` when the rule set has no network of its own for this actor (this default, or
        an actor it does not know): the puzzle goal test then uses the generic reading of
        :mod:`model.puzzles.reach`.
        """
        return None

    def parse_move(self, scenario: Scenario, text: str, actor: str | None, phase: str | None) -> Move:
        """Parse ``KIND CELL [TILE ROTATION]`` (e.g. ``replace C4 turntable 0``)."""
        parts = text.split()
        if len(parts) not in (2, 4):
            raise MoveSyntaxError(f"{text!r}: expected 'KIND CELL' or 'KIND CELL TILE ROTATION'")
        kind = parts[0]
        cell = move_cell(scenario.board.grid, text, parts[1])
        if len(parts) == 2:
            return Move(kind, cell, actor=actor, phase=phase)
        return Move(kind, cell, parts[2], move_rotation(scenario.board.grid, text, parts[3]), actor=actor, phase=phase)

    # --- incremental checking -------------------------------------------------------------
    def affected_cells(self, scenario: Scenario, changed: Iterable[Coord]) -> set[Coord] | None:
        """Cells whose issues an edit of ``changed`` can alter, or None for 'the whole board'."""
        return None

    def check_cells(self, scenario: Scenario, cells: Iterable[Coord]) -> list[Issue] | None:
        """The issues of :meth:`board_issues` that name one of ``cells``, and the ones that name
        no cell: the live checker's local check (the stamp's verdict asks it about one cell).
        None (the default): the rule set has no local check; the whole check answers."""
        return None

    def incremental_checker(self, scenario: Scenario) -> IncrementalChecker | None:
        """A checker kept current edit by edit (the editor's live checker), or None (the default):
        every edit is checked whole. A rule set with :meth:`affected_cells` and
        :meth:`check_cells` returns :class:`LocalChecker` (``LocalChecker(self, scenario)``)."""
        return None

    # --- optional answers -------------------------------------------------------------------
    def no_moves_reason(self, scenario: Scenario, context: MoveContext) -> Verdict | None:
        """Why :meth:`legal_moves` is empty for ``context``, when one rule explains it
        (``trackwright moves`` prints it); None: no single reason."""
        return None

    def reach_report(self, scenario: Scenario, actor: str) -> dict[str, Any] | None:
        """What ``actor``'s network reaches, as named values for ``trackwright reach`` and the
        editor's track ownership (Catalan ``connections`` per cell, 18xx ``hexes with track``);
        None (the default): the rule set has no report. Raises KeyError for an unknown actor."""
        return None

    # --- puzzles ----------------------------------------------------------------------------
    def search_position(self, scenario: Scenario, parent: Any = None) -> Any | None:
        """A position for the puzzle solver's search: an object with ``legal_moves(context,
        cells=None)`` and ``reached(actor)`` for ``scenario``, sharing work with ``parent`` (an
        earlier position); optionally ``reads`` and ``distance_bound``. None (the default): the
        solver asks :meth:`legal_moves` and :meth:`reached` directly."""
        return None

    def puzzle_phases(self, scenario: Scenario) -> list[PhaseStep] | None:
        """The turn structure of a new puzzle on ``scenario`` (the generator's, the puzzle panel's
        starting one); None (the default): one phase of up to three moves."""
        return None

    def puzzle_palette(self, scenario: Scenario) -> tuple[str, ...] | None:
        """The tiles a generated puzzle draws and hands out (a tile listed twice comes twice as
        often); None (the default): the plain yellow track tiles of the supply."""
        return None

    def puzzle_track(self, scenario: Scenario) -> Any | None:
        """The :class:`model.track.TrackModel` a puzzle goal is searched on; None (the default):
        the generic reading of :mod:`model.puzzles.reach`."""
        return None

    def puzzle_starts(self, scenario: Scenario, actor: str) -> list[tuple[Coord, int | str]] | None:
        """Where ``actor``'s network starts, as ``(cell, port)``; None (the default): the generic
        reading (a player's origin platforms, a company's tokens or home)."""
        return None

    def puzzle_can_pass(self, scenario: Scenario, actor: str | None) -> Any | None:
        """The node gate ``(cell, node) -> bool`` of ``actor``'s trains in a puzzle goal test
        (return ``lambda c, n: True`` for none); None (the default): the generic reading (a city
        full of other companies' tokens blocks a company)."""
        return None

def move_cell(grid, text: str, cell: str) -> str:
    """The cell of a move as the board writes it (``c3`` is read as ``C3``); MoveSyntaxError if off the board."""
    if grid.is_label(cell):
        return cell
    if grid.is_label(cell.upper()):
        return cell.upper()
    raise MoveSyntaxError(f"{text!r}: {cell[:20]} is not on the board (cells are written like {grid.label(grid.ordered_coords[0])})")


def move_rotation(grid, text: str, rot: str) -> int:
    """The rotation of a move, 0 to sides - 1 (steps clockwise); MoveSyntaxError otherwise."""
    if not rot.isdigit() or int(rot) >= grid.sides:
        raise MoveSyntaxError(f"{text!r}: rotation {rot[:20]!r} must be a whole number from 0 to {grid.sides - 1} "
                              "(steps clockwise)")
    return int(rot)


_REGISTRY: dict[str, type[RuleSet]] = {}
_BUILTIN = {"catalan": "model.rules.catalan", "18xx": "model.rules.eighteen_xx", "18india": "model.rules.india"}


def register(cls: type[RuleSet]) -> type[RuleSet]:
    """Class decorator: make a rule set available by its id."""
    _REGISTRY[cls.id] = cls
    return cls


def get_rule_set(rule_id: str) -> RuleSet:
    """The rule set registered under ``rule_id`` (built-in ones are imported on demand)."""
    if rule_id not in _REGISTRY and rule_id in _BUILTIN:
        try:
            importlib.import_module(_BUILTIN[rule_id])
        except ModuleNotFoundError:
            pass
    if rule_id not in _REGISTRY:
        raise KeyError(f"unknown rule set {rule_id!r} (known: {', '.join(available_rule_sets())})")
    return _REGISTRY[rule_id]()


def available_rule_sets() -> list[str]:
    """The ids of every rule set, sorted (the built-in ones are imported first)."""
    return sorted(rule_set_ids())


def rule_set_ids() -> list[str]:
    """The ids of every rule set: the built-in ones in their usual order (``catalan``, ``18xx``,
    ``18india``), then the others in the order they were registered (File > New lists them so)."""
    for mod in _BUILTIN.values():
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError:
            pass
    return [i for i in _BUILTIN if i in _REGISTRY] + [i for i in _REGISTRY if i not in _BUILTIN]


def structural_issues(scenario: Scenario) -> list[Issue]:
    """Checks every rule set shares: supply counts, token and ownership references.

    (Labels on the grid, known tile ids and valid rotations are enforced when the file loads.)
    """
    out: list[Issue] = []
    ts = scenario.tileset()
    used: dict[str, list[str]] = {}
    for label, cell in scenario.board.cells.items():
        if cell.tile is not None:
            used.setdefault(cell.tile.tile, []).append(label)
    for tid, labels in sorted(used.items()):
        tdef = ts.get(tid)
        if tdef is not None and tdef.count is not None and len(labels) > tdef.count:
            out.append(
                Issue(
                    "core.supply-exceeded",
                    "error",
                    f"tile {tid} is laid {len(labels)} times but the supply has {tdef.count}",
                    tuple(sorted(labels)),
                )
            )
    company_ids = {c.id for c in scenario.companies}
    player_ids = {p.id for p in scenario.players}
    for label, cell in scenario.board.cells.items():
        for t in cell.tokens:
            if t.company not in company_ids and t.kind in ("normal", "exchange"):  # a neutral token is nobody's
                out.append(Issue("core.unknown-company", "error", f"{label}: token of unknown company {t.company!r}", (label,)))
        if cell.platform is not None and cell.platform.owner is not None and cell.platform.owner not in player_ids:
            out.append(Issue("core.unknown-player", "error", f"{label}: platform owned by unknown player {cell.platform.owner!r}", (label,)))
    out += manifest_issues(scenario)
    out += duplicate_edge_issues(scenario)
    return out


__all__ = [
    "SEVERITY_ORDER",
    "IncrementalChecker",
    "Issue",
    "LocalChecker",
    "Severity",
    "Move",
    "MoveContext",
    "MoveSyntaxError",
    "OptionSpec",
    "Reached",
    "RuleSet",
    "Verdict",
    "available_rule_sets",
    "rule_set_ids",
    "get_rule_set",
    "register",
    "sort_issues",
    "structural_issues",
]

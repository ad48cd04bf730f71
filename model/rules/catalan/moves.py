"""Catalan moves: which placements and substitutions are legal, and why the others are not.

Every legality question goes through :meth:`Analysis.evaluate`, which runs the named rules in the
order of ``rules/catalan.md`` §7 and returns the first that fails. ``legal_moves`` is the list of
generated candidates that ``evaluate`` accepts, so ``explain`` and ``legal_moves`` cannot disagree.

Move kinds: ``place`` (a tile on a free cell), ``replace`` (substitution, §4.6) and ``pass``
(ending the phase; in the mandatory phase only legal when nothing else is, M6).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import Any

from model.board import EMPTY_CELL
from model.grid import Coord
from model.rules import Issue, Move, Verdict
from model.rules.catalan.network import (
    SIDE_NAMES,
    Network,
    Transfer,
    transfer_of,
)
from model.scenario import Scenario
from model.track import CellTrack, TrackPath

PHASES = ("mandatory", "optional")
_OPPOSITE = (2, 3, 0, 1)  # the side a train enters by, for each side it leaves by
_UNSET = object()
MOVE_KINDS = ("place", "replace", "pass")
CATALAN_TERRAIN = ("plain", "lake", "mountain")


def side(e: int) -> str:
    return SIDE_NAMES[e]


@dataclass(frozen=True)
class TileInfo:
    """What the rules need to know about one tile type."""

    id: str
    rotations: tuple[int, ...]  # distinct rotations
    tags: frozenset[str]


def _fail(rule: str, message: str) -> Verdict:
    return Verdict(False, rule, message)


class Analysis:
    """One scenario seen by the Catalan rules: options, track network and cached answers."""

    def __init__(self, rules: Any, scenario: Scenario, net: Network | None = None) -> None:
        self.rules = rules
        self.s = scenario
        self.opt = {spec.name: rules.option(scenario, spec.name) for spec in rules.options}
        self.grid = scenario.board.grid
        self.net = net if net is not None else Network(scenario, dead_end_reversal=bool(self.opt["dead_end_reversal"]))
        self.player_ids = [p.id for p in scenario.players]
        self._tile_transfer: dict[tuple[str, int], Transfer] = {}
        self._blocked: dict[str, bool] = {}
        self._needed: dict[tuple[Coord, str], frozenset[tuple[int, int]]] = {}
        self._entered: dict[Coord, set[int]] = {}
        self._middle: dict[Coord, bool] = {}
        self._shapes: dict[tuple[str, int], frozenset] = {}
        self._trunks: dict[tuple[str, int], int | None] = {}
        self._static: dict[tuple[Coord, str], tuple] = {}
        self._profiles: dict[tuple[Coord, str], tuple] = {}
        self._terrains: dict[tuple[Coord, str], Verdict | None] = {}
        self._lost: dict[tuple, set[tuple[Coord, int]]] = {}  # lost_connections per (cell, player, new exits, limit)
        self._succ: dict[str, list] = {}
        self._entries: dict[tuple, list] = {}  # see _entries_into  # per player, by pre-order number: the states each state moves on to
        self._reachers: dict[Coord, list[str]] = {}
        self._laid: dict[str, list] = {}
        self._ports: dict[tuple[str, int], frozenset[int]] = {}
        self.detail = True  # name up to 7 lost cells in messages; False: stop at the first
        self._labels: dict[Coord, str] = {}
        self._coords: dict[str, Coord] = {}
        self.tdefs = scenario.tileset().by_id
        self._mandatory: dict[tuple[str, str], list[Move]] = {}
        self._union_open: set[tuple[Coord, int]] | None = None

    # --- tiles ---------------------------------------------------------------------------
    def tile_info(self, tile_id: str) -> TileInfo | None:
        tdef = self.tdefs.get(tile_id)
        if tdef is None:
            return None
        return TileInfo(tdef.id, tuple(tdef.distinct_rotations(4)), frozenset(tdef.tags))

    def tile_transfer(self, tile_id: str, rotation: int) -> Transfer:
        key = (tile_id, rotation % 4)
        t = self._tile_transfer.get(key)
        if t is None:
            tdef = self.tdefs.get(tile_id)
            paths = tuple(TrackPath(a, b, term) for a, b, term in tdef.rotated_paths(rotation % 4, 4))
            kinds = tuple(n.kind for n in tdef.nodes)
            rev = frozenset(i for i, k in enumerate(kinds) if k in self.net.model.reverse_kinds)
            t = transfer_of(CellTrack(paths=paths, node_kinds=kinds, reverse_nodes=rev))
            self._tile_transfer[key] = t
        return t

    def ports(self, tile_id: str, rotation: int) -> frozenset[int]:
        key = (tile_id, rotation % 4)
        p = self._ports.get(key)
        if p is None:
            p = self._ports[key] = self.tdefs.get(tile_id).exits(rotation % 4, 4)
        return p

    def same_shape(self, tile_a: str, rot_a: int, tile_b: str, rot_b: int) -> bool:
        if tile_a != tile_b:
            return False
        return self.shape(tile_a, rot_a) == self.shape(tile_b, rot_b)

    def shape(self, tile_id: str, rotation: int) -> frozenset:
        """What the tile's track looks like at a rotation (equal shapes: the same track)."""
        key = (tile_id, rotation % 4)
        got = self._shapes.get(key)
        if got is None:
            got = self._shapes[key] = self.tdefs.get(tile_id)._shape(rotation % 4, 4)
        return got

    def trunk(self, tile_id: str, rotation: int) -> int | None:
        """The trunk side of a switch: the side shared by its two paths (cached)."""
        key = (tile_id, rotation % 4)
        if key in self._trunks:
            return self._trunks[key]
        tdef = self.tdefs.get(tile_id)
        trunk = None
        if "switch" in tdef.tags:
            sets = [{a, b} for a, b, _ in tdef.rotated_paths(rotation % 4, 4)]
            common = set.intersection(*sets) if sets else set()
            trunk = next(iter(common)) if len(common) == 1 else None
        self._trunks[key] = trunk
        return trunk

    def tile_name(self, tile_id: str, rotation: int) -> str:
        return f"{tile_id} at rotation {rotation}"

    # --- players and state -----------------------------------------------------------------
    def label(self, coord: Coord) -> str:
        lbl = self._labels.get(coord)
        if lbl is None:
            lbl = self._labels[coord] = self.grid.label(coord)
            self._coords[lbl] = coord
        return lbl

    def laid_this_turn(self, phase: str) -> list:
        got = self._laid.get(phase)
        if got is None:
            got = self._laid[phase] = [entry for entry in self.s.state.laid if entry.phase == phase]
        return got

    def own_open_ends(self, player_id: str) -> set[tuple[Coord, int]]:
        return self.net.open_ends(player_id)

    def all_open_ends(self) -> set[tuple[Coord, int]]:
        if self._union_open is None:
            out: set[tuple[Coord, int]] = set()
            for pid in self.player_ids:
                out |= self.net.open_ends(pid)
            self._union_open = out
        return self._union_open

    def open_ends_for(self, actor: str, phase: str, tile_id: str) -> set[tuple[Coord, int]]:
        """The open ends a tile may extend in this phase (M1, M8, O1)."""
        if phase == "mandatory":
            tags = self.tdefs.get(tile_id).tags
            if "dead_end" in tags and self.opt["dead_end_mandatory_target"] == "any":
                return self.all_open_ends()
            return self.own_open_ends(actor)
        if self.opt["optional_open_ends"] == "own":
            return self.own_open_ends(actor)
        return self.all_open_ends()

    def facing_sides(self, coord: Coord, open_ends: set[tuple[Coord, int]]) -> list[int]:
        """Sides of ``coord`` across which an open end points at it."""
        out = []
        for s in range(4):
            n = self.grid.neighbour_position(coord, s)
            if (n, (s + 2) % 4) in open_ends:
                out.append(s)
        return out

    def reachers(self, coord: Coord) -> list[str]:
        """Players whose VIA NOSTRA uses a connection of the cell (cached)."""
        got = self._reachers.get(coord)
        if got is None:
            got = self._reachers[coord] = [pid for pid in self.player_ids if coord in self.net.reach(pid).cells]
        return got

    def mandatory_moves(self, actor: str, tile_id: str) -> list[Move]:
        """Legal mandatory moves with one drawn tile (cached); the turn is lost when empty (M6)."""
        key = (actor, tile_id)
        if key not in self._mandatory:
            self._mandatory[key] = [m for m in self.candidates(actor, "mandatory", tile_id) if self.evaluate(m, gates=False).legal]
        return self._mandatory[key]

    def blocked(self, actor: str) -> bool:
        """M5 / A7: the player may use a drawn turntable to replace one of her tiles."""
        if actor not in self._blocked:
            if self.opt["blocked_definition"] == "no_open_end":
                self._blocked[actor] = not self.own_open_ends(actor)
            else:
                self._blocked[actor] = not self.placements(actor, "mandatory", "turntable")
        return self._blocked[actor]

    def turn_lost(self, actor: str) -> bool:
        """M6: the drawn tile had no legal play and nothing was laid in this mandatory phase."""
        drawn = self.s.state.drawn
        if drawn is None or self.laid_this_turn("mandatory"):
            return False
        return not self.mandatory_moves(actor, drawn)

    def turn_issue(self) -> Issue | None:
        """Info for the board check: the active player cannot play the drawn tile (M6)."""
        st = self.s.state
        actor = st.active
        if actor is None or st.drawn is None or st.phase not in (None, "mandatory") or self.s.player(actor) is None:
            return None
        if self.tdefs.get(st.drawn) is None or self.laid_this_turn("mandatory"):
            return None
        if self.mandatory_moves(actor, st.drawn):
            return None
        return Issue(
            "catalan.no-legal-play",
            "info",
            f"{actor} cannot play the drawn {st.drawn} anywhere: she loses her turn (M6)",
        )

    # --- candidates -----------------------------------------------------------------------
    def placements(self, actor: str, phase: str, tile_id: str) -> list[Move]:
        """Legal ``place`` moves of one tile."""
        info = self.tile_info(tile_id)
        ends = self.open_ends_for(actor, phase, tile_id)
        cells = sorted({self.grid.neighbour_position(c, x) for c, x in ends}, key=lambda c: (c[1], c[0]))
        out = []
        for coord in cells:
            for r in info.rotations:
                m = Move("place", self.label(coord), tile_id, r, actor=actor, phase=phase)
                if self.evaluate(m, gates=False).legal:
                    out.append(m)
        return out

    def candidates(self, actor: str, phase: str, tile_id: str) -> list[Move]:
        """Every move worth evaluating for one tile: placements at open ends and replacements."""
        info = self.tile_info(tile_id)
        ends = self.open_ends_for(actor, phase, tile_id)
        place_cells = sorted({self.grid.neighbour_position(c, x) for c, x in ends}, key=lambda c: (c[1], c[0]))
        out = [Move("place", self.label(c), tile_id, r, actor=actor, phase=phase) for c in place_cells for r in info.rotations]
        if phase == "mandatory" and tile_id != "turntable":
            return out
        if phase == "mandatory":
            own = self.net.reach(actor)
            cells = sorted((c for c in own.cells if self.s.board.cell(c).tile is not None), key=lambda c: (c[1], c[0]))
            if not self.opt["m5_own_track_only"]:
                cells = self.tile_cells()
        else:
            # skip the cells where every rotation fails a rule that ignores the rotation
            # (what _replace checks first: the cell, O2, S-1, S-3, S-2, then the terrain)
            cells = [
                c
                for c in self.tile_cells()
                if (static := self._replace_static(c, self.label(c), phase))[0] is None
                and not ("dead_end" in static[2] and tile_id != "turntable")
                and self._terrain(c, tile_id) is None
            ]
        out += [Move("replace", self.label(c), tile_id, r, actor=actor, phase=phase) for c in cells for r in info.rotations]
        return out

    def tile_cells(self) -> list[Coord]:
        g = self.grid
        return sorted((g.coord(lbl) for lbl, cell in self.s.board.cells.items() if cell.tile is not None), key=lambda c: (c[1], c[0]))

    # --- the rules ------------------------------------------------------------------------
    def gate(self, actor: str | None, phase: str, tile_id: str | None) -> Verdict | None:
        """Checks that do not depend on the cell: player, turn, phase, the tile's source."""
        s = self.s
        player = s.player(actor) if actor is not None else None
        if player is None:
            known = ", ".join(self.player_ids) or "none"
            return _fail("catalan.unknown-player", f"there is no player {actor!r} (players: {known})")
        if tile_id is not None and s.tile(tile_id) is None:
            return _fail("catalan.unknown-tile", f"there is no tile {tile_id!r} in this scenario's tile set")
        if s.state.active is not None and s.state.active != actor:
            return _fail("catalan.not-your-turn", f"it is {s.state.active}'s turn, not {actor}'s")
        if phase not in PHASES:
            return _fail("catalan.unknown-phase", f"phase {phase!r} is neither 'mandatory' nor 'optional'")
        if phase == "mandatory":
            done = self.laid_this_turn("mandatory")
            if done:
                return _fail(
                    "catalan.mandatory-done",
                    f"{actor} already played the mandatory tile this turn (at {done[0].cell}); the mandatory phase is over",
                )
            drawn = s.state.drawn
            if drawn is not None and tile_id is not None and tile_id != drawn:
                return _fail(
                    "catalan.not-drawn",
                    f"in the mandatory phase {actor} must play the drawn tile {drawn}, not {tile_id}",
                )
            return None
        if self.opt["lost_turn_skips_optional"] and self.turn_lost(actor):
            return _fail(
                "catalan.M6-turn-lost",
                f"{actor} could not play the drawn {s.state.drawn} in the mandatory phase, so she lost the whole "
                "turn, optional phase included (M6, A8)",
            )
        limit = self.opt["optional_actions_per_turn"]
        used = len(self.laid_this_turn("optional"))
        if used >= limit:
            return _fail(
                "catalan.O4-one-action",
                f"{actor} already made {used} optional action(s) this turn; the limit is {limit} (O4)",
            )
        if tile_id is not None and tile_id not in player.hand:
            return _fail(
                "catalan.not-in-hand",
                f"{tile_id} is not in {actor}'s hand ({', '.join(player.hand) or 'empty'}); optional-phase tiles come "
                "from the hand (§4.5)",
            )
        return None

    def evaluate(self, move: Move, gates: bool = True) -> Verdict:
        """Is one move legal? The first failing rule is named (see module docstring)."""
        phase = move.phase or self.s.state.phase or "mandatory"
        if move.kind == "rotate":
            return _fail(
                "catalan.S-7",
                "a tile already on the board cannot be turned; substitute an identical tile from your hand in the "
                "optional phase instead (S-7, O3)",
            )
        if move.kind not in MOVE_KINDS:
            return _fail("catalan.unknown-move", f"{move.kind!r} is not a move (use place, replace or pass)")
        if gates:
            v = self.gate(move.actor, phase, move.tile)
            if v is not None:
                return v
        if move.kind == "pass":
            return self._pass(move.actor, phase)
        if move.tile is None:
            return _fail("catalan.unknown-tile", f"{move.kind} needs a tile and a rotation, e.g. '{move.kind} {move.cell} straight 0'")
        if not 0 <= move.rotation <= 3:
            return _fail("catalan.bad-rotation", f"rotation {move.rotation} must be 0-3 (quarter turns clockwise)")
        try:
            coord = self._coords.get(move.cell) or self.grid.coord(move.cell)
        except ValueError:
            return _fail("catalan.off-board", f"{move.cell} is not on the board")
        if move.kind == "place":
            return self._place(move, coord, phase)
        return self._replace(move, coord, phase)

    def _pass(self, actor: str, phase: str) -> Verdict:
        if phase == "optional":
            return Verdict(True, None, f"{actor} ends her optional phase")
        drawn = self.s.state.drawn
        if drawn is None:
            return _fail("catalan.M6-must-play", "no tile has been drawn, so there is nothing to pass on")
        moves = self.mandatory_moves(actor, drawn)
        if moves:
            return _fail(
                "catalan.M6-must-play",
                f"{actor} has {len(moves)} legal play(s) for the drawn {drawn} (e.g. {moves[0].text()}); the mandatory "
                "tile must be played",
            )
        return Verdict(
            True,
            "catalan.no-legal-play",
            f"{actor} cannot play the drawn {drawn} anywhere, so she loses her turn (M6)",
        )

    def _terrain(self, coord: Coord, tile_id: str) -> Verdict | None:
        """M2: lakes take bridges, mountains tunnels (cached per cell and tile)."""
        key = (coord, tile_id)
        try:
            return self._terrains[key]
        except KeyError:
            got = self._terrains[key] = self._terrain_rule(coord, tile_id)
            return got

    def _terrain_rule(self, coord: Coord, tile_id: str) -> Verdict | None:
        label = self.label(coord)
        cell = self.s.board.cells.get(self.label(coord), EMPTY_CELL)
        tags = self.tdefs.get(tile_id).tags
        if cell.terrain not in CATALAN_TERRAIN:
            return _fail("catalan.unsupported-terrain", f"{label}: terrain {cell.terrain!r} is not part of the Catalan game")
        if cell.terrain == "lake":
            if "tunnel" in tags:
                return _fail("catalan.tunnel-on-lake", f"{label} is a lake: a tunnel cannot go there, only a bridge (M2)")
            if "bridge" not in tags:
                return _fail("catalan.lake-needs-bridge", f"{label} is a lake: only a bridge can cross it (M2)")
        if cell.terrain == "mountain":
            if "bridge" in tags:
                return _fail("catalan.bridge-on-mountain", f"{label} is a mountain: a bridge cannot go there, only a tunnel (M2)")
            if "tunnel" not in tags:
                return _fail("catalan.mountain-needs-tunnel", f"{label} is a mountain: only a tunnel can cross it (M2)")
        return None

    def _place(self, move: Move, coord: Coord, phase: str) -> Verdict:
        label = move.cell
        cell = self.s.board.cells.get(self.label(coord), EMPTY_CELL)
        what = self.tile_name(move.tile, move.rotation)
        if cell.cities:
            return _fail("catalan.tile-on-city", f"{label} is a city: no tile can be placed on it (§2)")
        if cell.platform is not None:
            return _fail("catalan.tile-on-station", f"{label} is a station platform: no tile can be placed on it (§2)")
        if cell.tile is not None:
            return _fail(
                "catalan.occupied",
                f"{label} already holds {cell.tile.tile}: a space holds one tile (S1); use 'replace' in the optional phase",
            )
        v = self._terrain(coord, move.tile)
        if v is not None:
            return v
        rule = "catalan.M1-open-end" if phase == "mandatory" else "catalan.O1-open-end"
        ends = self.open_ends_for(move.actor, phase, move.tile)
        facing = self.facing_sides(coord, ends)
        if not facing:
            whose = "your" if ends is self.own_open_ends(move.actor) else "any player's"
            return _fail(rule, f"{label} is not next to an open end of {whose} track ({'M1' if phase == 'mandatory' else 'O1'})")
        ports = self.ports(move.tile, move.rotation)
        joins = [s for s in facing if s in ports]
        if not joins:
            sides = "/".join(side(s) for s in facing)
            return _fail(rule, f"{label}: {what} has no port on its {sides} side, where the open end is; it would not join the track")
        if phase == "mandatory":
            trunk = self.trunk(move.tile, move.rotation)
            if trunk is not None and trunk not in joins:
                return _fail(
                    "catalan.M3-switch-facing",
                    f"{label}: in the mandatory phase a switch faces the direction of travel: its trunk must be on the "
                    f"{'/'.join(side(s) for s in joins)} side that joins the track (M3); {what} has its trunk on {side(trunk)}",
                )
        return Verdict(True, None, f"{label}: {what} extends the track at its {'/'.join(side(s) for s in joins)} side")

    def _replace_static(self, coord: Coord, label: str, phase: str) -> tuple[Verdict | None, Any, frozenset]:
        """The checks of a substitution that do not depend on the new tile (cached per cell):
        cities and stations, an empty cell, O2 and S-1 (optional phase) and S-3."""
        key = (coord, phase)
        got = self._static.get(key)
        if got is not None:
            return got
        cell = self.s.board.cells.get(label, EMPTY_CELL)
        old = cell.tile
        old_tags = frozenset(self.tdefs[old.tile].tags) if old is not None and old.tile in self.tdefs else frozenset()
        v = None
        if cell.cities:
            v = _fail("catalan.tile-on-city", f"{label} is a city: no tile can be placed on it (§2)")
        elif cell.platform is not None:
            v = _fail("catalan.tile-on-station", f"{label} is a station platform: no tile can be placed on it (§2)")
        elif old is None:
            v = _fail("catalan.nothing-to-replace", f"{label} holds no tile; use 'place'")
        elif phase != "mandatory" and not self.reachers(coord):
            v = _fail(
                "catalan.O2-not-on-track",
                f"{label}: no player's train reaches this {old.tile}, so it is not part of anyone's track (O2)",
            )
        elif phase != "mandatory" and (
            any(e.cell == label for e in self.laid_this_turn("mandatory"))
            or (old.turn == self.s.state.turn and old.phase == "mandatory")
        ):
            v = _fail("catalan.S-1", f"{label}: the tile laid in this turn's mandatory phase cannot be substituted in the same turn (S-1)")
        elif ("bridge" in old_tags and cell.terrain == "lake") or ("tunnel" in old_tags and cell.terrain == "mountain"):
            # (S-3 is checked here, before S-2, with no change of verdict: a dead end is neither)
            kind = "bridge over a lake" if cell.terrain == "lake" else "tunnel through a mountain"
            v = _fail("catalan.S-3", f"{label}: a {kind} can never be substituted, not even by a turntable (S-3)")
        got = self._static[key] = (v, old, old_tags)
        return got

    def _replace(self, move: Move, coord: Coord, phase: str) -> Verdict:
        label = move.cell
        static, old, old_tags = self._replace_static(coord, label, phase)
        if phase == "mandatory":
            if static is not None and static.rule != "catalan.S-3":
                return static
            if move.tile != "turntable" and "turntable" not in [n.kind for n in self.tdefs.get(move.tile).nodes]:
                return _fail(
                    "catalan.M7-no-substitution",
                    f"{label}: tiles are substituted only in the optional phase; the one exception is a drawn turntable "
                    "when all your tracks are blocked (M7, M5)",
                )
            if not self.blocked(move.actor):
                return _fail(
                    "catalan.M5-not-blocked",
                    f"{label}: {move.actor} is not blocked (the turntable can be placed at one of her open ends), so it "
                    "must be placed, not used to replace a tile (M5)",
                )
            if self.opt["m5_own_track_only"] and coord not in self.net.reach(move.actor).cells:
                return _fail("catalan.M5-own-track", f"{label}: the tile is not part of {move.actor}'s VIA NOSTRA (M5)")
            if static is not None:
                return static
        else:
            if static is not None:
                return static
            if "dead_end" in old_tags and move.tile != "turntable":
                return _fail("catalan.S-2", f"{label}: a dead end can only be replaced by a turntable (S-2)")
        v = self._terrain(coord, move.tile)
        if v is not None:
            return v
        if self.opt["reject_noop_substitution"] and self.same_shape(old.tile, old.rotation, move.tile, move.rotation):
            return _fail("catalan.A17-no-op", f"{label}: replacing {old.tile} by the same tile in the same orientation changes nothing (A17)")
        if not self.detail:  # verdict only: the cheap S-8 first (the verdict is the same)
            v = self._attachment(coord, move)
            if v is not None:
                return v
        v = self.continuity(coord, move)
        if v is not None:
            return v
        if self.detail:
            v = self._attachment(coord, move)
            if v is not None:
                return v
        if self.opt["switch_trunk_must_stay"]:
            old_trunk = self.trunk(old.tile, old.rotation)
            new_trunk = self.trunk(move.tile, move.rotation)
            if old_trunk is not None and new_trunk is not None and new_trunk != old_trunk and self.is_middle(coord):
                return _fail(
                    "catalan.S-9",
                    f"{label}: a switch in the middle of a track may only be replaced by a switch whose trunk stays on the "
                    f"{side(old_trunk)} side; {self.tile_name(move.tile, move.rotation)} has its trunk on {side(new_trunk)} (S-9)",
                )
        return Verdict(True, None, f"{label}: {old.tile} may be replaced by {self.tile_name(move.tile, move.rotation)}")

    def _attachment(self, coord: Coord, move: Move) -> Verdict | None:
        """S-8: the new tile keeps a port on a side through which trains entered the space."""
        if not self.opt["end_tile_must_stay_attached"]:
            return None
        entered = self._entered.get(coord)
        if entered is None:
            entered = set()
            for pid in self.player_ids:
                entered |= self.net.reach(pid).entered_sides(coord)
            self._entered[coord] = entered
        ports = self.ports(move.tile, move.rotation)
        if entered and not (entered & ports):
            return _fail(
                "catalan.S-8",
                f"{move.cell}: {self.tile_name(move.tile, move.rotation)} has no port on the "
                f"{'/'.join(side(s) for s in sorted(entered))} side through which trains reach this space; it would "
                "simply delete track (S-8)",
            )
        return None

    # --- continuity (§4.6) ---------------------------------------------------------------
    def scope(self, coord: Coord) -> list[str]:
        """Whose track a change of the cell must not cut (A6).

        ``all_players`` and ``owners_of_q`` name the same players in effect: a player whose
        trains never enter the cell cannot lose anything through it, so only the players who
        reach the cell are examined either way."""
        return self.reachers(coord)

    def lost_connections(self, coord: Coord, pid: str, new: Transfer | None, limit: int | None = None) -> set[tuple[Coord, int]]:
        """Connections outside ``coord`` that the player reaches now and would not with ``new`` there.

        Exact, and cheap in the usual cases (at most ``limit`` cells' worth are reported):

        1. if every transition the player's trains make through the cell into a neighbour's
           track still exists, nothing is lost;
        2. in the player's search tree, a state can only be lost if its tree path leaves the cell
           by a transition the new tile lacks, or enters the cell a second time: those states are
           a few pre-order ranges (every other state keeps its tree path on the new board);
        3. the search is resumed on the changed board from the exits that the surely reachable
           states make into the cell or, by non-tree edges, into those ranges; then every state
           of the ranges not found again is checked for a connection nobody else still provides.
        """
        needed = self._needed_transitions(coord, pid)
        rel = new.relation() if new is not None else frozenset()
        if not needed or needed <= rel:
            return set()
        if limit is None:
            limit = 7 if self.detail else 1
        net = self.net
        r = net.reach(pid)
        if not r.parent:  # a network kept without its search tree: compare two full searches
            after = net.search(pid, overrides={coord: new})
            return {k for k in r.connections if k[0] != coord} - after.connections
        key = (coord, pid)
        prof = self._profiles.get(key)
        if prof is None:
            prof = self._profiles[key] = self._profile(coord, r)
        nested, children, into_q = prof
        ranges = list(nested)  # inclusive pre-order ranges of the states at risk
        for transition, lo_, hi_ in children:
            if transition not in rel:
                ranges.append((lo_, hi_))
        if not ranges:
            return set()
        memo_key = (coord, pid, new.exits if new is not None else None, limit)
        got = self._lost.get(memo_key)
        if got is None:
            got = self._lost[memo_key] = self._lost_in_ranges(coord, new, r, ranges, limit)
        return got

    def _lost_in_ranges(self, coord: Coord, new: Transfer | None, r, ranges: list[tuple[int, int]], limit: int) -> set[tuple[Coord, int]]:
        """Steps 2-3 of :meth:`lost_connections` for the states at risk (pre-order ``ranges``).

        A state is *known* (surely still reached) when it was reached before, is not in the
        changed cell and is not at risk. The tests are written out inline: this loop is the hot
        spot of ``legal_moves`` in the optional phase."""
        net = self.net
        tin, _, order = r.euler()
        by_cell = r.by_cell()
        _, _, into_q = self._profiles[(coord, r.player)]
        merged = _merged(ranges)
        lo, hi = merged[0][0], merged[-1][1]  # every state at risk lies in [lo, hi]
        gaps = len(merged) > 1
        tin_get = tin.get

        def at_risk(i: int) -> bool:  # for i in [lo, hi]
            return not gaps or any(a_ <= i <= b_ for a_, b_ in merged)

        def known(st: tuple[Coord, int]) -> bool:
            i = tin_get(st)
            return i is not None and st[0] != coord and (i < lo or i > hi or not at_risk(i))

        # the search resumed on the changed board, through states not known to be reached:
        # ``found`` marks the states at risk found again (by pre-order number), ``fresh`` the
        # entries found in the changed cell and in cells the old board never entered
        found = bytearray(len(order))
        fresh: dict[Coord, list[int]] = {}
        offsets = self.grid.offsets()
        on_board = self.grid.coord_set
        succ = self._succ.get(r.player)
        if succ is None:
            succ = self._succ[r.player] = [None] * len(order)
        in_cell = {tin[(coord, e)] for e in by_cell.get(coord, ())}  # the cell's own states
        # targets still to visit: a state of the old board by its pre-order number, or else
        # (cell, entry side)
        targets: list = []
        push = targets.append

        def leave(c: Coord, x: int) -> None:
            dx, dy = offsets[x]
            n = (c[0] + dx, c[1] + dy)
            if n in on_board:
                st = (n, _OPPOSITE[x])
                i = tin_get(st)
                push(st if i is None else i)

        for st, x in into_q:  # surely reachable states that leave into the changed cell ...
            if known(st):
                leave(st[0], x)
        for a_, b_ in set(ranges):  # ... or into a state at risk by a non-tree edge
            for u, x in self._entries_into(coord, r, a_, b_):
                if known(u):
                    leave(u[0], x)
        pop = targets.pop
        while targets:
            item = pop()
            if item.__class__ is int:
                if item not in in_cell:  # a state of the old board: known, at risk and found, or at risk
                    if item < lo or item > hi or found[item] or not at_risk(item):
                        continue
                    found[item] = 1
                    nxt = succ[item]
                    if nxt is None:
                        nxt = succ[item] = self._successors(*order[item], tin_get)
                    targets.extend(nxt[0])
                    for st in nxt[1]:  # no track faces the train there, unless the cell changes
                        if st[0] == coord:
                            push(st)
                    continue
                n, e = order[item]
                t = new
            else:
                n, e = item
                t = new if n == coord else net.transfer(n)
            if t is None:
                continue
            exits = t.exits[e]
            if exits is None:
                continue
            seen = fresh.get(n)
            if seen is None:
                seen = fresh[n] = []
            elif e in seen:
                continue
            seen.append(e)
            for x2 in exits:
                leave(n, x2)
        # every state at risk not found again: does anyone else still provide its connections?
        # (the ranges in their own order, so that the first ``limit`` cells found stay the same)
        lost: set[tuple[Coord, int]] = set()
        lost_cells: set[Coord] = set()
        find = found.find
        for a_, b_ in ranges:
            idx = a_ - 1
            while True:
                idx = find(0, idx + 1, b_ + 1)  # the next state of the range not found again
                if idx < 0:
                    break
                c, e = order[idx]
                if c == coord:
                    continue
                others = by_cell[c]
                again = [e2 for e2 in others if found[tin[(c, e2)]]] + fresh.get(c, [])
                t = net.transfer(c)
                used_e = t.start_used if e < 0 else t.used[e]
                if not again and len(others) == 1:  # the only state of its cell: all is lost
                    for i in used_e:
                        lost.add((c, i))
                        lost_cells.add(c)
                    if len(lost_cells) >= limit:
                        return lost
                    continue
                for i in used_e:
                    if (c, i) in lost or any(i in (t.start_used if e2 < 0 else t.used[e2]) for e2 in again):
                        continue
                    if any(
                        e2 != e and i in (t.start_used if e2 < 0 else t.used[e2]) and known((c, e2)) for e2 in others
                    ):
                        continue
                    lost.add((c, i))
                    lost_cells.add(c)
                    if len(lost_cells) >= limit:
                        return lost
        return lost

    def _entries_into(self, coord: Coord, r, lo: int, hi: int) -> list[tuple[tuple[Coord, int], int]]:
        """Non-tree edges ``(state, exit side)`` into the pre-order range ``[lo, hi]`` from states
        outside it and outside the cell (cached per cell, player and range: the rotations and
        tiles tried on one cell share them)."""
        key = (coord, r.player, lo, hi)
        got = self._entries.get(key)
        if got is None:
            tin = r.euler()[0]
            keys = r.nontree_keys
            got = []
            for k in range(bisect_left(keys, lo), bisect_right(keys, hi)):
                u, x, v = r.nontree[k]
                if v[0] != coord and u[0] != coord and not lo <= tin[u] <= hi:
                    got.append((u, x))
            self._entries[key] = got
        return got

    def _successors(self, coord: Coord, entry: int, tin_get) -> tuple[tuple[int, ...], tuple[tuple[Coord, int], ...]]:
        """Where a train entering ``coord`` by ``entry`` moves on to, on the board as it stands:
        the states of the player's reach it enters, by pre-order number (``tin_get``), and the
        (cell, entry side) pairs where no track faces it (cached per player and state by
        :meth:`_lost_in_ranges`: the player's reach is closed, so it leads nowhere else)."""
        t = self.net.transfer(coord)
        offsets = self.grid.offsets()
        on_board = self.grid.coord_set
        states, dead = [], []
        for x in t.exits[entry]:
            dx, dy = offsets[x]
            n = (coord[0] + dx, coord[1] + dy)
            if n in on_board:
                st = (n, _OPPOSITE[x])
                i = tin_get(st)
                if i is None:
                    dead.append(st)
                else:
                    states.append(i)
        return tuple(states), tuple(dead)

    def _profile(self, coord: Coord, r) -> tuple:
        """Tile-independent data of the continuity test for one cell and player (cached):
        the ranges below states that entered the cell a second time, each tree child of the
        other states of the cell with the transition that leads to it, and the states of the
        neighbours that leave into the cell."""
        tin, tout, _ = r.euler()
        by_cell = r.by_cell()
        q_states = [(coord, e) for e in by_cell.get(coord, ())]
        q_ranges = [(tin[st], tout[st]) for st in q_states]
        nested: list[tuple[int, int]] = []
        children: list[tuple[tuple[int, int], int, int]] = []
        for st, (lo_, hi_) in zip(q_states, q_ranges, strict=True):
            if any(a_ < lo_ <= b_ for a_, b_ in q_ranges):
                if hi_ > lo_:  # entered the cell before: everything below is at risk
                    nested.append((lo_ + 1, hi_))
                continue
            for child in r.children.get(st, ()):
                children.append(((st[1], (child[1] + 2) % 4), tin[child], tout[child]))
        into_q = []
        for s_ in range(4):
            nb = self.grid.neighbour_position(coord, s_)
            back = (s_ + 2) % 4
            for e2 in by_cell.get(nb, ()):
                t = self.net.transfer(nb)
                exits = t.start_exits if e2 < 0 else (t.exits[e2] or ())
                if back in exits:
                    into_q.append(((nb, e2), back))
        return nested, children, into_q

    def _needed_transitions(self, coord: Coord, pid: str) -> frozenset[tuple[int, int]]:
        """(entry, exit) pairs the player's trains use through the cell into a neighbour's track.

        When the new tile keeps them all, the player loses nothing (cached per cell and player).
        """
        key = (coord, pid)
        got = self._needed.get(key)
        if got is not None:
            return got
        before = self.net.reach(pid)
        out: set[tuple[int, int]] = set()
        if coord in before.cells:
            old = self.net.transfer(coord)
            grid = self.grid
            for e in before.by_cell().get(coord, ()):
                if e < 0:
                    continue
                for x in old.exits[e] or ():
                    n = grid.neighbour_position(coord, x)
                    nt = self.net.transfer(n) if grid.contains(n) else None
                    if nt is not None and nt.exits[(x + 2) % 4] is not None:
                        out.add((e, x))
        got = frozenset(out)
        self._needed[key] = got
        return got

    def continuity(self, coord: Coord, move: Move) -> Verdict | None:
        new = self.tile_transfer(move.tile, move.rotation)
        for pid in self.scope(coord):
            lost = self.lost_connections(coord, pid, new)
            if lost:
                cells = sorted({c for c, _ in lost}, key=lambda c: (c[1], c[0]))
                names = ", ".join(self.label(c) for c in cells[:6]) + (" …" if len(cells) > 6 else "")
                old = self.s.board.cell(coord).tile
                if old is not None and old.tile == "turntable":
                    return _fail(
                        "catalan.S-6",
                        f"{move.cell}: the turntable can only be replaced when continuity holds and its reversal is not "
                        f"in use; with {self.tile_name(move.tile, move.rotation)} {pid} would lose track at {names} (S-6)",
                    )
                return _fail(
                    "catalan.S-5",
                    f"{move.cell}: replacing {old.tile if old else 'the tile'} by {self.tile_name(move.tile, move.rotation)} "
                    f"would cut {pid} off from track at {names}; a substitution must not harm the continuity of any "
                    "track (S-4/S-5, §4.6)",
                )
        return None

    def is_middle(self, coord: Coord) -> bool:
        """A middle tile: emptying the cell would cut some player (in scope) off from track (A4)."""
        got = self._middle.get(coord)
        if got is None:
            got = self._middle[coord] = any(self.lost_connections(coord, pid, None, limit=1) for pid in self.scope(coord))
        return got


def _merged(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Inclusive ranges sorted and merged where they overlap or touch."""
    out: list[tuple[int, int]] = []
    for a_, b_ in sorted(ranges):
        if out and a_ <= out[-1][1] + 1:
            if b_ > out[-1][1]:
                out[-1] = (out[-1][0], b_)
        else:
            out.append((a_, b_))
    return out

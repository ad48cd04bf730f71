"""Catalan moves: which placements and substitutions are legal, and why the others are not.

Every legality question goes through :meth:`Analysis.evaluate`, which runs the named rules in the
order of the substitution rules (``docs/rules-catalan.md`` §4.6: static exceptions, continuity, attachment, trunk side) and returns the first that fails. ``legal_moves`` is the list of
generated candidates that ``evaluate`` accepts, so ``explain`` and ``legal_moves`` cannot disagree.

Move kinds: ``place`` (a tile on a free cell), ``replace`` (substitution, §4.6) and ``pass``
(ending the phase; in the mandatory phase only legal when nothing else is, M6).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from model.board import EMPTY_CELL
from model.grid import Coord
from model.rules import Issue, Move, Verdict
from model.rules.catalan.continuity import ContinuityMixin
from model.rules.catalan.network import (
    SIDE_NAMES,
    Network,
    Transfer,
    fail,
    transfer_of,
)
from model.rules.catalan.verdicts import PHASES, QuickVerdicts
from model.scenario import Scenario
from model.track import CellTrack, TrackPath

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


class Analysis(ContinuityMixin, QuickVerdicts):
    """One scenario seen by the Catalan rules: options, track network and cached answers."""

    def __init__(self, rules: Any, scenario: Scenario, net: Network | None = None, like: Analysis | None = None) -> None:
        """``like``: an analysis of a scenario with the same rules (options), tile set object and
        grid, whose options and tile definitions this one takes as they are."""
        self.rules = rules
        self.s = scenario
        if like is not None:
            self.opt = like.opt
        else:
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
        self.tdefs = like.tdefs if like is not None else scenario.tileset().by_id
        self._mandatory: dict[tuple[str, str], list[Move]] = {}
        self._union_open: set[tuple[Coord, int]] | None = None
        self._infos: dict[str, TileInfo | None] = {}
        self._groups: dict[Coord, frozenset] | None = None
        self._subst_keys: dict[str, Any] = {}
        self._facing: dict[tuple, tuple[int, ...]] = {}  # place_legal: (cell, player, phase, tile) -> sides
        self._place_cells: dict[int, tuple[Any, list[str]]] = {}  # id(open ends) -> (them, the cells they face)
        self._replace_cells: dict[str, list[tuple[Coord, str, frozenset]]] = {}  # phase -> tile cells past the static checks
        self._subst_table: dict | None = None

    # --- tiles ---------------------------------------------------------------------------
    def tile_info(self, tile_id: str) -> TileInfo | None:
        try:
            return self._infos[tile_id]
        except KeyError:
            pass
        tdef = self.tdefs.get(tile_id)
        info = None if tdef is None else TileInfo(tdef.id, tuple(tdef.distinct_rotations(4)), frozenset(tdef.tags))
        self._infos[tile_id] = info
        return info

    def share_tile_caches(self, other: Analysis) -> None:
        """Use ``other``'s per-tile caches (tile info, transfers, ports, shapes, trunks); only for
        a scenario with the same tiles and reversal kinds, where they hold the same answers."""
        self._infos = other._infos
        self._tile_transfer = other._tile_transfer
        self._ports = other._ports
        self._shapes = other._shapes
        self._trunks = other._trunks

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
            self._mandatory[key] = self.legal_candidates(actor, "mandatory", tile_id)
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
            return fail("catalan.unknown-player", f"there is no player {actor!r} (players: {known})")
        if tile_id is not None and s.tile(tile_id) is None:
            return fail("catalan.unknown-tile", f"there is no tile {tile_id!r} in this scenario's tile set")
        if s.state.active is not None and s.state.active != actor:
            return fail("catalan.not-your-turn", f"it is {s.state.active}'s turn, not {actor}'s")
        if phase not in PHASES:
            return fail("catalan.unknown-phase", f"phase {phase!r} is neither 'mandatory' nor 'optional'")
        if phase == "mandatory":
            done = self.laid_this_turn("mandatory")
            if done:
                return fail(
                    "catalan.mandatory-done",
                    f"{actor} already played the mandatory tile this turn (at {done[0].cell}); the mandatory phase is over",
                )
            drawn = s.state.drawn
            if drawn is not None and tile_id is not None and tile_id != drawn:
                return fail(
                    "catalan.not-drawn",
                    f"in the mandatory phase {actor} must play the drawn tile {drawn}, not {tile_id}",
                )
            return None
        if self.opt["lost_turn_skips_optional"] and self.turn_lost(actor):
            return fail(
                "catalan.M6-turn-lost",
                f"{actor} could not play the drawn {s.state.drawn} in the mandatory phase, so she lost the whole "
                "turn, optional phase included (M6, A8)",
            )
        limit = self.opt["optional_actions_per_turn"]
        used = len(self.laid_this_turn("optional"))
        if used >= limit:
            return fail(
                "catalan.O4-one-action",
                f"{actor} already made {used} optional action(s) this turn; the limit is {limit} (O4)",
            )
        if tile_id is not None and tile_id not in player.hand:
            return fail(
                "catalan.not-in-hand",
                f"{tile_id} is not in {actor}'s hand ({', '.join(player.hand) or 'empty'}); optional-phase tiles come "
                "from the hand (§4.5)",
            )
        return None

    def evaluate(self, move: Move, gates: bool = True) -> Verdict:
        """Is one move legal? The first failing rule is named (see module docstring)."""
        phase = move.phase or self.s.state.phase or "mandatory"
        if move.kind == "rotate":
            return fail(
                "catalan.S-7",
                "a tile already on the board cannot be turned; substitute an identical tile from your hand in the "
                "optional phase instead (S-7, O3)",
            )
        if move.kind not in MOVE_KINDS:
            return fail("catalan.unknown-move", f"{move.kind!r} is not a move (use place, replace or pass)")
        if gates:
            v = self.gate(move.actor, phase, move.tile)
            if v is not None:
                return v
        if move.kind == "pass":
            return self._pass(move.actor, phase)
        if move.tile is None:
            return fail("catalan.unknown-tile", f"{move.kind} needs a tile and a rotation, e.g. '{move.kind} {move.cell} straight 0'")
        if not 0 <= move.rotation <= 3:
            return fail("catalan.bad-rotation", f"rotation {move.rotation} must be 0-3 (quarter turns clockwise)")
        try:
            coord = self._coords.get(move.cell) or self.grid.coord(move.cell)
        except ValueError:
            return fail("catalan.off-board", f"{move.cell} is not on the board")
        if move.kind == "place":
            return self._place(move, coord, phase)
        return self._replace(move, coord, phase)

    def _pass(self, actor: str, phase: str) -> Verdict:
        if phase == "optional":
            return Verdict(True, None, f"{actor} ends her optional phase")
        drawn = self.s.state.drawn
        if drawn is None:
            return fail("catalan.M6-must-play", "no tile has been drawn, so there is nothing to pass on")
        moves = self.mandatory_moves(actor, drawn)
        if moves:
            return fail(
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
            return fail("catalan.unsupported-terrain", f"{label}: terrain {cell.terrain!r} is not part of the Catalan game")
        if cell.terrain == "lake":
            if "tunnel" in tags:
                return fail("catalan.tunnel-on-lake", f"{label} is a lake: a tunnel cannot go there, only a bridge (M2)")
            if "bridge" not in tags:
                return fail("catalan.lake-needs-bridge", f"{label} is a lake: only a bridge can cross it (M2)")
        if cell.terrain == "mountain":
            if "bridge" in tags:
                return fail("catalan.bridge-on-mountain", f"{label} is a mountain: a bridge cannot go there, only a tunnel (M2)")
            if "tunnel" not in tags:
                return fail("catalan.mountain-needs-tunnel", f"{label} is a mountain: only a tunnel can cross it (M2)")
        return None

    def _place(self, move: Move, coord: Coord, phase: str) -> Verdict:
        label = move.cell
        cell = self.s.board.cells.get(self.label(coord), EMPTY_CELL)
        what = self.tile_name(move.tile, move.rotation)
        if cell.cities:
            return fail("catalan.tile-on-city", f"{label} is a city: no tile can be placed on it (§2)")
        if cell.platform is not None:
            return fail("catalan.tile-on-station", f"{label} is a station platform: no tile can be placed on it (§2)")
        if cell.tile is not None:
            return fail(
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
            return fail(rule, f"{label} is not next to an open end of {whose} track ({'M1' if phase == 'mandatory' else 'O1'})")
        ports = self.ports(move.tile, move.rotation)
        joins = [s for s in facing if s in ports]
        if not joins:
            sides = "/".join(side(s) for s in facing)
            return fail(rule, f"{label}: {what} has no port on its {sides} side, where the open end is; it would not join the track")
        if phase == "mandatory":
            trunk = self.trunk(move.tile, move.rotation)
            if trunk is not None and trunk not in joins:
                return fail(
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
            v = fail("catalan.tile-on-city", f"{label} is a city: no tile can be placed on it (§2)")
        elif cell.platform is not None:
            v = fail("catalan.tile-on-station", f"{label} is a station platform: no tile can be placed on it (§2)")
        elif old is None:
            v = fail("catalan.nothing-to-replace", f"{label} holds no tile; use 'place'")
        elif phase != "mandatory" and not self.reachers(coord):
            v = fail(
                "catalan.O2-not-on-track",
                f"{label}: no player's train reaches this {old.tile}, so it is not part of anyone's track (O2)",
            )
        elif phase != "mandatory" and (
            any(e.cell == label for e in self.laid_this_turn("mandatory"))
            or (old.turn == self.s.state.turn and old.phase == "mandatory")
        ):
            v = fail("catalan.S-1", f"{label}: the tile laid in this turn's mandatory phase cannot be substituted in the same turn (S-1)")
        elif ("bridge" in old_tags and cell.terrain == "lake") or ("tunnel" in old_tags and cell.terrain == "mountain"):
            # (S-3 is checked here, before S-2, with no change of verdict: a dead end is neither)
            kind = "bridge over a lake" if cell.terrain == "lake" else "tunnel through a mountain"
            v = fail("catalan.S-3", f"{label}: a {kind} can never be substituted, not even by a turntable (S-3)")
        got = self._static[key] = (v, old, old_tags)
        return got

    def _replace(self, move: Move, coord: Coord, phase: str) -> Verdict:
        label = move.cell
        static, old, old_tags = self._replace_static(coord, label, phase)
        if phase == "mandatory":
            if static is not None and static.rule != "catalan.S-3":
                return static
            if move.tile != "turntable" and "turntable" not in [n.kind for n in self.tdefs.get(move.tile).nodes]:
                return fail(
                    "catalan.M7-no-substitution",
                    f"{label}: tiles are substituted only in the optional phase; the one exception is a drawn turntable "
                    "when all your tracks are blocked (M7, M5)",
                )
            if not self.blocked(move.actor):
                return fail(
                    "catalan.M5-not-blocked",
                    f"{label}: {move.actor} is not blocked (the turntable can be placed at one of her open ends), so it "
                    "must be placed, not used to replace a tile (M5)",
                )
            if self.opt["m5_own_track_only"] and coord not in self.net.reach(move.actor).cells:
                return fail("catalan.M5-own-track", f"{label}: the tile is not part of {move.actor}'s VIA NOSTRA (M5)")
            if static is not None:
                return static
        else:
            if static is not None:
                return static
            if "dead_end" in old_tags and move.tile != "turntable":
                return fail("catalan.S-2", f"{label}: a dead end can only be replaced by a turntable (S-2)")
        v = self._terrain(coord, move.tile)
        if v is not None:
            return v
        if self.opt["reject_noop_substitution"] and self.same_shape(old.tile, old.rotation, move.tile, move.rotation):
            return fail("catalan.A17-no-op", f"{label}: replacing {old.tile} by the same tile in the same orientation changes nothing (A17)")
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
                return fail(
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
            return fail(
                "catalan.S-8",
                f"{move.cell}: {self.tile_name(move.tile, move.rotation)} has no port on the "
                f"{'/'.join(side(s) for s in sorted(entered))} side through which trains reach this space; it would "
                "simply delete track (S-8)",
            )
        return None

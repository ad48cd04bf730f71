"""Verdicts of ``legal_moves`` without messages, and substitution verdicts shared between the
boards of one search: the part of :class:`~model.rules.catalan.moves.Analysis` that the puzzle
solver's searches lean on (:mod:`model.rules.catalan.search`).

:class:`QuickVerdicts` gives the same legal / illegal answers as ``Analysis.evaluate`` by the
same checks in the same order, without building the messages, and keeps a substitution's verdict
in a table the derived networks of one search share (``Network.shared``), under a key that names
all the verdict reads (:meth:`QuickVerdicts.group_signature`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.board import EMPTY_CELL
from model.grid import Coord
from model.rules import Move

if TYPE_CHECKING:
    from model.rules.catalan.network import Network

PHASES = ("mandatory", "optional")
"""The two phases of a Catalan turn."""
_UNSET = object()
SUBSTITUTIONS_KEPT = 200_000
"""How many (cell, player, tile) entries of substitution verdicts one search keeps
(:meth:`QuickVerdicts.substitution_legal`)."""


class QuickVerdicts:
    """The message-free verdicts of :class:`~model.rules.catalan.moves.Analysis` (a mixin: it
    uses the analysis' board, network, tiles and rules)."""

    if TYPE_CHECKING:
        net: Network
        _facing: dict
        _place_cells: dict
        _replace_cells: dict
        _groups: dict | None
        _subst_keys: dict
        _subst_table: dict | None

    def move_legal(self, move: Move) -> bool:
        """``evaluate(move, gates=False).legal``, by the message-free checks where there are some
        (:meth:`place_legal`, :meth:`substitution_legal` in the optional phase)."""
        if move.kind == "place":
            return self.place_legal(move)
        if move.kind == "replace" and (move.phase or self.s.state.phase or "mandatory") == "optional":
            return self.substitution_legal(move)
        return self.evaluate(move, gates=False).legal

    def legal_candidates(self, actor: str, phase: str, tile_id: str, cells: frozenset[str] | None = None) -> list[Move]:
        """``[m for m in candidates(actor, phase, tile_id) if (cells is None or m.cell in cells)
        and move_legal(m)]``, the same moves in the same order, with a move made only when it is
        legal: the placements by :meth:`place_legal`'s checks, the optional substitutions by
        :meth:`substitution_legal`'s table (evaluated on a miss), the cells of both lists kept
        per analysis."""
        if phase not in PHASES:
            return [m for m in self.candidates(actor, phase, tile_id) if (cells is None or m.cell in cells) and self.move_legal(m)]
        info = self.tile_info(tile_id)
        ends = self.open_ends_for(actor, phase, tile_id)
        got = self._place_cells.get(id(ends))
        if got is None or got[0] is not ends:
            got = self._place_cells[id(ends)] = (ends, [
                self.label(c) for c in sorted({self.grid.neighbour_position(c, x) for c, x in ends}, key=lambda c: (c[1], c[0]))])
        out: list[Move] = []
        mandatory = phase == "mandatory"
        for label in got[1]:
            if cells is not None and label not in cells:
                continue
            facing = self._facing.get((label, actor, phase, tile_id))
            if facing is None:
                facing = self._facing_sides_of(label, actor, phase, tile_id)
            if not facing:
                continue
            for r in info.rotations:
                ports = self.ports(tile_id, r)
                joins = [x for x in facing if x in ports]
                if not joins:
                    continue
                if mandatory:
                    trunk = self.trunk(tile_id, r)
                    if trunk is not None and trunk not in joins:
                        continue
                out.append(Move("place", label, tile_id, r, actor=actor, phase=phase))
        if mandatory:
            if tile_id == "turntable":
                out += [m for m in self.candidates(actor, phase, tile_id)
                        if m.kind == "replace" and (cells is None or m.cell in cells) and self.move_legal(m)]
            return out
        statics = self._replace_cells.get(phase)
        if statics is None:  # the tile cells that pass what ignores the tile (candidates' first filter)
            statics = self._replace_cells[phase] = [
                (c, self.label(c), static[2]) for c in self.tile_cells()
                if (static := self._replace_static(c, self.label(c), phase))[0] is None]
        for c, label, old_tags in statics:
            if cells is not None and label not in cells:
                continue
            if ("dead_end" in old_tags and tile_id != "turntable") or self._terrain(c, tile_id) is not None:
                continue
            for r in self._substitution_rotations(label, actor, tile_id, phase):
                out.append(Move("replace", label, tile_id, r, actor=actor, phase=phase))
        return out

    def _facing_sides_of(self, label: str, actor: str, phase: str, tile_id: str) -> tuple[int, ...]:
        """:meth:`place_legal`'s first checks for a cell, player, phase and tile (kept): () when
        the cell cannot take the tile, else the sides an open end faces it across."""
        coord = self._coords.get(label)
        if coord is None:
            try:
                coord = self.grid.coord(label)
            except ValueError:
                self._facing[(label, actor, phase, tile_id)] = ()
                return ()
        cell = self.s.board.cells.get(self.label(coord), EMPTY_CELL)
        if cell.cities or cell.platform is not None or cell.tile is not None or self._terrain(coord, tile_id) is not None:
            facing: tuple[int, ...] = ()
        else:
            facing = tuple(self.facing_sides(coord, self.open_ends_for(actor, phase, tile_id)))
        self._facing[(label, actor, phase, tile_id)] = facing
        return facing

    def place_legal(self, move: Move) -> bool:
        """``evaluate(move, gates=False).legal`` for a ``place`` move, without the messages: the
        checks of :meth:`_place` in its order, the cell's (no city, platform or tile; the
        terrain) and the open ends it faces kept per cell, player, phase and tile."""
        if move.tile is None or not 0 <= move.rotation <= 3 or move.kind != "place":
            return self.evaluate(move, gates=False).legal
        phase = move.phase or self.s.state.phase or "mandatory"
        if phase not in PHASES:
            return self.evaluate(move, gates=False).legal
        facing = self._facing.get((move.cell, move.actor, phase, move.tile))
        if facing is None:
            facing = self._facing_sides_of(move.cell, move.actor, phase, move.tile)  # () off the board too
        if not facing:
            return False
        ports = self.ports(move.tile, move.rotation)
        joins = [x for x in facing if x in ports]
        if not joins:
            return False
        if phase == "mandatory":
            trunk = self.trunk(move.tile, move.rotation)
            if trunk is not None and trunk not in joins:
                return False
        return True

    def group_signature(self, coord: Coord) -> frozenset | None:
        """What the verdict of an optional substitution on ``coord`` can depend on beyond the cell
        itself: the tiles (label, tile, rotation) of the group of touching cells with track that
        holds ``coord`` (None: the board has printed track, which is not told apart here).

        Catalan rules are local (:mod:`model.rules.catalan.apart`): a player's trains never leave
        the group of her origin, so the players whose trains use ``coord`` (O2, the continuity
        scope), the sides they enter it by (S-8), what they reach and would lose (S-4/S-5, A4 for
        S-9) are all read off that group; the cell's own checks read the cell (its tile, terrain,
        city or platform), the tile laid and, for S-1, whether the cell's tile was laid in this
        turn's mandatory phase. Cities and platforms are fixed features, the same on every board
        of one search, and the group's cells are the group's tiles and those features."""
        if self._groups is None:
            net, grid, board = self.net, self.grid, self.s.board
            occupied: set[Coord] = set()
            for label, cell in board.cells.items():
                if cell.paths:
                    self._groups = {}
                    break
                if grid.is_label(label):
                    c = grid.coord(label)
                    if net.transfer(c) is not None:
                        occupied.add(c)
            else:
                offsets = grid.offsets()
                groups: dict[Coord, frozenset] = {}
                for start in occupied:
                    if start in groups:
                        continue
                    members, stack, seen = [], [start], {start}
                    while stack:
                        c = stack.pop()
                        members.append(c)
                        for dx, dy in offsets:
                            n = (c[0] + dx, c[1] + dy)
                            if n in occupied and n not in seen:
                                seen.add(n)
                                stack.append(n)
                    tiles = []
                    for c in members:
                        t = board.cells[self.label(c)].tile
                        if t is not None:
                            tiles.append((self.label(c), t.tile, t.rotation))
                    sig = frozenset(tiles)
                    for c in members:
                        groups[c] = sig
                self._groups = groups
        return self._groups.get(coord)

    def substitution_legal(self, move: Move) -> bool:
        """``evaluate(move, gates=False).legal`` for an optional-phase ``replace``, shared between
        the boards of one search (``net.shared``, the networks derived from one another, which
        have the same grid, tiles, options, players and fixed features): the key is all that the
        verdict reads (:meth:`group_signature`, the cell's label, terrain and S-1 state, the tile
        and rotation)."""
        return self._substitution_ok(move.cell, move.actor, move.tile, move.rotation, move.phase, move)

    def _substitution_ok(self, label: str, actor: str, tile_id: str, rotation: int, phase: str | None, move: Move | None = None) -> bool:
        """:meth:`substitution_legal` of ``replace label tile_id rotation`` by ``actor``: from the
        table's rotations of the tile (a rotation that is not one of the tile's distinct ones is
        evaluated on its own)."""
        info = self.tile_info(tile_id)
        if info is None or rotation not in info.rotations:
            return self.evaluate(move or Move("replace", label, tile_id, rotation, actor=actor, phase=phase), gates=False).legal
        return rotation in self._substitution_rotations(label, actor, tile_id, phase)

    def _substitution_rotations(self, label: str, actor: str, tile_id: str, phase: str | None) -> tuple[int, ...]:
        """The distinct rotations (in the tile's order) at which ``actor`` may substitute
        ``tile_id`` for the tile on ``label`` in the optional phase: one verdict per rotation,
        kept in the search's table under the cell's key, the player and the tile (each made
        only when the table does not hold them)."""
        prefix = self._subst_keys.get(label, _UNSET)
        if prefix is _UNSET:
            prefix = self._subst_keys[label] = self._substitution_key(label)
        rotations = self.tile_info(tile_id).rotations
        if prefix is None:
            return tuple(r for r in rotations
                         if self.evaluate(Move("replace", label, tile_id, r, actor=actor, phase=phase), gates=False).legal)
        key = (prefix, actor, tile_id)
        table = self._subst_table
        if table is None:
            table = self._subst_table = self.net.shared.get("substitutions")
            if table is None:
                table = self._subst_table = self.net.shared["substitutions"] = {}
        got = table.get(key)
        if got is None:
            got = tuple(r for r in rotations
                        if self.evaluate(Move("replace", label, tile_id, r, actor=actor, phase=phase), gates=False).legal)
            if len(table) >= SUBSTITUTIONS_KEPT:
                table.clear()
            table[key] = got
        return got

    def _substitution_key(self, label: str) -> tuple | None:
        """The part of :meth:`substitution_legal`'s key that names the cell (None: not shared)."""
        coord = self._coords.get(label)
        if coord is None:
            coord = self.grid.coord(label)
        sig = self.group_signature(coord)
        if sig is None:
            return None
        cell = self.s.board.cells.get(label, EMPTY_CELL)
        old = cell.tile
        s1 = old is not None and (
            (old.turn == self.s.state.turn and old.phase == "mandatory")
            or any(e.cell == label for e in self.laid_this_turn("mandatory"))
        )
        return (sig, label, cell.terrain, s1)

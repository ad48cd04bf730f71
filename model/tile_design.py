"""What the tile designer needs without Qt: editing a tile's track step by step, and checking it.

A designed tile is a :class:`~model.tiles.TileDef`; each step returns a new one (tiles are
frozen). :func:`design_problems` is the live validation: a path to nowhere (a junction that
joins fewer than two paths, a path from a side back to itself, a path given twice), a city or
town with no exits, an edge out of range, and what the rule set says of its tiles: a colour it
has no use for (:attr:`~model.rules.RuleSet.tile_colors`), terrains named when its tiles name
none (:attr:`~model.rules.RuleSet.tile_terrains`), a terrain no tile is laid on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.tiles import Node, TileDef, TilePath, TrackKind, node_index

if TYPE_CHECKING:  # the rule set is handed in (the rule sets sit above this module)
    from model.rules import RuleSet

HEX_COLORS = ("yellow", "green", "brown", "gray")
"""Colours an 18xx tile may have (white, red and blue are printed hexes, not tiles)."""

DESIGN_TRACK_KINDS: tuple[TrackKind, ...] = ("broad", "narrow", "dual")
"""Track kinds the designer draws with: broad (standard gauge), narrow (metre gauge), dual (both).
A tile read from code may also carry 18xx.games' drawing-only kinds (thin, future); they are kept."""

TILE_TERRAINS = ("plain", "hill", "mountain", "water", "river", "swamp", "desert", "lake", "forest")
"""Terrains the designer offers for ``TileDef.terrains``: the board's layable terrains
(``model.board.Terrain``: plain, hill, mountain, water) and the terrains an imported hex keeps
in its upgrade costs (18xx.games ``upgrade=...,terrain:river``; a white hex with a lake cost)."""

NO_TILE_TERRAINS = ("gray", "offboard")
"""Board terrains that never take a tile (a gray hex, a red off-board area)."""


def add_node(tile: TileDef, node: Node) -> TileDef:
    """The tile with one more node (it becomes ``n<k>``, k = the old node count)."""
    return tile.model_copy(update={"nodes": [*tile.nodes, node]})


def set_node(tile: TileDef, k: int, node: Node) -> TileDef:
    """The tile with node ``k`` replaced."""
    nodes = list(tile.nodes)
    nodes[k] = node
    return tile.model_copy(update={"nodes": nodes})


def remove_node(tile: TileDef, k: int) -> TileDef:
    """The tile without node ``k`` and its paths (later nodes are renumbered)."""
    def renum(port):
        j = node_index(port)
        return port if j is None else f"n{j - 1 if j > k else j}"

    paths = [p.model_copy(update={"a": renum(p.a), "b": renum(p.b)}) for p in tile.paths
             if node_index(p.a) != k and node_index(p.b) != k]
    nodes = [n for i, n in enumerate(tile.nodes) if i != k]
    return tile.model_copy(update={"nodes": nodes, "paths": paths})


def toggle_path(tile: TileDef, a, b, track: TrackKind = "broad", terminal: bool = False) -> TileDef:
    """The tile with a path of track kind ``track`` between two ports added (``terminal``: a train
    stops at its end, as on an off-board tile); a path already there is removed when it has that
    kind, and given that kind when it has another."""
    if a == b:
        return tile
    same = [p for p in tile.paths if (p.a, p.b) in ((a, b), (b, a))]
    if same and all(p.track == track for p in same):
        return tile.model_copy(update={"paths": [p for p in tile.paths if p not in same]})
    if same:
        return set_path_track(tile, [i for i, p in enumerate(tile.paths) if p in same], track)
    return tile.model_copy(update={"paths": [*tile.paths, TilePath(a=a, b=b, track=track, terminal=terminal)]})


def set_path_track(tile: TileDef, indices: list[int], track: TrackKind) -> TileDef:
    """The tile with the paths at ``indices`` given track kind ``track`` (the rest unchanged)."""
    paths = [p.model_copy(update={"track": track}) if i in indices else p for i, p in enumerate(tile.paths)]
    return tile.model_copy(update={"paths": paths})


def set_terrains(tile: TileDef, terrains) -> TileDef:
    """The tile with the terrains it may be laid on (empty: any), in the designer's order."""
    wanted = list(dict.fromkeys(terrains))
    order = {t: i for i, t in enumerate(TILE_TERRAINS)}
    wanted.sort(key=lambda t: order.get(t, len(order)))
    return tile.model_copy(update={"terrains": wanted})


def terrain_problems(tile: TileDef, rules: RuleSet | None = None) -> list[str]:
    """What is wrong with the terrains a tile may be laid on: a terrain that never takes a tile,
    and any terrain at all when the rule set's tiles name none (:attr:`RuleSet.tile_terrains`)."""
    if not tile.terrains:
        return []
    if rules is not None and not rules.tile_terrains:
        return [f"terrains: {rules.name} does not restrict tiles by terrain"]
    return [f"terrain {t}: no tile is laid on a {t} hex" for t in tile.terrains if t in NO_TILE_TERRAINS]


def design_problems(tile: TileDef, sides: int = 6, rules: RuleSet | None = None) -> list[str]:
    """Everything that is wrong with a tile as designed (empty when it is fine), on a grid of
    ``sides`` sides, by the rule set's idea of a tile (:attr:`RuleSet.tile_colors`,
    :attr:`RuleSet.tile_terrains`); None: an unknown rule set, the shared checks only."""
    out: list[str] = []
    colors = rules.tile_colors if rules is not None else None
    if colors and tile.color not in colors:
        out.append(f"colour {tile.color}: a tile of this game is {_either(colors)}")
    if not tile.paths:
        out.append("the tile has no track")
    seen: set[tuple] = set()
    touching: dict[int, int] = {i: 0 for i in range(len(tile.nodes))}
    exits: dict[int, set[int]] = {i: set() for i in range(len(tile.nodes))}
    for i, p in enumerate(tile.paths):
        key = tuple(sorted((str(p.a), str(p.b))))
        if key in seen:
            out.append(f"path {i + 1} ({p.a}-{p.b}) is given twice")
        seen.add(key)
        if p.a == p.b:
            out.append(f"path {i + 1} leads from {p.a} back to itself: a path to nowhere")
        for port, other in ((p.a, p.b), (p.b, p.a)):
            if isinstance(port, int) and port >= sides:
                out.append(f"path {i + 1}: edge {port} is out of range 0-{sides - 1}")
            k = node_index(port)
            if k is not None and k < len(tile.nodes):
                touching[k] += 1
                if isinstance(other, int):
                    exits[k].add(other)
    for k, n in enumerate(tile.nodes):
        name = f"{n.kind} {k + 1}"
        if n.kind == "junction" and touching[k] < 2:
            out.append(f"{name} joins {touching[k]} path(s): a path to nowhere")
        elif n.kind in ("city", "town") and not exits[k]:
            out.append(f"{name} has no exits: a {n.kind} needs at least one")
        elif touching[k] == 0:
            out.append(f"{name} is not on any path")
    return out + terrain_problems(tile, rules)


def _either(names: tuple[str, ...]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"

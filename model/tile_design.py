"""What the tile designer needs without Qt: editing a tile's track step by step, and checking it.

A designed tile is a :class:`~model.tiles.TileDef`; each step returns a new one (tiles are
frozen). :func:`design_problems` is the live validation: a path to nowhere (a junction that
joins fewer than two paths, a path from a side back to itself, a path given twice), a stop
with no exits (an 18xx city or town must have one), an edge out of range, a colour the rule set
has no use for.
"""

from __future__ import annotations

from model.tiles import Node, TileDef, TilePath, node_index

HEX_COLORS = ("yellow", "green", "brown", "gray")
"""Colours an 18xx tile may have (white, red and blue are printed hexes, not tiles)."""


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

    paths = [TilePath(a=renum(p.a), b=renum(p.b), terminal=p.terminal) for p in tile.paths
             if node_index(p.a) != k and node_index(p.b) != k]
    nodes = [n for i, n in enumerate(tile.nodes) if i != k]
    return tile.model_copy(update={"nodes": nodes, "paths": paths})


def toggle_path(tile: TileDef, a, b, terminal: bool = False) -> TileDef:
    """The tile with a path between two ports added (``terminal``: a train stops at its end, as
    on an off-board tile), or removed when it is there already."""
    if a == b:
        return tile
    same = [p for p in tile.paths if (p.a, p.b) in ((a, b), (b, a))]
    if same:
        return tile.model_copy(update={"paths": [p for p in tile.paths if p not in same]})
    return tile.model_copy(update={"paths": [*tile.paths, TilePath(a=a, b=b, terminal=terminal)]})


def design_problems(tile: TileDef, sides: int = 6, rules: str = "18xx") -> list[str]:
    """Everything that is wrong with a tile as designed (empty when it is fine)."""
    out: list[str] = []
    hex_rules = sides == 6 and rules != "catalan"
    if hex_rules and tile.color not in HEX_COLORS:
        out.append(f"colour {tile.color}: an 18xx tile is yellow, green, brown or gray")
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
        elif n.kind in ("city", "town") and hex_rules and not exits[k]:
            out.append(f"{name} has no exits: an 18xx {n.kind} needs at least one")
        elif touching[k] == 0:
            out.append(f"{name} is not on any path")
    return out

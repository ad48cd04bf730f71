"""The 18xx.games (tobymao/18xx) tile language and the Ruby literal subset of its map files.

Two small languages live here, both Qt-free:

* **Tile language** (``TILES.md`` upstream): a tile is a ``;``-separated list of parts
  ``type=key:value,key:value``; a list inside a value is ``|``-separated; some parts take a bare
  value (``label=OO``) or none (``junction``). :func:`parse_parts` / :func:`format_parts` read and
  write it; :func:`tile_from_code` / :func:`tile_code` convert between a code string and our
  :class:`~model.tiles.TileDef`; :func:`canonical_parts` gives an order-free description used to
  compare two strings by meaning.
* **Ruby**: map files are read with tree-sitter by :mod:`model.io.ruby_eval` (re-exported
  here: :func:`parse_ruby_constants`, :class:`RValue`, :class:`HashValue`, :class:`Symbol`).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from model.io.ruby_eval import HashValue, RubySyntaxError, RValue, Symbol, Unevaluable, parse_ruby_constants
from model.tiles import Node, TileDef, TilePath

# ------------------------------------------------------------------------------------------------
# The tile language
# ------------------------------------------------------------------------------------------------

NODE_PARTS = ("city", "town", "offboard", "junction", "halt", "pass")
"""Parts that define a node; ``_k`` in a path refers to the k-th of these, in order of appearance."""


class DslError(ValueError):
    """A tile-language string that cannot be read or has no Trackwright equivalent."""


@dataclass
class Part:
    """One ``type=params`` part of a tile-language string."""

    type: str
    params: dict[str, str] = field(default_factory=dict)
    bare: str | None = None

    def text(self) -> str:
        if self.bare is not None:
            return f"{self.type}={self.bare}"
        if not self.params:
            return self.type
        return self.type + "=" + ",".join(f"{k}:{v}" for k, v in self.params.items())


def parse_parts(code: str) -> list[Part]:
    """Split a tile-language string into parts (empty parts, e.g. a trailing ``;``, are skipped)."""
    out: list[Part] = []
    for raw in code.split(";"):
        raw = raw.strip()
        if not raw:
            continue
        kind, eq, rest = raw.partition("=")
        kind = kind.strip()
        if not re.fullmatch(r"[a-z_]+", kind):
            raise DslError(f"{raw!r} is not a tile-language part (expected type=key:value,...)")
        if not eq:
            out.append(Part(kind))
            continue
        if ":" not in rest:
            out.append(Part(kind, bare=rest))
            continue
        params: dict[str, str] = {}
        for item in rest.split(","):
            key, colon, value = item.partition(":")
            if not colon or not key.strip():
                raise DslError(f"{raw!r}: {item!r} is not key:value")
            if key.strip() in params:
                raise DslError(f"{raw!r}: key {key.strip()!r} given twice")
            if re.fullmatch(r"-?\d{10,}", value.strip()):
                raise DslError(f"{key.strip()}: a number of {len(value.strip())} digits is not a map value")
            params[key.strip()] = value.strip()
        out.append(Part(kind, params))
    return out


def format_parts(parts: list[Part]) -> str:
    """The inverse of :func:`parse_parts`."""
    return ";".join(p.text() for p in parts)


def parse_revenue(text: str) -> int | str:
    """``'30'`` -> 30; phase values such as ``'yellow_30|brown_50'`` stay text."""
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    if re.fullmatch(r"[a-z]+_-?\d+(\|[a-z]+_-?\d+)*", text):
        return text
    raise DslError(f"revenue {text!r} is neither a number nor phase values like yellow_30|brown_50")


def _node_ref(port: int | str, node_index: dict[int, int] | None = None) -> str:
    if isinstance(port, int):
        return str(port)
    k = int(port[1:])
    return f"_{node_index[k] if node_index else k}"


def node_parts(nodes: list[Node]) -> list[Part]:
    """The node parts of a tile's nodes (cities, towns, junctions) in their order."""
    out = []
    for n in nodes:
        if n.kind == "junction":
            out.append(Part("junction"))
            continue
        if n.kind not in ("city", "town"):
            raise DslError(f"a {n.kind} node has no 18xx.games equivalent")
        params = {"revenue": str(n.revenue)}
        if n.kind == "city" and n.slots != 1:
            params["slots"] = str(n.slots)
        if n.groups:
            params["groups"] = "|".join(n.groups)
        if n.kind == "town" and n.style:
            params["style"] = n.style
        out.append(Part(n.kind, params))
    return out


def path_part(a: int | str, b: int | str, terminal: bool) -> Part:
    params = {"a": _node_ref(a), "b": _node_ref(b)}
    if terminal:
        params["terminal"] = "1"
    return Part("path", params)


def tile_code(tile: TileDef) -> str:
    """The 18xx.games code of a tile (nodes, paths, then the label)."""
    parts = node_parts(list(tile.nodes))
    parts += [path_part(p.a, p.b, p.terminal) for p in tile.paths]
    if tile.label:
        parts.append(Part("label", bare=tile.label))
    return format_parts(parts)


def _port(text: str, n_nodes: int, where: str) -> int | str:
    if re.fullmatch(r"[0-5]", text):
        return int(text)
    if re.fullmatch(r"_\d+", text):
        k = int(text[1:])
        if k >= n_nodes:
            raise DslError(f"{where}: {text} refers to node {k} but the string defines only {n_nodes} node(s)")
        return f"n{k}"
    raise DslError(f"{where}: {text!r} is neither an edge 0-5 nor a node _k")


@dataclass
class ParsedTrack:
    """Nodes and paths read from a string, with the parts that are not track."""

    nodes: list[Node]
    paths: list[TilePath]
    other: list[Part]
    warnings: list[str]
    offboards: int = 0  # how many nodes came from offboard= parts


ALLOWED_NODE_KEYS = {"city": {"revenue", "slots", "groups"}, "town": {"revenue", "style"}, "offboard": {"revenue", "groups"}}
PRESENTATION_KEYS = {"loc", "hide", "visit_cost"}
"""Drawing-only keys we drop with a warning (never silently)."""


def parse_track(code: str) -> ParsedTrack:
    """Nodes (renumbered: cities/off-boards, then towns, then the junction) and paths of a string.

    Off-board parts become cities with no station slot (``slots=0``), which is how Trackwright
    stores a red off-board revenue location. Paths are rewritten to the new node numbers.
    """
    parts = parse_parts(code)
    raw_nodes: list[tuple[str, Node]] = []
    raw_paths: list[tuple[str, str, bool, str]] = []
    other: list[Part] = []
    warnings: list[str] = []
    for p in parts:
        where = p.text()
        if p.type in ("city", "town", "offboard"):
            if p.bare is not None:
                raise DslError(f"{where}: expected key:value parameters")
            for key in p.params:
                if key in PRESENTATION_KEYS:
                    warnings.append(f"{where}: drawing detail {key}:{p.params[key]} is not kept")
                elif key not in ALLOWED_NODE_KEYS[p.type]:
                    raise DslError(f"{where}: parameter {key!r} is not supported")
            rev = parse_revenue(p.params.get("revenue", "0"))
            groups = [g for g in p.params.get("groups", "").split("|") if g]
            if p.type == "town":
                raw_nodes.append(("town", Node(kind="town", revenue=rev, style=p.params.get("style"))))
            else:
                slots = 0 if p.type == "offboard" else int(p.params.get("slots", "1"))
                raw_nodes.append(("city", Node(kind="city", slots=slots, revenue=rev, groups=groups)))
        elif p.type == "junction":
            if p.params or p.bare:
                raise DslError(f"{where}: a junction takes no parameters")
            raw_nodes.append(("junction", Node(kind="junction")))
        elif p.type in ("halt", "pass"):
            raise DslError(f"{where}: {p.type} nodes are not supported")
        elif p.type == "path":
            unknown = set(p.params) - {"a", "b", "terminal", "track"}
            if unknown or "a" not in p.params or "b" not in p.params:
                raise DslError(f"{where}: only a, b and terminal are supported on paths")
            if p.params.get("track", "broad") != "broad":
                raise DslError(f"{where}: {p.params['track']} gauge track is not supported")
            term = p.params.get("terminal")
            if term not in (None, "1", "2"):
                raise DslError(f"{where}: terminal must be 1 or 2")
            if term == "2":
                warnings.append(f"{where}: terminal:2 (drawing style) is kept as terminal:1")
            raw_paths.append((p.params["a"], p.params["b"], term is not None, where))
        else:
            other.append(p)
    n = len(raw_nodes)
    # our numbering: cities first, then towns, then junctions
    order = sorted(range(n), key=lambda i: ({"city": 0, "town": 1, "junction": 2}[raw_nodes[i][0]], i))
    new_index = {old: new for new, old in enumerate(order)}
    nodes = [raw_nodes[i][1] for i in order]

    def remap(port: int | str) -> int | str:
        return port if isinstance(port, int) else f"n{new_index[int(port[1:])]}"

    paths = [TilePath(a=remap(_port(a, n, w)), b=remap(_port(b, n, w)), terminal=t) for a, b, t, w in raw_paths]
    offboards = sum(1 for p in parts if p.type == "offboard")
    return ParsedTrack(nodes, paths, other, warnings, offboards)


def tile_from_code(tile_id: str, code: str, color: str, count: int | None) -> TileDef:
    """A manifest tile from its code (only nodes, paths and one label are allowed on tiles)."""
    track = parse_track(code)
    label = None
    for p in track.other:
        if p.type == "label" and p.bare is not None and label is None:
            label = p.bare
        else:
            raise DslError(f"tile {tile_id}: part {p.text()!r} is not supported on a manifest tile")
    if color not in ("yellow", "green", "brown", "gray", "white", "red", "blue"):
        raise DslError(f"tile {tile_id}: colour {color!r} is not a tile colour")
    return TileDef(id=tile_id, color=color, label=label, nodes=track.nodes, paths=track.paths, count=count)


def canonical_parts(code: str) -> Counter:
    """An order-free description of a string: a multiset of parts, node references resolved.

    Two strings with the same canonical parts mean the same thing: the order of parts, of keys,
    default values (``slots:1``, ``terminal:1`` vs ``terminal:2`` aside) and the numbering of nodes
    do not matter. A path's node end is described by the node's own part and its rank among equal
    nodes, so ``_0`` and ``_1`` of two identical cities stay distinct.
    """
    parts = parse_parts(code)
    node_desc: list[str] = []
    seen: Counter = Counter()
    for p in parts:
        if p.type in NODE_PARTS:
            params = dict(p.params)
            if p.type == "city" and params.get("slots") == "1":
                params.pop("slots")
            d = p.type + "(" + ",".join(f"{k}:{v}" for k, v in sorted(params.items())) + ")"
            node_desc.append(f"{d}#{seen[d]}")
            seen[d] += 1
    out: Counter = Counter()
    for p in parts:
        params = dict(p.params)
        if p.type == "path":
            ends = []
            for key in ("a", "b"):
                v = params.pop(key, "")
                ends.append(node_desc[int(v[1:])] if v.startswith("_") and v[1:].isdigit() and int(v[1:]) < len(node_desc) else v)
            params["ends"] = "~".join(sorted(ends))
        if p.type == "city" and params.get("slots") == "1":
            params.pop("slots")
        body = p.bare if p.bare is not None else ",".join(f"{k}:{v}" for k, v in sorted(params.items()))
        out[f"{p.type}={body}"] += 1
    return out


# ------------------------------------------------------------------------------------------------
# Ruby: map files are read by the tree-sitter evaluator in model.io.ruby_eval
# ------------------------------------------------------------------------------------------------


__all__ = [
    "DslError", "HashValue", "Part", "ParsedTrack", "RValue", "RubySyntaxError", "Symbol", "Unevaluable",
    "canonical_parts", "format_parts", "parse_parts", "parse_revenue", "parse_ruby_constants", "parse_track",
    "tile_code", "tile_from_code",
]

"""The 18xx.games tile language (``TILES.md`` upstream) as parts, before any tile is made of them.

A tile is a ``;``-separated list of parts ``type=key:value,key:value``; a list inside a value is
``|``-separated; some parts take a bare value (``label=OO``) or none (``junction``).
:func:`parse_parts` / :func:`format_parts` read and write it; :func:`canonical_parts` gives an
order-free description used to compare two strings by meaning; :class:`DslError` is what a
string that cannot be read raises, here and in :mod:`model.io.tile_code`, which makes tiles of
the parts and parts of tiles.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

NODE_PARTS = ("city", "town", "offboard", "junction", "halt", "pass")
"""Parts that define a node; ``_k`` in a path refers to the k-th of these, in order of appearance."""


class DslError(ValueError):
    """A tile-language string that cannot be read or has no Trackwright equivalent."""


_EXTRA_KEY = re.compile(r"[^,;:=|\s]{1,40}")
_EXTRA_VALUE = re.compile(r"[^,;:=\x00-\x1f]{0,200}")


def unknown_keys(params: dict[str, str], known: set[str], where: str = "") -> tuple[tuple[str, str], ...]:
    """The keys of ``params`` a reader does not know, as written (kept, not refused); one the
    model cannot hold (a key of 50 characters, a control character) is refused by name."""
    out = tuple((k, v) for k, v in params.items() if k not in known)
    for k, v in out:
        if not _EXTRA_KEY.fullmatch(k) or not _EXTRA_VALUE.fullmatch(v):
            raise DslError(f"{where + ': ' if where else ''}key {short(k, 20)!r} (value {short(v, 20)!r}) is not one Trackwright can keep: "
                           "a key of at most 40 characters, a value of at most 200, no control characters")
    return out


def extra_note(kind: str, extra) -> str:
    """The one warning for a part read with keys the reader does not know."""
    keys = ", ".join(k for k, _ in extra)
    return f"{kind}= key(s) {short(keys, 60)}, which Trackwright does not know, kept as written (exported unchanged; the {kind} is drawn)"


@dataclass
class Part:
    """One ``type=params`` part of a tile-language string (``notes``: what reading it dropped)."""

    type: str
    params: dict[str, str] = field(default_factory=dict)
    bare: str | None = None
    notes: list[str] = field(default_factory=list, compare=False)

    def text(self) -> str:
        if self.bare is not None:
            return f"{self.type}={self.bare}"
        if not self.params:
            return self.type
        return self.type + "=" + ",".join(f"{k}:{v}" for k, v in self.params.items())


def short(text: str, n: int = 80) -> str:
    """``text`` cut to about ``n`` characters for a message."""
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[: n - 1] + "…"


def parse_parts(code: str) -> list[Part]:
    """Split a tile-language string into parts (empty parts, e.g. a trailing ``;``, are skipped).

    Read as the 18xx.games engine reads it: text after a second ``=`` in a part is ignored, and
    a key given twice keeps its last value; both are recorded in :attr:`Part.notes`.
    """
    out: list[Part] = []
    for raw in code.split(";"):
        raw = raw.strip()
        if not raw:
            continue
        kind, eq, rest = raw.partition("=")
        kind = kind.strip()
        notes: list[str] = []
        if not re.fullmatch(r"[a-z_]+", kind):
            raise DslError(f"{short(raw)!r} is not a tile-language part (expected type=key:value,...)")
        if "=" in rest:
            rest, _, lost = rest.partition("=")
            notes.append(f"text after a second '=' is ignored (a missing ';'?): {short(lost, 40)!r}")
        if not eq:
            out.append(Part(kind, notes=notes))
            continue
        if ":" not in rest:
            out.append(Part(kind, bare=rest, notes=notes))
            continue
        params: dict[str, str] = {}
        items = rest.split(",")
        while items and not items[-1].strip():  # Ruby's split drops trailing empty fields ('a:0,b:1,')
            items.pop()
        for item in items:
            key, colon, value = item.partition(":")
            key, value = key.strip(), value.strip()
            if not colon or not key:
                raise DslError(f"{short(raw)!r}: {short(item, 40)!r} is not key:value")
            if ":" in value:
                raise DslError(f"{short(raw)!r}: {short(item, 40)!r} has more than one ':'")
            if key in params:
                notes.append(f"key {key!r} given twice; the last value {short(value, 30)!r} is used")
            if re.fullmatch(r"-?\d{10,}", value):
                raise DslError(f"{key}: a number of {len(value)} digits is not a map value")
            params[key] = value
        out.append(Part(kind, params, notes=notes))
    return out


def format_parts(parts: list[Part]) -> str:
    """The inverse of :func:`parse_parts`."""
    return ";".join(p.text() for p in parts)


def parse_revenue(text: str) -> int | str:
    """``'30'`` -> 30; phase values such as ``'yellow_30|brown_50'`` stay text."""
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    if re.fullmatch(r"[#\w]+?_-?\d+(\|[#\w]+?_-?\d+)*", text):
        return text
    raise DslError(f"revenue {short(text, 40)!r} is neither a number nor phase values like yellow_30|brown_50")


def canonical_parts(code: str, drawing: bool = True) -> Counter:
    """An order-free description of a string: a multiset of parts, node references resolved.

    Two strings with the same canonical parts mean the same thing: the order of parts, of keys,
    default values (``slots:1``, ``terminal:1`` vs ``terminal:2`` aside) and the numbering of nodes
    do not matter. A path's node end is described by the node's own part and its rank among equal
    nodes, so ``_0`` and ``_1`` of two identical cities stay distinct. ``drawing=False`` also
    ignores where nodes and paths are drawn (``loc``).
    """
    parts = parse_parts(code)
    if not drawing:
        for p in parts:
            if p.type in NODE_PARTS or p.type == "path":
                p.params.pop("loc", None)
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


__all__ = [
    "NODE_PARTS", "DslError", "Part",
    "canonical_parts", "extra_note", "format_parts", "parse_parts", "parse_revenue", "short", "unknown_keys",
]

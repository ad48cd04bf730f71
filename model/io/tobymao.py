"""The 18xx.games (tobymao/18xx) tile language and the Ruby literal subset of its map files.

Two small languages live here, both Qt-free:

* **Tile language** (``TILES.md`` upstream): a tile is a ``;``-separated list of parts
  ``type=key:value,key:value``; a list inside a value is ``|``-separated; some parts take a bare
  value (``label=OO``) or none (``junction``). :func:`parse_parts` / :func:`format_parts` read and
  write it; :func:`tile_from_code` / :func:`tile_code` convert between a code string and our
  :class:`~model.tiles.TileDef`; :func:`canonical_parts` gives an order-free description used to
  compare two strings by meaning.
* **Ruby literals** (the subset map.rb files use): constants assigned to strings, integers,
  symbols, ``true``/``false``/``nil``, arrays (``[...]``, ``%w[...]``, ``%i[...]``) and hashes
  (``=>`` and ``key:`` forms), ``.freeze``, comments, ``module``/``end`` wrappers and adjacent
  string literals. :func:`parse_ruby_constants` returns every constant with the line it is on;
  anything else raises :class:`RubySyntaxError` naming the line.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

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
# The Ruby literal subset
# ------------------------------------------------------------------------------------------------


class RubySyntaxError(ValueError):
    """Ruby source outside the supported literal subset; ``line`` is 1-based."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        self.message = message
        super().__init__(f"line {line}: {message}")


class Symbol(str):
    """A Ruby symbol (``:flat``)."""


@dataclass
class RValue:
    """A parsed literal with the line it starts on (a hash's value is a :class:`HashValue`)."""

    value: Any
    line: int

    def plain(self) -> Any:
        """The value as plain Python data (hash keys must then be hashable)."""
        v = self.value
        if isinstance(v, list):
            return [x.plain() for x in v]
        if isinstance(v, HashValue):
            return {k.plain_key(): val.plain() for k, val in v.items}
        return v

    def plain_key(self) -> Any:
        v = self.plain()
        return tuple(v) if isinstance(v, list) else v


@dataclass
class HashValue:
    items: list[tuple[RValue, RValue]]


_TOKEN_RE = re.compile(
    r"""
    (?P<ws>[ \t\r]+|\\\n)
  | (?P<nl>\n)
  | (?P<comment>\#[^\n]*)
  | (?P<pct>%[wi]\[[^\]]*\]|%[wi]\([^)]*\)|%[wi]\{[^}]*\})
  | (?P<sq>'(?:[^'\\]|\\.)*')
  | (?P<dq>"(?:[^"\\]|\\.)*")
  | (?P<key>[A-Za-z_][A-Za-z0-9_]*[?!]?:(?!:))
  | (?P<sym>:[A-Za-z_][A-Za-z0-9_]*[?!]?)
  | (?P<num>-?\d[\d_]*(?:\.\d+)?)
  | (?P<word>[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*)
  | (?P<op>=>|==|\.|[\[\]{}(),=])
    """,
    re.VERBOSE,
)


@dataclass
class _Tok:
    kind: str
    text: str
    line: int


def _tokenize(src: str) -> list[_Tok]:
    toks: list[_Tok] = []
    pos, line = 0, 1
    while pos < len(src):
        m = _TOKEN_RE.match(src, pos)
        if not m:
            snippet = src[pos:pos + 20].split("\n")[0]
            if src.startswith("<<", pos):
                raise RubySyntaxError(line, "heredoc strings are not supported")
            raise RubySyntaxError(line, f"unsupported Ruby syntax near {snippet!r}")
        kind, text = m.lastgroup, m.group()
        if kind == "nl":
            toks.append(_Tok("nl", text, line))
        elif kind not in ("ws", "comment"):
            toks.append(_Tok(kind, text, line))
        line += text.count("\n")
        pos = m.end()
    toks.append(_Tok("eof", "", line))
    return toks


_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'", "0": "\0", "s": " ", "e": "\x1b"}


def _unquote(tok: _Tok) -> str:
    body = tok.text[1:-1]
    if tok.kind == "sq":
        return re.sub(r"\\([\\'])", r"\1", body)
    if "#{" in body:
        raise RubySyntaxError(tok.line, "string interpolation #{...} is not supported")

    def esc(m: re.Match) -> str:
        ch = m.group(1)
        if ch not in _ESCAPES:
            raise RubySyntaxError(tok.line, f"string escape \\{ch} is not supported")
        return _ESCAPES[ch]

    return re.sub(r"\\(.)", esc, body)


class _Parser:
    def __init__(self, src: str) -> None:
        self.toks = _tokenize(src)
        self.i = 0

    def peek(self, skip_nl: bool = True) -> _Tok:
        j = self.i
        while skip_nl and self.toks[j].kind == "nl":
            j += 1
        return self.toks[j]

    def next(self, skip_nl: bool = True) -> _Tok:
        if skip_nl:
            while self.toks[self.i].kind == "nl":
                self.i += 1
        t = self.toks[self.i]
        if t.kind != "eof":
            self.i += 1
        return t

    def expect(self, text: str) -> _Tok:
        t = self.next()
        if t.text != text:
            raise RubySyntaxError(t.line, f"expected {text!r}, found {t.text or 'end of file'!r}")
        return t

    # statements ------------------------------------------------------------------------------
    def program(self) -> dict[str, RValue]:
        consts: dict[str, RValue] = {}
        opened: list[_Tok] = []
        while True:
            t = self.next()
            if t.kind == "eof":
                if opened:
                    raise RubySyntaxError(opened[-1].line, f"'module {opened[-1].text}' is not closed with 'end'")
                return consts
            if t.kind == "word" and t.text == "module":
                name = self.next(skip_nl=False)
                if name.kind != "word":
                    raise RubySyntaxError(name.line, "expected a module name")
                consts.setdefault("__modules__", RValue([], name.line)).value.append(RValue(name.text, name.line))
                opened.append(name)
                continue
            if t.kind == "word" and t.text == "end":
                if not opened:
                    raise RubySyntaxError(t.line, "'end' without a 'module'")
                opened.pop()
                continue
            if t.kind == "word" and re.fullmatch(r"[A-Z][A-Z0-9_]*", t.text):
                eq = self.next(skip_nl=False)
                if eq.text != "=":
                    raise RubySyntaxError(eq.line, f"expected '=' after the constant {t.text}")
                if t.text in consts:
                    raise RubySyntaxError(t.line, f"constant {t.text} is assigned twice")
                consts[t.text] = self.expression()
                end = self.peek(skip_nl=False)
                if end.kind not in ("nl", "eof"):
                    raise RubySyntaxError(end.line, f"unexpected {end.text!r} after the value of {t.text}")
                continue
            what = {"def": "method definitions", "class": "class definitions", "require": "require",
                    "include": "include", "extend": "extend"}.get(t.text, f"the statement starting with {t.text!r}")
            raise RubySyntaxError(t.line, f"{what} are not supported (only constants holding literals)"
                                  if what.endswith("s") else f"{what} is not supported (only constants holding literals)")

    # expressions -----------------------------------------------------------------------------
    def expression(self) -> RValue:
        v = self.primary()
        while self.peek(skip_nl=False).text == "." or (self.peek().text == "." and self.toks[self.i].kind == "nl"):
            self.next()
            meth = self.next(skip_nl=False)
            if meth.text != "freeze":
                raise RubySyntaxError(meth.line, f"method call .{meth.text} is not supported (only .freeze)")
        return v

    def primary(self) -> RValue:
        t = self.next()
        if t.kind in ("sq", "dq"):
            text = _unquote(t)
            # adjacent literals ('a' 'b', or 'a' \ newline 'b') are one string in Ruby
            while self.peek(skip_nl=False).kind in ("sq", "dq"):
                text += _unquote(self.next(skip_nl=False))
            return RValue(text, t.line)
        if t.kind == "num":
            if "." in t.text:
                return RValue(float(t.text.replace("_", "")), t.line)
            return RValue(int(t.text.replace("_", "")), t.line)
        if t.kind == "sym":
            return RValue(Symbol(t.text[1:]), t.line)
        if t.kind == "pct":
            words = t.text[3:-1].split()
            make = Symbol if t.text[1] == "i" else str
            return RValue([RValue(make(w), t.line) for w in words], t.line)
        if t.kind == "word" and t.text in ("true", "false", "nil"):
            return RValue({"true": True, "false": False, "nil": None}[t.text], t.line)
        if t.text == "[":
            items = []
            while self.peek().text != "]":
                items.append(self.expression())
                if self.peek().text == ",":
                    self.next()
                elif self.peek().text != "]":
                    bad = self.peek()
                    raise RubySyntaxError(bad.line, f"expected ',' or ']' in an array, found {bad.text!r}")
            self.expect("]")
            return RValue(items, t.line)
        if t.text == "{":
            pairs: list[tuple[RValue, RValue]] = []
            while self.peek().text != "}":
                k = self.peek()
                if k.kind == "key":
                    self.next()
                    key = RValue(Symbol(k.text[:-1]), k.line)
                else:
                    key = self.expression()
                    arrow = self.next()
                    if arrow.text != "=>":
                        raise RubySyntaxError(arrow.line, f"expected '=>' in a hash, found {arrow.text!r}")
                pairs.append((key, self.expression()))
                if self.peek().text == ",":
                    self.next()
                elif self.peek().text != "}":
                    bad = self.peek()
                    raise RubySyntaxError(bad.line, f"expected ',' or '}}' in a hash, found {bad.text!r}")
            self.expect("}")
            return RValue(HashValue(pairs), t.line)
        if t.kind == "word":
            raise RubySyntaxError(t.line, f"{t.text!r} is not a literal (references and method calls are not supported)")
        raise RubySyntaxError(t.line, f"unexpected {t.text or 'end of file'!r}")


def parse_ruby_constants(src: str) -> dict[str, RValue]:
    """Every ``CONSTANT = literal`` of a Ruby source, by name, each with its line.

    ``module X`` / ``end`` wrappers are allowed; their names are listed, outermost first, under the
    key ``"__modules__"``. Raises :class:`RubySyntaxError` (with the line) for anything else.
    """
    return _Parser(src).program()

"""Read the constants of a Ruby source with tree-sitter, and evaluate the literal part of them.

Nothing is executed. A source is parsed by ``tree-sitter-ruby`` into a syntax tree; every
``NAME = expression`` found at module or class level is recorded with its lexical scope
(``Engine::Game::G1846::Map``) and evaluated only when asked for, so constants may refer to
constants defined later, in a sibling file (``require_relative 'tiles'``) or in another title's
module (``G1846::Map::TILES``).

What evaluates: strings (with escapes, adjacent literals and ``#{}`` interpolation of known
constants), integers, floats, symbols, ``true``/``false``/``nil``, arrays (with ``*splat``),
``%w[]``/``%i[]``, hashes (``=>`` and ``key:`` forms, ``**splat``), constant references,
``+``/``-``/``*`` on numbers, strings, arrays and hashes (``+`` only), and the calls
``.freeze``, ``.deep_freeze``, ``.dup``, ``.clone``, ``.merge(...)``, ``.to_a``, ``.to_s``,
``.to_sym``. Anything else (a method call, a block, a variable) makes that constant
*unevaluable*: :class:`Unevaluable` names its line, and the caller decides whether it matters.

Method definitions and other statements next to the constants are skipped; for the main file
each one is reported in :attr:`RubyProgram.warnings` with its line.

Limits (hostile input): a source larger than :data:`MAX_SOURCE_BYTES`, nesting deeper than
:data:`MAX_DEPTH`, integers longer than :data:`MAX_INT_DIGITS` digits and strings longer than
:data:`MAX_STRING` characters raise :class:`RubySyntaxError` with the line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAX_SOURCE_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 64
MAX_INT_DIGITS = 30
MAX_STRING = 1_000_000
MAX_FILES = 16


class RubySyntaxError(ValueError):
    """Ruby source that cannot be read at all (a syntax error, a limit); ``line`` is 1-based."""

    def __init__(self, line: int, message: str, file: str | None = None) -> None:
        self.line = line
        self.message = message
        self.file = file
        super().__init__(f"line {line}: {message}")


class Unevaluable(ValueError):
    """A constant whose value is not a literal (a method call, a variable …); ``line`` is 1-based."""

    def __init__(self, line: int, message: str, file: str | None = None) -> None:
        self.line = line
        self.message = message
        self.file = file
        super().__init__(f"line {line}: {message}")


class Symbol(str):
    """A Ruby symbol (``:flat``)."""


@dataclass
class RValue:
    """An evaluated value with the line it starts on (a hash's value is a :class:`HashValue`)."""

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
    """A Ruby hash: its (key, value) pairs in order (a later key replaces an earlier equal one)."""

    items: list[tuple[RValue, RValue]]

    def merged(self, other: HashValue) -> HashValue:
        out = {k.plain_key(): (k, v) for k, v in self.items}
        for k, v in other.items:
            out[k.plain_key()] = (k, v)
        return HashValue(list(out.values()))


@dataclass
class _Const:
    name: str
    scope: tuple[str, ...]
    node: Any
    source: _Source


@dataclass
class _Source:
    path: Path | None
    label: str
    main: bool
    requires: list[tuple[str, int]]


_PARSER = None


def _parser():
    global _PARSER
    if _PARSER is None:
        import tree_sitter_ruby
        from tree_sitter import Language, Parser

        _PARSER = Parser(Language(tree_sitter_ruby.language()))
    return _PARSER


_ESCAPES = {"n": "\n", "t": "\t", "s": " ", "0": "\0", "e": "\x1b", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
_IDENTITY_CALLS = {"freeze", "deep_freeze", "dup", "clone", "to_a", "itself"}


def _line(node) -> int:
    return node.start_point[0] + 1


def _text(node) -> str:
    return node.text.decode("utf-8", "replace")


def _short(text: str, n: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


class RubyProgram:
    """The constants of a Ruby file (and of the files it requires), evaluated on demand.

    ``path`` is the real file (used to find ``require_relative`` siblings; ``None`` for text with
    no file); ``root`` bounds where siblings may be read from (default: two folders above the
    file, the engine's ``lib/engine/game`` for a title's ``map.rb``). ``label`` names the file in
    messages.
    """

    def __init__(self, text: str, label: str = "<string>", path: Path | None = None, root: Path | None = None) -> None:
        self.label = label
        self.warnings: list[str] = []
        self.consts: dict[tuple[str, ...], _Const] = {}
        self.main_consts: list[_Const] = []
        self.modules: list[str] = []
        self.methods: dict[str, list[tuple[Any, tuple[str, ...], _Source]]] = {}
        self._values: dict[tuple[str, ...], RValue] = {}
        self.mutations: dict[tuple[str, ...], list[tuple[Any, tuple[str, ...], _Source]]] = {}
        self._busy: set[tuple[str, ...]] = set()
        self._loaded: set[Path] = set()
        self._pending: list[tuple[Path, str]] = []
        self.root = root.resolve() if root else (path.resolve().parent.parent if path else None)
        src = _Source(path, label, True, [])
        self._load(text.encode("utf-8"), src)
        if path is not None:
            self._loaded.add(path.resolve())

    # --- loading --------------------------------------------------------------------------------
    def _load(self, data: bytes, src: _Source) -> None:
        if len(data) > MAX_SOURCE_BYTES:
            raise RubySyntaxError(1, f"the file is {len(data)} bytes; map files are limited to {MAX_SOURCE_BYTES} bytes", src.label)
        tree = _parser().parse(data)
        root = tree.root_node
        if root.has_error:
            bad = _first_error(root)
            what = "unexpected " + repr(_short(_text(bad), 40)) if bad.type == "ERROR" or not bad.is_missing else f"missing {bad.type!r}"
            raise RubySyntaxError(_line(bad), f"Ruby syntax error: {what}", src.label)
        self._statements(root, (), src, 0)

    def _statements(self, node, scope: tuple[str, ...], src: _Source, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise RubySyntaxError(_line(node), f"modules nested more than {MAX_DEPTH} deep", src.label)
        for child in node.named_children:
            t = child.type
            if t == "comment":
                continue
            if t in ("module", "class"):
                name = child.child_by_field_name("name")
                parts = tuple(_text(name).split("::")) if name is not None else ()
                if src.main and t == "module":
                    self.modules.extend(parts)
                body = next((c for c in child.named_children if c.type == "body_statement"), None)
                if body is not None:
                    self._statements(body, scope + parts, src, depth + 1)
                continue
            if t == "assignment":
                left = child.child_by_field_name("left")
                if left is not None and left.type == "constant":
                    name = _text(left)
                    c = _Const(name, scope, child.child_by_field_name("right"), src)
                    key = scope + (name,)
                    if src.main and key in self.consts and self.consts[key].source is src:
                        self.warnings.append(f"{src.label}:{_line(child)}: constant {name} is assigned again; the last value is used")
                        self.main_consts = [m for m in self.main_consts if m.name != name or m.scope != scope]
                    self.consts[key] = c
                    if src.main:
                        self.main_consts.append(c)
                    continue
            if t == "call" and child.child_by_field_name("receiver") is None:
                meth = child.child_by_field_name("method")
                if meth is not None and _text(meth) in ("require_relative", "require"):
                    self._require(child, _text(meth), src)
                    continue
            if self._mutation(child, scope, src):
                continue
            if t == "method" and src.main and child.child_by_field_name("name") is not None:
                self.methods.setdefault(_text(child.child_by_field_name("name")), []).append((child, scope, src))
            if src.main:
                self.warnings.append(f"{src.label}:{_line(child)}: {_describe(child)} skipped (only constants are read)")

    def _mutation(self, node, scope: tuple[str, ...], src: _Source) -> bool:
        """``NAMES.update({...})``, ``NAMES.merge!(...)``, ``NAMES['K'] = v`` and ``NAMES.freeze``
        beside a constant of the same module: recorded, applied when the constant is evaluated."""
        if node.type == "call":
            recv, meth = node.child_by_field_name("receiver"), node.child_by_field_name("method")
            if recv is None or recv.type != "constant" or meth is None or _text(meth) not in ("update", "merge!", "freeze", "deep_freeze"):
                return False
            key = scope + (_text(recv),)
        elif node.type == "assignment":
            left = node.child_by_field_name("left")
            if left is None or left.type != "element_reference" or not left.named_children or left.named_children[0].type != "constant":
                return False
            key = scope + (_text(left.named_children[0]),)
        else:
            return False
        if key not in self.consts:
            return False
        self.mutations.setdefault(key, []).append((node, scope, src))
        return True

    def _require(self, call, kind: str, src: _Source) -> None:
        args = call.child_by_field_name("arguments")
        arg = args.named_children[0] if args is not None and args.named_children else None
        if kind == "require" or arg is None or arg.type != "string" or src.path is None:
            return
        rel = "".join(_text(c) for c in arg.named_children if c.type == "string_content")
        target = (src.path.resolve().parent / (rel if rel.endswith(".rb") else rel + ".rb")).resolve()
        if self.root is not None and not target.is_relative_to(self.root):
            if src.main:
                self.warnings.append(f"{src.label}:{_line(call)}: require_relative {rel!r} leaves {self.root.name}/; not read")
            return
        self._pending.append((target, f"{src.label}:{_line(call)}"))

    def _load_pending(self) -> bool:
        """Read the next required file not read yet; False when there is none."""
        while self._pending:
            target, where = self._pending.pop(0)
            if target in self._loaded:
                continue
            self._loaded.add(target)
            if len(self._loaded) > MAX_FILES or not target.is_file():
                continue
            try:
                data = target.read_bytes()
            except OSError:
                continue
            try:
                self._load(data, _Source(target, str(target), False, []))
            except RubySyntaxError:
                continue  # a sibling we cannot read only matters if a constant needs it
            return True
        return False

    # --- lookup ---------------------------------------------------------------------------------
    def main(self, name: str) -> _Const | None:
        """The main file's own constant of that name (the first, outermost definition)."""
        return next((c for c in self.main_consts if c.name == name), None)

    def names(self) -> list[str]:
        """The main file's constants, in order of appearance."""
        return [c.name for c in self.main_consts]

    def value(self, name: str) -> RValue | None:
        """The evaluated value of the main file's constant ``name`` (None if it has none).

        Raises :class:`Unevaluable` when the constant is not a literal, :class:`RubySyntaxError`
        when a limit is exceeded."""
        c = self.main(name)
        return None if c is None else self._eval_const(c)

    def method_merges(self, name: str) -> list[tuple[str, RValue, int]]:
        """The hashes a method of the main file merges in: for every ``X.merge(H)`` or
        ``X.merge!(H)`` in the body of ``def name``, the receiver's text, ``H`` read as a literal
        and the number of interpolations in it that are not literals (read as ``0``: a value the
        method computes, such as a revenue drawn at random). ``H[v][:k]`` indexed by a variable
        ``v`` reads as the union of ``H[...][:k]`` over all keys. Nothing is executed; a hash that
        does not read is left out."""
        out: list[tuple[str, RValue, int]] = []
        for node, scope, src in self.methods.get(name, []):
            stack = [node]
            while stack:
                n = stack.pop()
                stack.extend(reversed(n.named_children))
                if n.type != "call":
                    continue
                meth, recv = n.child_by_field_name("method"), n.child_by_field_name("receiver")
                args = n.child_by_field_name("arguments")
                if meth is None or _text(meth) not in ("merge", "merge!") or recv is None or args is None:
                    continue
                kids = [c for c in args.named_children if c.type != "comment"]
                if len(kids) != 1:
                    continue
                ev = _LenientEval(self, scope, src)
                try:
                    v = ev.eval(kids[0], 0)
                except (Unevaluable, RubySyntaxError):
                    continue
                if isinstance(v.value, HashValue):
                    out.append((_text(recv), v, _line(n), ev.unknown))
        return out

    def _resolve(self, path: tuple[str, ...], scope: tuple[str, ...], line: int, src: _Source) -> _Const:
        while True:
            for k in range(len(scope), -1, -1):
                c = self.consts.get(scope[:k] + path)
                if c is not None:
                    return c
            tail = [c for key, c in self.consts.items() if key[-len(path):] == path]
            if len(tail) == 1:
                return tail[0]
            if path[0] in ("Engine", "Config") and "Config" in path and self.root is not None:
                cfg = (self.root.parent / "config" / "tile.rb").resolve()
                if cfg not in self._loaded:
                    self._pending.append((cfg, "Engine::Config::Tile"))
            if not self._load_pending():
                raise Unevaluable(line, f"constant {'::'.join(path)} is not defined in the map file or the files it requires", src.label)

    def _eval_const(self, c: _Const) -> RValue:
        key = c.scope + (c.name,)
        if key in self._values:
            return self._values[key]
        if key in self._busy:
            raise Unevaluable(_line(c.node), f"constant {c.name} refers to itself", c.source.label)
        self._busy.add(key)
        try:
            v = _Eval(self, c.scope, c.source).eval(c.node, 0)
            for node, scope, src in self.mutations.get(key, []):
                v = _Eval(self, scope, src).mutate(v, node)
        finally:
            self._busy.discard(key)
        self._values[key] = v
        return v


def _describe(node) -> str:
    t = node.type
    if t in ("method", "singleton_method"):
        name = node.child_by_field_name("name")
        return f"method definition {_text(name) if name is not None else ''}".rstrip()
    if t == "call":
        meth = node.child_by_field_name("method")
        return f"call {_text(meth)}" if meth is not None else "a call"
    return f"statement {_short(_text(node), 30)!r}"


def _first_error(node):
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type == "ERROR" or n.is_missing:
            return n
        stack.extend(reversed([c for c in n.children if c.has_error or c.is_missing or c.type == "ERROR"]))
    return node


class _Eval:
    def __init__(self, prog: RubyProgram, scope: tuple[str, ...], src: _Source) -> None:
        self.prog, self.scope, self.src = prog, scope, src

    def fail(self, node, msg: str) -> Unevaluable:
        return Unevaluable(_line(node), msg, self.src.label)

    def eval(self, node, depth: int) -> RValue:
        if depth > MAX_DEPTH:
            raise RubySyntaxError(_line(node), f"values nested more than {MAX_DEPTH} deep", self.src.label)
        t = node.type
        line = _line(node)
        d = depth + 1
        if t in ("string", "chained_string", "bare_string"):
            return RValue(self.string(node, d), line)
        if t == "integer":
            txt = _text(node).replace("_", "")
            if len(txt.lstrip("-")) > MAX_INT_DIGITS:
                raise RubySyntaxError(line, f"an integer of {len(txt)} digits (at most {MAX_INT_DIGITS})", self.src.label)
            try:
                return RValue(int(txt, 0) if txt[:2].lower() in ("0x", "0b", "0o") else int(txt), line)
            except ValueError:
                raise self.fail(node, f"integer {_short(txt)!r} cannot be read") from None
        if t == "float":
            txt = _text(node).replace("_", "")
            if len(txt) > MAX_INT_DIGITS:
                raise RubySyntaxError(line, f"a number of {len(txt)} characters", self.src.label)
            return RValue(float(txt), line)
        if t in ("simple_symbol", "hash_key_symbol", "bare_symbol"):
            return RValue(Symbol(_text(node).lstrip(":")), line)
        if t == "delimited_symbol":
            return RValue(Symbol(self.string(node, d)), line)
        if t in ("true", "false", "nil"):
            return RValue({"true": True, "false": False, "nil": None}[t], line)
        if t in ("array", "string_array", "symbol_array"):
            items: list[RValue] = []
            for c in node.named_children:
                if c.type == "comment":
                    continue
                if c.type == "splat_argument":
                    inner = self.eval(c.named_children[0], d)
                    if not isinstance(inner.value, list):
                        raise self.fail(c, "only an array can be splatted into an array")
                    items.extend(inner.value)
                    continue
                v = self.eval(c, d)
                if t == "symbol_array":
                    v = RValue(Symbol(v.value), v.line)
                items.append(v)
            return RValue(items, line)
        if t == "hash":
            pairs: dict[Any, tuple[RValue, RValue]] = {}
            for c in node.named_children:
                if c.type == "comment":
                    continue
                if c.type == "pair":
                    k = self.eval(c.child_by_field_name("key"), d)
                    v = self.eval(c.child_by_field_name("value"), d)
                    pairs[k.plain_key()] = (k, v)
                elif c.type == "hash_splat_argument":
                    inner = self.eval(c.named_children[0], d)
                    if not isinstance(inner.value, HashValue):
                        raise self.fail(c, "only a hash can be splatted into a hash")
                    for k, v in inner.value.items:
                        pairs[k.plain_key()] = (k, v)
                else:
                    raise self.fail(c, f"{c.type} in a hash is not a literal")
            return RValue(HashValue(list(pairs.values())), line)
        if t in ("constant", "scope_resolution"):
            path = tuple(p for p in _text(node).split("::") if p)
            c = self.prog._resolve(path, self.scope, line, self.src)
            return self.prog._eval_const(c)
        if t == "parenthesized_statements":
            kids = [c for c in node.named_children if c.type != "comment"]
            if len(kids) != 1:
                raise self.fail(node, "only one expression may stand in parentheses")
            return self.eval(kids[0], d)
        if t == "unary":
            op = node.child_by_field_name("operator")
            arg = self.eval(node.child_by_field_name("operand"), d)
            if op is not None and _text(op) in ("-", "+") and isinstance(arg.value, (int, float)) and not isinstance(arg.value, bool):
                return RValue(-arg.value if _text(op) == "-" else arg.value, line)
            raise self.fail(node, f"{_short(_text(node))!r} is not a literal")
        if t == "binary":
            return self.binary(node, d)
        if t == "call":
            return self.call(node, d)
        if t == "element_reference":
            return self.element(node, d)
        if t == "heredoc_beginning":
            raise self.fail(node, "heredoc strings are not read")
        raise self.fail(node, f"{_short(_text(node))!r} is not a literal ({t.replace('_', ' ')})")

    def string(self, node, depth: int) -> str:
        if node.type == "chained_string":
            return "".join(self.string(c, depth + 1) for c in node.named_children if c.type == "string")
        raw = _text(node)
        single = raw.startswith("'") or raw.startswith("%q")
        out: list[str] = []
        for c in node.named_children:
            if c.type == "string_content":
                s = _text(c)
                if single:
                    s = s.replace("\\\\", "\x00").replace("\\'", "'").replace("\x00", "\\")
                out.append(s)
            elif c.type == "escape_sequence":
                e = _text(c)[1:]
                out.append(_ESCAPES.get(e, e) if len(e) == 1 else _unescape(e))
            elif c.type == "interpolation":
                kids = [k for k in c.named_children if k.type != "comment"]
                if len(kids) != 1:
                    raise self.fail(c, "an interpolation #{...} must hold one expression")
                v = self.eval(kids[0], depth + 1).value
                if isinstance(v, (HashValue, list)) or v is None:
                    raise self.fail(c, "only strings, symbols and numbers can be interpolated")
                out.append(str(v).lower() if isinstance(v, bool) else str(v))
            if sum(len(s) for s in out) > MAX_STRING:
                raise RubySyntaxError(_line(node), f"a string longer than {MAX_STRING} characters", self.src.label)
        return "".join(out)

    def binary(self, node, depth: int) -> RValue:
        op = _text(node.child_by_field_name("operator"))
        a = self.eval(node.child_by_field_name("left"), depth)
        b = self.eval(node.child_by_field_name("right"), depth)
        x, y = a.value, b.value
        nums = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (x, y))
        if op == "+" and (nums or (isinstance(x, str) and isinstance(y, str)) or (isinstance(x, list) and isinstance(y, list))):
            if isinstance(x, str) and len(x) + len(y) > MAX_STRING:
                raise RubySyntaxError(_line(node), f"a string longer than {MAX_STRING} characters", self.src.label)
            return RValue(x + y, a.line)
        if op in ("-", "*") and nums:
            if op == "*" and abs(x) * abs(y) >= 10**MAX_INT_DIGITS:
                raise RubySyntaxError(_line(node), "a product too large to be a map value", self.src.label)
            return RValue(x - y if op == "-" else x * y, a.line)
        if op == "-" and isinstance(x, list) and isinstance(y, list):
            drop = [v.plain_key() for v in y]
            return RValue([v for v in x if v.plain_key() not in drop], a.line)
        raise self.fail(node, f"the operation {op!r} on these values is not evaluated")

    def call(self, node, depth: int) -> RValue:
        meth_node = node.child_by_field_name("method")
        recv = node.child_by_field_name("receiver")
        meth = _text(meth_node) if meth_node is not None else ""
        args_node = node.child_by_field_name("arguments")
        args = [c for c in args_node.named_children if c.type != "comment"] if args_node is not None else []
        if meth == "merge_hexes" and not any(c.type in ("block", "do_block") for c in node.named_children):
            return self.merge_hexes(node, args, depth)
        if recv is None:
            raise self.fail(node, f"the method call {meth}(...) is not a literal (nothing is executed)")
        block = next((c for c in node.named_children if c.type in ("block", "do_block")), None)
        base = self.eval(recv, depth)
        if block is not None:
            if meth in ("reject", "select") and isinstance(base.value, HashValue) and not args:
                return self.filter_keys(base, meth, block, depth)
            raise self.fail(node, f".{meth} with a block is not evaluated (nothing is executed)")
        if meth in _IDENTITY_CALLS and not args:
            return base
        if meth in ("merge", "update") and isinstance(base.value, HashValue):
            h = base.value
            if any(a.type == "pair" for a in args):
                return RValue(h.merged(self.eval(_PairsNode(args_node), depth).value), base.line)
            for a in args:
                v = self.eval(a, depth)
                if not isinstance(v.value, HashValue):
                    raise self.fail(a, ".merge takes hashes")
                h = h.merged(v.value)
            return RValue(h, base.line)
        if meth == "to_s" and not args and isinstance(base.value, (str, int)):
            return RValue(str(base.value), base.line)
        if meth == "to_sym" and not args and isinstance(base.value, str):
            return RValue(Symbol(base.value), base.line)
        raise self.fail(node, f"the method call .{meth} is not evaluated (nothing is executed)")


    def mutate(self, base: RValue, node) -> RValue:
        """``base`` after a recorded mutation statement (see :meth:`RubyProgram._mutation`)."""
        if node.type == "call":
            meth = _text(node.child_by_field_name("method"))
            if meth in ("freeze", "deep_freeze"):
                return base
            args_node = node.child_by_field_name("arguments")
            args = [c for c in args_node.named_children if c.type != "comment"] if args_node is not None else []
            if not isinstance(base.value, HashValue):
                raise self.fail(node, f".{meth} on something that is not a hash")
            if any(a.type == "pair" for a in args):
                return RValue(base.value.merged(self.eval(_PairsNode(args_node), 0).value), base.line)
            h = base.value
            for a in args:
                v = self.eval(a, 0)
                if not isinstance(v.value, HashValue):
                    raise self.fail(a, f".{meth} takes hashes")
                h = h.merged(v.value)
            return RValue(h, base.line)
        left = node.child_by_field_name("left")
        kids = [c for c in left.named_children if c.type != "comment"]
        if len(kids) != 2 or not isinstance(base.value, HashValue):
            raise self.fail(node, f"{_short(_text(node))!r} is not evaluated")
        k, v = self.eval(kids[1], 0), self.eval(node.child_by_field_name("right"), 0)
        return RValue(base.value.merged(HashValue([(k, v)])), base.line)

    def element(self, node, depth: int) -> RValue:
        kids = [c for c in node.named_children if c.type != "comment"]
        if len(kids) != 2:
            raise self.fail(node, f"{_short(_text(node))!r} is not a literal (element reference)")
        base, key = self.eval(kids[0], depth), self.eval(kids[1], depth)
        if isinstance(base.value, HashValue):
            for k, v in base.value.items:
                if k.plain_key() == key.plain_key():
                    return v
            raise self.fail(node, f"{_short(_text(node))!r}: no such key")
        if isinstance(base.value, list) and isinstance(key.value, int) and -len(base.value) <= key.value < len(base.value):
            return base.value[key.value]
        raise self.fail(node, f"{_short(_text(node))!r} is not a literal (element reference)")

    def merge_hexes(self, node, args, depth: int) -> RValue:
        """``merge_hexes(A, B, ...)``: the colour-by-colour union of HEXES-shaped hashes (a helper
        some titles define beside their constants; recognised by name, never run)."""
        groups: dict[Any, tuple[RValue, HashValue]] = {}
        for a in args:
            v = self.eval(a, depth)
            if not isinstance(v.value, HashValue):
                raise self.fail(a, "merge_hexes takes hashes of colour => hexes")
            for colour, hexes in v.value.items:
                if not isinstance(hexes.value, HashValue):
                    raise self.fail(a, "merge_hexes takes hashes of colour => hexes")
                k = colour.plain_key()
                old = groups.get(k)
                groups[k] = (colour, old[1].merged(hexes.value) if old else hexes.value)
        return RValue(HashValue([(c, RValue(h, c.line)) for c, h in groups.values()]), _line(node))

    def filter_keys(self, base: RValue, meth: str, block, depth: int) -> RValue:
        """``.reject { |k, _v| LIST.include?(k) }`` (and ``.select``): the one block form read."""
        params = next((c for c in block.named_children if c.type == "block_parameters"), None)
        body = next((c for c in block.named_children if c.type in ("block_body", "body_statement")), None)
        names = [_text(p) for p in params.named_children] if params is not None else []
        stmts = [c for c in body.named_children if c.type != "comment"] if body is not None else []
        ok = len(names) >= 1 and len(stmts) == 1 and stmts[0].type == "call"
        if ok:
            call = stmts[0]
            m = call.child_by_field_name("method")
            a = call.child_by_field_name("arguments")
            arg = [c for c in a.named_children] if a is not None else []
            ok = m is not None and _text(m) == "include?" and len(arg) == 1 and _text(arg[0]) == names[0]
        if not ok:
            raise self.fail(block, f".{meth} is read only in the form {{ |k, _v| LIST.include?(k) }}")
        keys = {v.plain_key() for v in self.eval(call.child_by_field_name("receiver"), depth).value}
        keep = [(k, v) for k, v in base.value.items if (k.plain_key() in keys) == (meth == "select")]
        return RValue(HashValue(keep), base.line)


class _LenientEval(_Eval):
    """The evaluator of :meth:`RubyProgram.method_merges`: an interpolation that is not a literal
    reads as ``0`` (counted in ``unknown``); a hash indexed by a variable is the union of its values."""

    def __init__(self, prog: RubyProgram, scope: tuple[str, ...], src: _Source) -> None:
        super().__init__(prog, scope, src)
        self.unknown = 0

    def string(self, node, depth: int) -> str:
        if node.type == "chained_string":
            return "".join(self.string(c, depth + 1) for c in node.named_children if c.type == "string")
        if not any(c.type == "interpolation" for c in node.named_children):
            return super().string(node, depth)
        out = []
        for c in node.named_children:
            if c.type == "interpolation":
                try:
                    kids = [k for k in c.named_children if k.type != "comment"]
                    v = self.eval(kids[0], depth + 1).value if len(kids) == 1 else None
                    if isinstance(v, (HashValue, list)) or v is None:
                        raise self.fail(c, "not a literal")
                    out.append(str(v))
                except Unevaluable:
                    self.unknown += 1
                    out.append("0")
            elif c.type == "string_content":
                out.append(_text(c))
            elif c.type == "escape_sequence":
                e = _text(c)[1:]
                out.append(_ESCAPES.get(e, e) if len(e) == 1 else _unescape(e))
        return "".join(out)

    def element(self, node, depth: int) -> RValue:
        kids = [c for c in node.named_children if c.type != "comment"]
        if len(kids) != 2:
            return super().element(node, depth)
        inner = [c for c in kids[0].named_children if c.type != "comment"] if kids[0].type == "element_reference" else []
        if kids[1].type == "identifier":  # X[v]: every value of X
            return self._union(self.eval(kids[0], depth), None, node)
        if len(inner) == 2 and inner[1].type == "identifier":  # X[v][k]: every value's k
            return self._union(self.eval(inner[0], depth), self.eval(kids[1], depth), node)
        return super().element(node, depth)

    def _union(self, base: RValue, key: RValue | None, node) -> RValue:
        if not isinstance(base.value, HashValue):
            raise self.fail(node, "a union of values that are not hashes")
        merged = HashValue([])
        for _k, v in base.value.items:
            if key is not None and isinstance(v.value, HashValue):
                v = next((vv for kk, vv in v.value.items if kk.plain_key() == key.plain_key()), None)
            if v is None or not isinstance(v.value, HashValue):
                raise self.fail(node, "a union of values that are not hashes")
            merged = merged.merged(v.value)
        return RValue(merged, base.line)


class _PairsNode:
    """``merge(a: 1, 'b' => 2)``: the bare pairs of an argument list, seen as one hash."""

    type = "hash"

    def __init__(self, args_node) -> None:
        self.named_children = [c for c in args_node.named_children if c.type == "pair"]
        self.start_point = args_node.start_point
        self.text = args_node.text


def _unescape(e: str) -> str:
    if e.startswith("u") and len(e) > 1:
        body = e[1:].strip("{}")
        try:
            return "".join(chr(int(p, 16)) for p in body.split())
        except ValueError:
            return e
    if e.startswith("x"):
        try:
            return chr(int(e[1:], 16))
        except ValueError:
            return e
    if e.isdigit():
        return chr(int(e, 8))
    return e[-1:]


def parse_ruby_constants(src: str) -> dict[str, RValue]:
    """Every constant of a Ruby source whose value is a literal, by name, each with its line.

    A convenience over :class:`RubyProgram` for text with no sibling files: the names of the
    ``module`` wrappers are listed, outermost first, under the key ``"__modules__"``; a
    constant that is not a literal raises :class:`Unevaluable` naming its line.
    """
    prog = RubyProgram(src)
    out: dict[str, RValue] = {"__modules__": RValue([RValue(m, 1) for m in prog.modules], 1)}
    for name in prog.names():
        out[name] = prog.value(name)
    return out

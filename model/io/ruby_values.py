"""The values of :mod:`model.io.ruby_eval`, and the budgets that bound what evaluating them costs.

A map file is hostile input until read: a kilobyte can double an array forty times
(``P1 = P0 + P0``), nest arrays that share their parts (``A1 = [A0, A0]``) sixty deep, or hold a
million tokens in one unused constant. Every cost is therefore counted against a
:class:`Budget` owned by one :class:`~model.io.ruby_eval.RubyProgram`, and a value that goes over
raises :class:`RubyLimit` (a :class:`RubySyntaxError`) naming the line and the construct:

* tokens parsed (:data:`MAX_TOKENS`): tree-sitter keeps about 400 bytes per token, so the count is
  taken before parsing, with a regular expression; the largest file of the engine has about 27,000;
* array and hash elements built (:data:`MAX_ELEMENTS`), counted when a list is made or copied;
  a constant referred to twice is one value, never a copy;
* characters of strings built (:data:`MAX_STRING_CHARS`);
* nesting of values (:data:`MAX_DEPTH`), counted through references to other constants;
* steps of work (:data:`MAX_WORK`): one per node evaluated and one per element copied, compared
  or keyed, so no operation is quadratic without paying for it.

Shared sub-structures cost what they are: hash keys are compared by an interned id
(:meth:`Budget.key_id`, hash-consing), so a key made of arrays that share their parts is keyed in
time linear in its distinct parts. Expanding a value to plain Python data (:meth:`RValue.plain`)
would copy every share, so it is refused past :data:`MAX_ELEMENTS` expanded elements.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

MAX_SOURCE_BYTES = 4 * 1024 * 1024
MAX_TOKENS = 200_000
MAX_ELEMENTS = 1_000_000
MAX_STRING_CHARS = 8_000_000
MAX_WORK = 4_000_000
MAX_DEPTH = 64
MAX_FRAMES = 256  # expressions in evaluation at once, through the constants they refer to
MAX_INT_DIGITS = 30
MAX_STRING = 1_000_000

# What tree-sitter will make a token of, counted generously (a word inside a string counts too).
_TOKEN = re.compile(rb"[A-Za-z0-9_]+|[^\sA-Za-z0-9_]")


class RubySyntaxError(ValueError):
    """Ruby source that cannot be read at all (a syntax error, a limit); ``line`` is 1-based."""

    def __init__(self, line: int, message: str, file: str | None = None) -> None:
        self.line = line
        self.message = message
        self.file = file
        super().__init__(f"line {line}: {message}")


class RubyLimit(RubySyntaxError):
    """A budget of :class:`Budget` exceeded: the file is refused, whatever constant needed it."""


class Unevaluable(ValueError):
    """A constant whose value is not a literal (a method call, a variable …); ``line`` is 1-based."""

    def __init__(self, line: int, message: str, file: str | None = None) -> None:
        self.line = line
        self.message = message
        self.file = file
        super().__init__(f"line {line}: {message}")


class Symbol(str):
    """A Ruby symbol (``:flat``)."""


@dataclass(slots=True)
class RValue:
    """An evaluated value with the line it starts on (a hash's value is a :class:`HashValue`)."""

    value: Any
    line: int
    _size: int | None = field(default=None, compare=False, repr=False)
    _kid: int | None = field(default=None, compare=False, repr=False)
    _depth: int = field(default=0, compare=False, repr=False)  # how deep a list or hash nests

    def expanded_size(self) -> int:
        """How many values :meth:`plain` would make: every share counted as often as it is used
        (computed once per distinct value, so in linear time)."""
        if self._size is None:
            v = self.value
            if isinstance(v, list):
                self._size = 1 + sum(x.expanded_size() for x in v)
            elif isinstance(v, HashValue):
                self._size = 1 + sum(k.expanded_size() + x.expanded_size() for k, x in v.items)
            else:
                self._size = 1
        return self._size

    def _guard(self) -> None:
        if isinstance(self.value, (list, HashValue)) and self.expanded_size() > MAX_ELEMENTS:
            raise RubyLimit(self.line, f"this value expands to {self.expanded_size():,} elements when its shared parts "
                            f"are copied out (at most {MAX_ELEMENTS:,})")

    def plain(self) -> Any:
        """The value as plain Python data (a hash key that is an array or a hash becomes a tuple)."""
        self._guard()
        return self._plain()

    def _plain(self) -> Any:
        v = self.value
        if isinstance(v, list):
            return [x._plain() for x in v]
        if isinstance(v, HashValue):
            return {k._plain_key(): val._plain() for k, val in v.items}
        return v

    def plain_key(self) -> Any:
        """The value as a hashable plain key: arrays become tuples, hashes tuples of pairs."""
        self._guard()
        return self._plain_key()

    def _plain_key(self) -> Any:
        v = self.value
        if isinstance(v, list):
            return tuple(x._plain_key() for x in v)
        if isinstance(v, HashValue):
            return tuple((k._plain_key(), x._plain_key()) for k, x in v.items)
        return v


@dataclass
class HashValue:
    """A Ruby hash: its (key, value) pairs in order (a later key replaces an earlier equal one)."""

    items: list[tuple[RValue, RValue]]

    def merged(self, other: HashValue) -> HashValue:
        out = {k.plain_key(): (k, v) for k, v in self.items}
        for k, v in other.items:
            out[k.plain_key()] = (k, v)
        return HashValue(list(out.values()))


def _short(text: str, n: int = 40) -> str:
    text = " ".join(text[: n * 4].split())
    return text if len(text) <= n else text[: n - 1] + "…"


class Budget:
    """What one program may spend; every ``charge_*`` raises :class:`RubyLimit` past its limit.

    ``where(node)`` of the caller says which construct is named: the budget only counts."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.tokens = 0
        self.elements = 0
        self.chars = 0
        self.work = 0
        self.frames = 0
        self._ids: dict[tuple, int] = {}

    def _fail(self, node, what: str) -> RubyLimit:
        text = node.text.decode("utf-8", "replace") if node is not None and node.text is not None else ""
        line = node.start_point[0] + 1 if node is not None else 1
        at = f" at {_short(text)!r}" if text else ""
        return RubyLimit(line, f"{what}{at}; nothing is executed, and no map needs this much", self.label)

    def count_tokens(self, data: bytes) -> None:
        """Refuse a source with more than :data:`MAX_TOKENS` tokens (left) in the budget, before
        tree-sitter parses it, naming the line where the count passes the limit."""
        left = MAX_TOKENS - self.tokens
        n = 0
        for m in _TOKEN.finditer(data):
            n += 1
            if n > left:
                line = data.count(b"\n", 0, m.start()) + 1
                raise RubyLimit(line, f"more than {MAX_TOKENS:,} tokens (words, numbers and signs) by this line; "
                                "the largest map files hold about 30,000", self.label)
        self.tokens += n

    def charge_elements(self, n: int, node) -> None:
        self.elements += n
        self.work += n
        if self.elements > MAX_ELEMENTS:
            raise self._fail(node, f"more than {MAX_ELEMENTS:,} array and hash elements built")
        if self.work > MAX_WORK:
            raise self._fail(node, f"more than {MAX_WORK:,} steps of evaluation")

    def charge_chars(self, n: int, node) -> None:
        self.chars += n
        if self.chars > MAX_STRING_CHARS:
            raise self._fail(node, f"more than {MAX_STRING_CHARS:,} characters of strings built")

    def step(self, n: int, node) -> None:
        self.work += n
        if self.work > MAX_WORK:
            raise self._fail(node, f"more than {MAX_WORK:,} steps of evaluation")

    def enter(self, node) -> None:
        """One more expression in evaluation (the caller takes it off when done)."""
        if self.frames >= MAX_FRAMES:
            raise self._fail(node, f"expressions and the constants they refer to nested more than {MAX_FRAMES} deep")
        self.frames += 1

    def key_id(self, rv: RValue, node) -> int:
        """An id equal for equal values (hash-consing): a key is the ids of its parts, so a value
        whose parts are shared is keyed once per distinct part, never once per use."""
        if rv._kid is not None:
            return rv._kid
        v = rv.value
        if isinstance(v, list):
            self.step(len(v) + 1, node)
            key: tuple = ("L", *(self.key_id(x, node) for x in v))
        elif isinstance(v, HashValue):
            self.step(2 * len(v.items) + 1, node)
            key = ("H", *(i for k, x in v.items for i in (self.key_id(k, node), self.key_id(x, node))))
        elif isinstance(v, bool) or v is None:
            key = ("b", v)
        else:
            key = ("p", v)  # a string and a symbol of the same text are one key, as before
        kid = self._ids.setdefault(key, len(self._ids))
        rv._kid = kid
        return kid


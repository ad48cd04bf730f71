"""Short messages: a value echoed in an error is cut to about 80 characters.

A hostile file can hold a key or a value of millions of characters; an error message names it,
but only its start and its length.
"""

from __future__ import annotations

import re

ECHO_LIMIT = 80
_LONG_TOKEN = re.compile(r"\S{" + str(ECHO_LIMIT + 1) + ",}")


def shorten(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` itself when short; else its first characters, an ellipsis and its length."""
    if len(text) <= limit:
        return text
    return f"{text[: limit - 3]}… ({len(text)} characters)"


def shorten_repr(value: object, limit: int = ECHO_LIMIT) -> str:
    """``repr(value)`` cut like :func:`shorten`; a long string is cut before its repr is built."""
    if isinstance(value, str) and len(value) > limit:
        return f"{repr(value[: limit - 3])[:-1]}…' ({len(value)} characters)"
    return shorten(repr(value), limit)


def clip_long_words(text: str, limit: int = ECHO_LIMIT) -> str:
    """Every run of more than ``limit`` non-space characters in ``text`` cut like :func:`shorten`."""
    if len(text) <= limit:
        return text
    return _LONG_TOKEN.sub(lambda m: shorten(m.group(0), limit), text)


MESSAGE_LIMIT = 500
"""A message longer than this is cut, saying how much was left out (a whole board, a list of a
million cells)."""

# C0 and C1 controls (but newline and tab), DEL, and the bidirectional overrides and isolates:
# what a terminal would act on or a reader would be misled by.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def escape_controls(text: str) -> str:
    """``text`` with every control character written as ``\\u001b`` (valid in JSON strings too),
    so a file's keys never reach a terminal raw."""
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)


def cut(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` cut to about ``limit`` characters at a space, with the count of what was left
    out: characters, and the items of a comma-separated list when the rest is one."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    space = head.rfind(" ", limit // 2)
    if space > 0:
        head = head[:space]
    rest = text[len(head):]
    items = rest.count(", ")
    more = f"{len(rest):,} more characters" + (f", about {items:,} more items" if items >= 3 else "")
    return f"{head.rstrip(', ')} … ({more} left out)"


def readable(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """A message fit to show on one line: its lines joined, control characters escaped, long
    words clipped, cut to ``limit``."""
    text = " ".join(part.strip() for part in text.splitlines() if part.strip()) if "\n" in text else text
    return cut(clip_long_words(escape_controls(text)), limit)


class SafeStream:
    """A text stream that escapes control characters in whatever is written to it, and cuts each
    write to ``limit`` characters per line when a limit is given (the command line's stderr)."""

    def __init__(self, stream, limit: int | None = None) -> None:
        self._stream = stream
        self._limit = limit

    def write(self, s: str) -> int:
        s = escape_controls(s)
        if self._limit is not None and len(s) > self._limit:
            s = "\n".join(cut(line, self._limit) for line in s.split("\n"))
        return self._stream.write(s)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def cell_list(cells, shown: int = 12) -> str:
    """Cells joined by commas, the first ``shown`` of them and the count of the others."""
    cells = list(cells)
    head = ",".join(shorten(c, 20) for c in cells[:shown])
    return head if len(cells) <= shown else f"{head} … and {len(cells) - shown:,} more"


_JSON_TOKENS = re.compile(r'"(?:[^"\\\n]|\\.)*"|[\[\]{}\n]')


def nesting_place(text: str, limit: int = 500) -> tuple[int, int, int] | None:
    """Where JSON ``text`` first nests deeper than ``limit`` arrays and objects: (line, column,
    deepest nesting), 1-based, strings skipped; None if it never does."""
    depth = deepest = 0
    line, line_start = 1, 0
    place = None
    for m in _JSON_TOKENS.finditer(text):
        c = m.group(0)
        if c == "\n":
            line, line_start = line + 1, m.end()
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if depth > limit and place is None:
                place = (line, m.start() - line_start + 1)
        elif c in "]}":
            depth -= 1
    return None if place is None else (*place, deepest)


def nesting_message(text: str) -> tuple[str, str]:
    """(place, message) for JSON nested too deeply to read: ``line:column`` where it passes 500
    levels, and how deep it goes."""
    found = nesting_place(text)
    if found is None:
        return "", "nested too deeply"
    line, col, deepest = found
    return f"{line}:{col}", f"nested too deeply: {deepest:,} levels of arrays and objects (more than 500 from here)"


def field_problem(exc) -> str:
    """One line for a pydantic ``ValidationError`` raised while a reader builds the model from a
    file's values: the field, what is wrong and a short excerpt of the value (the file and place
    are the reader's to add)."""
    errors = exc.errors(include_url=False)
    err = errors[0]
    where = ".".join(str(x) for x in err.get("loc", ()))
    msg = str(err.get("msg", "invalid"))
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    value = err.get("input")
    shown = f" (found {shorten_repr(value, 40)})" if isinstance(value, str | int | float) else ""
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{where + ': ' if where else ''}{msg[:1].lower() + msg[1:]}{shown}{more}"

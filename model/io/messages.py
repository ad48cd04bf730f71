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

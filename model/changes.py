"""A count of the in-place changes to a scenario's parts, so that "has anything changed since?"
costs one comparison.

Derived data of a scenario (a rule set's evaluation of a position) is kept while nothing it was
built from changes. Most of a scenario is replaced, not changed (``model_copy``), and is compared
by identity; but the editor changes a few containers in place (a board's cells and edges, the
turn's lays, the companies) and assigns model fields. Comparing those by value costs time in
proportion to the board on every ask.

Instead, every such change draws a new value of :func:`now`: an assignment to a field of a
scenario model (``Scenario``, ``Board``, ``GameState``, ``Cell`` ... : their ``__setattr__``
calls :func:`touch`) and every change through a :class:`TrackedDict` or :class:`TrackedList`
(what validation makes of the containers above). A reader that recorded :func:`now` before it
compared the scenario's parts knows, while :func:`now` still answers the same, that nothing has
changed in place since. A plain ``dict`` or ``list`` put in by ``model_copy(update=...)`` is not
tracked: its reader compares it by value, as before.
"""

from __future__ import annotations

import itertools
from typing import Any

from pydantic import BaseModel

_TICKS = itertools.count(1)  # next() on a count is atomic: two threads never draw the same value
_NOW = [0]


def now() -> int:
    """The value drawn by the latest in-place change (0 before any)."""
    return _NOW[0]


def touch() -> None:
    """Record an in-place change."""
    _NOW[0] = next(_TICKS)


class TrackedDict(dict):
    """A ``dict`` whose every change calls :func:`touch` (reads are the plain ``dict``'s)."""

    __slots__ = ()

    def __setitem__(self, key, value) -> None:
        dict.__setitem__(self, key, value)
        touch()

    def __delitem__(self, key) -> None:
        dict.__delitem__(self, key)
        touch()

    def __ior__(self, other):
        dict.update(self, other)
        touch()
        return self

    def pop(self, *args):
        try:
            return dict.pop(self, *args)
        finally:
            touch()

    def popitem(self):
        try:
            return dict.popitem(self)
        finally:
            touch()

    def clear(self) -> None:
        dict.clear(self)
        touch()

    def update(self, *args, **kwargs) -> None:
        dict.update(self, *args, **kwargs)
        touch()

    def setdefault(self, key, default=None):
        try:
            return dict.setdefault(self, key, default)
        finally:
            touch()

    def __reduce__(self):
        return (TrackedDict, (dict(self),))


class TrackedList(list):
    """A ``list`` whose every change calls :func:`touch` (reads are the plain ``list``'s)."""

    __slots__ = ()

    def _changed(name: str):  # noqa: N805 - builds the methods below
        base = getattr(list, name)

        def method(self, *args: Any):
            try:
                return base(self, *args)
            finally:
                touch()

        method.__name__ = name
        method.__doc__ = base.__doc__
        return method

    __setitem__ = _changed("__setitem__")
    __delitem__ = _changed("__delitem__")
    __iadd__ = _changed("__iadd__")
    __imul__ = _changed("__imul__")
    append = _changed("append")
    extend = _changed("extend")
    insert = _changed("insert")
    pop = _changed("pop")
    remove = _changed("remove")
    clear = _changed("clear")
    reverse = _changed("reverse")
    del _changed

    def sort(self, *, key=None, reverse=False) -> None:
        try:
            list.sort(self, key=key, reverse=reverse)
        finally:
            touch()

    def __reduce__(self):
        return (TrackedList, (list(self),))


class CountedModel(BaseModel):
    """A pydantic model whose every assignment to a field calls :func:`touch` (private
    attributes, a model's own caches, do not)."""

    def __setattr__(self, name: str, value: Any) -> None:
        super().__setattr__(name, value)
        if name[0] != "_":
            touch()

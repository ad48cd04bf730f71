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

from pydantic import AfterValidator, BaseModel

_TICKS = itertools.count(1)  # next() on a count is atomic: two threads never draw the same value
_NOW = [0]


def now() -> int:
    """The value drawn by the latest in-place change (0 before any)."""
    return _NOW[0]


def touch() -> None:
    """Record an in-place change."""
    _NOW[0] = next(_TICKS)


def _touching(base: type, name: str):
    """``base``'s method ``name``, calling :func:`touch` after it (even when it raises: it may
    have changed something first)."""
    method = getattr(base, name)

    def changed(self, *args: Any, **kwargs: Any):
        try:
            return method(self, *args, **kwargs)
        finally:
            touch()

    changed.__name__, changed.__doc__ = name, method.__doc__
    return changed


class TrackedDict(dict):
    """A ``dict`` whose every change calls :func:`touch` (reads are the plain ``dict``'s)."""

    __slots__ = ()

    def __reduce__(self):
        return (TrackedDict, (dict(self),))


class TrackedList(list):
    """A ``list`` whose every change calls :func:`touch` (reads are the plain ``list``'s)."""

    __slots__ = ()

    def __reduce__(self):
        return (TrackedList, (list(self),))


for _cls, _base, _names in (
    (TrackedDict, dict, ("__setitem__", "__delitem__", "__ior__", "pop", "popitem", "clear", "update", "setdefault")),
    (TrackedList, list, ("__setitem__", "__delitem__", "__iadd__", "__imul__", "append", "extend", "insert", "pop",
                         "remove", "clear", "sort", "reverse")),
):
    for _name in _names:  # every method that changes the container
        setattr(_cls, _name, _touching(_base, _name))
del _cls, _base, _names, _name


TRACKED = AfterValidator(TrackedList)
"""A list field's annotation (``Annotated[list[X], TRACKED]``): validation makes it a
:class:`TrackedList`."""


class CountedModel(BaseModel):
    """A pydantic model whose every assignment to a field calls :func:`touch` (private
    attributes, a model's own caches, do not)."""

    def __setattr__(self, name: str, value: Any) -> None:
        super().__setattr__(name, value)
        if name[0] != "_":
            touch()

"""Bounded, thread-safe caches for values derived from immutable model objects.

The checker thread and the main thread ask the same rule code, so the module-level caches of
derived data (a tile's rotations, a track view's shape, a grid's neighbour table) are shared
between threads. :class:`Memo` is one such cache: keyed by value, bounded (the oldest entries
go first), safe to read from any thread without a lock (a ``dict`` lookup is atomic) and
written under a lock. :class:`IdentityMemo` keys by an object's identity: it keeps a reference
to the object with each entry, so the object's ``id()`` cannot be reused by another while the
entry lives, and a hit is checked against the object itself.

Objects whose derived data is cached by identity must not change in place (tiles, grids and
track views are frozen; cells and edge features are replaced, never mutated).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")

_MISSING = object()


class Memo(Generic[V]):
    """A cache of at most ``maxsize`` values by hashable key; the oldest entries are evicted first.

    The entries are an ``OrderedDict``: evicting its oldest entry costs the same however many
    were evicted before it (a plain ``dict`` finds its first entry by walking past the slots of
    every entry deleted since it last grew, which made each eviction of a full cache cost
    microseconds)."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._data: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, compute: Callable[[], V]) -> V:
        """The value for ``key``, computed by ``compute()`` (outside the lock) on a miss."""
        value = self._data.get(key, _MISSING)
        if value is not _MISSING:
            return value  # type: ignore[return-value]
        value = compute()
        self.put(key, value)
        return value

    def put(self, key: Hashable, value: V) -> None:
        with self._lock:
            data = self._data
            data.pop(key, None)
            while len(data) >= self.maxsize:
                data.popitem(last=False)  # the oldest first
            data[key] = value

    def peek(self, key: Hashable, default: V | None = None) -> V | None:
        return self._data.get(key, default)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()

    def __len__(self) -> int:
        return len(self._data)


class IdentityMemo(Generic[V]):
    """A cache of values derived from an object, by the object's identity plus extra key parts."""

    def __init__(self, maxsize: int) -> None:
        self._memo: Memo[tuple[object, V]] = Memo(maxsize)
        self.entries = self._memo._data
        """The entries, ``(id(obj), extra) -> (obj, value)``, for the hottest look-ups to read
        without a call (a hit counts only when ``entry[0] is obj``); written only by :meth:`get`."""

    def get(self, obj: object, extra: Hashable, compute: Callable[[], V]) -> V:
        """The value for ``(obj, extra)``, computed by ``compute()`` on a miss."""
        key = (id(obj), extra)
        hit = self.entries.get(key)
        if hit is not None and hit[0] is obj:
            return hit[1]
        value = compute()
        self._memo.put(key, (obj, value))  # the entry holds obj: its id stays its own
        return value

    def clear(self) -> None:
        self._memo.clear()

    def __len__(self) -> int:
        return len(self._memo)


class PairMemo(Generic[V]):
    """A cache of values derived from two objects, by both identities plus extra key parts (each
    entry holds both objects, so neither id is reused while it lives)."""

    def __init__(self, maxsize: int) -> None:
        self._memo: Memo[tuple[object, object, V]] = Memo(maxsize)
        self._data = self._memo._data

    def get(self, a: object, b: object, extra: Hashable, compute: Callable[[], V]) -> V:
        """The value for ``(a, b, extra)``, computed by ``compute()`` on a miss."""
        key = (id(a), id(b), extra)
        hit = self._data.get(key)
        if hit is not None and hit[0] is a and hit[1] is b:
            return hit[2]
        value = compute()
        self._memo.put(key, (a, b, value))
        return value

    def clear(self) -> None:
        self._memo.clear()


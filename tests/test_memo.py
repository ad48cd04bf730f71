"""The model's cache helper and the one pause of the garbage collector."""

from __future__ import annotations

import gc
import threading

from model import collector
from model.memo import IdentityMemo, Memo
from model.tiles import load_tileset
from model.upgrading.view import tile_view


def test_memo_is_bounded_and_evicts_the_oldest_first():
    memo: Memo[int] = Memo(3)
    calls = []
    for k in (1, 2, 3, 1, 4):
        memo.get(k, lambda k=k: calls.append(k) or k * 10)
    assert calls == [1, 2, 3, 4]  # 1 was still cached the second time
    assert len(memo) == 3
    assert memo.peek(1) is None and memo.peek(4) == 40  # 1 was the oldest when 4 came


def test_a_full_memo_keeps_the_newest_entries_through_many_evictions():
    memo: Memo[int] = Memo(100)
    for k in range(10_000):
        memo.put(k, k)
    memo.put(9_950, -1)  # put again: the newest now
    memo.put(10_000, 10_000)
    assert len(memo) == 100
    assert memo.peek(9_900) is None and memo.peek(9_901) == 9_901
    assert list(memo._data)[-2:] == [9_950, 10_000] and memo.peek(9_950) == -1


def test_identity_memo_tells_equal_objects_apart_and_keeps_its_keys_alive():
    memo: IdentityMemo[str] = IdentityMemo(8)
    a, b = [1, 2], [1, 2]
    assert memo.get(a, "x", lambda: "from a") == "from a"
    assert memo.get(b, "x", lambda: "from b") == "from b"  # equal, but another object
    assert memo.get(a, "x", lambda: "again") == "from a"
    assert memo.get(a, "y", lambda: "other extra") == "other extra"
    # the entry holds its object, so the id cannot be taken by a new one while it lives
    del a
    gc.collect()
    c = [9]
    assert memo.get(c, "x", lambda: "from c") == "from c"


def test_identity_memo_under_threads_gives_each_object_its_own_value():
    memo: IdentityMemo[int] = IdentityMemo(64)
    objs = [object() for _ in range(200)]
    wrong = []

    def worker() -> None:
        for _ in range(20):
            for i, o in enumerate(objs):
                if memo.get(o, None, lambda i=i: i) != i:
                    wrong.append(i)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == [] and len(memo) <= 64


def test_tile_views_are_cached_per_tile_object():
    tile = load_tileset("18india").tiles[3]
    assert tile_view(tile, 1) is tile_view(tile, 1)
    copy = tile.model_copy()
    assert tile_view(copy, 1) is not tile_view(tile, 1)
    assert tile_view(copy, 1) == tile_view(tile, 1)


def test_collector_pauses_nest_and_restore_the_state_they_found():
    assert gc.isenabled() and collector.pauses() == 0
    with collector.paused():
        assert not gc.isenabled()
        collector.pause()
        with collector.paused():
            assert not gc.isenabled()
        collector.resume()
        assert not gc.isenabled()  # the outer pause is still open
    assert gc.isenabled() and collector.pauses() == 0
    gc.disable()
    try:
        with collector.paused():
            pass
        assert not gc.isenabled()  # it was off before: it stays off
    finally:
        gc.enable()
    collector.resume()  # an extra resume is harmless
    assert gc.isenabled() and collector.pauses() == 0

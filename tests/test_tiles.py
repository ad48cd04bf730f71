"""Tiles: rotation, distinct rotations, tile-set validation and the bundled tile sets."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from model.tiles import TileDef, TilePath, TileSet, bundled_tilesets, load_tileset

CATALAN = load_tileset("catalan")


def all_tiles() -> list[tuple[TileDef, int]]:
    out = []
    for sid in bundled_tilesets():
        ts = load_tileset(sid)
        out += [(t, ts.sides) for t in ts.tiles]
    return out


ALL_TILES = all_tiles()


@pytest.mark.parametrize(
    "tile_id, count",
    [("straight", 2), ("curve", 4), ("switch_left", 4), ("switch_right", 4), ("crossing", 1), ("turntable", 1),
     ("bridge", 2), ("tunnel", 2), ("dead_end", 4)],
)
def test_catalan_distinct_rotations(tile_id, count):
    assert len(CATALAN.get(tile_id).distinct_rotations(4)) == count


def test_catalan_set_is_complete():
    assert {t.id for t in CATALAN.tiles} == {
        "straight", "curve", "switch_left", "switch_right", "crossing", "turntable", "bridge", "tunnel", "dead_end"
    }
    assert CATALAN.sides == 4
    assert all(t.count is None for t in CATALAN.tiles)  # counts are a scenario setting


def test_switches_are_mirror_images():
    left, right = CATALAN.get("switch_left"), CATALAN.get("switch_right")
    assert left.exits(0, 4) == {0, 1, 2} and right.exits(0, 4) == {0, 2, 3}
    # the two switches are never a rotation of each other
    assert not any(left._shape(r, 4) == right._shape(0, 4) for r in range(4))


@given(st.sampled_from(ALL_TILES), st.integers(0, 11))
def test_every_rotation_keeps_the_track(tile_sides, rotation):
    tile, sides = tile_sides
    rotation %= sides
    paths = tile.rotated_paths(rotation, sides)
    assert len(paths) == len(tile.paths)
    assert len(tile.exits(rotation, sides)) == len(tile.exits(0, sides))
    assert tile.exits(rotation, sides) == frozenset((e + rotation) % sides for e in tile.exits(0, sides))
    # node ports and terminal flags do not move
    assert [(a, b, t) for a, b, t in paths if isinstance(a, str) and isinstance(b, str)] == [
        (p.a, p.b, p.terminal) for p in tile.paths if isinstance(p.a, str) and isinstance(p.b, str)
    ]
    assert [t for *_, t in paths] == [p.terminal for p in tile.paths]


@given(st.sampled_from(ALL_TILES), st.integers(0, 5), st.integers(0, 5))
def test_rotations_compose_and_a_full_turn_is_identity(tile_sides, r1, r2):
    tile, sides = tile_sides
    assert tile._shape((r1 + r2) % sides, sides) == tile._shape(r1 + r2, sides)
    assert tile.rotated_paths(sides, sides) == tile.rotated_paths(0, sides)


@pytest.mark.parametrize("tile, sides", ALL_TILES, ids=lambda v: getattr(v, "id", str(v)))
def test_distinct_rotations_cover_every_shape(tile, sides):
    distinct = tile.distinct_rotations(sides)
    assert distinct[0] == 0 and distinct == sorted(set(distinct))
    assert sides % len(distinct) == 0  # the symmetry group of a tile divides the full turn
    shapes = {tile._shape(r, sides) for r in range(sides)}
    assert len(shapes) == len(distinct)
    assert {tile._shape(r, sides) for r in distinct} == shapes


def test_18india_set_has_all_50_tiles_with_counts():
    ts = load_tileset("18india")
    assert ts.sides == 6 and len(ts.tiles) == 50
    assert all(t.count is not None and t.count >= 1 for t in ts.tiles)
    ids = {t.id for t in ts.tiles}
    for t in ts.tiles:
        assert set(t.upgrades) <= ids, f"{t.id} upgrades to unknown tiles"
    # a plain straight has 3 distinct rotations on a hex, the gentle curve 6
    assert len(ts.get("9").distinct_rotations(6)) == 3
    assert len(ts.get("8").distinct_rotations(6)) == 6


def test_port_syntax():
    assert TilePath(a=0, b="n0").b == "n0"
    for bad in (6, -1, "x1", "n", "n-1", "n01", "n\u0663", "0", True, 1.5, None):
        with pytest.raises(ValidationError):
            TilePath(a=bad, b=0)


def test_path_to_missing_node_is_refused():
    with pytest.raises(ValidationError, match="node n1"):
        TileDef(id="t", nodes=[{"kind": "city"}], paths=[{"a": 0, "b": "n1"}])


def test_tile_set_refuses_duplicates_and_edges_beyond_its_sides():
    t = TileDef(id="s", paths=[TilePath(a=0, b=2)])
    with pytest.raises(ValidationError, match="appears twice"):
        TileSet(id="x", name="x", sides=4, tiles=[t, t])
    with pytest.raises(ValidationError, match="out of range for 4 sides"):
        TileSet(id="x", name="x", sides=4, tiles=[TileDef(id="h", paths=[TilePath(a=0, b=5)])])


def test_tile_defs_are_immutable():
    with pytest.raises(ValidationError):
        CATALAN.get("straight").id = "other"


@pytest.mark.parametrize("bad_id", ["nope", "../schema/scenario.schema", "a/b", "", "x" * 300, ".hidden"])
def test_unknown_or_path_like_tile_set_ids(bad_id):
    with pytest.raises(KeyError, match="no bundled tile set"):
        load_tileset(bad_id)


def test_bundled_tile_sets_are_cached_and_listed():
    assert {"catalan", "18india"} <= set(bundled_tilesets())
    assert load_tileset("catalan") is load_tileset("catalan")

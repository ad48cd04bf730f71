"""Editing a scenario's tile manifest (its :class:`~model.scenario.TileSupply`) and checking it.

Every edit is a function from a scenario to a **new** ``TileSupply`` (the editor's undo command
swaps the old and the new one), or a :class:`ManifestError` saying why the edit is refused
(for example removing a tile that is laid on the board). How a supply is changed:

* a standard tile added to a supply with no bundled set: the supply refers to
  ``18xx-standard`` and lists the tiles in play in ``only``;
* a tile of the supply's own bundled set that ``only`` left out: added back to ``only``;
* any other tile (a standard tile on a board that uses another set, a designed tile): written
  into ``custom`` (and into ``only`` when the supply has one);
* counts: a custom tile keeps its count on itself, a bundled tile in ``counts`` (``None`` =
  unlimited);
* upgrade overrides: ``TileSupply.upgrades`` (see :mod:`model.upgrade_graph`);
* what a player draws the mandatory tile from (Catalan): ``TileSupply.draw_weights``, see
  :func:`draw_chances`.

:func:`manifest_issues` is the checker's part: a yellow tile nothing can replace
(``manifest.yellow-dead-end``, a warning; only for a derived graph: where the manifest declares
its graph, an empty entry is the designer's choice; and only when some phase of ``play.phases``
allows green, as the engine upgrades a yellow only to green), and a listed upgrade whose target is not a later colour or loses exits
or cities (``manifest.upgrade-loses-track``, an error). (A count below the tiles already laid is the
shared ``core.supply-exceeded`` check.) Qt-free.
"""

from __future__ import annotations

from collections.abc import Iterable

from model.issues import Issue
from model.scenario import Scenario, TileSupply
from model.tiles import TileDef, TileSet, load_tileset
from model.upgrade_graph import declares_graph, effective_graph, upgrade_problem

STANDARD_SET = "18xx-standard"
COLOR_ORDER_ALL = ("yellow", "green", "brown", "gray", "white", "red", "blue", "track")


class ManifestError(ValueError):
    """A manifest edit that cannot be made (the message says why)."""


def standard_tiles() -> TileSet:
    """The standard 18xx tiles (resources/tilesets/18xx-standard.json)."""
    return load_tileset(STANDARD_SET)


def search_tiles(tiles: Iterable[TileDef], text: str = "", color: str | None = None) -> list[TileDef]:
    """Tiles whose number starts with ``text`` or whose label equals it, of ``color`` if given.

    The exact number comes first, then the other matches in the list's order (stable sort)."""
    text = text.strip()
    out = []
    for t in tiles:
        if color and t.color != color:
            continue
        if text and not (t.id.lower().startswith(text.lower()) or (t.label or "").lower() == text.lower()):
            continue
        out.append(t)
    if text:
        # the tile numbered exactly as typed first ("20" before 201), then longer numbers, labels
        key = text.lower()
        out.sort(key=lambda t: (t.id.lower() != key, not t.id.lower().startswith(key)))
    return out


def _base(supply: TileSupply) -> TileSet | None:
    return load_tileset(supply.set) if supply.set is not None else None


def _in_play(supply: TileSupply) -> list[str]:
    """Ids in play, in manifest order (the bundled set's order, then the custom tiles)."""
    base = _base(supply)
    ids = [t.id for t in base.tiles] if base is not None else []
    ids += [t.id for t in supply.custom if t.id not in ids]
    if supply.only is not None:
        keep = set(supply.only)
        ids = [i for i in ids if i in keep]
    return ids


def _same_track(a: TileDef, b: TileDef) -> bool:
    """The same tile but for its count."""
    return a.model_copy(update={"count": None}) == b.model_copy(update={"count": None})


def tile_uses(scenario: Scenario, tile_id: str) -> list[str]:
    """Where the scenario uses a tile: cell labels, hands, the drawn tile."""
    out = [label for label, c in scenario.board.cells.items() if c.tile is not None and c.tile.tile == tile_id]
    out += [f"the hand of {p.id}" for p in scenario.players if tile_id in p.hand]
    if scenario.state.drawn == tile_id:
        out.append("the drawn tile")
    return out


def add_tiles(scenario: Scenario, tiles: Iterable[TileDef]) -> TileSupply:
    """The supply with these tiles in play (tiles already in play are left as they are)."""
    supply = scenario.tiles
    sides = scenario.board.grid.sides
    in_play = set(_in_play(supply))
    new = supply.model_copy(deep=True)
    for t in tiles:
        if t.id in in_play:
            continue
        if any(isinstance(p, int) and p >= sides for path in t.paths for p in (path.a, path.b)):
            raise ManifestError(f"tile {t.id} has edges for a {6 if sides == 4 else 4}-sided cell; this board has {sides}")
        base = _base(new)
        std = standard_tiles().get(t.id)
        if base is None and not new.custom and new.only is None and std is not None and _same_track(std, t) and sides == 6:
            new.set, new.only = STANDARD_SET, [t.id]
            base = _base(new)
        if base is not None and t.id in base and _same_track(base.get(t.id), t):
            if new.only is not None and t.id not in new.only:
                new.only.append(t.id)
            if t.count != base.get(t.id).count:
                new.counts[t.id] = t.count
        else:
            new.custom = [c for c in new.custom if c.id != t.id] + [t]
            if new.only is not None:
                new.only.append(t.id)
        in_play.add(t.id)
    return new


def remove_tile(scenario: Scenario, tile_id: str) -> TileSupply:
    """The supply without this tile (refused while the scenario uses it)."""
    uses = tile_uses(scenario, tile_id)
    if uses:
        more = f" and {len(uses) - 3} more" if len(uses) > 3 else ""
        raise ManifestError(f"tile {tile_id} cannot be removed: it is used on {', '.join(uses[:3])}{more}")
    supply = scenario.tiles
    ids = _in_play(supply)
    if tile_id not in ids:
        raise ManifestError(f"tile {tile_id} is not in the manifest")
    new = supply.model_copy(deep=True)
    base = _base(new)
    new.custom = [c for c in new.custom if c.id != tile_id]
    if base is not None and tile_id in base:
        new.only = [i for i in ids if i != tile_id]
    elif new.only is not None:
        new.only = [i for i in new.only if i != tile_id]
    new.counts.pop(tile_id, None)
    new.draw_weights.pop(tile_id, None)
    new.upgrades.pop(tile_id, None)
    for k, v in list(new.upgrades.items()):
        if tile_id in v:
            new.upgrades[k] = [x for x in v if x != tile_id]
    return new


def set_count(scenario: Scenario, tile_id: str, count: int | None) -> TileSupply:
    """The supply with ``count`` copies of a tile (None = unlimited)."""
    if count is not None and count < 0:
        raise ManifestError(f"tile {tile_id}: a count cannot be negative ({count})")
    supply = scenario.tiles
    if tile_id not in _in_play(supply):
        raise ManifestError(f"tile {tile_id} is not in the manifest")
    new = supply.model_copy(deep=True)
    custom = next((c for c in new.custom if c.id == tile_id), None)
    if custom is not None:
        new.custom = [c.model_copy(update={"count": count}) if c.id == tile_id else c for c in new.custom]
        new.counts.pop(tile_id, None)
        return new
    base = _base(new)
    default = base.get(tile_id).count if base is not None and tile_id in base else None
    if count == default:
        new.counts.pop(tile_id, None)
    else:
        new.counts[tile_id] = count
    return new


def put_custom(scenario: Scenario, tile: TileDef, replaces: str | None = None) -> TileSupply:
    """The supply with a designed tile added, or replacing the custom tile ``replaces``."""
    supply = scenario.tiles
    ids = _in_play(supply)
    if tile.id != replaces and tile.id in ids:
        raise ManifestError(f"tile id {tile.id!r} is already in the manifest")
    if replaces is not None and replaces != tile.id and tile_uses(scenario, replaces):
        raise ManifestError(f"tile {replaces} is laid or held, so its id cannot change")
    new = supply.model_copy(deep=True)
    if replaces is None:
        return add_tiles(scenario, [tile])
    pos = next((i for i, c in enumerate(new.custom) if c.id == replaces), None)
    if pos is None:
        new.custom.append(tile)
    else:
        new.custom[pos] = tile
    if new.only is not None:
        new.only = [tile.id if i == replaces else i for i in new.only]
        if tile.id not in new.only:
            new.only.append(tile.id)
    base = _base(new)
    if base is not None and replaces in base and replaces != tile.id and new.only is None:
        new.only = [i for i in ids if i != replaces] + [tile.id]
    if replaces != tile.id:
        new.counts.pop(replaces, None)
        if replaces in new.draw_weights:
            new.draw_weights[tile.id] = new.draw_weights.pop(replaces)
        if replaces in new.upgrades:
            new.upgrades[tile.id] = new.upgrades.pop(replaces)
        for k, v in list(new.upgrades.items()):
            new.upgrades[k] = [tile.id if x == replaces else x for x in v]
    return new


def set_upgrades(scenario: Scenario, tile_id: str, targets: list[str] | None) -> TileSupply:
    """The supply with an upgrade override for a tile (None: back to the derived/declared list)."""
    ts = scenario.tileset()
    if tile_id not in ts:
        raise ManifestError(f"tile {tile_id} is not in the manifest")
    new = scenario.tiles.model_copy(deep=True)
    if targets is None:
        new.upgrades.pop(tile_id, None)
        return new
    bad = [t for t in targets if t not in ts]
    if bad:
        raise ManifestError(f"tile {tile_id}: {', '.join(bad)} not in the manifest")
    new.upgrades[tile_id] = list(dict.fromkeys(targets))
    return new


def set_draw_weight(scenario: Scenario, tile_id: str, weight: int | None) -> TileSupply:
    """The supply with a draw weight for a tile (None: no weight; see :func:`draw_chances`)."""
    if tile_id not in _in_play(scenario.tiles):
        raise ManifestError(f"tile {tile_id} is not in the manifest")
    if weight is not None and weight < 0:
        raise ManifestError(f"tile {tile_id}: a weight cannot be negative ({weight})")
    new = scenario.tiles.model_copy(deep=True)
    if weight is None:
        new.draw_weights.pop(tile_id, None)
    else:
        new.draw_weights[tile_id] = weight
    return new


def tiles_laid(scenario: Scenario) -> dict[str, int]:
    """How many copies of each tile type are on the board."""
    used: dict[str, int] = {}
    for cell in scenario.board.cells.values():
        if cell.tile is not None:
            used[cell.tile.tile] = used.get(cell.tile.tile, 0) + 1
    return used


def tiles_left(scenario: Scenario) -> dict[str, int | None]:
    """Copies of each tile type still in the supply (None = unlimited), in tile-set order."""
    used = tiles_laid(scenario)
    return {t.id: (None if t.count is None else t.count - used.get(t.id, 0)) for t in scenario.tileset().tiles}


def draw_chances(scenario: Scenario) -> dict[str, float]:
    """The chance of drawing each tile type for the mandatory phase (types that cannot come up left out).

    With ``tiles.draw_weights`` (e.g. the faces of a die): proportional to the weights, among the
    types with a copy left (a type without a weight never comes up). Without weights: drawn from
    the supply, every copy left equally likely (an unlimited type counts as one copy, as with
    a die face per type)."""
    left = tiles_left(scenario)
    weights = scenario.tiles.draw_weights
    if weights:
        raw = {t: w for t, w in weights.items() if w > 0 and t in left and (left[t] is None or left[t] > 0)}
    else:
        raw = {t: (1 if n is None else n) for t, n in left.items() if n is None or n > 0}
    total = sum(raw.values())
    return {t: w / total for t, w in raw.items()} if total else {}


def draw_tile(scenario: Scenario, rng) -> str | None:
    """A tile drawn at random by :func:`draw_chances` (``rng``: a ``random.Random``); None when none can come up."""
    chances = draw_chances(scenario)
    if not chances:
        return None
    ids = list(chances)
    return rng.choices(ids, weights=[chances[i] for i in ids], k=1)[0]


def graph_is_declared(scenario: Scenario) -> bool:
    """True when the manifest's own tiles list their upgrades (overrides aside)."""
    base = _base(scenario.tiles)
    return declares_graph(scenario.tiles.custom) or (base is not None and declares_graph(base.tiles))


def manifest_issues(scenario: Scenario) -> list[Issue]:
    """The checker's findings about the manifest (see the module docstring)."""
    ts = scenario.tileset()
    if scenario.board.grid.sides != 6 or not any(t.color == "yellow" for t in ts.tiles):
        return []
    graph = effective_graph(ts)
    explicit = {t.id for t in ts.tiles if t.upgrades}
    declared = graph_is_declared(scenario)
    # a game whose phases never allow green never upgrades a yellow (2038): no dead end there
    phases = scenario.play.phases
    upgraded = not phases or any("green" in p.tiles for p in phases)
    out = []
    for t in ts.tiles:
        # in a declared graph an empty entry is the designer's choice (18 India's special tiles)
        if upgraded and not declared and t.color == "yellow" and not graph.get(t.id):
            out.append(Issue("manifest.yellow-dead-end", "warning",
                             f"tile {t.id} (yellow) has no upgrade in the manifest: nothing can replace it"))
    for tid in sorted(explicit):
        old = ts.get(tid)
        for target in old.upgrades:
            new = ts.get(target)
            if new is None:
                continue
            why = upgrade_problem(old, new, ts.sides)
            if why:
                out.append(Issue("manifest.upgrade-loses-track", "error", why))
    return out

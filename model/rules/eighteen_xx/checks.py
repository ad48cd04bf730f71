"""The live board check of the 18xx rule sets: what is wrong with the board as it stands.

For every laid tile: it stands on a hex that takes tiles, a chain of upgrades leads to it from a
tile fitting the printed hex (colour, label, stops), the hex's terrain is one the tile may be laid on
(``tile-terrain``), it keeps the printed track, and every exit
leads to a hex that accepts it. For every station: it sits in a city circle, at most one per
company per hex, and reservations keep their circles. Companies' homes exist.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING

from model.grid import Coord
from model.memo import IdentityMemo
from model.rules import Issue
from model.rules.eighteen_xx import terrain
from model.rules.eighteen_xx.company import city_tokens
from model.rules.eighteen_xx.hexmap import LAYABLE_COLORS, TrackView, color_rank, count_of, printed_view, stub_failure
from model.upgrading import predicates as upgrades

if TYPE_CHECKING:  # pragma: no cover
    from model.rules.eighteen_xx import EighteenXX, Situation


def _chain_targets(rules: EighteenXX, sit: Situation, printed: TrackView) -> frozenset[str]:
    """Every tile id that can stand on a printed hex: fitting first tiles and what they upgrade to."""
    ts = sit.tileset
    key = (rules.id, printed.color, printed.label, printed.future_label, printed.city_count, printed.town_count)
    return _CHAINS.get(ts, key, lambda: _chain_of(ts, printed))


_CHAINS: IdentityMemo[frozenset[str]] = IdentityMemo(1024)


def _chain_of(ts, printed: TrackView) -> frozenset[str]:
    want = color_rank(printed.color) + 1
    first = [
        t
        for t in ts.tiles
        if color_rank(t.color) == want
        and upgrades.label_matches(printed, t) is None
        and upgrades.stops_preserved(printed, t) is None
    ]
    seen = {t.id for t in first}
    fl = printed.future_label
    if fl is not None and fl[1] is not None and upgrades.explicit_graph(ts):
        # the hex's future label names the label of a tile of its colour, whatever the graph says
        seen |= {
            t.id
            for t in ts.tiles
            if t.color == fl[1]
            and upgrades.label_matches(printed, t, later=True) is None
            and upgrades.stops_preserved(printed, t) is None
        }
    return _closure(ts, printed, seen, want)


def _closure(ts, printed: TrackView, seen: set[str], want: int) -> frozenset[str]:
    """``seen`` and every tile a chain of upgrades leads to from them."""
    if upgrades.explicit_graph(ts):
        queue = deque(seen)
        while queue:
            tdef = ts.get(queue.popleft())
            for nxt in tdef.upgrades if tdef else ():
                if nxt not in seen and nxt in ts:
                    seen.add(nxt)
                    queue.append(nxt)
    else:  # no graph: anything later with the same label and the same stops
        seen |= {
            t.id
            for t in ts.tiles
            if color_rank(t.color) > want
            and upgrades.label_matches(printed, t, later=True) is None
            and upgrades.stops_preserved(printed, t) is None
        }
    return frozenset(seen)


def _own_targets(rules: EighteenXX, sit: Situation, coord: Coord, printed: TrackView) -> frozenset[str]:
    """The tiles that can stand on a hex by the option ``hex_upgrades`` (the tiles a tile of the
    colour named there upgrades to, and what they upgrade to), when a tile of that colour can
    stand on the hex."""
    from model.rules.eighteen_xx import play

    text = sit.scenario.rules.options.get("hex_upgrades")
    entry = play.hex_upgrades(text).get(sit.sm.label_of[coord]) if isinstance(text, str) and text else None
    if entry is None:
        return frozenset()
    colour, listed = entry
    ts = sit.tileset
    if printed.color != colour and not any(
        (t := ts.get(i)) is not None and t.color == colour for i in _chain_targets(rules, sit, printed)
    ):
        return frozenset()
    return _closure(ts, printed, {i for i in listed if i in ts}, color_rank(colour) + 1)


def _tile_issues(rules: EighteenXX, sit: Situation, coord: Coord) -> list[Issue]:
    sm = sit.sm
    label = sm.label_of[coord]
    cell = sit.cell(coord)
    if cell.tile is None:
        return []
    tdef = sit.scenario.tile(cell.tile.tile)
    if tdef is None:  # pragma: no cover - refused when the file loads
        return []
    rot = cell.tile.rotation
    out: list[Issue] = []

    def issue(rule: str, msg: str, edges=()) -> None:
        out.append(Issue(rules.rid(rule), "error", msg, (label,), tuple(edges)))

    color = sm.printed_color[coord]
    if color not in LAYABLE_COLORS:
        issue("not-layable", f"{label}: tile {tdef.id} lies on a {color} hex; nothing may be laid there")
        return out
    printed = printed_view(sm.printed[coord])
    if color_rank(tdef.color) <= color_rank(printed.color):
        issue(
            "colour-progression",
            f"{label}: a {tdef.color} tile cannot lie on a {printed.color} hex (tiles only go up in colour)",
        )
    elif (fail := rules.fit_failure(sit, coord, printed, tdef)) is not None:
        issue(fail[0], f"{label}: {fail[1]}")
    elif (fail := upgrades.label_matches(printed, tdef, later=True)) is not None:
        issue(fail[0], f"{label}: {fail[1]}")
    elif tdef.id not in _chain_targets(rules, sit, printed) and tdef.id not in _own_targets(rules, sit, coord, printed):
        issue(
            "upgrade-chain",
            f"{label}: tile {tdef.id} cannot stand here: no chain of upgrades leads to it from a tile that fits "
            f"the printed hex ({count_of(printed.city_count, 'city')}, {count_of(printed.town_count, 'town')})",
        )
    elif (fail := terrain.terrain_failure(sm.printed[coord], tdef)) is not None:
        issue(fail[0], f"{label}: {fail[1]}")
    elif printed.paths and (fail := upgrades.paths_preserved(printed, tdef, rot, sm.sides)) is not None:
        issue(fail[0], f"{label}: {fail[1]}")
    for rule, msg in rules.exit_failures(sit, coord, tdef, rot):
        out.append(Issue(rules.rid(rule), "error", msg, (label,)))
    for fail in (rules.rotation_failure(sit, coord, tdef, rot),
                 stub_failure(sit.scenario, cell, label, tdef, rot, printed=True)):
        if fail:
            issue(fail[0], fail[1])
    return out


def _token_issues(rules: EighteenXX, sit: Situation, coord: Coord) -> list[Issue]:
    cell = sit.cell(coord)
    label = sit.sm.label_of[coord]
    if not cell.tokens and not cell.reserved and not any(c.reserved for c in cell.cities):
        return []
    view = sit.view(coord)
    nodes = view.city_nodes
    out: list[Issue] = []

    def issue(rule: str, msg: str) -> None:
        out.append(Issue(rules.rid(rule), "error", msg, (label,)))

    companies = {c.id for c in sit.scenario.companies}
    seen: set[str] = set()
    for t in cell.tokens:
        if t.city >= len(nodes):
            issue("token-outside-city", f"{label}: {t.company}'s station is in city {t.city}, but the hex has {count_of(len(nodes), 'city')}")
        if t.company in seen:
            issue("token-twice", f"{label}: {t.company} has more than one station on this hex")
        seen.add(t.company)
    for k, n in enumerate(nodes):
        slots = view.node_slots[n]
        owners = city_tokens(cell, k)
        if len(owners) > slots:
            issue("token-overfull", f"{label}: city {k} holds {len(owners)} stations but has {count_of(slots, 'circle')}")
        waiting = [r for r in cell.city_reserved(k) if r in companies and r not in seen]
        if waiting and slots - len(owners) < len(waiting):
            issue(
                "reservation-violated",
                f"{label}: city {k} must keep a circle for {', '.join(waiting)}, but other stations fill it",
            )
    waiting_hex = [r for r in cell.reserved if r in companies and r not in seen]
    if waiting_hex:
        free = sum(view.node_slots[n] - len(city_tokens(cell, k)) for k, n in enumerate(nodes))
        if free < len(waiting_hex):
            issue(
                "reservation-violated",
                f"{label}: a circle on this hex must stay free for {', '.join(waiting_hex)}, but stations fill them all",
            )
    return out


def _company_issues(rules: EighteenXX, sit: Situation) -> list[Issue]:
    out = []
    grid = sit.sm.grid
    for c in sit.scenario.companies:
        if c.home is None:
            continue
        coord = grid.coord(c.home)
        view = printed_view(sit.sm.printed[coord])  # homes name the printed cities
        if view.city_count == 0:
            out.append(Issue(rules.rid("company-home"), "error", f"{c.id}'s home {c.home} has no city", (c.home,)))
        elif c.home_city is not None and c.home_city >= view.city_count:
            out.append(
                Issue(
                    rules.rid("company-home"),
                    "error",
                    f"{c.id}'s home city {c.home_city} does not exist on {c.home} ({count_of(view.city_count, 'city')})",
                    (c.home,),
                )
            )
    return out


def board_issues(rules: EighteenXX, sit: Situation, coords: Iterable[Coord] | None) -> list[Issue]:
    """Issues of the given hexes (every described hex when None), and the company checks of the
    companies whose home is one of them."""
    grid = sit.sm.grid
    if coords is None:
        targets = [grid.coord(label) for label in sit.scenario.board.cells]
    else:
        targets = [c for c in coords if grid.contains(c)]
    out: list[Issue] = []
    for c in targets:
        out += _tile_issues(rules, sit, c)
        out += _token_issues(rules, sit, c)
    if coords is None:
        out += _company_issues(rules, sit)
    else:
        homes = {grid.label(c) for c in targets}
        out += [i for i in _company_issues(rules, sit) if set(i.cells) & homes]
    return out

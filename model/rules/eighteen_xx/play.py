"""The state of play as the 18xx rules read it: the game phase, the lay schedule, the track
restriction on the company's graph after a lay, and a tile's own costs.

Each function follows the 18xx.games engine's common track step (``Step::Tracker``):

* **phase** (``play.phases``, ``state.game_phase``): a tile whose colour the phase does not list
  is refused (``phase-colour``); with no phases listed every colour may be laid.
* **the lay schedule** (``play.tile_lays`` ...): the turn's k-th lay reads entry k, where k counts
  this turn's lays that count (not those of a private's ability, unless it consumes a lay);
  ``lay`` / ``upgrade`` may be ``not_if_upgraded``; ``cannot_reuse_same_hex`` refuses a hex laid
  earlier in the turn, which is otherwise allowed; ``cost`` / ``upgrade_cost`` are paid on top.
* **the track restriction**: an upgrade over old track must add a path that is on the
  company's graph after the lay and is not contained in an old path, or change the revenue
  of a city it reaches (``semi_restrictive``; the other modes as the engine has them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.memo import IdentityMemo, PairMemo
from model.rules import OptionSpec
from model.rules.eighteen_xx.company import may_walk, network
from model.rules.eighteen_xx.hexmap import TrackView, color_rank, count_of, field, node_exits, tile_view
from model.scenario import Company, LaidThisTurn, Scenario, TileLay
from model.tiles import TileDef, node_index

if TYPE_CHECKING:  # pragma: no cover
    from model.rules.eighteen_xx import Situation
    from model.rules.eighteen_xx.company import Network

Failure = tuple[str, str] | None


# --- phases -------------------------------------------------------------------------------------
def phase_colours(scenario: Scenario) -> frozenset[str] | None:
    """The tile colours the current phase allows (None: phases not modelled, or no phase set)."""
    phase = scenario.play.phase(scenario.state.game_phase)
    return None if phase is None else frozenset(phase.tiles)


def phase_failure(scenario: Scenario, tile: TileDef) -> Failure:
    """``phase-colour`` when the current phase does not allow the tile's colour."""
    colours = phase_colours(scenario)
    if colours is None or tile.color in colours:
        return None
    allowed = ", ".join(scenario.play.phase(scenario.state.game_phase).tiles) or "no colour"
    return ("phase-colour", f"tile {tile.id} is {tile.color}; phase {scenario.state.game_phase} allows {allowed}")


# --- the lay schedule -------------------------------------------------------------------------
def schedule(scenario: Scenario, company: Company | None, default_count: int | None) -> list[TileLay] | None:
    """The lay schedule of a company now: its own (``companies[].tile_lays``, the title's code),
    else the phase's, else its type's, else the scenario's, else ``default_count`` lays of either
    kind (None: the rule set has no schedule of its own)."""
    if company is not None and company.tile_lays is not None:
        return company.tile_lays
    play = scenario.play
    phase = play.phase(scenario.state.game_phase)
    if phase is not None and phase.tile_lays is not None:
        return phase.tile_lays
    if company is not None and company.type is not None and company.type in play.tile_lays_by_type:
        return play.tile_lays_by_type[company.type]
    if play.tile_lays:
        return play.tile_lays
    return None if default_count is None else [TileLay()] * default_count


def counts_toward_turn(scenario: Scenario, entry: LaidThisTurn) -> bool:
    """Does this lay take a place in the schedule? Not a private's, unless its ability consumes one."""
    if entry.private is None:
        return True
    pc = next((p for p in scenario.state.privates if p.id == entry.private), None)
    return pc is not None and any(a.type == "tile_lay" and a.consume_tile_lay for a in pc.abilities)


def was_upgrade(scenario: Scenario, entry: LaidThisTurn) -> bool:
    """Was this lay an upgrade (``laid[].upgrade``; unset: a tile that is not yellow)?"""
    if entry.upgrade is not None:
        return entry.upgrade
    tile = scenario.tile(entry.tile)
    return tile is not None and tile.color != "yellow"


def _allowed(value, upgraded: bool) -> bool:
    return (not upgraded) if value == "not_if_upgraded" else bool(value)


def entry_text(entry: TileLay) -> str:
    """``lay: true, upgrade: not_if_upgraded, cost: 20`` (what explain names)."""
    parts = [f"lay: {_word(entry.lay)}", f"upgrade: {_word(entry.upgrade)}"]
    if entry.cost:
        parts.append(f"cost: {entry.cost}")
    if entry.upgrade_cost is not None and entry.upgrade_cost != entry.cost:
        parts.append(f"upgrade_cost: {entry.upgrade_cost}")
    if entry.cannot_reuse_same_hex:
        parts.append("cannot_reuse_same_hex")
    return ", ".join(parts)


def _word(v) -> str:
    return v if isinstance(v, str) else ("true" if v else "false")


def current_entry(scenario: Scenario, laid: list[LaidThisTurn], lays: list[TileLay]) -> tuple[int, TileLay | None, bool]:
    """(index of the next lay, its schedule entry or None when the schedule is used up, whether an
    earlier counted lay of the turn was an upgrade)."""
    counted = [e for e in laid if counts_toward_turn(scenario, e)]
    upgraded = any(was_upgrade(scenario, e) for e in counted)
    k = len(counted)
    return k, (lays[k] if k < len(lays) else None), upgraded


def schedule_failure(
    scenario: Scenario, label: str, tile: TileDef, old: TrackView, laid: list[LaidThisTurn], lays: list[TileLay]
) -> Failure:
    """The schedule's verdict on a lay (the engine's ``lay_tile_action`` checks, in its order)."""
    k, entry, upgraded = current_entry(scenario, laid, lays)
    if entry is None:
        what = "a yellow" if tile.color == "yellow" else "an upgrade"
        return ("no-lays-left", f"Cannot lay {what} now: the turn allows {count_of(len(lays), 'tile lay')}")
    upgrade = old.color != "white"  # the engine's track_upgrade?: anything laid over a non-white hex
    where = f"lay {k + 1} of the turn ({entry_text(entry)})"
    if upgrade and not _allowed(entry.upgrade, upgraded):
        return ("lay-schedule", f"Cannot lay an upgrade now: {where}" + (" after an upgrade" if upgraded else ""))
    if tile.color == "yellow" and not _allowed(entry.lay, upgraded):
        return ("lay-schedule", f"Cannot lay a yellow now: {where}" + (" after an upgrade" if upgraded else ""))
    if entry.cannot_reuse_same_hex and any(e.cell == label for e in laid):
        return ("same-hex-twice", f"{label} cannot be laid as this hex was already laid on this turn ({where})")
    return None


def schedule_bars_hex(scenario: Scenario, label: str, old: TrackView, laid: list[LaidThisTurn], lays: list[TileLay]) -> bool:
    """Whether :func:`schedule_failure` refuses every tile on the hex: no lay left, an upgrade (a
    non-white hex) when the entry allows none, or the hex laid this turn when the entry says
    ``cannot_reuse_same_hex`` (the checks that do not read the tile)."""
    _k, entry, upgraded = current_entry(scenario, laid, lays)
    if entry is None:
        return True
    if old.color != "white" and not _allowed(entry.upgrade, upgraded):
        return True
    return entry.cannot_reuse_same_hex and any(e.cell == label for e in laid)


def schedule_cost(scenario: Scenario, tile: TileDef, laid: list[LaidThisTurn], lays: list[TileLay] | None) -> int:
    """What the schedule's entry adds to the lay's cost (``cost`` for a yellow, else ``upgrade_cost``)."""
    if not lays:
        return 0
    _k, entry, _up = current_entry(scenario, laid, lays)
    if entry is None:
        return 0
    if tile.color == "yellow":
        return entry.cost
    return entry.cost if entry.upgrade_cost is None else entry.upgrade_cost


def lay_context(rules, sit: Situation, move) -> list[str]:
    """What a legal lay was read against, for ``explain``: the phase, the schedule's entry, the
    private's ability."""
    scenario = sit.scenario
    out = []
    phase = scenario.play.phase(scenario.state.game_phase)
    if phase is not None:
        out.append(f"phase {phase.name} allows {', '.join(phase.tiles) or 'no colour'}")
    private = dict(move.extra).get("private") if rules.generic_abilities else None
    if private is not None:
        pc = next((p for p in scenario.state.privates if p.id == private), None)
        name = f"{pc.id} ({pc.name})" if pc is not None and pc.name else private
        out.append(f"laid with {name}'s tile_lay ability, outside the turn's lays")
        return out
    company = rules.company(scenario, move.actor)
    lays = rules.lay_schedule(sit, move.actor) if company is not None else None
    if lays:
        k, entry, _up = current_entry(scenario, sit.turn_laid(move.actor), lays)
        if entry is not None:
            out.append(f"lay {k + 1} of {len(lays)} this turn ({entry_text(entry)})")
    return out


# --- a hex's own upgrades -------------------------------------------------------------------
TITLE_OPTIONS = (
    OptionSpec("hex_upgrades", "", "Hexes whose tile of a colour upgrades only to the tiles listed, whatever the "
               "graph, labels and stops say (a title's upgrades_to?): 'HEX COLOUR: TILE ...; ...'."),
    OptionSpec("walk_any_gauge", False, "A company's network walks from track of one gauge onto another "
               "(the engine's ignore_gauge_walk on every tile)."),
)
"""Options of the ``18xx`` rule set for what a title's game class does in code."""

_HEX_UPGRADES: dict[str, dict[str, tuple[str, frozenset[str]]]] = {}


def hex_upgrades(text: str) -> dict[str, tuple[str, frozenset[str]]]:
    """The option ``hex_upgrades`` read: ``"D15 yellow: 14 15 619; L5 yellow: 443a"`` -> hex
    label -> (the colour of the tile there, the tiles it upgrades to). An entry it cannot read
    is left out."""
    hit = _HEX_UPGRADES.get(text)
    if hit is None:
        hit = {}
        for entry in text.split(";"):
            head, sep, tiles = entry.partition(":")
            words = head.split()
            if sep and len(words) == 2:
                hit[words[0]] = (words[1], frozenset(tiles.split()))
        if len(_HEX_UPGRADES) > 64:
            _HEX_UPGRADES.clear()
        _HEX_UPGRADES[text] = hit
    return hit


def hex_upgrade_list(scenario: Scenario, label: str, color: str) -> frozenset[str] | None:
    """The tiles a tile of ``color`` on the hex upgrades to by the option ``hex_upgrades`` (None:
    the option says nothing of this hex and colour)."""
    text = scenario.rules.options.get("hex_upgrades")
    if not text or not isinstance(text, str):
        return None
    entry = hex_upgrades(text).get(label)
    return entry[1] if entry is not None and entry[0] == color else None


def upgrade_failure(sit: Situation, label: str, old: TrackView, new: TileDef, relaxed: bool) -> Failure:
    """The first of the upgrade graph, label and stops rules a tile breaks (each asked only when
    the ones before pass); on a hex the option ``hex_upgrades`` names for the old tile's colour (a
    title's own ``upgrades_to?``), only whether the new tile is listed."""
    from model.upgrading import predicates as upgrades

    own = hex_upgrade_list(sit.scenario, label, old.color)
    if own is not None:
        return None if new.id in own else (
            "not-upgradeable", f"the {old.color} tile here upgrades only to {', '.join(sorted(own)) or 'nothing'}")
    return (upgrades.in_upgrade_graph(old, new, sit.tileset) or upgrades.label_matches(old, new)
            or (None if relaxed else upgrades.stops_preserved(old, new)))


# --- a tile's own costs -----------------------------------------------------------------------
def own_upgrade_cost(old: TrackView) -> int:
    """What replacing a laid tile costs by the tile's own ``upgrade=`` parts (1889's 438: 80)."""
    if old.tile is None:
        return 0
    return sum(c.cost for c in field(old.tile, "costs", ()) or ())


def carried_future_label(printed: TrackView, view: TrackView) -> TrackView:
    """A laid tile's view with the hex's future label, which the engine carries from tile to tile
    until a tile of the label's colour is laid (18VA)."""
    fl = printed.future_label
    if fl is None or view.tile is None or view.future_label is not None:
        return view
    colour = fl[1]
    if colour is None or color_rank(view.color) >= color_rank(colour) >= 0:
        return view
    from dataclasses import replace

    return replace(view, future_label=fl)


# --- the track restriction --------------------------------------------------------------------
def _max_revenue(value) -> int:
    if isinstance(value, int):
        return value
    nums = [int(x) for x in str(value).replace("|", " ").replace("_", " ").split() if x.lstrip("-").isdigit()]
    return max(nums, default=0)


def _node_revenues(view: TrackView, printed) -> tuple[int, ...]:
    """The max revenue of each node of a view (tile nodes, or the printed hex's stops; kept per
    view, and per printed cell for a view of printed track)."""
    if view.tile is not None:
        return _TILE_REVENUES.get(view, None, lambda: tuple(_max_revenue(n.revenue) for n in view.tile.nodes)
                                  + (0,) * (len(view.node_kinds) - len(view.tile.nodes)))

    def compute() -> tuple[int, ...]:
        stops = [*printed.cities, *printed.towns]
        return tuple(_max_revenue(s.revenue) for s in stops) + (0,) * (len(view.node_kinds) - len(stops))

    return _PRINTED_REVENUES.get(view, printed, None, compute)


_TILE_REVENUES: IdentityMemo[tuple[int, ...]] = IdentityMemo(8192)
_PRINTED_REVENUES: PairMemo[tuple[int, ...]] = PairMemo(8192)


def _ends(view: TrackView, i: int) -> list[tuple]:
    """A path's ends as the engine compares them: ('e', edge) or ('n', kind); a junction's ends are
    the far ends of the other paths at the junction."""
    a, b, _t = view.paths[i]
    out: list[tuple] = []
    for end in (a, b):
        if isinstance(end, int):
            out.append(("e", end))
            continue
        k = node_index(end)
        kind = view.node_kinds[k] if k < len(view.node_kinds) else "junction"
        if kind != "junction":
            out.append(("n", "town" if kind == "town" else kind))
            continue
        for j, (x, y, _) in enumerate(view.paths):
            if j == i or end not in (x, y):
                continue
            other = y if x == end else x
            if isinstance(other, int):
                out.append(("e", other))
            else:
                kk = node_index(other)
                out.append(("n", view.node_kinds[kk] if kk < len(view.node_kinds) else "junction"))
    return out


def _track(view: TrackView, i: int) -> str:
    return view.tracks[i] if view.tracks else "broad"


def _path_facts(view: TrackView) -> tuple[tuple, dict[str, tuple[int, ...]]]:
    """Per path of a view: its side ends (a tuple and a frozenset), its node ends (string and
    index), whether it is terminal; and per node end, the paths at it (kept per view)."""
    def compute():
        facts = []
        at_node: dict[str, list[int]] = {}
        for i, (a, b, terminal) in enumerate(view.paths):
            edges = tuple(e for e in (a, b) if isinstance(e, int))
            nodes = tuple((e, node_index(e)) for e in (a, b) if isinstance(e, str))
            facts.append((edges, frozenset(edges), nodes, terminal))
            for e, _k in nodes:
                at_node.setdefault(e, []).append(i)
        return tuple(facts), {e: tuple(js) for e, js in at_node.items()}

    return _PATH_FACTS.get(view, None, compute)


_PATH_FACTS: IdentityMemo = IdentityMemo(8192)


def reached_new_paths(sit: Situation, coord, new: TrackView, net: Network, blocks_city) -> set[int]:
    """Paths of the new tile that are on the company's graph after the lay: those at a side the
    company's walk crosses into the hex (``Network.entries``: the engine's walk enters every path
    of the hex at that edge), or at the company's station here, and on from there through the
    tile's nodes (not past a city that blocks the company). The walk up to its first entry into
    the hex is the same before and after the lay, so the sides it enters by are read from the
    board before it."""
    entries = net.entries.get(coord, ())
    busy = net.busy
    start_nodes: set[int] = set()
    for c, node in net.stations:
        if c == coord:
            old = sit.view(coord)
            if node in old.city_nodes:
                # the station moves to the new city keeping its old exits (cities merged into one)
                k = old.city_nodes.index(node)
                was, now = node_exits(old).get(node, frozenset()), node_exits(new)
                keep = [n for n in new.city_nodes if was and was <= now.get(n, frozenset())]
                if keep or k < len(new.city_nodes):
                    start_nodes.add(keep[0] if keep else new.city_nodes[k])
    facts, at_node = _path_facts(new)
    # a side entered, unless every crossing there came while the walk was out of the hex through
    # another edge of the path: per side, the crossings' other edges (None: entered freely)
    entered = {}
    for e in entries:
        out = busy.get((coord, e))
        entered[e] = out or None
    reached: set[int] = set()
    todo: list[int] = []
    for i, (edges, edge_set, nodes, _t) in enumerate(facts):
        hit = False
        for e in edges:
            if e in entered:
                out = entered[e]
                if out is None or any(not (o & edge_set) for o in out):
                    hit = True
                    break
        if not hit and start_nodes:
            hit = any(k in start_nodes for _e, k in nodes)
        if hit:
            reached.add(i)
            todo.append(i)
    nodes_seen: set[int] = set()
    while todo:
        i = todo.pop()
        _edges, _set, nodes, terminal = facts[i]
        if terminal:
            continue
        for end, k in nodes:
            if k in nodes_seen or blocks_city(k):
                continue
            nodes_seen.add(k)
            for j in at_node[end]:
                if j not in reached:
                    reached.add(j)
                    todo.append(j)
    return reached


def restriction_failure(
    sit: Situation, coord, tile: TileDef, rotation: int, old: TrackView, net: Network, mode: str, blocks_city
) -> Failure:
    """The engine's ``check_track_restrictions!`` for a company's lay over old track."""
    if mode == "permissive" or not old.paths:
        return None
    new = tile_view(tile, rotation, sit.sm.sides)
    printed = sit.sm.printed[coord]
    old_ends = _old_ends(old)
    fail = _restriction(sit, coord, tile, old, new, old_ends, printed, mode, reached_new_paths(sit, coord, new, net, blocks_city))
    passing = () if fail is None else _VERDICTS.get(old, new, (mode, sit.sm.label_of[coord], "passing"), lambda: () if not _converges(new) else tuple(
        i for i in range(len(new.paths)) if _restriction(sit, coord, tile, old, new, old_ends, printed, mode, {i}) is None))
    if passing:
        # an edge two paths of the new tile share makes the engine's walk let paths go again
        # (``converging``): the walk after the lay may come into the hex by other sides. The
        # verdict passes when one path it walks passes alone (new track, or a city's value
        # changed), so the walk is only worth taking when such a path exists, and it ends at
        # the first such path it walks
        sit.wide_walks += 1  # the verdict now reads the board beyond the hex (lay_moves' reuse)
        # only the walks of stations that entered the hex (or stand on it) read its track: the
        # others are the same after the lay and walk no path here
        by = net.entered_by
        starts = {st for st in net.stations if st not in by or st[0] == coord or coord in by[st]}
        if not starts:
            return fail
        # the walk is worth taking only if the track lets it come to a passing path at all
        if not may_walk(sit.scenario, sit.sm, net.company, net.stations, sit.view, coord, new, set(passing),
                        blocks_city, sit.walk_reading(net.company)):
            return fail
        company = sit.scenario.company(net.company)
        after = network(sit.scenario, sit.sm, company, net.virtual_home, {coord: new}, view_of=sit.view, starts=starts,
                        stop_at={(coord, i) for i in passing}, shared=sit.walk_reading(company.id))
        if after.stopped:
            return None
        fail = _restriction(sit, coord, tile, old, new, old_ends, printed, mode,
                            {i for c, i in after.walked if c == coord})
    return fail


def _converges(view: TrackView) -> bool:
    seen: set[int] = set()
    for a, b, _t in view.paths:
        for e in (a, b):
            if isinstance(e, int):
                if e in seen:
                    return True
                seen.add(e)
    return False


_OLD_ENDS: IdentityMemo = IdentityMemo(8192)
_VERDICTS: PairMemo = PairMemo(1 << 15)  # (old view, new view), (mode, hex, reached paths): the verdict; (..., "passing"): the paths passing alone


def _old_ends(old: TrackView) -> list:
    """Each old path's ends, track kind and index, as the restriction compares them (per view)."""
    return _OLD_ENDS.get(old, None, lambda: [(_ends(old, j), _track(old, j), j) for j in range(len(old.paths))])


def _restriction(sit: Situation, coord, tile: TileDef, old: TrackView, new: TrackView, old_ends, printed, mode: str,
                 reached: set[int]) -> Failure:
    """The restriction's verdict on the paths ``reached``: it reads the two views (frozen, the old
    one per cell or per tile and rotation, which stands for the printed cell's revenues), the
    mode, the hex's label and the tile (through the new view): kept by those."""
    return _VERDICTS.get(old, new, (mode, sit.sm.label_of[coord], frozenset(reached)),
                         lambda: _judge_restriction(sit, coord, tile, old, new, old_ends, printed, mode, reached))


def _judge_restriction(sit: Situation, coord, tile: TileDef, old: TrackView, new: TrackView, old_ends, printed, mode: str,
                       reached: set[int]) -> Failure:
    old_rev = _node_revenues(old, printed)
    new_rev = _node_revenues(new, printed)
    used_new = changed_city = False
    for i in sorted(reached):
        ends = _ends(new, i)
        track = _track(new, i)
        op = next(
            (j for o_ends, o_track, j in old_ends
             if all(e in o_ends for e in ends) and _tracks_match(track, o_track)),
            None,
        )
        if op is None:
            used_new = changed_city = True
            break
        a, b, _ = new.paths[i]
        oa, ob, _ = old.paths[op]
        nrev = sorted(new_rev[node_index(p)] for p in (a, b) if isinstance(p, str) and node_index(p) < len(new_rev))
        orev = sorted(old_rev[node_index(p)] for p in (oa, ob) if isinstance(p, str) and node_index(p) < len(old_rev))
        if nrev != orev:
            changed_city = True
    label = sit.sm.label_of[coord]
    if mode == "city_permissive" and not any(n.kind == "city" for n in tile.nodes) and not used_new:
        return ("track-restriction", f"{label}: Must be city tile or use new track")
    if mode == "restrictive" and not used_new:
        return ("track-restriction", f"{label}: Must use new track")
    if mode == "semi_restrictive" and not used_new and not changed_city:
        return ("track-restriction", f"{label}: Must use new track or change city value")
    if mode == "station_restrictive" and not used_new and not tile.nodes:
        return ("track-restriction", f"{label}: Must use new track")
    return None


_BROAD = {"broad", "dual"}
_NARROW = {"narrow", "dual"}


def _tracks_match(new: str, old: str) -> bool:
    if new == "broad":
        return old in _BROAD
    if new == "narrow":
        return old in _NARROW
    return new == old or new == "dual"

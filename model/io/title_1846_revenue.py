"""The revenue of a run in the 1846 family, computed from the route a game export records, for the
share market (:mod:`model.io.title_1846_market`) where an older export records the route and not
its revenue. It follows the engine's code (never run):

* ``Game::Base#compute_stops``: the stops are the ends of the route's connections; a train of a
  plain distance pays them all, an ``x/y`` train the best ``x`` (at least one of them a station
  of the corporation, ``Train#requires_token``: on a hex of several cities, in the city the
  route's path takes, ``City#tokened_by?``), bonuses included;
* ``RevenueCenter#route_revenue``: a stop's revenue is its tile's (a laid tile's city, else the
  printed one's), a phase value (``yellow_30|brown_50``) for the phase's latest colour;
* ``G1846::Game#revenue_for``: Boomtown +20, Meat Packing +30 and Steamboat +20 a port on the stop
  the company is assigned to, when the corporation is assigned it too; the east-west bonus (a stop
  of group ``E`` and one labelled ``W``: the numbers on both hexes' icons); the Mail Contract, +10
  a stop visited, on the corporation's longest route.

18 Los Angeles (:class:`Revenue18LA`, ``G18LosAngeles::Game#revenue_for``) pays its own bonus
companies (RKO Pictures, Los Angeles Citrus, Los Angeles Steamship), the east-west bonus also
north-south (a stop whose tile's label contains ``E`` and one with ``W``, else ``N`` and ``S``),
and takes the Dump's penalty off a route that stops at its hex (``dump_penalty``: 20, 10 at
Westminster unless the Steamship's bonus is paid there).

A route it cannot read (a hex not on the map, a train it does not know) gives None: the price is
then not followed, as when nothing is recorded.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from model.io.title_hooks import icon_name
from model.rules.eighteen_xx.hexmap import current_view
from model.tiles import node_index

if TYPE_CHECKING:
    from model.io.import_18xx_game import GameReplay

COLOURS = ("yellow", "green", "brown", "gray")


def phase_value(value: int | str, colour: str) -> int:
    """A revenue for the phase's colour: ``yellow_30|brown_50`` in green is 30."""
    if isinstance(value, int):
        return value
    by_colour = {}
    for part in str(value).split("|"):
        name, _, amount = part.partition("_")
        if amount.lstrip("-").isdigit():
            by_colour[name] = int(amount)
        elif name.lstrip("-").isdigit():
            return int(name)
    rank = COLOURS.index(colour) if colour in COLOURS else len(COLOURS) - 1
    for c in reversed(COLOURS[: rank + 1]):
        if c in by_colour:
            return by_colour[c]
    return min(by_colour.values(), default=0)


class Stop:
    """A stop of a route: its hex's revenue now, groups, label and icons, and whether the
    corporation has a station there (in one of ``cities``, the cities the route may stop at)."""

    def __init__(self, replay: GameReplay, label: str, colour: str, corp: str, cities: set[int] | None = None) -> None:
        scenario = replay.scenario
        cell = scenario.board.cell_at_label(label)
        self.label = label
        tdef = scenario.tile(cell.tile.tile) if cell.tile is not None else None
        if tdef is not None:
            values = [phase_value(n.revenue, colour) for n in tdef.nodes if n.kind in ("city", "town", "offboard")]
            self.icons = [icon_name(i) for i in cell.icons if "sticky:1" in i]  # a laid tile keeps the sticky ones
        else:
            values = [phase_value(s.revenue, colour) for s in (*cell.cities, *cell.towns)]
            self.icons = [icon_name(i) for i in cell.icons]
        self.revenue = max(values, default=0)
        self.groups = {g for s in cell.cities for g in s.groups}
        self.tile_label = str(current_view(scenario, cell).label or "")  # the label of the tile on the hex
        self.west = cell.label == "W"
        self.tokened = any(t.company == corp and (cities is None or t.city in cities) for t in cell.tokens)


class Revenue1846:
    """What a run earns (see the module): the assignments of the bonus companies, followed from
    the log, and the trains' variants."""

    BONUSES: tuple[tuple[str, int, str | None], ...] = (("BT", 20, None), ("MPC", 30, None), ("SC", 20, "port"))
    """``Game#revenue_for``: (company, bonus, the icon counted on the stop, if any); the last is the
    Steamboat (``event_close_companies!`` takes its bonus off unless a corporation owns it)."""

    def __init__(self) -> None:
        self.hex_of: dict[str, str] = {}  # company -> the hex it is assigned to
        self.corp_of: dict[str, str] = {}  # company -> the corporation it is assigned to
        self.variant: dict[str, str] = {}  # train id -> the variant bought

    # --- what the log says ------------------------------------------------------------------
    def assigned(self, action: dict) -> None:
        company, target = action.get("entity"), action.get("target")
        if not isinstance(company, str) or not isinstance(target, str):
            return
        if action.get("target_type") == "hex":
            self.hex_of[company] = target  # Assignable.remove_from_all!: one hex at a time
        elif action.get("target_type") in ("corporation", "minor"):
            self.corp_of[company] = target

    def bought_company(self, replay: GameReplay, corp: str, company: str) -> None:
        # Step::BuyCompany: a company with an assign_corporation ability (time: sold) is assigned
        # to the corporation buying it
        if any(a.get("type") == "assign_corporation" for a in replay.abilities.get(company, [])):
            self.corp_of[company] = corp

    def bought_train(self, action: dict) -> None:
        train, variant = action.get("train"), action.get("variant")
        if isinstance(train, str) and isinstance(variant, str):
            self.variant[train] = variant  # a train bought from a corporation keeps its variant

    def companies_close(self, replay: GameReplay) -> None:
        """``event_close_companies!``: a Steamboat not owned by a corporation loses its bonus."""
        steamboat = self.BONUSES[-1][0]
        if replay.owners.get(steamboat) not in replay.company_ids:
            self.hex_of.pop(steamboat, None)
            self.corp_of.pop(steamboat, None)

    def bonuses_removed(self) -> None:
        """``event_remove_bonuses!``: every assignment goes."""
        self.hex_of.clear()
        self.corp_of.clear()

    # --- a run ------------------------------------------------------------------------------
    def distance(self, replay: GameReplay, train: str) -> Any:
        """The train's distance (its variant's): a number, or the engine's list of slots."""
        name = self.variant.get(train, train.rsplit("-", 1)[0])
        for t in replay.title.trains:
            if t.get("name") == name:
                return t.get("distance")
            for v in t.get("variants") or []:
                if isinstance(v, dict) and v.get("name") == name:
                    return v.get("distance")
        return None

    def run(self, replay: GameReplay, corp: str, routes: list[dict]) -> int | None:
        """The revenue of one run (every route), or None when a route cannot be read."""
        phases = replay.scenario.play.phases
        colour = "yellow"
        if phases:
            tiles = phases[min(replay.phase_index, len(phases) - 1)].tiles
            colour = next((c for c in reversed(COLOURS) if c in tiles), "yellow")
        visits = []
        for route in routes:
            conns = route.get("connections") or []
            grid = replay.scenario.board.grid
            if not all(isinstance(c, list) and c and all(isinstance(h, str) for h in c) and grid.is_label(c[0])
                       and grid.is_label(c[-1]) for c in conns):
                return None
            cities: dict[str, set[int] | None] = {}  # a stop's hex -> the cities the route may stop at there
            for conn in conns:
                for end, inner in ((conn[0], conn[1:2]), (conn[-1], conn[-2:-1])):
                    found = self.cities_towards(replay, end, inner[0]) if inner else None
                    known = cities.get(end)
                    if known is None:
                        cities[end] = found
                    elif found is not None and known & found:
                        cities[end] = known & found  # the city both connections meet at
            visits.append([Stop(replay, label, colour, corp, cities[label]) for label in cities])
        mail = "MAIL" in replay.private_names and replay.owners.get("MAIL") == corp and "MAIL" not in replay.closed
        longest = max(range(len(routes)), key=lambda i: (len(visits[i]), str(routes[i].get("train"))), default=None)
        total = 0
        for i, route in enumerate(routes):
            train = route.get("train")
            if not isinstance(train, str):
                return None
            distance = self.distance(replay, train)
            paying = self.paying(visits[i], distance, corp, replay)
            if paying is None:
                return None
            total += paying
            if mail and i == longest:
                total += 10 * len(visits[i])
        return total

    def cities_towards(self, replay: GameReplay, label: str, neighbour: str) -> set[int] | None:
        """The cities of a hex a connection leaves it from toward ``neighbour`` (a route's stop
        on a hex of several cities is the city of the path it takes, ``tokened_by?`` that
        city's); None: any (one city, or no edge found)."""
        grid = replay.scenario.board.grid
        if not grid.is_label(neighbour):
            return None
        edge = grid.edge_towards(grid.coord(label), grid.coord(neighbour))
        view = current_view(replay.scenario, replay.scenario.board.cell_at_label(label))
        if edge is None or view.city_count < 2:
            return None
        ends = (node_index(b if a == edge else a) for a, b, _ in view.paths if edge in (a, b))
        found = {view.city_nodes.index(k) for k in ends if k in view.city_nodes}
        return found or None

    def paying(self, stops: list[Stop], distance: Any, corp: str, replay: GameReplay) -> int | None:
        """``compute_stops`` then ``revenue_for``: the best revenue of the stops the train pays."""
        if isinstance(distance, int):
            return self.revenue_for(stops, corp, replay)
        if not isinstance(distance, list) or not distance:
            return None
        pay = sum(int(d.get("pay", 0)) for d in distance if isinstance(d, dict))
        for n in range(min(pay, len(stops)), 0, -1):
            best = None
            for subset in combinations(stops, n):
                if not any(s.tokened for s in subset):
                    continue
                value = self.revenue_for(list(subset), corp, replay)
                best = value if best is None else max(best, value)
            if best is not None:
                return best
        return 0

    def revenue_for(self, stops: list[Stop], corp: str, replay: GameReplay) -> int:
        revenue = sum(s.revenue for s in stops)
        for company, bonus, icon in self.BONUSES:  # a closed company's assignments stay (until removed)
            if self.corp_of.get(company) != corp:
                continue
            stop = next((s for s in stops if s.label == self.hex_of.get(company)), None)
            if stop is not None:
                revenue += bonus * (stop.icons.count(icon) if icon else 1)
        return revenue + self.east_west_bonus(stops)

    def east_west_bonus(self, stops: list[Stop]) -> int:
        """A stop of group ``E`` and one labelled ``W``: the numbers on both hexes' icons."""
        east = next((s for s in stops if "E" in s.groups), None)
        west = next((s for s in stops if s.west), None)
        return _icon_numbers(east) + _icon_numbers(west) if east is not None and west is not None else 0

    # --- the log's other moves a run reads ---------------------------------------------------
    def placed_token(self, action: dict) -> None:
        """A ``place_token`` (only 18 Los Angeles' Dump is read)."""


def _icon_numbers(stop: Stop) -> int:
    return sum(int(i) for i in stop.icons if i.isdigit())


class Revenue18LA(Revenue1846):
    """``G18LosAngeles::Game#revenue_for``: 1846's with its own companies, the east-west or
    north-south bonus, less the Dump's penalty."""

    BONUSES = (("RKO", 20, None), ("LAC", 30, None), ("LAS", 20, "port"))
    DUMP = "APD"
    """The company whose token is the Dump (``dump_company``; ``Step::SpecialToken`` keeps it)."""
    DUMP_PENALTY = 20
    DUMP_PENALTY_WESTMINSTER = 10
    WESTMINSTER_HEX = "F9"

    def __init__(self) -> None:
        super().__init__()
        self.dump_hex: str | None = None

    def placed_token(self, action: dict) -> None:
        if action.get("entity") == self.DUMP and isinstance(action.get("hex"), str):
            self.dump_hex = action["hex"]

    def revenue_for(self, stops: list[Stop], corp: str, replay: GameReplay) -> int:
        return super().revenue_for(stops, corp, replay) - self.dump_penalty(stops, corp, replay)

    def east_west_bonus(self, stops: list[Stop]) -> int:
        """A stop whose tile's label contains ``E`` and one with ``W``, else ``N`` and ``S``."""
        def first(letter: str) -> Stop | None:
            return next((s for s in stops if letter in s.tile_label), None)

        for a, b in (("E", "W"), ("N", "S")):
            one, other = first(a), first(b)
            if one is not None and other is not None:
                return _icon_numbers(one) + _icon_numbers(other)
        return 0

    def dump_penalty(self, stops: list[Stop], corp: str, replay: GameReplay) -> int:
        """``dump_penalty``: 20 a route stopping at the Dump's hex; 10 at Westminster, unless the
        Steamship's owner runs it there with the Steamship assigned to the hex."""
        if self.dump_hex is None or not any(s.label == self.dump_hex for s in stops):
            return 0
        if self.dump_hex != self.WESTMINSTER_HEX:
            return self.DUMP_PENALTY
        steamboat = self.BONUSES[-1][0]
        paid = replay.owners.get(steamboat) == corp and self.hex_of.get(steamboat) == self.dump_hex
        return self.DUMP_PENALTY if paid else self.DUMP_PENALTY_WESTMINSTER


__all__ = ["Revenue1846", "Revenue18LA", "Stop", "phase_value"]

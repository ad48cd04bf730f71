"""Regenerate the bundled 18 India data from the reference map (tests/data/18india_reference.json).

Usage::

    .venv/bin/python tools/build_18india.py [--reference tests/data/18india_reference.json]

Writes two files:

* ``resources/tilesets/18india.json``: the 50 tile types of the manifest with counts, colours,
  labels, nodes (cities, then towns, then the junction), paths and the upgrade graph. The
  18 India town->city upgrades carry a ``town-to-city:<id>`` tag on the yellow town tile; the
  single-slot green cities reserved for them carry the tag ``towns-only``.
* ``scenarios/18india.json``: every one of the 193 hexes (terrain and cost, cities, towns, printed
  track, names, labels, icons, reservations), the river and gauge-line sides, the tile manifest
  reference and the 18 companies, saved with :func:`model.io.save` (canonical bytes).

The map is a transcription of the published game (18 India, GMT Games; designers M. Carter,
A. Fryer, J. Harres, N. Neylon) as implemented on 18xx.games; the scenario's ``meta.attribution``
says so.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from model.board import Board, Cell, City, EdgeFeature, Town  # noqa: E402
from model.grid import HexGrid  # noqa: E402
from model.io import save  # noqa: E402
from model.io.migrate import INDIA_V2_ABILITIES  # noqa: E402
from model.scenario import Company, GameState, Meta, PrivateCompany, RulesRef, Scenario, TileSupply  # noqa: E402
from model.tiles import Node, TileDef, TilePath, TileSet  # noqa: E402

DEFAULT_REFERENCE = ROOT / "tests" / "data" / "18india_reference.json"
TILESET_PATH = ROOT / "resources" / "tilesets" / "18india.json"
SCENARIO_PATH = ROOT / "scenarios" / "18india.json"

# Tags understood by the 18india rule set (see docs/18india.md).
TOWN_TO_CITY_TAG = "town-to-city:"
TOWNS_ONLY_TAG = "towns-only"

# Company colours as printed (hex colours from the 18xx.games implementation).
COMPANY_COLORS = {
    "GIPR": ("#ffffff", "#000000"),
    "NWR": ("#48bc39", "#ffffff"),
    "EIR": ("#f14324", "#ffffff"),
    "NCR": ("#d8ba9e", "#000000"),
    "MR": ("#fccd1c", "#000000"),
    "SIR": ("#702f2b", "#ffffff"),
    "BNR": ("#c4711c", "#ffffff"),
    "CGR": ("#967ac4", "#ffffff"),
    "PNS": ("#9fc322", "#000000"),
    "WIP": ("#f24780", "#ffffff"),
    "EBR": ("#72818e", "#ffffff"),
    "BR": ("#6046a6", "#ffffff"),
    "NSR": ("#458dd3", "#ffffff"),
    "TR": ("#100e0d", "#ffffff"),
    "SPD": ("#c3b07a", "#000000"),
    "DHR": ("#2c8e48", "#ffffff"),
    "WR": ("#3766ba", "#ffffff"),
    "KGF": ("#da193a", "#ffffff"),
}

TERRAIN_BY_COLOR = {"gray": "gray", "red": "offboard", "blue": "lake"}


def _revenue(value) -> int | str:
    """Revenue as an int when it is a plain number, else the phase string as written."""
    text = str(value)
    return int(text) if text.lstrip("-").isdigit() else text


def _port(end: dict, n_cities: int, n_towns: int) -> int | str:
    """A reference path end ({edge} or {node, index}) as a Trackwright port."""
    if "edge" in end:
        return int(end["edge"])
    offset = {"city": 0, "town": n_cities, "junction": n_cities + n_towns}[end["node"]]
    return f"n{offset + int(end['index'])}"


def _paths(entry: dict) -> list[TilePath]:
    nc, nt = len(entry["cities"]), len(entry["towns"])
    return [
        TilePath(a=_port(p["a"], nc, nt), b=_port(p["b"], nc, nt), terminal=bool(p.get("terminal")))
        for p in entry["paths"]
    ]


def _tile_name(t: dict) -> str:
    """A short description of a tile for palettes and messages."""
    nc, nt = len(t["cities"]), len(t["towns"])
    n_exits = len(t["exits"])
    if t["label"] == "FERRY":
        kind = "ferry"
    elif nt == 3:
        kind = "three towns"
    elif nc == 2:
        kind = "OO cities"
    elif nc == 1:
        slots = t["cities"][0]["slots"]
        kind = f"city ({slots} slot{'s' if slots > 1 else ''})"
    elif nt == 1:
        kind = "town"
    elif t["junction"]:
        kind = "junction"
    else:
        kind = {frozenset((0, 3)): "straight", frozenset((0, 2)): "gentle curve", frozenset((0, 1)): "sharp curve"}.get(
            frozenset(t["exits"]), "track"
        )
    return f"{t['color']} {kind}, {n_exits} exit{'s' if n_exits != 1 else ''}"


def build_tileset(ref: dict) -> TileSet:
    """The 18 India tile manifest as a Trackwright tile set."""
    special = ref["special_rules"]["town_to_city_upgrades"]
    towns_only = set(ref["special_rules"]["yellow_city_may_not_become_single_slot_green"]["to"])
    tiles = []
    for t in ref["tiles"]:
        nodes = [
            Node(kind="city", slots=int(c["slots"]), revenue=_revenue(c["revenue"]), groups=list(c.get("groups", [])))
            for c in t["cities"]
        ]
        nodes += [Node(kind="town", revenue=_revenue(tw["revenue"]), style=tw.get("style")) for tw in t["towns"]]
        if t["junction"]:
            nodes.append(Node(kind="junction"))
        tags = [TOWN_TO_CITY_TAG + to for to in sorted(special.get(t["name"], []), key=_tile_sort_key)]
        if t["name"] in towns_only:
            tags.append(TOWNS_ONLY_TAG)
        tiles.append(
            TileDef(
                id=t["name"],
                name=_tile_name(t),
                color=t["color"],
                label=t["label"],
                nodes=nodes,
                paths=_paths(t),
                count=int(t["count"]),
                upgrades=[u["to"] for u in t["upgrades_to"]],
                tags=tags,
            )
        )
    return TileSet(id="18india", name="18 India (GMT Games) tile manifest", sides=6, tiles=tiles)


def _tile_sort_key(tile_id: str) -> tuple[int, str]:
    return (int(tile_id), "") if tile_id.isdigit() else (10_000, tile_id)


def _cell(h: dict, homes: dict[str, list[tuple[str, int | None]]]) -> Cell:
    color = h["color"]
    terrain, cost = TERRAIN_BY_COLOR.get(color, "plain"), 0
    for t in h["terrain"]:
        cost += int(t["cost"])
        terrain = {"hill": "hill", "mountain": "mountain", "water": "water"}.get(t["type"], terrain)
    cities = [
        City(slots=int(c["slots"]), revenue=_revenue(c["revenue"]), groups=list(c.get("groups", [])))
        for c in h["cities"]
    ]
    reserved_hex: list[str] = []
    for company, index in homes.get(h["coord"], []):
        if index is None and len(cities) == 1:
            index = 0
        if index is None:
            reserved_hex.append(company)
        else:
            cities[index].reserved.append(company)
    return Cell(
        terrain=terrain,
        cost=cost,
        name=h["name"],
        label=h["labels"][0] if h["labels"] else None,
        cities=cities,
        towns=[Town(revenue=_revenue(t["revenue"])) for t in h["towns"]],
        junction=bool(h["junction"]),
        paths=_paths(h),
        reserved=reserved_hex,
        icons=list(h["icons"]),
    )


def _edge_features(ref: dict, grid: HexGrid) -> list[EdgeFeature]:
    """One feature per side: 81 gauge lines, and the river sides (29 plain ones plus the 7 gauge
    lines that also carry a river cost, which get both a gauge and a river feature)."""
    out = []
    for g in ref["gauge_lines"]:
        out.append(EdgeFeature(cell=g["hexes"][0], edge=int(g["edge_of_first"]), kind="gauge"))
        if g["cost"]:
            out.append(EdgeFeature(cell=g["hexes"][0], edge=int(g["edge_of_first"]), kind="river", cost=int(g["cost"])))
    for r in ref["river_crossings"]:
        out.append(EdgeFeature(cell=r["hexes"][0], edge=int(r["edge_of_first"]), kind="river", cost=int(r["cost"])))

    def key(f: EdgeFeature):
        x, y = grid.coord(f.cell)
        return (y, x, f.edge, f.kind)

    return sorted(out, key=key)


PRIVATES = (
    ("P1", "Swedish EIC"),
    ("P2", "Portuguese EIC"),
    ("P3", "Dutch EIC"),
    ("P4", "French EIC"),
    ("P5", "Danish EIC"),
    ("P6", "British EIC"),
)
"""The six private companies, unowned at the start (P2 and P3 carry their tile-lay abilities, the
company cards' words; P4's discount is the rule set's own)."""


def build_scenario(ref: dict) -> Scenario:
    """The whole 18 India map with its companies, checked by the ``18india`` rule set."""
    coords = sorted(((h["x"], h["y"]), h["coord"]) for h in ref["hexes"])
    grid = HexGrid(
        width=max(c[0][0] for c in coords) + 1,
        height=max(c[0][1] for c in coords) + 1,
        orientation="flat",
        parity=1,
        cells=[label for _, label in sorted(coords, key=lambda c: (c[0][1], c[0][0]))],
    )
    homes: dict[str, list[tuple[str, int | None]]] = {}
    for corp in ref["corporations"]:
        if corp["home"]:
            homes.setdefault(corp["home"], []).append((corp["sym"], corp["home_city_index"]))
    cells = {}
    for h in sorted(ref["hexes"], key=lambda h: (h["y"], h["x"])):
        cell = _cell(h, homes)
        if not cell.is_empty():
            cells[h["coord"]] = cell
    companies = []
    for corp in ref["corporations"]:
        color, text = COMPANY_COLORS.get(corp["sym"], ("#444444", "#ffffff"))
        companies.append(
            Company(
                id=corp["sym"],
                name=corp["name"],
                color=color,
                text_color=text,
                home=corp["home"],
                home_city=corp["home_city_index"],
                tokens=[int(v) for v in corp["tokens"]],
            )
        )
    src = ref["source"]
    meta = Meta(
        title="18 India",
        game="18 India",
        author="Trackwright transcription",
        description=(
            "The full 18 India map: 193 hexes, rivers and gauge lines, the 50-tile manifest and the 18 companies "
            "with their homes. Regenerate with tools/build_18india.py."
        ),
        attribution=(
            "18 India is a game by M. Carter, A. Fryer, J. Harres and N. Neylon, published by GMT Games. "
            f"Map transcribed from the 18xx.games implementation ({src['url']}, commit {src['commit'][:12]}), "
            "used there with the publisher's permission."
        ),
    )
    return Scenario(
        meta=meta,
        rules=RulesRef(id="18india"),
        board=Board(grid=grid, cells=cells, edges=_edge_features(ref, grid)),
        tiles=TileSupply(set="18india"),
        companies=companies,
        state=GameState(game_phase="I", privates=[
            PrivateCompany(id=pid, name=name, abilities=INDIA_V2_ABILITIES.get(pid, [])) for pid, name in PRIVATES
        ]),
    )


def tileset_text(ts: TileSet) -> str:
    data = ts.model_dump(mode="json", exclude_defaults=True)
    data = {"format": ts.format, "version": ts.version, **data}
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reference", default=str(DEFAULT_REFERENCE), help="the extracted 18india_map.json")
    ap.add_argument("--tileset", default=str(TILESET_PATH))
    ap.add_argument("--scenario", default=str(SCENARIO_PATH))
    args = ap.parse_args(argv)
    ref = json.loads(Path(args.reference).read_text(encoding="utf-8"))
    ts = build_tileset(ref)
    Path(args.tileset).write_text(tileset_text(ts), encoding="utf-8")
    from model import tiles as tiles_module

    tiles_module._bundled_tileset.cache_clear()
    scenario = build_scenario(ref)
    save(scenario, args.scenario, backup=False)
    print(f"wrote {args.tileset} ({len(ts.tiles)} tiles) and {args.scenario} ({len(scenario.board.grid)} hexes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The 18xx.games tile-code codec: the engine's tile language read into tiles and written back.

* **Tile language** (``TILES.md`` upstream): a tile is a ``;``-separated list of parts
  ``type=key:value,key:value``; a list inside a value is ``|``-separated; some parts take a bare
  value (``label=OO``) or none (``junction``). The parts are :mod:`model.io.tile_parts`'
  (:func:`~model.io.tile_parts.parse_parts` / :func:`~model.io.tile_parts.format_parts` read and
  write them; :func:`~model.io.tile_parts.canonical_parts` compares two strings by meaning);
  :func:`tile_from_code` / :func:`tile_code` here convert between a code string and our
  :class:`~model.tiles.TileDef`.

The Ruby files that carry these codes are read by :mod:`model.io.ruby_eval`.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, field

from pydantic import ValidationError

from model.io.messages import field_problem
from model.io.tile_parts import (
    NODE_PARTS,
    DslError,
    Part,
    extra_note,
    format_parts,
    parse_parts,
    parse_revenue,
    short,
    unknown_keys,
)
from model.tiles import Frame, FutureLabel, Node, Partition, TerrainCost, TileBorder, TileDef, TilePath


@contextmanager
def _values(where: str):
    """A value the model refuses (a ``format:`` of 30 characters) is a :class:`DslError` naming
    the part, the key and a short excerpt, never a ``ValidationError``."""
    try:
        yield
    except ValidationError as exc:
        raise DslError(f"{where}: {field_problem(exc)}") from None


_extra = unknown_keys


def _node_ref(port: int | str, node_index: dict[int, int] | None = None) -> str:
    if isinstance(port, int):
        return str(port)
    k = int(port[1:])
    return f"_{node_index[k] if node_index else k}"


# --- stops: the keys of city=, town=, offboard= and halt=, and the fields that hold them ------

_TRUE = {"1", "true"}
STOP_KEYS = {
    "city": {"revenue", "slots", "groups", "hide", "visit_cost", "route", "boom", "loc", "format"},
    "offboard": {"revenue", "groups", "hide", "visit_cost", "route", "format", "loc", "rows"},
    "town": {"revenue", "groups", "hide", "visit_cost", "route", "boom", "loc", "format", "style", "to_city"},
    "halt": {"revenue", "groups", "hide", "visit_cost", "route", "loc", "format", "symbol"},
}
DRAWING_STOP_KEYS = {"outline"}
"""Stop keys with no field (drawing only); dropped only under ``lenient``."""
IGNORED_STOP_KEYS = {"reservation"}
"""Keys the engine itself ignores on a stop: dropped with a warning."""


def stop_fields(kind: str, params: dict[str, str], where: str) -> dict:
    """The :class:`~model.tiles.StopDetails` fields (and revenue, slots, groups, style) of a stop part."""
    out: dict = {"revenue": parse_revenue(params.get("revenue", "0"))}
    for key, v in params.items():
        if key == "revenue":
            continue
        if key == "slots":
            if not re.fullmatch(r"\d{1,2}", v):
                raise DslError(f"{where}: slots:{short(v, 20)} is not a number of station circles")
            out["slots"] = int(v)
        elif key == "groups":
            out["groups"] = [g for g in v.split("|") if g]
        elif key in ("hide", "boom", "to_city"):
            out[key] = v in _TRUE
            if v not in _TRUE | {"0", "false"}:
                raise DslError(f"{where}: {key}:{short(v, 20)} must be 1 or 0")
        elif key == "visit_cost":
            if not re.fullmatch(r"\d{1,4}", v):
                raise DslError(f"{where}: visit_cost:{short(v, 20)} is not a number")
            out["visit_cost"] = int(v)
        elif key == "route":
            if v not in ("mandatory", "optional", "never"):
                raise DslError(f"{where}: route:{short(v, 20)} must be mandatory, optional or never")
            out["route"] = v
        elif key in ("loc", "format", "style", "symbol"):
            out[key] = v
        elif key == "rows":
            if not re.fullmatch(r"\d", v):
                raise DslError(f"{where}: rows:{short(v, 20)} is not a number 0-9")
            out["rows"] = int(v)
    return out


def stop_params(kind: str, d) -> dict[str, str]:
    """The inverse of :func:`stop_fields` for a node, city or town ``d``."""
    params = {"revenue": str(d.revenue)} if kind != "halt" or d.revenue else {}
    if kind == "halt" and d.symbol is not None:
        params = {"symbol": d.symbol, **params}
    if kind == "city" and getattr(d, "slots", 1) != 1:
        params["slots"] = str(d.slots)
    if d.groups:
        params["groups"] = "|".join(d.groups)
    for key in ("hide", "boom", "to_city"):
        if getattr(d, key):
            params[key] = "1"
    if d.visit_cost is not None:
        params["visit_cost"] = str(d.visit_cost)
    for key in ("route", "loc", "format", "rows"):
        if getattr(d, key) is not None:
            params[key] = str(getattr(d, key))
    if kind == "town" and getattr(d, "style", None) and not d.style.startswith("boomtown"):  # 18xx-maker's drawing only
        params["style"] = d.style
    params.update(dict(d.extra))
    return params


def stop_kind(n) -> str:
    """The part type of a node: city, offboard, town, halt or junction."""
    if n.kind == "junction":
        return "junction"
    if n.kind == "town":
        return "halt" if n.halt else "town"
    if n.kind == "city":
        return "offboard" if n.offboard else "city"
    raise DslError(f"a {n.kind} node has no 18xx.games equivalent")


def node_parts(nodes: list[Node], offboard_slots0: bool = False) -> list[Part]:
    """The node parts of a tile's nodes (cities, towns, junctions) in their order.

    ``offboard_slots0``: a city with no station circle is written as ``offboard=`` (the
    convention of red hexes and red tiles)."""
    out = []
    for n in nodes:
        kind = stop_kind(n)
        if kind == "junction":
            out.append(Part("junction", dict(n.extra)))
            continue
        if kind == "city" and offboard_slots0 and n.slots == 0 and n.offboard is None:
            kind = "offboard"
        params = stop_params(kind, n)
        if kind == "offboard":
            params.pop("slots", None)
        out.append(Part(kind, params))
    return out


def path_part(a: int | str, b: int | str, terminal: bool, path: TilePath | None = None) -> Part:
    """A ``path=`` part (``path`` supplies track kind, lanes and the other path keys)."""
    params = {"a": _node_ref(a), "b": _node_ref(b)}
    if terminal:
        params["terminal"] = str(path.terminal_style if path is not None else 1)
    if path is not None:
        if path.track not in ("broad", "dashed"):  # 18xx.games has no dashed track: it is written as broad
            params["track"] = path.track
        if path.lanes is not None:
            params["lanes"] = str(path.lanes)
        if path.a_lane is not None:
            params["a_lane"] = path.a_lane
        if path.b_lane is not None:
            params["b_lane"] = path.b_lane
        if path.ignore:
            params["ignore"] = "1"
        if path.loc is not None:
            params["loc"] = path.loc
        params.update(dict(path.extra))
    return Part("path", params)


def decor_parts(d) -> list[Part]:
    """The parts of a hex or tile's :class:`~model.tiles.HexDecor` (not its upgrade costs)."""
    out = [Part("stub", {"edge": str(e)}) for e in d.stubs]
    for pt in d.partitions:
        params = {"a": pt.a, "b": pt.b, "type": pt.type}
        if pt.restrict is not None:
            params["restrict"] = pt.restrict
        params.update(dict(pt.extra))
        out.append(Part("partition", params))
    if d.future_label is not None:
        params = {}
        if d.future_label.label is not None:
            params["label"] = d.future_label.label
        if d.future_label.color is not None:
            params["color"] = d.future_label.color
        out.append(Part("future_label", params))
    if d.frame is not None:
        out.append(Part("frame", {"color": d.frame.color, **({"color2": d.frame.color2} if d.frame.color2 else {})}))
    if d.stripes is not None:
        out.append(Part("stripes", {"color": d.stripes}))
    out += [parse_parts(raw)[0] for raw in d.extra_parts if parse_parts(raw)]  # kept as written
    return out


def cost_part(c: TerrainCost) -> Part:
    params = {"cost": str(c.cost)}
    if c.terrains:
        params["terrain"] = "|".join(c.terrains)
    if c.size is not None:
        params["size"] = str(c.size)
    if c.loc is not None:
        params["loc"] = c.loc
    params.update(dict(c.extra))
    return Part("upgrade", params)


def icon_part(icon: str, defaults: str) -> Part:
    """An ``icon=`` part: a plain image name gets ``defaults``; ``image:...`` is kept verbatim."""
    text = icon if icon.startswith("image:") else f"image:{icon}" + (f",{defaults}" if defaults else "")
    return Part("icon", dict(kv.split(":", 1) for kv in text.split(",")))


def tile_code(tile: TileDef) -> str:
    """The 18xx.games code of a tile (nodes, paths, label, then the other parts)."""
    parts = node_parts(list(tile.nodes), offboard_slots0=tile.color == "red")
    parts += [path_part(p.a, p.b, p.terminal, p) for p in tile.paths]
    if tile.label is not None:
        parts.append(Part("label", bare=tile.label))
    parts += [Part("label", bare=lbl) for lbl in tile.labels]
    parts += [cost_part(c) for c in tile.costs]
    for b in tile.borders:
        params = {"edge": str(b.edge)}
        if b.type is not None:
            params["type"] = b.type
        if b.cost is not None:
            params["cost"] = str(b.cost)
        if b.color is not None:
            params["color"] = b.color
        params.update(dict(b.extra))
        parts.append(Part("border", params))
    parts += [icon_part(i, "") for i in tile.icons]
    parts += decor_parts(tile)
    return format_parts(parts)


def _port(text: str, n_nodes: int, where: str) -> int | str:
    if re.fullmatch(r"[0-5]", text):
        return int(text)
    m = re.match(r"_(\d+)", text)
    if m:
        if len(m.group(1)) > 4:  # (int() of thousands of digits raises; no tile has ten thousand nodes)
            raise DslError(f"{where}: {short(text, 20)} refers to node {short(m.group(1), 12)} but the string defines only {n_nodes} node(s)")
        k = int(m.group(1))
        if k >= n_nodes:
            raise DslError(f"{where}: {short(text, 20)} refers to node {k} but the string defines only {n_nodes} node(s)")
        return f"n{k}"
    raise DslError(f"{where}: {short(text, 20)!r} is neither an edge 0-5 nor a node _k")


@dataclass
class ParsedTrack:
    """Nodes and paths read from a string, with the parts that are not track.

    ``warnings``: what was read with a change the engine makes too (a key given twice);
    ``dropped``: drawing-only leftovers that have no field (kept only under ``lenient``)."""

    nodes: list[Node]
    paths: list[TilePath]
    other: list[Part]
    warnings: list[str]
    offboards: int = 0  # how many nodes came from offboard= parts
    dropped: list[str] = field(default_factory=list)
    written_order: list[str] = field(default_factory=list)
    """Node categories (city, town, junction) in the order the string wrote them."""
    kept: list[str] = field(default_factory=list)
    """One note per node or path part read with keys the reader does not know (kept as written)."""


PATH_KEYS = {"a", "b", "terminal", "track", "lanes", "a_lane", "b_lane", "ignore", "loc"}
DRAWING_PATH_KEYS: set[str] = set()


def parse_track(code: str) -> ParsedTrack:
    """Nodes (renumbered: cities/off-boards, then towns and halts, then the junction) and paths.

    Off-board parts become cities with no station slot (``slots=0``, ``offboard`` set), halts
    become towns with ``halt`` set. Paths are rewritten to the new node numbers.
    """
    parts = parse_parts(code)
    raw_nodes: list[tuple[str, Node]] = []
    raw_paths: list[tuple[str, str, dict, str]] = []
    other: list[Part] = []
    warnings: list[str] = []
    dropped: list[str] = []
    kept: list[str] = []
    for p in parts:
        where = short(p.text(), 60)
        warnings += [f"{where}: {n}" for n in p.notes]
        if p.type in STOP_KEYS:
            params = dict(p.params)
            if p.bare is not None:
                warnings.append(f"{where}: {short(p.bare, 20)!r} is not key:value; read as revenue 0, as the engine reads it")
            for key in list(params):
                if key in DRAWING_STOP_KEYS:
                    dropped.append(f"{where}: {key}:{short(params.pop(key), 20)} has no field")
                elif key in IGNORED_STOP_KEYS:
                    warnings.append(f"{where}: {key}:{short(params.pop(key), 20)} is ignored (the engine ignores it too)")
            extra = _extra(params, STOP_KEYS[p.type], where)
            if extra:  # a key the tile language gained: the engine reads the stop without it, and so do we
                kept.append(f"{where}: {extra_note(p.type, extra)}")
            f = stop_fields(p.type, {k: v for k, v in params.items() if k in STOP_KEYS[p.type]}, where)
            with _values(where):
                if p.type in ("town", "halt"):
                    f.pop("slots", None)
                    raw_nodes.append(("town", Node(kind="town", halt=p.type == "halt", extra=extra, **f)))
                else:
                    if p.type == "offboard":
                        f["slots"], f["offboard"] = 0, True
                    raw_nodes.append(("city", Node(kind="city", extra=extra, **f)))
        elif p.type == "junction":
            if p.bare:
                raise DslError(f"{where}: a junction takes no value")
            extra = _extra(p.params, set(), where)
            if extra:  # the engine's junction reads no key at all
                kept.append(f"{where}: {extra_note('junction', extra)}")
            with _values(where):
                raw_nodes.append(("junction", Node(kind="junction", extra=extra)))
        elif p.type == "pass":
            raise DslError(f"{where}: pass= nodes are not supported")
        elif p.type == "path":
            params = dict(p.params)
            for key in list(params):
                if key in DRAWING_PATH_KEYS:
                    dropped.append(f"{where}: {key}:{short(params.pop(key), 20)} has no field")
            if "a" not in params or "b" not in params:
                raise DslError(f"{where}: a path needs a: and b:")
            extra = _extra(params, PATH_KEYS, where)
            if extra:
                kept.append(f"{where}: {extra_note('path', extra)}")
                params = {k: v for k, v in params.items() if k in PATH_KEYS}
                params["__extra__"] = extra
            for key in ("a", "b"):
                if params[key] == "6":  # the engine turns edge 6 into 0 as soon as the tile is rotated
                    params[key] = "0"
                    warnings.append(f"{where}: edge 6 read as edge 0 (the engine's Edge#rotate takes it modulo 6)")
            raw_paths.append((params["a"], params["b"], _engine_prefix(params, where, warnings), where))
        else:
            other.append(p)
    n = len(raw_nodes)
    # our numbering: cities first, then towns, then junctions
    order = sorted(range(n), key=lambda i: ({"city": 0, "town": 1, "junction": 2}[raw_nodes[i][0]], i))
    new_index = {old: new for new, old in enumerate(order)}
    nodes = [raw_nodes[i][1] for i in order]

    def remap(port: int | str) -> int | str:
        return port if isinstance(port, int) else f"n{new_index[int(port[1:])]}"

    paths = [_path(remap(_port(a, n, w)), remap(_port(b, n, w)), params, w) for a, b, params, w in raw_paths]
    offboards = sum(1 for p in parts if p.type == "offboard")
    return ParsedTrack(nodes, paths, other, warnings, offboards, dropped, [k for k, _n in raw_nodes], kept)


def _engine_prefix(params: dict[str, str], where: str, warnings: list[str] | None) -> dict[str, str]:
    """Values with trailing text (a missing ';' in the map) read by their leading number, as the
    engine's ``to_i`` reads them."""
    out = dict(params)  # (an "__extra__" entry, the keys a path does not know, passes through)
    for key, pat in (("terminal", r"[12]"), ("lanes", r"[1-9]"), ("a_lane", r"\d\.\d"), ("b_lane", r"\d\.\d")):
        v = out.get(key)
        if v is not None and not re.fullmatch(pat, v) and (m := re.match(pat, v)):
            out[key] = m.group(0)
            if warnings is not None:
                warnings.append(f"{where}: {key}:{short(v, 20)!r} read as {m.group(0)} (text after it ignored, as the engine does)")
    return out


def _path(a: int | str, b: int | str, params: dict[str, str], where: str) -> TilePath:
    term = params.get("terminal")
    if term not in (None, "1", "2"):
        raise DslError(f"{where}: terminal must be 1 or 2")
    track = params.get("track", "broad")
    if track not in ("broad", "narrow", "dual", "thin", "future"):
        raise DslError(f"{where}: track:{short(track, 20)} is not broad, narrow, dual, thin or future")
    f: dict = {"a": a, "b": b, "terminal": term is not None, "track": track}
    if term == "2":
        f["terminal_style"] = 2
    if "lanes" in params:
        if not re.fullmatch(r"[1-9]", params["lanes"]):
            raise DslError(f"{where}: lanes:{short(params['lanes'], 20)} must be 1-9")
        f["lanes"] = int(params["lanes"])
    for key in ("a_lane", "b_lane"):
        if key in params:
            if not re.fullmatch(r"\d\.\d", params[key]):
                raise DslError(f"{where}: {key}:{short(params[key], 20)} must be width.index like 2.0")
            f[key] = params[key]
    if "ignore" in params:
        f["ignore"] = params["ignore"] in _TRUE
    if "loc" in params:
        f["loc"] = params["loc"]
    with _values(where):
        return TilePath(extra=params.get("__extra__", ()), **f)


DECOR_KEYS = {"stub": {"edge"}, "partition": {"a", "b", "type", "restrict"}, "future_label": {"label", "color"},
              "frame": {"color", "color2"}, "stripes": {"color"}}


def parse_decor(p: Part, where: str) -> tuple[str, object] | None:
    """A decoration part as (HexDecor field, value): stub, partition, future_label, frame, stripes.

    What the tile language gained after this reader is kept, not refused: a key a partition does
    not know goes to :attr:`Partition.extra` (the partition is still drawn); another decoration
    with a key it does not know is kept whole as ``("extra_parts", text)``. :func:`kept_note`
    words the warning."""
    if p.type in DECOR_KEYS and p.bare is None and set(p.params) - DECOR_KEYS[p.type]:
        if p.type == "partition" and {"a", "b"} <= set(p.params):
            known = {k: v for k, v in p.params.items() if k in DECOR_KEYS["partition"]}
            extra = tuple((k, v) for k, v in p.params.items() if k not in DECOR_KEYS["partition"])
            with _values(where):
                return "partitions", Partition(**known, extra=extra)
        return "extra_parts", p.text()
    if p.type == "stub":
        if not re.fullmatch(r"[0-5]", p.params.get("edge", "")) or set(p.params) != {"edge"}:
            raise DslError(f"{where}: expected stub=edge:0-5")
        return "stubs", int(p.params["edge"])
    if p.type == "partition":
        if not {"a", "b"} <= set(p.params):
            raise DslError(f"{where}: expected partition=a:..,b:..,type:..[,restrict:..]")
        with _values(where):
            return "partitions", Partition(**{k: v for k, v in p.params.items()})
    if p.type == "future_label":
        with _values(where):
            return "future_label", FutureLabel(**p.params)
    if p.type == "frame":
        if "color" not in p.params:
            raise DslError(f"{where}: expected frame=color:C[,color2:C]")
        with _values(where):
            return "frame", Frame(**p.params)
    if p.type == "stripes":
        if set(p.params) != {"color"}:
            raise DslError(f"{where}: expected stripes=color:C")
        if len(p.params["color"]) > 20:
            raise DslError(f"{where}: a colour is at most 20 characters")
        return "stripes", p.params["color"]
    return None


def kept_note(p: Part, d: tuple[str, object] | None) -> str | None:
    """The one warning for a part kept with what the reader does not know (None when it knew it all)."""
    if d is None:
        return f"the part {p.type!r}, which Trackwright does not know, is kept as written (exported unchanged, not drawn)"
    if d[0] == "extra_parts":
        unknown = sorted(set(p.params) - DECOR_KEYS.get(p.type, set()))
        return f"{p.type}= with {', '.join(unknown)}, which Trackwright does not know, is kept as written (exported unchanged, not drawn)"
    if d[0] == "partitions" and d[1].extra:
        keys = ", ".join(k for k, _ in d[1].extra)
        return f"partition key(s) {keys}, which Trackwright does not know, kept as written (exported unchanged; the line is drawn)"
    return None


def unknown_part(p: Part) -> bool:
    """A part of a type no reader here knows, safe to keep as written: not a node or a path
    (their order numbers the nodes), and a plain ``type[=key:value,...]`` the writer gives back."""
    return p.type not in NODE_PARTS and p.type != "path" and re.fullmatch(r"[a-z_]+", p.type) is not None


UPGRADE_KEYS = {"cost", "terrain", "size", "loc"}
BORDER_KEYS = {"edge", "type", "cost", "color"}
ICON_KEYS = {"image", "name", "sticky", "blocks_lay", "large", "loc"}
"""The keys the engine reads on upgrade=, border= and icon= (others are kept, with a warning)."""


def part_note(p: Part) -> str | None:
    """The one warning for an upgrade, border or icon part with keys the reader does not know."""
    known = {"upgrade": UPGRADE_KEYS, "border": BORDER_KEYS, "icon": ICON_KEYS}.get(p.type)
    extra = tuple((k, v) for k, v in p.params.items() if k not in known) if known is not None else ()
    return extra_note(p.type, extra) if extra else None  # (a key the model cannot hold is refused by the part's reader)


def parse_cost(p: Part, where: str) -> TerrainCost:
    """An ``upgrade=cost:C[,terrain:T|U][,size:S][,loc:L]`` part."""
    params = p.params
    if not re.fullmatch(r"\d{1,6}", params.get("cost", "")):
        raise DslError(f"{where}: expected upgrade=cost:N[,terrain:T][,size:S][,loc:L]")
    size = params.get("size")
    if size is not None and not re.fullmatch(r"\d{1,2}", size):
        raise DslError(f"{where}: size:{short(size, 20)} is not a number")
    terrains = [t for t in params.get("terrain", "").split("|") if t]
    with _values(where):
        return TerrainCost(cost=int(params["cost"]), terrains=terrains, size=int(size) if size else None, loc=params.get("loc"),
                           extra=_extra(params, UPGRADE_KEYS, where))


def parse_tile_border(p: Part, where: str) -> TileBorder:
    params = p.params
    if not re.fullmatch(r"[0-5]", params.get("edge", "")):
        raise DslError(f"{where}: expected border=edge:0-5[,type:T][,cost:C][,color:C]")
    cost = params.get("cost")
    if cost is not None and not re.fullmatch(r"\d{1,6}", cost):
        raise DslError(f"{where}: cost:{short(cost, 20)} is not a number")
    with _values(where):
        return TileBorder(edge=int(params["edge"]), type=params.get("type"), cost=int(cost) if cost else None,
                          color=params.get("color"), extra=_extra(params, BORDER_KEYS, where))


TILE_COLORS = ("yellow", "green", "brown", "gray", "white", "red", "blue", "purple", "orange", "sepia")


def red_convention(n):
    """On a red hex or tile an off-board is a city with no circle (``offboard`` None); a real
    ``city=...,slots:0`` there is marked ``offboard=False``."""
    if n.kind != "city":
        return n
    if n.offboard:
        return n.model_copy(update={"offboard": None})
    return n.model_copy(update={"offboard": False}) if n.slots == 0 else n


def tile_from_code(
    tile_id: str, code: str, color: str, count: int | None, hidden: bool = False, dropped: list[str] | None = None,
    notes: list[str] | None = None,
) -> TileDef:
    """A manifest tile from its code: nodes, paths, labels, upgrade costs, borders, icons and decorations.

    Drawing-only leftovers with no field raise :class:`DslError`, or are appended to ``dropped``
    when a list is given (the importer's ``--lenient``). Parts (and decoration keys) the reader
    does not know are kept as written (:attr:`~model.tiles.HexDecor.extra_parts`), each named in
    ``notes`` when a list is given."""
    track = parse_track(code)
    if track.dropped and dropped is None:
        raise DslError(f"tile {tile_id}: {track.dropped[0]}")
    if dropped is not None:
        dropped += [f"tile {tile_id}: {d}" for d in track.dropped]
    if notes is not None:
        notes += [f"tile {tile_id}: {k}" for k in track.kept]
    label = None
    f: dict = {"labels": [], "costs": [], "borders": [], "icons": [], "stubs": [], "partitions": []}
    for p in track.other:
        where = short(p.text(), 60)
        if notes is not None and (note := part_note(p)):
            notes.append(f"tile {tile_id}: {where!r}: {note}")
        if p.type == "label" and p.bare is not None:
            if label is None:
                label = p.bare
            else:
                f["labels"].append(p.bare)
        elif p.type == "upgrade":
            f["costs"].append(parse_cost(p, where))
        elif p.type == "border":
            f["borders"].append(parse_tile_border(p, where))
        elif p.type == "icon" and "image" in p.params:
            f["icons"].append(",".join(f"{k}:{v}" for k, v in p.params.items()))
        elif p.type == "blank" and not p.params:
            continue
        elif (d := parse_decor(p, where)) is not None:
            if d[0] == "extra_parts":
                f.setdefault("extra_parts", []).append(d[1])
            elif isinstance(f.get(d[0]), list):
                f[d[0]].append(d[1])
            else:
                f[d[0]] = d[1]
            if notes is not None and (note := kept_note(p, d)):
                notes.append(f"tile {tile_id}: {where!r}: {note}")
        elif unknown_part(p):
            f.setdefault("extra_parts", []).append(p.text())
            if notes is not None:
                notes.append(f"tile {tile_id}: {where!r}: {kept_note(p, None)}")
        else:
            raise DslError(f"tile {tile_id}: part {where!r} is not supported on a manifest tile")
    if color not in TILE_COLORS:
        raise DslError(f"tile {tile_id}: colour {short(color, 20)!r} is not a tile colour")
    nodes = [red_convention(n) for n in track.nodes] if color == "red" else track.nodes
    with _values(f"tile {short(tile_id, 40)}"):
        return TileDef(id=tile_id, color=color, label=label, nodes=nodes, paths=track.paths, count=count, hidden=hidden, **f)


__all__ = ["ParsedTrack", "parse_track", "tile_code", "tile_from_code"]

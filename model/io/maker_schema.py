"""The shapes of the parts of an 18xx-maker game file that the importer reads, as pydantic models.

:mod:`model.io.import_18xx_maker` validates the whole file against :class:`Game` before it reads
anything, so every value it uses has the type and range it expects: a colour is a string, a side
a whole number 1-6, a ``percent`` a finite number, a city's ``size`` 1-12 circles (or one of
18xx-maker's named sizes). A value of the wrong shape is an :class:`ShapeError` naming its JSON
path (``map.hexes[3].cities[0].size``), whatever ``--lenient`` says: lenient drops what
Trackwright cannot hold, never what it cannot read.

The models describe types only. Fields they do not list are let through (``extra="allow"``) and
judged by the importer, which knows which of them it can hold; sections of the game that are not
imported (trains, stock market...) are not looked at.
"""

from __future__ import annotations

import json
import math
import re
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Discriminator, Field, Tag, ValidationError

MAX_NUMBER = 10**9
"""Numbers beyond this are refused: no map needs them, and a float of a 4300-digit integer overflows."""


def _number(v: Any) -> Any:
    if isinstance(v, bool) or not isinstance(v, int | float):
        raise ValueError("expected a number")
    if isinstance(v, float) and not math.isfinite(v):
        raise ValueError("expected a finite number")
    if abs(v) > MAX_NUMBER:
        raise ValueError(f"a number beyond ±{MAX_NUMBER}")
    return v


def _count(v: Any) -> Any:
    """A whole number, or a string of digits (18xx-maker's own games write costs both ways), or
    ``∞`` (an unlimited supply)."""
    if v == "∞":
        return v
    if isinstance(v, str):
        if not re.fullmatch(r"\s*\+?\d{1,9}\s*", v):
            raise ValueError("expected a whole number")
        return v
    _number(v)
    if v < 0 or float(v) != int(v):
        raise ValueError("expected a whole number of 0 or more")
    return v


def _revenue(v: Any) -> Any:
    """A revenue: a number, or a short text ("+30", "D100", "40/60")."""
    if isinstance(v, str):
        if len(v) > 200:
            raise ValueError("a revenue text of more than 200 characters")
        return v
    return _number(v)


def _side(v: Any) -> Any:
    _number(v)
    if not 1 <= v <= 6 or float(v) != int(v):
        raise ValueError("a side is a whole number 1-6")
    return v


def _city_size(v: Any) -> Any:
    if isinstance(v, str):
        if len(v) > 20:
            raise ValueError("a named city size of more than 20 characters")
        return v
    _number(v)
    if not 1 <= v <= 12 or float(v) != int(v):
        raise ValueError("a city has 1-12 station circles")
    return v


def _fraction(v: Any) -> Any:
    _number(v)
    if not 0 <= v <= 1:
        raise ValueError("a fraction of a track is 0-1")
    return v


def _angle(v: Any) -> Any:
    _number(v)
    if not -360 < v < 360:
        raise ValueError("an angle is between -360 and 360 degrees")
    return v


def _percent(v: Any) -> Any:
    _number(v)
    if not 0 <= v <= 10:
        raise ValueError("a percent of the way out is 0-10")
    return v


def _offset(v: Any) -> Any:
    _number(v)
    if not -1000 <= v <= 1000:
        raise ValueError("a position is -1000 to 1000 (hundredths of a hex)")
    return v


Num = Annotated[Any, AfterValidator(_number)]
Angle = Annotated[Any, AfterValidator(_angle)]
Percent = Annotated[Any, AfterValidator(_percent)]
Offset = Annotated[Any, AfterValidator(_offset)]
Count = Annotated[Any, AfterValidator(_count)]
Revenue = Annotated[Any, AfterValidator(_revenue)]
Side = Annotated[Any, AfterValidator(_side)]
Fraction = Annotated[Any, AfterValidator(_fraction)]
Text = Annotated[str, Field(max_length=10_000)]


def _kind(v: Any) -> str:
    if isinstance(v, str):
        return "(text)"
    if isinstance(v, dict):
        return "(object)"
    if v is None:
        return "(null)"
    return "(other)"


class _Part(BaseModel):
    """Every drawn part: its place and style, typed as 18xx-maker's schema types them."""

    model_config = ConfigDict(extra="allow", strict=True)

    angle: Angle = None
    percent: Percent = None
    rotate: Angle = None
    rotation: Angle = None
    x: Offset = None
    y: Offset = None
    offset: Num = None
    width: Num = None
    fontSize: Num = None
    borderWidth: Num = None
    strokeWidth: Num = None
    outlineWidth: Num = None
    radius: Num = None
    left: Num = None
    right: Num = None
    opacity: Num = None
    hidden: bool = None
    reverse: bool = None
    straight: bool = None
    bottom: bool = None
    outside: bool = None
    noCircle: bool = None
    color: Text = None
    textColor: Text = None
    bgColor: Text = None
    bgFill: Text = None
    borderColor: Text = None
    outerBorderColor: Text = None
    gaugeColor: Text = None
    outline: Text = None
    fontFamily: Text = None
    fontStyle: Text = None
    fontWeight: Text | Num = None


class NameObj(_Part):
    name: Text = None


Name = Annotated[
    Annotated[Text, Tag("(text)")] | Annotated[NameObj, Tag("(object)")] | Annotated[None, Tag("(null)")],
    Discriminator(_kind),
]


class CircleCompany(_Part):
    label: Text = None
    abbrev: Text = None
    reserved: bool = None


CityCompany = Annotated[
    Annotated[Text, Tag("(text)")] | Annotated[CircleCompany, Tag("(object)")] | Annotated[None, Tag("(null)")],
    Discriminator(_kind),
]


class City(_Part):
    size: Annotated[Any, AfterValidator(_city_size)] = None
    name: Name = None
    groups: list[Text] = None
    companies: list[CityCompany] = None
    pass_: bool = Field(default=None, alias="pass")
    extend: Text = None


class Town(_Part):
    name: Name = None


class Boomtown(_Part):
    name: Name = None
    city: bool = None
    dashed: bool = None
    groups: list[Text] = None


class Track(_Part):
    side: Side = None
    type: Text = None
    start: Fraction = None
    end: Fraction = None
    gauge: Text = None
    path: Annotated[str, Field(max_length=2000)] = None
    cross: Text = None
    revenue: Num = None


class Value(_Part):
    value: Revenue = 0


class Label(_Part):
    label: Text = None
    size: Num | Text = None


class Terrain(_Part):
    type: Text = None
    cost: Count = None
    size: Num | Text = None


class CostOnly(_Part):
    cost: Count = None


class Phase(_Part):
    value: Revenue = None
    cost: Revenue = None


class OffBoard(_Part):
    name: Name = None
    revenues: list[Phase] = Field(default_factory=list)
    groups: list[Text] = None
    rows: Num = None


class HexBorder(_Part):
    side: Side = None
    dashed: bool = None


class Icon(_Part):
    type: Text = None


class HexCompany(_Part):
    label: Text = None


class Token(_Part):
    company: Text = None
    label: Text = None
    logo: Text = None
    destination: bool = None
    reserved: bool = None
    shield: bool | Text = None


class Shape(_Part):
    type: Text = None
    text: Text = None
    background: bool = None
    dashed: bool = None
    height: Num = None


class RouteBonus(_Part):
    value: Text = None


class HexContent(_Part):
    """A hex definition of the map, or a tile definition."""

    names: list[Name] = None
    cities: list[City] = None
    centerTowns: list[Town] = None
    towns: list[Town] = None
    boomtowns: list[Boomtown] = None
    track: list[Track] = None
    values: list[Value] = None
    labels: list[Label] = None
    terrain: list[Terrain] = None
    tunnels: list[CostOnly] = None
    bridges: list[CostOnly] = None
    offBoardRevenue: OffBoard = None
    borders: list[HexBorder] = None
    icons: list[Icon] = None
    removeBorders: list[Side] = None
    encoding: Annotated[str, Field(max_length=100_000)] = None
    companies: list[HexCompany] = None
    tokens: list[Token] = None
    shapes: list[Shape] = None
    routeBonuses: list[RouteBonus] = None
    hexes: list[Text] = None
    quantity: Count = None
    print: Count = None
    group: Text = None
    tile: Text = None


Tile = Annotated[
    Annotated[Count, Tag("(text)")] | Annotated[HexContent, Tag("(object)")] | Annotated[Count, Tag("(other)")],
    Discriminator(_kind),
]


class MapBorder(_Part):
    dashed: bool = None
    coords: list[Text] = Field(default_factory=list)
    dashArray: Text | Num = None


class Map(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)

    hexes: list[HexContent] = Field(default_factory=list)
    borders: list[MapBorder] = None


class Company(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)

    abbrev: Text = None
    name: Text = None
    color: Text = None
    tokens: list[Text | Num] | Text | Num = None


class Info(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)

    title: Text = None
    designer: Text = None
    subtitle: Text = None
    orientation: Text = None


class Game(BaseModel):
    """The parts of a game file the importer reads."""

    model_config = ConfigDict(extra="allow", strict=True)

    info: Info = None
    map: Map = None
    tiles: Annotated[
        Annotated[dict[str, Tile], Tag("(object)")] | Annotated[list[HexContent], Tag("(list)")],
        Discriminator(lambda v: "(list)" if isinstance(v, list) else "(object)"),
    ] | None = None
    companies: list[Company] = None
    colors: dict[str, Text] = None


class ShapeError(ValueError):
    """A value of the wrong shape: ``where`` is its JSON path, ``message`` what was expected."""

    def __init__(self, where: str, message: str) -> None:
        self.where, self.message = where, message
        super().__init__(f"{where}: {message}")


def json_path(data: Any, loc: tuple) -> str:
    """The JSON path of an error's ``loc`` in ``data``: ``map.hexes[3].cities[0].size``. The
    parts of ``loc`` that name a union's branch rather than a key or an index are left out; a
    key that is not a plain word (a tile id) is written ``tiles["X5"]``."""
    out = ""
    here = data
    for part in loc:
        if isinstance(here, dict) and isinstance(part, str) and part in here:
            word = re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", part) and not (out == "tiles")
            out += (f".{part}" if out else part) if word else f"[{_quote(part)}]"
        elif isinstance(here, list) and isinstance(part, int) and 0 <= part < len(here):
            out += f"[{part}]"
        else:
            continue
        here = here[part]
    return out


def _quote(text: str) -> str:
    return json.dumps(text[:40], ensure_ascii=False)


MESSAGES = {
    "string_type": "expected a text",
    "list_type": "expected a list",
    "dict_type": "expected an object",
    "model_type": "expected an object",
    "model_attributes_type": "expected an object",
    "bool_type": "expected true or false",
    "union_tag_invalid": "a value of this kind does not belong here",
    "union_tag_not_found": "a value of this kind does not belong here",
    "string_too_long": "a text too long to be a value of an 18xx map",
}


def check_shapes(data: Any) -> None:
    """Raise :class:`ShapeError` for the first value of ``data`` (a parsed game) of the wrong shape."""
    if not isinstance(data, dict):
        raise ShapeError("", "an 18xx-maker game is a JSON object")
    try:
        Game.model_validate(data)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        loc = tuple("pass" if p == "pass_" else p for p in err["loc"])
        msg = MESSAGES.get(err["type"]) or err["msg"].removeprefix("Value error, ")
        raise ShapeError(json_path(data, loc), f"{msg[:120]}, found {_excerpt(err.get('input'))}") from None


def _excerpt(value: Any, n: int = 40) -> str:
    try:
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    if isinstance(value, str):
        text = repr(value[:n])
    return text if len(text) <= n else text[: n - 1] + "…"

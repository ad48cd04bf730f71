"""Things printed on a hex or a tile that are drawn, not played: company labels, drawn tokens,
shapes and route bonuses, and the marks in a city's station circles.

An 18xx map prints more than track and stops: the private railways' names beside a hex, a
company's token drawn as a reminder of its destination, a diamond with "+20", a route bonus
"East +50". None of them changes which tile may be laid; all of them are part of the printed map,
so a scenario keeps each as what it is, with where it is drawn (``at``) and the drawing details
the source gave (``style``: colours, widths, fonts, kept as written so that an export draws the
same picture).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

StyleValue = str | int | float | bool | list[str]
ShapeKind = Literal["circle", "diamond", "ellipse", "hexagon", "square", "triangle"]


class Placement(BaseModel):
    """Where a mark is drawn in its hex: ``angle`` degrees clockwise from straight down and
    ``percent`` of the way from the centre to the side (18xx-maker's convention), or an offset
    ``x``/``y`` in hundredths of the hex radius; ``rotation`` turns the mark itself."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    angle: float | None = Field(default=None, gt=-360, lt=360)
    percent: float | None = Field(default=None, ge=0, le=10)
    x: float | None = Field(default=None, ge=-1000, le=1000)
    y: float | None = Field(default=None, ge=-1000, le=1000)
    rotation: float | None = Field(default=None, gt=-360, lt=360)
    rotate: float | None = Field(default=None, gt=-360, lt=360)


class Mark(BaseModel):
    """The common part of every drawn mark: its place and its drawing details."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    at: Placement | None = None
    style: dict[str, StyleValue] = Field(
        default_factory=dict, description="Drawing details kept as written (width, outline, fontSize, textColor...)."
    )


class CompanyLabel(Mark):
    """A company's or railway's name printed on the hex (1858's private railways, a home marked
    on a hex with no city)."""

    label: str = Field(min_length=1, max_length=80)
    color: str | None = Field(default=None, max_length=40)


class DrawnToken(Mark):
    """A token printed on the hex or tile: a company's (``company``), or a generic one with a
    label, a logo or only a colour (a destination, a minor company's home)."""

    company: str | None = Field(default=None, max_length=40)
    label: str | None = Field(default=None, max_length=40)
    logo: str | None = Field(default=None, max_length=80)
    color: str | None = Field(default=None, max_length=40)
    destination: bool = False
    reserved: bool = False


class Shape(Mark):
    """A shape printed on the hex (a circle behind a space port, a diamond with a bonus)."""

    kind: ShapeKind = "circle"
    text: str | None = Field(default=None, max_length=40)
    color: str | None = Field(default=None, max_length=40)
    background: bool = Field(default=False, description="Drawn behind the track, not over it.")
    dashed: bool = False


class RouteBonus(Mark):
    """A route bonus printed on the hex ("+30", "East +50")."""

    value: str = Field(min_length=1, max_length=40)


class CircleMark(BaseModel):
    """What is printed in one station circle of a city: a company's label (``company``, which
    is also a reservation), a colour with no company (a circle marked for a kind of company), or
    nothing (an empty entry that keeps the later circles in place)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    company: str | None = Field(default=None, max_length=40)
    color: str | None = Field(default=None, max_length=40)
    reserved: bool = Field(default=False, description="The file says the circle is reserved (18xx-maker reserved:true).")
    written_as: Literal["label", "abbrev", "id", "empty"] = Field(
        default="label", description="How the source wrote it: {label}, {abbrev}, a bare id, or null."
    )


class MakerDrawing(BaseModel):
    """The marks a hex or tile carries (shared by cells and tile definitions)."""

    company_labels: list[CompanyLabel] = Field(default_factory=list)
    drawn_tokens: list[DrawnToken] = Field(default_factory=list)
    shapes: list[Shape] = Field(default_factory=list)
    bonuses: list[RouteBonus] = Field(default_factory=list)

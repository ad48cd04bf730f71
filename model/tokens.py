"""Station tokens, home stations and reservations as the editor's Token tool edits them.

A token keeps the circle it was put in (``Token.circle``): taking another company's token off
leaves the others where they are. A token with no circle (placed by play) sits in the first circle
no other token of the city holds, in list order (:func:`circle_layout`). Qt-free: every function
returns the changed cells (or companies) and changes nothing. The live checker judges the result
(two tokens of a company in a hex, a full city, a reserved circle taken, a token outside any
city), so the tool places what the designer asks for.
"""

from __future__ import annotations

from model.board import Cell, Token
from model.grid import Coord
from model.scenario import Company, Scenario

CellChanges = dict[Coord, Cell]


def city_tokens(cell: Cell, city: int) -> list[Token]:
    """The tokens in one city of a cell (in list order)."""
    return [t for t in cell.tokens if t.city == city]


def circle_layout(cell: Cell, city: int, slots: int | None = None) -> list[Token | None]:
    """The tokens of a city circle by circle (None: a free circle; no trailing free circles).

    A token's own ``circle`` comes first; a token without one, or whose circle another holds (or,
    given ``slots``, that is past the city's last circle), takes the first free circle."""
    out: list[Token | None] = []
    later: list[Token] = []
    for t in city_tokens(cell, city):
        i = t.circle
        if i is None or (slots is not None and i >= slots) or (i < len(out) and out[i] is not None):
            later.append(t)
            continue
        out += [None] * (i + 1 - len(out))
        out[i] = t
    for t in later:
        i = free_circle(out)
        out += [None] * (i + 1 - len(out))
        out[i] = t
    return out


def free_circle(layout: list[Token | None]) -> int:
    """The first circle of a :func:`circle_layout` that no token holds."""
    return next((i for i, t in enumerate(layout) if t is None), len(layout))


def token_at(cell: Cell, city: int, circle: int) -> Token | None:
    """The token in a circle of a city, or None when the circle is free."""
    tokens = circle_layout(cell, city)
    return tokens[circle] if 0 <= circle < len(tokens) else None


def _pinned(cell: Cell, city: int) -> list[Token]:
    """The cell's tokens with every token of ``city`` holding the circle it is drawn in."""
    where = {id(t): i for i, t in enumerate(circle_layout(cell, city)) if t is not None}
    return [t.model_copy(update={"circle": where[id(t)]}) if id(t) in where and t.circle != where[id(t)] else t for t in cell.tokens]


def place_token(
    scenario: Scenario, coord: Coord, company: str, city: int = 0, kind: str = "normal", circle: int | None = None
) -> CellChanges:
    """Put ``company``'s token in a city of the cell, in ``circle`` when that circle is free (else
    the first free one); a token it already has on the hex moves there (one per hex). Nothing
    when the token is already in that city. A ``neutral`` or ``blocking`` token (``kind``, see
    :data:`model.board.TOKEN_KINDS`) is nobody's station: it is added to the city, beside any
    other. The city's other tokens keep their circles."""
    cell = scenario.board.cell(coord)
    if city >= len(cell.cities) and not _tile_has_city(scenario, cell, city):
        return {}
    mine = [] if kind in ("neutral", "blocking") else [t for t in cell.tokens if t.company == company and t.kind in ("normal", "exchange")]
    if any(t.city == city for t in mine):
        return {}
    kept = [t for t in cell.tokens if t not in mine]
    for k in {t.city for t in mine}:  # a token moving to another city of the hex leaves the rest in place
        kept = _pinned(Cell(tokens=kept), k)
    kept = _pinned(Cell(tokens=kept), city)
    layout = circle_layout(Cell(tokens=kept), city)
    if circle is None or (circle < len(layout) and layout[circle] is not None):
        circle = free_circle(layout)
    return {coord: cell.model_copy(update={"tokens": [*kept, Token(company=company, city=city, kind=kind, circle=circle)]})}


def _tile_has_city(scenario: Scenario, cell: Cell, city: int) -> bool:
    if cell.tile is None:
        return False
    tdef = scenario.tile(cell.tile.tile)
    return tdef is not None and sum(1 for n in tdef.nodes if n.kind == "city") > city


def remove_token(scenario: Scenario, coord: Coord, city: int, circle: int | None = None, company: str | None = None) -> CellChanges:
    """Take a token off: the one in ``circle`` of ``city`` (or ``company``'s in that city)."""
    cell = scenario.board.cell(coord)
    target = token_at(cell, city, circle) if circle is not None else None
    if target is None and company is not None:
        target = next((t for t in city_tokens(cell, city) if t.company == company), None)
    if target is None:
        return {}
    tokens = _pinned(cell, city)  # the others stay in their circles
    del tokens[next(i for i, t in enumerate(cell.tokens) if t is target)]
    return {coord: cell.model_copy(update={"tokens": tokens})}


def move_token(
    scenario: Scenario, source: Coord, city: int, circle: int, target: Coord, target_city: int, target_circle: int | None = None
) -> CellChanges:
    """Move the token in a circle to another city (on the same cell or another), into
    ``target_circle`` when it is free: one change."""
    cell = scenario.board.cell(source)
    token = token_at(cell, city, circle)
    if token is None or (source == target and city == target_city):
        return {}
    out = remove_token(scenario, source, city, circle)
    after = scenario.model_copy(
        update={"board": scenario.board.model_copy(update={"cells": {**scenario.board.cells, scenario.board.grid.label(source): out[source]}})}
    )
    placed = place_token(after, target, token.company, target_city, kind=token.kind, circle=target_circle)
    if not placed:
        return {}
    out.update(placed)
    return out


def toggle_reservation(scenario: Scenario, coord: Coord, company: str, city: int = 0) -> CellChanges:
    """Reserve a circle of a printed city for ``company``, or drop that reservation."""
    cell = scenario.board.cell(coord)
    if not 0 <= city < len(cell.cities):
        return {}
    cities = list(cell.cities)
    reserved = list(cities[city].reserved)
    if company in reserved:
        reserved.remove(company)
    else:
        reserved.append(company)
    cities[city] = cities[city].model_copy(update={"reserved": reserved})
    return {coord: cell.model_copy(update={"cities": cities})}


def set_home(scenario: Scenario, company: str, label: str | None, city: int | None = 0) -> list[Company]:
    """The companies with ``company``'s home set to a city of ``label`` (None: no home)."""
    if scenario.company(company) is None:
        raise ValueError(f"there is no company {company!r}")
    out = []
    for c in scenario.companies:
        if c.id == company:
            c = c.model_copy(update={"home": label, "home_city": city if label is not None else None})
        out.append(c)
    return out


def describe_circle(scenario: Scenario, coord: Coord, city: int, circle: int) -> str:
    """``'K14 city 1, circle 2: NWR'`` (or ``free``, ``reserved for X``) for the status bar."""
    cell = scenario.board.cell(coord)
    label = scenario.board.grid.label(coord)
    token = token_at(cell, city, circle)
    name = cell.cities[city].name if city < len(cell.cities) and cell.cities[city].name else None
    where = f"{label} city {city + 1}{f' ({name})' if name else ''}, circle {circle + 1}"
    if token is not None:
        return f"{where}: {token.company}"
    reserved = cell.cities[city].reserved if city < len(cell.cities) else []
    homes = [c.id for c in scenario.companies if c.home == label and (c.home_city in (None, city))]
    extra = []
    if reserved:
        extra.append(f"reserved for {', '.join(reserved)}")
    if homes:
        extra.append(f"home of {', '.join(homes)}")
    return f"{where}: free" + (f" ({'; '.join(extra)})" if extra else "")

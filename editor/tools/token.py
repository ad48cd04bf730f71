"""The Token tool (18xx maps): station tokens, home stations and reservations in city circles.

Click a city circle to put the company's token there (the active company of the Turn panel, or
the one chosen in the options bar); drag a token to another circle to move it; right-click a
token (or point at it and press Delete) to take it off. In the *home* and *reserve* modes a
click makes the city the company's home, or reserves (unreserves) a circle for it. Each edit is
one undo step; the live checker outlines illegal tokens with the rule named.
"""

from __future__ import annotations

import math

from PySide6.QtCore import Qt

from editor.commands import SetCellsCommand, SetPartCommand
from editor.render import CELL_SIZE, station_circles
from editor.tools.base import Tool, is_left
from model import tokens

TOKEN_MODES = {"token": "station token", "neutral": "neutral token", "blocking": "blocking token",
               "home": "home station", "reserve": "reservation"}
"""What a click puts. A neutral token (1882's CN) fills a circle and never blocks; a blocking one
(18SJ, 18ZOO) fills a circle for nobody; both are placed for the chosen company's name, or as
``neutral`` / ``blocked`` when none is chosen."""


class TokenTool(Tool):
    name = "Token"
    shortcut = "K"
    hint = "Token: click a city circle to place the company's station token, drag it to move, right-click or Delete to remove."
    glyph = "●"
    colour = "#9ad0f5"

    def __init__(self, document, parent=None) -> None:
        super().__init__(document, parent)
        self.mode = "token"
        self.company: str | None = None  # None: the active company of the game state
        self._pressed: tuple | None = None  # (coord, city, circle) under the left press
        self._hover_circle: tuple | None = None

    # --- options -----------------------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        if mode not in TOKEN_MODES:
            raise ValueError(f"unknown token mode {mode!r}")
        self.mode = mode
        self.optionsChanged.emit()

    def set_company(self, company: str | None) -> None:
        self.company = company or None
        self.optionsChanged.emit()

    def acting_company(self) -> str | None:
        """The company the tool places for: the chosen one, else the active company."""
        s = self.document.scenario
        cid = self.company or s.state.active
        return cid if cid is not None and s.company(cid) is not None else None

    # --- hit testing -------------------------------------------------------------------------
    def circle_at(self, coord, scene_pos) -> tuple[int, int] | None:
        """(city, circle) under the pointer: the nearest circle of the cell's cities within a
        little more than its radius; a click elsewhere on a one-city cell means its first free circle."""
        if coord is None:
            return None
        circles = station_circles(self.document.scenario, coord, CELL_SIZE)
        best, best_d = None, math.inf
        for k, city in enumerate(circles):
            for i, (centre, r) in enumerate(city):
                d = math.hypot(centre.x() - scene_pos.x(), centre.y() - scene_pos.y())
                if d <= r * 1.3 and d < best_d:
                    best, best_d = (k, i), d
        if best is None and len(circles) == 1 and circles[0]:
            cell = self.document.cell(coord)
            best = (0, min(tokens.free_circle(tokens.circle_layout(cell, 0, len(circles[0]))), len(circles[0]) - 1))
        return best

    # --- events ------------------------------------------------------------------------------
    def move(self, coord, scene_pos, event) -> None:
        super().move(coord, scene_pos, event)
        hit = self.circle_at(coord, scene_pos)
        self._hover_circle = (coord, *hit) if hit is not None else None
        if hit is not None:
            self.statusMessage.emit(tokens.describe_circle(self.document.scenario, coord, *hit))

    def context_menu_here(self, coord, scene_pos) -> bool:
        return self.circle_at(coord, scene_pos) is None  # a right-click on a circle removes its token

    def press(self, coord, scene_pos, event) -> None:
        hit = self.circle_at(coord, scene_pos)
        if hit is None:
            if coord is not None:
                self.statusMessage.emit(f"{self.document.label(coord)} has no city: tokens go in city circles")
            return
        if event.button() == Qt.MouseButton.RightButton:
            if self.remove_at(coord, *hit):
                self._describe(coord, hit)
            return
        if is_left(event):
            self._pressed = (coord, *hit)

    def release(self, coord, scene_pos, event) -> None:
        if not is_left(event) or self._pressed is None:
            return
        pressed, self._pressed = self._pressed, None
        hit = self.circle_at(coord, scene_pos)
        source, city, circle = pressed
        if hit is not None and (coord, hit[0]) != (source, city):
            if tokens.token_at(self.document.cell(source), city, circle) is not None and self.mode == "token":
                changes = tokens.move_token(self.document.scenario, source, city, circle, coord, hit[0], hit[1])
                if changes:
                    who = tokens.token_at(self.document.cell(source), city, circle).company
                    text = f"Move {who}'s token {self.document.label(source)} → {self.document.label(coord)}"
                    self.document.undo_stack.push(SetCellsCommand(self.document, changes, text))
                    self._describe(coord, hit)
                return
        if self.click(source, city, circle) and hit is not None:
            self._describe(coord, hit)

    def _describe(self, coord, hit) -> None:
        """Name the circle under the pointer again once an edit changed who holds it."""
        if coord is not None:
            self.statusMessage.emit(tokens.describe_circle(self.document.scenario, coord, *hit))

    def click(self, coord, city: int, circle: int) -> bool:
        """What a click on a circle does in the current mode; True when it changed something."""
        doc = self.document
        s = doc.scenario
        if self.mode in ("neutral", "blocking"):
            owner = self.company or ("neutral" if self.mode == "neutral" else "blocked")
            changes = tokens.place_token(s, coord, owner, city, kind=self.mode, circle=circle)
            if not changes:
                return False
            doc.undo_stack.push(SetCellsCommand(doc, changes, f"{TOKEN_MODES[self.mode].capitalize()} on {doc.label(coord)}"))
            return True
        company = self.acting_company()
        if company is None:
            self.statusMessage.emit("Token: set the active company in the Turn panel (or pick one in the options bar) first")
            return False
        label = doc.label(coord)
        if self.mode == "home":
            companies = tokens.set_home(s, company, label, city)
            if companies == s.companies:
                return False
            doc.undo_stack.push(SetPartCommand(doc, "companies", companies, f"{company}'s home: {label} city {city + 1}"))
            return True
        if self.mode == "reserve":
            changes = tokens.toggle_reservation(s, coord, company, city)
            if not changes:
                self.statusMessage.emit(f"{label}: only a printed city can hold a reservation")
                return False
            doc.undo_stack.push(SetCellsCommand(doc, changes, f"Reservation for {company} on {label}"))
            return True
        changes = tokens.place_token(s, coord, company, city, circle=circle)
        if not changes:
            return False
        doc.undo_stack.push(SetCellsCommand(doc, changes, f"Token of {company} on {label}"))
        return True

    def remove_at(self, coord, city: int, circle: int) -> bool:
        """Take the token in this circle off (or the acting company's token in this city)."""
        doc = self.document
        gone = tokens.token_at(doc.cell(coord), city, circle)
        if gone is None:
            gone = next((t for t in tokens.city_tokens(doc.cell(coord), city) if t.company == self.acting_company()), None)
        changes = tokens.remove_token(doc.scenario, coord, city, circle, self.acting_company())
        if not changes or gone is None:
            self.statusMessage.emit(f"{doc.label(coord)}: no token here to remove")
            return False
        doc.undo_stack.push(SetCellsCommand(doc, changes, f"Remove {gone.company}'s token from {doc.label(coord)}"))
        return True

    def delete_hovered(self) -> bool:
        """Delete (the key) on a token under the pointer removes it; False when there is none."""
        hit = self._hover_circle
        if hit is None or hit[0] is None:
            return False
        coord, city, circle = hit
        if tokens.token_at(self.document.cell(coord), city, circle) is None:
            return False
        return self.remove_at(coord, city, circle)

    def key(self, event) -> bool:
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            return self.delete_hovered()
        return False

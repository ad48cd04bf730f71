"""The generic command: set the content of some cells."""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from editor.document import Document
from model.board import Cell
from model.grid import Coord


class SetCellsCommand(QUndoCommand):
    """Set cells to new content; undo puts the old content (and the cell table's order) back.

    The old content is read from the document when the command is made, so make the command
    just before pushing it.
    """

    def __init__(self, document: Document, cells: dict[Coord, Cell], text: str = "Edit cells", parent: QUndoCommand | None = None) -> None:
        super().__init__(text, parent)
        self.document = document
        self.new: dict[Coord, Cell] = dict(cells)
        self.old: dict[Coord, Cell] = {c: document.cell(c) for c in cells}
        self.order_before: tuple[str, ...] = document.cell_order()
        self.order_after: tuple[str, ...] | None = None

    def redo(self) -> None:
        # the first time the table's order is whatever the edit makes it; a later redo restores
        # that order exactly (merged strokes may remove and re-add a cell on the way)
        self.document.set_cells(self.new, order=self.order_after)
        if self.order_after is None:
            self.order_after = self.document.cell_order()

    def undo(self) -> None:
        self.document.set_cells(self.old, order=self.order_before)

    def add_cells(self, cells: dict[Coord, Cell]) -> None:
        """Extend the command with more cells (used when strokes merge)."""
        for c, cell in cells.items():
            self.new[c] = cell


class StrokeCommand(SetCellsCommand):
    """A set-cells command that merges with the next one of the same stroke (one undo step)."""

    merge_id = -1

    def __init__(self, document: Document, cells: dict[Coord, Cell], stroke: int, text: str, parent: QUndoCommand | None = None) -> None:
        super().__init__(document, cells, text, parent)
        self.stroke = stroke

    def id(self) -> int:  # noqa: A003 - Qt's name
        return self.merge_id

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt's name
        if not isinstance(other, StrokeCommand) or other.id() != self.id() or other.stroke != self.stroke:
            return False
        for c, cell in other.old.items():
            self.old.setdefault(c, cell)  # the content before the whole stroke
        self.add_cells(other.new)
        self.order_after = other.order_after  # the order after the whole stroke
        return True

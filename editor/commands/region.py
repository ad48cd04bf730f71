"""Region edits (cut, paste, delete): a macro of a set-cells and a set-edges command."""

from __future__ import annotations

from editor.commands.set_cells import SetCellsCommand
from editor.commands.set_edges import SetEdgesCommand
from editor.document import Document
from model.board import Cell, EdgeFeature
from model.grid import Coord


def push_region_edit(
    document: Document,
    text: str,
    cells: dict[Coord, Cell],
    remove: list[EdgeFeature] = (),  # type: ignore[assignment]
    add: list[EdgeFeature] = (),  # type: ignore[assignment]
) -> bool:
    """Push the edit as one undo step (a macro when both cells and edges change). False: nothing to do."""
    remove, add = list(remove), list(add)
    if not cells and not remove and not add:
        return False
    stack = document.undo_stack
    stack.beginMacro(text)
    try:
        if cells:
            stack.push(SetCellsCommand(document, cells, text))
        if remove or add:
            stack.push(SetEdgesCommand(document, remove, add, text))
    finally:
        stack.endMacro()
    return True

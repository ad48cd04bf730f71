"""Adding and removing edge features (gauge lines, rivers, impassable sides)."""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from editor.document import Document
from model.board import EdgeFeature


class SetEdgesCommand(QUndoCommand):
    """Remove some edge features and add others; undo restores the edge list exactly."""

    def __init__(
        self,
        document: Document,
        remove: list[EdgeFeature],
        add: list[EdgeFeature],
        text: str = "Edit edges",
        parent: QUndoCommand | None = None,
    ) -> None:
        super().__init__(text, parent)
        self.document = document
        self.remove = list(remove)
        self.add = list(add)
        self._removed_at: list[int] = []

    def redo(self) -> None:
        self._removed_at = self.document.set_edges(self.remove, self.add)

    def undo(self) -> None:
        # the added features were appended at the end: removing them leaves the list as it was
        # after the removals; re-inserting the removed ones in reverse order restores it exactly
        self.document.set_edges(
            list(self.add), list(reversed(self.remove)), positions=list(reversed(self._removed_at))
        )

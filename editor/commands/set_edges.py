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
        self._removed: list[EdgeFeature] = []
        self._added: list[EdgeFeature] = []
        self._removed_at: list[int] = []

    def redo(self) -> None:
        # Only what really changes is done (and later undone): a feature to remove that is not
        # there is skipped, and one to add that is already there is not added a second time.
        # An added feature is then the only one equal to itself, so undo removes that very one.
        # The board finds a feature by bisection (its list is in edge order), so the cost of an
        # edit does not grow with the number of features on the board.
        board = self.document.scenario.board
        taken: set[int] = set()
        self._removed = []
        for f in self.remove:
            i = board.edge_index(f, taken)
            if i is not None:
                taken.add(i)
                self._removed.append(f)
        self._added = []
        added: set[tuple] = set()
        for f in self.add:
            if f.key() not in added and board.edge_index(f, taken) is None:
                self._added.append(f)
                added.add(f.key())
        self._removed_at = self.document.set_edges(self._removed, self._added)

    def undo(self) -> None:
        # removing the added features leaves the list as it was after the removals; re-inserting
        # the removed ones at their old indices, in reverse order, restores it exactly
        self.document.set_edges(
            list(self._added), list(reversed(self._removed)), positions=list(reversed(self._removed_at))
        )

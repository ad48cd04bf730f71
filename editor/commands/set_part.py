"""The generic set-value command for a top-level part of the scenario (like Tiled's ChangeValue)."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoCommand

from editor.document import Document


class SetPartCommand(QUndoCommand):
    """Replace ``meta``, ``rules``, ``tiles``, ``players``, ``companies``, ``state`` or ``puzzle``.

    Values are replaced, never mutated: build the new value with ``model_copy`` or a new list.
    """

    def __init__(self, document: Document, name: str, value: Any, text: str | None = None) -> None:
        super().__init__(text or f"Edit {name}")
        self.document = document
        self.name = name
        self.new = value
        self.old = getattr(document.scenario, name)

    def redo(self) -> None:
        self.document.set_part(self.name, self.new)

    def undo(self) -> None:
        self.document.set_part(self.name, self.old)

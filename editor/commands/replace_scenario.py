"""Replacing the whole scenario (resize, change of grid): one undo step."""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from editor.document import Document
from model.scenario import Scenario


class ReplaceScenarioCommand(QUndoCommand):
    def __init__(self, document: Document, scenario: Scenario, text: str = "Replace board") -> None:
        super().__init__(text)
        self.document = document
        self.new = scenario
        self.old = document.scenario

    def redo(self) -> None:
        self.document.replace_scenario(self.new)

    def undo(self) -> None:
        self.document.replace_scenario(self.old)

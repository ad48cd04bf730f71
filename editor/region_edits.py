"""The main window's Edit menu on regions: copy, cut, paste and delete the selected cells, select
all, and change the board's size. Each is one undoable step (:func:`editor.commands.push_region_edit`);
what changes is decided by :mod:`model.editing`.
"""

from __future__ import annotations

from PySide6.QtCore import QMimeData
from PySide6.QtWidgets import QApplication

from editor import dialogs
from editor.commands import ReplaceScenarioCommand, push_region_edit
from editor.tools import TokenTool
from model import editing

CLIP_MIME = "application/x-trackwright-clip"
"""The clipboard format of copied cells (also offered as plain text: the clip's JSON)."""


class RegionEdits:
    """Mixed into :class:`editor.mainwindow.MainWindow` (which provides ``document``,
    ``current_tool``, ``_clip``, ``_hover`` and the status bar)."""

    # --- edit: clipboard and region operations ----------------------------------------------
    def copy(self) -> bool:
        clip = editing.copy_region(self.document.scenario, self.document.selection)
        if clip is None:
            self.statusBar().showMessage("Nothing selected to copy", 3000)
            return False
        self._clip = clip
        mime = QMimeData()
        text = clip.to_json()
        mime.setData(CLIP_MIME, text.encode("utf-8"))
        mime.setText(text)
        QApplication.clipboard().setMimeData(mime)
        self.statusBar().showMessage(f"Copied {len(clip.cells)} cells", 3000)
        return True

    def _clipboard_clip(self) -> editing.Clip | None:
        mime = QApplication.clipboard().mimeData()
        if mime is not None and mime.hasFormat(CLIP_MIME):
            clip = editing.Clip.from_json(bytes(mime.data(CLIP_MIME)).decode("utf-8"))
            if clip is not None:
                return clip
        if mime is not None and mime.hasText():
            clip = editing.Clip.from_json(mime.text())
            if clip is not None:
                return clip
        return self._clip

    def paste(self) -> bool:
        clip = self._clipboard_clip()
        if clip is None:
            self.statusBar().showMessage("The clipboard holds no cells", 3000)
            return False
        sel = self.document.selection
        target = editing.region_anchor(sel) if sel else self._hover
        if target is None:
            self.statusBar().showMessage("Select a cell (or point at one) to paste at", 3000)
            return False
        left_out = editing.tokens_left_out(self.document.scenario, clip, target)
        cells, remove, add = editing.paste_region(self.document.scenario, clip, target)
        if not push_region_edit(self.document, "Paste", cells, remove, add):
            self.statusBar().showMessage("Nothing to paste here (another grid, or the cells are the same)", 3000)
            return False
        pasted = [(target[0] + dx, target[1] + dy) for dx, dy in clip.cells]
        self.document.set_selection([c for c in pasted if self.document.grid.contains(c)])
        if left_out:
            names = ", ".join(f"{company} on {label}" for label, company in left_out)
            self.statusBar().showMessage(
                f"Pasted {len(pasted)} cells without the station tokens of companies already on the board: {names}", 6000
            )
        return True

    def delete(self, text: str = "Delete") -> bool:
        if isinstance(self.current_tool, TokenTool) and self.current_tool.delete_hovered():
            return True  # the Token tool: Delete takes the token under the pointer off
        cells, remove = editing.delete_region(self.document.scenario, self.document.selection)
        return push_region_edit(self.document, text if isinstance(text, str) else "Delete", cells, remove)

    def cut(self) -> bool:
        return self.copy() and self.delete("Cut")

    def change_board_size(self) -> bool:
        """Edit > Board Size…: resize the grid as one undo step, after a warning about dropped cells."""
        scenario = self.document.scenario
        grid = scenario.board.grid

        def preview(width: int, height: int) -> tuple[list[str], str]:
            try:
                return editing.resize_board(scenario, width, height)[1], ""
            except ValueError as exc:
                return [], str(exc)

        size = dialogs.ask_board_size(self, grid.width, grid.height, preview)
        if size is None or size == (grid.width, grid.height):
            return False
        try:
            resized, dropped = editing.resize_board(scenario, *size)
        except ValueError as exc:
            dialogs.show_error(self, "Cannot resize the board", str(exc))
            return False
        self.document.undo_stack.push(ReplaceScenarioCommand(self.document, resized, f"Board size {size[0]}×{size[1]}"))
        self.statusBar().showMessage(f"Board is now {size[0]}×{size[1]}" + (f"; {len(dropped)} cells dropped" if dropped else ""), 4000)
        return True

    def select_all(self) -> None:
        self.document.set_selection(list(self.document.grid.ordered_coords))


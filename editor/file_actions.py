"""The main window's files: New, Close, Open, Import, Save, Save As (never overwriting a file
that changed on disk unasked), the recent files and the recovery of the work a crash left. Every
question goes through :mod:`editor.dialogs`; a failure shows why and keeps the open board as it is.
"""

from __future__ import annotations

import os
from pathlib import Path

from editor import dialogs, window_extras
from editor.autosave import Recovery, find_recoveries
from editor.window_state import recent_texts
from model.io import LoadError, SaveError, load, loads, save
from model.io.atomic import file_digest
from model.newboard import new_scenario

MAX_RECENT = 8
"""How many files File > Open Recent lists."""


class FileActions:
    """Mixed into :class:`editor.mainwindow.MainWindow` (which provides ``document``, ``settings``,
    ``autosaver``, ``view``, ``properties``, ``recent_menu``, the game panel and the status bar)."""

    # --- files ----------------------------------------------------------------------------
    def maybe_save(self) -> bool:
        """True when it is fine to drop the current document (saved, discarded, or unmodified)."""
        self.properties.commit_pending()
        if not self.document.is_modified():
            return True
        answer = dialogs.ask_unsaved(self, self.document.display_name())
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_file(self) -> bool:
        if not self.maybe_save():
            return False
        choice = dialogs.ask_new_board(self)
        if choice is None:
            return False
        try:
            scenario = new_scenario(choice.rules, choice.width, choice.height, choice.orientation, choice.title)
            if choice.standard_tiles:
                scenario = window_extras.with_standard_tiles(scenario)
        except (ValueError, KeyError) as exc:
            dialogs.show_error(self, "Cannot make the board", str(exc))
            return False
        self.autosaver.discard()
        self.document.open_scenario(scenario, None)
        self.view.fit_to_window()
        return True

    def close_file(self) -> bool:
        """File ▸ Close: drop the file (asking to save unsaved changes first); an empty, untitled
        board of the rule set and size Preferences name takes its place, as a closed file leaves
        an empty page in other editors. False when the user kept the file."""
        from editor import preferences

        if not self.maybe_save():
            return False
        name = self.document.display_name()
        prefs = preferences.read(self.settings)
        try:
            scenario = window_extras.with_standard_tiles(new_scenario(prefs.new_rules, prefs.new_width, prefs.new_height, title="Untitled"))
        except (ValueError, KeyError):
            scenario = new_scenario("catalan", 12, 12, title="Untitled")
        self.autosaver.discard()
        self.document.open_scenario(scenario, None)
        self.view.fit_to_window()
        self.statusBar().showMessage(f"Closed {name}", 4000)
        return True

    def open_file(self, path: str | os.PathLike | None = None) -> bool:
        if not self.maybe_save():
            return False
        if path is None:
            folder = str(self.document.path.parent) if self.document.path is not None else ""
            path = dialogs.ask_open_path(self, folder)
            if path is None:
                return False
        return self.load_path(path)

    def import_file(self, path: str | os.PathLike | None = None) -> bool:
        """File > Import: read another program's map into a new, unsaved board (nothing on disk is
        written until File > Save asks where). What the file holds that Trackwright cannot is
        listed first, and left out only when the user agrees."""
        from model.io.importing import ImportFailure, import_any

        if not self.maybe_save():
            return False
        if path is None:
            path = dialogs.ask_import_path(self, str(self.document.path.parent) if self.document.path is not None else "")
            if path is None:
                return False
        def refused(exc: ImportFailure) -> bool:
            dialogs.show_error(self, "Cannot import the file",
                               f"{Path(path).name} could not be imported. Nothing was changed: the current board stays open.",
                               str(exc))
            return False

        try:
            result = import_any(path)
        except ImportFailure as exc:
            if not exc.can_drop:
                return refused(exc)
            if not dialogs.ask_import_anyway(self, Path(path).name, str(exc)):
                return False
            try:
                result = import_any(path, lenient=True)
            except ImportFailure as exc2:
                return refused(exc2)
            dialogs.show_dropped(self, Path(path).name, result.dropped)
        self.autosaver.discard()
        self.document.open_scenario(result.scenario, None)
        self.document.undo_stack.resetClean()
        if result.kind == "18xx-games-game" and self.game_panel.set_game(path):
            self.game_dock.raise_()
        self.view.fit_to_window()
        self.statusBar().showMessage(f"Imported {Path(path).name} ({len(result.scenario.board.cells)} hexes): "
                                     "File > Save As writes it as a scenario", 8000)
        return True

    def load_path(self, path: str | os.PathLike) -> bool:
        """Open a file; on failure show why and keep the current document as it is."""
        try:
            scenario = load(path)
        except LoadError as exc:
            dialogs.show_error(
                self, "Cannot open the file",
                f"{Path(path).name} could not be opened. Nothing was changed: the current board stays open.",
                str(exc),
            )
            return False
        self.autosaver.discard()
        self.document.open_scenario(scenario, Path(path))
        self.add_recent(path)
        self.view.fit_to_window()
        return True

    def save(self) -> bool:
        if self.document.path is None:
            return self.save_as()
        return self.write_to(self.document.path)

    def save_as(self) -> bool:
        doc = self.document
        suggested = str(doc.path) if doc.path is not None else f"{doc.scenario.meta.title or 'untitled'}.json"
        path = dialogs.ask_save_path(self, suggested)
        if path is None:
            return False
        return self.write_to(Path(path))

    def write_to(self, path: Path | str) -> bool:
        """Save atomically; on failure show why (the open board and the old file are untouched).
        A file that changed on disk since it was opened or last saved here is replaced only when
        the user says so (:meth:`changed_on_disk`)."""
        self.properties.commit_pending()
        answer = self.changed_on_disk(Path(path))
        if answer == "save_as":
            return self.save_as()
        if answer == "cancel":
            return False
        try:
            save(self.document.scenario, path)
        except SaveError as exc:
            dialogs.show_error(
                self, "Cannot save the file",
                f"{Path(path).name} was not written. Your board is still open and nothing was lost; "
                "the previous file (if any) is unchanged. Try File > Save As with another folder.",
                str(exc),
            )
            return False
        self.document.mark_saved(path)
        self.autosaver.discard()
        self.add_recent(path)
        self.statusBar().showMessage(f"Saved {path}", 4000)
        return True

    def changed_on_disk(self, path: Path) -> str:
        """'overwrite' when saving to ``path`` loses nothing; else the user's answer
        ('overwrite', 'save_as', 'cancel') to: the file changed since this window read it."""
        doc = self.document
        if doc.path is None or doc.disk_digest is None or not os.path.lexists(path):
            return "overwrite"
        try:
            if not os.path.samefile(path, doc.path):
                return "overwrite"  # Save As onto another file: its dialog asked already
        except OSError:
            return "overwrite"
        if file_digest(path) == doc.disk_digest:
            return "overwrite"
        return dialogs.ask_file_changed(self, str(path))

    # recent files
    def recent_files(self) -> list[str]:
        value = self.settings.value("recentFiles", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def add_recent(self, path: str | os.PathLike) -> None:
        p = str(Path(path).resolve())
        files = [p] + [f for f in self.recent_files() if f != p]
        self.settings.setValue("recentFiles", files[:MAX_RECENT])
        self.settings.sync()

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for i, (f, text) in enumerate(zip(files, recent_texts(files), strict=True)):
            act = self.recent_menu.addAction(f"&{i + 1} {text}")
            act.setStatusTip(f)
            act.triggered.connect(lambda _c=False, f=f: self.open_recent(f))
        if not files:
            self.recent_menu.addAction("(no recent files)").setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear List", lambda: self.settings.setValue("recentFiles", []))

    def open_recent(self, path: str) -> bool:
        ok = self.open_file(path)
        if not ok and not Path(path).exists():
            self.settings.setValue("recentFiles", [f for f in self.recent_files() if f != path])
        return ok

    # crash recovery
    def offer_recovery(self) -> bool:
        """Offer each recovery file a crash left; True if one was opened."""
        recs = [r for r in find_recoveries(self.autosaver.folder) if r.file != self.autosaver.file]
        for rec in recs:
            twins = [r for r in recs if r is not rec and r.original is not None and r.original == rec.original]
            if dialogs.ask_recover(self, rec.describe(), rec.when(), others=[r.when() for r in twins]):
                if self.recover(rec):
                    return True
            else:
                rec.discard()
        return False

    def recover(self, rec: Recovery) -> bool:
        try:
            scenario = loads(rec.file.read_bytes(), str(rec.file))
        except (LoadError, OSError) as exc:
            dialogs.show_error(self, "Cannot recover", "The recovery file could not be read; it was left in place.", str(exc))
            return False
        self.document.open_scenario(scenario, rec.original_path)
        if rec.original_path is not None:  # the file as that session last saw it, not as it is now
            self.document.disk_digest = rec.disk_digest
        self.document.undo_stack.resetClean()  # recovered work is unsaved work
        self.document.modifiedChanged.emit(True)
        self._update_title()
        rec.discard()
        self.autosaver.autosave()
        self.view.fit_to_window()  # a recovered board opens whole, not at the previous map's zoom
        return True

"""Edit ▸ Preferences: what was hard-wired, kept in the editor's QSettings.

* the autosave interval (seconds; the recovery file is written this often while there are
  unsaved changes);
* the rule set and size File ▸ New offers first;
* whether ``trackwright`` with no file reopens the last file opened (else the bundled map).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QSpinBox

from model.rules import rule_set_ids

AUTOSAVE_KEY = "preferences/autosaveSeconds"
RULES_KEY = "preferences/newBoardRules"
WIDTH_KEY = "preferences/newBoardWidth"
HEIGHT_KEY = "preferences/newBoardHeight"
REOPEN_KEY = "preferences/reopenLastFile"


@dataclass
class Preferences:
    """The editor's preferences (see the module docstring)."""

    autosave_seconds: int = 30
    new_rules: str = "catalan"
    new_width: int = 12
    new_height: int = 12
    reopen_last: bool = True


def _int(settings: QSettings, key: str, default: int, low: int, high: int) -> int:
    try:
        value = int(settings.value(key, default))
    except (TypeError, ValueError):
        return default
    return min(high, max(low, value))


def read(settings: QSettings) -> Preferences:
    """The preferences stored in ``settings`` (defaults for anything missing or malformed)."""
    d = Preferences()
    rules = str(settings.value(RULES_KEY, d.new_rules))
    reopen = settings.value(REOPEN_KEY, d.reopen_last)
    return Preferences(
        autosave_seconds=_int(settings, AUTOSAVE_KEY, d.autosave_seconds, 5, 3600),
        new_rules=rules if rules in rule_set_ids() else d.new_rules,
        new_width=_int(settings, WIDTH_KEY, d.new_width, 1, 1000),
        new_height=_int(settings, HEIGHT_KEY, d.new_height, 1, 1000),
        reopen_last=reopen if isinstance(reopen, bool) else str(reopen).lower() in ("true", "1"),
    )


def write(settings: QSettings, prefs: Preferences) -> None:
    settings.setValue(AUTOSAVE_KEY, prefs.autosave_seconds)
    settings.setValue(RULES_KEY, prefs.new_rules)
    settings.setValue(WIDTH_KEY, prefs.new_width)
    settings.setValue(HEIGHT_KEY, prefs.new_height)
    settings.setValue(REOPEN_KEY, prefs.reopen_last)
    settings.sync()


def last_file(settings: QSettings) -> Path | None:
    """The file to open at start when no file is named: the most recent one, if wanted and there."""
    if not read(settings).reopen_last:
        return None
    value = settings.value("recentFiles", [])
    files = [value] if isinstance(value, str) else list(value or [])
    for f in files:
        if Path(str(f)).is_file():
            return Path(str(f))
    return None


class PreferencesDialog(QDialog):
    """The preferences as a form; OK stores them."""

    def __init__(self, prefs: Preferences, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Preferences")
        self.autosave_box = QSpinBox()
        self.autosave_box.setRange(5, 3600)
        self.autosave_box.setSuffix(" s")
        self.autosave_box.setValue(prefs.autosave_seconds)
        self.rules_box = QComboBox()
        self.rules_box.addItems(rule_set_ids())
        self.rules_box.setCurrentText(prefs.new_rules)
        self.width_box, self.height_box = QSpinBox(), QSpinBox()
        for box, value in ((self.width_box, prefs.new_width), (self.height_box, prefs.new_height)):
            box.setRange(1, 1000)
            box.setValue(value)
        self.reopen_box = QCheckBox("Reopen the last file when Trackwright starts without one")
        self.reopen_box.setChecked(prefs.reopen_last)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay = QFormLayout(self)
        lay.addRow("Autosave every", self.autosave_box)
        lay.addRow("New board: rule set", self.rules_box)
        lay.addRow("New board: width", self.width_box)
        lay.addRow("New board: height", self.height_box)
        lay.addRow(self.reopen_box)
        lay.addRow(self.buttons)

    def preferences(self) -> Preferences:
        return Preferences(self.autosave_box.value(), self.rules_box.currentText(), self.width_box.value(),
                           self.height_box.value(), self.reopen_box.isChecked())


def apply(win, prefs: Preferences) -> None:
    """Put the preferences into effect in a window (the autosave timer)."""
    win.autosaver.timer.setInterval(prefs.autosave_seconds * 1000)


def install(win) -> None:
    """Edit ▸ Preferences… (the platform's key, Ctrl+, here) and the stored preferences applied."""
    win.preferences_action = QAction("Pre&ferences…", win)
    win.preferences_action.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Preferences) or [QKeySequence("Ctrl+,")])
    win.preferences_action.setStatusTip("Autosave interval, the new board's rule set and size, reopening the last file")
    win.preferences_action.triggered.connect(lambda: open_dialog(win))
    win.addAction(win.preferences_action)
    edit = next((a.menu() for a in win.menuBar().actions() if a.text() == "&Edit"), None)
    if edit is not None:
        edit.addSeparator()
        edit.addAction(win.preferences_action)
    apply(win, read(win.settings))


def open_dialog(win) -> PreferencesDialog:
    dlg = PreferencesDialog(read(win.settings), win)
    win.preferences_dialog = dlg

    def done() -> None:
        prefs = dlg.preferences()
        write(win.settings, prefs)
        apply(win, prefs)

    dlg.accepted.connect(done)
    dlg.open()
    return dlg

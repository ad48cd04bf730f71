"""Start the editor: ``run_editor(path)`` (called by ``trackwright`` / ``trackwright edit``)."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from editor.document import Document


def build_window(path: str | None = None):
    """The main window on ``path`` (or on the last file opened, or the bundled 18 India map / a new
    Catalan board)."""
    from editor import dialogs
    from editor.mainwindow import MainWindow, default_scenario
    from model.io import LoadError, load

    failed: LoadError | None = None
    scenario = file = None
    if path is None:  # reopen the last file (Edit > Preferences), else the bundled map
        from editor import preferences
        from editor.mainwindow import make_settings

        last = preferences.last_file(make_settings())
        path = str(last) if last is not None else None
    if path is not None:
        try:
            scenario, file = load(path), Path(path)
        except LoadError as exc:
            failed = exc
    if scenario is None:
        scenario, file = default_scenario()
    window = MainWindow(Document(scenario, file))
    if failed is not None:
        dialogs.show_error(window, "Cannot open the file", f"{path} could not be opened; showing the default board instead.", str(failed))
    elif file is not None:
        window.add_recent(file)
    return window


def exec_app(app: QApplication) -> int:
    """Run the event loop (a function of its own so tests can replace it)."""
    return app.exec()


def run_editor(path: str | None) -> int:
    """Open the editor window and run until it closes; returns the exit status."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Trackwright")
    app.setOrganizationName("Trackwright")
    window = build_window(path)
    window.show()
    QTimer.singleShot(0, window.view.fit_to_window)  # once the window has its final size
    QTimer.singleShot(0, window.offer_recovery)
    status = exec_app(app)
    release_clipboard(app)
    return status


def release_clipboard(app: QApplication) -> None:
    """Drop the clipboard's data before Python shuts down.

    The clipboard owns the QMimeData we gave it; if Qt's exit handlers delete it after the
    interpreter is gone, shiboken touches a dead interpreter and the process segfaults.
    """
    app.clipboard().clear()

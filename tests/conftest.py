"""Test set-up: Qt runs offscreen (no display needed); hypothesis profiles."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")

from hypothesis import HealthCheck, settings  # noqa: E402

import editor.qtcompat  # noqa: E402,F401  (PySide6 6.12 refcount fix for every Qt test)

settings.register_profile("default", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("fuzz", max_examples=5000, deadline=None, suppress_health_check=list(HealthCheck))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_sessionfinish(session, exitstatus):
    """Release the clipboard's data while Python is alive (see editor.app.release_clipboard)."""
    import sys

    if "PySide6.QtWidgets" in sys.modules:
        from PySide6.QtWidgets import QApplication

        app = QApplication.instance()
        if app is not None:
            from editor.app import release_clipboard

            release_clipboard(app)

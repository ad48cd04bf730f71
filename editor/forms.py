"""Small builders for the editor's forms (dialogs and panels): labelled rows, number boxes, OK/Cancel."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QSpinBox, QWidget


def form(owner: QWidget, rows: list[tuple[str, QWidget]]) -> QFormLayout:
    """A form layout on ``owner`` with one labelled row per ``(label, widget)``."""
    layout = QFormLayout(owner)
    for label, widget in rows:
        layout.addRow(label, widget)
    return layout


def spin_box(low: int, high: int, value: int) -> QSpinBox:
    """A whole-number box from ``low`` to ``high`` showing ``value``."""
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    return box


def ok_cancel(dialog: QDialog) -> QDialogButtonBox:
    """OK and Cancel buttons that accept and reject ``dialog``."""
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons

"""Trackwright's faces: the PySide6 editor and the command line."""

"""The system libraries the editor's X11 (xcb) window needs, checked before Qt is loaded.

Qt's xcb platform plugin aborts the process when one of its libraries is missing, with a
message that names another library (the plugin, not the missing one). ``trackwright`` checks the
libraries first and names the missing ones, with their Debian/Ubuntu packages, in one sentence.
The list is the xcb plugin's own dependencies (``ldd libqxcb.so`` of PySide6 6.x); README.md
lists the same packages in its ``apt-get install`` line. Imports no Qt.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable

XCB_LIBRARIES: dict[str, str] = {
    "libxcb.so.1": "libxcb1",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",  # QtCore, QtGui and the xcb platform link GLib (not on a minimal Debian)
    "libgthread-2.0.so.0": "libglib2.0-0",
}
"""Shared library -> the Debian/Ubuntu package that provides it."""


def uses_xcb(environ=os.environ, platform: str = sys.platform) -> bool:
    """Whether Qt will open its window through xcb (X11) here."""
    if not platform.startswith("linux"):
        return False
    chosen = environ.get("QT_QPA_PLATFORM", "")
    if chosen:
        return chosen.split(":")[0].split(";")[0] == "xcb"
    # without a choice Qt 6 takes Wayland in a Wayland session, else xcb
    wayland = environ.get("WAYLAND_DISPLAY") or environ.get("XDG_SESSION_TYPE") == "wayland"
    return bool(environ.get("DISPLAY")) and not wayland


def _loads(name: str) -> bool:
    try:
        ctypes.CDLL(name)
    except OSError:
        return False
    return True


def missing_xcb_libraries(loads: Callable[[str], bool] | None = None) -> list[str]:
    """The xcb window's libraries that cannot be loaded, in :data:`XCB_LIBRARIES` order."""
    loads = loads or _loads
    return [lib for lib in XCB_LIBRARIES if not loads(lib)]


def missing_sentence(missing: list[str]) -> str:
    """One sentence naming the missing libraries and the command that installs them."""
    packages = " ".join(dict.fromkeys(XCB_LIBRARIES[lib] for lib in missing))
    names = missing[0] if len(missing) == 1 else f"{', '.join(missing[:-1])} and {missing[-1]}"
    return (f"the editor's X11 window needs {names}, which {'is' if len(missing) == 1 else 'are'} "
            f"not installed; on Debian or Ubuntu: sudo apt-get install {packages} (README.md lists every package).")

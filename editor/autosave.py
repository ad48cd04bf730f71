"""Autosave to a recovery file every 30 s, and recovery after a crash.

While the document has unsaved changes, its scenario is written (atomically, with
``model.io.save``) to ``<recovery dir>/<key>.json`` with a ``<key>.info.json`` beside it naming
the original file. A normal close or a save removes both; files found at start-up are what a
crash left behind, and the editor offers to open them. The recovery file is never the user's
file: recovering opens it as an unsaved document with the original path.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QStandardPaths, QTimer

from editor.document import Document
from model.io import SaveError, save

AUTOSAVE_INTERVAL_MS = 30_000


def recovery_dir() -> Path:
    """Where recovery files live (``$TRACKWRIGHT_RECOVERY_DIR`` overrides, for tests)."""
    env = os.environ.get("TRACKWRIGHT_RECOVERY_DIR")
    if env:
        return Path(env)
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation) or str(Path.home() / ".trackwright")
    return Path(base) / "recovery"


def remove_files(*paths) -> None:
    """Delete these files; one that is already gone (or cannot be removed) is skipped."""
    for p in paths:
        try:
            p.unlink()
        except OSError:
            pass


@dataclass
class Recovery:
    """A recovery file found at start-up."""

    file: Path
    info: Path
    original: str | None
    saved_at: float

    def when(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))

    def discard(self) -> None:
        remove_files(self.file, self.info)


def process_alive(pid: int) -> bool:
    """Whether a process with this id is running (another editor still editing its board)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists but is not ours (PermissionError) or cannot tell: assume alive
        return True
    return True


def find_recoveries(folder: Path | None = None) -> list[Recovery]:
    """Recovery files left by editors that are no longer running (crashed or killed)."""
    folder = folder or recovery_dir()
    out = []
    for info in sorted(folder.glob("*.info.json")):
        try:
            data = json.loads(info.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        pid = int(data.get("pid", 0) or 0)
        if pid != os.getpid() and process_alive(pid):
            continue  # another editor window's live autosave, not a crash
        file = info.with_name(info.name[: -len(".info.json")] + ".json")
        if file.is_file():
            out.append(Recovery(file, info, data.get("original"), float(data.get("saved_at", file.stat().st_mtime))))
    return out


class Autosaver(QObject):
    """Writes the document's recovery file every ``interval_ms`` while it has unsaved changes."""

    def __init__(self, document: Document, folder: Path | None = None, interval_ms: int = AUTOSAVE_INTERVAL_MS, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.folder = folder or recovery_dir()
        self.key = f"session-{os.getpid()}-{uuid.uuid4().hex[:10]}"
        self._written_index: tuple | None = None
        self.last_error: str | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.autosave)
        self.timer.start()
        document.modifiedChanged.connect(self._modified_changed)

    @property
    def file(self) -> Path:
        return self.folder / f"{self.key}.json"

    @property
    def info(self) -> Path:
        return self.folder / f"{self.key}.info.json"

    def autosave(self) -> bool:
        """Write the recovery file now if there is unsaved work not yet written. True if written."""
        doc = self.document
        if not doc.is_modified():
            self.discard()
            return False
        state = (id(doc.scenario), doc.undo_stack.index(), doc.undo_stack.count(), id(doc.undo_stack.command(doc.undo_stack.index() - 1)) if doc.undo_stack.index() else 0)
        if state == self._written_index and self.file.exists():
            return False
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            save(doc.scenario, self.file, backup=False)
            original = str(doc.path) if doc.path is not None else None
            digest = hashlib.sha1((original or "").encode()).hexdigest()[:8]
            self.info.write_text(json.dumps({"original": original, "saved_at": time.time(), "key": digest, "pid": os.getpid()}), encoding="utf-8")
        except (SaveError, OSError) as exc:
            self.last_error = str(exc)
            return False
        self._written_index = state
        self.last_error = None
        return True

    def discard(self) -> None:
        """Remove this session's recovery file (after a save, or on a normal close)."""
        remove_files(self.file, self.info)
        self._written_index = None

    def _modified_changed(self, modified: bool) -> None:
        if not modified:
            self.discard()

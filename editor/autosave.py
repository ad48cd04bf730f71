"""Autosave to a recovery file every 30 s, and recovery after a crash.

While the document has unsaved changes, its scenario is written (atomically, with
``model.io.save``) to ``<recovery dir>/<key>.json`` with a ``<key>.info.json`` beside it naming
the original file by its absolute, resolved path and its contents as the session last saw them
(``disk_digest``: a save of the recovered work asks first when the file changed since). A normal close or a save removes both; files
found at start-up are what a crash left behind, and the editor offers to open them. The
recovery file is never the user's file: recovering opens it as an unsaved document with the
original path.

A running editor holds ``<key>.lock`` locked (``fcntl.flock``) for as long as it lives; the
operating system drops the lock when the process dies, however it dies. A record whose lock is
free is a crash to recover, even when its process id now belongs to some other program.
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

try:
    import fcntl
except ImportError:  # not on Windows: a record's process id alone then tells a live editor
    fcntl = None  # type: ignore[assignment]

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
    lock: Path | None = None
    disk_digest: str | None = None  # the user's file as the crashed session last saw it

    def when(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))

    @property
    def original_path(self) -> Path | None:
        """The user's file, when the record names it by an absolute path (older records did not)."""
        if self.original and os.path.isabs(self.original):
            return Path(self.original)
        return None

    def describe(self) -> str:
        """What the recovery dialog names: the full path of the user's file."""
        if self.original_path is not None:
            return str(self.original_path)
        if self.original:
            return f"{self.original} (its folder was not recorded; use Save As to choose where it goes)"
        return "an unsaved board"

    def discard(self) -> None:
        remove_files(self.file, self.info, *([self.lock] if self.lock else []))


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


def lock_held(path: Path) -> bool:
    """Whether a running process holds this lock file locked (a missing file is not held)."""
    if fcntl is None:
        return False
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)  # closing also releases the lock if we took it
    return False


def process_start_time(pid: int) -> str | None:
    """When the process started (clock ticks since boot, from /proc), or None where unknown."""
    try:
        with open(f"/proc/{int(pid)}/stat", encoding="ascii", errors="replace") as fh:
            return fh.read().rsplit(")", 1)[1].split()[19]
    except (OSError, ValueError, IndexError):
        return None


def editor_running(data: dict, folder: Path) -> bool:
    """Whether the editor that wrote this recovery record is still running (then it is no crash)."""
    lock = data.get("lock")
    if isinstance(lock, str) and lock and os.path.basename(lock) == lock:
        return lock_held(folder / lock)
    # an older record without a lock: its process id, checked against the start time if known
    pid = int(data.get("pid", 0) or 0)
    if pid == os.getpid() or not process_alive(pid):
        return False
    started = data.get("started")
    return started is None or process_start_time(pid) in (None, started)


def find_recoveries(folder: Path | None = None) -> list[Recovery]:
    """Recovery files left by editors that are no longer running (crashed or killed)."""
    folder = folder or recovery_dir()
    out = []
    for info in sorted(folder.glob("*.info.json")):
        try:
            data = json.loads(info.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if not isinstance(data, dict):
            continue
        try:
            if editor_running(data, folder):
                continue  # another editor window's live autosave, not a crash
        except (TypeError, ValueError):
            pass
        file = info.with_name(info.name[: -len(".info.json")] + ".json")
        lock = data.get("lock")
        lock_path = folder / lock if isinstance(lock, str) and lock and os.path.basename(lock) == lock else None
        original = data.get("original") if isinstance(data.get("original"), str) else None
        digest = data.get("disk_digest") if isinstance(data.get("disk_digest"), str) else None
        if file.is_file():
            try:
                saved_at = float(data.get("saved_at", file.stat().st_mtime))
            except (TypeError, ValueError, OSError):
                saved_at = 0.0
            out.append(Recovery(file, info, original, saved_at, lock_path, digest))
    return out


class Autosaver(QObject):
    """Writes the document's recovery file every ``interval_ms`` while it has unsaved changes."""

    def __init__(self, document: Document, folder: Path | None = None, interval_ms: int = AUTOSAVE_INTERVAL_MS, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.folder = folder or recovery_dir()
        self.key = f"session-{os.getpid()}-{uuid.uuid4().hex[:10]}"
        self._written_index: tuple | None = None
        self._lock_fd: int | None = None
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

    @property
    def lock(self) -> Path:
        return self.folder / f"{self.key}.lock"

    def _hold_lock(self) -> None:
        if self._lock_fd is not None or fcntl is None:
            return
        fd = os.open(self.lock, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise
        self._lock_fd = fd

    def release_lock(self) -> None:
        """Let go of this session's lock (and remove the lock file)."""
        if self._lock_fd is not None:
            remove_files(self.lock)
            os.close(self._lock_fd)
            self._lock_fd = None

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
            self._hold_lock()
            save(doc.scenario, self.file, backup=False)
            # absolute and resolved: a later editor may start in another folder
            original = os.path.realpath(doc.path) if doc.path is not None else None
            digest = hashlib.sha1((original or "").encode()).hexdigest()[:8]
            record = {"original": original, "saved_at": time.time(), "key": digest, "pid": os.getpid(),
                      "started": process_start_time(os.getpid()), "lock": self.lock.name if self._lock_fd is not None else None,
                      "disk_digest": getattr(doc, "disk_digest", None)}
            self.info.write_text(json.dumps(record), encoding="utf-8")
        except (SaveError, OSError) as exc:
            self.last_error = str(exc)
            return False
        self._written_index = state
        self.last_error = None
        return True

    def discard(self) -> None:
        """Remove this session's recovery file (after a save, or on a normal close)."""
        remove_files(self.file, self.info)
        self.release_lock()
        self._written_index = None

    def _modified_changed(self, modified: bool) -> None:
        if not modified:
            self.discard()

"""Writing a file atomically: a temporary file beside the target, fsync, rename, and the previous
file kept as ``<name>.bak`` on request.

Every output of Trackwright is written here: scenario saves (:func:`model.io.files.save`), exports
and tile sets. A device, FIFO, socket or folder is never replaced (:class:`OutputRefused`); a
symlink is written through; temporary files that killed saves left behind are removed by the
next write of the same file.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import tempfile
from pathlib import Path

try:
    import fcntl
except ImportError:  # not on Windows: stale temporary files are then not cleaned up
    fcntl = None  # type: ignore[assignment]


class OutputRefused(ValueError):
    """An output path that must not be written: a device, FIFO, socket or folder, or the input."""


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether two paths name the same file (same device and inode, or the same resolved path)."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return os.path.realpath(a) == os.path.realpath(b)


def write_target(path: str | os.PathLike[str]) -> Path:
    """The file a write to ``path`` replaces: a symlink is followed to its (regular) target.

    Raises :class:`OutputRefused` when ``path`` is, or links to, a folder, a device node, a FIFO
    or a socket: replacing ``/dev/null`` or a pipe with a regular file would be a disaster.
    """
    p = Path(path)
    try:
        st = os.stat(p)  # follows symlinks
    except FileNotFoundError:
        return Path(os.path.realpath(p)) if p.is_symlink() else p  # a dangling link: its target
    except (OSError, ValueError):
        return p  # the write itself reports it (permission denied, a NUL in the name, ...)
    if stat.S_ISDIR(st.st_mode):
        raise OutputRefused(f"{path}: is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise OutputRefused(f"{path}: is not a regular file (a device, FIFO or socket); nothing was written")
    return Path(os.path.realpath(p)) if p.is_symlink() else p


def write_atomic(path: str | os.PathLike[str], data: bytes, backup: bool = False) -> Path:
    """Write ``data`` atomically: a temporary file in the target's folder, fsync, rename.

    A symlink is written through (its target is replaced, the link stays); a device, FIFO or
    socket is refused (:class:`OutputRefused`). With ``backup`` the previous file is kept as
    ``<name>.bak``. Returns the path written. Raises OSError when the disk refuses; the old file
    is then untouched and no temporary file is left.
    """
    p = write_target(path)
    folder = p.parent if str(p.parent) else Path(".")
    tmp_name = None
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=folder)
        if fcntl is not None:  # held until the file is renamed: a later save sees it is not stale
            fcntl.flock(fd, fcntl.LOCK_EX)
        remove_stale_temps(p)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        # mkstemp makes the file private (0600); give it the mode the user's file had, or a new
        # file's usual mode
        os.chmod(tmp_name, p.stat().st_mode & 0o777 if p.exists() else _new_file_mode())
        if p.exists() and backup:
            _keep_backup(p)
        os.replace(tmp_name, p)
        tmp_name = None
        try:
            dfd = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
        except OSError:
            pass
    finally:
        if tmp_name is not None and os.path.exists(tmp_name):
            os.remove(tmp_name)
    return p


_TEMP_CHARS = "[a-z0-9_]{8}"  # what tempfile.mkstemp puts between our prefix and suffix


def remove_stale_temps(target: Path) -> list[Path]:
    """Remove temporary files that killed saves of ``target`` left behind; returns them.

    Only ``.<name>.<8 characters>.tmp`` beside the target is ours; one that a running save
    holds locked (``fcntl.flock``) is still being written and stays. Errors are ignored: the
    clean-up never stands in the way of the save itself.
    """
    if fcntl is None:
        return []
    pattern = re.compile(rf"\.{re.escape(target.name)}\.{_TEMP_CHARS}\.tmp")
    folder = target.parent if str(target.parent) else Path(".")
    removed = []
    try:
        names = [e.name for e in os.scandir(folder) if e.name.startswith(f".{target.name}.")]
    except OSError:
        return []
    for name in names:
        if not pattern.fullmatch(name):
            continue
        stale = folder / name
        try:
            fd = os.open(stale, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            continue
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                continue  # another save is writing it
            os.unlink(stale)
            removed.append(stale)
        except OSError:
            pass
        finally:
            os.close(fd)
    return removed


def _keep_backup(p: Path) -> None:
    """Make ``<name>.bak`` the current file, replacing the older backup only once it is complete."""
    bak = p.with_name(p.name + ".bak")
    tmp = p.with_name(f".{p.name}.bak.tmp")
    try:
        if tmp.exists():
            tmp.unlink()
        try:
            os.link(p, tmp)  # a second name for the old file: instant, and exact
        except OSError:
            shutil.copy2(p, tmp)  # file systems without hard links
        os.replace(tmp, bak)
    finally:
        if tmp.exists():
            tmp.unlink()


def _new_file_mode() -> int:
    """0666 minus the umask: the mode ``open(path, "w")`` would give a new file."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return 0o666 & ~int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)  # elsewhere: read it by setting it (and set it straight back)
    os.umask(mask)
    return 0o666 & ~mask

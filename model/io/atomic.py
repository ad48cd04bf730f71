"""Writing a file atomically: a temporary file beside the target, fsync, rename, and the previous
file kept as ``<name>.bak`` on request.

Every output of Trackwright is written here: scenario saves (:func:`model.io.files.save`), exports
and tile sets. A device, FIFO, socket or folder is never replaced (:class:`OutputRefused`); a
symlink is written through; temporary files that killed saves left behind are removed by the
next write of the same file.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import secrets
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
        if not p.is_symlink():
            return p
        try:
            return Path(os.path.realpath(p, strict=False))  # a dangling link: its target
        except OSError:
            raise OutputRefused(f"{path}: is a symlink that leads nowhere it can be followed; nothing was written") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # replacing the loop with a regular file would lose the links
            raise OutputRefused(f"{path}: is a symlink loop; nothing was written") from None
        return p  # the write itself reports it (permission denied, ...)
    except ValueError:
        return p  # a NUL in the name: the write itself reports it
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
    fd = -1
    try:
        fd, tmp_name = _locked_temp(folder, temp_stem(p.name))
        remove_stale_temps(p)
        with os.fdopen(os.dup(fd), "wb") as fh:  # a second descriptor: closing it keeps the lock
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        # mkstemp makes the file private (0600); give it the mode the user's file had, or a new
        # file's usual mode
        os.chmod(tmp_name, p.stat().st_mode & 0o777 if p.exists() else _new_file_mode())
        if p.exists() and backup:
            _keep_backup(p)
        os.replace(tmp_name, p)  # still locked: no other save takes it for a killed save's
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
        if fd >= 0:
            os.close(fd)
        if tmp_name is not None:
            Path(tmp_name).unlink(missing_ok=True)
    return p


def _locked_temp(folder: Path, stem: str) -> tuple[int, str]:
    """A new temporary file ``.<stem>.<8 characters>.tmp``, locked (``fcntl.flock``) until its
    descriptor is closed, so that another save's clean-up never takes it for a stale one. A
    clean-up that removed it before the lock was taken is noticed (the name no longer leads to
    the descriptor's file) and another one is made."""
    for _ in range(100):
        fd, name = tempfile.mkstemp(prefix=f".{stem}.", suffix=".tmp", dir=folder)
        if fcntl is None:
            return fd, name
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            if os.stat(name).st_ino == os.fstat(fd).st_ino:
                return fd, name
        except FileNotFoundError:
            pass
        os.close(fd)
    raise OSError(errno.EEXIST, "no temporary file could be made", str(folder))


_TEMP_CHARS = "[a-z0-9_]{8}"  # what tempfile.mkstemp puts between our prefix and suffix


def remove_stale_temps(target: Path) -> list[Path]:
    """Remove temporary files that killed saves of ``target`` left behind; returns them.

    Only ``.<name>.<8 characters>.tmp`` beside the target is ours; one that a running save
    holds locked (``fcntl.flock``) is still being written and stays. Errors are ignored: the
    clean-up never stands in the way of the save itself.
    """
    if fcntl is None:
        return []
    stem = temp_stem(target.name)
    pattern = re.compile(rf"\.{re.escape(stem)}\.(?:{_TEMP_CHARS}|bak\.[0-9a-f]{{8}}|bak)\.tmp")
    folder = target.parent if str(target.parent) else Path(".")
    removed = []
    try:
        names = [e.name for e in os.scandir(folder) if e.name.startswith(f".{stem}.")]
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


NAME_MAX = 255
"""The longest file name (in bytes) the usual file systems accept."""
_TEMP_EXTRA = len("..bak.") + 8 + len(".tmp")  # what the longest temporary name adds to its stem


def _fit(name: str, room: int) -> str:
    """``name`` itself when its UTF-8 form fits ``room`` bytes; else its start and a hash of it
    (``<start>~<8 hex digits>``), so that two long names still get two different stems."""
    if len(name.encode("utf-8")) <= room:
        return name
    digest = hashlib.sha1(name.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    start = name.encode("utf-8")[: room - 9].decode("utf-8", "ignore")
    return f"{start}~{digest}"


def temp_stem(name: str) -> str:
    """The part of a temporary file's name that names its target: the target's own name, shortened
    (with a hash) when the temporary name would pass :data:`NAME_MAX`."""
    return _fit(name, NAME_MAX - _TEMP_EXTRA)


def backup_path(p: Path) -> Path:
    """``<name>.bak`` beside ``p``; for a name too long to take four more characters, its start
    and a hash, then ``.bak``."""
    return p.with_name(_fit(p.name, NAME_MAX - len(".bak")) + ".bak")


BACKUP_ATTEMPTS = 20
"""How often a backup's second name is made again when a concurrent save's clean-up removed it in
the instant between its link and its lock."""


def _keep_backup(p: Path) -> None:
    """Make ``<name>.bak`` the current file, replacing the older backup only once it is complete.

    The second name is unique to this save (two saves of one file at once never share it)."""
    bak = backup_path(p)
    for attempt in range(BACKUP_ATTEMPTS):
        tmp = p.with_name(f".{temp_stem(p.name)}.bak.{secrets.token_hex(4)}.tmp")
        fd = -1
        try:
            try:
                os.link(p, tmp)  # a second name for the old file: instant, and exact
            except FileExistsError:
                continue
            except OSError:
                shutil.copy2(p, tmp)  # file systems without hard links
            fd = os.open(tmp, os.O_RDONLY | os.O_NOFOLLOW)
            if fcntl is not None:  # another save's clean-up leaves a locked temp alone
                fcntl.flock(fd, fcntl.LOCK_EX)
            os.replace(tmp, bak)
            return
        except FileNotFoundError:
            if attempt == BACKUP_ATTEMPTS - 1:  # another save's clean-up took the second name each time
                raise
        finally:
            if fd >= 0:
                os.close(fd)
            tmp.unlink(missing_ok=True)  # gone already when renamed (or taken by a clean-up)


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


def file_digest(path: str | os.PathLike[str] | None) -> str | None:
    """The SHA-1 of a file's bytes (None when there is no file to read): what an editor remembers
    of the file it opened or saved, to notice at the next save that someone else changed it."""
    if path is None:
        return None
    try:
        h = hashlib.sha1()
        with open(path, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                h.update(block)
        return h.hexdigest()
    except OSError:
        return None

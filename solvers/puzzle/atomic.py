"""Atomic writes: a temporary file beside the target, flushed, then renamed over it, so the
target is always the old file or the new one, whole.

A temporary file is named `.<target name>.polygui-<pid>-<random>.tmp`: hidden, recognisably
PolyGUI's, and telling which process writes it. It gets the target's mode (and owner, when
the process may set it), so a private file stays private once replaced; a new file gets the
mode open() would give it. A process killed mid-write leaves its temporary behind; the next
write beside it removes such leftovers (those whose process is gone, or that are older than
a day, should the process number have been reused).
"""

from __future__ import annotations

import os
import re
import stat
import time
from collections.abc import Iterable
from pathlib import Path

from .errors import PuzzleError

TEMPORARY_MARK = ".polygui-"
TEMPORARY_SUFFIX = ".tmp"
STALE_AFTER = 24 * 3600  # seconds: older temporaries are leftovers whatever their number says
_TEMPORARY = re.compile(r"^\.(?P<target>.+)\.polygui-(?P<pid>\d+)-[^.]*\.tmp$")


def _process_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# read once, while importing: setting the umask to read it is not safe once threads write
# files (a file made in between would get the wrong mode)
_UMASK = _process_umask()


def umask_changed() -> None:
    """Read the umask again, after a process with no other thread set it (polygui's warm
    server, taking on a caller's umask in the process it forks for the call)."""
    global _UMASK
    _UMASK = _process_umask()


def new_file_mode() -> int:
    """The permissions a new file gets from open(): 0o666 less the umask."""
    return 0o666 & ~_UMASK


def keep_mode(target: Path, file: Path | int, *, writable: bool = False) -> None:
    """Give `file` (a path or an open descriptor) the permissions of `target`, and its owner
    when they differ and the process may set it; when `target` does not exist, the mode a
    new file gets. `writable`: the owner may write it too (a temporary still being written
    by name). Raises OSError."""
    try:
        old = os.stat(target)
    except (OSError, ValueError):  # no such file (or a name no file can have)
        mode = new_file_mode()
    else:
        mode = stat.S_IMODE(old.st_mode)
        now = os.stat(file)
        if (old.st_uid, old.st_gid) != (now.st_uid, now.st_gid):
            try:
                os.chown(file, old.st_uid, old.st_gid)  # before chmod: it clears set-id bits
            except PermissionError:
                pass  # another user's file: the new one is ours, with its mode
    os.chmod(file, mode | (stat.S_IWUSR if writable else 0))


def replace_keeping_mode(partial: Path, target: Path) -> None:
    """Rename `partial` over `target`, giving it `target`'s mode and owner first (keep_mode),
    or a new file's mode. Raises OSError."""
    keep_mode(target, partial)
    os.replace(partial, target)


def temporary_beside(path: Path) -> tuple[int, Path]:
    """(open descriptor, name) of a new temporary file in `path`'s folder, with `path`'s
    permissions (owner-writable: Qt writers reopen it by name), so that a private file's new
    text is never readable by others; leftovers of killed writes to `path` are removed
    first. Rename it with replace_keeping_mode. Raises OSError."""
    directory = path.parent if str(path.parent) else Path(".")
    remove_stale_temporaries(directory, path.name)
    import tempfile  # here: it imports shutil, lzma, bz2 and random, 10 ms a count need not pay

    handle, name = tempfile.mkstemp(prefix=f".{path.name}{TEMPORARY_MARK}{os.getpid()}-",
                                    suffix=TEMPORARY_SUFFIX, dir=directory)
    try:
        keep_mode(path, handle, writable=True)  # not mkstemp's private mode
    except OSError:
        os.close(handle)
        Path(name).unlink(missing_ok=True)
        raise
    return handle, Path(name)


def remove_stale_temporaries(directory: Path, target: str | None = None) -> list[Path]:
    """Remove the temporary files in `directory` (of writes to `target`, or to any file) that
    no running process is writing. Returns what was removed; what cannot be is left."""
    removed = []
    try:
        names = os.listdir(directory)
    except OSError:
        return removed
    now = time.time()
    for name in names:
        match = _TEMPORARY.match(name)
        if match is None or (target is not None and match["target"] != target):
            continue
        file = Path(directory) / name
        try:
            old = now - file.stat().st_mtime > STALE_AFTER
            if old or not process_alive(int(match["pid"])):
                file.unlink()
                removed.append(file)
        except OSError:
            continue
    return removed


def process_alive(pid: int) -> bool:
    """Whether process `pid` still runs (this one always does)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def write_atomically(path: Path, data: bytes | Iterable[bytes]) -> None:
    """Write `data` (bytes, or chunks of them as they are made) to a temporary file beside
    `path`, then rename it over `path`. On any error, or any exception raised while the chunks
    are made, no file, or the old one, is left. Raises PuzzleError for what the system refused."""
    try:
        handle, temporary = temporary_beside(path)
    except OSError as error:
        raise PuzzleError(f"{path}: cannot write: {error.strerror or error}") from error
    try:
        with os.fdopen(handle, "wb") as stream:
            for chunk in (data,) if isinstance(data, bytes) else data:
                stream.write(chunk)
            stream.flush()
            os.fsync(stream.fileno())
        replace_keeping_mode(temporary, path)
    except BaseException as error:
        temporary.unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise PuzzleError(f"{path}: cannot write: {error.strerror or error}") from error
        raise

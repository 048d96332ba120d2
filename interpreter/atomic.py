"""Writing a file so that it is never seen half-written: a temporary file of its own in the
same folder, flushed to the disk, then os.replace (atomic on POSIX and Windows).

A full disk, a signal (Ctrl-C included) or a second writer never leaves a half-written file
or a temporary behind, and a failed write keeps the old file as it was.  Writes through a
symlink go to the file it names (the link itself stays); an existing file keeps its
permissions, a new one gets the user's umask.  Every writer in the project comes here.
replace_if_unchanged is the same write made only if the file still holds what was read
(the studio's editor saves so, beside other programs).

Only a regular file is replaced.  A FIFO or a device given as the output (`--log
/dev/null`, a named pipe another program reads) was not ours to replace: it is written in
place, the text whole in one open (a FIFO's writer waits for its reader to open it, as
for any Unix program, and Ctrl-C stops the wait).  A socket cannot be written as a file
and a folder is not a file: both are refused (OSError saying what the path is).
"""

from __future__ import annotations

import errno
import os
import signal
import stat
import tempfile
from contextlib import contextmanager
from pathlib import Path

from .inputs import NotRegularFile, special_kind
from .errors import WondersError


_SIGNALS = {getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)}


def write_atomic(path: Path | str, text: str) -> None:
    """Write `text` to `path` whole or not at all; OSError says why not.

    Ctrl-C, SIGTERM and SIGHUP are held back while the file is written and take effect
    just after: a signal landing between the temporary's creation and the `try` below (or
    inside `mkstemp`) would otherwise leave the temporary behind.  A FIFO or a device is
    written in place (`writes_in_place`), with no temporary and signals left alone: its
    reader may be a long time coming."""
    if writes_in_place(path):
        return _write_in_place(path, text)
    with signals_held():
        _write(path, text)


@contextmanager
def signals_held():
    """Ctrl-C, SIGTERM and SIGHUP held back inside, taking effect just after: for making a
    temporary and renaming it, which a signal between the two would leave behind."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


_IN_PLACE = ("a pipe (FIFO)", "a character device", "a block device")


def writes_in_place(path: Path | str) -> bool:
    """Whether `path` (through links) is a FIFO or a device: written into, never replaced."""
    return special_kind(path) in _IN_PLACE


def _write_in_place(path, text: str) -> None:
    handle = os.open(path, os.O_WRONLY | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(handle).st_mode
        if stat.S_ISREG(mode):               # swapped for a regular file since it was looked at
            os.close(handle)
            handle = None
            return write_atomic(path, text)
        view = memoryview(text.encode("utf-8"))
        while view:
            view = view[os.write(handle, view):]
    finally:
        if handle is not None:
            os.close(handle)


def _write(path, text: str) -> None:
    target = os.path.realpath(path)
    if os.path.isdir(target):
        raise IsADirectoryError(21, "it is a folder", str(path))
    kind = special_kind(target)
    if kind is not None:                     # a socket (a FIFO or a device came in place just now)
        raise NotRegularFile(kind)
    handle, temporary = tempfile.mkstemp(prefix="." + os.path.basename(target) + ".", suffix=".tmp",
                                         dir=os.path.dirname(target) or ".")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())            # on the disk before it replaces the old file
        _set_mode(temporary, target)
        os.replace(temporary, target)
    except BaseException:                     # Ctrl-C included: no temporary left behind
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


class Changed(WondersError):
    """The file no longer holds what the writer read: `found` is what it holds (its first
    bytes only, past those read), None if there is no file."""

    def __init__(self, found: bytes | None):
        super().__init__("the file changed since it was read")
        self.found = found


def replace_if_unchanged(path: Path | str, data: bytes, expected: bytes | None) -> None:
    """Write `data` to `path` whole or not at all, and only if the file still holds
    `expected` (None: only if there is no file yet); else Changed.

    A compare-and-swap as close to atomic as the file system allows: the new file is
    written and flushed aside first; then, on Linux, it is exchanged with the old one in
    one step (renameat2 RENAME_EXCHANGE) and the old one, now aside, is compared: another
    program's write that landed before the exchange is found there and put back.  Where
    the exchange is not supported, the file is compared just before os.replace.  A new
    file is linked into place, which fails if one appeared meanwhile."""
    with signals_held():
        _replace_if(path, data, expected)


def _replace_if(path, data: bytes, expected: bytes | None) -> None:
    target = os.path.realpath(path)
    handle, temporary = tempfile.mkstemp(prefix="." + os.path.basename(target) + ".", suffix=".tmp",
                                         dir=os.path.dirname(target) or ".")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        _set_mode(temporary, target)
        if expected is None:
            _link_new(temporary, target)
        else:
            _swap_if(temporary, target, expected)
    finally:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass


def _set_mode(temporary: str, target: str) -> None:
    if os.path.exists(target):
        os.chmod(temporary, os.stat(target).st_mode & 0o777)
    else:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)


def _link_new(temporary: str, target: str) -> None:
    try:
        os.link(temporary, target)                # fails if a file is there, whenever it came
    except FileExistsError:
        raise Changed(_head(target, 1 << 20)) from None
    except OSError:                               # no hard links here: compare, then replace
        if os.path.lexists(target):
            raise Changed(_head(target, 1 << 20)) from None
        os.replace(temporary, target)


def _swap_if(temporary: str, target: str, expected: bytes) -> None:
    ours = os.stat(temporary).st_ino
    try:
        exchanged = _exchange(temporary, target)
    except FileNotFoundError:
        raise Changed(None) from None
    if not exchanged:
        found = _head(target, len(expected) + 1)
        if found != expected:
            raise Changed(found)
        os.replace(temporary, target)
        return
    found = _head(temporary, len(expected) + 1)   # the file that was in place
    if found != expected:
        try:
            if os.stat(target).st_ino == ours:    # theirs back in place
                _exchange(temporary, target)
        except FileNotFoundError:
            pass
        raise Changed(found)


def _head(path: str, limit: int) -> bytes | None:
    try:
        with open(path, "rb") as handle:
            return handle.read(limit)
    except FileNotFoundError:
        return None


_RENAMEAT2 = []


def _exchange(first: str, second: str) -> bool:
    """Swap two paths in one step (Linux renameat2); False where that is not supported."""
    if not _RENAMEAT2:
        try:
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            _RENAMEAT2.append((ctypes, libc.renameat2))
        except (OSError, AttributeError):
            _RENAMEAT2.append(None)
    if _RENAMEAT2[0] is None:
        return False
    ctypes, renameat2 = _RENAMEAT2[0]
    at_cwd, exchange = -100, 2                    # AT_FDCWD, RENAME_EXCHANGE
    if renameat2(at_cwd, os.fsencode(first), at_cwd, os.fsencode(second), exchange) == 0:
        return True
    error = ctypes.get_errno()
    if error in (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EXDEV):
        return False
    raise OSError(error, os.strerror(error), second)

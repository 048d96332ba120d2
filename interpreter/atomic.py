"""Writing a file so that it is never seen half-written: a temporary file of its own in the
same folder, flushed to the disk, then os.replace (atomic on POSIX and Windows).

A full disk, a signal (Ctrl-C included) or a second writer never leaves a half-written file
or a temporary behind, and a failed write keeps the old file as it was.  Writes through a
symlink go to the file it names (the link itself stays); an existing file keeps its
permissions, a new one gets the user's umask.  Every writer in the project comes here.

Only a regular file is replaced.  A FIFO or a device given as the output (`--log
/dev/null`, a named pipe another program reads) was not ours to replace: it is written in
place, the text whole in one open (a FIFO's writer waits for its reader to open it, as
for any Unix program, and Ctrl-C stops the wait).  A socket cannot be written as a file
and a folder is not a file: both are refused (OSError saying what the path is).
"""

from __future__ import annotations

import os
import signal
import stat
import tempfile
from contextlib import contextmanager
from pathlib import Path

from .inputs import NotRegularFile, special_kind


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
        if os.path.exists(target):
            os.chmod(temporary, os.stat(target).st_mode & 0o777)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temporary, 0o666 & ~umask)
        os.replace(temporary, target)
    except BaseException:                     # Ctrl-C included: no temporary left behind
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise

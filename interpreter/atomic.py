"""Writing a file so that it is never seen half-written: a temporary file of its own in the
same folder, flushed to the disk, then os.replace (atomic on POSIX and Windows).

A full disk, a signal (Ctrl-C included) or a second writer never leaves a half-written file
or a temporary behind, and a failed write keeps the old file as it was.  Writes through a
symlink go to the file it names (the link itself stays); an existing file keeps its
permissions, a new one gets the user's umask.  Every writer in the project comes here.
"""

from __future__ import annotations

import os
import signal
import tempfile
from pathlib import Path


_SIGNALS = {getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)}


def write_atomic(path: Path | str, text: str) -> None:
    """Write `text` to `path` whole or not at all; OSError says why not.

    Ctrl-C, SIGTERM and SIGHUP are held back while the file is written and take effect
    just after: a signal landing between the temporary's creation and the `try` below (or
    inside `mkstemp`) would otherwise leave the temporary behind."""
    if not hasattr(signal, "pthread_sigmask"):
        return _write(path, text)
    held = signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)
    try:
        _write(path, text)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _write(path, text: str) -> None:
    target = os.path.realpath(path)
    if os.path.isdir(target):
        raise IsADirectoryError(21, "it is a folder", str(path))
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

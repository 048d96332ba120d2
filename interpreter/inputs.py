"""Reading a file a user named or a folder holds, safely: only a regular file is read, so a
pipe, device or socket named `*.wonders` (or given as a path) is refused instead of
waited on forever, and no more than a bound is read, whatever the file claims its size is.

The file is opened without blocking and judged by what was opened (fstat), so it cannot be
swapped for a pipe between the look and the read.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from .errors import WondersError

MAX_FILE_BYTES = 2 * 1024 * 1024     # the most of a content file read (E0005 above it)

_KINDS = ((stat.S_ISFIFO, "a pipe (FIFO)"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder"))


class NotRegularFile(OSError, WondersError):
    """The path names a pipe, device, socket or folder; `kind` says which, in words."""

    def __init__(self, kind: str):
        super().__init__(f"it is {kind}, not a regular file")
        self.kind = kind


class FileTooLarge(OSError, WondersError):
    def __init__(self, size: int):
        super().__init__(f"file is larger than the bound ({size} bytes or more)")
        self.size = size


def special_kind(path: Path) -> str | None:
    """What a path is when it is not a regular file (None: a regular file, or nothing there)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    return _kind(mode)


def _kind(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    return next((words for test, words in _KINDS if test(mode)), "not a regular file")


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes.  Raises NotRegularFile,
    FileTooLarge (its size as found), or OSError for the system's other reasons."""
    kind = special_kind(path)               # a socket cannot be opened at all: say what it is
    if kind is not None:
        raise NotRegularFile(kind)
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        kind = _kind(os.fstat(handle).st_mode)
        if kind is not None:
            raise NotRegularFile(kind)
        size = os.fstat(handle).st_size
        if size > limit:
            raise FileTooLarge(size)
        chunks, total = [], 0
        while True:                          # read to the end, never past the bound
            chunk = os.read(handle, min(1 << 20, limit + 1 - total))
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise FileTooLarge(total)
    finally:
        os.close(handle)

"""Writing a file so that it is never seen half-written: a temporary file in the same
folder, flushed to the disk, then os.replace (atomic on POSIX and Windows), the temporary removed on failure."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def write_atomic(path: Path | str, text: str) -> None:
    path = Path(path)
    # Named before it exists, so that a Ctrl-C at any point after finds it to remove.
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())         # on the disk before it replaces the old file
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:            # Ctrl-C included: no temporary left behind
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise

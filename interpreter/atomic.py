"""Writing a file so that it is never seen half-written: a temporary file in the same
folder, flushed to the disk, then os.replace (atomic on POSIX and Windows), the temporary removed on failure."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: Path | str, text: str) -> None:
    path = Path(path)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())         # on the disk before it replaces the old file
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:            # Ctrl-C included: no temporary left behind
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise

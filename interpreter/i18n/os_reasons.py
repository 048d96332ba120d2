"""The system's reason a file could not be read or written, in the chosen language.

`OSError.strerror` is the C library's sentence, in English whatever `--lang` says; the
reasons a user meets with the files they name are translated here by their errno, and
any other stays the system's own words."""

from __future__ import annotations

import errno

from . import N_, _

_REASONS = {
    errno.ENOENT: N_("no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("operation not permitted"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.ENOSPC: N_("no space left on the device"),
    errno.EROFS: N_("the file system is read-only"),
    errno.ENAMETOOLONG: N_("the file name is too long"),
    errno.EEXIST: N_("it exists already"),
}


def os_reason(err: OSError) -> str:
    """Why `err` happened, in words the reader reads."""
    known = _REASONS.get(err.errno)
    return _(known) if known else (err.strerror or str(err))

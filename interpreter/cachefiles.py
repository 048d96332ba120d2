"""Files a cache keeps between runs (the parsed content, the adaptive bot's fits), kept so
that a cache never harms the user's files nor trusts another's.

A cache's folder is used only if it is a folder (not a link to one) that belongs to this
user and that no one else may write; otherwise the cache is not used at all, and the
command says so once, in words, on stderr (`CacheFolder.opened`).  Everything below is
done through that opened folder (dir_fd), so the folder cannot be swapped for a link
between the look and the use.  In it:

- an entry is read only if it is a regular file (opened without following a link and
  without waiting on a FIFO), belongs to this user, no one else may write it, and holds no
  more than the cache's bound (`read`: CacheRefused says why not);
- an entry is written whole, a temporary of its own in the folder renamed over it, made
  readable and writable by this user alone (0600), and only where nothing stands or an
  entry of ours does: a link, a FIFO or another user's file there stays as it is (`write`);
- pruning deletes only entries the cache wrote: a name of its own pattern, a regular file
  of this user's, beginning with the cache's marker (`prune`).  A user's own `*.json` in
  the folder is never deleted.

The folders above the cache's own (`$WONDERS_CACHE_DIR`, `~/.cache`) are the user's
choice and may be links."""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
import sys
from contextlib import contextmanager
from pathlib import Path

from .i18n import _
from .errors import WondersError

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_warned: set[str] = set()            # folders this process has said it does not use


class CacheRefused(OSError, WondersError):
    """An entry (or folder) the cache will not read or write; `reason` says why, in words."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def _euid() -> int | None:
    return os.geteuid() if hasattr(os, "geteuid") else None


def unsafe(status: os.stat_result) -> str | None:
    """Why a file or folder with this status is not one the cache may trust (None: it may):
    it belongs to another user, or others may write it."""
    mine = _euid()
    if mine is not None and status.st_uid != mine:
        return _("it belongs to another user (uid {uid})").format(uid=status.st_uid)
    if status.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return _("others may write it (mode {mode})").format(mode=oct(stat.S_IMODE(status.st_mode)))
    return None


def _kind(mode: int) -> str:
    """Why an entry that is not a regular file is refused, in words."""
    from .inputs import _kind as kind_of
    return _("it is a symbolic link") if stat.S_ISLNK(mode) else \
        _("it is not a regular file ({kind})").format(kind=kind_of(mode))


class CacheFolder:
    """A cache's own folder: `path`, its entries' names matching `pattern`, each at most
    `limit` bytes and beginning with `marker` when the cache wrote it; `what` names the
    cache in the warning (marked with N_), `variable` the environment variable that
    chooses another folder; `pruned`: the cache prunes the entries used longest ago, so
    reading an entry marks it used (its time of modification)."""

    def __init__(self, path: Path, pattern: str, limit: int, marker: bytes, what: str,
                 variable: str = "WONDERS_CACHE_DIR", pruned: bool = False):
        self.path, self.pattern, self.limit, self.marker, self.what, self.variable, self.pruned = \
            Path(path), re.compile(pattern), limit, marker, what, variable, pruned

    @contextmanager
    def opened(self, warn=None):
        """The folder opened (a file descriptor), made if missing; None when it cannot be
        made or opened (then the cache is simply not used) or is not safe to use (then, once
        a process, a warning on stderr or to `warn`)."""
        handle = None
        try:
            handle = self._open(warn)
            yield handle
        finally:
            if handle is not None:
                os.close(handle)

    def _open(self, warn):
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.mkdir(self.path, 0o700)
            except FileExistsError:
                pass
            handle = os.open(self.path, os.O_RDONLY | _DIRECTORY | _NOFOLLOW)
        except OSError as err:
            if err.errno in (errno.ELOOP, errno.ENOTDIR) and os.path.islink(self.path):
                self._warn(_("it is a symbolic link"), warn)
            elif err.errno == errno.ENOTDIR and os.path.lexists(self.path):
                self._warn(_("it is not a folder"), warn)
            return None
        except RuntimeError:                  # no home folder to be found
            return None
        reason = unsafe(os.fstat(handle))
        if reason is not None:
            os.close(handle)
            self._warn(reason, warn)
            return None
        return handle

    def _warn(self, reason: str, warn) -> None:
        if str(self.path) in _warned:
            return
        _warned.add(str(self.path))
        from .printable import printable
        message = _("warning: {folder}, the cache folder of {cache}, is not used: {reason}; it must be a folder "
                    "of your own that no one else may write (or set {variable} to another folder)").format(
            cache=_(self.what), folder=printable(self.path), reason=reason, variable=self.variable)
        (warn or (lambda m: print(m, file=sys.stderr)))(message)

    def read(self, folder: int, name: str) -> bytes | None:
        """The bytes of entry `name` in the opened folder, None if there is none;
        CacheRefused when it is not a regular file of ours within the bound."""
        try:
            handle = os.open(name, os.O_RDONLY | _NOFOLLOW | _NONBLOCK, dir_fd=folder)
        except FileNotFoundError:
            return None
        except OSError as err:
            if err.errno == errno.ELOOP:
                raise CacheRefused(_("it is a symbolic link")) from None
            try:
                status = os.lstat(name, dir_fd=folder)
            except OSError:
                raise err from None
            raise CacheRefused(_kind(status.st_mode)) from None   # a socket, say
        try:
            status = os.fstat(handle)
            if not stat.S_ISREG(status.st_mode):
                raise CacheRefused(_kind(status.st_mode))
            reason = unsafe(status)
            if reason is not None:
                raise CacheRefused(reason)
            chunks, total = [], 0
            while status.st_size <= self.limit and total <= self.limit \
                    and (chunk := os.read(handle, min(1 << 20, self.limit + 1 - total))):
                chunks.append(chunk)
                total += len(chunk)
            if max(total, status.st_size) > self.limit:          # as it claims, or grown since
                raise CacheRefused(_("it is larger than the bound of {bound} bytes").format(bound=f"{self.limit:,}"))
            if self.pruned:
                try:
                    os.utime(handle)          # used now: the last to be pruned
                except OSError:
                    pass
            return b"".join(chunks)
        finally:
            os.close(handle)

    def write(self, folder: int, name: str, data: bytes) -> None:
        """Entry `name` made to hold `data`, whole or not at all (0600); CacheRefused when
        something not ours stands at that name (left as it is), OSError when it fails."""
        from .atomic import signals_held
        if not self.pattern.fullmatch(name):
            raise ValueError(f"{name!r} is not a name of this cache's entries")
        try:
            status = os.lstat(name, dir_fd=folder)
        except FileNotFoundError:
            pass
        else:
            if not stat.S_ISREG(status.st_mode):
                raise CacheRefused(_kind(status.st_mode))
            if _euid() is not None and status.st_uid != _euid():
                raise CacheRefused(unsafe(status))
        with signals_held():
            temporary = f".{name}.{secrets.token_hex(6)}.tmp"
            handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600, dir_fd=folder)
            try:
                try:
                    os.fchmod(handle, 0o600)       # whatever the umask
                    view = memoryview(data)
                    while view:
                        view = view[os.write(handle, view):]
                    os.fsync(handle)
                finally:
                    os.close(handle)
                os.rename(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)
            except BaseException:
                try:
                    os.unlink(temporary, dir_fd=folder)
                except OSError:
                    pass
                raise

    def prune(self, folder: int, keep: int) -> None:
        """Delete all but the `keep` entries used last (`pruned`), among those this cache wrote (another
        process may be at it too: what is gone already is passed over)."""
        entries = []
        with os.scandir(folder) as found:
            for entry in found:
                if not self.pattern.fullmatch(entry.name):
                    continue
                try:
                    status = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                if stat.S_ISREG(status.st_mode) and unsafe(status) is None and self._marked(folder, entry.name):
                    entries.append((status.st_mtime, entry.name))
        for _used, name in sorted(entries, reverse=True)[keep:]:
            try:
                os.unlink(name, dir_fd=folder)
            except FileNotFoundError:
                pass

    def _marked(self, folder: int, name: str) -> bool:
        """Whether the entry begins with the cache's marker (the cache wrote it)."""
        try:
            handle = os.open(name, os.O_RDONLY | _NOFOLLOW | _NONBLOCK, dir_fd=folder)
        except OSError:
            return False
        try:
            return stat.S_ISREG(os.fstat(handle).st_mode) and os.read(handle, len(self.marker)) == self.marker
        except OSError:
            return False
        finally:
            os.close(handle)


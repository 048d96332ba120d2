"""The opened folder as the studio shows it: its tree of content files and variants, a
file read with its version, and a save that never overwrites a change made elsewhere.

A file's version is a hash of its bytes.  The editor saves with the version it loaded; if
the file on disk has another version (another program changed it), the save is refused
with the text on disk, and the page asks the designer what to keep.  The comparison and
the replacement are one step as far as the file system allows
(atomic.replace_if_unchanged), and the studio's own saves take turns: a write of another
program or of another page is never lost.  The file is whole before or after, never
half-written, and keeps its mode and its line endings.

Every byte is kept: a file that is not UTF-8 is shown but never written (its bytes would
be lost to U+FFFD), a read-only file is never replaced, and no file larger than the
studio (and `wonders check`) reads is written.
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
from pathlib import Path

from ..atomic import Changed, replace_if_unchanged
from ..inputs import read_regular
from ..syntax.parser import MAX_FILE_BYTES
from .fields import BadRequest, TooLarge
from .guard import inside
from ..errors import WondersError

SUFFIX = ".wonders"
SKIPPED = {"node_modules", "__pycache__"}
SAVING = threading.Lock()           # the studio's saves, one at a time


class ReadOnly(BadRequest):
    """The file may not be written: a 403."""
    status = 403


class NotText(BadRequest):
    """The file on disk is not UTF-8 text: writing the editor's text would lose its bytes (a 422)."""
    status = 422


class Conflict(WondersError):
    """The file on disk is not the version the editor loaded."""

    def __init__(self, version: str | None, text: str | None):
        super().__init__("the file changed on disk")
        self.version, self.text = version, text


def version_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def tree(root: Path) -> list[dict]:
    """Every content file under `root`, folders first then files, as POSIX paths relative
    to it; links are followed only when they stay inside the folder.  A file of a pack's
    own files (play_packs.py) names its pack's folder: Weigh offers the pack."""
    from .play_packs import packs
    real_root = root.resolve()
    own = {folder.relative_to(root).as_posix() for folder in packs(root)}
    found = []
    for folder, dirs, files in os.walk(root, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIPPED
                         and not os.path.islink(os.path.join(folder, d)))
        for name in sorted(files):
            if not name.endswith(SUFFIX) or name.startswith("."):
                continue
            path = Path(folder) / name
            if not path.resolve().is_relative_to(real_root):
                continue
            relative = path.relative_to(root).as_posix()
            try:
                version = version_of(read_regular(path, MAX_FILE_BYTES))
            except OSError:
                continue                   # a pipe, a device, a file too large: not content
            entry = {"path": relative, "variant": path.parent.name == "variants", "version": version}
            pack = path.parent.relative_to(root).as_posix()
            if pack in own:
                entry["pack"] = pack
            found.append(entry)
    return found


def read(root: Path, relative: str) -> dict:
    """The file's text, version, and whether the studio may write it (`readonly` says why not)."""
    path = inside(root, relative)
    data = read_regular(path, MAX_FILE_BYTES)
    why = refusal(relative, path, data)
    return {"path": relative, "text": data.decode("utf-8", errors="replace"), "version": version_of(data),
            "writable": why is None, "readonly": None if why is None else str(why)}


def refusal(relative: str, path: Path, data: bytes | None) -> BadRequest | None:
    """Why the studio does not write `path`, which holds `data` (None: it may): not UTF-8
    text, or read-only, the file or its folder (a file with no write permission is
    read-only even to root)."""
    if data is not None:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as err:
            return NotText(f"{relative} is not UTF-8 text (byte {err.start}): the studio shows it but does not "
                           "edit it, which would lose its bytes; convert it to UTF-8 first")
    if path.exists() and (not os.access(path, os.W_OK) or not path.stat().st_mode & 0o222):
        return ReadOnly(f"{relative} is read-only: the studio does not replace it")
    if path.parent.is_dir() and not os.access(path.parent, os.W_OK):
        return ReadOnly(f"{relative}: its folder is read-only")
    return None


def _on_disk(path: Path) -> bytes | None:
    try:
        return read_regular(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        return None


def _conflict(path: Path) -> Conflict:
    data = _on_disk(path)
    return Conflict(None, None) if data is None else Conflict(version_of(data), data.decode("utf-8", errors="replace"))


def _encoded(relative: str, text: str, old: bytes | None) -> bytes:
    """The bytes of `text` as the file is written: a file of CRLF lines keeps them (the
    editor gives LF), and no more than the studio reads back."""
    if old and b"\r\n" in old and old.count(b"\n") == old.count(b"\r\n") and "\r" not in text:
        text = text.replace("\n", "\r\n")
    data = text.encode("utf-8")
    if len(data) > MAX_FILE_BYTES:
        raise TooLarge(f"{relative}: {len(data):,} bytes is more than the {MAX_FILE_BYTES:,} bytes the studio and "
                       "`wonders check` read: split it into several files")
    return data


def save(root: Path, relative: str, text: str, base: str | None, force: bool = False) -> str:
    """Write `text` if the file on disk is still version `base` (None: a new file that must
    not exist yet), or whatever it is when `force`; returns the new version.  Refused: a
    read-only file, one that is not UTF-8, a text larger than the studio reads."""
    path = inside(root, relative)
    if not path.name.endswith(SUFFIX):
        raise ValueError(f"{relative}: the studio writes only {SUFFIX} files")
    if not path.parent.is_dir():
        raise FileNotFoundError(2, "no such folder", str(path.parent.relative_to(root)))
    with SAVING:
        old = _on_disk(path)
        refused = refusal(relative, path, old)
        if refused is not None:
            raise refused
        if not force and (None if old is None else version_of(old)) != base:
            raise _conflict(path)
        data = _encoded(relative, text, old)
        try:
            replace_if_unchanged(path, data, old)
        except Changed:
            raise _conflict(path) from None
    return version_of(data)


def new_variant(root: Path, folder: str, name: str, rules: str | None) -> str:
    """Make `variants/<name>.wonders` in the content folder `folder` (relative to root, ""
    for the root itself): a variant block naming the rules it changes, ready to fill in.
    Refused if the file exists; returns its path."""
    name = name.strip()
    if not name or '"' in name or "\n" in name:
        raise ValueError("a variant's name is a line of text with no double quote")
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "variant"
    relative = f"{folder}/variants/{slug}{SUFFIX}" if folder else f"variants/{slug}{SUFFIX}"
    changes = f'    changes "{rules}"\n' if rules else ""
    text = f'# House rule: say what it changes, and why.\nvariant "{name}" {{\n{changes}}}\n'
    path = inside(root, relative)
    path.parent.mkdir(exist_ok=True)
    save(root, relative, text, None)
    return relative

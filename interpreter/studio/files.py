"""The opened folder as the studio shows it: its tree of content files and variants, a
file read with its version, and a save that never overwrites a change made elsewhere.

A file's version is a hash of its bytes.  The editor saves with the version it loaded; if
the file on disk has another version (another program changed it), the save is refused
with the text on disk, and the page asks the designer what to keep.  Saving is atomic
(interpreter/atomic.py): the file is whole before or after, never half-written.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

from ..atomic import write_atomic
from ..inputs import read_regular
from ..syntax.parser import MAX_FILE_BYTES
from .guard import inside

SUFFIX = ".wonders"
SKIPPED = {"node_modules", "__pycache__"}


class Conflict(Exception):
    """The file on disk is not the version the editor loaded."""

    def __init__(self, version: str | None, text: str | None):
        super().__init__("the file changed on disk")
        self.version, self.text = version, text


def version_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def tree(root: Path) -> list[dict]:
    """Every content file under `root`, folders first then files, as POSIX paths relative
    to it; links are followed only when they stay inside the folder."""
    real_root = root.resolve()
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
            found.append({"path": relative, "variant": path.parent.name == "variants", "version": version})
    return found


def read(root: Path, relative: str) -> dict:
    path = inside(root, relative)
    data = read_regular(path, MAX_FILE_BYTES)
    return {"path": relative, "text": data.decode("utf-8", errors="replace"), "version": version_of(data),
            "writable": os.access(path, os.W_OK)}


def _on_disk(path: Path) -> tuple[str | None, str | None]:
    try:
        data = read_regular(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        return None, None
    return version_of(data), data.decode("utf-8", errors="replace")


def save(root: Path, relative: str, text: str, base: str | None, force: bool = False) -> str:
    """Write `text` if the file on disk is still version `base` (None: a new file that must
    not exist yet), or whatever it is when `force`; returns the new version."""
    path = inside(root, relative)
    if not path.name.endswith(SUFFIX):
        raise ValueError(f"{relative}: the studio writes only {SUFFIX} files")
    version, disk_text = _on_disk(path)
    if not force and version != base:
        raise Conflict(version, disk_text)
    if not path.parent.is_dir():
        raise FileNotFoundError(2, "no such folder", str(path.parent.relative_to(root)))
    write_atomic(path, text)
    return version_of(text.encode("utf-8"))


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

"""Positions as files of the opened folder: saved as `wonders play --load` reads them
(engine/saves.py), atomically, inside the folder only; listed and read back with every
refusal in words."""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..atomic import write_atomic
from ..inputs import FileTooLarge, NotRegularFile, read_regular
from .files import refusal
from .guard import inside
from .play_rules import PlayError

MAX_SAVE_BYTES = 16 << 20  # a 7-player save is well under 1 MB
MAX_LISTED = 200           # saved positions offered in the page's list
FORMATS = ("wonders-save/1", "wonders-save/2")


class Exists(PlayError):
    """A save would replace a position already saved under that name: the page asks first (a 409)."""


def is_position(path: Path) -> bool:
    try:
        data = json.loads(read_regular(path, MAX_SAVE_BYTES).decode("utf-8-sig"))
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("format") in FORMATS


def position_path(root: Path, relative: str) -> Path:
    if not relative.endswith(".json"):
        raise PlayError(f"{relative}: a saved position is a .json file")
    return inside(root, relative)


def saved_positions(root: Path) -> list[str]:
    """The .json files of the folder (the page offers them to load), the first MAX_LISTED;
    links and hidden folders are passed over."""
    found = []
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith(".") and not os.path.islink(os.path.join(folder, d)))
        for name in sorted(names):
            path = Path(folder, name)
            if name.endswith(".json") and not path.is_symlink() and path.is_file():
                found.append(path.relative_to(root).as_posix())
                if len(found) >= MAX_LISTED:
                    return sorted(found)
    return sorted(found)


def read_position(root: Path, relative: str) -> dict:
    """The saved position `relative` names, as JSON, or PlayError saying why it is not one."""
    path = position_path(root, relative)
    try:
        saved = json.loads(read_regular(path, MAX_SAVE_BYTES).decode("utf-8-sig"))
    except FileNotFoundError:
        raise PlayError(f"{relative}: no such file") from None
    except (NotRegularFile, FileTooLarge, OSError) as err:
        raise PlayError(f"{relative}: cannot be read: {err}") from None
    except (ValueError, RecursionError) as err:
        raise PlayError(f"{relative} is not a saved position: it is not JSON ({err})") from None
    if not isinstance(saved, dict) or saved.get("format") not in FORMATS:
        raise PlayError(f"{relative} is not a saved position (no \"format\": \"wonders-save/2\"; "
                        "`wonders replay LOG --save FILE` and the studio's Save make them)")
    return saved


def write_position(root: Path, relative: str, data: dict, replace: bool) -> str:
    """Write a position as a file of the folder; an existing position is replaced only when
    asked, and a file that is not a position, or a read-only one, never."""
    path = position_path(root, relative)
    if not path.parent.is_dir():
        raise PlayError(f"{relative}: no folder {path.parent.relative_to(root).as_posix()} in the studio's folder")
    refused = refusal(relative, path, None)
    if path.exists():
        if not is_position(path):
            raise PlayError(f"{relative} exists and is not a saved position: choose another name")
        if refused is not None:
            raise refused
        if not replace:
            raise Exists(f"{relative} exists: replace it?")
    elif refused is not None:
        raise refused
    write_atomic(str(path), json.dumps(data, indent=1) + "\n")
    return path.relative_to(root).as_posix()


def readable_log(game, relative: str) -> None:
    """A loaded game's log is shown on the page as `wonders play` writes it: one that cannot
    be written so is refused now, in words, not later as a failure of the page."""
    from ..views.play_log import text_log
    try:
        text_log(game)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, NameError) as err:
        raise PlayError(f"{relative} is not a valid saved position: its \"log\" cannot be read ({err!r})") from None

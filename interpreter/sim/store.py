"""Game records on disk: JSON Lines, one header line then one line per finished game.

JSON Lines because a record is nested (seats, score pads, buildings) and a run appends a
line per game as games finish: a line is either whole or, after a crash mid-write, the
last and incomplete one, which the reader drops (and `--resume` cuts off before
appending).  Every chunk of lines is flushed and fsync'ed before the run goes on.
"""

from __future__ import annotations

import json
import os

from ..atomic import write_atomic

FORMAT = "wonders-sim/1"


class StoreError(Exception):
    """A records file that cannot be used: not ours, damaged inside, or from another run."""


def header(fingerprint: str, options: dict) -> dict:
    return {"format": FORMAT, "rules": fingerprint, "options": options}


def read_records(path: str) -> tuple[dict, list[dict], int]:
    """The header, the records, and the byte length of the whole lines (an incomplete last
    line, left by a crash, is not counted and not returned)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as err:
        raise StoreError(f"{path}: cannot read: {err.strerror}") from None
    lines = data.split(b"\n")
    complete = len(data) if data.endswith(b"\n") else len(data) - len(lines[-1])
    head, records = None, []
    for number, raw in enumerate(lines[:-1], 1):     # whole lines only
        try:
            item = json.loads(raw)
        except (ValueError, RecursionError):
            raise StoreError(f"{path}: line {number} is not a JSON record; the file is damaged") from None
        if head is None:
            if not isinstance(item, dict) or item.get("format") != FORMAT:
                raise StoreError(f"{path}: line 1 is not a `{FORMAT}` header: not a file of `wonders simulate`")
            head = item
        elif not isinstance(item, dict) or not isinstance(item.get("game"), int):
            raise StoreError(f"{path}: line {number} is not a game record")
        else:
            records.append(item)
    if head is None:
        raise StoreError(f"{path}: empty or incomplete: no header line")
    return head, records, complete


class RecordWriter:
    """Appends records to a file, each batch flushed to the disk before returning."""

    def __init__(self, path: str, head: dict | None = None, keep: int | None = None):
        """A new file holding `head` (made in a temporary file, then moved into place), or
        an existing one cut to its first `keep` bytes of whole lines."""
        self.path = path
        if head is not None:
            write_atomic(path, json.dumps(head) + "\n")
        elif keep is not None:
            with open(path, "r+b") as handle:
                handle.truncate(keep)
        self.handle = open(path, "a", encoding="utf-8")

    def append(self, records: list[dict]) -> None:
        self.handle.write("".join(json.dumps(r) + "\n" for r in records))
        self.handle.flush()
        os.fsync(self.handle.fileno())

    def close(self) -> None:
        self.handle.close()


def check_resumable(path: str, head: dict, fingerprint: str, options: dict) -> None:
    """Refuse to continue a file made with other rules or other run options."""
    if head.get("rules") != fingerprint:
        raise StoreError(f"{path} was made with other rules (fingerprint {head.get('rules')}, "
                         f"these rules are {fingerprint}); use the same content and --variant, "
                         "or another --out")
    recorded = head.get("options")
    if not isinstance(recorded, dict):
        raise StoreError(f"{path}: its header has no options")
    differing = [key for key in options if key != "content" and recorded.get(key) != options[key]]
    if differing:
        said = ", ".join(f"{key} {recorded.get(key)!r} (now {options[key]!r})" for key in differing)
        raise StoreError(f"{path} was made with other options: {said}")

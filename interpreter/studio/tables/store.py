"""Tables on disk, in the studio folder's hidden state folder `.wonders-studio/`:

- `tables/ID.json`: a table with its game, written whole or not at all (interpreter/atomic.py)
  at every decision point, so a studio stopped at any moment starts again where it stood;
- `records/NAME.jsonl`: every finished game, one line each, in the records format
  `wonders simulate --out` writes (sim/store.py), one file per rule set and player count,
  which `wonders compare --records` sets beside bot games on the same rules.

The folder is made readable by its owner only: it holds the tables' invite tokens.  The
studio's file tree, saved positions and checks pass over hidden folders.
"""

from __future__ import annotations

import json
import os
import re
import threading
from pathlib import Path

from ...atomic import write_atomic
from ...inputs import read_regular

STATE = ".wonders-studio"
MAX_TABLE_BYTES = 32 << 20
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{8,40}$")
_records_lock = threading.Lock()


def state_dir(root: Path, part: str) -> Path:
    folder = root / STATE / part
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    os.chmod(root / STATE, 0o700)
    return folder


def table_path(root: Path, table_id: str) -> Path:
    if not TABLE_ID.match(table_id):
        raise ValueError(f"not a table's id: {table_id!r}")
    return state_dir(root, "tables") / f"{table_id}.json"


def save_table(root: Path, data: dict) -> None:
    write_atomic(table_path(root, data["id"]), json.dumps(data, separators=(",", ":")))


def saved_tables(root: Path) -> dict[str, dict]:
    """Every table saved in the folder, by id, as JSON; a file that cannot be read is
    passed over with its reason kept under "problem"."""
    folder = root / STATE / "tables"
    found = {}
    if not folder.is_dir():
        return found
    for path in sorted(folder.glob("*.json")):
        if not TABLE_ID.match(path.stem):
            continue
        try:
            data = json.loads(read_regular(path, MAX_TABLE_BYTES))
            if not isinstance(data, dict) or data.get("format") != "wonders-table/1" or data.get("id") != path.stem:
                raise ValueError("not a table saved by the studio")
        except (OSError, ValueError, RecursionError) as err:
            found[path.stem] = {"id": path.stem, "problem": f"{path.name}: {err}"}
            continue
        found[path.stem] = data
    return found


def records_path(root: Path, rules_name: str, digest: str, players: int) -> Path:
    slug = re.sub(r"[^a-z0-9]+", "-", rules_name.lower()).strip("-")[:40] or "rules"
    return state_dir(root, "records") / f"{slug}-{digest[:10]}-{players}p.jsonl"


def append_record(path: Path, head: dict, make_record) -> int:
    """Append the record `make_record(index)` to the records file (made with `head` if it
    does not exist), its game number the next free one; a game of the same table and round
    already there is not written twice.  The game's number is returned.  The file is read
    a line at a time, its records not held (sim/store.py's scan)."""
    from ...sim.store import RecordWriter
    last, kept = [-1], []                        # the highest game number; the (table, round, game) seen

    def seen(record):
        last[0] = max(last[0], record["game"])
        kept.append((record.get("table"), record.get("round"), record["game"]))
    with _records_lock:
        if path.exists():
            writer, _head, _games, _notes = RecordWriter.resume(str(path), seen)
        else:
            writer = RecordWriter.create(str(path), head, replace=False)
        try:
            record = make_record(last[0] + 1)
            same = next((game for table, round_, game in kept
                         if table == record.get("table") and round_ == record.get("round")), None)
            if same is not None:
                return same
            writer.append([record])
            return record["game"]
        finally:
            writer.close()

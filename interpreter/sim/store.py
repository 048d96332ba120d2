"""Game records on disk: JSON Lines, one header line then one line per finished game.

JSON Lines because a record is nested (seats, score pads, buildings) and a run appends a
line per game as games finish.  Each batch of lines is written with Ctrl-C and SIGTERM
held back, then flushed and fsync'ed, so only a kill or a power cut can leave a line
incomplete, and only the last one: the reader drops it with a note (and `--resume` cuts it
off before appending).  A failed write (a full disk) is undone to the last whole line.

One run writes a file at a time: the writer holds an exclusive lock (flock) on the file
itself for as long as it runs, taken before the file is read or cut, and a second
`--out`, `--force` or `--resume` on the same file is refused while it is held.  The file is
therefore never replaced under a writer: `--force` empties it in place.  Only regular files
are used: a FIFO, a device or a socket is refused before it is opened for reading.  (On a
system without flock, Windows, the lock is not taken.)
"""

from __future__ import annotations

import json
import os
import signal
import stat

from .record_check import cast_problem, problem
from ..errors import WondersError
from .tally import Bits

try:
    import fcntl
except ImportError:                                  # pragma: no cover - Windows
    fcntl = None

FORMAT = "wonders-sim/1"
_OPEN: set[int] = set()          # descriptors of the files this process writes (closed in forked children)
_SIGNALS = {getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)}


def _close_in_child() -> None:
    """A forked worker must not keep a records file open: its lock would outlive the run."""
    for fd in list(_OPEN):
        try:
            os.close(fd)
        except OSError:
            pass
    _OPEN.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_close_in_child)


class StoreError(WondersError):
    """A records file damaged inside (exit status 1)."""


class StoreRefused(StoreError):
    """A records file this run may not use: not one, from another run, locked, special (exit 2)."""


def header(fingerprint: str, options: dict) -> dict:
    return {"format": FORMAT, "rules": fingerprint, "options": options}


def read_records(path: str) -> tuple[dict, list[dict], int]:
    """The header, the records, and the byte length of the whole lines (an incomplete last
    line, left by a crash, is not counted and not returned).  Holds every record: for
    tests and small files; a run reads its file with `scan_records`."""
    refuse_special(path)
    records: list[dict] = []
    try:
        with open(path, "rb") as handle:
            head, complete, _games, _notes = scan_records(path, handle, records.append)
    except OSError as err:
        raise StoreRefused(f"{path}: cannot read: {err.strerror}") from None
    return head, records, complete


def scan_records(path: str, handle, on_record=None, accept=None) -> tuple[dict, int, Bits, list[str]]:
    """Read a records file one line at a time from `handle` (binary, at its start), each
    record checked: the header, the byte length of the whole lines, the games it holds (a
    bit each) and notes on what was dropped (a last line cut off, a game recorded twice
    alike).  Each game's record goes to `on_record` once, as it is read; nothing else is
    held, so a file of any length is read in the same memory.  A game recorded twice is
    checked against its first copy in a second pass (only such games are held then).

    `accept(header)`, given, judges the header once every line is found well formed
    (raising to refuse the file) and returns the run's Cast, which each record must then fit
    (record_check.cast_problem): a damaged line is named first, then a file of another run,
    then a record seating what the run does not have.  The records then go to `on_record`
    in a second pass, after the header is judged."""
    if accept is not None:
        head, _complete, _games, _notes = scan_records(path, handle)    # every line well formed
        cast = accept(head)
        handle.seek(0)

        def fitting(item, number):
            wrong = cast_problem(item, cast)
            if wrong:
                raise StoreError(f"{path}:{number}: {wrong}")
            if on_record is not None:
                on_record(item)
        return _scan(path, handle, fitting)
    return _scan(path, handle, None if on_record is None else lambda item, _number: on_record(item))


def _scan(path: str, handle, on_record) -> tuple[dict, int, Bits, list[str]]:
    """scan_records's one pass: `on_record(item, line number)` for each game's first record."""
    head, notes, games, copies = None, [], Bits(), {}
    complete = number = 0
    for raw in handle:
        number += 1
        if not raw.endswith(b"\n"):
            notes.append(f"{path}: line {number}, the last, was cut off (a run was stopped while writing "
                         "it): it is dropped, and its game is played again")
            break
        complete += len(raw)
        item = _parsed(path, number, raw, head)
        if head is None:
            head = _header(path, item)
            continue
        game = item["game"]
        if not games.add(game):
            copies.setdefault(game, []).append(number)
        elif on_record is not None:
            on_record(item, number)
    if head is None:
        raise StoreError(f"{path}: empty or incomplete: no header line (`--force` replaces it)")
    if copies:
        handle.seek(0)
        notes += _copies_alike(path, handle, copies)
    return head, complete, games, notes


def _parsed(path: str, number: int, raw: bytes, head: dict | None) -> dict:
    """Line `number` of the file: the header (head None) or a record, checked."""
    try:
        item = json.loads(raw)
    except (ValueError, RecursionError):
        if head is None:
            _header(path, None)
        raise StoreError(f"{path}:{number}: not a JSON record; the file is damaged") from None
    if head is None:
        return item
    options = head["options"]
    wrong = problem(item, options.get("players") if isinstance(options.get("players"), int) else None, head["rules"])
    if wrong:
        raise StoreError(f"{path}:{number}: {wrong}")
    return item


def _copies_alike(path: str, handle, copies: dict[int, list[int]]) -> list[str]:
    """The notes on games recorded twice alike; StoreError for one recorded twice with
    different results.  `copies`: the line numbers of each such game's later copies."""
    later = {number: game for game, numbers in copies.items() for number in numbers}
    first: dict[int, tuple[int, dict]] = {}
    notes = []
    for number, raw in enumerate(handle, 1):
        if number == 1 or not raw.endswith(b"\n"):
            continue
        item = json.loads(raw)
        game = item["game"]
        if game not in copies:
            continue
        if number not in later:
            first.setdefault(game, (number, item))
            continue
        line, earlier = first[game]
        if earlier != item:
            raise StoreError(f"{path}:{number}: game {game} is recorded twice with different results "
                             f"(lines {line} and {number}); the file is damaged")
        notes.append(f"{path}:{number}: game {game} is recorded twice (lines {line} and {number}); "
                     "it is counted once")
    return notes


def file_records(path: str, games: int):
    """The records of a file this run has checked (scan_records), in the order written:
    each game below `games` once."""
    seen = Bits()
    with open(path, "rb") as handle:
        handle.readline()                            # the header
        for raw in handle:
            if not raw.endswith(b"\n"):
                break
            item = json.loads(raw)
            if item["game"] < games and seen.add(item["game"]):
                yield item


def _header(path: str, item) -> dict:
    if not isinstance(item, dict) or item.get("format") != FORMAT:
        raise StoreRefused(f"{path}: line 1 is not a `{FORMAT}` header: not a file of `wonders simulate`")
    if not isinstance(item.get("rules"), str):
        raise StoreError(f'{path}:1: "rules" must be the rules\' fingerprint (text)')
    if not isinstance(item.get("options"), dict):
        raise StoreError(f'{path}:1: "options" must be an object (the run\'s options)')
    return item


def refuse_special(path: str) -> None:
    """StoreRefused when `path` names something other than a regular file (a missing one passes)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return                                       # missing: each caller says what that means
    if not stat.S_ISREG(mode):
        raise StoreRefused(f"{path} is not a regular file (a FIFO, a device or a socket): "
                           "records go to a file of their own")


class RecordWriter:
    """A records file opened, locked and owned by this run until `close`."""

    def __init__(self, path: str, fd: int):
        self.path, self.fd = path, fd
        _OPEN.add(fd)

    @classmethod
    def create(cls, path: str, head: dict, replace: bool) -> RecordWriter:
        """A new file holding `head`; with `replace`, an existing one is emptied first."""
        writer = cls(path, _open_locked(path, create=True, exclusive=not replace))
        try:
            os.ftruncate(writer.fd, 0)
            writer._write(json.dumps(head) + "\n")
        except BaseException:
            writer.close()
            raise
        return writer

    @classmethod
    def resume(cls, path: str, on_record=None, accept=None) -> tuple[RecordWriter, dict, Bits, list[str]]:
        """The file continued: its header, the games it holds and notes, read under the
        lock one line at a time (each record to `on_record`), the incomplete last line
        cut off; `accept` as scan_records's."""
        writer = cls(path, _open_locked(path, create=False, exclusive=False))
        try:
            with open(writer.fd, "rb", closefd=False) as handle:
                head, complete, games, notes = scan_records(path, handle, on_record, accept)
            os.ftruncate(writer.fd, complete)
        except BaseException:
            writer.close()
            raise
        return writer, head, games, notes

    def append(self, records: list[dict]) -> None:
        """Write the records' lines whole, or (a full disk) not at all: OSError says why."""
        self._write("".join(json.dumps(r) + "\n" for r in records))

    def _write(self, text: str) -> None:
        data = text.encode("utf-8")
        held = signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS) if hasattr(signal, "pthread_sigmask") else None
        try:
            start = os.lseek(self.fd, 0, os.SEEK_END)
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(self.fd, view):]
                os.fsync(self.fd)
            except OSError:
                try:
                    os.ftruncate(self.fd, start)     # no torn line left behind
                except OSError:
                    pass
                raise
        finally:
            if held is not None:
                signal.pthread_sigmask(signal.SIG_SETMASK, held)

    def close(self) -> None:
        if self.fd in _OPEN:
            _OPEN.discard(self.fd)
            os.close(self.fd)                        # and with it the lock


def _open_locked(path: str, create: bool, exclusive: bool) -> int:
    """The file opened for reading and writing with this run's lock on it; OSError for a
    file that cannot be opened, FileExistsError when `exclusive` and it exists."""
    refuse_special(path)
    flags = os.O_RDWR | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    flags |= (os.O_CREAT if create else 0) | (os.O_EXCL if exclusive else 0)
    fd = os.open(path, flags, 0o666)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise StoreRefused(f"{path} is not a regular file (a FIFO, a device or a socket): "
                               "records go to a file of their own")
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise StoreRefused(f"{path}: another run is writing to it (it holds the file's lock); "
                                   "wait for it to end, or choose another --out") from None
    except BaseException:
        os.close(fd)
        raise
    return fd


def check_resumable(path: str, head: dict, fingerprint: str, options: dict) -> None:
    """Refuse to continue a file made with other rules or other run options."""
    if head.get("rules") != fingerprint:
        raise StoreRefused(f"{path} was made with other rules (fingerprint {head.get('rules')}, "
                           f"these rules are {fingerprint}); use the same content and --variant, "
                           "or another --out")
    recorded = head.get("options")
    if not isinstance(recorded, dict):
        raise StoreError(f"{path}: its header has no options")
    from ..paths import DEFAULT_RULES
    defaults = {"rules": DEFAULT_RULES, "arc": 0}           # (a run without --arc records no "arc")
    differing = [key for key in {*options, "rules", "arc"} - {"content"}
                 if recorded.get(key, defaults.get(key)) != options.get(key, defaults.get(key))]
    if differing:
        said = ", ".join(f"{key} {recorded.get(key, defaults.get(key))!r} (now {options.get(key, defaults.get(key))!r})"
                         for key in sorted(differing))
        raise StoreRefused(f"{path} was made with other options: {said}")

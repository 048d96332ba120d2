"""`wonders compare` pairs each game of side b with its twin of side a (the same game
number, so the same seed and deal) as side b's games arrive, without holding either side.

Side a is played first and written down: to its records file (`--out DIR`'s a.jsonl) or,
without --out, to a temporary file (Spool).  As side b's records come, side a's are read
from that file in the order they were written, up to the twin asked for; the ones read
ahead wait in a reorder buffer.  Both sides finish games in nearly ascending order (a run
hands out chunks of consecutive games, a few per worker in flight), so the buffer holds at
most about the games a run has in flight, whatever the number of games; `most_ahead`
says how many it held.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Iterator

from .compare import Pairs
from .store import file_records
from .summary import Tally


class Spool:
    """Side a's records in a temporary file (deleted when closed), one JSON line each."""

    def __init__(self):
        self.file = tempfile.TemporaryFile()

    def append(self, record: dict) -> None:
        self.file.write(json.dumps(record).encode() + b"\n")

    def records(self) -> Iterator[dict]:
        self.file.flush()
        self.file.seek(0)
        for line in self.file:
            yield json.loads(line)

    def close(self) -> None:
        self.file.close()


class Twins:
    """Pairs side b's records, given one at a time, with side a's from `side_a` (each game
    once, in the order written), calling `on_pair(record_a, record_b)` for each twin game.
    A game side a does not hold is left unpaired (side a was played to the end before side
    b began, so only a game past the run's end can be missing)."""

    def __init__(self, side_a: Iterator[dict], games: int, on_pair: Callable[[dict, dict], None]):
        self.side_a, self.games, self.on_pair = side_a, games, on_pair
        self.ahead: dict[int, dict] = {}        # side a's records read before their twin came
        self.most_ahead = 0

    def add(self, record_b: dict) -> None:
        game = record_b["game"]
        if game >= self.games:
            return
        record_a = self.ahead.pop(game, None)
        while record_a is None:
            record = next(self.side_a, None)
            if record is None:
                return
            if record["game"] == game:
                record_a = record
            elif record["game"] < self.games:
                self.ahead[record["game"]] = record
                self.most_ahead = max(self.most_ahead, len(self.ahead))
        self.on_pair(record_a, record_b)


class Twinned:
    """The comparison taken in as side b's games come, each with its twin of side a (see
    Twins): both sides' summaries of the games both played, and the paired figures
    of the games both finished."""

    def __init__(self, games: int, also=()):
        """`also`: more figures to take in, each `add(record_a, record_b)` for every twin
        game (compare --value's, sim/values.py)."""
        self.games, self.spool, self.twins, self.paired = games, Spool(), None, 0
        self.tally_a, self.tally_b, self.pairs = Tally(), Tally(), Pairs()
        self.also = tuple(also)

    def begin(self, file_a: str | None, file_b: str | None) -> None:
        """Side a is played: pair side b's games as they come, first those `file_b` held."""
        side_a = self.spool.records() if file_a is None else file_records(file_a, self.games)
        self.twins = Twins(side_a, self.games, self._pair)
        if file_b is not None:
            for record in file_records(file_b, self.games):
                self.twins.add(record)

    def add(self, record_b: dict) -> None:
        self.twins.add(record_b)

    def _pair(self, record_a: dict, record_b: dict) -> None:
        self.paired += 1
        self.tally_a.add(record_a)
        self.tally_b.add(record_b)
        if "error" not in record_a and "error" not in record_b:
            self.pairs.add(record_a, record_b)
        for figures in self.also:
            figures.add(record_a, record_b)

    def close(self) -> None:
        self.spool.close()

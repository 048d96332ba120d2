"""The progress bar on stderr: games done, games per second, time left.

tqdm rather than rich: it is one small pure-Python package with no dependencies of its own,
its bar shows exactly these three figures (and a smoothed rate) out of the box, and it
writes to stderr, leaving stdout to the summary.  The bar is shown only on a terminal.
"""

from __future__ import annotations

import sys

from ..i18n import _


class Progress:
    def __init__(self, total: int, done: int = 0, quiet: bool = False, label: str = "games", unit: str | None = None):
        from ..plainmode import is_plain
        self.bar = None
        self.lines = PlainProgress(total, done, label) if not quiet and is_plain() else None
        if not quiet and sys.stderr.isatty() and self.lines is None:
            import os
            from tqdm import tqdm
            try:
                width = os.get_terminal_size(sys.stderr.fileno()).columns
            except OSError:
                width = 0
            sized = {"dynamic_ncols": True} if width > 0 else {"ncols": 80, "nrows": 20}   # size unknown
            self.bar = tqdm(total=total, initial=done, unit=" " + (unit or _("games")), desc=label, file=sys.stderr,
                            smoothing=0.1, **sized)

    def advance(self, n: int) -> None:
        if self.bar is not None:
            self.bar.update(n)
        if self.lines is not None:
            self.lines.advance(n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


class PlainProgress:
    """Progress for a screen reader (--plain): a line at each tenth of the games, never a
    bar redrawn in place."""

    def __init__(self, total: int, done: int, label: str):
        self.total, self.done, self.label = total, done, label
        self.tenth = self._tenth(done)

    def _tenth(self, done: int) -> int:
        return done * 10 // self.total if self.total else 10

    def advance(self, n: int) -> None:
        self.done += n
        tenth = self._tenth(self.done)
        if tenth > self.tenth:
            self.tenth = tenth
            print(_("{label}: {done} of {total} done").format(label=self.label, done=self.done, total=self.total),
                  file=sys.stderr, flush=True)

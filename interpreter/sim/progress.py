"""The progress bar on stderr: games done, games per second, time left.

tqdm rather than rich: it is one small pure-Python package with no dependencies of its own,
its bar shows exactly these three figures (and a smoothed rate) out of the box, and it
writes to stderr, leaving stdout to the summary.  The bar is shown only on a terminal.
"""

from __future__ import annotations

import sys


class Progress:
    def __init__(self, total: int, done: int = 0, quiet: bool = False, label: str = "games"):
        self.bar = None
        if not quiet and sys.stderr.isatty():
            import os
            from tqdm import tqdm
            try:
                width = os.get_terminal_size(sys.stderr.fileno()).columns
            except OSError:
                width = 0
            sized = {"dynamic_ncols": True} if width > 0 else {"ncols": 80, "nrows": 20}   # size unknown
            self.bar = tqdm(total=total, initial=done, unit=" games", desc=label, file=sys.stderr,
                            smoothing=0.1, **sized)

    def advance(self, n: int) -> None:
        if self.bar is not None:
            self.bar.update(n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None

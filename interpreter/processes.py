"""How many processes a run starts, decided in one place for every command that starts
them (`simulate`, `compare` and `ladder` through sim/runner.py, `train` and the adaptive
bot's first fit through bots/fitting.py), before any process starts.

`--workers` asks; the run starts no more than its work can keep busy (the games of a
study, the games a fit plays at once) nor four per core: more only share the same cores,
and `--workers 100000` once started hundreds of processes and ran a machine out of memory.
"""

from __future__ import annotations

import os

MAX_WORKERS = 4 * (os.cpu_count() or 1)     # more processes than that only share the same cores


def default_workers() -> int:
    """One process per core."""
    return os.cpu_count() or 1


def worker_count(asked: int | None, work: int) -> int:
    """The processes a run starts: as asked (None: one per core), but never more than
    `work` (the tasks it can run at once) or MAX_WORKERS, and at least one."""
    return max(1, min(asked or default_workers(), work, MAX_WORKERS))

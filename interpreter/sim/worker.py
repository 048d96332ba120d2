"""What every engine's worker does: compile the rule set once per process, then play a
chunk of games and return one plain record per game.

Here rather than in runner.py so that the engines (the process pool there, Dask in
dask_engine.py) import it without importing each other.  A worker stops between two games
when the run's stop event is set (the first Ctrl-C): the games of its chunk not yet begun
are left out of its answer, and `--resume` plays them.
"""

from __future__ import annotations

import os
import signal
import traceback

from .records import RunOptions, game_seed, play_game, replay_command
from .study import study_game
from ..errors import WondersError

_TABLES: dict = {}           # per process: (paths, variants, rules) -> (tables, fingerprint)
_STOP = None                 # per worker process: the run's stop event (None: never asked to stop)


class ContentError(WondersError):
    """The content or the variants do not check: no game can be played."""


class EngineError(WondersError):
    """The engine cannot start: a cluster that cannot be reached, a package missing."""


def load_tables(options: RunOptions):
    """The compiled rule set of a run and its fingerprint, compiled once per process."""
    key = (options.paths, options.variants, options.rules)
    if key not in _TABLES:
        from ..check.load import check_paths
        from ..compile import compile_rules
        from ..engine.saves import content_digest
        result = check_paths(list(options.paths) or None, list(options.variants), options.rules)
        if result.ruleset is None:
            raise ContentError(f"the content has {result.errors} error(s); `wonders check` lists them")
        tables = compile_rules(result.ruleset)
        _TABLES[key] = (tables, content_digest(tables))
    return _TABLES[key]


def failure(options: RunOptions, index: int, message: str) -> dict:
    return {"game": index, "seed": game_seed(options.seed, index), "error": message,
            "replay": replay_command(options, index)}


def start_worker(options: RunOptions, stop=None, parent: int | None = None) -> None:
    """A pool worker's first step: Ctrl-C is the parent's to handle (it sets `stop`), the
    worker ends with its `parent` process, and the rule set is compiled before the first
    chunk arrives."""
    global _STOP
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _STOP = stop
    if parent is not None:
        _end_with(parent)
    try:
        load_tables(options)
    except ContentError:
        pass                  # each game of this worker reports it


def _end_with(parent: int) -> None:
    """On Linux, the kernel kills this worker when the run's process dies, even by SIGKILL
    (which leaves the run no chance to end its workers); elsewhere the pool's own checks apply."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(1, signal.SIGKILL) != 0:          # 1: PR_SET_PDEATHSIG
            return
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:                         # the run died before the prctl
        os._exit(1)


def _stopping() -> bool:
    return _STOP is not None and _STOP.is_set()


def play_chunk_fitted(options: RunOptions, indexes: list[int], fingerprint: str, fits: dict) -> list[dict]:
    """`play_chunk` with the fits the run's process made or read (bots/fitcache.py
    `fits_known`): a cluster's worker plays the same fitted players as the local pool's,
    whatever its machine's cache holds."""
    from ..bots.fitcache import remember
    remember(fits)
    return play_chunk(options, indexes, fingerprint)


def play_chunk(options: RunOptions, indexes: list[int], fingerprint: str) -> list[dict]:
    """Play the games numbered `indexes`; a game that raises becomes a failure record."""
    from ..engine.triggers import TriggerLoop
    try:
        tables, own = load_tables(options)
    except Exception as err:  # noqa: BLE001 - reported per game, the run goes on elsewhere
        return [failure(options, i, f"this worker cannot load the content: {err}") for i in indexes]
    if own != fingerprint:
        return [failure(options, i, f"this worker's rules have fingerprint {own}, not {fingerprint}: "
                                    "install the same wonders and content on every machine")
                for i in indexes]
    records = []
    for index in indexes:
        if _stopping():
            break
        try:
            records.append(play_game(tables, options, index, fingerprint) if not options.values
                           else study_game(tables, options, index, fingerprint))
        except TriggerLoop as err:
            records.append(failure(options, index, f"error[E1501]: {err}"))
        except Exception as err:  # noqa: BLE001 - a bug in one game must not stop the run
            frame = traceback.extract_tb(err.__traceback__)[-1]
            where = f"{os.path.basename(frame.filename)}:{frame.lineno}"
            records.append(failure(options, index, f"{type(err).__name__}: {err} (at {where})"))
    return records

"""Play the games of a run: in this process, in a pool of processes, or on a Dask cluster.

Games are handed out in chunks of consecutive numbers; each worker compiles the rule set
once (from the content paths and variant names, never pickled per game) and returns one
plain record per game.  The caller gets the records chunk by chunk, in whatever order
they finish, and sorts them by game number: the results do not depend on the engine or
the number of workers.  A game that raises is returned as a failure record with its seed
and the `wonders play` line that replays it; the others go on.
"""

from __future__ import annotations

import concurrent.futures
import os
import signal
import threading
import traceback
from collections.abc import Callable, Iterable, Iterator

from .records import RunOptions, game_seed, play_game, replay_command

_TABLES: dict = {}           # per process: (paths, variants) -> (tables, fingerprint)


class ContentError(Exception):
    """The content or the variants do not check: no game can be played."""


class EngineError(Exception):
    """The engine cannot start: a cluster that cannot be reached, a package missing."""


class Interrupted(Exception):
    """Ctrl-C stopped the run; the games finished before it were delivered."""


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
        try:
            records.append(play_game(tables, options, index, fingerprint))
        except TriggerLoop as err:
            records.append(failure(options, index, f"error[E1501]: {err}"))
        except Exception as err:  # noqa: BLE001 - a bug in one game must not stop the run
            frame = traceback.extract_tb(err.__traceback__)[-1]
            where = f"{os.path.basename(frame.filename)}:{frame.lineno}"
            records.append(failure(options, index, f"{type(err).__name__}: {err} (at {where})"))
    return records


def chunks(indexes: list[int], workers: int, largest: int = 50) -> list[list[int]]:
    """Consecutive slices: at least four per worker (for balance and a live progress bar),
    at most `largest` games each (so Ctrl-C waits for little)."""
    size = max(1, min(largest, -(-len(indexes) // (workers * 4))))
    return [indexes[i:i + size] for i in range(0, len(indexes), size)]


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops handing out games."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class InProcess:
    """--workers 1: one game at a time in this process (a Ctrl-C loses no finished game)."""

    def __init__(self, options: RunOptions, fingerprint: str):
        self.options, self.fingerprint = options, fingerprint

    def run(self, work: list[list[int]]) -> Iterator[list[dict]]:
        for chunk in work:
            for index in chunk:
                yield play_chunk(self.options, [index], self.fingerprint)

    def stop(self) -> Iterator[list[dict]]:
        return iter(())

    def close(self) -> None:
        pass


class ProcessPool:
    """A pool of processes, each compiling the rule set once (in its initializer)."""

    def __init__(self, options: RunOptions, fingerprint: str, workers: int):
        self.options, self.fingerprint = options, fingerprint
        self.pool = concurrent.futures.ProcessPoolExecutor(workers, initializer=_start_worker,
                                                           initargs=(options,))
        self.futures: list = []

    def run(self, work: list[list[int]]) -> Iterator[list[dict]]:
        self.futures = [self.pool.submit(play_chunk, self.options, chunk, self.fingerprint) for chunk in work]
        for future in concurrent.futures.as_completed(self.futures):
            yield future.result()

    def stop(self) -> Iterator[list[dict]]:
        """Cancel the chunks not started; deliver those already running."""
        for future in self.futures:
            future.cancel()
        for future in self.futures:
            if not future.cancelled():
                try:
                    yield future.result()
                except concurrent.futures.CancelledError:
                    pass

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


def _start_worker(options: RunOptions) -> None:
    _ignore_interrupts()
    try:
        load_tables(options)
    except ContentError:
        pass                  # each game of this worker reports it


def run_games(options: RunOptions, indexes: Iterable[int], sink: Callable[[list[dict]], None],
              workers: int = 1, cluster: str | None = None) -> None:
    """Play the games numbered `indexes`, passing each finished chunk's records to `sink`.

    Raises Interrupted after delivering every finished game when Ctrl-C stops the run."""
    _tables, fingerprint = load_tables(options)
    indexes = list(indexes)
    if cluster is not None:
        from .dask_engine import DaskEngine
        engine = DaskEngine(options, fingerprint, cluster)
        work = chunks(indexes, engine.workers)
    elif workers == 1:
        engine, work = InProcess(options, fingerprint), [indexes]
    else:
        engine = ProcessPool(options, fingerprint, workers)
        work = chunks(indexes, workers)
    stopping = _CtrlC()
    try:
        with stopping:
            for records in engine.run(work):
                sink(records)
                if stopping.asked:
                    break
            if stopping.asked:
                for records in engine.stop():
                    sink(records)
                raise Interrupted()
    finally:
        engine.close()


class _CtrlC:
    """The first Ctrl-C asks the run to stop after the chunks under way (checked between
    chunks, so no record is half-delivered); a second one stops at once."""

    def __init__(self):
        self.asked = False
        self.previous = None

    def _handle(self, _signum, _frame):
        if self.asked:
            raise KeyboardInterrupt
        self.asked = True

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGINT, self._handle)
        return self

    def __exit__(self, *_exc):
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)


def default_workers() -> int:
    return os.cpu_count() or 1

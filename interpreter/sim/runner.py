"""Play the games of a run: in this process, in a pool of processes, or on a Dask cluster.

Games are handed out in chunks of consecutive numbers, made as they are needed (a run of a
trillion games starts at once and holds no list of them), with a few chunks per worker in
flight; each worker compiles the rule set once and returns one plain record per game (see
worker.py).  The caller gets the records chunk by chunk, in whatever order they finish,
and sorts them by game number: the results do not depend on the engine or the number of
workers.  Every chunk is delivered once, whatever stops the run.

Ctrl-C: the first asks every worker to stop after its current game and delivers what is
finished; a second one (or SIGTERM, SIGHUP) kills the workers at once, so a bot that never
answers cannot keep the run alive.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from types import FrameType
from typing import Any, Protocol, Sized, cast, runtime_checkable

from .records import RunOptions
from .worker import ContentError, EngineError, failure, load_tables, play_chunk, start_worker  # noqa: F401

from ..processes import MAX_WORKERS, default_workers, worker_count  # noqa: F401  (the run's: processes.py)
from ..errors import WondersError


class Interrupted(WondersError):
    """Ctrl-C stopped the run; the games finished before it were delivered."""


def chunk_size(games: int, workers: int, largest: int = 50) -> int:
    """At least four chunks per worker (for balance and a live progress bar), at most
    `largest` games each (so the first Ctrl-C waits for little)."""
    return max(1, min(largest, -(-games // (workers * 4))))


def chunked(indexes: Iterable[int], size: int) -> Iterator[list[int]]:
    """Consecutive slices of `indexes`, made one at a time."""
    rest = iter(indexes)
    while chunk := list(islice(rest, size)):
        yield chunk


Record = dict[str, Any]      # one game's plain record (worker.py)


@runtime_checkable
class Engine(Protocol):
    """What `run_games` drives, wherever the games are played: this process (`InProcess`),
    a pool of processes (`ProcessPool`) or a Dask cluster (dask_engine.py `DaskEngine`).

    `run` plays the chunks of `work` and yields each chunk's records as it finishes;
    `interrupt` (the first Ctrl-C) asks the workers to stop after their current game;
    `stop` then yields the chunks under way and not yet delivered; `close` ends the engine
    after a run; `kill` ends it at once, whatever the workers are doing."""

    def run(self, work: Iterator[list[int]]) -> Iterator[list[Record]]: ...

    def interrupt(self) -> None: ...

    def stop(self) -> Iterator[list[Record]]: ...

    def close(self) -> None: ...

    def kill(self) -> None: ...


class InProcess:
    """--workers 1: one game at a time in this process (a Ctrl-C loses no finished game)."""

    def __init__(self, options: RunOptions, fingerprint: str):
        self.options, self.fingerprint = options, fingerprint

    def run(self, work: Iterator[list[int]]) -> Iterator[list[Record]]:
        for chunk in work:
            for index in chunk:
                yield play_chunk(self.options, [index], self.fingerprint)

    def interrupt(self) -> None:
        pass                  # the run checks between games

    def stop(self) -> Iterator[list[Record]]:
        return iter(())

    def close(self) -> None:
        pass

    kill = close


class ProcessPool:
    """A pool of processes, each compiling the rule set once (in its initializer), with
    twice as many chunks in flight as workers."""

    def __init__(self, options: RunOptions, fingerprint: str, workers: int):
        self.options, self.fingerprint = options, fingerprint
        context = multiprocessing.get_context()
        self.stop_event = context.Event()
        self.pool = concurrent.futures.ProcessPoolExecutor(workers, mp_context=context, initializer=start_worker,
                                                           initargs=(options, self.stop_event, os.getpid()))
        self.window = 2 * workers
        self.pending: set[concurrent.futures.Future[list[Record]]] = set()           # submitted, not yet delivered

    def _submit(self, work: Iterator[list[int]], n: int) -> None:
        for chunk in islice(work, max(0, n)):
            self.pending.add(self.pool.submit(play_chunk, self.options, chunk, self.fingerprint))

    def run(self, work: Iterator[list[int]]) -> Iterator[list[Record]]:
        self._submit(work, self.window)
        while self.pending:
            done, _ = concurrent.futures.wait(self.pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in done:
                self.pending.discard(future)
                yield future.result()
            self._submit(work, self.window - len(self.pending))

    def interrupt(self) -> None:
        """Every worker stops after the game it is playing."""
        self.stop_event.set()

    def stop(self) -> Iterator[list[Record]]:
        """Cancel the chunks not started; deliver those under way (each worker stops after
        its current game) and not yet delivered."""
        for future in self.pending:
            future.cancel()
        for future in list(self.pending):
            if future.cancelled():
                continue
            try:
                records = future.result()
            except concurrent.futures.CancelledError:
                continue
            self.pending.discard(future)
            yield records

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)

    def kill(self) -> None:
        """End the workers now, whatever they are doing (a bot that never answers)."""
        processes = list((getattr(self.pool, "_processes", None) or {}).values())   # no public way before 3.14
        for process in processes:
            try:
                process.kill()
            except (OSError, ValueError):
                pass
        self.pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.join(5)


def run_games(options: RunOptions, indexes: Iterable[int], sink: Callable[[list[Record]], None],
              workers: int = 1, cluster: str | None = None, count: int | None = None) -> None:
    """Play the games numbered `indexes` (`count` of them; a sized collection needs no
    count), passing each finished chunk's records to `sink` exactly once.

    Raises Interrupted after delivering every finished game when Ctrl-C stops the run."""
    _tables, fingerprint = load_tables(options)
    count = len(cast(Sized, indexes)) if count is None else count
    if count <= 0:
        return
    engine: Engine
    if cluster is not None:
        from .dask_engine import DaskEngine
        dask = DaskEngine(options, fingerprint, cluster)
        engine, size = dask, chunk_size(count, dask.workers)
    else:
        workers = worker_count(workers, count)
        engine = InProcess(options, fingerprint) if workers == 1 else ProcessPool(options, fingerprint, workers)
        size = 1 if workers == 1 else chunk_size(count, workers)
    stopping = _CtrlC(engine.interrupt)
    try:
        with stopping:
            for records in engine.run(chunked(indexes, size)):
                sink(records)
                if stopping.asked:
                    break
            if stopping.asked:
                for records in engine.stop():
                    sink(records)
                raise Interrupted()
    except Interrupted:
        engine.close()
        raise
    except KeyboardInterrupt as err:        # a second Ctrl-C; SIGTERM and SIGHUP are subclasses
        engine.kill()
        if type(err) is KeyboardInterrupt:
            raise Interrupted() from None
        raise
    except BaseException:
        engine.kill()
        raise
    engine.close()


class _CtrlC:
    """The first Ctrl-C asks the run to stop (`on_first` tells the workers; the run checks
    between chunks, so no record is half-delivered); a second one stops at once."""

    def __init__(self, on_first: Callable[[], None]):
        self.asked = False
        self.previous: Any = None          # the handler before, as signal.signal gives it
        self.on_first = on_first

    def _handle(self, _signum: int, _frame: FrameType | None) -> None:
        if self.asked:
            raise KeyboardInterrupt
        self.asked = True
        self.on_first()

    def __enter__(self) -> _CtrlC:
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGINT, self._handle)
        return self

    def __exit__(self, *_exc: object) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)

"""The heavy work pages start (a comparison's games, a bot fitting itself to rules) shares
the machine's cores: at most one job per core runs, the others wait in a queue, first come
first served, and a queue already WAITING long refuses more in words.

A comparison runs in one worker process: one core.  A fit runs a pool of a worker per core
(bots/fitting.py): it takes them all.  A job waits in a thread (a fit's own, or one of the
event loop's executor for a comparison), and stops waiting when its `stop` event is set
(the page went away).
"""

from __future__ import annotations

import itertools
import os
import threading
from ..errors import WondersError

WAITING = 16                    # jobs that may wait at once; more are refused


class Busy(WondersError):
    """The queue is full: said to the page, which may ask again later."""


def core_count() -> int:
    """The cores this process may run on (fewer than the machine's under a CPU affinity)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


class Ticket:
    """Cores taken: give them back with release() (once; later calls do nothing)."""

    def __init__(self, cores: Cores, weight: int):
        self.cores, self.weight = cores, weight

    def release(self) -> None:
        cores, self.cores = self.cores, None
        if cores is not None:
            cores._give_back(self.weight)


class Cores:
    def __init__(self, size: int | None = None, waiting: int = WAITING):
        self.size = size or core_count()
        self.free = self.size
        self.limit = waiting
        self.queue: list[int] = []              # the numbers of the jobs waiting, in order
        self.numbers = itertools.count()
        self.changed = threading.Condition()

    def waiting(self) -> int:
        with self.changed:
            return len(self.queue)

    def ahead(self, weight: int = 1) -> int:
        """How many jobs a job asking now would wait behind (0: it would start at once)."""
        with self.changed:
            return len(self.queue) + (0 if self.free >= min(weight, self.size) else 1)

    def take(self, weight: int = 1, stop: threading.Event | None = None) -> Ticket | None:
        """Wait for `weight` cores (at most all of them) in turn; None when `stop` was set
        first.  Busy when WAITING jobs are waiting already."""
        weight = max(1, min(weight, self.size))
        with self.changed:
            if len(self.queue) >= self.limit:
                raise Busy(f"the studio is busy: {len(self.queue)} comparisons or fits are waiting for "
                           f"its {self.size} core(s); try again when one has finished")
            number = next(self.numbers)
            self.queue.append(number)
            try:
                while self.queue[0] != number or self.free < weight:
                    if stop is not None and stop.is_set():
                        return None
                    self.changed.wait(0.2)
                self.free -= weight
            finally:
                self.queue.remove(number)
                self.changed.notify_all()
        return Ticket(self, weight)

    def _give_back(self, weight: int) -> None:
        with self.changed:
            self.free += weight
            self.changed.notify_all()


async def take_waiting(cores: Cores, weight: int, stop: threading.Event) -> Ticket | None:
    """Cores.take from the event loop, waiting in a thread of its own (the loop's executor
    serves the requests: a queue of pages must not hold it)."""
    import asyncio
    loop = asyncio.get_running_loop()
    answer = loop.create_future()

    def wait() -> None:
        try:
            result = cores.take(weight, stop)
        except Busy as err:
            loop.call_soon_threadsafe(lambda e=err: answer.done() or answer.set_exception(e))   # err is unbound after except
            return
        if loop.is_closed():
            if result is not None:
                result.release()
            return
        loop.call_soon_threadsafe(_hand_over, answer, result)
    threading.Thread(target=wait, name="studio-core-wait", daemon=True).start()
    try:
        return await answer
    except BaseException:                   # cancelled while waiting: stop, and give back what came late
        stop.set()
        if answer.done() and not answer.cancelled() and answer.exception() is None and answer.result() is not None:
            answer.result().release()
        raise


def _hand_over(answer, ticket: Ticket | None) -> None:
    if answer.done():                       # nobody waits for it any more
        if ticket is not None:
            ticket.release()
        return
    answer.set_result(ticket)

"""Weigh's players fitted before its games: the adaptive bot (the panel's default) fits
itself to both rule sets the first time, about a minute on a 2-core machine.

The fit runs here, in a thread of the server, not in the comparison's worker process: it
plays its games in a pool of a process per core (bots/fitting.py), which a daemonic worker
may not start, and it takes every core of the studio's (work.py) as the Play part's fit
does.  The page follows it on the Weigh panel's progress bar (a "fit" message per
generation) and its Cancel stops it after the generation under way.  The worker then reads
the fits from the cache (bots/fitcache.py), as `wonders compare`'s workers do.
"""

from __future__ import annotations

import asyncio

from .work import take_waiting


class PageProgress:
    """A fit's generations told to the page (fitcache.train's `progress`)."""

    def __init__(self, loop, send, label: str, total: int):
        self.loop, self.send, self.label = loop, send, label
        self._tell(0, total)

    def _tell(self, done: int, total: int) -> None:
        message = {"type": "fit", "text": self.label, "done": done, "total": total}
        self.loop.call_soon_threadsafe(lambda: asyncio.ensure_future(self.send(message)))

    def update(self, done: int, total: int, result) -> None:
        self._tell(done, total)

    def close(self) -> None:
        pass


def _unfitted(sides) -> bool:
    """Whether a side's bots would fit now; not for rules the worker will refuse (a player
    count they do not play, say: it says why, before any fit)."""
    from ..bots.registry import unfitted
    from ..engine.game import Game, RulesError
    from ..sim.worker import load_tables
    for options in sides:
        tables, _fingerprint = load_tables(options)
        try:
            Game(tables, options.players, 0, options.sides)
        except RulesError:
            return False
        if unfitted(options.bots, tables, options.players):
            return True
    return False


def _fit(sides, progress, stop) -> bool:
    """In a thread: fit the bots of each side (the variant's first: its first fit fits the
    rules without it too, within its budget); False when Cancel stopped it."""
    from ..bots.fitcache import shown_as
    from ..bots.registry import prepare_bots
    from ..sim.worker import load_tables
    try:
        with shown_as(quiet=True, progress=progress, stop=stop):
            for options in reversed(sides):
                tables, _fingerprint = load_tables(options)
                prepare_bots(options.bots, tables, options.players)
    except KeyboardInterrupt:            # the page's Cancel (never let it reach the event loop)
        return False
    return True


async def fit_first(sides, cores, stop, send) -> bool:
    """Fit the players of `sides` (RunOptions: the base side, then the variant's) if they
    need it, with every core; True when the games may start, False when cancelled.  A rule
    set that does not load is left to the worker, which says why; Busy is raised as
    `take_waiting` raises it."""
    loop = asyncio.get_running_loop()
    try:
        needed = await asyncio.to_thread(_unfitted, sides)
    except Exception:  # noqa: BLE001 - the worker checks the rules and tells the page what is wrong
        return True
    if not needed:
        return True
    ahead = cores.ahead(cores.size)
    if ahead:
        await send({"type": "status", "text": f"waiting for the studio's cores to fit the players: {ahead} "
                                              "comparison(s) or fit(s) of its pages first"})
    ticket = await take_waiting(cores, cores.size, stop)
    if ticket is None:
        return False
    try:
        await send({"type": "status", "text": "fitting the adaptive players to both rule sets (the first time "
                                              "only: about a minute; the fit is kept)"})
        return await asyncio.to_thread(_fit, sides, lambda label, total: PageProgress(loop, send, label, total),
                                       stop)
    finally:
        ticket.release()

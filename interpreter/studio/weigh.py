"""Weigh: the same games under two rule sets, played in a worker process one pair at a
time (game i under A, then game i under B), so the comparison's figures can be shown, with
their intervals narrowing, as soon as the first pairs finish, and stopped at any point.

The figures, verdict and report are those of `wonders compare` (interpreter/sim/compare.py,
summary.py, report.py), computed again over the pairs finished so far.  The worker is a
spawned process (not forked from the server and its threads); it waits for a free core
(work.py: the comparisons and fits of all pages share the cores), stops between games when
asked, and dies with the studio, even one killed (the kernel ends it: sim/worker.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import queue as queues
import threading
import time
from pathlib import Path

import attrs

from ..sim.records import RunOptions
from .work import Busy, Cores, take_waiting

UPDATE_SECONDS = 0.4                      # at most this often a new set of figures
HEADLINE_SECTIONS = ("game", "arc", "category", "strategy")


def _worker(a: RunOptions, b: RunOptions, games: int, out, stop, parent: int, tiers=None) -> None:
    """In the worker process: play the pairs, putting ("pair", i, record_a, record_b) on
    `out` (with `tiers`, the skill tiers' twin games instead: weigh_skill.py); ("error",
    message) when the rules cannot be played; ("end",) at the end."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)            # Ctrl-C is the studio's to handle
    from ..bots.registry import prepare_bots
    from ..engine.game import Game, RulesError
    from ..sim.worker import ContentError, _end_with, load_tables, play_chunk
    _end_with(parent)
    try:
        out.put(("status", "checking and compiling both rule sets"))
        fingerprints = []
        for options in (a, b):
            tables, fingerprint = load_tables(options)
            Game(tables, options.players, 0, options.sides)     # the player count, checked before any game
            prepare_bots(options.bots, tables, options.players)
            fingerprints.append(fingerprint)
        from ..bots.fitcache import fits_played
        from ..bots.registry import not_adapting
        out.put(("players", {"not_adapting": not_adapting(a.bots), "fits": fits_played()}))
        out.put(("status", "playing"))
        if tiers:
            from .weigh_skill import play_skill
            play_skill(a, b, tiers, games, fingerprints, out, stop)
        for index in range(0 if tiers else games):
            if stop.is_set():
                break
            [record_a] = play_chunk(a, [index], fingerprints[0])
            [record_b] = play_chunk(b, [index], fingerprints[1])
            out.put(("pair", index, record_a, record_b))
    except (ContentError, RulesError) as err:
        out.put(("error", str(err)))
    except Exception as err:  # noqa: BLE001 - told to the page, never a silent stop
        out.put(("error", f"{type(err).__name__}: {err}"))
    out.put(("end",))


def players_lines(players: dict) -> list[str]:
    """What the page says under the verdict of who played (compare's notes): the bots that do
    not adapt to the rule change, and the fits the adaptive ones played."""
    from ..views.figures.compare_text import not_adapting_line
    from ..views.figures.fits_text import fits_lines
    return ([not_adapting_line(players["not_adapting"])] if players["not_adapting"] else []) + \
        (fits_lines(players["fits"]) if players["fits"] else [])


def figures_so_far(records_a: list[dict], records_b: list[dict], name_a: str, name_b: str,
                   with_report: bool = False) -> dict:
    """The comparison of the pairs finished under both rule sets (`wonders compare`'s)."""
    from ..sim.compare import comparison
    from ..sim.summary import tally_of
    both = {r["game"] for r in records_a if "error" not in r} & {r["game"] for r in records_b if "error" not in r}
    kept_a = [r for r in records_a if r["game"] in both]
    kept_b = [r for r in records_b if r["game"] in both]
    failed = [r for r in records_a + records_b if "error" in r]
    if not both:
        return {"pairs": 0, "failed": failed}
    tally_a, tally_b = tally_of(kept_a), tally_of(kept_b)
    summary_a, summary_b = tally_a.summary(), tally_b.summary()
    result = comparison(kept_a, kept_b, summary_a, summary_b, name_a, name_b)
    headline = [f for f in result["figures"] if f["section"] in HEADLINE_SECTIONS]
    from ..views.figures.compare_text import bounded_lines
    answer = {"pairs": len(both), "failed": failed, "name_a": name_a, "name_b": name_b, "verdict": result["verdict"],
              "verdict_examples": result["verdict_examples"],
              "notes": bounded_lines(result),
              "significant": result["significant"], "tested": len(result["figures"]),
              "figures": headline}
    if with_report:
        from ..views.figures.report import compare_report
        result["failed"] = failed
        answer["report"] = compare_report(result, summary_a, summary_b, tally_a.charts, tally_b.charts)
    return answer


class Weighing:
    """One comparison run for one page: started, followed, stopped."""

    def __init__(self, root: Path, variant: Path, against: Path | None, players: int, games: int,
                 bots: tuple[str, ...], seed: int = 0, cores: Cores | None = None, tiers: tuple[str, ...] = (),
                 arc: int = 0):
        from .play_packs import check_inputs, is_pack
        if tiers:       # the skill tiers are the players: only those of them that adapt are fitted
            bots = tuple(dict.fromkeys(tiers))
        if is_pack(root, variant):                # a pack: its rules without it, and with it
            paths, rules = check_inputs(root, variant, with_pack=False)
            self.a = RunOptions(players, bots, "random", seed, False, (), tuple(paths), rules)
            paths, rules = check_inputs(root, variant)
            self.b = RunOptions(players, bots, "random", seed, False, (), tuple(paths), rules)
            self.name_b = variant.name
        else:                                     # the content of the variants/ folder's rule set or pack
            paths, rules = check_inputs(root, variant.parent.parent)
            self.a = RunOptions(players, bots, "random", seed, False, (str(against),) if against else (),
                                tuple(paths), rules)
            self.b = RunOptions(players, bots, "random", seed, False, (str(variant),), tuple(paths), rules)
            self.name_b = variant.stem
        self.name_a = against.stem if against else "base rules"
        from .weigh_examples import play_settings
        self.play = play_settings(root, variant, against, players, bots)      # Play opens the examples
        if arc:                                   # the arc of a game: every turn valued by `arc` rollouts
            self.a, self.b = attrs.evolve(self.a, arc=arc), attrs.evolve(self.b, arc=arc)
        self.games = games
        self.skill = None
        if tiers:
            from .weigh_skill import SkillWeighing
            self.skill = SkillWeighing(tiers, players, games, self.name_a, self.name_b)
            self.games = self.skill.total
        context = multiprocessing.get_context("spawn")
        self.out = context.Queue()
        self.stop_event = context.Event()
        self.process = context.Process(target=_worker, args=(self.a, self.b, games, self.out, self.stop_event,
                                                             os.getpid(), tuple(tiers)), daemon=True)
        self.cores = cores or Cores()
        self.cancelled = threading.Event()
        self.gone = False
        self.records_a: list[dict] = []
        self.records_b: list[dict] = []
        self.players_note: list[str] = []       # which players played and how they were fitted

    def cancel(self, gone: bool = False) -> None:
        """Stop after the games under way; `gone`: the page went away, so no report is made."""
        self.gone = self.gone or gone
        self.cancelled.set()
        self.stop_event.set()

    async def run(self, send) -> None:
        """Fit the players first if they need it (weigh_fit.py: every core, progress to the
        page), wait for a free core, then play and `send` each message for the page: status,
        figures as pairs finish, then the final figures with the report (or the error)."""
        from .weigh_fit import fit_first
        try:
            fitted = await fit_first((self.a, self.b), self.cores, self.cancelled, send)
        except Busy as err:
            await send({"type": "error", "text": str(err)})
            return
        except Exception as err:  # noqa: BLE001 - told to the page, never a silent stop
            await send({"type": "error", "text": f"the players could not be fitted: {type(err).__name__}: {err}"})
            return
        if not fitted:                          # cancelled while fitting
            await send({"type": "done", "done": 0, "games": self.games, "stopped": True, "seconds": 0, "pairs": 0,
                        "failed": []})
            return
        ahead = self.cores.ahead()
        if ahead:
            await send({"type": "status", "text": f"waiting for a free core: {ahead} comparison(s) or fit(s) "
                                                  "of the studio's pages first"})
        try:
            ticket = await take_waiting(self.cores, 1, self.cancelled)
        except Busy as err:
            await send({"type": "error", "text": str(err)})
            return
        if ticket is None:                      # cancelled while waiting
            await send({"type": "done", "done": 0, "games": self.games, "stopped": True, "seconds": 0, "pairs": 0,
                        "failed": []})
            return
        try:
            await self._play(send)
        finally:
            ticket.release()

    async def _play(self, send) -> None:
        loop = asyncio.get_running_loop()
        self.process.start()
        started = time.monotonic()
        last_sent = 0.0
        pending = False
        error = None
        try:
            while True:
                try:
                    item = await loop.run_in_executor(None, self.out.get, True, UPDATE_SECONDS)
                except queues.Empty:
                    item = None
                    if not self.process.is_alive():
                        error = error or "the worker process ended unexpectedly"
                        break
                if item is not None and item[0] == "end":
                    break
                if item is not None and item[0] == "error":
                    error = item[1]
                elif item is not None and item[0] == "status":
                    await send({"type": "status", "text": item[1]})
                elif item is not None and item[0] == "skill":
                    self.skill.add(*item[1:])
                    pending = True
                elif item is not None and item[0] == "players":
                    self.players_note = players_lines(item[1])
                elif item is not None:
                    _, _index, record_a, record_b = item
                    self.records_a.append(record_a)
                    self.records_b.append(record_b)
                    pending = True
                if pending and time.monotonic() - last_sent >= UPDATE_SECONDS:
                    figures = await asyncio.to_thread(self._figures)
                    await send({"type": "figures", "done": self._done(), "games": self.games,
                                "seconds": round(time.monotonic() - started, 2), "players": self.players_note,
                                **figures})
                    last_sent, pending = time.monotonic(), False
            if error:
                await send({"type": "error", "text": error})
                return
            if self.gone:                       # nobody to show the report to (the studio stopping, say)
                return
            final = await asyncio.to_thread(self._figures, True)
            await send({"type": "done", "done": self._done(), "games": self.games,
                        "players": self.players_note,
                        "stopped": self.stop_event.is_set() and self._done() < self.games,
                        "seconds": round(time.monotonic() - started, 2), **final})
        finally:
            self.stop_event.set()
            await asyncio.to_thread(self._end)

    def _done(self) -> int:
        return self.skill.done if self.skill else len(self.records_a)

    def _figures(self, with_report: bool = False) -> dict:
        if self.skill:
            return self.skill.figures(with_report)
        found = figures_so_far(self.records_a, self.records_b, self.name_a, self.name_b, with_report)
        return {**found, "play": self.play}

    def _end(self) -> None:
        """Wait for the worker to finish its game, draining what it still sends (a process
        with items left in its queue cannot end); kill it after 10 seconds."""
        if self.process.pid is None:            # never started
            return
        deadline = time.monotonic() + 10
        while self.process.is_alive() and time.monotonic() < deadline:
            with contextlib.suppress(queues.Empty, OSError, ValueError):
                self.out.get(True, 0.1)
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        with contextlib.suppress(Exception):
            self.out.close()

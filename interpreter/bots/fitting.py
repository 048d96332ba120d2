"""Fitting the adaptive bot's weights to a rule set by self-play, with CMA-ES (the `cma`
package: a well-kept implementation of the covariance matrix adaptation evolution strategy,
which needs no gradient and copes with the noise of game results).

Each generation, CMA-ES proposes candidate weight vectors; every candidate plays the same
games (common random numbers: the same game seeds and seats for every candidate of a
generation, so candidates differ by their play, not their luck), one seat against the rest
of the table.  For rules with variants applied, every game is against the *reference*: the
fit of the rules without them (players whose valuation reads the variant but whose weighing
was fitted to the unchanged game), and the search starts from those weights, so the fit
learns what the change asks for beyond what the valuation reads.  For rules without
variants, half of a candidate's games are against the generation's incumbent (the current
mean of the search: self-play) and half against the heuristic bot, whose weighing is where
the search starts (a fixed yardstick that keeps the fit from a style that only beats
itself).  The novel part's weights (weighing.py) are searched only where a variant's score
line gives them something to weigh.  A game's reward is its win share (a tie shared)
blended with the score margin over the best other city.

Games run in a pool of processes (the rules pickled once to each worker).  The fit is the
same for the same seed and number of generations; a time budget or Ctrl-C stops it after
the last whole generation, keeping the mean reached so far.
"""

from __future__ import annotations

import pickle
import signal
import threading
import time
import warnings
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field

from ..fitdefaults import BUDGET, CHECK, CHECK_Z, GAMES, GENERATIONS, POPSIZE, SEED_MAX, SLACK
from ..processes import worker_count
from .weighing import ANCHOR, WeighedBot, novel_indices, start_weights

MARGIN = 0.3          # share of the reward given by the score margin
MARGIN_SCALE = 20.0   # points of margin that count as a whole win or loss
BOUNDS = (-1.0, 5.0)  # a weight outside this is clipped: a part worth more than five times its
                      # points, or less than minus once, is never what a fit needs
SIGMA = 0.4           # the first step size, about a third of a typical weight


@dataclass
class FitResult:
    weights: list[float]
    generations: int                 # generations completed
    games: int                       # games played
    games_per_candidate: int
    seconds: float
    stopped: str = ""                # "" (all generations), "budget" or "interrupted"
    history: list[float] = field(default_factory=list)   # the mean reward of each generation
    interruption: BaseException | None = None            # the Ctrl-C (or SIGTERM) that stopped it
    check: dict | None = None                            # the acceptance check (`accept`), if it ran


# ---------------------------------------------------------------- the workers
_WORKER: dict = {}


def _init_worker(blob: bytes) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)      # Ctrl-C is the parent's to handle
    _WORKER["tables"] = pickle.loads(blob)


def play_games(tables, players: int, candidate, incumbent, reference, games: list[tuple[int, int, str]]) -> list[float]:
    """The candidate's reward in each game (seed, its seat, "self" or "reference" in the other
    seats; the reference is the heuristic bot when `reference` is None)."""
    from ..engine.game import Game
    from .heuristic import HeuristicBot
    from .view import BotSeat
    rewards = []
    for game_seed, seat, field_kind in games:
        game = Game(tables, players, seed=game_seed)
        deciders = []
        for s in range(players):
            if s == seat:
                bot = WeighedBot(seed=game_seed * 10 + s, weights=candidate)
            elif field_kind == "self":
                bot = WeighedBot(seed=game_seed * 10 + s, weights=incumbent)
            elif reference is not None:
                bot = WeighedBot(seed=game_seed * 10 + s, weights=reference)
            else:
                bot = HeuristicBot(seed=game_seed * 10 + s, **{k: p.default for k, p in HeuristicBot.parameters.items()})
            deciders.append(BotSeat(bot))
        game.play(deciders)
        rewards.append(reward(game, seat))
    return rewards


def reward(game, seat: int) -> float:
    scores = game.scores()
    winners = game.winners(scores)
    totals = [sum(s.values()) for s in scores]
    others = [t for s, t in enumerate(totals) if s != seat and s < game.players]
    margin = totals[seat] - max(others) if others else 0.0
    win = 1 / len(winners) if seat in winners else 0.0
    return (1 - MARGIN) * win + MARGIN * max(-1.0, min(1.0, margin / MARGIN_SCALE))


def _task(args):
    players, candidate, incumbent, reference, games = args
    return play_games(_WORKER["tables"], players, candidate, incumbent, reference, games)


def accept(map_tasks, players: int, fitted, start, reference, seed: int, games: int) -> dict:
    """The acceptance check: the fitted weights and the starting weights each play the same
    fresh games (seeds no generation played, each seat in turn) in one seat against three
    players of the reference (the heuristic bot when `reference` is None); the fit is kept
    only if it beats the start on those paired games (`judged`)."""
    plan = [(seed_, seat, "reference") for seed_, seat, _field in schedule(seed, 10 ** 5, players, games)]
    halves = [plan[: len(plan) // 2], plan[len(plan) // 2:]]
    tasks = [(players, list(weights), list(start), reference, part) for weights in (fitted, start) for part in halves]
    outcomes = list(map_tasks(tasks))
    mine = [r for part in outcomes[:2] for r in part]
    theirs = [r for part in outcomes[2:] for r in part]
    return judged([a - b for a, b in zip(mine, theirs)])


def judged(gains: list[float]) -> dict:
    """The check's verdict on the fit's gain in reward over the start, paired game by paired
    game: the games (two a gain), the mean gain and its margin (fitdefaults.CHECK_Z standard
    errors), and which weights are kept.  The fit is kept only when its gain less the margin
    lies above 0 (a one-sided test: at CHECK_Z 1.645 a fit no better than its start is kept
    at most once in 20 fits): a fit whose gain is
    within the noise has moved its weights by the noise too (a random walk of 20 weights),
    and playing it would report that drift as how players respond to the rules (a variant's
    fit kept on a gain of +0.005 ±0.083 built fewer of the cards the variant pays for)."""
    mean = sum(gains) / len(gains)
    spread = (sum((g - mean) ** 2 for g in gains) / max(1, len(gains) - 1)) ** 0.5
    half = CHECK_Z * spread / len(gains) ** 0.5
    return {"games": 2 * len(gains), "gain": round(mean, 4), "half": round(half, 4),
            "kept": "fit" if mean - half > 0 else "start"}


def schedule(seed: int, generation: int, players: int, games: int = GAMES,
             selfplay: bool = True) -> list[tuple[int, int, str]]:
    """The games every candidate of a generation plays: seeds drawn from the fit's seed and the
    generation's number, each seat in turn, the two fields alternating (or, without
    `selfplay`, every game against the reference)."""
    base = (seed * 1_000_003 + generation * 7919) % (2 ** 31)
    return [(base + k, k % players, "self" if selfplay and (k // players) % 2 == 0 else "reference")
            for k in range(games)]


# ---------------------------------------------------------------- the search
@contextmanager
def ctrl_c_deferred():
    """Ctrl-C held back until the block ends, then raised: around the `cma` library's calls,
    some of whose `except:` clauses would swallow a KeyboardInterrupt that lands inside them
    (the fit then ran on to its time budget, Ctrl-C lost).  Only the main thread can hold it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: held.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if held:
        raise KeyboardInterrupt


def cma_seed(seed: int) -> int:
    """The search's seed for the fit's seed (0..fitdefaults.SEED_MAX): cma takes 1..2**32-1
    (0 draws a seed from the clock), so seed S searches with S + 1, and the largest fit seed,
    which has no S + 1 there, with 1 (its games still differ from seed 0's: `schedule`)."""
    return seed % SEED_MAX + 1


def bounded_mean(strategy) -> list[float]:
    """The search's mean within the weight bounds: cma keeps its own mean unbounded and
    maps it into the bounds (`xfavorite`) like every candidate it proposes; the mean as
    stored could lie outside them, and a weight played there was never evaluated."""
    return [min(max(float(x), BOUNDS[0]), BOUNDS[1]) for x in strategy.result.xfavorite]


def fit(tables, players: int, *, seed: int = 0, generations: int = GENERATIONS, budget: float = BUDGET,
        workers: int | None = None, games: int = GAMES, on_generation=None, reference=None,
        check: bool = True, start=None, stop=None) -> FitResult:
    """Fit the weights for `tables` at `players` players, against `reference` (weights: the
    fit of the rules without their variants; None: the heuristic bot) and self-play, from
    `reference` (else from `start`, else the heuristic's weighing).  `on_generation(done,
    total, result)` is called after each generation (a progress bar).  Stops after
    `generations`, or before a generation that would end past `budget` seconds (at the pace
    so far, the acceptance check's time and fitdefaults.SLACK left), or on Ctrl-C or once `stop` (a
    threading.Event: the studio's Cancel) is set, keeping the mean reached.  Then, unless so
    stopped or `check` is False, the acceptance check (`accept`) keeps the starting weights
    if the fit does not beat them."""
    with warnings.catch_warnings():          # cma warns that it cannot plot without matplotlib
        warnings.simplefilter("ignore")
        import cma
    began = time.perf_counter()
    start_at = [min(max(w, BOUNDS[0]), BOUNDS[1]) for w in (reference or start or start_weights())]
    options = {"seed": cma_seed(seed), "bounds": list(BOUNDS), "verbose": -9, "verb_log": 0, "verb_disp": 0,
               "popsize": POPSIZE, "tolfun": 0, "tolx": 0, "tolflatfitness": 10 ** 6, "tolstagnation": 10 ** 6}
    from .rulemodel import rule_model
    # the weights searched: all but the anchor (the scale, weighing.ANCHOR) and the novel
    # part's where no score line changed (it is 0 in every move there): kept as they start
    kept = {ANCHOR} | (set() if rule_model(tables, players).novel_lines else set(novel_indices()))
    free = [i for i in range(len(start_at)) if i not in kept]

    def whole(searched) -> list[float]:
        """The full vector of weights from the searched ones."""
        out = list(start_at)
        for i, x in zip(free, searched):
            out[i] = float(x)
        return out

    reference = list(reference) if reference is not None else None
    # rules with variants: every game against the players who did not learn the change (the
    # question of item 3: does the rule reward a player who responds to it?); without: half
    # self-play, half against the heuristic bot
    selfplay = reference is None
    with ctrl_c_deferred():
        strategy = cma.CMAEvolutionStrategy([start_at[i] for i in free], SIGMA, options)
    # at most a generation's tasks (each candidate's games in two halves) run at once: no more
    # processes than those, nor than processes.MAX_WORKERS, whatever --workers asks
    workers = worker_count(workers, 2 * strategy.popsize)
    result = FitResult(list(start_at), 0, 0, games, 0.0)
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_init_worker,
                               initargs=(pickle.dumps(tables),)) if workers > 1 else None
    if pool is None:
        _WORKER["tables"] = tables
    map_tasks = (lambda tasks: pool.map(_task, tasks)) if pool else (lambda tasks: [_task(t) for t in tasks])
    # the check plays about 2 * CHECK * games games, a generation popsize * games: the fit leaves it
    # that share of a generation's time within the budget
    check_share = 2 * CHECK / strategy.popsize
    try:
        for generation in range(generations):
            with ctrl_c_deferred():
                candidates = strategy.ask()
                incumbent = whole(bounded_mean(strategy))
            plan = schedule(seed, generation, players, games, selfplay)
            halves = [plan[: len(plan) // 2], plan[len(plan) // 2:]] if workers > 1 else [plan]
            tasks = [(players, whole(c), incumbent, reference, part) for c in candidates for part in halves]
            outcomes = list(map_tasks(tasks))
            per = len(halves)
            # summed game by game in the plan's order, whatever the split: the same fit on any
            # number of workers
            rewards = [sum([r for part in outcomes[i * per:(i + 1) * per] for r in part]) / len(plan)
                       for i in range(len(candidates))]
            with ctrl_c_deferred():
                strategy.tell(candidates, [-r for r in rewards])      # cma minimises
                result.weights = whole(bounded_mean(strategy))
            result.generations = generation + 1
            result.games += len(candidates) * len(plan)
            result.history.append(sum(rewards) / len(rewards))
            result.seconds = time.perf_counter() - began
            if on_generation is not None:
                on_generation(generation + 1, generations, result)
            if stop is not None and stop.is_set():
                raise KeyboardInterrupt
            pace = result.seconds / (generation + 1)
            if result.seconds + pace * (1 + check_share) > budget - SLACK and generation + 1 < generations:
                result.stopped = "budget"
                break
        if result.generations and check:
            result.check = accept(map_tasks, players, result.weights, start_at, reference, seed,
                                  round(CHECK * games))
            if result.check["kept"] == "start":
                result.weights = list(start_at)
    except KeyboardInterrupt as err:
        result.stopped, result.interruption = "interrupted", err
    finally:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
    result.seconds = time.perf_counter() - began
    return result

"""Bots against bots: the win rate of one bot against a field, with its 95 % interval,
and the cost of a game.  Games run on all cores (a process pool, the rules compiled once
per worker).

    python bench/bots.py --bot heuristic --field greedy --games 1000 --players 4
    python bench/bots.py --cost --games 200          # seconds per game of random, greedy, heuristic

Ties are shared: a game won by k players counts 1/k for each.  The bot takes every seat in
turn (game g puts it in seat g mod players) so no seat is favoured.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.bots import make_bot  # noqa: E402
from interpreter.check.load import check_paths  # noqa: E402
from interpreter.compile import compile_rules  # noqa: E402
from interpreter.engine.game import Game  # noqa: E402

_tables = {}


def _rules(variants):
    key = tuple(variants)
    if key not in _tables:
        _tables[key] = compile_rules(check_paths(None, list(variants)).ruleset)
    return _tables[key]


class Timed:
    """A seat's decider, timed: the seconds of each decision it made."""

    def __init__(self, inner):
        self.inner, self.seconds = inner, []

    def decide(self, game, seat, kind, options):
        start = time.perf_counter()
        index = self.inner.decide(game, seat, kind, options)
        self.seconds.append(time.perf_counter() - start)
        return index


def play_block(args):
    """Games [first, first+count): (share of wins of the bot, seconds of each of its decisions) each."""
    bot, field, players, first, count, variants = args
    tables = _rules(variants)
    out = []
    for g in range(first, first + count):
        seat = g % players
        specs = [bot if s == seat else field for s in range(players)]
        game = Game(tables, players, seed=g)
        deciders = [make_bot(spec, g * 100 + s) for s, spec in enumerate(specs)]
        deciders[seat] = timed = Timed(deciders[seat])
        game.play(deciders)
        winners = game.winners()
        out.append((1 / len(winners) if seat in winners else 0.0, timed.seconds))
    return out


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def run(bot, field, players, games, workers, variants=(), block=20, first=0):
    tasks = [(bot, field, players, s, min(block, first + games - s), tuple(variants))
             for s in range(first, first + games, block)]
    results: list[float] = []
    decisions: list[float] = []
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for part in pool.map(play_block, tasks):
            for share, seconds in part:
                results.append(share)
                decisions += seconds
            rate = sum(results) / len(results)
            print(f"\r{len(results)}/{games} games, wins {rate:.1%}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return results, decisions, time.perf_counter() - start


def cost(games: int, players: int, rounds: int = 5) -> None:
    """Seconds per game of each simple bot.  The bots take turns in short rounds (each round
    new games, the same for every bot; replaying a game would find the payment searches
    remembered) and each keeps its fastest round: a burst of other work on the machine
    does not land on one bot only."""
    tables = _rules(())
    specs = ("random", "greedy", "heuristic")
    best = {spec: float("inf") for spec in specs}
    per_round = max(1, games // rounds)
    # first a round of each bot, untimed, on other seeds: the engine's payment memo is then
    # warm for every bot, as in a long simulation (a cold memo costs the random bot a third)
    for spec in specs:
        for g in range(10 ** 6, 10 ** 6 + per_round):
            Game(tables, players, seed=g).play([make_bot(spec, g * 100 + s) for s in range(players)])
    for r in range(rounds):
        for spec in specs:
            start = time.perf_counter()
            for g in range(r * per_round, (r + 1) * per_round):
                Game(tables, players, seed=g).play([make_bot(spec, g * 100 + s) for s in range(players)])
            best[spec] = min(best[spec], (time.perf_counter() - start) / per_round)
    base = best["random"]
    for spec in specs:
        print(f"{spec:10s} {best[spec] * 1000:7.1f} ms a game ({best[spec] / base:.2f}x random)")
    print(f"({rounds} rounds of {per_round} games after a warm-up round of each; the fastest round of each bot)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--field", default="greedy", help="the bot in every other seat")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0, help="first seed")
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--cost", action="store_true", help="time a game of each simple bot instead")
    args = parser.parse_args()
    if args.cost:
        cost(args.games, args.players)
        return
    results, decisions, seconds = run(args.bot, args.field, args.players, args.games, args.workers,
                                      args.variant, first=args.first)
    n = len(results)
    rate = sum(results) / n
    low, high = wilson(rate, n)
    print(f"{args.bot} vs {args.players - 1}x {args.field}, {args.players} players, {n} games "
          f"(seeds {args.first}-{args.first + n - 1}): wins {rate:.1%} (95% interval {low:.1%} to {high:.1%}; "
          f"parity {1 / args.players:.0%}); {seconds:.0f} s on {args.workers} workers")
    decisions.sort()
    if decisions:
        print(f"{args.bot}'s {len(decisions)} decisions: mean {sum(decisions) / len(decisions):.3f} s, "
              f"95th percentile {decisions[int(0.95 * (len(decisions) - 1))]:.3f} s, most {decisions[-1]:.3f} s "
              f"(each worker on one core)")


if __name__ == "__main__":
    main()

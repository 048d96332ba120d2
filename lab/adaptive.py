"""The adaptive bot's benchmarks (issue 16): does it respond to a rule change as a strong
player does, how strong is it, what does it cost.  Games run on all cores.

    # the response: base vs variant on the same seeds, for four heuristic, four adaptive
    # and one mcts seat among three heuristic bots (the measure is per city; for mcts its seat);
    # the search bot's games are kept in the --record file, and its base-rules games serve
    # every variant (lab/records/search-response.jsonl holds those of lab/adaptive.md)
    python lab/adaptive.py response --variant bench/variants/science-sets-30.wonders \\
        --measure cards:green --games 300 --search-games 30 --record lab/records/search-response.jsonl
    # the search bot measured as four adaptive players are: a table of four search bots
    python lab/adaptive.py response --variant bench/variants/military-3-9-15.wonders --measure cards:red \\
        --fields adaptive,search,table --games 300 --search-games 240 --table-games 60 \\
        --record lab/records/search-response.jsonl
    # strength: one adaptive against three heuristic bots, base rules
    python lab/adaptive.py strength --games 1000
    # one bot fitted to the variant against three fitted to the base rules, under the variant
    python lab/adaptive.py strength --variant bench/variants/science-sets-30.wonders --games 1000
    # the same against another draw of the fits (wonders train --seed 2 for both rule sets)
    python lab/adaptive.py strength --variant bench/variants/science-sets-30.wonders --games 1000 --fit-seed 2
    # two adaptive seats against two search seats: is the fit's style a strong player's?
    python lab/adaptive.py versus --games 400 --measure cards:red
    # seconds per game of four adaptive and of four heuristic bots (--variant: under it)
    python lab/adaptive.py cost --games 100

A shift is the mean of the paired differences (game g under the variant less game g under
the base rules), with its 95 % interval (normal approximation); it is significant when the
interval leaves out 0.  For a `cards:COLOUR` measure each table of four also shows its
shift as the share of the room its base play left, (variant - base) / (dealt - base), the
cards of that colour dealt a city read from the game's deals, with a paired bootstrap
interval.  Fits come from the cache (WONDERS_CACHE_DIR), fitted first if need be.

The fits lab/adaptive.md measures are kept in lab/records/adaptive-fits: run with
WONDERS_CACHE_DIR=lab/records/adaptive-fits to play them.  They are keyed by the content's
fingerprint, so a change to the content leaves them stale; make them again, base rules
first, on an idle machine:

    WONDERS_CACHE_DIR=lab/records/adaptive-fits wonders train --players 4 --workers 2 [--seed S]
    WONDERS_CACHE_DIR=lab/records/adaptive-fits wonders train --players 4 --workers 2 \
        --variant bench/variants/science-sets-30.wonders [--seed S]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))      # bench/bots.py: the rules compiled once per worker, Wilson intervals

from bots import _rules, wilson  # noqa: E402
from interpreter.bots import make_bot  # noqa: E402
from interpreter.bots.adaptive import AdaptiveBot  # noqa: E402
from interpreter.bots.view import BotSeat  # noqa: E402
from interpreter.engine.game import Game  # noqa: E402

PLAYERS = 4


FIT_SEED = 0     # which draw of the fits (--fit-seed): each seed's fits are kept apart


def weights_for(variants, players=PLAYERS) -> list[float]:
    from interpreter.bots.fitcache import fitted_weights
    return fitted_weights(_rules(variants), players, seed=FIT_SEED)


def measures(city) -> dict:
    """Every measure of a city at the game's end: cards of each colour, coins, stages."""
    return {**{f"cards:{colour}": n for colour, n in city.colors.items()}, "coins": city.coins,
            "stages": city.stages}


def seat(spec, game_seed: int, s: int):
    """A decider: a bot spec, or ("adaptive", weights)."""
    if isinstance(spec, tuple):
        return BotSeat(AdaptiveBot(seed=game_seed * 100 + s, weights=spec[1]), "adaptive")
    return make_bot(spec, game_seed * 100 + s)


def play_block(args):
    """Games [first, first+count) with `specs` per seat (rotated by the game number when
    `rotate`): for each game (every seat's measures, the seats that won, the rotation)."""
    specs, variants, first, count, rotate = args
    tables = _rules(variants)
    out = []
    for g in range(first, first + count):
        shift = g % PLAYERS if rotate else 0
        seated = [specs[(s - shift) % PLAYERS] for s in range(PLAYERS)]
        game = Game(tables, PLAYERS, seed=g)
        game.play([seat(spec, g, s) for s, spec in enumerate(seated)])
        out.append(([measures(c) for c in game.cities[:PLAYERS]], game.winners(), shift))
    return out


class Records:
    """Games already played, kept in a JSON-lines file (--record) by what was played (the
    seats' bots, the variants) and seed, so that a slow field (the search bot) is played
    once: its base-rules games serve every variant, and a longer run adds only new seeds."""

    def __init__(self, path):
        self.path, self.games = path, {}
        if path and os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                for line in f:
                    row = json.loads(line)
                    self.games[row["key"], row["seed"]] = row["game"]

    def run(self, label, specs, variants, games, workers, rotate=True, block=5):
        key = json.dumps([label, [Path(v).name for v in variants]])
        missing = [g for g in range(games) if (key, g) not in self.games]
        tasks = [(specs, tuple(variants), missing[i], 1, rotate) for i in range(len(missing))] if self.path else \
            [(specs, tuple(variants), s, min(block, games - s), rotate) for s in range(0, games, block)]
        out = {}
        if tasks:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                for task, part in zip(tasks, pool.map(play_block, tasks)):
                    for k, game in enumerate(part):
                        out[task[2] + k] = game
                        if self.path:
                            self.games[key, task[2] + k] = game
                            with open(self.path, "a", encoding="utf-8") as f:
                                f.write(json.dumps({"key": key, "seed": task[2] + k, "game": game}) + "\n")
                    print(f"\r{len(out)}/{len(missing)} games", end="", file=sys.stderr, flush=True)
            print(file=sys.stderr)
        return [self.games[key, g] if (key, g) in self.games else out[g] for g in range(games)]


def run(specs, variants, games, workers, rotate=True):
    return Records(None).run("", specs, variants, games, workers, rotate)


def interval(values):
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, n - 1))
    return mean, 1.96 * sd / math.sqrt(n)


def response(args) -> None:
    """Base vs variant for each field: the measure per city (or of the one search seat)."""
    variant = tuple(args.variant)
    wanted = args.fields.split(",")
    base_w, variant_w = (weights_for(()), weights_for(variant)) if {"adaptive", "basefit", "one"} & set(wanted) \
        else (None, None)
    search = f"mcts:iterations={args.iterations}"
    fields = [("heuristic", ["heuristic"] * 4, ["heuristic"] * 4, args.games, None),
              ("adaptive", [("adaptive", base_w)] * 4, [("adaptive", variant_w)] * 4, args.games, None),
              # the part of the response that needs no fit: the base rules' weights under the variant
              ("adaptive, base fit both sides", [("adaptive", base_w)] * 4, [("adaptive", base_w)] * 4, args.games,
               None),
              (f"{search} among 3 heuristic", [search] + ["heuristic"] * 3, [search] + ["heuristic"] * 3,
               args.search_games, 0),
              # measured as the search bot is: one seat (fitted to the rules of its side) among three
              # heuristic bots, who leave it the cards its three fitted rivals would take
              ("one adaptive among 3 heuristic", [("adaptive", base_w)] + ["heuristic"] * 3,
               [("adaptive", variant_w)] + ["heuristic"] * 3, args.games, 0),
              # the search bot measured as the four adaptive players are: a table of four, whose
              # shift is bounded by the cards a table of strong players builds under the base rules
              (f"four {search}", [search] * 4, [search] * 4, args.table_games, None)]
    records = Records(args.record)
    ceiling = dealt(variant, args.measure)
    diffs = {}
    print(f"variant {' + '.join(variant)}; measure {args.measure} per city; {PLAYERS} players")
    for (name, specs_a, specs_b, games, only), key in zip(fields, ("heuristic", "adaptive", "basefit", "search", "one", "table")):
        if games <= 0 or key not in wanted:
            continue
        start = time.perf_counter()
        if key in ("search", "table"):      # the same bots on both sides: kept in the records
            a = records.run(name, specs_a, (), games, args.workers)
            b = records.run(name, specs_b, variant, games, args.workers)
        else:
            a = run(specs_a, (), games, args.workers)
            b = run(specs_b, variant, games, args.workers)

        def per_game(game):
            values, _winners, shift = game
            values = [v.get(args.measure, 0) for v in values]
            return values[shift] if only is not None else sum(values) / len(values)
        base = [per_game(g) for g in a]
        changed = [per_game(g) for g in b]
        shift, half = interval([y - x for x, y in zip(base, changed)])
        mean_a, mean_b = sum(base) / games, sum(changed) / games
        verdict = "significant" if abs(shift) > half else "not significant"
        print(f"{name:38s} {mean_a:5.2f} -> {mean_b:5.2f}  shift {shift:+.2f} +-{half:.2f} ({verdict}); "
              f"{games} games a side, {time.perf_counter() - start:.0f} s", flush=True)
        diffs[key] = [y - x for x, y in zip(base, changed)]
        if ceiling is not None and only is None:
            share, low, high = share_interval(base, changed, ceiling)
            print(f"{'':38s} share of the room ({ceiling:.2f} dealt a city): {share:.0%} "
                  f"(95% bootstrap interval {low:.0%} to {high:.0%})")
    for yardstick in ("search", "table"):
        for key in ("adaptive", "one", "table"):
            if yardstick in diffs and key in diffs and key != yardstick:
                ratio, low, high = ratio_interval(diffs[key], diffs[yardstick])
                print(f"{key} shift / {yardstick} shift: {ratio:.2f} "
                      f"(95% bootstrap interval {low:.2f} to {high:.2f})")


def dealt(variants, measure: str) -> float | None:
    """A colour's cards dealt a city under the variants (the same in every game at a player
    count: read from one game's deals), for a `cards:COLOUR` measure; else None."""
    if not measure.startswith("cards:"):
        return None
    from interpreter.sim.strategy import dealt_per_city
    game = Game(_rules(variants), PLAYERS, seed=0)
    game.play([seat("heuristic", 0, s) for s in range(PLAYERS)])
    return dealt_per_city(game).get(f"{measure.removeprefix('cards:')} cards")


def share_interval(base, changed, ceiling, resamples=4000, seed=0):
    """A table's shift as its share of the room its base play left, (variant - base) /
    (dealt - base), with a 95 % percentile bootstrap interval (the games resampled as pairs:
    the same seeds on both sides)."""
    import random
    rng = random.Random(seed)
    n = len(base)

    def share(picks):
        a = sum(base[i] for i in picks) / n
        b = sum(changed[i] for i in picks) / n
        return (b - a) / (ceiling - a) if ceiling > a else math.inf
    shares = sorted(share([rng.randrange(n) for _ in range(n)]) for _ in range(resamples))
    return share(range(n)), shares[int(0.025 * resamples)], shares[int(0.975 * resamples) - 1]


def ratio_interval(mine, theirs, resamples=4000, seed=0):
    """The ratio of two mean shifts with a 95 % percentile bootstrap interval (the games of
    each resampled apart: they are independent samples)."""
    import random
    rng = random.Random(seed)
    mean = lambda xs: sum(xs) / len(xs)                # noqa: E731
    ratios = []
    for _ in range(resamples):
        a = mean(rng.choices(mine, k=len(mine)))
        b = mean(rng.choices(theirs, k=len(theirs)))
        ratios.append(a / b if b else math.inf)
    ratios.sort()
    return mean(mine) / mean(theirs), ratios[int(0.025 * resamples)], ratios[int(0.975 * resamples) - 1]


def strength(args) -> None:
    variant = tuple(args.variant)
    own = weights_for(variant)
    field = weights_for(()) if variant else None
    specs = [("adaptive", own)] + ([("adaptive", field)] * 3 if variant else ["heuristic"] * 3)
    games = run(specs, variant, args.games, args.workers)
    wins = [1 / len(w) if shift in w else 0.0 for _v, w, shift in games]
    rate = sum(wins) / len(wins)
    low, high = wilson(rate, len(wins))
    against = "three adaptive fitted to the base rules" if variant else "three heuristic"
    print(f"adaptive{' fitted to ' + ' + '.join(variant) if variant else ''} vs {against}"
          f"{' under the variant' if variant else ''}: wins {rate:.1%} of {len(wins)} games "
          f"(95% interval {low:.1%} to {high:.1%}; parity 25%)" + (f"; fits of seed {FIT_SEED}" if FIT_SEED else ""))


def versus(args) -> None:
    """Two adaptive seats (fitted to the rules) against two search seats, across the table
    from each other (seats rotated by game): the adaptive pair's share of the wins, and the
    measure per city of each pair.  Is the fit's style a strong player's, whatever it builds?"""
    variant = tuple(args.variant)
    search = f"mcts:iterations={args.iterations}"
    specs = [("adaptive", weights_for(variant)), search] * 2
    games = run(specs, variant, args.games, args.workers)
    shares, mine, theirs = [], [], []
    for values, winners, shift in games:
        ours = [s for s in range(PLAYERS) if isinstance(specs[(s - shift) % PLAYERS], tuple)]
        shares.append(sum(1 / len(winners) for s in winners if s in ours))
        mine += [values[s].get(args.measure, 0) for s in ours]
        theirs += [values[s].get(args.measure, 0) for s in range(PLAYERS) if s not in ours]
    share, half = interval(shares)
    print(f"two adaptive against two {search}: the adaptive pair wins {share:.1%} +-{half:.1%} of "
          f"{len(games)} games (parity 50%); {args.measure} per city {sum(mine) / len(mine):.2f} "
          f"against {sum(theirs) / len(theirs):.2f}" + (f"; fits of seed {FIT_SEED}" if FIT_SEED else ""))


def cost(args) -> None:
    """Seconds per game of four adaptive and four heuristic bots (under the variants if
    given: the adaptive bots fitted to them), in this process: the bots take turns in short
    rounds on the same seeds, and each keeps its fastest round."""
    variant = tuple(args.variant)
    tables = _rules(variant)
    fields = {"heuristic": ["heuristic"] * 4, "adaptive": [("adaptive", weights_for(variant))] * 4}
    best = {name: float("inf") for name in fields}
    rounds = 5
    per_round = max(1, args.games // rounds)
    for name, specs in fields.items():             # a warm-up round of each, on other seeds
        for g in range(10 ** 6, 10 ** 6 + per_round):
            Game(tables, PLAYERS, seed=g).play([seat(s, g, i) for i, s in enumerate(specs)])
    for r in range(rounds):
        for name, specs in fields.items():
            start = time.perf_counter()
            for g in range(r * per_round, (r + 1) * per_round):
                Game(tables, PLAYERS, seed=g).play([seat(s, g, i) for i, s in enumerate(specs)])
            best[name] = min(best[name], (time.perf_counter() - start) / per_round)
    for name in fields:
        print(f"four {name:10s} {best[name] * 1000:7.1f} ms a game ({best[name] / best['heuristic']:.2f}x heuristic)")
    print(f"({rounds} rounds of {per_round} games after a warm-up round of each; the fastest round of each)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["response", "strength", "versus", "cost"])
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--measure", default="cards:green", help="cards:COLOUR, coins or stages")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--search-games", type=int, default=60, help="games a side for the search bot (0: none)")
    parser.add_argument("--table-games", type=int, default=0,
                        help="games a side for a table of four search bots (field table; slow: kept in --record)")
    parser.add_argument("--fields", default="heuristic,adaptive,search",
                        help="which of these to measure (and basefit: four adaptive with the base rules' weights "
                             "on both sides; one: one adaptive seat among three heuristic, measured as the search "
                             "bot is; table: four search bots)")
    parser.add_argument("--iterations", type=int, default=200, help="the search bot's iterations")
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    parser.add_argument("--fit-seed", type=int, default=0,
                        help="the fits of this seed (wonders train --seed S): a verdict against another draw")
    parser.add_argument("--record", help="a JSON-lines file keeping the search bot's games (reused, added to)")
    args = parser.parse_args()
    global FIT_SEED
    FIT_SEED = args.fit_seed
    {"response": response, "strength": strength, "versus": versus, "cost": cost}[args.mode](args)


if __name__ == "__main__":
    main()

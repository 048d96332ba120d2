"""Games per second: random (or greedy) bots play full games from the shipped content.

    python bench/games.py --players 4 --games 500          # one core
    python bench/games.py --players 4 --games 500 --profile
    python bench/games.py --players 4 --games 10000 --processes 2 --run-seed 0
                       # the games of `wonders simulate --seed 0` on two cores (bench/simulate.py)

The last line is `games_per_second: X`.  Figures live in docs/performance.md.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.check.load import check_paths  # noqa: E402
from interpreter.compile import compile_rules  # noqa: E402
from interpreter.bots import bot_names, make_bot  # noqa: E402
from interpreter.engine.game import Game  # noqa: E402


def play_games(tables, players: int, games: int, bot: str, first_seed: int = 0) -> None:
    for seed in range(first_seed, first_seed + games):
        game = Game(tables, players, seed=seed)
        game.play([make_bot(bot, seed * 100 + seat) for seat in range(players)])


def play_run_games(tables, players: int, indexes, bot: str, run_seed: int) -> None:
    """Games `indexes` of a `wonders simulate --seed RUN_SEED` run: the same seeds and bots,
    nothing recorded."""
    from interpreter.sim.records import game_seed
    from interpreter.bots.seats import make_deciders
    for index in indexes:
        seed = game_seed(run_seed, index)
        Game(tables, players, seed).play(make_deciders([bot], players, seed, None))


_FORKED: dict = {}          # the compiled rules, inherited by the forked processes


def _play_share(args) -> None:
    players, indexes, bot, run_seed = args
    play_run_games(_FORKED["tables"], players, indexes, bot, run_seed)


def play_in_processes(tables, players: int, games: int, bot: str, run_seed: int, processes: int) -> None:
    """The games split in `processes` equal shares, each played by its own forked process."""
    import multiprocessing
    shares = [range(i, games, processes) for i in range(processes)]
    _FORKED["tables"] = tables
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        pool.map(_play_share, [(players, share, bot, run_seed) for share in shares])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--bots", default="random", help=f"a bot spec ({', '.join(bot_names())}, ...)")
    parser.add_argument("--profile", action="store_true", help="print where the time goes")
    parser.add_argument("--processes", type=int, default=1, help="play in this many processes (with --run-seed)")
    parser.add_argument("--run-seed", type=int, help="play the games of `wonders simulate --seed RUN_SEED`")
    args = parser.parse_args()

    tables = compile_rules(check_paths(None).ruleset)
    play_games(tables, args.players, 20, args.bots, first_seed=10**6)   # warm-up (caches, imports)
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
    start = time.perf_counter()
    if args.run_seed is not None:
        play_in_processes(tables, args.players, args.games, args.bots, args.run_seed, args.processes)
    else:
        play_games(tables, args.players, args.games, args.bots)
    elapsed = time.perf_counter() - start
    if args.profile:
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    print(f"players: {args.players}  games: {args.games}  bots: {args.bots}  processes: {args.processes}  "
          f"seconds: {elapsed:.2f}")
    print(f"games_per_second: {args.games / elapsed:.1f}")


if __name__ == "__main__":
    main()

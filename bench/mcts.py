"""The search bot's costs: a state copy, a sampled game, iterations per second, and where
the time of a decision goes.

    python bench/mcts.py                       # copy cost, iterations/s at a few game points
    python bench/mcts.py --profile             # the profile of one search
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.bots import make_bot  # noqa: E402
from interpreter.bots.view import SeatView  # noqa: E402
from interpreter.check.load import check_paths  # noqa: E402
from interpreter.compile import compile_rules  # noqa: E402
from interpreter.engine.actions import legal_actions  # noqa: E402
from interpreter.engine.game import Game  # noqa: E402


def position(tables, turns: int, players: int = 4):
    game = Game(tables, players, seed=7)
    bots = [make_bot("greedy", s) for s in range(players)]
    for _ in range(turns):
        game.step(bots)
    return game, bots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    tables = compile_rules(check_paths(None).ruleset)
    game, bots = position(tables, 3)
    n = 2000
    start = time.perf_counter()
    for _ in range(n):
        game.clone(seed=1)
    print(f"Game.clone: {(time.perf_counter() - start) / n * 1e6:.0f} us")
    view = SeatView(game, 0, "turn", bots[0].memory)
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(n // 4):
        view.sample_game(rng)
    print(f"sample_game (clone + hidden cards sampled): {(time.perf_counter() - start) / (n // 4) * 1e6:.0f} us")
    for turns, label in ((0, "age I turn 1"), (6, "age II turn 1"), (12, "age III turn 1"), (16, "age III turn 5")):
        game, bots = position(tables, turns)
        bot = make_bot(f"mcts:iterations={args.iterations}", 1)
        options = legal_actions(game, 0)
        profiler = cProfile.Profile() if args.profile and turns == 0 else None
        if profiler:
            profiler.enable()
        start = time.perf_counter()
        bot.decide(game, 0, "turn", options)
        seconds = time.perf_counter() - start
        if profiler:
            profiler.disable()
            pstats.Stats(profiler).sort_stats("tottime").print_stats(14)
        print(f"{label}: {args.iterations / seconds:.0f} iterations/s")


if __name__ == "__main__":
    main()

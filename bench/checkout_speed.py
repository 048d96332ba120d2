"""The engine's speed in processor time, for any checkout (an older commit included):
random 4-player games per second, the search bot's imagined games per second (three
searches of 60 imagined games, at age I, II and III turn 1 of a 4-player game), or a fit's
games per second (the adaptive players' weighed seats, `fit`), each the best of a few rounds.  Processor time and the best round make it steady on a shared
machine, where wall-clock figures move by a fifth from one minute to the next.

    git worktree add /tmp/base f2e213c
    for i in 1 2 3; do for c in /tmp/base .; do python bench/checkout_speed.py $c games; done; done
    for i in 1 2 3; do for c in /tmp/base .; do python bench/checkout_speed.py $c search; done; done
    for i in 1 2 3; do for c in /tmp/base .; do python bench/checkout_speed.py $c fit; done; done
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

root = Path(sys.argv[1]).resolve()
sys.path.insert(0, str(root))

from interpreter.bots import make_bot  # noqa: E402
from interpreter.check.load import check_paths  # noqa: E402
from interpreter.compile import compile_rules  # noqa: E402
from interpreter.engine.actions import legal_actions  # noqa: E402
from interpreter.engine.game import Game  # noqa: E402

TABLES = compile_rules(check_paths(None).ruleset)


def games(count: int, first: int) -> None:
    for seed in range(first, first + count):
        Game(TABLES, 4, seed=seed).play([make_bot("random", seed * 100 + s) for s in range(4)])


def fit_games(count: int, first: int) -> None:
    """A fit's games as a generation plays them (bots/fitting.py `play_games`): one seat
    weighed by the shipped fit's weights (`PRIOR`) against three of the same weights or,
    every other game, three heuristic bots (checkouts from issue 38 on)."""
    from interpreter.bots.fitting import play_games
    from interpreter.fitdefaults import PRIOR
    weights = list(PRIOR)
    play_games(TABLES, 4, weights, weights, None,
               [(seed, seed % 4, "self" if seed % 2 else "heuristic") for seed in range(first, first + count)])


def position(turns: int):
    game = Game(TABLES, 4, seed=7)
    bots = [make_bot("greedy", s) for s in range(4)]
    for _ in range(turns):
        game.step(bots)
    return game


def main() -> None:
    what = sys.argv[2] if len(sys.argv) > 2 else "games"
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    best = 0.0
    if what in ("games", "fit"):
        play, warm, words = (games, 20, "random 4-player games") if what == "games" else \
            (fit_games, 3, "a fit's 4-player games")
        play(warm, 10 ** 6)                                 # warm-up (memos, imports)
        for r in range(rounds):
            start = time.process_time()
            play(40, r * 40)
            best = max(best, 40 / (time.process_time() - start))
        print(f"{root}: {words} per processor second (best of {rounds} x 40): {best:.1f}")
        return
    positions = [position(turns) for turns in (0, 6, 12)]
    for game in positions:
        make_bot("mcts:iterations=60", 0).decide(game, 0, "turn", legal_actions(game, 0))
    for r in range(rounds):
        imagined, start = 0, time.process_time()
        for game in positions:
            bot = make_bot("mcts:iterations=60", r + 1)
            bot.decide(game, 0, "turn", legal_actions(game, 0))
            imagined += bot.bot.last_stats["iterations"]
        best = max(best, imagined / (time.process_time() - start))
    print(f"{root}: imagined games per processor second (best of {rounds}): {best:.1f}")


if __name__ == "__main__":
    main()

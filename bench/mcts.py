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
import statistics
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


PARTS = {   # part of a search -> (file, functions, counted by): "cum" their time with callees,
            # "own" their own time only (a policy's callees are the engine's legal moves)
    "legal moves (legal_actions, card_builds, stage_payments, is_legal)":
        ("actions.py", ("legal_actions", "card_builds", "stage_payments", "is_legal"), "cum"),
    "  of which the payment search (payment_options)": ("payment/trio.py", ("payment_options",), "cum"),
    "resolving the turns (_resolve)": ("flow/resolve.py", ("_resolve",), "cum"),
    "triggers (fire, _trigger)": ("flow/chains.py", ("fire", "_trigger"), "cum"),
    "the rollout policy's own work (decide_move, pick)": ("rollout.py", ("decide_move", "pick"), "own"),
    "copying and sampling (sample_game, clone)": ("", ("sample_game", "clone"), "cum"),
    "final scores (_reward)": ("mcts.py", ("_reward",), "cum"),
}


def shares(profiler) -> dict[str, float]:
    """Each part's time as a share of the search; a call from within the same part is not
    counted again (card_builds called by legal_actions, fire by fire)."""
    stats = pstats.Stats(profiler).stats
    total = max(ct for (_f, _l, name), (_cc, _nc, _tt, ct, _c) in stats.items() if name == "_search")
    out = {}
    for label, (file, names, counted) in PARTS.items():
        spent = 0.0
        for (path, _line, name), (_cc, _nc, own, _ct, callers) in stats.items():
            if name in names and path.endswith(file):
                spent += own if counted == "own" else \
                    sum(c[3] for caller, c in callers.items() if caller[2] not in names)
        out[label] = spent / total
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=5, help="searches per position (the median is shown)")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--params", default="", help="more parameters of the search bot (depth=0,width=4)")
    args = parser.parse_args()
    spec = f"mcts:iterations={args.iterations}" + (f",{args.params}" if args.params else "")
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
        options = legal_actions(game, 0)
        rates = []
        for r in range(args.repeat + 1):                # the first search warms the memos
            bot = make_bot(spec, r)
            start = time.perf_counter()
            bot.decide(game, 0, "turn", options)
            if r:
                rates.append(bot.bot.last_stats["iterations"] / (time.perf_counter() - start))
        print(f"{label}: {statistics.median(rates):.0f} iterations/s (median of {args.repeat})")
        if args.profile and turns == 0:
            profiler = cProfile.Profile()
            profiler.enable()
            make_bot(spec, 99).decide(game, 0, "turn", options)
            profiler.disable()
            pstats.Stats(profiler).sort_stats("tottime").print_stats(12)
            for part, share in shares(profiler).items():
                print(f"{share:6.1%}  {part}")


if __name__ == "__main__":
    main()

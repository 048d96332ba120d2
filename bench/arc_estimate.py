"""Which value estimate the arc of a game (sim/arc.py) can trust: after every turn of real
games, the leader by the score pad (what each city would score if the game ended then)
against the leader by rollouts (`position_values`: the search bot's rollout policy playing
the game to its end from that very position, K times; each city's mean final total), and
how often each estimate's leader at the end of an age goes on to win.

    python bench/arc_estimate.py [--games 40] [--rollouts 8] [--players 4] [--bots heuristic]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.engine.game import Game  # noqa: E402
from interpreter.sim.arc import game_arc, position_values  # noqa: E402
from interpreter.sim.records import RunOptions, game_seed  # noqa: E402
from interpreter.sim.worker import load_tables  # noqa: E402
from interpreter.bots.seats import make_deciders  # noqa: E402


def leader(values) -> int | None:
    best = max(values)
    ahead = [k for k, v in enumerate(values) if v == best]
    return ahead[0] if len(ahead) == 1 else None


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rollouts", type=int, default=8)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="heuristic")
    args = parser.parse_args()
    options = RunOptions(args.players, (args.bots,))
    tables, _digest = load_tables(options)
    agree: dict[int, list[int]] = {}
    right = {"score pad": {}, "rollouts": {}}
    arcs = {"score pad": [], "rollouts": []}
    seconds = {"score pad": 0.0, "rollouts": 0.0}
    for index in range(args.games):
        seed = game_seed(0, index)
        game = Game(tables, args.players, seed, "random")
        deciders = make_deciders([args.bots] * args.players, args.players, seed, None)
        rows = {"score pad": [], "rollouts": []}
        while not game.finished:
            age = game.age.number
            game.step(deciders)
            started = time.perf_counter()
            pads = [sum(p.values()) for p in game.scores()[:args.players]]
            seconds["score pad"] += time.perf_counter() - started
            started = time.perf_counter()
            rolled = position_values(game, args.rollouts, seed, len(rows["rollouts"]) + 1)
            seconds["rollouts"] += time.perf_counter() - started
            rows["score pad"].append([age, *pads])
            rows["rollouts"].append([age, *rolled])
            a, b = leader(pads), leader(rolled)
            if a is not None and b is not None:
                agree.setdefault(age, []).append(int(a == b))
        winners = set(game.winners()) & set(range(args.players))
        for name, arc in rows.items():
            seats = [{"win": 1 / len(winners) if s in winners else 0.0} for s in range(args.players)]
            arcs[name].append(game_arc({"game": index, "seed": seed, "arc": arc, "seats": seats}))
            for age in sorted({row[0] for row in arc})[:-1]:           # the leader at each age's end
                last = max(t for t, row in enumerate(arc) if row[0] == age)
                right[name].setdefault(age, []).append(int(leader(arc[last][1:]) in winners))
        print(f"game {index + 1} of {args.games}", file=sys.stderr, flush=True)
    print(f"{args.games} games of {args.players} {args.bots} bots, {args.rollouts} rollouts a turn")
    for age, same in sorted(agree.items()):
        print(f"age {age}: the two leaders agree after {100 * sum(same) / len(same):.1f}% of the turns "
              f"(with a leader each, n={len(same)})")
    for name in arcs:
        found = arcs[name]
        ends = ", ".join(f"age {age} {100 * sum(v) / len(v):.1f}%" for age, v in sorted(right[name].items()))
        print(f"{name}: leader at the end of an age wins: {ends}; lead changes "
              f"{sum(a['lead_changes'] for a in found) / len(found):.2f} a game; decided after turn "
              f"{sum(a['decided_after'] for a in found) / len(found):.2f}; last after age I wins "
              f"{100 * sum(a['last_wins'] for a in found) / len(found):.1f}%; "
              f"{1000 * seconds[name] / args.games:.1f} ms a game")


if __name__ == "__main__":
    main()

"""Issue 38, item 2: what the fitted players make of wonder stages and their powers.

`appraise`: every seat the weighing (fitdefaults.PRIOR by default), 5 players; at every
decision where a wonder stage may be built, the stage's worth as the bot weighs it, part by
part (points, production, powers, science, cash, the stage bonus), against the best move
that is not a stage; by board, side and stage, how often it was built when it could be.
Why: the boards whose stages the fitted players leave (Alexandria, Babylon, Halikarnassus)
are those whose stages give a power rather than points (lab/fastfit.md).

`prefer`: restricted play the other way round: each deal played as the weighing plays it,
then once for each seat with that seat alone weighing its wonder stages BONUS points more
(`--powers`: only the stages that give a power); by board and side, the seat's change in
win rate and score (paired, with 95 % intervals). A board whose seat gains from building
more stages has stages the valuation undervalues.

    python lab/stages38.py appraise --games 100
    python lab/stages38.py prefer --games 1000 --bonus 3 --workers 2
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "lab"))

FIELDS = ("points", "production", "trade", "chains", "powers", "science", "race", "race_later")


def _weighed(weights):
    """A WeighedBot that logs each stage it could build (its weighed parts), and may weigh
    stages `bonus` points more."""
    from interpreter.bots.weighing import PARTS, WeighedBot

    class Logged(WeighedBot):
        def __init__(self, *a, bonus=0.0, log=None, **k):
            super().__init__(*a, **k)
            self.bonus, self.log = bonus, log

        def values(self, view, options):
            values = super().values(view, options)
            if self.bonus:
                values = [v + self.bonus if o.kind == "stage" else v for o, v in zip(options, values)]
            if self.log is not None and any(o.kind == "stage" for o in options):
                self._note(view, options, values)
            return values

        def _note(self, view, options, values):
            w = self.weights
            n = len(PARTS)
            late = view.age_index / max(1, len(view.ages) - 1)
            weight = {p: w[i] * (1 - late) + w[n + i] * late for i, p in enumerate(PARTS)}
            appraiser = view.appraiser()
            at = max((i for i, o in enumerate(options) if o.kind == "stage"), key=values.__getitem__)
            effects, coins = appraiser.parts(options[at])
            parts = {f: getattr(effects, f) * weight[f] for f in FIELDS}
            parts["science"] -= effects.science_now * weight["science"]
            parts["cash"] = coins * appraiser.model.coin_rate * weight["cash"]
            parts["opened"] = getattr(effects, "opened", 0.0) * weight["points"]      # the stage it opens
            other = max((v for o, v in zip(options, values) if o.kind != "stage"), default=-100.0)
            best = max(range(len(options)), key=values.__getitem__)
            city = appraiser.city
            self.log.append((city.side.wonder, city.side.side, city.stages + 1, view.age_index + 1,
                             values[at], other, options[best].kind == "stage", parts))
    return Logged


def _appraise_block(args):
    weights, first, count, players = args
    from bots import _rules
    from interpreter.bots.view import BotSeat
    from interpreter.engine.game import Game
    tables = _rules(())
    Logged = _weighed(weights)
    log = []
    for g in range(first, first + count):
        game = Game(tables, players, seed=g)
        game.play([BotSeat(Logged(seed=g * 100 + s, weights=weights, log=log), "adaptive") for s in range(players)])
    return log


def appraise(weights, games, players, workers):
    tasks = [(weights, s, min(10, games - s), players) for s in range(0, games, 10)]
    log = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for part in pool.map(_appraise_block, tasks):
            log += part
    rows: dict = {}
    for wonder, side, stage, age, value, other, built, parts in log:
        rows.setdefault((wonder, side, stage), []).append((age, value, other, built, parts))
    print(f"appraise: {games} games, {players} players; per stage: decisions where it could be built, "
          f"built, mean weighed worth (its parts), mean best other move")
    for (wonder, side, stage), seen in sorted(rows.items()):
        k = len(seen)
        mean = {f: sum(r[4][f] for r in seen) / k for f in (*FIELDS, "cash", "opened")}
        parts = ", ".join(f"{f} {v:+.2f}" for f, v in mean.items() if abs(v) >= 0.05)
        ages = sum(r[0] for r in seen) / k
        print(f"  {wonder:13s} {side} stage {stage}: {k:4d} could, {sum(r[3] for r in seen):4d} built, "
              f"age {ages:.1f}, worth {sum(r[1] for r in seen) / k:5.2f} ({parts}) "
              f"vs best other {sum(r[2] for r in seen) / k:5.2f}")


def _power_stage(stage, tables) -> bool:
    """Does this wonder stage give a power rather than points, coins or shields (powers, a
    resource of one's choice, a symbol of one's choice, a copy, a trade price)?"""
    from interpreter.bots.reads import facts
    if stage is None:
        return False
    known = facts(stage, tables)
    return bool(known.powers or known.wild_science or known.copies or known.trades or known.city_powers
                or any(e.choice for e in known.produces) or stage.game_end)


def _prefer_block(args):
    weights, first, count, players, bonus, powers = args
    from bots import _rules
    from interpreter.bots.view import BotSeat
    from interpreter.engine.game import Game
    tables = _rules(())
    Logged = _weighed(weights)

    class Prefers(Logged):
        def values(self, view, options):
            values = super().values(view, options)
            if powers and self.bonus and not _power_stage(view.cities[view.seat].next_stage, tables):
                values = [v - self.bonus if o.kind == "stage" else v for o, v in zip(options, values)]
            return values

    def play(g, mine):
        game = Game(tables, players, seed=g)
        game.play([BotSeat(Prefers(seed=g * 100 + s, weights=weights, bonus=bonus if s == mine else 0.0), "adaptive")
                   for s in range(players)])
        winners, scores = game.winners(), game.scores()
        return game, [((1 / len(winners)) if s in winners else 0.0, sum(scores[s].values()), c.stages)
                      for s, c in enumerate(game.cities[:players])]
    out = []
    for g in range(first, first + count):
        game, base = play(g, -1)
        for mine in range(players):
            city = game.cities[mine]
            out.append((city.side.wonder, city.side.side, (base[mine], play(g, mine)[1][mine])))
    return out


def prefer(weights, games, players, workers, bonus, first, powers=False):
    tasks = [(weights, s, min(5, first + games - s), players, bonus, powers) for s in range(first, first + games, 5)]
    rows = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for part in pool.map(_prefer_block, tasks):
            rows += part
    by: dict = {}
    for wonder, side, pair in rows:
        by.setdefault((wonder, side), []).append(pair)
        by.setdefault((wonder, "*"), []).append(pair)
    print(f"prefer: {games} deals, {players} players, a seat's {'power ' if powers else ''}stages +{bonus}: by board and side, "
          f"games, stages built, win rate, score (as played -> preferred, the paired change +- 95 %)")
    record = {}
    for (wonder, side), pairs in sorted(by.items()):
        n = len(pairs)
        line = [f"  {wonder:13s} {side} {n:4d}"]
        figures = {}
        for name, i in (("stages", 2), ("wins", 0), ("score", 1)):
            a = [p[0][i] for p in pairs]
            b = [p[1][i] for p in pairs]
            d = [y - x for x, y in zip(a, b)]
            mean = sum(d) / n
            sd = math.sqrt(sum((x - mean) ** 2 for x in d) / max(1, n - 1))
            half = 1.96 * sd / math.sqrt(n)
            figures[name] = [round(sum(a) / n, 3), round(sum(b) / n, 3), round(mean, 3), round(half, 3)]
            line.append(f"{name} {sum(a) / n:.2f} -> {sum(b) / n:.2f} ({mean:+.2f} +-{half:.2f})")
        record[f"{wonder} {side}"] = figures
        print("  ".join(line))
    return record


def main() -> None:
    from style38 import _commit, weighing
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["appraise", "prefer"])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bonus", type=float, default=3.0)
    parser.add_argument("--weights", default=None)
    parser.add_argument("--powers", action="store_true", help="prefer only the stages that give a power (prefer)")
    parser.add_argument("--record", default=None, help="append the figures under this label to records/style38.jsonl")
    args = parser.parse_args()
    weights = weighing(1.0, args.weights)
    if args.mode == "appraise":
        return appraise(weights, args.games, args.players, args.workers)
    figures = prefer(weights, args.games, args.players, args.workers, args.bonus, args.first, args.powers)
    if args.record:
        row = {"label": args.record, "commit": _commit(), "mode": "prefer", "players": args.players,
               "games": args.games, "first": args.first, "bonus": args.bonus, "powers": args.powers, "weights_from": args.weights or "PRIOR",
               "load": round(os.getloadavg()[0], 2), "boards": figures}
        with (ROOT / "lab" / "records" / "style38.jsonl").open("a") as out:
            out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()

"""Issue 38, item 2: the fitted players' style against expert play.

Two measurements of a weighing (weighing.NAMES; by default fitdefaults.PRIOR, the shipped
fit of the first edition at 4 players that every default fit starts from):

- `boards`: the wonders' win rates at 5 players, every seat played by the weighing, the
  sides drawn per game (ties shared; 95 % Wilson intervals; fair share 20 %), and the red
  cards a city builds (against the cards dealt): is the ranking the human evidence's?
- `strength`: one seat of the weighing against three `heuristic` bots at 4 players (the
  seat rotated, ties shared), and its red cards a city.

`--military F` scales the race weights' excess over their face value (1) by F: F = 1 plays
the weighing as it is, F = 0 weighs a military token at its points, as every other point.
Why: the fit weighs the race this age at about 1.3 and the later ages' race at about 2.4
(fitdefaults.PRIOR), and its players build nearly every red card dealt.

    python lab/style38.py boards --games 1000
    python lab/style38.py boards --games 1000 --military 0.5
    python lab/style38.py strength --games 400 --military 0.5
    python lab/style38.py boards --players 4 --games 1000 --weights FIT.json
    python lab/style38.py boards --games 1000 --stage-bonus 1 --record probe
    python lab/style38.py picks --games 50

`--weights` plays a fit file's weights (lab/records/style38-fits/), `--stage-bonus` replaces
the wonder-stage bonus (a probe, not a fit), `--record LABEL` appends the figures to
records/style38.jsonl; `picks` shows at which turns of an age the red cards are built.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def weighing(military: float, path: str | None = None) -> list[float]:
    """PRIOR (or the weights of a fit file or JSON list at `path`), the race weights' excess scaled."""
    from interpreter.bots.weighing import NAMES
    from interpreter.fitdefaults import PRIOR
    out = list(PRIOR)
    if path:
        data = json.loads(Path(path).read_text())
        out = list(data["weights"] if isinstance(data, dict) else data)
    for i, name in enumerate(NAMES):
        if name.startswith("race"):
            out[i] = 1 + military * (out[i] - 1)
    return out


def _block(args):
    mode, weights, first, count, players, variants = args
    from bots import _rules
    from interpreter.bots import make_bot
    from interpreter.bots.adaptive import AdaptiveBot
    from interpreter.bots.view import BotSeat
    from interpreter.engine.game import Game
    tables = _rules(variants)
    out = []
    for g in range(first, first + count):
        game = Game(tables, players, seed=g)
        mine = g % players
        seats = [BotSeat(AdaptiveBot(seed=g * 100 + s, weights=weights), "adaptive")
                 if mode == "boards" or s == mine else make_bot("heuristic", g * 100 + s) for s in range(players)]
        game.play(seats)
        winners = game.winners()
        cities = game.cities[:players]
        out.append([(c.side.wonder,
                     (1 / len(winners)) if s in winners else 0.0, c.colors.get("red", 0), s == mine, c.stages,
                     c.side.side)
                    for s, c in enumerate(cities)])
    return out


def main() -> None:
    from bots import wilson                      # bench/bots.py: the 95 % Wilson interval
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["boards", "strength", "picks"])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--military", type=float, default=1.0)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed (the games are seeds FIRST on)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", type=int, default=None, help="default: 5 for boards, 4 for strength")
    parser.add_argument("--weights", default=None, help="a fit file (its `weights`) or a JSON list; default PRIOR")
    parser.add_argument("--stage-bonus", type=float, default=None,
                        help="replace the weighing's bonus for a wonder stage (points); a probe, not a fit")
    parser.add_argument("--record", default=None, help="append the figures under this label to records/style38.jsonl")
    parser.add_argument("--variant", action="append", default=[], help="play under this variant too (a lab probe)")
    parser.add_argument("--sides", action="store_true", help="boards: each side's win rate too (e.g. `Rhodos B`)")
    args = parser.parse_args()
    weights = weighing(args.military, args.weights)
    if args.stage_bonus is not None:
        weights[-1] = args.stage_bonus
    if args.mode == "picks":
        return picks(weights, args.games)
    players = args.players or (5 if args.mode == "boards" else 4)
    block = 10
    tasks = [(args.mode, weights, args.first + s, min(block, args.games - s), players, tuple(args.variant))
             for s in range(0, args.games, block)]
    rows = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for part in pool.map(_block, tasks):
            rows += part
    print(f"{args.mode}: {args.weights or 'PRIOR'}, military x{args.military}, {players} players, {args.games} games")
    record = {"label": args.record, "commit": _commit(), "mode": args.mode, "players": players,
              "games": args.games, "first": args.first, "military": args.military, "weights_from": args.weights or "PRIOR", "stage_bonus": args.stage_bonus,
              **({"variants": args.variant} if args.variant else {}),
              "weights": [round(w, 4) for w in weights], "load": round(os.getloadavg()[0], 2)}
    if args.mode == "boards":
        by, built = {}, {}
        for game in rows:
            for wonder, win, _red, _mine, stages, side in game:
                for key in ((wonder, f"{wonder} {side}") if args.sides else (wonder,)):
                    by.setdefault(key, []).append(win)
                    built.setdefault(key, []).append(stages)
        record["boards"] = {}
        for wonder, wins in sorted(by.items(), key=lambda kv: -sum(kv[1]) / len(kv[1])):
            rate = sum(wins) / len(wins)
            low, high = wilson(rate, len(wins))
            stages = sum(built[wonder]) / len(built[wonder])
            record["boards"][wonder] = [round(rate, 4), round(low, 4), round(high, 4), len(wins), round(stages, 2)]
            print(f"  {wonder:14s} {rate:6.1%} ({low:.1%} to {high:.1%}) of {len(wins)} cities, {stages:.2f} stages")
        reds = [red for game in rows for _w, _win, red, _m, _s, _side in game]
        record["red"] = round(sum(reds) / len(reds), 3)
        print(f"  red cards a city: {record['red']:.2f}")
    else:
        mine = [(win, red) for game in rows for _w, win, red, m, _s, _side in game if m]
        theirs = [red for game in rows for _w, _win, red, m, _s, _side in game if not m]
        rate = sum(w for w, _r in mine) / len(mine)
        low, high = wilson(rate, len(mine))
        record.update(wins=round(rate, 4), low=round(low, 4), high=round(high, 4),
                      red=round(sum(r for _w, r in mine) / len(mine), 3),
                      heuristic_red=round(sum(theirs) / len(theirs), 3))
        print(f"  one seat against three heuristic: wins {rate:.1%} ({low:.1%} to {high:.1%}), "
              f"red cards {record['red']:.2f} a city (the heuristic bots' {record['heuristic_red']:.2f})")
    if args.record:
        with (ROOT / "lab" / "records" / "style38.jsonl").open("a") as out:
            out.write(json.dumps(record) + "\n")


def picks(weights, games: int) -> None:
    """When the weighing builds its red cards: per age and turn (4 players, every seat the
    weighing), how many, the median lead of the red card's worth over the best move that is
    not a red card, and its mean race parts (tokens, before the weights)."""
    from statistics import median
    from bots import _rules
    from interpreter.bots.view import BotSeat
    from interpreter.bots.weighing import WeighedBot
    from interpreter.engine.game import Game
    tables = _rules(())
    seen: dict[tuple[int, int], list] = {}

    def red(option) -> bool:
        return option.kind == "build" and tables.cards[option.card].color == "red"

    class Logged(WeighedBot):
        def choose(self, view, options):
            values = self.values(view, options)
            best = max(range(len(options)), key=values.__getitem__)
            if red(options[best]):
                other = max((v for o, v in zip(options, values) if not red(o)), default=0.0)
                appraiser = view.appraiser()
                parts = appraiser.parts(options[best])[0]
                seen.setdefault((view.age_index + 1, appraiser.turn), []).append(
                    (values[best] - other, parts.race, parts.race_later))
            return best
    for g in range(games):
        game = Game(tables, 4, seed=g)
        game.play([BotSeat(Logged(seed=g * 10 + s, weights=weights)) for s in range(4)])
    print(f"picks: red cards built in {games} games of 4 players, by age and turn")
    for (age, turn), rows in sorted(seen.items()):
        print(f"  age {age} turn {turn}: {len(rows):3d} built, lead over the best other move "
              f"{median(r[0] for r in rows):5.1f} (median), race {sum(r[1] for r in rows) / len(rows):.2f}, "
              f"later ages' race {sum(r[2] for r in rows) / len(rows):.2f} tokens")


def _commit() -> str:
    import subprocess
    return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                          text=True).stdout.strip()

if __name__ == "__main__":
    main()

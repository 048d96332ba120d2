"""Issue 38, item 2: should the neighbours of a shield board stop contesting its race?
(lab/fastfit.md, "Item 2: conceding the race to a shield board").

Human experts beside Rhodos often leave it the battles: its stages add shields without a
card, so a neighbour who fights spends cards on a race it is likely to lose.  The fitted
players fight every neighbour alike.  Restricted play on the same deals, 5 players, every
seat the weighing (fitdefaults.PRIOR): each deal where a side's wonder stages hold shields
(read from the rules: a stage's fixed `shields N`) is played as the weighing plays it, then
again with that board's two neighbours conceding:

- `--mode foe`: a neighbour weighs its battle against the shield board `--factor` times
  (0, the default: nothing, it concedes; 2: it contests harder); its other battle as before;
- `--mode all`: a neighbour weighs no military token at all (its race weights at 0).

Paired changes with 95 % intervals: the shield board's win rate and score, the neighbours'
win rates, scores and red cards, and the other cities'.  If conceding raises the
neighbours' share, the experts' play is the better and the fitted players lack it; if it
lowers it, the players are right to contest and Rhodos' edge is elsewhere.

    python lab/concede38.py --games 1000 --mode foe --record concede-foe
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

CONCEDING: dict = {}      # this process: the seats conceding (mode foe), and to which seat
FACTOR = [0.0]            # this process: the weight of a conceding seat's battle against that seat


def shield_side(side, tables) -> bool:
    """Does a side's wonder hold shields in its stages?"""
    from interpreter.bots.reads import facts
    return any(facts(stage, tables).shields for stage in side.stages)


def _patch() -> None:
    """In this process: a conceding city's battle against the seat it concedes to weighs
    nothing (its race terms at 0); its race is not remembered (the model's memos are shared
    by every seat)."""
    from interpreter.bots.rulemodel import RuleModel
    race, battle = RuleModel.race_tokens, RuleModel._battle
    if getattr(RuleModel, "_conceding", False):
        return
    RuleModel._conceding = True

    def race_tokens(self, city, left, right, everyone, age_index, turn, until, shields):
        foe = CONCEDING.get(getattr(city, "seat", None))
        if foe is None or self._tokens_memo is None or not self._battles:
            return race(self, city, left, right, everyone, age_index, turn, until, shields)
        from interpreter.bots.rulemodel import token_laws
        laws = token_laws(city)
        mine = self.shield_gain(age_index, turn + 1, until)
        gains = self.shield_gain(age_index, turn, until)
        return sum(sum(battle(self, city, other, everyone, age_index, turn, until, shields, laws, mine, gains))
                   * (FACTOR[0] if other.seat == foe else 1.0) for other in (left, right))
    RuleModel.race_tokens = race_tokens


def _block(args):
    weights, first, count, players, mode, factor = args
    FACTOR[0] = factor
    from bots import _rules
    from interpreter.bots.adaptive import AdaptiveBot
    from interpreter.bots.view import BotSeat
    from interpreter.engine.game import Game
    _patch()
    tables = _rules(())
    silent = list(weights)
    for i, name in enumerate(_names()):
        if name.startswith("race"):
            silent[i] = 0.0

    def play(g, board, neighbours):
        CONCEDING.clear()
        if mode == "foe":
            CONCEDING.update({n: board for n in neighbours})
        game = Game(tables, players, seed=g)
        game.play([BotSeat(AdaptiveBot(seed=g * 100 + s, weights=silent if mode == "all" and s in neighbours
                                       else weights), "adaptive") for s in range(players)])
        CONCEDING.clear()
        winners, scores = game.winners(), game.scores()
        return [((1 / len(winners)) if s in winners else 0.0, sum(scores[s].values()), c.colors.get("red", 0))
                for s, c in enumerate(game.cities[:players])]
    out = []
    for g in range(first, first + count):
        game = Game(tables, players, seed=g)
        boards = [s for s, c in enumerate(game.cities[:players]) if shield_side(c.side, tables)]
        if not boards:
            continue
        board = boards[0]
        neighbours = {(board - 1) % players, (board + 1) % players}
        base, conceded = play(g, -1, set()), play(g, board, neighbours)
        role = {s: "board" if s == board else "neighbour" if s in neighbours else "other" for s in range(players)}
        out.append((game.cities[board].side.side, [(role[s], base[s], conceded[s]) for s in range(players)]))
    return out


def _names():
    from interpreter.bots.weighing import NAMES
    return NAMES


def paired(pairs, i):
    """(mean as played, mean conceded, the mean change, its 95 % half-width)."""
    n = len(pairs)
    a, b = [p[0][i] for p in pairs], [p[1][i] for p in pairs]
    d = [y - x for x, y in zip(a, b)]
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / max(1, n - 1))
    return round(sum(a) / n, 4), round(sum(b) / n, 4), round(mean, 4), round(1.96 * sd / math.sqrt(n), 4)


def main() -> None:
    from style38 import _commit, weighing
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="deals (seeds FIRST on); those with a shield board count")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--mode", choices=["foe", "all"], default="foe")
    parser.add_argument("--factor", type=float, default=0.0,
                        help="mode foe: the neighbours' battle against the shield board weighed this many times")
    parser.add_argument("--weights", default=None)
    parser.add_argument("--record", default=None, help="append the figures under this label to records/style38.jsonl")
    args = parser.parse_args()
    weights = weighing(1.0, args.weights)
    tasks = [(weights, s, min(10, args.first + args.games - s), args.players, args.mode, args.factor)
             for s in range(args.first, args.first + args.games, 10)]
    rows = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for part in pool.map(_block, tasks):
            rows += part
    figures = {}
    for side in ("A", "B", "*"):
        chosen = [r for s, r in rows if side in ("*", s)]
        for role in ("board", "neighbour", "other"):
            pairs = [(base, conceded) for r in chosen for who, base, conceded in r if who == role]
            if pairs:
                figures[f"{side} {role}"] = {"cities": len(pairs), **{name: paired(pairs, i) for i, name in
                                                                      enumerate(("wins", "score", "red"))}}
    print(f"concede ({args.mode}, factor {args.factor}): {len(rows)} deals with a shield board of {args.games}, {args.players} players; "
          f"as played -> conceded (change +- 95 %)")
    for key, f in figures.items():
        print(f"  {key:12s} {f['cities']:5d}  " + "  ".join(f"{n} {a:.3f} -> {b:.3f} ({d:+.3f} +-{h:.3f})"
                                                            for n, (a, b, d, h) in ((n, f[n]) for n in ("wins", "score", "red"))))
    if args.record:
        row = {"label": args.record, "commit": _commit(), "mode": f"concede-{args.mode}", "factor": args.factor, "players": args.players,
               "games": args.games, "first": args.first, "weights_from": args.weights or "PRIOR",
               "load": round(os.getloadavg()[0], 2), "figures": figures}
        with (ROOT / "lab" / "records" / "style38.jsonl").open("a") as out:
            out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()

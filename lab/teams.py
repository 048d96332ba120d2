"""Does knowing one's partner win the team game?  Teams of bots that know the team rules
(their partner's hand, a partner's coins and losses as the team's, the other neighbour
fought twice) play against teams of the same bot shown the rules without teams (each
plays for its own city, as if it fought both neighbours), in the Cities team game.

    python lab/teams.py --games 2000 --players 4 --bot heuristic --workers 2

Game i seats the knowing bots in the first team when i is even and in the last team when
it is odd (seat effects cancel); wonders and sides are the engine's random deal for seed
i.  The blind bot is the same bot, deciding on a view of the game whose rules say nothing
of teams: the engine still plays the team game (partners do not fight, the team's summed
score wins).  `--control` makes every team knowing, so the labelled team's rate shows
what the seating alone gives (the fair share, if the alternation works).  Prints, every
100 games, the knowing teams' win rate with its 95 % Wilson interval against the fair
share 1/teams, and each side's mean team score.  Figures: docs/cities.md.
"""

from __future__ import annotations

import argparse
import copy
import math
import multiprocessing
import sys
import time
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interpreter.bots import make_bot  # noqa: E402
from interpreter.bots.view import BotSeat  # noqa: E402
from interpreter.check.load import check_paths  # noqa: E402
from interpreter.check.locate import with_expansions  # noqa: E402
from interpreter.compile import compile_rules  # noqa: E402
from interpreter.engine.game import Game  # noqa: E402
from interpreter.engine.teams import team_totals  # noqa: E402

_TABLES: list = []          # per worker: (the team game's tables, the same without teams)


def blind_tables(tables):
    """The tables with rules that know no teams (a copy: the game's own stay as they are)."""
    blind = copy.copy(tables)                       # a fresh cache: its models are its own
    rules = attrs.evolve(tables.rules, team_size=None, partners_face_other=())
    object.__setattr__(blind, "rules", rules)
    return blind


class _BlindGame:
    """The game as a team-blind player reads it: every attribute the game's, the rules
    without teams."""

    def __init__(self, game, tables):
        self._real, self.tables = game, tables

    def __getattr__(self, name):
        return getattr(self._real, name)


class BlindSeat(BotSeat):
    """A bot that decides on the team-blind reading of the game."""

    def __init__(self, seat: BotSeat, tables):
        super().__init__(seat.bot, seat.spec + " (team-blind)")
        self._blind = tables

    def decide(self, game, seat, kind, options, choose=None) -> int:
        return super().decide(_BlindGame(game, self._blind), seat, kind, options, choose)


def _init_worker() -> None:
    rules = with_expansions(None, ["cities"])
    result = check_paths(None, variants=["teams"], rules=rules)
    if result.ruleset is None:
        raise SystemExit("teams: the Cities team game does not check clean")
    tables = compile_rules(result.ruleset)
    _TABLES.extend([tables, blind_tables(tables)])


def play_one(task) -> tuple[int, bool, list[int], list[int]]:
    """Game i: (i, whether a knowing team won, the knowing teams' totals, the blind ones')."""
    i, players, bot, control = task
    tables, blind = _TABLES
    size = tables.rules.team_size
    teams = players // size
    knowing = 0 if i % 2 == 0 else teams - 1                 # the knowing bots' team
    deciders = []
    for seat in range(players):
        inner = make_bot(bot, i * 10 + seat)
        deciders.append(inner if seat // size == knowing or control else BlindSeat(inner, blind))
    game = Game(tables, players, seed=i, sides="random")
    game.play(deciders)
    pads = game.scores()
    winners = set(game.winners(pads))
    totals = team_totals(tables.rules, pads, game.cities, players)
    known = [total for seats, total, _ in totals if seats[0] // size == knowing]
    other = [total for seats, total, _ in totals if seats[0] // size != knowing]
    won = any(s // size == knowing for s in winners)
    return i, won, known, other


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4, choices=(4, 6, 8))
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--control", action="store_true",
                        help="every team knows the team rules (the labelled team's rate should be the fair share)")
    args = parser.parse_args()
    start = time.perf_counter()
    tasks = [(i, args.players, args.bot, args.control) for i in range(args.games)]
    results = []
    with multiprocessing.Pool(args.workers, initializer=_init_worker) as pool:
        for result in pool.imap_unordered(play_one, tasks, chunksize=10):
            results.append(result)
            if len(results) % 100 == 0 or len(results) == len(tasks):
                print(summary(results, args, time.perf_counter() - start), flush=True)
    return 0


def summary(results, args, seconds: float) -> str:
    """One line: the knowing teams' win rate with its interval, and the mean team scores."""
    wins = sum(won for _, won, _, _ in results)
    known = [t for _, _, k, _ in results for t in k]
    other = [t for _, _, _, o in results for t in o]
    low, high = wilson(wins, len(results))
    teams = args.players // 2
    mine, others = ("labelled", "others") if args.control else ("knowing", "blind")
    control = " (control: every team knowing)" if args.control else ""
    return (f"teams: {len(results)} games, {args.players} players ({teams} teams of 2), bot {args.bot}{control}: "
            f"the {mine} team won {wins} ({100 * wins / len(results):.1f} %, 95 % CI {100 * low:.1f}-{100 * high:.1f} %; "
            f"fair share {100 / teams:.1f} %); mean team score {mine} {sum(known) / len(known):.1f}, "
            f"{others} {sum(other) / len(other):.1f}; {seconds:.0f} s, {args.workers} workers")


if __name__ == "__main__":
    sys.exit(main())

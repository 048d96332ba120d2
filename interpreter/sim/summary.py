"""What a run's records say: win rates and scores per seat, wonder side and bot, the score
categories, the cards, and facts about the games, each with its interval and its n.

The summary is plain data (the `--format json` output); summary_text renders it.  Records
are taken one at a time as they arrive (class Tally), and each figure is an exact sum, so
the same games give the same summary to the last digit whatever their order.
"""

from __future__ import annotations

from collections import defaultdict

from .arc import ArcTally
from .stats import mean_of, rate_of
from .strategy import DealtTally, StrategyTally
from .tally import Counts, Moments, Shares, Sum

RARE = 10         # a card built (or not built) by fewer cities is listed after the others


def summarise(records) -> dict:
    """The summary of `records` (any iterable, in any order)."""
    return tally_of(records).summary()


def tally_of(records) -> Tally:
    tally = Tally()
    for record in records:
        tally.add(record)
    return tally


class Tally:
    """A run's summary taken in one record at a time, in any order: every figure is an
    exact count or sum (tally.py), so it holds the same amount after a million games as
    after ten (the names of seats, wonders, bots, teams, categories and cards are the
    content's; only failed games are kept, as the summary lists each), and gives the same
    summary whatever order the records came in.  `charts` keeps what the HTML report
    draws: each score's count."""

    def __init__(self):
        self.games = 0
        self.failed: list[dict] = []
        self.first: dict | None = None            # the lowest-numbered finished game's own fields
        self.groups = {section: defaultdict(_group) for section in ("seat", "side", "bot")}   # key -> _group
        self.teams: dict = defaultdict(_group)    # team -> its wins and summed totals
        self.points: dict[str, Moments] = defaultdict(Moments)     # category -> points per city
        self.winner_points: dict[str, Sum] = defaultdict(Sum)  # category -> points of winners times win share
        self.winners_total = Sum()
        self.strategy, self.dealt = StrategyTally(), DealtTally()
        self.cards: dict[str, list] = defaultdict(_card)   # card -> [cities that built it, their wins, ages]
        self.cities, self.all_wins = 0, Sum()
        self.winning, self.margin, self.tie, self.turns = Moments(), Moments(), Shares(), Moments()
        self.arc = ArcTally()
        self.charts = {"totals": Counts(), "best": Counts(), "categories": defaultdict(Counts)}

    def add(self, record: dict) -> None:
        if "error" in record:
            self.failed.append({k: record[k] for k in ("game", "seed", "error", "replay")})
            return
        self.games += 1
        game, seats = record["game"], record["seats"]
        if self.first is None or game < self.first["game"]:
            self.first = {"game": game, "players": record["players"], "rules": record["rules"],
                          "variants": record["variants"], "categories": list(seats[0]["scores"]) if seats else []}
        self.dealt.add(record)
        for position, seat in enumerate(seats):
            self._seat(game, position, seat)
        self._teams(seats)
        self._facts(record)
        self.arc.add(record)
        self.charts["best"].add(max(s["total"] for s in seats))

    def _seat(self, game: int, position: int, seat: dict) -> None:
        win, total = seat["win"], seat["total"]
        for section, key in (("seat", seat["seat"]), ("side", (seat["wonder"], seat["side"])), ("bot", seat["bot"])):
            shares, totals = self.groups[section][key]
            shares.add(win)
            totals.add(total)
        self.cities += 1
        self.all_wins.add(win)
        self.charts["totals"].add(total)
        for category, points in seat["scores"].items():
            self.points[category].add(points)
            self.charts["categories"][category].add(points)
            if win > 0:
                self.winner_points[category].add_product(points, win)
        if win > 0:
            self.winners_total.add_product(total, win)
        self.strategy.add(game, position, seat)
        for name, age in seat["built"]:
            card = self.cards[name]
            card[0] += 1
            card[1].add(win)
            card[2][age] += 1

    def _teams(self, seats: list[dict]) -> None:
        """A team's win is its players' shares added, its score their totals summed."""
        found: dict = defaultdict(lambda: [0.0, 0])
        for seat in seats:
            if "team" in seat:
                found[seat["team"]][0] += seat["win"]
                found[seat["team"]][1] += seat["total"]
        for team, (win, total) in found.items():
            shares, totals = self.teams[team]
            shares.add(win)
            totals.add(total)

    def _facts(self, record: dict) -> None:
        sides = _sides(record["seats"])
        best = max(total for total, win in sides if win > 0)
        losers = [total for total, win in sides if win == 0]
        self.winning.add(best)
        self.margin.add(best - max(losers) if losers else 0)
        self.tie.add(1.0 if sum(1 for _total, win in sides if win > 0) > 1 else 0.0)
        self.turns.add(record["turns"])

    def summary(self) -> dict:
        first = self.first or {"players": None, "rules": None, "variants": [], "categories": []}
        teams = [{"team": team, "win": rate_of(shares), "score": mean_of(totals)}
                 for team, (shares, totals) in sorted(self.teams.items())]
        arc = self.arc.summary()
        return {
            "games": self.games, "failed": sorted(self.failed, key=lambda f: f["game"]),
            "players": first["players"], "rules": first["rules"], "variants": first["variants"],
            "seats": [{"seat": k, **g} for k, g in self._groups("seat")],
            "wonders": [{"wonder": k[0], "side": k[1], **g} for k, g in self._groups("side")],
            "bots": [{"bot": k, **g} for k, g in self._groups("bot")],
            **({"teams": teams} if teams else {}),
            "categories": self._categories(first["categories"]),
            "strategy": self.strategy.means(self.dealt.means()),
            "cards": self._cards(),
            "facts": {"winning_score": mean_of(self.winning), "margin": mean_of(self.margin), "tie": rate_of(self.tie),
                      "turns": mean_of(self.turns)},
            **({"arc": arc} if arc else {}),
        }

    def _groups(self, section: str) -> list[tuple]:
        return [(key, {"win": rate_of(shares), "score": mean_of(totals)})
                for key, (shares, totals) in sorted(self.groups[section].items(), key=lambda item: item[0])]

    def _categories(self, categories: list[str]) -> list[dict]:
        winners_total = float(self.winners_total)
        return [{"category": c, "points": mean_of(self.points[c]),
                 "share_of_winners": float(self.winner_points[c]) / winners_total if winners_total else 0.0}
                for c in categories]

    def _cards(self) -> list[dict]:
        seats = self.cities
        out = []
        for name in sorted(self.cards):
            built, wins, ages = self.cards[name]
            win_built = rate_of(Shares(built, wins))
            win_not = rate_of(Shares(seats - built, self.all_wins.minus(wins)))
            out.append({"card": name, "built": built, "build_rate": built / seats if seats else 0.0,
                        "ages": {str(a): ages[a] for a in sorted(ages)}, "win_built": win_built, "win_not": win_not,
                        "difference": win_built["rate"] - win_not["rate"]})
        # cards built too rarely to say much come last, whatever their difference
        out.sort(key=lambda c: (min(c["win_built"]["n"], c["win_not"]["n"]) < RARE, -abs(c["difference"]), c["card"]))
        return out


def _group() -> tuple[Shares, Moments]:
    """A group's (or team's) win shares and totals."""
    return (Shares(), Moments())


def _card() -> list:
    """A card's cities that built it, the Sum of their win shares, and the ages built in."""
    return [0, Sum(), defaultdict(int)]


def _sides(seats) -> list[tuple[float, float]]:
    """(total, win share) of each side of a game: its players, or with teams its teams."""
    if not seats or "team" not in seats[0]:
        return [(s["total"], s["win"]) for s in seats]
    teams: dict = defaultdict(lambda: [0, 0.0])
    for s in seats:
        teams[s["team"]][0] += s["total"]
        teams[s["team"]][1] += s["win"]
    return [tuple(v) for v in teams.values()]

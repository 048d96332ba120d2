"""What a tuning target measures in a trial's games, with its interval, and how far the
measure stands outside the target (the tuner minimises the sum of those distances).

Each figure is taken one record at a time (tally.py's exact sums), so a trial holds the
same few numbers whatever its count of games.  Distances are in percentage points, so
targets of different kinds add up:
- `sides within N`: every wonder side's win rate within N points of the fair share
  (1 / players); the distance is how far the side furthest out stands outside the band
  with its whole (Wilson) interval: evidence of imbalance, not noise;
- `share of C under/above N`: the mean over games of the winners' points of category C
  over the winners' total (ties share), with a normal interval;
- `skill S over W above N`: S's win rate, in one seat among W players (seats rotated),
  minus the fair share; a separate set of games on the same deals.
"""

from __future__ import annotations

from collections import defaultdict

import attrs

from .stats import mean_of, wilson
from .tally import Moments, Shares
from .tune_file import Target


@attrs.frozen
class Figure:
    """A target's measure in one trial (percentage points or percent) and its distance."""
    value: float
    low: float
    high: float
    distance: float          # 0 when the measure meets the target
    plausible: bool          # the interval reaches the target's band
    about: str = ""          # which side (for `sides`), else ""
    games: int = 0
    width: float = 0.0       # `sides`: the typical half-width of a side's interval
    inside: bool = True      # the measure itself (not only its interval) meets the target

    def to_data(self) -> dict:
        return attrs.asdict(self)


class TrialTally:
    """The figures of one trial's games under the tuned players (sides and shares)."""

    def __init__(self):
        self.sides: dict[tuple[str, str], Shares] = defaultdict(Shares)
        self.shares: dict[str, Moments] = defaultdict(Moments)
        self.players = 0
        self.games = 0
        self.failed: list[dict] = []

    def add(self, record: dict) -> None:
        if "error" in record:
            self.failed.append(record)
            return
        self.games += 1
        seats = record["seats"]
        self.players = len(seats)
        winners_total = sum(s["win"] * s["total"] for s in seats)
        for seat in seats:
            self.sides[(seat["wonder"], seat["side"])].add(seat["win"])
        for category in seats[0]["scores"] if seats else ():
            won = sum(s["win"] * s["scores"].get(category, 0) for s in seats)
            self.shares[category].add(100.0 * won / winners_total if winners_total else 0.0)


class SkillTally:
    """One strong player's win shares among weak ones (the skill target's games)."""

    def __init__(self, strong: str):
        self.strong, self.wins, self.players = strong, Shares(), 0
        self.failed: list[dict] = []

    def add(self, record: dict) -> None:
        if "error" in record:
            self.failed.append(record)
            return
        self.players = len(record["seats"])
        for seat in record["seats"]:
            if seat["bot"] == self.strong:
                self.wins.add(seat["win"])


def sides_figure(target: Target, tally: TrialTally) -> Figure:
    """The side that stands furthest outside the band, by evidence: a side counts as outside
    only as far as its whole interval is (with few games a side every side's interval is
    wide and none is outside: the search must not chase the noise of the worst of 14 sides).
    With no side outside, the figure is the side whose rate is furthest from fair.  `width`
    is the typical half-width of the sides' intervals: wider than the band, the games are too
    few to tell whether the target is met."""
    fair = 100.0 / tally.players if tally.players else 0.0
    found = []
    for (wonder, side), shares in sorted(tally.sides.items()):
        rate = 100.0 * float(shares.wins) / shares.n
        low, high = (100.0 * x for x in wilson(float(shares.wins), shares.n))
        outside = max(0.0, low - (fair + target.bound), (fair - target.bound) - high)
        found.append((outside, abs(rate - fair), f"{wonder} {side}", rate, low, high))
    if not found:
        return Figure(0.0, 0.0, 0.0, 0.0, True, games=tally.games)
    outside, _off, about, rate, low, high = max(found, key=lambda f: (f[0], f[1]))
    widths = sorted((f[5] - f[4]) / 2 for f in found)
    plausible = low <= fair + target.bound and high >= fair - target.bound
    return Figure(rate, low, high, outside, plausible, about, tally.games, widths[len(widths) // 2],
                  abs(rate - fair) <= target.bound)


def share_figure(target: Target, tally: TrialTally) -> Figure:
    stat = mean_of(tally.shares[target.category])
    value, half = stat["mean"], stat.get("ci", 0.0)
    distance = max(0.0, target.bound - value) if target.above else max(0.0, value - target.bound)
    plausible = (value + half >= target.bound) if target.above else (value - half <= target.bound)
    return Figure(value, value - half, value + half, distance, plausible, games=tally.games, inside=distance == 0)


def skill_figure(target: Target, tally: SkillTally) -> Figure:
    fair = 100.0 / tally.players if tally.players else 0.0
    n = tally.wins.n
    rate = 100.0 * float(tally.wins.wins) / n if n else 0.0
    low, high = (100.0 * x - fair for x in wilson(float(tally.wins.wins), n)) if n else (0.0, 0.0)
    gap = rate - fair
    return Figure(gap, low, high, max(0.0, target.bound - gap), high >= target.bound, games=n,
                  inside=gap >= target.bound)

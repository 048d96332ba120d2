"""The arc of a game: how the lead moved, when the game was decided, and whether a city
that started badly could still win (issue 38 item 5).

The value of each city's position after every turn is the search bot's estimate: the game
played on from that very position to its end by the search's rollout policy for every
seat (bots/rollout.py), N times (`--arc N`), each with the decks still to come dealt
afresh, and each city's final totals averaged; after the last turn, the real totals.  Why
not the cheaper score pad (what each city would score if the game ended now): measured
over 60 games of four heuristic bots (bench/arc_estimate.py, docs/simulate.md), the city
that leads the score pad after the first age goes on to win 13 % of the games, less than
its fair share of 25 %, and the one last on it wins 29 %: production and coins kept for
later count nothing there yet, so early in the game the score pad ranks the cities
almost backwards.  The rollouts' leader after the first age wins 43 %.  The heuristic
player's valuation values moves, not positions, so it gives no position's worth to rank.
Rollouts cost: about 17 ms each at 4 players, so `--arc 4` makes a game some 50 times
dearer; it is asked for, never paid by default.

The record of a game played with `--arc N` carries `"arc"`: one entry a turn, the age the
turn was played in, then each seat's value.  A team game is read by team: a team's value
is its players' values summed.
"""

from __future__ import annotations

from ..marked import N_
from .stats import mean_of, rate_of
from .tally import Moments, Paired, Shares, Sum

# the figures compare pairs game by game: (name, kind, the game_arc field)
PAIRED = ((N_("lead changes per game"), "mean", "lead_changes"),
          (N_("turn after which the winner no longer trails"), "mean", "decided_after"),
          (N_("win rate of the city last after the first age"), "rate", "last_wins"))


LEAD_MARGIN = 1.0     # points a city must be ahead of the leader to take the lead (rollouts' means jitter)


def position_values(game, rollouts: int, seed: int, turn: int) -> list[float]:
    """Each seat's value after `turn` of `game` (a live game, left as it is): its final
    total at the end, else the mean final total of `rollouts` games played on from here.
    The rollouts' randomness comes from the game's seed and the turn only, so a game's arc
    is the same whichever process plays it."""
    import random
    players = game.players
    if game.finished:
        return [sum(pad.values()) for pad in game.scores()[:players]]
    from ..bots.rollout import FastPolicy, imagine
    rng = random.Random(seed * 1000 + turn)
    policy = FastPolicy(game.tables, players, rng)
    totals = [0] * players
    for _ in range(rollouts):
        copy = game.clone(seed=rng.getrandbits(32))
        imagine(copy, -1, policy)
        for seat, pad in enumerate(copy.scores()[:players]):
            totals[seat] += sum(pad.values())
    return [round(total / rollouts, 3) for total in totals]


def sides_of(seats: list[dict]) -> tuple[list[list[int]], list[float]]:
    """The positions of the seats of each side (a player, or with teams a team) and each
    side's win share."""
    if not seats or "team" not in seats[0]:
        return [[i] for i in range(len(seats))], [s["win"] for s in seats]
    teams: dict = {}
    for i, seat in enumerate(seats):
        teams.setdefault(seat["team"], []).append(i)
    groups = [teams[t] for t in sorted(teams)]
    return groups, [sum(seats[i]["win"] for i in group) for group in groups]


def game_arc(record: dict) -> dict | None:
    """The arc figures of one game record, or None when it has no arc (a record made before
    arcs were recorded, or a failed game):

    - `lead_changes`: how often a city took the lead from another: the lead passes when
      one city alone is ahead, by LEAD_MARGIN points or more (a tie or a hair's breadth,
      which a few rollouts' noise makes, changes nothing);
    - `decided_after`: the last turn after which an eventual winner trailed another city
      (0: a winner was never behind), and `turns`, the game's turns;
    - `last_wins`: the win share of the city last after the first age (shared among the
      cities tied last), with `last_turn`, the first age's last turn."""
    arc = record.get("arc")
    if not arc or "error" in record:
        return None
    groups, wins = sides_of(record["seats"])
    values = [[sum(row[1 + i] for i in group) for group in groups] for row in arc]
    winners = [k for k, w in enumerate(wins) if w > 0]
    others = [k for k, w in enumerate(wins) if w == 0]
    leader, changes, most_recent = None, 0, 0
    decided = 0
    for turn, row in enumerate(values, start=1):
        best = max(row)
        ahead = [k for k, v in enumerate(row) if v == best]
        if len(ahead) == 1 and (leader is None or best >= row[leader] + LEAD_MARGIN):
            if leader is not None and ahead[0] != leader:
                changes, most_recent = changes + 1, turn
            leader = ahead[0]
        if others and max(row[k] for k in winners) < max(row[k] for k in others):
            decided = turn
    first_age = min(row[0] for row in arc)
    last_turn = max(t for t, row in enumerate(arc, start=1) if row[0] == first_age)
    at_end_of_first = values[last_turn - 1]
    lowest = min(at_end_of_first)
    last = [k for k, v in enumerate(at_end_of_first) if v == lowest]
    return {"lead_changes": changes, "last_change": most_recent, "decided_after": decided, "turns": len(arc),
            "last_wins": sum(wins[k] for k in last) / len(last), "last_turn": last_turn, "sides": len(groups)}


class Example:
    """The game that shows a figure best: the largest `value`, the lowest game number among
    equals (so a run's example does not depend on the order its games finish)."""
    __slots__ = ("best",)

    def __init__(self):
        self.best: tuple | None = None

    def offer(self, value, game: int, seed: int, turn: int | None = None, **more) -> None:
        """`turn`: where in the game the figure shows (None: the whole game); `more`: what
        else the example carries (the command that replays it)."""
        key = (value, -game, str(sorted(more.items())))     # (the same game at two tables: by its command)
        if self.best is None or key > self.best[0]:
            shown = {"game": game, "seed": seed, "value": value, **more}
            self.best = (key, shown if turn is None else {**shown, "turn": turn})

    def shown(self) -> dict | None:
        return None if self.best is None else dict(self.best[1])


class ArcTally:
    """The arc figures of a run, taken in one record at a time: exact sums (tally.py) and
    one example game per figure, so it holds the same amount whatever the games."""

    def __init__(self):
        self.changes, self.decided, self.decided_share = Moments(), Moments(), Moments()
        self.last_wins, self.fair = Shares(), Sum()
        self.examples = {"lead_changes": Example(), "decided_after": Example(), "last_wins": Example()}

    def add(self, record: dict) -> None:
        arc = game_arc(record)
        if arc is None:
            return
        game, seed = record["game"], record["seed"]
        self.changes.add(arc["lead_changes"])
        self.decided.add(arc["decided_after"])
        self.decided_share.add(arc["decided_after"] / arc["turns"])
        self.last_wins.add(arc["last_wins"])
        self.fair.add(1 / arc["sides"])
        self.examples["lead_changes"].offer(arc["lead_changes"], game, seed, arc["last_change"])
        self.examples["decided_after"].offer(arc["decided_after"], game, seed, arc["decided_after"])
        if arc["last_wins"] > 0:
            self.examples["last_wins"].offer(arc["last_wins"], game, seed, arc["last_turn"])

    def summary(self) -> dict | None:
        """The figures (None when no record had an arc): means with their intervals, the
        last city's win rate with its Wilson interval beside its fair share, and for each
        the game that shows it best (`example`, with the turn where it shows)."""
        n = self.changes.n
        if not n:
            return None
        return {"games": n,
                "lead_changes": {**mean_of(self.changes), "example": self.examples["lead_changes"].shown()},
                "decided_after": {**mean_of(self.decided), "share": mean_of(self.decided_share),
                                  "example": self.examples["decided_after"].shown()},
                "last_after_first_age": {**rate_of(self.last_wins), "fair": float(self.fair) / n,
                                         "example": self.examples["last_wins"].shown()}}


class ArcPairs:
    """The arc figures of twin games (the same deal under two rule sets), pair by pair:
    a game without an arc on either side is left out."""

    def __init__(self):
        self.pairs = {field: Paired() for _name, _kind, field in PAIRED}

    def add(self, game_a: dict, game_b: dict) -> None:
        a, b = game_arc(game_a), game_arc(game_b)
        if a is None or b is None:
            return
        for field, pairs in self.pairs.items():
            pairs.add(a[field], b[field])

    def paired(self) -> list[tuple[str, str, Paired]]:
        """(name, kind, pairs) of each figure some twin games gave."""
        return [(name, kind, self.pairs[field]) for name, kind, field in PAIRED if self.pairs[field].n]


def with_replays(arc: dict | None, options) -> None:
    """Each example game of `arc` (a summary's) gets the command that plays it again."""
    from .records import replay_command
    for figure in (arc or {}).values():
        if isinstance(figure, dict) and figure.get("example"):
            figure["example"]["replay"] = replay_command(options, figure["example"]["game"])

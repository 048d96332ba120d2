"""Does skill still matter? The skill-tier matrix of a rule set (issue 38 item 3).

Players of five tiers, weakest first (random, greedy, heuristic, adaptive, search), meet in
pairs: each pair plays tables where the two tiers alternate round the table (each city's
neighbours are of the other tier where the count allows), the seats rotated game by game
so that each tier plays every seat equally often.  With an odd player count one tier would
hold a seat more; the pair then plays half its games with each tier in the majority, on
the same deals (the same seeds), so neither is favoured.  A pair's figure is the win share
of the stronger tier (the one listed later): the share of the table's wins its cities
took, with its Wilson interval and its fair share (the share of the seats it held).  The
skill gap is the mean of the pairs' win rates above their fair shares: 0 when the rules
reward no skill at all.

Each pair's figures are exact sums taken in one game at a time (tally.py), so a run's
memory does not grow with its games; `compare` pairs each game with its twin of the other
rule set as sim/twins.py does (side a's games spooled to a temporary file).
"""

from __future__ import annotations

import math

from ..marked import N_
from .arc import Example
from .stats import Z, holm, mean_of, paired_of, rate_of
from .tally import Moments, Paired, Shares, Sum

ALPHA = 0.05
DEFAULT_TIERS = ("random", "greedy", "heuristic", "adaptive", "mcts:iterations=25")
DEFAULT_GAMES = 200          # games a pair when --games is not given (search tiers are slow)


def seatings(weaker: str, stronger: str, players: int) -> list[tuple[str, ...]]:
    """The tables a pair plays: the tiers alternating round the table, weaker first; with an
    odd count a second table with the stronger first (each in the majority half the games)."""
    first = tuple((weaker, stronger)[seat % 2] for seat in range(players))
    if players % 2 == 0:
        return [first]
    return [first, tuple((stronger, weaker)[seat % 2] for seat in range(players))]


def split(games: int, parts: int) -> list[int]:
    """`games` shared among `parts` tables, the first ones taking the odd games."""
    return [games // parts + (i < games % parts) for i in range(parts)]


def pairs_of(tiers) -> list[tuple[str, str]]:
    """Every pair (weaker, stronger) of the tiers, in the order listed."""
    return [(tiers[i], tiers[j]) for i in range(len(tiers)) for j in range(i + 1, len(tiers))]


def outcome(record: dict, stronger: str, options=None) -> dict:
    """What a pair keeps of a game: the stronger tier's share of the wins and of the seats
    (or the failed game's error and replay command); an upset (the weaker tier won more
    than its share) keeps the command that replays it, given the run's `options`."""
    if "error" in record:
        return {k: record[k] for k in ("game", "seed", "error", "replay")}
    seats = record["seats"]
    share = sum(s["win"] for s in seats if s["bot"] == stronger)
    held = sum(1 for s in seats if s["bot"] == stronger)
    kept = {"game": record["game"], "seed": record["seed"], "share": share, "fair": held / len(seats)}
    if options is not None and share < kept["fair"]:
        from .records import replay_command
        kept["replay"] = replay_command(options, record["game"])
    return kept


class PairTally:
    """One pair's games, taken in as `outcome`s arrive: the stronger tier's win shares and
    fair shares as exact sums, the upset that shows the weaker tier best, the failed games."""

    def __init__(self, weaker: str, stronger: str):
        self.weaker, self.stronger = weaker, stronger
        self.shares, self.fair, self.upset = Moments(), Sum(), Example()
        self.failed: list[dict] = []

    def add(self, game: dict) -> None:
        if "error" in game:
            self.failed.append(game)
            return
        self.shares.add(game["share"])
        self.fair.add(game["fair"])
        if game["share"] < game["fair"]:
            self.upset.offer(game["fair"] - game["share"], game["game"], game["seed"],
                             **({"replay": game["replay"]} if "replay" in game else {}))

    def summary(self) -> dict:
        n = self.shares.n
        fair = float(self.fair) / n if n else 0.5
        return {"weaker": self.weaker, "stronger": self.stronger, "games": n,
                "win": rate_of(Shares(n, self.shares.total)), "share": mean_of(self.shares), "fair": fair,
                "upset": self.upset.shown(), "failed": sorted(self.failed, key=lambda f: f["game"])}


def gap(pairs: list[dict]) -> dict | None:
    """The skill gap: the mean over the pairs of the stronger tier's win rate above its fair
    share, with the 95 % interval of that mean (the pairs' games are independent).  Each
    pair's standard error is read from its Wilson interval, which stays open when a tier
    won every game (where the spread of the games is 0)."""
    played = [p for p in pairs if p["games"]]
    if not played:
        return None
    k = len(played)
    mean = sum(p["win"]["rate"] - p["fair"] for p in played) / k
    se = math.sqrt(sum(((p["win"]["high"] - p["win"]["low"]) / (2 * Z)) ** 2 for p in played)) / k
    return {"pairs": k, "mean": mean, "ci": Z * se}


def skill_summary(tallies: list[PairTally], players: int, tiers) -> dict:
    pairs = [t.summary() for t in tallies]
    return {"players": players, "tiers": list(tiers), "pairs": pairs, "gap": gap(pairs),
            "failed": [f for p in pairs for f in p["failed"]]}


class PairTwins:
    """One pair under two rule sets, game by twin game (the same deal and seating): each
    side's PairTally and the paired differences of the stronger tier's win share."""

    def __init__(self, weaker: str, stronger: str):
        self.a, self.b = PairTally(weaker, stronger), PairTally(weaker, stronger)
        self.paired = Paired()

    def add(self, game_a: dict, game_b: dict) -> None:
        self.a.add(game_a)
        self.b.add(game_b)
        if "error" not in game_a and "error" not in game_b:
            self.paired.add(game_a["share"], game_b["share"])


def skill_comparison(twins: list[PairTwins], players: int, tiers, name_a: str, name_b: str) -> dict:
    """Both matrices, each pair's change with its interval and p-value (paired over the twin
    games; Holm's correction over the pairs), the change of the skill gap, and the verdict."""
    changes = []
    for pair in twins:
        diff, ci, p = paired_of(pair.paired.diffs)
        a, b = pair.a.summary(), pair.b.summary()
        changes.append({"weaker": a["weaker"], "stronger": a["stronger"], "games": pair.paired.n,
                        "a": a["win"]["rate"], "b": b["win"]["rate"], "fair": a["fair"],
                        "difference": diff, "ci": ci, "p": p, "sd": pair.paired.diffs.mean_sd()[1]})
    for change, adjusted in zip(changes, holm([c["p"] for c in changes])):
        change["p_holm"], change["significant"] = adjusted, adjusted < ALPHA
    side_a = skill_summary([t.a for t in twins], players, tiers)
    side_b = skill_summary([t.b for t in twins], players, tiers)
    return {"a": name_a, "b": name_b, "players": players, "tiers": list(tiers), "correction": "Holm",
            "alpha": ALPHA, "skill_a": side_a, "skill_b": side_b, "changes": changes,
            "gap": gap_change(changes, side_a["gap"], side_b["gap"]),
            "verdict": [skill_line(c) for c in changes if c["significant"]],
            "failed": side_a["failed"] + side_b["failed"]}


def gap_change(changes: list[dict], gap_a: dict | None, gap_b: dict | None) -> dict | None:
    """The skill gap's change: the mean of the pairs' paired changes, its interval and
    two-sided p-value (normal)."""
    played = [c for c in changes if c["games"]]
    if not played or gap_a is None or gap_b is None:
        return None
    k = len(played)
    diff = sum(c["difference"] for c in played) / k
    se = math.sqrt(sum(c["sd"] ** 2 / c["games"] for c in played)) / k
    p = (1.0 if diff == 0 else 0.0) if se == 0 else math.erfc(abs(diff / se) / math.sqrt(2))
    return {"a": gap_a["mean"], "b": gap_b["mean"], "difference": diff, "ci": Z * se, "p": p,
            "significant": p < ALPHA}


MORE, LESS = N_("this rule rewards skill more"), N_("this rule rewards skill less")
LINE = N_("{stronger} against {weaker}: {a}% → {b}% ({points} points, ±{ci}): {meaning}")


def rewards(a: float, b: float, fair: float) -> str:
    """Whether the rule change rewards skill more (the stronger tier further above its fair
    share) or less."""
    return MORE if abs(b - fair) > abs(a - fair) else LESS


def skill_line(change: dict, shown: bool = False) -> str:
    """A verdict line: `mcts against heuristic: 62.0% → 51.0% (-11.0 points, ±4.1): this rule
    rewards skill less`; `shown`: in the reader's language (else English, as data)."""
    from ..i18n import _, decimal

    def say(text: str) -> str:
        return _(text) if shown else text
    number = decimal if shown else str
    return say(LINE).format(
        stronger=change["stronger"], weaker=change["weaker"], a=number(f"{100 * change['a']:.1f}"),
        b=number(f"{100 * change['b']:.1f}"), points=number(f"{100 * change['difference']:+.1f}"),
        ci=number(f"{100 * change['ci']:.1f}"), meaning=say(rewards(change["a"], change["b"], change["fair"])))

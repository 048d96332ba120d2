"""Two summaries of the same games (same seeds, bots and options) under two rule sets:
every figure side by side, the difference with its 95 % interval and p-value, and which
differences stay significant after Holm's correction for the number of figures tested.

Both runs play the same seeds, so each game and each city (game and seat) has a twin:
figures that are means over games or cities are compared pair by pair (see `Pairs`), one
twin game at a time as they finish (commands/compare.py pairs them as side b arrives).
"""

from __future__ import annotations

from collections import defaultdict

from ..i18n import N_
from .arc import ArcPairs
from .figure_words import figure_text, words
from .stats import holm, paired_of, proportion_difference
from .strategy import DealtTally, StrategyPairs, bounded
from .tally import Paired

ALPHA = 0.05


GAME_FIGURES = ((N_("winning score"), "mean"), (N_("winning margin"), "mean"), (N_("shared wins"), "rate"),
                (N_("turns per game"), "mean"))
GROUPS = (("seat", lambda s: (("seat", s["seat"]),)),
          ("wonder", lambda s: (("wonder", s["wonder"]), ("side", s["side"]))),
          ("bot", lambda s: (("bot", s["bot"]),)))
GROUP_WORDS = {"seat": (N_("win rate of seat {seat}"), N_("score of seat {seat}")),
               "wonder": (N_("win rate of {wonder} {side}"), N_("score of {wonder} {side}")),
               "bot": (N_("win rate of bot {bot}"), N_("score of bot {bot}"))}


def _paired(section: str, label, kind: str, pairs: Paired) -> dict:
    """`label`: the figure's name, as `words` makes it (or plain English)."""
    label, shown = label if isinstance(label, tuple) else (label, None)
    diff, ci, p = paired_of(pairs.diffs)
    n = pairs.n
    return {"section": section, "figure": label, "words": shown, "kind": kind, "test": "paired",
            "a": float(pairs.a) / n if n else 0.0, "b": float(pairs.b) / n if n else 0.0,
            "n_a": n, "n_b": n, "difference": diff, "ci": ci, "p": p}


def _unpaired_rate(section: str, label: tuple[str, tuple], a: dict, b: dict) -> dict:
    diff, ci, p = proportion_difference(a["wins"], a["n"], b["wins"], b["n"])
    return {"section": section, "figure": label[0], "words": label[1], "kind": "rate", "test": "two samples", "a": a["rate"],
            "b": b["rate"], "n_a": a["n"], "n_b": b["n"], "difference": diff, "ci": ci, "p": p}


def _game_value(game: dict, what: str) -> float:
    winners = [s["total"] for s in game["seats"] if s["win"] > 0]
    losers = [s["total"] for s in game["seats"] if s["win"] == 0]
    if what == "winning score":
        return max(winners)
    if what == "winning margin":
        return max(winners) - max(losers) if losers else 0
    if what == "shared wins":
        return 1.0 if len(winners) > 1 else 0.0
    return game["turns"]


def _two() -> tuple[Paired, Paired]:
    return (Paired(), Paired())


class Pairs:
    """The paired figures of two runs of the same games, taken in one twin game (both
    finished) at a time, in any order: each figure is an exact sum over the twin games or
    twin cities (a game and a seat), so it holds the same amount whatever the games."""

    def __init__(self):
        self.games = {what: Paired() for what, _kind in GAME_FIGURES}
        self.categories: dict[str, Paired] = defaultdict(Paired)
        self.dealt_a, self.dealt_b = DealtTally(), DealtTally()
        self.strategy = StrategyPairs()
        self.groups = {section: defaultdict(_two) for section, _key in GROUPS}   # key -> (wins, totals)
        self.cards: dict[str, Paired] = defaultdict(Paired)   # card -> (built in a, in b), 0 or 1 per twin city
        self.cities = 0
        self.arc = ArcPairs()

    def add(self, game_a: dict, game_b: dict) -> None:
        for what, _kind in GAME_FIGURES:
            self.games[what].add(_game_value(game_a, what), _game_value(game_b, what))
        self.arc.add(game_a, game_b)
        self.dealt_a.add(game_a)
        self.dealt_b.add(game_b)
        for position, (x, y) in enumerate(zip(game_a["seats"], game_b["seats"])):
            self._cities(game_a["game"], position, x, y)

    def _cities(self, game: int, position: int, x: dict, y: dict) -> None:
        self.cities += 1
        for category, points in x["scores"].items():
            if category in y["scores"]:
                self.categories[category].add(points, y["scores"][category])
        self.strategy.add(game, position, x, y)
        for section, key in GROUPS:
            wins, totals = self.groups[section][key(x)]
            if key(y) == key(x):
                wins.add(x["win"], y["win"])
                totals.add(x["total"], y["total"])
        built_a, built_b = {n for n, _ in x["built"]}, {n for n, _ in y["built"]}
        for name in built_a | built_b:
            self.cards[name].add(float(name in built_a), float(name in built_b))

    def figures(self, a: dict, b: dict) -> list[dict]:
        """Every comparable figure, with differences and tests; `a`, `b`: the two runs'
        summaries of the same games.

        A game (or a city: a game and a seat) of one run has its twin in the other:
        figures that are means over games or cities are compared pair by pair (a paired
        test, far more sensitive than comparing two samples).  The win rate of the cities
        that built a card compares different cities, so it is tested as two samples.
        Holm's correction is applied over all the figures."""
        out = [_paired("game", words(what), kind, self.games[what]) for what, kind in GAME_FIGURES]
        out += [_paired("arc", words(name), kind, pairs) for name, kind, pairs in self.arc.paired()]
        in_b = {c["category"] for c in b["categories"]}
        for category in [c["category"] for c in a["categories"] if c["category"] in in_b]:
            out.append(_paired("category", words(N_("{category} points per city"), category=category), "mean",
                               self.categories.get(category, Paired()).padded(self.cities)))
        dealt_a, dealt_b = self.dealt_a.means(), self.dealt_b.means()
        for name, pairs in self.strategy.figures_paired():
            out.append(_paired("strategy", words(N_("{figure} per city"), figure=name), "mean", pairs))
            if name in dealt_a and name in dealt_b:
                out[-1].update(dealt_a=dealt_a[name], dealt_b=dealt_b[name])
        for section, _key in GROUPS:
            win_words, score_words = GROUP_WORDS[section]
            for group in sorted(self.groups[section]):
                wins, totals = self.groups[section][group]
                out.append(_paired(section, words(win_words, **dict(group)), "rate", wins))
                out.append(_paired(section, words(score_words, **dict(group)), "mean", totals))
        cards_b = {c["card"]: c for c in b["cards"]}
        for card in sorted(a["cards"], key=lambda c: c["card"]):
            name = card["card"]
            out.append(_paired("card", words(N_("cities building {card}"), card=name), "rate",
                               self.cards.get(name, Paired()).padded(self.cities)))
            if name in cards_b:
                out.append(_unpaired_rate("card", words(N_("win rate when building {card}"), card=name),
                                          card["win_built"], cards_b[name]["win_built"]))
        for figure, adjusted in zip(out, holm([f["p"] for f in out])):
            figure["p_holm"] = adjusted
            figure["significant"] = adjusted < ALPHA
        return out


def pairs_of(records_a: list[dict], records_b: list[dict]) -> Pairs:
    """The Pairs of the games both lists finished."""
    games_b = {g["game"]: g for g in records_b if "error" not in g}
    pairs = Pairs()
    for game in records_a:
        if "error" not in game and game["game"] in games_b:
            pairs.add(game, games_b[game["game"]])
    return pairs


def figures(records_a: list[dict], records_b: list[dict], a: dict, b: dict) -> list[dict]:
    """Pairs.figures of two lists of records."""
    return pairs_of(records_a, records_b).figures(a, b)


def _matched(a_items, b_items, key):
    b_by_key = {key(item): item for item in b_items}
    return [(item, b_by_key[key(item)]) for item in a_items if key(item) in b_by_key]


def shares(a: dict, b: dict) -> list[dict]:
    """Each category's share of the winners' points, side by side (shown, not tested)."""
    return [{"category": x["category"], "a": x["share_of_winners"], "b": y["share_of_winners"]}
            for x, y in _matched(a["categories"], b["categories"], lambda c: c["category"])]


def verdict(compared: list[dict], most: int = 5) -> list[str]:
    """The largest significant differences, in plain words, the most certain first: the
    strategy shifts (how the players responded) lead, then the others (scores, cards)."""
    return [plain(f) for f in verdict_figures(compared, most)]


def verdict_figures(compared: list[dict], most: int = 5) -> list[dict]:
    """The figures of the verdict, in its order."""
    def chosen(figures):
        return sorted((f for f in figures if f["significant"]),
                      key=lambda f: (f["p"], -abs(f["difference"]) / (f["ci"] or 1)))[:most]
    strategy = chosen(f for f in compared if f["section"] == "strategy")
    return strategy + chosen(f for f in compared if f["section"] != "strategy")


def plain(figure: dict, shown: bool = False) -> str:
    """A verdict line; `shown`: in the chosen language (else English, as data)."""
    name = figure_text(figure) if shown else figure["figure"]
    number = _decimal if shown else str                # data keeps Python's `.`
    a, b, difference, ci = figure["a"], figure["b"], figure["difference"], figure["ci"]
    if figure["kind"] == "rate":
        points = number(f"{100 * difference:+.1f}")
        points = _points(points) if shown else f"{points} points"
        return (f"{name}: {number(f'{100 * a:.1f}')}% → {number(f'{100 * b:.1f}')}% "
                f"({points}, ±{number(f'{100 * ci:.1f}')})")
    return (f"{name}: {number(f'{a:.2f}')} → {number(f'{b:.2f}')} "
            f"({number(f'{difference:+.2f}')}, ±{number(f'{ci:.2f}')})")


def _decimal(written: str) -> str:
    from ..i18n import decimal
    return decimal(written)


def _points(points: str) -> str:
    from ..i18n import _
    return _("{points} points").format(points=points)


def comparison(records_a: list[dict], records_b: list[dict], a: dict, b: dict, name_a: str,
               name_b: str) -> dict:
    """The comparison of two lists of records (the studio's pairs so far)."""
    return comparison_of(pairs_of(records_a, records_b), a, b, name_a, name_b)


def comparison_of(pairs: Pairs, a: dict, b: dict, name_a: str, name_b: str) -> dict:
    compared = pairs.figures(a, b)
    return {"a": name_a, "b": name_b, "games": [a["games"], b["games"]], "correction": "Holm", "alpha": ALPHA,
            "verdict": verdict(compared),
            "bounded": [f["figure"] for f in compared if f["section"] == "strategy" and f["significant"] and bounded(f)],
            "significant": sum(f["significant"] for f in compared),
            "figures": compared, "shares_of_winners": shares(a, b)}

"""Two summaries of the same games (same seeds, bots and options) under two rule sets:
every figure side by side, the difference with its 95 % interval and p-value, and which
differences stay significant after Holm's correction for the number of figures tested.

Both runs play the same seeds, so each game and each city (game and seat) has a twin:
figures that are means over games or cities are compared pair by pair (see `figures`).
"""

from __future__ import annotations

from ..i18n import N_
from .figure_words import figure_text, words
from .stats import holm, paired_difference, proportion_difference
from .strategy import bounded, dealt_means, strategy_pairs

ALPHA = 0.05


def _paired(section: str, label, kind: str, pairs: list[tuple[float, float]]) -> dict:
    """`label`: the figure's name, as `words` makes it (or plain English)."""
    label, shown = label if isinstance(label, tuple) else (label, None)
    before = [x for x, _ in pairs]
    after = [y for _, y in pairs]
    diff, ci, p = paired_difference(before, after)
    n = len(pairs)
    return {"section": section, "figure": label, "words": shown, "kind": kind, "test": "paired",
            "a": sum(before) / n if n else 0.0, "b": sum(after) / n if n else 0.0,
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


def figures(records_a: list[dict], records_b: list[dict], a: dict, b: dict) -> list[dict]:
    """Every comparable figure of two runs of the same games, with differences and tests.

    The runs play the same seeds, so a game (or a city: a game and a seat) of one run has
    its twin in the other: figures that are means over games or cities are compared pair
    by pair (a paired test, far more sensitive than comparing two samples).  The win rate
    of the cities that built a card compares different cities, so it is tested as two
    samples.  Holm's correction is applied over all the figures."""
    games_a = {g["game"]: g for g in records_a if "error" not in g}
    games_b = {g["game"]: g for g in records_b if "error" not in g}
    common = sorted(set(games_a) & set(games_b))
    cities = [(x, y) for i in common for x, y in zip(games_a[i]["seats"], games_b[i]["seats"])]
    out = []
    for what, kind in ((N_("winning score"), "mean"), (N_("winning margin"), "mean"), (N_("shared wins"), "rate"),
                       (N_("turns per game"), "mean")):
        out.append(_paired("game", words(what), kind, [(_game_value(games_a[i], what), _game_value(games_b[i], what))
                                                for i in common]))
    in_b = {c["category"] for c in b["categories"]}
    for category in [c["category"] for c in a["categories"] if c["category"] in in_b]:
        out.append(_paired("category", words(N_("{category} points per city"), category=category), "mean",
                           [(x["scores"][category], y["scores"][category]) for x, y in cities]))
    dealt_a, dealt_b = dealt_means([games_a[i] for i in common]), dealt_means([games_b[i] for i in common])
    for name, pairs in strategy_pairs(cities):
        out.append(_paired("strategy", words(N_("{figure} per city"), figure=name), "mean", pairs))
        if name in dealt_a and name in dealt_b:
            out[-1].update(dealt_a=dealt_a[name], dealt_b=dealt_b[name])
    for section, key, subject in (("seat", lambda s: {"seat": s["seat"]}, "seat"),
                                  ("wonder", lambda s: {"wonder": s["wonder"], "side": s["side"]}, "wonder"),
                                  ("bot", lambda s: {"bot": s["bot"]}, "bot")):
        templates = {"seat": (N_("win rate of seat {seat}"), N_("score of seat {seat}")),
                     "wonder": (N_("win rate of {wonder} {side}"), N_("score of {wonder} {side}")),
                     "bot": (N_("win rate of bot {bot}"), N_("score of bot {bot}"))}[subject]
        for group in sorted({tuple(key(x).items()) for x, _ in cities}):
            fields = dict(group)
            same = [(x, y) for x, y in cities if key(x) == fields and key(y) == fields]
            out.append(_paired(section, words(templates[0], **fields), "rate", [(x["win"], y["win"]) for x, y in same]))
            out.append(_paired(section, words(templates[1], **fields), "mean",
                               [(x["total"], y["total"]) for x, y in same]))
    built = [({n for n, _ in x["built"]}, {n for n, _ in y["built"]}) for x, y in cities]
    cards_b = {c["card"]: c for c in b["cards"]}
    for card in sorted(a["cards"], key=lambda c: c["card"]):
        name = card["card"]
        out.append(_paired("card", words(N_("cities building {card}"), card=name), "rate",
                           [(float(name in x), float(name in y)) for x, y in built]))
        if name in cards_b:
            out.append(_unpaired_rate("card", words(N_("win rate when building {card}"), card=name), card["win_built"],
                                      cards_b[name]["win_built"]))
    for figure, adjusted in zip(out, holm([f["p"] for f in out])):
        figure["p_holm"] = adjusted
        figure["significant"] = adjusted < ALPHA
    return out


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
    compared = figures(records_a, records_b, a, b)
    return {"a": name_a, "b": name_b, "games": [a["games"], b["games"]], "correction": "Holm", "alpha": ALPHA,
            "verdict": verdict(compared),
            "bounded": [f["figure"] for f in compared if f["section"] == "strategy" and f["significant"] and bounded(f)],
            "significant": sum(f["significant"] for f in compared),
            "figures": compared, "shares_of_winners": shares(a, b)}

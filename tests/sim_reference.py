"""The lab's figures as they were computed before issue 38 (every record in memory,
two-pass standard deviations, float sums in game order): the reference the streaming
figures are checked against (tests/test_sim_streaming.py).  Copied from commit 17b2988;
the helpers the change left as they were are imported."""

from __future__ import annotations

import math
from collections import defaultdict

from interpreter.i18n import N_
from interpreter.sim.figure_words import words
from interpreter.sim.compare import _game_value, _unpaired_rate     # unchanged by issue 38
from interpreter.sim.stats import Z, _two_sided, holm, wilson
from interpreter.sim.summary import _sides                         # unchanged by issue 38


def mean_sd(values: list[float]) -> tuple[float, float]:
    """Mean and sample standard deviation (0 for fewer than two values)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0)
    mean = math.fsum(values) / n
    if n < 2:
        return (mean, 0.0)
    return (mean, math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1)))


def half_width(sd: float, n: int) -> float:
    """Half the 95 % interval of a mean."""
    return Z * sd / math.sqrt(n) if n > 0 else 0.0


def mean(values: list[float]) -> dict:
    """A mean as the summaries show it: n, mean, standard deviation and the half-width of its interval."""
    m, sd = mean_sd(values)
    return {"n": len(values), "mean": m, "sd": sd, "ci": half_width(sd, len(values))}


def paired_difference(before: list[float], after: list[float]) -> tuple[float, float, float]:
    """The mean of after - before over paired units, the half-width of its 95 % interval
    and the two-sided p-value (normal approximation of the paired t-test).  A difference
    that is the same in every pair has no spread: p is 0 unless it is 0."""
    diffs = [b - a for a, b in zip(before, after)]
    if not diffs:
        return (0.0, 0.0, 1.0)
    mean, sd = mean_sd(diffs)
    se = sd / math.sqrt(len(diffs))
    if se == 0:
        return (mean, 0.0, 1.0 if mean == 0 else 0.0)
    return (mean, Z * se, _two_sided(mean / se))


def strategy_means(seats: list[dict], games: list[dict] = ()) -> list[dict]:
    """Each strategy figure's mean per city over `seats` (records' seats), with its interval;
    a colour's cards also with the mean dealt per city over `games` (records made before
    the dealt cards were recorded have none)."""
    recorded = [s["strategy"] for s in seats if isinstance(s.get("strategy"), dict)]
    if not recorded:
        return []
    dealt = dealt_means(games)
    out = []
    for name in recorded[0]:
        figure = {"figure": name, "per_city": mean([float(r.get(name, 0)) for r in recorded])}
        if name in dealt:
            figure["dealt_per_city"] = dealt[name]
        out.append(figure)
    return out


def dealt_means(games: list[dict]) -> dict[str, float]:
    """Each colour's cards dealt per city, the mean over `games` (records); none unless every
    game recorded them, for the same colours (a hand-edited record that left one out would
    otherwise pull its mean down unseen)."""
    dealt = [g.get("dealt") for g in games]
    if not dealt or not all(isinstance(d, dict) and d.keys() == dealt[0].keys() for d in dealt):
        return {}
    return {name: sum(d[name] for d in dealt) / len(dealt) for name in dealt[0]}


def strategy_pairs(cities: list[tuple[dict, dict]]) -> list[tuple[str, list[tuple[float, float]]]]:
    """For compare: each strategy figure's (base, variant) value for every twin city."""
    both = [(x["strategy"], y["strategy"]) for x, y in cities
            if isinstance(x.get("strategy"), dict) and isinstance(y.get("strategy"), dict)]
    if not both:
        return []
    names = [n for n in both[0][0] if n in both[0][1]]
    return [(name, [(float(x.get(name, 0)), float(y.get(name, 0))) for x, y in both]) for name in names]


RARE = 10         # a card built (or not built) by fewer cities is listed after the others


def split_failures(records: list[dict]) -> tuple[list[dict], list[dict]]:
    """(finished games, failures), each sorted by game number."""
    records = sorted(records, key=lambda r: r["game"])
    return [r for r in records if "error" not in r], [r for r in records if "error" in r]


def rate(shares: list[float]) -> dict:
    """A win rate: the mean of the win shares, its Wilson interval and n."""
    n = len(shares)
    wins = sum(shares)
    low, high = wilson(wins, n)
    return {"n": n, "wins": wins, "rate": wins / n if n else 0.0, "low": low, "high": high}


def _groups(seats, key) -> list[dict]:
    groups: dict = defaultdict(list)
    for seat in seats:
        groups[key(seat)].append(seat)
    return [{"key": k, "win": rate([s["win"] for s in g]), "score": mean([s["total"] for s in g])}
            for k, g in groups.items()]


def _teams(games) -> list[dict]:
    """Win rate and summed score of each team (the team game's records carry a `team` per
    seat; a team's win is its players' shares added); empty without teams."""
    per_team: dict = defaultdict(list)
    for game in games:
        found: dict = defaultdict(lambda: {"win": 0.0, "total": 0})
        for seat in game["seats"]:
            if "team" in seat:
                found[seat["team"]]["win"] += seat["win"]
                found[seat["team"]]["total"] += seat["total"]
        for team, result in found.items():
            per_team[team].append(result)
    return [{"team": team, "win": rate([r["win"] for r in results]), "score": mean([r["total"] for r in results])}
            for team, results in sorted(per_team.items())]


def summarise(records: list[dict]) -> dict:
    games, failures = split_failures(records)
    seats = [s for g in games for s in g["seats"]]
    categories = list(games[0]["seats"][0]["scores"]) if games else []
    by_seat = sorted(_groups(seats, lambda s: s["seat"]), key=lambda g: g["key"])
    by_side = sorted(_groups(seats, lambda s: (s["wonder"], s["side"])), key=lambda g: g["key"])
    by_bot = sorted(_groups(seats, lambda s: s["bot"]), key=lambda g: g["key"])
    teams = _teams(games)
    return {
        "games": len(games), "failed": [{k: f[k] for k in ("game", "seed", "error", "replay")} for f in failures],
        "players": games[0]["players"] if games else None,
        "rules": games[0]["rules"] if games else None,
        "variants": games[0]["variants"] if games else [],
        "seats": [{"seat": g["key"], "win": g["win"], "score": g["score"]} for g in by_seat],
        "wonders": [{"wonder": g["key"][0], "side": g["key"][1], "win": g["win"], "score": g["score"]}
                    for g in by_side],
        "bots": [{"bot": g["key"], "win": g["win"], "score": g["score"]} for g in by_bot],
        **({"teams": teams} if teams else {}),
        "categories": _categories(games, seats, categories),
        "strategy": strategy_means(seats, games),
        "cards": _cards(games, seats),
        "facts": _facts(games),
    }


def _categories(games, seats, categories) -> list[dict]:
    winners = [(s, s["win"]) for g in games for s in g["seats"] if s["win"] > 0]
    winners_total = sum(s["total"] * w for s, w in winners)
    out = []
    for category in categories:
        points = sum(s["scores"][category] * w for s, w in winners)
        out.append({"category": category, "points": mean([s["scores"][category] for s in seats]),
                    "share_of_winners": points / winners_total if winners_total else 0.0})
    return out


def _cards(games, seats) -> list[dict]:
    built_by: dict[str, list[int]] = defaultdict(list)      # card -> ages it was built in
    wins_built: dict[str, list[float]] = defaultdict(list)
    for seat in seats:
        for name, age in seat["built"]:
            built_by[name].append(age)
            wins_built[name].append(seat["win"])
    all_wins = sum(s["win"] for s in seats)
    out = []
    for name in sorted(built_by):
        built = wins_built[name]
        others = len(seats) - len(built)
        ages = defaultdict(int)
        for age in built_by[name]:
            ages[age] += 1
        win_built = rate(built)
        low, high = wilson(all_wins - win_built["wins"], others)
        win_not = {"n": others, "wins": all_wins - win_built["wins"],
                   "rate": (all_wins - win_built["wins"]) / others if others else 0.0, "low": low, "high": high}
        out.append({"card": name, "built": len(built), "build_rate": len(built) / len(seats) if seats else 0.0,
                    "ages": {str(a): ages[a] for a in sorted(ages)}, "win_built": win_built, "win_not": win_not,
                    "difference": win_built["rate"] - win_not["rate"]})
    # cards built too rarely to say much come last, whatever their difference
    out.sort(key=lambda c: (min(c["win_built"]["n"], c["win_not"]["n"]) < RARE, -abs(c["difference"]), c["card"]))
    return out


def _facts(games) -> dict:
    winning, margins, ties, turns = [], [], [], []
    for game in games:
        sides = _sides(game["seats"])
        best = max(total for total, win in sides if win > 0)
        losers = [total for total, win in sides if win == 0]
        winning.append(best)
        margins.append(best - max(losers) if losers else 0)
        ties.append(1.0 if sum(1 for _total, win in sides if win > 0) > 1 else 0.0)
        turns.append(game["turns"])
    return {"winning_score": mean(winning), "margin": mean(margins), "tie": rate(ties), "turns": mean(turns)}


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



"""What a run's records say: win rates and scores per seat, wonder side and bot, the score
categories, the cards, and facts about the games, each with its interval and its n.

The summary is plain data (the `--format json` output); summary_text renders it.  Records
are taken in game order, so the same games give the same summary to the last digit.
"""

from __future__ import annotations

from collections import defaultdict

from .stats import mean, wilson
from .strategy import strategy_means

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


def _sides(seats) -> list[tuple[float, float]]:
    """(total, win share) of each side of a game: its players, or with teams its teams."""
    if not seats or "team" not in seats[0]:
        return [(s["total"], s["win"]) for s in seats]
    teams: dict = defaultdict(lambda: [0, 0.0])
    for s in seats:
        teams[s["team"]][0] += s["total"]
        teams[s["team"]][1] += s["win"]
    return [tuple(v) for v in teams.values()]


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

"""Where each point of a finished game came from: every city's score pad, line by line,
with the cards, wonder stages and board behind each line, and what the rules score
themselves (military tokens, coins, sets of symbols: the city's tokens and coins are
listed beside them).  What the end-of-game choices add (a symbol of one's choice, a copied
card) is the rest of a line, said as such: the pad is the engine's own (`Game.scores`)."""

from __future__ import annotations

from ...compile import rules_run, run_of
from ...engine.quantities import Where


def score_sheet(game) -> dict:
    t = game.tables
    pads = game.scores()
    winners = game.winners(pads)
    categories = list(t.rules.score_pad)
    cities = []
    for seat, (city, pad) in enumerate(zip(game.cities, pads)):
        left, right = game.neighbours(seat)
        where = Where(city, left, right, None, tuple(game.cities), game.age.number, game.age.victory, tuple(city.symbols))
        lines = []
        for category in categories:
            items = _items(t, city, where, category)
            rules = sum(value(where) for c, value in rules_run(t).scores if c == category)
            if rules:
                items.append({"source": "the rules", "kind": "rules", "points": rules})
            rest = pad[category] - sum(i["points"] for i in items)
            if rest:
                items.append({"source": "choices at the game's end (a symbol of one's choice, a copied card)",
                              "kind": "choice", "points": rest})
            lines.append({"category": category, "points": pad[category], "items": items})
        cities.append({"seat": seat, "name": city.name, "wonder": city.side.wonder, "side": city.side.side,
                       "total": sum(pad.values()), "coins": city.coins, "tokens": list(city.tokens),
                       "winner": seat in winners, "lines": lines})
    return {"categories": categories, "cities": cities, "winners": [game.cities[s].name for s in winners]}


def _items(t, city, where, category: str) -> list[dict]:
    found = []
    for source in city.owned_sources():
        points = source.points if source.points and source.points_category == category else 0
        if source.scores:
            points += sum(value(where) for c, value in (source.run or run_of(source)).scores if c == category)
        if points:
            found.append({"source": source.name, "kind": source.kind, "color": source.color, "points": points})
    return found

"""Strategy figures: what each city built and kept, not what it scored.  A rule change
shows first in how players play (more green cards, fewer wonder stages) and only then in
the score; these figures let simulate and compare show that response.

Per city at the game's end: the cards of each colour of the rules' vocabulary, wonder
stages, complete science sets (the most its symbols, wild ones included, can make),
shields, coins, and cards sold.  Each is recorded in the seat's `strategy` in the records
(records made before these figures have none, and are summarised without them).

Beside them, per game, the cards of each colour dealt, per city (`dealt_per_city`): the
most of a colour the cities can build between them.  Where the players already build
nearly all of them, a rule that pays for that colour cannot move them much further, and
compare says so (`bounded`) rather than let a small shift read as a weak pull.
"""

from __future__ import annotations

from ..engine.scoring import symbol_counts
from .stats import mean

NEARLY_ALL = 0.9        # of a colour's cards dealt per city: a rise beyond is bounded by them


def city_strategy(game, seat: int) -> dict[str, int]:
    """The strategy figures of one city, by name (colours in the vocabulary's order)."""
    city = game.cities[seat]
    colors = game.tables.ruleset.vocabulary.colors
    figures = {f"{color} cards": city.colors.get(color, 0) for color in colors}
    figures["wonder stages"] = city.stages
    figures["complete science sets"] = max((min(c) if c else 0)
                                           for c in symbol_counts(city.symbols, city.wild_symbols))
    figures["shields"] = city.shields
    figures["coins at the end"] = city.coins
    figures["cards sold"] = sum(1 for e in game.log if e.get("event") == "choice" and e.get("seat") == seat
                                and str(e.get("action", "")).startswith("sell "))
    return figures


def dealt_per_city(game) -> dict[str, float]:
    """The cards of each colour dealt in the game, per city: every hand of an age's deal (a
    neutral city's too) and of a phase's `deal` from a deck, and every card a `draw` took
    from the box; by the figure's name, as `city_strategy` names it."""
    color_of = {card.name: card.color for card in game.tables.cards}
    dealt = {color: 0 for color in game.tables.ruleset.vocabulary.colors}
    for event in game.log:
        for name in _cards_handed_out(event):
            color = color_of.get(name)
            if color in dealt:
                dealt[color] += 1
    return {f"{color} cards": n / len(game.cities) for color, n in dealt.items()}


def _cards_handed_out(event: dict) -> list[str]:
    """The cards a log event put into hands or zones: a deal's hands, a draw's cards."""
    if event.get("event") in ("age", "deal"):
        return [name for hand in event["hands"] for name in hand]
    if event.get("event") == "draw":
        return event["cards"]
    return []


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


def bounded(figure: dict) -> bool:
    """A compare figure whose rise is bounded by the cards dealt: it rose, and the players of
    the side it rose to build at least `NEARLY_ALL` of that colour's cards dealt per city."""
    dealt = figure.get("dealt_b")
    return bool(dealt) and figure["difference"] > 0 and figure["b"] >= NEARLY_ALL * dealt


def strategy_pairs(cities: list[tuple[dict, dict]]) -> list[tuple[str, list[tuple[float, float]]]]:
    """For compare: each strategy figure's (base, variant) value for every twin city."""
    both = [(x["strategy"], y["strategy"]) for x, y in cities
            if isinstance(x.get("strategy"), dict) and isinstance(y.get("strategy"), dict)]
    if not both:
        return []
    names = [n for n in both[0][0] if n in both[0][1]]
    return [(name, [(float(x.get(name, 0)), float(y.get(name, 0))) for x, y in both]) for name in names]

"""Strategy figures: what each city built and kept, not what it scored.  A rule change
shows first in how players play (more green cards, fewer wonder stages) and only then in
the score; these figures let simulate and compare show that response.

Per city at the game's end: the cards of each colour of the rules' vocabulary, wonder
stages, complete science sets (the most its symbols, wild ones included, can make),
shields, coins, and cards sold.  Each is recorded in the seat's `strategy` in the records
(records made before these figures have none, and are summarised without them).
"""

from __future__ import annotations

from ..engine.scoring import symbol_counts
from .stats import mean


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


def strategy_means(seats: list[dict]) -> list[dict]:
    """Each strategy figure's mean per city over `seats` (records' seats), with its interval."""
    recorded = [s["strategy"] for s in seats if isinstance(s.get("strategy"), dict)]
    if not recorded:
        return []
    return [{"figure": name, "per_city": mean([float(r.get(name, 0)) for r in recorded])}
            for name in recorded[0]]


def strategy_pairs(cities: list[tuple[dict, dict]]) -> list[tuple[str, list[tuple[float, float]]]]:
    """For compare: each strategy figure's (base, variant) value for every twin city."""
    both = [(x["strategy"], y["strategy"]) for x, y in cities
            if isinstance(x.get("strategy"), dict) and isinstance(y.get("strategy"), dict)]
    if not both:
        return []
    names = [n for n in both[0][0] if n in both[0][1]]
    return [(name, [(float(x.get(name, 0)), float(y.get(name, 0))) for x, y in both]) for name in names]

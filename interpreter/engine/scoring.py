"""The score pad: every category of the rules, for every city, with the end-of-game
choices (a science symbol of one's choice, a copied card) made to maximise the score."""

from __future__ import annotations

from itertools import product

from ..syntax import ast
from .quantities import score_value


def score_city(tables, city, left, right) -> dict[str, int]:
    """The best score pad for `city` over its end-of-game choices."""
    rules = tables.rules
    copy_choices = [None]
    for source in city.owned_sources():
        for action in source.game_end:
            if isinstance(action, ast.CopyCard):
                colors = {c.text for c in action.colors}
                for target in (left, right) if set(action.scope.parts) >= {"left", "right"} else \
                        [{"left": left, "right": right, "own": city}[p] for p in action.scope.parts]:
                    for index in target.built:
                        card = tables.cards[index]
                        if card.color in colors and card.name not in city.names:
                            copy_choices.append(card)
    best = None
    for copied in dict.fromkeys(copy_choices):
        sources = list(city.owned_sources()) + ([copied] if copied is not None else [])
        wilds = list(city.wild_symbols)
        if copied is not None:
            wilds += [tuple(tables.symbols.index(s.text) for s in e.symbols)
                      for e in copied.static if isinstance(e, ast.Science) and len(e.symbols) > 1]
        extra_fixed = [0] * len(tables.symbols)
        if copied is not None:
            for e in copied.static:
                if isinstance(e, ast.Science) and len(e.symbols) == 1:
                    extra_fixed[tables.symbols.index(e.symbols[0].text)] += 1
        for assignment in product(*wilds) if wilds else [()]:
            symbols = [a + b for a, b in zip(city.symbols, extra_fixed)]
            for s in assignment:
                symbols[s] += 1
            pad = _pad(rules, sources, city, left, right, symbols)
            if best is None or sum(pad.values()) > sum(best.values()):
                best = pad
    return best


def _pad(rules, sources, city, left, right, symbols) -> dict[str, int]:
    pad = {category: 0 for category in rules.score_pad}
    for score in rules.scores:
        pad[score.category.text] += score_value(score.value, city, left, right, symbols)
    for source in sources:
        if source.points and source.points_category:
            pad[source.points_category] += source.points
        for category, value in source.scores:
            pad[category] += score_value(value, city, left, right, symbols)
    return pad


def winners(rules, pads: list[dict[str, int]], cities) -> list[int]:
    totals = [sum(p.values()) for p in pads]
    top = max(totals)
    seats = [i for i, t in enumerate(totals) if t == top]
    if "coins" in rules.tie_break and len(seats) > 1:
        most = max(cities[i].coins for i in seats)
        seats = [i for i in seats if cities[i].coins == most]
    return seats

"""The score pad: every category of the rules, for every city, with the end-of-game
choices (a science symbol of one's choice, a copied card) made to maximise the score."""

from __future__ import annotations

import sys
from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING

from .quantities import Where, use_scorer
from .teams import team_winners

if TYPE_CHECKING:
    from ..rulesdata import RulesDef
    from ..compile import Source, Tables
    from .city import City


def score_city(tables: Tables, city: City, left: City, right: City, everyone: Iterable[City] = (), age_number: int = 0,
               age_victory: int = 0) -> dict[str, int]:
    """The best score pad for `city` over its end-of-game choices."""
    owned = city.owned_sources()
    copy_choices: list[Source | None] = [None]
    copied_symbols: list[tuple[int, ...]] = []                   # a wild symbol for each `copy a symbol of ...` that finds one
    for source in owned:
        for op in source.run.scored:            # `copy ...`: a choice of the scoring (compiled: compile/tables.py `Run`)
            kind, action = op.kind, op.node
            options = kind.wild_symbols(action, _SCORING, tables, left, right)
            if options:
                copied_symbols.append(options)
            copy_choices += kind.scored_copies(action, _SCORING, tables, city, left, right)
    everyone = everyone if type(everyone) is tuple else tuple(everyone)
    if len(copy_choices) == 1 and not copied_symbols and not city.wild_symbols:
        # the common case: no choice to make at the end, one pad (the loops below, without them)
        return _pad(tables, owned, Where(city, left, right, None, everyone, age_number, age_victory,
                                         tuple(city.symbols)))
    best: dict[str, int] | None = None
    for copied in dict.fromkeys(copy_choices):
        sources = owned + [copied] if copied is not None else owned
        wilds = list(city.wild_symbols) + copied_symbols
        fixed = city.symbols
        if copied is not None:                 # its symbols, compiled with it (`Source.held`)
            extra = [0] * len(tables.symbols)
            for symbol in copied.held.symbols:
                extra[symbol] += 1
            wilds += copied.held.wilds
            fixed = [a + b for a, b in zip(fixed, extra)]
        for symbols in symbol_counts(fixed, wilds):
            where = Where(city, left, right, None, everyone, age_number, age_victory, symbols)
            pad = _pad(tables, sources, where)
            if best is None or sum(pad.values()) > sum(best.values()):
                best = pad
    return best           # type: ignore[return-value]  # (one pad at least: a count and a copy choice each)


def total_now(where: Where) -> int:
    """The city's total if the game were scored as it stands (`score so far`): the score
    pad of the age being played, the end-of-game choices made at their best."""
    city = where.city
    return sum(score_city(city.tables, city, where.left, where.right, where.everyone, where.age_number,
                          where.age_victory).values())


use_scorer(total_now)


def cards_to_copy(tables: Tables, colors: set[str], targets: Iterable[City], city: City) -> list[Source]:
    """Every card of those colours in the cities `targets` (the scope's) that the city has
    not built, and of its own city's (`from own city`: a card of its own whose effects
    count a second time): a copy at the end of the game takes one of them.  (Apart from
    `score_city`, whose locals a comprehension here would make cells.)"""
    found: list[Source] = []
    for target in targets:
        for index in target.built:
            card = tables.cards[index]
            if card.color in colors and (target is city or card.name not in city.names):
                found.append(card)
    return found


def symbols_on_cards(tables: Tables, colors: set[str], targets: Iterable[City]) -> tuple[int, ...]:
    """Every science symbol on a card of those colours in the cities `targets` (the
    scope's: the left and right neighbours): a copy of a symbol takes one of them."""
    found: set[int] = set()
    for target in targets:
        for index in target.built:
            card = tables.cards[index]
            if card.color in colors:              # (compiled with the card: `Source.held`)
                found.update(card.held.symbols)
                for options in card.held.wilds:
                    found.update(options)
    return tuple(sorted(found))


def symbol_counts(fixed: Iterable[int], wilds: Iterable[Iterable[int]]) -> list[tuple[int, ...]]:
    """Every distinct count of symbols that the symbols of one's choice can make.  The score
    depends on the counts alone, not on which choice gave which symbol, so 14 choices among
    3 symbols are 120 counts to score, not 3^14 assignments.  In the order of the first
    assignment (in `itertools.product` order) giving each count, so that ties are broken as
    trying every assignment would."""
    counts: dict[tuple[int, ...], None] = {tuple(fixed): None}
    for options in wilds:
        counts = {count[:s] + (count[s] + 1,) + count[s + 1:]: None for count in counts for s in options}
    return list(counts)


def _pad(tables: Tables, sources: Iterable[Source], where: Where) -> dict[str, int]:
    pad = dict.fromkeys(tables.rules.score_pad, 0)
    for category, value in tables.run.scores:
        pad[category] += value(where)
    for source in sources:
        if source.points and source.points_category:
            pad[source.points_category] += source.points
        if source.scores:
            for category, value in source.run.scores:
                pad[category] += value(where)
    return pad


def winners(rules: RulesDef, pads: list[dict[str, int]], cities: Sequence[City],
            eligible: Collection[int] | None = None) -> list[int]:
    """The seats with the best total among `eligible` (every seat by default), ties broken
    as the rules say."""
    if rules.team_size is not None:
        return team_winners(rules, pads, cities, len(pads) if eligible is None else len(eligible))
    totals = [sum(p.values()) for p in pads]
    eligible = range(len(pads)) if eligible is None else eligible
    top = max(totals[i] for i in eligible)
    seats = [i for i in eligible if totals[i] == top]
    if "coins" in rules.tie_break and len(seats) > 1:
        most = max(cities[i].coins for i in seats)
        seats = [i for i in seats if cities[i].coins == most]
    return seats


_SCORING = sys.modules[__name__]        # what a kind's `wild_symbols`, `scored_copies` is lent: symbols_on_cards, ...

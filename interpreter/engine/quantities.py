"""Expressions over the game: quantities counted over cities, arithmetic, comparisons.

A `Where` says whose city is "own" and which cities are its neighbours (and, in a
`for each neighbour` trigger, which neighbour is being looked at); `symbols` overrides
the owner's science counts while scoring tries the choices of wild symbols.
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, NamedTuple

from ..syntax import ast
from ..syntax.ast_effects import UnhandledKind
from .placed import zone_count

if TYPE_CHECKING:
    from .city import City

COMPARE = {">": operator.gt, "<": operator.lt, ">=": operator.ge, "<=": operator.le,
           "=": operator.eq, "!=": operator.ne}


class Where(NamedTuple):
    """(A named tuple, not an attrs class: a valuation makes one per move it weighs.)"""
    city: City
    left: City
    right: City
    neighbour: City | None = None
    everyone: tuple[City, ...] = ()
    age_number: int = 0
    age_victory: int = 0
    symbols: tuple[int, ...] | None = None

    def cities(self, scope: ast.Scope | None):
        if scope is None:
            return (self.city,)
        parts = scope.parts
        if len(parts) == 1 and parts[0] != "all":     # the common case, without the lists below
            part = parts[0]
            return (self.city if part == "own" else self.left if part == "left"
                    else self.right if part == "right" else self.neighbour,)
        found = []
        for part in scope.parts:
            if part == "all":
                found += list(self.everyone or (self.city, self.left, self.right))
            else:
                found.append({"own": self.city, "left": self.left, "right": self.right,
                              "neighbour": self.neighbour}[part])
        unique = []                           # a city named twice in a scope counts once
        for city in found:
            if all(city is not seen for seen in unique):
                unique.append(city)
        return unique


def measure(q: ast.Quantity, where: Where) -> int:
    m = q.measure
    if m == "age":
        return where.age_number
    if m == "age victory":
        return where.age_victory
    if m == "players":
        return len(where.everyone) if where.everyone else 3
    if m in ("complete sets", "symbol squares"):
        counts = where.symbols if where.symbols is not None else where.city.symbols
        if m == "complete sets":
            return min(counts) if counts else 0
        return sum(n * n for n in counts)
    if m in BY_CARD:                          # the card is the owner's to name, counted in the scope
        return BY_CARD[m](q, where)
    if m in PER_WHERE:                        # counted with the city's own neighbours
        counts = [PER_WHERE[m](q, where_in(where, city)) for city in where.cities(q.scope)]
    elif m == "kept tokens":
        kind = q.kind.text
        counts = [city.kept.get(kind, 0) for city in where.cities(q.scope)]
    else:
        counts = [_count(m, q.colors, city) for city in where.cities(q.scope)]
    if q.extreme is None:
        return sum(counts)
    return (max if q.extreme == "most" else min)(counts)


def _count(m: str, colors, city) -> int:
    """The measure `m` in one city."""
    if m == "cards":
        return sum(city.colors.get(c.text, 0) for c in colors)
    if m == "card sets":                  # one card of each colour makes a set
        return min(city.colors.get(c.text, 0) for c in colors)
    if m == "wonder stages":
        return city.stages
    if m == "unbuilt wonder stages":
        return len(city.side.stages) - city.stages
    if m == "defeat tokens":
        return sum(1 for t in city.tokens if t < 0)
    if m == "victory tokens":
        return sum(1 for t in city.tokens if t > 0)
    if m == "military tokens":
        return sum(city.tokens)
    if m == "coins":
        return city.coins
    if m == "shields":
        return city.shields
    raise UnhandledKind(f"engine/quantities.py cannot count the measure {m!r}")


VALUE_LIMIT = 10 ** 15    # every computed value stays within ±this (docs/language.md, Arithmetic)


# ------------------------------------------------------------------------- over the table
# Values counted in each city of a scope (docs/language.md, "Ranks and counts over the
# table"): each city is looked at with its own neighbours, as if it were the owner.

def where_in(where: Where, city) -> Where:
    """The Where of `city` (one of `where`'s cities) as its own owner: its neighbours are
    its seats' neighbours among `where.everyone`, the owner's city as `where` holds it (a
    bot's imagined city stands in for the real one)."""
    if city is where.city:
        return where
    everyone = where.everyone or (where.city, where.left, where.right)
    own = where.city
    ring = tuple(own if c.seat == own.seat else c for c in everyone)
    at = next((k for k, c in enumerate(ring) if c is city), None)
    if at is None:
        at = next(k for k, c in enumerate(ring) if c.seat == city.seat)
    return Where(ring[at], ring[(at + 1) % len(ring)], ring[at - 1], None, where.everyone,
                 where.age_number, where.age_victory)


_SCORER: list = []       # [the score pad's total of a Where], set by engine/scoring.py on import


def use_scorer(total) -> None:
    """engine/scoring.py hands over its score pad's total (it reads this module, so this
    module cannot import it)."""
    _SCORER[:] = [total]


def _score_so_far(q, where: Where) -> int:
    """The city's total if the game were scored now (`score so far`)."""
    return _SCORER[0](where)


def _production(q, where: Where) -> int:
    """Units of a resource the city's own sources produce: every fixed unit, and every
    choice that offers it (`wood / clay` counts one for wood and one for clay)."""
    city = where.city
    r = city.tables.resource_index[q.kind.text]
    return city.own_fixed[r] + sum(1 for options in city.own_choices if r in options)


def _zone_cards(q, where: Where) -> int:
    """`cards in "Z"`: the city's cards in zone Z (engine/placed.py)."""
    return zone_count(where.city, q.kind.text)


PER_WHERE = {"score so far": _score_so_far, "production": _production, "zone cards": _zone_cards}


# ------------------------------------------------------------------------- a card by its place
# docs/language.md, "Order and removal": `the last card built [by CITY]`, `the previous card
# built`, `the [COLOURS] card under this stage`, and what is asked of it.

def which_card(card: ast.WhichCard, where: Where) -> int | None:
    """The index of the card named, or None when the city has no such card."""
    if card.which == "under":
        city = where.city
        colors = {c.text for c in card.colors}
        cards = city.tables.cards
        under = [i for n, i in city.entombed if n == card.stage]
        marked = city.stage_order if city.side.any_order else range(city.stages)
        under[:0] = [i for n, i in zip(marked, city.under_stages) if n == card.stage]
        found = [i for i in under if not colors or cards[i].color in colors]
        return found[-1] if found else None
    city = where.cities(card.scope)[0] if card.scope is not None else where.city
    back = 1 if card.which == "last" else 2
    return city.built[-back] if len(city.built) >= back else None


def card_colour(card: ast.WhichCard, where: Where) -> str | None:
    index = which_card(card, where)
    return None if index is None else where.city.tables.cards[index].color


def _same_colour_cards(q, where: Where) -> int:
    """Cards of the scope's cities of the colour of the card named (none without a card)."""
    colour = card_colour(q.card, where)
    return 0 if colour is None else sum(city.colors.get(colour, 0) for city in where.cities(q.scope))


def _card_cost(q, where: Where) -> int:
    """The coins of the named card's cost (0 without a card)."""
    index = which_card(q.card, where)
    return 0 if index is None else where.city.tables.cards[index].cost_coins


BY_CARD = {"same colour cards": _same_colour_cards, "card cost": _card_cost}


def colour_holds(c: ast.ColourComparison, where: Where) -> bool:
    """`colour of CARD = COLOURS | colour of CARD` (or `!=`); without the card (or the other
    card), neither holds."""
    colour = card_colour(c.card, where)
    if colour is None:
        return False
    if c.other is not None:
        other = card_colour(c.other, where)
        if other is None:
            return False
        same = colour == other
    else:
        same = any(colour == n.text for n in c.colors)
    return same if c.op == "=" else not same


def gathered(e: ast.AmongCities, value, where: Where) -> int:
    """`e` over its cities, `value` a function of a city's Where (AmongCities: the ways to gather)."""
    cities = where.cities(e.scope or _ALL)
    how = e.how
    if how == "count":
        compare, bound = COMPARE[e.op], e.bound
        return sum(1 for c in cities if compare(value(where_in(where, c)), bound))
    if how in ("most", "fewest"):
        return (max if how == "most" else min)(value(where_in(where, c)) for c in cities)
    own = value(where)
    seat = where.city.seat
    others = [value(where_in(where, c)) for c in cities if c.seat != seat]
    if how == "rank":
        return 1 + sum(1 for v in others if v > own)       # ties share the better place
    return 1 + sum(1 for v in others if v < own)


_ALL = ast.Scope(parts=("all",), span=None)


def evaluate(expr, where: Where) -> int:
    """The expression's value, held within ±VALUE_LIMIT at every step: content multiplying
    large numbers must not build integers of thousands of digits (slow, and unprintable)."""
    value = _evaluate(expr, where)
    if -VALUE_LIMIT <= value <= VALUE_LIMIT:
        return value
    return max(-VALUE_LIMIT, min(VALUE_LIMIT, value))


def _evaluate(expr, where: Where) -> int:
    if isinstance(expr, ast.Number):
        return expr.value
    if isinstance(expr, ast.PerAmount):
        return per_value(expr.amount, expr.per, where)
    if isinstance(expr, ast.Quantity):
        return measure(expr, where)
    if isinstance(expr, ast.Negative):
        return -evaluate(expr.operand, where)
    if isinstance(expr, ast.Conditional):
        return evaluate(expr.value, where) if holds(expr.conditions, where) else 0
    if isinstance(expr, ast.BinOp):
        left, right = evaluate(expr.left, where), evaluate(expr.right, where)
        if expr.op == "+":
            return left + right
        if expr.op == "-":
            return left - right
        if expr.op == "*":
            return left * right
        return left // right if right else 0       # `/` rounds down; by zero gives 0
    if isinstance(expr, ast.AmongCities):
        return gathered(expr, lambda w: evaluate(expr.value, w), where)
    raise TypeError(expr)


def per_value(amount, per: ast.Per | None, where: Where) -> int:
    value = evaluate(amount, where) if not isinstance(amount, int) else amount
    if per is None:
        return value
    return max(-VALUE_LIMIT, min(VALUE_LIMIT, value * (measure(per.what, where) // per.every)))


def holds(conditions, where: Where) -> bool:
    return all(colour_holds(c, where) if isinstance(c, ast.ColourComparison) else
               COMPARE[c.op](evaluate(c.left, where), evaluate(c.right, where)) for c in conditions)


# ------------------------------------------------------------------------- compiled
# The same expressions resolved once into functions of a Where (what the engine runs while
# playing): the kind of each node, its measure, scope and colours are looked at when the
# rule set is compiled, never again.  `value_fn(e)(where) == evaluate(e, where)` always.

def _clamped(raw):
    def value(where):
        v = raw(where)
        return v if -VALUE_LIMIT <= v <= VALUE_LIMIT else max(-VALUE_LIMIT, min(VALUE_LIMIT, v))
    return value


def value_fn(expr):
    """`evaluate(expr, ·)` as a function of the Where.  Each node's function keeps its own
    result within the limit (a score pad runs a great many: no wrapper call per node); a
    node made of values within it already (a negation, a condition, a per amount, which
    clamps) needs no check."""
    if isinstance(expr, ast.Number):
        constant = max(-VALUE_LIMIT, min(VALUE_LIMIT, expr.value))
        return lambda where: constant
    if isinstance(expr, ast.PerAmount):
        if expr.per is None and isinstance(expr.amount, int):
            constant = max(-VALUE_LIMIT, min(VALUE_LIMIT, expr.amount))
            return lambda where: constant
        return amount_fn(expr.amount, expr.per)
    if isinstance(expr, ast.Quantity):
        return _clamped(measure_fn(expr))
    if isinstance(expr, ast.Negative):
        operand = value_fn(expr.operand)
        return lambda where: -operand(where)
    if isinstance(expr, ast.Conditional):
        value, check = value_fn(expr.value), check_fn(expr.conditions)
        return lambda where: value(where) if check(where) else 0
    if isinstance(expr, ast.AmongCities):
        inner = value_fn(expr.value)
        return _clamped(lambda where: gathered(expr, inner, where))
    if isinstance(expr, ast.BinOp):
        left, right = value_fn(expr.left), value_fn(expr.right)
        combine = {"+": operator.add, "-": operator.sub, "*": operator.mul}.get(expr.op, _divided)

        def combined(where):
            v = combine(left(where), right(where))
            return v if -VALUE_LIMIT <= v <= VALUE_LIMIT else max(-VALUE_LIMIT, min(VALUE_LIMIT, v))
        return combined
    raise TypeError(expr)


def _divided(a, b):
    return a // b if b else 0       # `/` rounds down; by zero gives 0


def amount_fn(amount, per):
    """`per_value(amount, per, ·)` as a function of the Where."""
    value = (lambda where: amount) if isinstance(amount, int) else value_fn(amount)
    if per is None:
        return value
    counted, every = measure_fn(per.what), per.every
    if isinstance(amount, int):             # the common case (`1 point per 3 coins`): no call for the amount
        def per_unit(where):
            v = amount * (counted(where) // every)
            return v if -VALUE_LIMIT <= v <= VALUE_LIMIT else max(-VALUE_LIMIT, min(VALUE_LIMIT, v))
        return per_unit

    def per_amount(where):
        v = value(where) * (counted(where) // every)
        return v if -VALUE_LIMIT <= v <= VALUE_LIMIT else max(-VALUE_LIMIT, min(VALUE_LIMIT, v))
    return per_amount


def check_fn(conditions):
    """`holds(conditions, ·)` as a function of the Where."""
    checks = [_comparison_fn(c) for c in conditions]
    if len(checks) == 1:
        return checks[0]
    return lambda where: all(check(where) for check in checks)


def _comparison_fn(c):
    if isinstance(c, ast.ColourComparison):
        return lambda where: colour_holds(c, where)
    compare = COMPARE[c.op]
    if isinstance(c.left, ast.Quantity) and isinstance(c.right, ast.Quantity):
        return _measures_compared(compare, measure_fn(c.left), measure_fn(c.right))
    left, right = value_fn(c.left), value_fn(c.right)
    return lambda where: compare(left(where), right(where))


def _measures_compared(compare, left, right):
    """Two measures compared (the military conflicts' `shields > shields of the neighbour`,
    at every age's end for every city and neighbour): read as they are, without the wrapper
    that holds each within the limit (two calls fewer), and held so only when one is not."""
    def compared(where):
        a, b = left(where), right(where)
        if -VALUE_LIMIT <= a <= VALUE_LIMIT and -VALUE_LIMIT <= b <= VALUE_LIMIT:
            return compare(a, b)
        return compare(max(-VALUE_LIMIT, min(VALUE_LIMIT, a)), max(-VALUE_LIMIT, min(VALUE_LIMIT, b)))
    return compared


_ONE_CITY_FIELD = {"own": "city", "left": "left", "right": "right", "neighbour": "neighbour"}   # of a Where
_ONE_CITY = {part: operator.attrgetter(field) for part, field in _ONE_CITY_FIELD.items()}
_CITY_ATTRIBUTE = {"wonder stages": "stages", "coins": "coins", "shields": "shields"}   # measures a city holds


def measure_fn(q: ast.Quantity):
    """`measure(q, ·)` as a function of the Where."""
    m = q.measure
    if m == "age":
        return operator.attrgetter("age_number")
    if m == "age victory":
        return operator.attrgetter("age_victory")
    if m == "players":
        return lambda where: len(where.everyone) if where.everyone else 3
    if m == "complete sets":
        def complete_sets(where):
            counts = where.symbols if where.symbols is not None else where.city.symbols
            return min(counts) if counts else 0
        return complete_sets
    if m == "symbol squares":
        def squares(where):
            counts = where.symbols if where.symbols is not None else where.city.symbols
            return sum(n * n for n in counts)
        return squares
    if m in PER_WHERE or m in BY_CARD:
        return lambda where: measure(q, where)
    if m == "kept tokens":
        kind = q.kind.text

        def count(city):
            return city.kept.get(kind, 0)
    else:
        count = count_fn(m, tuple(c.text for c in q.colors))
    scope = q.scope
    if scope is None or (len(scope.parts) == 1 and scope.parts[0] != "all"):
        part = "own" if scope is None else scope.parts[0]
        if m in _CITY_ATTRIBUTE:          # one read of the Where, in C: `shields of the neighbour`
            return operator.attrgetter(f"{_ONE_CITY_FIELD[part]}.{_CITY_ATTRIBUTE[m]}")
        city = _ONE_CITY[part]
        return lambda where: count(city(where))     # one city: its count (the most or fewest of one)
    if q.extreme is None:
        return lambda where: sum([count(c) for c in where.cities(scope)])
    extreme = max if q.extreme == "most" else min
    return lambda where: extreme([count(c) for c in where.cities(scope)])


def count_fn(m: str, colors: tuple[str, ...]):
    """`_count(m, colors, ·)` as a function of the city."""
    if m == "cards":
        if len(colors) == 1:
            color, = colors
            return lambda city: city.colors.get(color, 0)
        return lambda city: sum(city.colors.get(c, 0) for c in colors)
    if m == "card sets":                  # one card of each colour makes a set
        return lambda city: min(city.colors.get(c, 0) for c in colors)
    if m in _CITY_ATTRIBUTE:
        return operator.attrgetter(_CITY_ATTRIBUTE[m])
    if m == "unbuilt wonder stages":
        return lambda city: len(city.side.stages) - city.stages
    if m == "defeat tokens":
        return lambda city: sum(1 for t in city.tokens if t < 0)
    if m == "victory tokens":
        return lambda city: sum(1 for t in city.tokens if t > 0)
    if m == "military tokens":
        return lambda city: sum(city.tokens)
    raise UnhandledKind(f"engine/quantities.py cannot compile the measure {m!r}")

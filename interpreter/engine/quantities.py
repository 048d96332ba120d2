"""Expressions over the game: quantities counted over cities, arithmetic, comparisons.

A `Where` says whose city is "own" and which cities are its neighbours (and, in a
`for each neighbour` trigger, which neighbour is being looked at); `symbols` overrides
the owner's science counts while scoring tries the choices of wild symbols.
"""

from __future__ import annotations

import operator
import sys
from typing import TYPE_CHECKING, NamedTuple

from ..syntax import ast
from ..kinds import scopes
from ..kinds.among import WAYS, among_of
from ..kinds.conditions import CONDITIONS
from ..kinds.measures import MEASURES
from .placed import zone_count  # noqa: F401  (lent to kinds/measures/zone_cards.py)

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
        """The scope's cities, each once: its parts' (kinds/scopes/)."""
        return (self.city,) if scope is None else scopes.cities(scope, self)


def measure(q: ast.Quantity, where: Where) -> int:
    """The quantity in `where`: its measure's (kinds/measures/); a pass that counts it often
    makes its function once (`measure_fn`)."""
    return MEASURES[q.measure].value(q, _LENT)(where)


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


def score_so_far(where: Where) -> int:
    """The city's total if the game were scored now (lent to kinds/measures/score_so_far.py)."""
    return _SCORER[0](where)


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


def gathered(e, value, where: Where) -> int:
    """`e` (a value gathered over the table) over its cities, `value` a function of a city's
    Where: its way's (kinds/among/)."""
    return WAYS[e.how].gathered(e, value, where, where.cities(e.scope or _ALL), _LENT)


_ALL = scopes.every_city(None)


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
    if among_of(expr) is not None:
        return gathered(expr, lambda w: evaluate(expr.value, w), where)
    raise TypeError(expr)


def per_value(amount, per: ast.Per | None, where: Where) -> int:
    value = evaluate(amount, where) if not isinstance(amount, int) else amount
    if per is None:
        return value
    return max(-VALUE_LIMIT, min(VALUE_LIMIT, value * (measure(per.what, where) // per.every)))


def holds(conditions, where: Where) -> bool:
    """Whether every condition holds in `where` now: each its kind's (kinds/conditions/)."""
    return all(CONDITIONS[type(c)].holds(c, where, _LENT) for c in conditions)


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
    if among_of(expr) is not None:
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
    checks = [CONDITIONS[type(c)].holds_fn(c, _LENT) for c in conditions]
    if len(checks) == 1:
        return checks[0]
    return lambda where: all(check(where) for check in checks)


def compared_fn(op: str, left, right):
    """`left OP right` as a function of the Where (lent to kinds/conditions/comparison.py)."""
    compare = COMPARE[op]
    if isinstance(left, ast.Quantity) and isinstance(right, ast.Quantity):
        return _measures_compared(compare, measure_fn(left), measure_fn(right))
    left_fn, right_fn = value_fn(left), value_fn(right)
    return lambda where: compare(left_fn(where), right_fn(where))


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


def measure_fn(q: ast.Quantity):
    """`measure(q, ·)` as a function of the Where: its measure's (kinds/measures/), lent this
    module (`each_city`, `each_where`, `score_so_far`, `zone_count`, `which_card`, `card_colour`)."""
    return MEASURES[q.measure].value(q, _LENT)


def count_fn(q: ast.Quantity):
    """The quantity's measure in one city, as a function of the City (engine/city.py's
    shields that follow a count)."""
    return MEASURES[q.measure].count(q, _LENT)


def each_city(q: ast.Quantity, count, attribute: str = ""):
    """A measure counted city by city (`count`, a function of the City; `attribute`, the
    City's attribute that holds it, if one does) over the quantity's scope, as a function of
    the Where: summed, or the most or fewest."""
    scope = q.scope
    if not scopes.several(scope):
        field = scopes.scope_kinds(scope)[0].field   # its one city's field of the Where
        if attribute:                     # one read of the Where, in C: `shields of the neighbour`
            return operator.attrgetter(f"{field}.{attribute}")
        city = operator.attrgetter(str(field))
        return lambda where: count(city(where))     # one city: its count (the most or fewest of one)
    cities = scopes.gatherer(scope)
    if q.extreme is None:
        return lambda where: sum([count(c) for c in cities(where)])
    extreme = max if q.extreme == "most" else min
    return lambda where: extreme([count(c) for c in cities(where)])


def each_where(q: ast.Quantity, value):
    """A measure counted in each city of the quantity's scope with its own neighbours
    (`value`, a function of that city's Where), as a function of the owner's: summed, or
    the most or fewest."""
    scope = q.scope
    if scope is None:
        return value
    cities = scopes.gatherer(scope)
    if q.extreme is None:
        return lambda where: sum([value(where_in(where, city)) for city in cities(where)])
    extreme = max if q.extreme == "most" else min
    return lambda where: extreme([value(where_in(where, city)) for city in cities(where)])


_LENT = sys.modules[__name__]      # what a measure's, a way's or a condition's kind is lent of the engine: this module

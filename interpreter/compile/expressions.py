"""The compile pass's expressions: quantities counted over cities, arithmetic, comparisons,
resolved once into functions of the engine's `Where` (engine/quantities.py), so that the
engine runs closures and never reads the syntax tree.

`value_fn`, `amount_fn`, `check_fn` (compile/tables.py calls them for every score line, trigger
condition, law and action's count when the tables are made) look at the kind of each
node, its measure, scope and colours once; `value_fn(e)(where) == evaluate(e, where)`
always.  `evaluate`, `per_value` and `holds` read a tree as it is, for those who weigh an
expression once (the bots' appraisals) rather than run it.  This module is what a
measure's, a way's or a condition's kind is lent (`LENT`: kinds/measure_base.py,
among_base.py, condition_base.py `Engine`).
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..kinds import scopes
from ..kinds.among import WAYS
from ..kinds.expressions import EXPRESSIONS, PER, quantity_of
from ..kinds.conditions import CONDITIONS
from ..kinds.measures import MEASURES
from ..engine.placed import zone_count  # noqa: F401  (lent to kinds/measures/zone_cards.py)
from ..engine.quantities import (Check, Value, Where, score_so_far, where_in)  # noqa: F401  (lent)
from ..engine.quantities import VALUE_LIMIT as VALUE_LIMIT, clamped as clamped  # (lent: kinds/expression_base.py `Reader`)

if TYPE_CHECKING:
    from ..engine.city import City

COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    ">": operator.gt, "<": operator.lt, ">=": operator.ge, "<=": operator.le, "=": operator.eq, "!=": operator.ne}


# ------------------------------------------------------------------------- a card by its place
# docs/language.md, "Order and removal": `the last card built [by CITY]`, `the previous card
# built`, `the [COLOURS] card under this stage`: its kind's (kinds/expressions/which_card.py).

def which_card(card: Any, where: Where) -> int | None:
    """The index of the card named, or None when the city has no such card."""
    index: int | None = EXPRESSIONS[type(card)].value(card, where, LENT)
    return index


def card_colour(card: Any, where: Where) -> str | None:
    index = which_card(card, where)
    return None if index is None else where.city.tables.cards[index].color


# ------------------------------------------------------------------------- read as they are

def measure(q: Any, where: Where) -> int:
    """The quantity in `where`: its measure's (kinds/measures/); a pass that counts it often
    makes its function once (`measure_fn`)."""
    return MEASURES[q.measure].value(q, LENT)(where)


def gathered(e: Any, value: Value, where: Where) -> int:
    """`e` (a value gathered over the table) over its cities, `value` a function of a city's
    Where: its way's (kinds/among/)."""
    return WAYS[e.how].gathered(e, value, where, where.cities(e.scope or _ALL), LENT)


_ALL = scopes.every_city(None)


def evaluate(expr: Any, where: Where) -> int:
    """The expression's value, held within ±VALUE_LIMIT at every step: content multiplying
    large numbers must not build integers of thousands of digits (slow, and unprintable)."""
    return clamped(EXPRESSIONS[type(expr)].value(expr, where, LENT))      # its kind's (kinds/expressions/)


def per_value(amount: Any, per: Any, where: Where) -> int:
    """`amount` (a number, or an expression) for every unit `per` counts (None: once)."""
    value = evaluate(amount, where) if not isinstance(amount, int) else amount
    if per is None:
        return value
    return clamped(value * EXPRESSIONS[type(per)].value(per, where, LENT))


def holds(conditions: Iterable[Any], where: Where) -> bool:
    """Whether every condition holds in `where` now: each its kind's (kinds/conditions/)."""
    return all(CONDITIONS[type(c)].holds(c, where, LENT) for c in conditions)


# ------------------------------------------------------------------------- compiled
# The same expressions resolved once into functions of a Where (what the engine runs while
# playing): the kind of each node, its measure, scope and colours are looked at when the
# rule set is compiled, never again.

def value_fn(expr: Any) -> Value:
    """`evaluate(expr, ·)` as a function of the Where: its kind's (kinds/expressions/).  Each
    node's function keeps its own result within the limit (a score pad runs a great many: no
    wrapper call per node); a node made of values within it already (a negation, a
    condition, a per amount, which clamps) needs no check."""
    made: Value = EXPRESSIONS[type(expr)].compiled(expr, LENT)
    return made


def amount_fn(amount: Any, per: Any) -> Value:
    """`per_value(amount, per, ·)` as a function of the Where (`per`: its kind's `times`)."""
    if per is None:
        return (lambda where: amount) if isinstance(amount, int) else value_fn(amount)
    return PER.times(per, amount, LENT)


def check_fn(conditions: Sequence[Any]) -> Check:
    """`holds(conditions, ·)` as a function of the Where."""
    checks = [CONDITIONS[type(c)].holds_fn(c, LENT) for c in conditions]
    if len(checks) == 1:
        return checks[0]
    return lambda where: all(check(where) for check in checks)


def compared_fn(op: str, left: Any, right: Any) -> Check:
    """`left OP right` as a function of the Where (lent to kinds/conditions/comparison.py)."""
    compare = COMPARE[op]
    if quantity_of(left) is not None and quantity_of(right) is not None:
        return _measures_compared(compare, measure_fn(left), measure_fn(right))
    left_fn, right_fn = value_fn(left), value_fn(right)
    return lambda where: compare(left_fn(where), right_fn(where))


def _measures_compared(compare: Callable[[int, int], bool], left: Value, right: Value) -> Check:
    """Two measures compared (the military conflicts' `shields > shields of the neighbour`,
    at every age's end for every city and neighbour): read as they are, without the wrapper
    that holds each within the limit (two calls fewer), and held so only when one is not."""
    def compared(where: Where) -> bool:
        a, b = left(where), right(where)
        if -VALUE_LIMIT <= a <= VALUE_LIMIT and -VALUE_LIMIT <= b <= VALUE_LIMIT:
            return compare(a, b)
        return compare(max(-VALUE_LIMIT, min(VALUE_LIMIT, a)), max(-VALUE_LIMIT, min(VALUE_LIMIT, b)))
    return compared


def measure_fn(q: Any) -> Value:
    """`measure(q, ·)` as a function of the Where: its measure's (kinds/measures/), lent this
    module (`each_city`, `each_where`, `score_so_far`, `zone_count`, `which_card`, `card_colour`)."""
    return MEASURES[q.measure].value(q, LENT)


def count_fn(q: Any) -> Callable[[City], int]:
    """The quantity's measure in one city, as a function of the City (engine/city.py's
    shields that follow a count)."""
    return MEASURES[q.measure].count(q, LENT)


def each_city(q: Any, count: Callable[[City], int], attribute: str = "") -> Value:
    """A measure counted city by city (`count`, a function of the City; `attribute`, the
    City's attribute that holds it, if one does) over the quantity's scope, as a function of
    the Where: summed, or the most or fewest."""
    scope = q.scope
    if not scopes.several(scope):
        field = scopes.scope_kinds(scope)[0].field   # its one city's field of the Where
        if attribute:                     # one read of the Where, in C: `shields of the neighbour`
            read: Value = operator.attrgetter(f"{field}.{attribute}")
            return read
        city = operator.attrgetter(str(field))
        return lambda where: count(city(where))     # one city: its count (the most or fewest of one)
    cities = scopes.gatherer(scope)
    if q.extreme is None:
        return lambda where: sum([count(c) for c in cities(where)])
    extreme = max if q.extreme == "most" else min
    return lambda where: extreme([count(c) for c in cities(where)])


def each_where(q: Any, value: Value) -> Value:
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


LENT = sys.modules[__name__]      # what an expression's, a measure's, a way's or a condition's kind is lent: this module

if TYPE_CHECKING:                   # this module is what the kinds' Protocols declare
    from . import expressions as _this
    from ..kinds.expression_base import Reader
    _lent: Reader = _this

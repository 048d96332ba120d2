"""The compile pass's expressions: quantities counted over cities, arithmetic, comparisons,
resolved once into functions of the engine's `Where` (engine/quantities.py), so that the
engine runs closures and never reads the syntax tree.

`value_fn`, `amount_fn`, `check_fn` (compile.py calls them for every score line, trigger
condition, law and action's count when the tables are made) look at the kind of each
node, its measure, scope and colours once; `value_fn(e)(where) == evaluate(e, where)`
always.  `evaluate`, `per_value` and `holds` read a tree as it is, for those who weigh an
expression once (the bots' appraisals) rather than run it.  This module is what a
measure's, a way's or a condition's kind is lent (`_LENT`: kinds/measure_base.py,
among_base.py, condition_base.py `Engine`).
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .syntax import ast
from .kinds import scopes
from .kinds.among import WAYS, among_of
from .kinds.conditions import CONDITIONS
from .kinds.measures import MEASURES
from .engine.placed import zone_count  # noqa: F401  (lent to kinds/measures/zone_cards.py)
from .engine.quantities import (VALUE_LIMIT, Check, Value, Where, clamped, score_so_far,  # noqa: F401  (lent)
                                where_in)

if TYPE_CHECKING:
    from .engine.city import City

COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    ">": operator.gt, "<": operator.lt, ">=": operator.ge, "<=": operator.le, "=": operator.eq, "!=": operator.ne}


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


# ------------------------------------------------------------------------- read as they are

def measure(q: ast.Quantity, where: Where) -> int:
    """The quantity in `where`: its measure's (kinds/measures/); a pass that counts it often
    makes its function once (`measure_fn`)."""
    return MEASURES[q.measure].value(q, _LENT)(where)


def gathered(e: Any, value: Value, where: Where) -> int:
    """`e` (a value gathered over the table) over its cities, `value` a function of a city's
    Where: its way's (kinds/among/)."""
    return WAYS[e.how].gathered(e, value, where, where.cities(e.scope or _ALL), _LENT)


_ALL = scopes.every_city(None)


def evaluate(expr: Any, where: Where) -> int:
    """The expression's value, held within ±VALUE_LIMIT at every step: content multiplying
    large numbers must not build integers of thousands of digits (slow, and unprintable)."""
    return clamped(_evaluate(expr, where))


def _evaluate(expr: Any, where: Where) -> int:
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


def per_value(amount: Any, per: ast.Per | None, where: Where) -> int:
    value = evaluate(amount, where) if not isinstance(amount, int) else amount
    if per is None:
        return value
    return clamped(value * (measure(per.what, where) // per.every))


def holds(conditions: Iterable[Any], where: Where) -> bool:
    """Whether every condition holds in `where` now: each its kind's (kinds/conditions/)."""
    return all(CONDITIONS[type(c)].holds(c, where, _LENT) for c in conditions)


# ------------------------------------------------------------------------- compiled
# The same expressions resolved once into functions of a Where (what the engine runs while
# playing): the kind of each node, its measure, scope and colours are looked at when the
# rule set is compiled, never again.

def _clamped(raw: Value) -> Value:
    def value(where: Where) -> int:
        v = raw(where)
        return v if -VALUE_LIMIT <= v <= VALUE_LIMIT else max(-VALUE_LIMIT, min(VALUE_LIMIT, v))
    return value


def value_fn(expr: Any) -> Value:
    """`evaluate(expr, ·)` as a function of the Where.  Each node's function keeps its own
    result within the limit (a score pad runs a great many: no wrapper call per node); a
    node made of values within it already (a negation, a condition, a per amount, which
    clamps) needs no check."""
    if isinstance(expr, ast.Number):
        constant = clamped(expr.value)
        return lambda where: constant
    if isinstance(expr, ast.PerAmount):
        if expr.per is None and isinstance(expr.amount, int):
            constant = clamped(expr.amount)
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
        combine: Callable[[int, int], int] = {"+": operator.add, "-": operator.sub,
                                               "*": operator.mul}.get(expr.op, _divided)

        def combined(where: Where) -> int:
            v = combine(left(where), right(where))
            return v if -VALUE_LIMIT <= v <= VALUE_LIMIT else max(-VALUE_LIMIT, min(VALUE_LIMIT, v))
        return combined
    raise TypeError(expr)


def _divided(a: int, b: int) -> int:
    return a // b if b else 0       # `/` rounds down; by zero gives 0


def amount_fn(amount: Any, per: ast.Per | None) -> Value:
    """`per_value(amount, per, ·)` as a function of the Where."""
    value: Value = (lambda where: amount) if isinstance(amount, int) else value_fn(amount)
    if per is None:
        return value
    counted, every = measure_fn(per.what), per.every
    if isinstance(amount, int):             # the common case (`1 point per 3 coins`): no call for the amount
        def per_unit(where: Where) -> int:
            v = amount * (counted(where) // every)
            return v if -VALUE_LIMIT <= v <= VALUE_LIMIT else max(-VALUE_LIMIT, min(VALUE_LIMIT, v))
        return per_unit

    def per_amount(where: Where) -> int:
        v = value(where) * (counted(where) // every)
        return v if -VALUE_LIMIT <= v <= VALUE_LIMIT else max(-VALUE_LIMIT, min(VALUE_LIMIT, v))
    return per_amount


def check_fn(conditions: Sequence[Any]) -> Check:
    """`holds(conditions, ·)` as a function of the Where."""
    checks = [CONDITIONS[type(c)].holds_fn(c, _LENT) for c in conditions]
    if len(checks) == 1:
        return checks[0]
    return lambda where: all(check(where) for check in checks)


def compared_fn(op: str, left: Any, right: Any) -> Check:
    """`left OP right` as a function of the Where (lent to kinds/conditions/comparison.py)."""
    compare = COMPARE[op]
    if isinstance(left, ast.Quantity) and isinstance(right, ast.Quantity):
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


def measure_fn(q: ast.Quantity) -> Value:
    """`measure(q, ·)` as a function of the Where: its measure's (kinds/measures/), lent this
    module (`each_city`, `each_where`, `score_so_far`, `zone_count`, `which_card`, `card_colour`)."""
    return MEASURES[q.measure].value(q, _LENT)


def count_fn(q: ast.Quantity) -> Callable[[City], int]:
    """The quantity's measure in one city, as a function of the City (engine/city.py's
    shields that follow a count)."""
    return MEASURES[q.measure].count(q, _LENT)


def each_city(q: ast.Quantity, count: Callable[[City], int], attribute: str = "") -> Value:
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


def each_where(q: ast.Quantity, value: Value) -> Value:
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


_LENT = sys.modules[__name__]      # what a measure's, a way's or a condition's kind is lent: this module

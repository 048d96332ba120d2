"""`COLOURS cards cost 1 resource less`, `wonder stages cost no coins`, `... of neighbours
...`: what a building or a wonder stage costs a city once the discounts that reach it are
taken off.  A city's own discounts (scope `own city`) and its neighbours' (a left
neighbour's `right neighbour` discount is for this city, and the other way round) add up;
a resource discount lets the builder waive any units of the cost, so every way of
waiving them is a cost the payment search is asked about."""

from __future__ import annotations

from itertools import combinations_with_replacement

from .payment.order import pareto
from .payment.trio import payment_options

ALL = -1


def rebates(city, left, right, color) -> tuple[int, int]:
    """(resource units waived, coins taken off) for a building of `color` (None: a wonder
    stage) by `city`; ALL when every one is."""
    units = coins = 0
    for owner, whose in ((city, "own"), (left, "right"), (right, "left")):
        for colors, what, amount, parts in owner.discounts:
            if whose not in parts or (color in colors) != (color is not None):
                continue
            if what == "resources":
                units = ALL if ALL in (units, amount) else units + amount
            else:
                coins = ALL if ALL in (coins, amount) else coins + amount
    return units, coins


def touched(city, left, right) -> bool:
    """Whether any discount could reach this city (the common case: none)."""
    return bool(city.discounts or left.discounts or right.discounts)


def coins_due(cost_coins: int, off: int) -> int:
    return 0 if off == ALL else max(0, cost_coins - off)


def waived(cost: tuple, units: int) -> set[tuple]:
    """Every cost left once `units` units of it are waived (ALL: nothing left)."""
    if units == 0:
        return {cost}
    if units == ALL or units >= sum(cost):
        return {tuple(0 for _ in cost)}
    present = [r for r, n in enumerate(cost) for _ in range(n)]
    found = set()
    for dropped in combinations_with_replacement(sorted(set(present)), units):
        left = list(cost)
        for r in dropped:
            left[r] -= 1
        if min(left) >= 0:
            found.add(tuple(left))
    return found


def discounted_payments(cost, units, city, left, right) -> tuple:
    """payment_options for the cost with `units` units waived, the builder's best ways."""
    costs = waived(cost, units)
    if len(costs) == 1:
        return payment_options(next(iter(costs)), city, left, right)
    found = set()
    for each in costs:
        found.update(payment_options(each, city, left, right))
    return tuple(pareto(found))


def cost_for(city, left, right, source) -> tuple[tuple, int, int]:
    """(resource cost, coins, resource units waived) of a card or stage for this city."""
    units, off = rebates(city, left, right, source.color if source.kind == "card" else None)
    return source.cost, coins_due(source.cost_coins, off), units


def coins_paid(game, seat: int, source) -> int:
    """The coins a city pays the bank for a card or stage it builds now."""
    if not game.tables.cost_changers:
        return source.cost_coins
    city = game.cities[seat]
    left, right = game.neighbours(seat)
    if not touched(city, left, right):
        return source.cost_coins
    return cost_for(city, left, right, source)[1]

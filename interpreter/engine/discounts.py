"""`COLOURS cards cost 1 resource less`, `wonder stages cost no coins`, `... of neighbours
...`: what a building or a wonder stage costs a city once the discounts that reach it are
taken off, and under a law `resources of ... are paid in coins, N a unit` what its
resources cost in coins.  A city's own discounts (scope `own city`) and its neighbours' (a left
neighbour's `right neighbour` discount is for this city, and the other way round) add up;
a resource discount lets the builder waive any units of the cost, so every way of
waiving them is a cost the payment search is asked about."""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from .payment.order import Pair, Payments, Units, pareto
from .payment.trio import payment_options

if TYPE_CHECKING:
    from ..compile import Source
    from .city import City
    from .game import Game

Priced = tuple[int, list[tuple[int, int, int]]]   # (coins, payments (left, right, bank)): prices.py `payments_for`

ALL = -1


def rebates(city: City, left: City, right: City, color: str | None) -> tuple[int, int]:
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


def touched(city: City, left: City, right: City) -> bool:
    """Whether any discount could reach this city (the common case: none)."""
    return bool(city.discounts or left.discounts or right.discounts)


def coins_due(cost_coins: int, off: int) -> int:
    return 0 if off == ALL else max(0, cost_coins - off)


def waived(cost: Units, units: int) -> set[Units]:
    """Every cost left once `units` units of it are waived (ALL: nothing left)."""
    if units == 0:
        return {cost}
    if units == ALL or units >= sum(cost):
        return {tuple(0 for _ in cost)}
    present = [r for r, n in enumerate(cost) for _ in range(n)]
    found: set[Units] = set()
    for dropped in combinations_with_replacement(sorted(set(present)), units):
        left = list(cost)
        for r in dropped:
            left[r] -= 1
        if min(left) >= 0:
            found.add(tuple(left))
    return found


def discounted_payments(cost: Units, units: int, city: City, left: City, right: City) -> Payments:
    """payment_options for the cost with `units` units waived, the builder's best ways."""
    costs = waived(cost, units)
    if len(costs) == 1:
        return payment_options(next(iter(costs)), city, left, right)
    found: set[Pair] = set()
    for each in costs:
        found.update(payment_options(each, city, left, right))
    return tuple(pareto(found))


def cost_for(city: City, left: City, right: City, source: Source) -> tuple[Units, int, int]:
    """(resource cost, coins, resource units waived) of a card or stage for this city."""
    units, off = rebates(city, left, right, source.color if source.kind == "card" else None)
    return source.cost, coins_due(source.cost_coins, off), units


def coins_paid(game: Game, seat: int, source: Source) -> int:
    """The coins a city pays the bank for a card or stage it builds now."""
    if not game.tables.cost_changers:
        return source.cost_coins
    city = game.cities[seat]
    left, right = game.neighbours(seat)
    if not touched(city, left, right):
        return source.cost_coins
    return cost_for(city, left, right, source)[1]


def coin_rate(city: City, source: Source) -> int | None:
    """The coins a unit of the source's resources is paid with under the laws in force
    (`resources of COLOURS cards are paid in coins, N a unit`, or `of wonder stages`): the
    lowest rate of the laws that reach it, or None when none does (read only for a city
    that has such a law in force, `city.coinage`)."""
    color = source.color if source.kind == "card" else None
    rates = [rate for colors, rate in city.coinage if (color in colors if color is not None else not colors)]
    return min(rates) if rates else None


def coined(city: City, neighbours: tuple[City, City] | None, source: Source, rate: int) -> Priced | None:
    """What a city pays for a source whose resources are paid in coins (`coin_rate`), as
    `payments_for` in engine/prices.py gives it: (the cost's own coins after the coin
    discounts, [(0, 0, the resources' coins)]), the resources' coins paid to the bank (an
    action's `bank`, so the move's label shows them); nothing is produced or bought.  The
    resource discounts that reach it lower the units paid; `neighbours`: the city's, when
    a discount may reach it (else None).  None when the city cannot pay."""
    if neighbours is not None and touched(city, *neighbours):
        _cost, coins, units = cost_for(city, *neighbours, source)
    else:
        coins, units = source.cost_coins, 0
    owed = 0 if units == ALL else max(0, sum(source.cost) - units) * rate
    if coins + owed > city.coins:
        return None
    return coins, [(0, 0, owed)]


def bank_units(city: City, source: Source, bank: int) -> int:
    """The units a payment of `bank` coins bought from the bank (`buy N resources from the
    bank each turn for P coins`), counted against the turn's limit; none when the source's
    resources are paid in coins (`coined`: no resource is bought)."""
    if not city.bank[1] or (city.coinage and coin_rate(city, source) is not None):
        return 0
    return bank // city.bank[1]

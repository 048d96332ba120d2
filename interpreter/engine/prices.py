"""What a city pays for a card or a wonder stage: its coin cost after the discounts that
reach it, and the ways to pay for its resources (from its neighbours, with its rebates, from
the bank), cheapest first.  Apart from engine/actions.py, which makes the legal actions of
these prices; the discounts themselves are engine/discounts.py's, the payment search
engine/payment/'s."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from .discounts import Priced, coin_rate, coined, cost_for, discounted_payments, touched, waived
from .payment.order import Pair, Units
from .payment.trio import trio_of

if TYPE_CHECKING:
    from ..compile import Source
    from .city import City
    from .game import Game
    from .payment.trio import Trio

Neighbours = tuple["City", "City"]
Paid = tuple[int, int, int]      # (coins to the left, to the right, to the bank)


def stage_payments(game: Game, seat: int, trio: Trio | None = None) -> list[Pair]:
    """The affordable (left, right) payments for the city's next wonder stage that buy
    nothing from the bank, cheapest first; none when every stage is built or it cannot
    be paid so (`stage_payments_with_bank` has them all)."""
    return [(l, r) for l, r, b in stage_payments_with_bank(game, seat, trio) if not b]


def stage_payments_with_bank(game: Game, seat: int, trio: Trio | None = None, number: int = -1) -> list[Paid]:
    """The affordable (left, right, bank) payments for the city's next wonder stage (or,
    on a side of `stages in any order`, its stage `number`, counted from 0), cheapest first
    (bank: coins for resources bought from the bank)."""
    city = game.cities[seat]
    trio = trio or trio_of(city, *game.neighbours(seat))
    if number < 0:
        return next_stage_payments(city, trio, special_of(game, city))
    priced = payments_for(city, trio, special_of(game, city), city.side.stages[number])
    return [] if priced is None else priced[1]


def special_of(game: Game, city: City) -> Neighbours | None:
    """The city's neighbours when a discount or a rebate reaches it, else None (the common
    case: then the payments are the trio's alone; in rules without any, known at once)."""
    if not game.tables.cost_changers:
        return None
    left, right = game.neighbours(city.seat)
    if touched(city, left, right) or city.rebate[0] or city.rebate[1] or city.bank[0]:
        return left, right
    return None


def next_stage_payments(city: City, trio: Trio, special: Neighbours | None) -> list[Paid]:
    """The payments of the city's next wonder stage (none when every stage is built)."""
    stage = city.next_stage()
    if stage is None:
        return []
    priced = payments_for(city, trio, special, stage)
    return [] if priced is None else priced[1]


def stage_offers(city: City, trio: Trio, special: Neighbours | None) -> list[tuple[int, list[Paid]]]:
    """Each stage the city may build now with its payments, as (stage, payments): the next
    stage (-1) on a side built in order; on a side of `stages in any order`, each stage
    not built yet, by its number from 0 (those it cannot pay left out)."""
    if not city.side.any_order:
        payments = next_stage_payments(city, trio, special)
        return [(-1, payments)] if payments else []
    offers = []
    for number in city.open_stages():
        priced = payments_for(city, trio, special, city.side.stages[number])
        if priced is not None and priced[1]:
            offers.append((number, priced[1]))
    return offers


def payments_for(city: City, trio: Trio, special: Neighbours | None, source: Source) -> Priced | None:
    """What `city` pays for a card or stage: (its coin cost after discounts, the ways to pay
    for its resources within the coins left, as (left, right, bank), cheapest first), or
    None when the coin cost alone is more than the city has. Discounts, rebates and the
    bank's offer apply only when `special` (the neighbours, from `special_of`) says one may;
    resources paid in coins under a law are paid so (engine/discounts.py `coined`)."""
    if city.coinage:
        rate = coin_rate(city, source)
        if rate is not None:
            return coined(city, special, source, rate)
    coins = source.cost_coins
    options: Sequence[Pair] | None = None
    if special is not None and touched(city, *special):
        cost, coins, units = cost_for(city, *special, source)
        if coins <= city.coins:
            options = discounted_payments(cost, units, city, *special)
    if coins > city.coins:
        return None
    budget = city.coins - coins
    if options is None:
        options = trio.options(source.cost)
    if special is not None and (city.rebate[0] or city.rebate[1]):
        options = rebated(options, city.rebate)
    if city.bank[0] and special is not None:   # (a city that buys from the bank is `special_of`: its neighbours)
        paid = with_bank(options, cost_for(city, *special, source), city, special)
        return coins, [p for p in paid if p[0] + p[1] + p[2] <= budget]
    return coins, [(l, r, 0) for l, r in options if l + r <= budget]


def with_bank(options: Iterable[Pair], cost: tuple[Units, int, int], city: City, neighbours: Neighbours) -> list[Paid]:
    """(left, right, bank) payments of a city that may buy up to `city.bank[0]` units a
    turn (less those bought this turn already, `city.bank_used`) of its cost from the bank
    at `city.bank[1]` coins each: the trade-only `options` with no
    unit bought, and for every number of units bought, the payments of what is left of
    the cost (every way of choosing those units), the undominated ones, cheapest first."""
    resources, _coins, waived_units = cost
    units, price = city.bank
    units -= city.bank_used
    left, right = neighbours
    found = {(l, r, 0) for l, r in options}
    for bought in range(1, units + 1):
        for rest in waived(resources, bought):
            if sum(rest) + bought > sum(resources):
                continue                      # fewer units were left than bought
            paid: Sequence[Pair] = discounted_payments(rest, waived_units, city, left, right)
            if city.rebate[0] or city.rebate[1]:
                paid = rebated(paid, city.rebate)
            found.update((l, r, bought * price) for l, r in paid)
    kept = [p for p in found if not any(q != p and q[0] <= p[0] and q[1] <= p[1] and q[2] <= p[2] for q in found)]
    return sorted(kept, key=lambda p: (sum(p), p))


def rebated(options: Iterable[Pair], rebate: Sequence[int]) -> list[Pair]:
    """Payments with a city's rebates (`buy the first resource from ... for N coins less`)
    taken off what goes to each side, cheapest first, each once."""
    off_left, off_right = rebate
    found = {(max(0, l - off_left), max(0, r - off_right)): None for l, r in options}
    return sorted(found, key=lambda p: p[0] + p[1])

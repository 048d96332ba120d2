"""The payments of a city between its two neighbours, memoised: where the rest of the
engine asks (`payment_options`, `trio_of`, `every_payment`).

Each city carries small integers naming what it can use and what it sells (`signature`);
the three of a city and its neighbours name a `Trio`, which holds the payments of each
cost asked of it and reads the production tables once.  A trio answers a new cost by
the quickest way that applies: resource by resource (by_resource.py) when no choice
production links two needed resources, else the general search (search.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from .by_resource import by_own_states, by_units, cheapest_by_units
from .order import FREE, Choices, Masks, Pair, Payments, Units, coins_order
from .search import may_cover, search_payments

if TYPE_CHECKING:
    from ..city import City
    from .by_resource import Paying


_SIGNATURES: dict[tuple[Any, ...], int] = {}
BY_ID: list[tuple[Any, ...]] = []     # signature -> its tables (fixed units, choices[, prices])


def signature(*parts: Iterable[Any]) -> int:
    """A small integer standing for these production tables (the same tables, the same id)."""
    key = tuple([tuple(p) for p in parts])
    found = _SIGNATURES.get(key)
    if found is None:
        found = _SIGNATURES[key] = len(BY_ID)
        BY_ID.append(key)
    return found


_RESULTS: dict[tuple[int, int, int], "Trio"] = {}     # (use, left sells, right sells) -> its memo and tables
_MAX_RESULTS = 500_000                 # costs memoised in all, before the memo starts again
_STORED = [0]
BY_RESOURCE = True  # needs whose resources no choice production links are paid resource by resource


def clear_memo() -> None:
    """Forget every payment found (tests and benches that time or count the search)."""
    _RESULTS.clear()
    _STORED[0] = 0


def payment_options(cost: Units, city: City, left: City, right: City) -> Payments:
    if not any(cost):
        return FREE                      # a third of the calls: no resources asked (no search, no memo)
    return trio_of(city, left, right).options(cost)


def trio_of(city: City, left: City, right: City) -> "Trio":
    """The payments of `city` between these neighbours now (one lookup for a whole hand)."""
    trio = _RESULTS.get((city.use_sig, left.sell_sig, right.sell_sig))
    return Trio(city.use_sig, left.sell_sig, right.sell_sig) if trio is None else trio


class Trio:
    """A city between two neighbours' sales: the payments of each cost asked so far, and
    the production tables read once.  Most costs are asked of a trio once or twice (every
    city's production changes as it builds), so what counts is answering a new cost
    quickly: its `reach` (units of each resource that all the production together could
    give at most) rejects about half of them at once, and a need whose resources no choice
    links is paid resource by resource (`by_resource`) on bit masks of the choices."""

    __slots__ = ("memo", "cheap", "reach", "total", "own_fixed", "own_choices", "lfixed", "lchoices", "rfixed",
                 "rchoices", "lprice", "rprice", "masks", "bought_masks")
    memo: dict[Units, Payments]
    cheap: dict[Units, Pair | None]
    own_fixed: Units
    own_choices: Choices
    lprice: Units
    rprice: Units
    lfixed: Units
    lchoices: Choices
    rfixed: Units
    rchoices: Choices
    reach: Units
    total: int
    bought_masks: Masks
    masks: Masks

    def __init__(self, use_sig: int, left_sig: int, right_sig: int) -> None:
        if _STORED[0] >= _MAX_RESULTS:
            clear_memo()
        self.memo = {}
        self.cheap = {}
        self.own_fixed, self.own_choices, self.lprice, self.rprice = BY_ID[use_sig]
        self.lfixed, self.lchoices = BY_ID[left_sig]
        self.rfixed, self.rchoices = BY_ID[right_sig]
        own, left, right = _gives(use_sig), _gives(left_sig), _gives(right_sig)
        self.reach = tuple([a + b + c for a, b, c in zip(own.most, left.most, right.most)])
        self.total = own.total + left.total + right.total
        self.bought_masks = tuple([(1, mask) for mask in left.masks] + [(2, mask) for mask in right.masks])
        self.masks = tuple([(0, mask) for mask in own.masks]) + self.bought_masks
        _RESULTS[use_sig, left_sig, right_sig] = self

    def options(self, cost: Units) -> Payments:
        """`payment_options` of this city between these neighbours (a cost asking no
        resources is memoised too: a hand's free cards are then one lookup, like the rest)."""
        found = self.memo.get(cost)
        if found is None:
            found = self.memo[cost] = self.solve(cost)
            _STORED[0] += 1
        return found

    def cheapest(self, cost: Units) -> Pair | None:
        """The first of `options(cost)` (fewest coins in all, then fewest to the left), or
        None when the cost cannot be paid: for a player that prices a card by its cheapest
        way alone (the search's rollouts), found without the other payments when the need
        is paid resource by resource."""
        found = self.cheap.get(cost, False)
        if found is False:
            options = self.memo.get(cost) if self.memo else None    # (a rollout's trio lists none)
            if options is None:
                options = self.solve(cost, cheapest_by_units)
            found = self.cheap[cost] = options[0] if options else None
            _STORED[0] += 1
        return found      # type: ignore[return-value]  # (mypy reads get(cost, False) as a bool: False is the sentinel)

    def solve(self, cost: Units, paying: Paying | None = None) -> Payments:
        """The payments of `cost`; with `paying` (`cheapest_by_units`) the cheapest
        alone (or more) when the need is paid resource by resource."""
        asked = _ASKED.get(cost)
        if asked is None:
            asked = _ASKED[cost] = (tuple([(r, n) for r, n in enumerate(cost) if n]), sum(cost))
        pairs, units = asked
        if units > self.total:
            return ()
        reach, own_fixed = self.reach, self.own_fixed
        need: list[Pair] = []
        needed = 0                          # what own fixed production leaves, and its resources
        for r, n in pairs:
            if n > reach[r]:
                return ()
            if n > own_fixed[r]:
                need.append((r, n - own_fixed[r]))
                needed |= 1 << r
        if not needed:
            return FREE
        found: Payments | None = None
        if BY_RESOURCE:
            found = (paying or by_units)(need, self, needed, self.masks)
            if found is None:
                found = by_own_states(_dense(need, len(cost)), self, needed, paying)
        if found is None:
            found = ()
            args = (_dense(need, len(cost)), self.own_choices, self.lfixed, self.lchoices, self.rfixed, self.rchoices)
            if may_cover(*args):
                found = search_payments(*args, self.lprice, self.rprice)
        return found


_ASKED: dict[Units, tuple[tuple[Pair, ...], int]] = {}        # cost -> ((resource, units) of each resource it asks, units in all)


def _dense(need: Iterable[Pair], size: int) -> Units:
    """A need as (resource, units) pairs, as a tuple of units of every resource."""
    dense = [0] * size
    for r, n in need:
        dense[r] = n
    return tuple(dense)


class Gives(NamedTuple):
    """What some production tables can give: at most `most[r]` units of resource r,
    `total` units in all, and each choice as a bit `mask` of its resources."""
    most: Units
    total: int
    masks: tuple[int, ...]


_GIVES: dict[int, Gives] = {}          # signature -> what its production can give (`_gives`)


def _gives(sig: int) -> Gives:
    """What the production tables `sig` (fixed units, then choices: a city's use and sale
    signatures both start so) can give, worked out once per signature, not for every
    trio it takes part in (a search makes thousands)."""
    found = _GIVES.get(sig)
    if found is None:
        fixed, choices = BY_ID[sig][:2]
        most = list(fixed)
        for options in choices:
            for r in set(options):
                most[r] += 1
        found = _GIVES[sig] = Gives(tuple(most), sum(fixed) + len(choices), tuple(_mask(o) for o in choices))
    return found


def _mask(resources: Iterable[int]) -> int:
    mask = 0
    for r in resources:
        mask |= 1 << r
    return mask


def every_payment(cost: Units, city: City, left: City, right: City) -> list[Pair]:
    """Every (left, right) payment, dominated ones included, cheapest first: for a city
    whose controller may buy from either neighbour whatever the price."""
    own_fixed, own_choices, lprice, rprice = BY_ID[city.use_sig]
    lfixed, lchoices = BY_ID[left.sell_sig]
    rfixed, rchoices = BY_ID[right.sell_sig]
    need = tuple(c - f if c > f else 0 for c, f in zip(cost, own_fixed))
    if not any(need):
        return [(0, 0)]
    found = search_payments(need, own_choices, lfixed, lchoices, rfixed, rchoices, lprice, rprice, keep=set)
    return sorted(found, key=coins_order)

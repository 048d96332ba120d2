"""The quick way to pay most costs: resource by resource.

When no choice production offers two needed resources (a choice that offers only one
of them is a unit of it), every needed resource is bought on its own: its units from own
choices (free), then k from the left and the rest from the right, and the payments are
the undominated sums of one way per resource.  A few microseconds where the general
search (search.py) takes tens; each function answers None when it does not apply.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .order import FREE, Masks, Need, Pair, Payments, Units, coins_order, pareto, undominated
from .search import own_states

if TYPE_CHECKING:
    from .trio import Trio

# a way to pay a need resource by resource: `by_units`, or `cheapest_by_units`; None when a
# choice production links two needed resources
Paying = Callable[[Need, "Trio", int, Masks], "Payments | None"]
Range = tuple[int, int, int, int, int]     # (units, fewest from the left, most from the left, left price, right price)


def by_own_states(need: Units, trio: Trio, needed: int, paying: Paying | None = None) -> Payments | None:
    """The payments when only the city's own choice productions link needed resources (most
    of the rest: a production offering any raw material), or None: each residual need left
    by its own choices (always used when they help, being free) is paid resource by
    resource, and the undominated payments of all of them are kept.  With `paying`
    (`cheapest_by_units`) the cheapest payment alone: the cheapest of the states' cheapest."""
    for _base, mask in trio.bought_masks:
        hit = mask & needed
        if hit & (hit - 1):
            return None
    states = own_states(trio.own_choices, need)
    found: set[tuple[int, int]] = set()
    for state in states:
        if not any(state):
            return FREE
        paid = (paying or by_units)([(r, n) for r, n in enumerate(state) if n], trio, needed, trio.bought_masks)
        found.update(paid)       # type: ignore[arg-type]  # (not None: no choice bought links two, above)
    if paying is not None and len(found) > 1:
        return (min(found, key=coins_order),)
    return tuple(pareto(found)) if len(found) > 1 else tuple(found)


def by_resource(need: Units, trio: Trio, needed: int, masks: Masks) -> Payments | None:
    """`by_units` of a need given as units of every resource."""
    return by_units([(r, n) for r, n in enumerate(need) if n], trio, needed, masks)


_NONE: dict[int, int] = {}        # no units (never written)
_NO_UNITS = (_NONE, _NONE, _NONE)


def _choice_units(masks: Masks, needed: int) -> tuple[dict[int, int], dict[int, int], dict[int, int]] | None:
    """The units of each needed resource that the choices of each side give (own, left,
    right: resource -> units), or None when a choice production offers two needed
    resources."""
    if not masks:
        return _NO_UNITS
    sides: tuple[dict[int, int], dict[int, int], dict[int, int]] = ({}, {}, {})
    for base, mask in masks:
        hit = mask & needed
        if hit:
            if hit & (hit - 1):
                return None                         # it links two needed resources
            units = sides[base]
            r = hit.bit_length() - 1
            units[r] = units.get(r, 0) + 1
    return sides


def _ranges(need: Need, trio: Trio, needed: int, masks: Masks) -> list[Range] | tuple[()] | None:
    """Each needed resource bought on its own, as (units, fewest from the left, most from
    the left, left price, right price), once own choices gave theirs; None when a choice
    production offers two needed resources, () when some resource cannot be had."""
    sides = _choice_units(masks, needed)
    if sides is None:
        return None
    own, left, right = sides
    lfixed, rfixed, lprice, rprice = trio.lfixed, trio.rfixed, trio.lprice, trio.rprice
    found: list[Range] = []
    for r, n in need:
        n -= own.get(r, 0)
        if n > 0:
            low, high = max(0, n - rfixed[r] - right.get(r, 0)), min(n, lfixed[r] + left.get(r, 0))
            if low > high:
                return ()
            found.append((n, low, high, lprice[r], rprice[r]))
    return found


def by_units(need: Need, trio: Trio, needed: int, masks: Masks) -> Payments | None:
    """The payments when no choice production offers two needed resources (most needs:
    a choice that offers only one of them is a unit of it), or None.  Then every needed
    resource (`need`: (resource, units) pairs) is bought on its own: its units from own
    choices (free), then k from the left and the rest from the right, and the payments
    are the undominated sums of one way per resource.  A few microseconds where the
    general search takes tens."""
    ranges = _ranges(need, trio, needed, masks)
    if not ranges:
        return ranges if ranges is None or type(ranges) is tuple else FREE
    paid: list[Pair] = [(0, 0)]
    for n, low, high, lp, rp in ranges:
        if low == high:
            x, y = low * lp, (n - low) * rp
            paid = [(a + x, b + y) for a, b in paid]
        else:
            paid = undominated({(a + k * lp, b + (n - k) * rp) for a, b in paid for k in range(low, high + 1)})
    # undominated already (a fixed amount added to undominated pairs leaves them so): only ordered
    return tuple(sorted(paid, key=coins_order)) if len(paid) > 1 else tuple(paid)


def cheapest_by_units(need: Need, trio: Trio, needed: int, masks: Masks) -> Payments | None:
    """The first of `by_units` alone (as a tuple of it; () when the need cannot be paid;
    None when a choice links two needed resources).  Coins in all, then coins to the left,
    add up over the resources, so the cheapest way is the cheapest way of each resource:
    as many units as may be from the cheaper side, from the left only when it is cheaper.
    (The ranges of `_ranges` summed as they are found: the search's rollouts ask this of
    every card they price anew.)"""
    sides = _choice_units(masks, needed)
    if sides is None:
        return None
    own, left, right = sides
    lfixed, rfixed, lprice, rprice = trio.lfixed, trio.rfixed, trio.lprice, trio.rprice
    a = b = 0
    for r, n in need:
        n -= own.get(r, 0)
        if n > 0:
            low, high = n - rfixed[r] - right.get(r, 0), lfixed[r] + left.get(r, 0)
            if low < 0:
                low = 0
            if high > n:
                high = n
            if low > high:
                return ()
            lp, rp = lprice[r], rprice[r]
            k = high if lp < rp else low
            a += k * lp
            b += (n - k) * rp
    return ((a, b),)

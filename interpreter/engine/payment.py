"""The payment search: how a city can pay a resource cost with its own production and by
buying from its neighbours.  The result is every undominated (coins to left, coins to
right) pair, cheapest first; an empty list means the cost cannot be produced.

Own fixed production is used first; own choice productions are assigned next (free, so
always used when they help); then neighbours' tradable choice cards and fixed units are
bought at the city's price per direction and resource.  Results are memoised on the
exact inputs: each city carries small integers naming what it can use and what it sells
(see `signature`); the three of a city and its neighbours name a `Trio`, which holds the
payments of each cost asked of it.
"""

from __future__ import annotations

from operator import le
from typing import NamedTuple

from .payment_bits import BITS_UP_TO, split_payments

_SIGNATURES: dict[tuple, int] = {}
_BY_ID: list[tuple] = []
_RESULTS: dict[tuple, "Trio"] = {}     # (use, left sells, right sells) -> its memo and tables
_MAX_RESULTS = 500_000                 # costs memoised in all, before the memo starts again
_STORED = [0]
WORK = [0]   # residual needs carried from one choice production to the next, ever (tests count it)
BY_RESOURCE = True  # needs whose resources no choice production links are paid resource by resource
BITS_FROM = 128    # from this many residual needs, payments are found on bit sets (payment_bits)


def signature(*parts) -> int:
    """A small integer standing for these production tables (the same tables, the same id)."""
    key = tuple([tuple(p) for p in parts])
    found = _SIGNATURES.get(key)
    if found is None:
        found = _SIGNATURES[key] = len(_BY_ID)
        _BY_ID.append(key)
    return found


def clear_memo() -> None:
    """Forget every payment found (tests and benches that time or count the search)."""
    _RESULTS.clear()
    _STORED[0] = 0


_FREE = ((0, 0),)


def payment_options(cost, city, left, right) -> tuple[tuple[int, int], ...]:
    if not any(cost):
        return _FREE                      # a third of the calls: no resources asked (no search, no memo)
    return trio_of(city, left, right).options(cost)


def trio_of(city, left, right) -> "Trio":
    """The payments of `city` between these neighbours now (one lookup for a whole hand)."""
    trio = _RESULTS.get((city.use_sig, left.sell_sig, right.sell_sig))
    return Trio(city.use_sig, left.sell_sig, right.sell_sig) if trio is None else trio


class Trio:
    """A city between two neighbours' sales: the payments of each cost asked so far, and
    the production tables read once.  Most costs are asked of a trio once or twice (every
    city's production changes as it builds), so what counts is answering a new cost
    quickly: its `reach` (units of each resource that all the production together could
    give at most) rejects about half of them at once, and a need whose resources no choice
    links is paid resource by resource (`_by_resource`) on bit masks of the choices."""

    __slots__ = ("memo", "cheap", "reach", "total", "own_fixed", "own_choices", "lfixed", "lchoices", "rfixed",
                 "rchoices", "lprice", "rprice", "masks", "bought_masks")

    def __init__(self, use_sig: int, left_sig: int, right_sig: int):
        if _STORED[0] >= _MAX_RESULTS:
            clear_memo()
        self.memo: dict[tuple, tuple] = {}
        self.cheap: dict[tuple, tuple | None] = {}
        self.own_fixed, self.own_choices, self.lprice, self.rprice = _BY_ID[use_sig]
        self.lfixed, self.lchoices = _BY_ID[left_sig]
        self.rfixed, self.rchoices = _BY_ID[right_sig]
        own, left, right = _gives(use_sig), _gives(left_sig), _gives(right_sig)
        self.reach = tuple([a + b + c for a, b, c in zip(own.most, left.most, right.most)])
        self.total = own.total + left.total + right.total
        self.bought_masks = tuple([(1, mask) for mask in left.masks] + [(2, mask) for mask in right.masks])
        self.masks = tuple([(0, mask) for mask in own.masks]) + self.bought_masks
        _RESULTS[use_sig, left_sig, right_sig] = self

    def options(self, cost) -> tuple[tuple[int, int], ...]:
        """`payment_options` of this city between these neighbours (a cost asking no
        resources is memoised too: a hand's free cards are then one lookup, like the rest)."""
        found = self.memo.get(cost)
        if found is None:
            found = self.memo[cost] = self.solve(cost)
            _STORED[0] += 1
        return found

    def cheapest(self, cost) -> tuple[int, int] | None:
        """The first of `options(cost)` (fewest coins in all, then fewest to the left), or
        None when the cost cannot be paid: for a player that prices a card by its cheapest
        way alone (the search's rollouts), found without the other payments when the need
        is paid resource by resource."""
        found = self.cheap.get(cost, False)
        if found is False:
            options = self.memo.get(cost)
            if options is None:
                options = self.solve(cost, _cheapest_by_units)
            found = self.cheap[cost] = options[0] if options else None
            _STORED[0] += 1
        return found

    def solve(self, cost, by_units=None) -> tuple[tuple[int, int], ...]:
        """The payments of `cost`; with `by_units` (`_cheapest_by_units`) the cheapest
        alone (or more) when the need is paid resource by resource."""
        asked = _ASKED.get(cost)
        if asked is None:
            asked = _ASKED[cost] = (tuple([(r, n) for r, n in enumerate(cost) if n]), sum(cost))
        pairs, units = asked
        if units > self.total:
            return ()
        reach, own_fixed = self.reach, self.own_fixed
        need, needed = [], 0                         # what own fixed production leaves, and its resources
        for r, n in pairs:
            if n > reach[r]:
                return ()
            if n > own_fixed[r]:
                need.append((r, n - own_fixed[r]))
                needed |= 1 << r
        if not needed:
            return _FREE
        found = None
        if BY_RESOURCE:
            found = (by_units or _by_units)(need, self, needed, self.masks)
            if found is None:
                found = _by_own_states(_dense(need, len(cost)), self, needed, by_units)
        if found is None:
            found = ()
            args = (_dense(need, len(cost)), self.own_choices, self.lfixed, self.lchoices, self.rfixed, self.rchoices)
            if _may_cover(*args):
                found = _search(*args, self.lprice, self.rprice)
        return found


_ASKED: dict[tuple, tuple] = {}        # cost -> ((resource, units) of each resource it asks, units in all)


def _dense(need, size: int) -> tuple:
    """A need as (resource, units) pairs, as a tuple of units of every resource."""
    dense = [0] * size
    for r, n in need:
        dense[r] = n
    return tuple(dense)


class Gives(NamedTuple):
    """What some production tables can give: at most `most[r]` units of resource r,
    `total` units in all, and each choice as a bit `mask` of its resources."""
    most: tuple
    total: int
    masks: tuple


_GIVES: dict[int, Gives] = {}          # signature -> what its production can give (`_gives`)


def _gives(sig: int) -> Gives:
    """What the production tables `sig` (fixed units, then choices: a city's use and sale
    signatures both start so) can give, worked out once per signature, not for every
    trio it takes part in (a search makes thousands)."""
    found = _GIVES.get(sig)
    if found is None:
        fixed, choices = _BY_ID[sig][:2]
        most = list(fixed)
        for options in choices:
            for r in set(options):
                most[r] += 1
        found = _GIVES[sig] = Gives(tuple(most), sum(fixed) + len(choices), tuple(_mask(o) for o in choices))
    return found


def _mask(resources) -> int:
    mask = 0
    for r in resources:
        mask |= 1 << r
    return mask


def _by_own_states(need, trio: Trio, needed: int, by_units=None):
    """The payments when only the city's own choice productions link needed resources (most
    of the rest: a production offering any raw material), or None: each residual need left
    by its own choices (always used when they help, being free) is paid resource by
    resource, and the undominated payments of all of them are kept.  With `by_units`
    (`_cheapest_by_units`) the cheapest payment alone: the cheapest of the states' cheapest."""
    for _base, mask in trio.bought_masks:
        hit = mask & needed
        if hit & (hit - 1):
            return None
    states = _after_own_choices(need, [options for options, _side in _useful_copies(trio.own_choices, need, 0)])
    found: set[tuple[int, int]] = set()
    for state in states:
        if not any(state):
            return _FREE
        paid = (by_units or _by_units)([(r, n) for r, n in enumerate(state) if n], trio, needed, trio.bought_masks)
        found.update(paid)
    if by_units is not None and len(found) > 1:
        return (min(found, key=_cheapest),)
    return tuple(pareto(found)) if len(found) > 1 else tuple(found)


def _by_resource(need, trio: Trio, needed: int, masks):
    """`_by_units` of a need given as units of every resource."""
    return _by_units([(r, n) for r, n in enumerate(need) if n], trio, needed, masks)


_NONE: dict = {}        # no units (never written)


def _ranges(need, trio: Trio, needed: int, masks):
    """Each needed resource bought on its own, as (units, fewest from the left, most from
    the left, left price, right price), once own choices gave theirs; None when a choice
    production offers two needed resources, () when some resource cannot be had."""
    own = left = right = _NONE                          # units of each needed resource the choices give
    if masks:
        own, left, right = sides = ({}, {}, {})
        for base, mask in masks:
            hit = mask & needed
            if hit:
                if hit & (hit - 1):
                    return None                         # it links two needed resources
                units = sides[base]
                r = hit.bit_length() - 1
                units[r] = units.get(r, 0) + 1
    lfixed, rfixed, lprice, rprice = trio.lfixed, trio.rfixed, trio.lprice, trio.rprice
    found = []
    for r, n in need:
        n -= own.get(r, 0)
        if n > 0:
            low, high = max(0, n - rfixed[r] - right.get(r, 0)), min(n, lfixed[r] + left.get(r, 0))
            if low > high:
                return ()
            found.append((n, low, high, lprice[r], rprice[r]))
    return found


def _by_units(need, trio: Trio, needed: int, masks):
    """The payments when no choice production offers two needed resources (most needs:
    a choice that offers only one of them is a unit of it), or None.  Then every needed
    resource (`need`: (resource, units) pairs) is bought on its own: its units from own
    choices (free), then k from the left and the rest from the right, and the payments
    are the undominated sums of one way per resource.  A few microseconds where the
    general search takes tens."""
    ranges = _ranges(need, trio, needed, masks)
    if not ranges:
        return ranges if ranges is None or ranges == () else _FREE
    paid = [(0, 0)]
    for n, low, high, lp, rp in ranges:
        if low == high:
            x, y = low * lp, (n - low) * rp
            paid = [(a + x, b + y) for a, b in paid]
        else:
            paid = _undominated({(a + k * lp, b + (n - k) * rp) for a, b in paid for k in range(low, high + 1)})
    # undominated already (a fixed amount added to undominated pairs leaves them so): only ordered
    return tuple(sorted(paid, key=_cheapest)) if len(paid) > 1 else tuple(paid)


def _cheapest_by_units(need, trio: Trio, needed: int, masks):
    """The first of `_by_units` alone (as a tuple of it; () when the need cannot be paid;
    None when a choice links two needed resources).  Coins in all, then coins to the left,
    add up over the resources, so the cheapest way is the cheapest way of each resource:
    as many units as may be from the cheaper side, from the left only when it is cheaper."""
    ranges = _ranges(need, trio, needed, masks)
    if not ranges:
        return ranges if ranges is None or ranges == () else _FREE
    a = b = 0
    for n, low, high, lp, rp in ranges:
        k = high if lp < rp else low
        a += k * lp
        b += (n - k) * rp
    return ((a, b),)


def _undominated(pairs) -> list[tuple[int, int]]:
    """`pareto` without its final ordering (for the steps before the last)."""
    kept, best_right = [], None
    for left, right in sorted(pairs):
        if best_right is None or right < best_right:
            kept.append((left, right))
            best_right = right
    return kept


def _may_cover(need, own_choices, lfixed, lchoices, rfixed, rchoices) -> bool:
    """A quick bound: False when even all production together cannot cover the need."""
    for r, n in enumerate(need):
        if n and n > lfixed[r] + rfixed[r] + sum(1 for options in own_choices + lchoices + rchoices
                                                 if r in options):
            return False
    return sum(need) <= sum(lfixed) + sum(rfixed) + len(own_choices) + len(lchoices) + len(rchoices)


def _search(need, own_choices, lfixed, lchoices, rfixed, rchoices, lprice, rprice, keep=None):
    """Ways to cover `need`: own choice productions first (free), then the neighbours'
    choice productions, then their fixed units.  The choices are a dynamic programme over
    the productions, one at a time, whose states are residual needs: its work grows with
    the number of productions times the number of residual needs (which the cost bounds),
    never with the number of ways to combine the productions, and it has no recursion, so
    no content can make it deep.  `keep` is `pareto` (undominated payments) or `set`
    (every payment).  A large need (BITS_FROM residual needs or more) is searched on bit
    sets instead (payment_bits.py): the same answers, in time that grows with the size of
    the need, not with the productions times the residual needs."""
    keep = keep or pareto
    states = _after_own_choices(need, [options for options, _side in _useful_copies(own_choices, need, 0)])
    if keep is pareto and any(not any(state) for state in states):
        return ((0, 0),)
    bought = _useful_copies(lchoices, need, 0) + _useful_copies(rchoices, need, 1)
    if BITS_FROM <= _box_size(need) <= BITS_UP_TO:
        found = split_payments(need, states, lfixed, [o for o, side in bought if side == 0],
                               rfixed, [o for o, side in bought if side == 1], lprice, rprice,
                               every=keep is not pareto)
        return tuple(keep(found)) if len(found) > 1 else tuple(found)
    payments = {state: {(0, 0)} for state in states}
    if bought:
        fixed = [a + b for a, b in zip(lfixed, rfixed)]
        payments = _buy_choices(payments, bought, (lprice, rprice), fixed, keep)
    splits: dict[tuple[int, int], list] = {}
    found: set[tuple[int, int]] = set()
    for state, paid in payments.items():
        for r, n in enumerate(state):
            if n:
                split = splits.get((r, n))
                if split is None:
                    split = splits[r, n] = _fixed_split(n, lfixed[r], rfixed[r], lprice[r], rprice[r])
                if len(split) == 1:
                    (x, y), = split
                    paid = {(a + x, b + y) for a, b in paid}
                elif split:
                    paid = keep({(a + x, b + y) for a, b in paid for x, y in split})
                else:
                    break
        else:
            found.update(paid)
    return tuple(keep(found)) if len(found) > 1 else tuple(found)


def _box_size(need) -> int:
    """How many residual needs there can be: the product of (need + 1)."""
    size = 1
    for n in need:
        size *= n + 1
    return size


def _useful_copies(choices, need, side) -> list[tuple[tuple[int, ...], int]]:
    """The choice productions that can give a needed unit, as (options, side): of several
    alike, no more than the units they could give in all (more could never be used)."""
    counts: dict[tuple[int, ...], int] = {}
    for options in choices:
        counts[options] = counts.get(options, 0) + 1
    out = []
    for options, count in counts.items():
        useful = sum(need[r] for r in set(options))
        out += [(options, side)] * min(count, useful)
    return out


def _buy_choices(payments: dict, bought, prices, fixed, keep) -> dict:
    """Assign the neighbours' choice productions, each bought for one needed unit or not at
    all; `payments` maps each residual need to its payments so far.  A residual the
    productions still to come and the fixed units cannot cover is dropped at once."""
    rooms = _rooms(bought, fixed)
    for step, (options, side) in enumerate(bought):
        room, total = rooms[step + 1]
        price = prices[side]
        WORK[0] += len(payments)
        nxt: dict[tuple, set] = {}
        for state, paid in payments.items():
            short = [i for i, n in enumerate(state) if n > room[i]]
            over = sum(state) - total
            if len(short) > 1 or over > 1 or (short and state[short[0]] - room[short[0]] > 1):
                continue                       # this production alone cannot close the gap
            if not short and over <= 0:
                _merge(nxt, state, paid)       # not bought
            for i in short or options:
                if i in options and state[i]:
                    coins = price[i]
                    _merge(nxt, state[:i] + (state[i] - 1,) + state[i + 1:],
                           {(a + coins, b) for a, b in paid} if side == 0 else {(a, b + coins) for a, b in paid})
        if keep is pareto:
            payments = {state: set(pareto(paid)) if len(paid) > 1 else paid for state, paid in nxt.items()}
        else:
            payments = nxt
    return payments


def _merge(payments: dict, state: tuple, paid: set) -> None:
    known = payments.get(state)
    if known is None:
        payments[state] = set(paid)
    else:
        known |= paid


def _rooms(bought, fixed):
    """For each step, how many units of each needed resource, and in all, the productions
    from that step on and the fixed units can still give."""
    room, total = list(fixed), sum(fixed)
    rooms = [(tuple(room), total)]
    for options, _side in reversed(bought):
        for i in options:
            room[i] += 1
        total += 1
        rooms.append((tuple(room), total))
    return rooms[::-1]


def _fixed_split(n, lfixed, rfixed, lprice, rprice) -> list[tuple[int, int]]:
    """Every way to buy `n` units of one resource from the neighbours' fixed production."""
    low, high = max(0, n - rfixed), min(n, lfixed)
    return [(k * lprice, (n - k) * rprice) for k in range(low, high + 1)]


def _after_own_choices(need, choices):
    """Every residual need after assigning own choice productions (deduplicated): each is
    used when it helps, being free."""
    states = {need}
    for options in choices:
        nxt = set()
        for state in states:
            useful = [r for r in options if state[r] > 0]
            if not useful:
                nxt.add(state)
            for r in useful:
                nxt.add(state[:r] + (state[r] - 1,) + state[r + 1:])
        states = nxt
    return states


def _cheapest(pair) -> tuple[int, int]:
    """The order of payments: fewest coins in all, then fewest to the left."""
    return pair[0] + pair[1], pair[0]


def pareto(pairs) -> list[tuple[int, int]]:
    """Drop every pair that is no better on either side than another; cheapest first."""
    return sorted(_undominated(pairs), key=_cheapest)


def every_payment(cost, city, left, right) -> list[tuple[int, int]]:
    """Every (left, right) payment, dominated ones included, cheapest first: for a city
    whose controller may buy from either neighbour whatever the price."""
    own_fixed, own_choices, lprice, rprice = _BY_ID[city.use_sig]
    lfixed, lchoices = _BY_ID[left.sell_sig]
    rfixed, rchoices = _BY_ID[right.sell_sig]
    need = tuple(c - f if c > f else 0 for c, f in zip(cost, own_fixed))
    if not any(need):
        return [(0, 0)]
    found = _search(need, own_choices, lfixed, lchoices, rfixed, rchoices, lprice, rprice, keep=set)
    return sorted(found, key=_cheapest)

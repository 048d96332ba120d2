"""The payment search: how a city can pay a resource cost with its own production and by
buying from its neighbours.  The result is every undominated (coins to left, coins to
right) pair, cheapest first; an empty list means the cost cannot be produced.

Own fixed production is used first; own choice productions are assigned next (free, so
always used when they help); then neighbours' tradable choice cards and fixed units are
bought at the city's price per direction and resource.  Results are memoised on the
exact inputs, which repeat a great deal within and across games: each city carries two
small integers naming what it can use and what it sells (see `signature`), so a lookup
hashes the cost and three integers.
"""

from __future__ import annotations

_SIGNATURES: dict[tuple, int] = {}
_BY_ID: list[tuple] = []
_RESULTS: dict[tuple, tuple] = {}      # (cost, use, left sells, right sells) -> options
_SEARCHES: dict[tuple, tuple] = {}     # (need, choices and prices, left sells, right sells) -> options
_MAX_RESULTS = 500_000


def signature(*parts) -> int:
    """A small integer standing for these production tables (the same tables, the same id)."""
    key = tuple(tuple(p) for p in parts)
    found = _SIGNATURES.get(key)
    if found is None:
        found = _SIGNATURES[key] = len(_BY_ID)
        _BY_ID.append(key)
    return found


def payment_options(cost, city, left, right) -> tuple[tuple[int, int], ...]:
    key = (cost, city.use_sig, left.sell_sig, right.sell_sig)
    found = _RESULTS.get(key)
    if found is None:
        own_fixed, own_choices, lprice, rprice = _BY_ID[city.use_sig]
        lfixed, lchoices = _BY_ID[left.sell_sig]
        rfixed, rchoices = _BY_ID[right.sell_sig]
        need = tuple(c - f if c > f else 0 for c, f in zip(cost, own_fixed))
        if not any(need):
            found = ((0, 0),)
        else:
            inner = (need, city.choice_sig, left.sell_sig, right.sell_sig)
            found = _SEARCHES.get(inner)
            if found is None:
                found = ()
                if _may_cover(need, own_choices, lfixed, lchoices, rfixed, rchoices):
                    found = _search(need, own_choices, lfixed, lchoices, rfixed, rchoices, lprice, rprice)
                _SEARCHES[inner] = found
        if len(_RESULTS) >= _MAX_RESULTS:
            _RESULTS.clear()
            _SEARCHES.clear()
        _RESULTS[key] = found
    return found


def _may_cover(need, own_choices, lfixed, lchoices, rfixed, rchoices) -> bool:
    """A quick bound: False when even all production together cannot cover the need."""
    for r, n in enumerate(need):
        if n and n > lfixed[r] + rfixed[r] + sum(1 for options in own_choices + lchoices + rchoices
                                                 if r in options):
            return False
    return sum(need) <= sum(lfixed) + sum(rfixed) + len(own_choices) + len(lchoices) + len(rchoices)


def _search(need, own_choices, lfixed, lchoices, rfixed, rchoices, lprice, rprice):
    results: set[tuple[int, int]] = set()
    for residual in _after_own_choices(need, own_choices):
        if not any(residual):
            return ((0, 0),)
        results.update(_buy(residual, lfixed, lchoices, rfixed, rchoices, lprice, rprice))
    return tuple(pareto(results))


def _after_own_choices(need, choices):
    """Every residual need after assigning own choice productions (deduplicated)."""
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


def _buy(need, lfixed, lchoices, rfixed, rchoices, lprice, rprice, keep=None):
    """Ways to buy `need` from the neighbours: undominated ones (`keep` is `pareto`), or
    all of them (`keep` is `set`)."""
    keep = keep or pareto
    results: set[tuple[int, int]] = set()
    cards = [(options, 0) for options in lchoices] + [(options, 1) for options in rchoices]

    def assign(i, state, lcost, rcost):
        if i == len(cards):
            for extra_l, extra_r in _fixed_split(state, lfixed, rfixed, lprice, rprice, keep):
                results.add((lcost + extra_l, rcost + extra_r))
            return
        options, side = cards[i]
        assign(i + 1, state, lcost, rcost)
        for r in options:
            if state[r] > 0:
                reduced = state[:r] + (state[r] - 1,) + state[r + 1:]
                if side == 0:
                    assign(i + 1, reduced, lcost + lprice[r], rcost)
                else:
                    assign(i + 1, reduced, lcost, rcost + rprice[r])

    assign(0, need, 0, 0)
    return keep(results)


def _fixed_split(need, lfixed, rfixed, lprice, rprice, keep=None):
    """Ways to buy the remaining units from the neighbours' fixed production."""
    keep = keep or pareto
    combos = [(0, 0)]
    for r, n in enumerate(need):
        if n == 0:
            continue
        low, high = max(0, n - rfixed[r]), min(n, lfixed[r])
        if low > high:
            return []
        splits = [(k * lprice[r], (n - k) * rprice[r]) for k in range(low, high + 1)]
        combos = keep({(a + x, b + y) for a, b in combos for x, y in splits})
    return combos


def pareto(pairs) -> list[tuple[int, int]]:
    """Drop every pair that is no better on either side than another; cheapest first."""
    kept: list[tuple[int, int]] = []
    best_right = None
    for left, right in sorted(pairs):
        if best_right is None or right < best_right:
            kept.append((left, right))
            best_right = right
    return sorted(kept, key=lambda p: (p[0] + p[1], p[0]))


def every_payment(cost, city, left, right) -> list[tuple[int, int]]:
    """Every (left, right) payment, dominated ones included, cheapest first: for a city
    whose controller may buy from either neighbour whatever the price."""
    own_fixed, own_choices, lprice, rprice = _BY_ID[city.use_sig]
    lfixed, lchoices = _BY_ID[left.sell_sig]
    rfixed, rchoices = _BY_ID[right.sell_sig]
    need = tuple(c - f if c > f else 0 for c, f in zip(cost, own_fixed))
    if not any(need):
        return [(0, 0)]
    found: set[tuple[int, int]] = set()
    for residual in _after_own_choices(need, own_choices):
        found |= _buy(residual, lfixed, lchoices, rfixed, rchoices, lprice, rprice, keep=set)
    return sorted(found, key=lambda p: (p[0] + p[1], p[0]))

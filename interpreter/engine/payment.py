"""The payment search: how a city can pay a resource cost with its own production and by
buying from its neighbours.  The result is every undominated (coins to left, coins to
right) pair, cheapest first; an empty list means the cost cannot be produced.

Own fixed production is used first; own choice productions are assigned next (free, so
always used when they help); then neighbours' tradable choice cards and fixed units are
bought at the city's price per direction and resource.  Results are memoised on the
exact inputs, which repeat a great deal within a game.
"""

from __future__ import annotations

from functools import lru_cache


def payment_options(cost, city, left, right) -> list[tuple[int, int]]:
    need = tuple(max(0, c - f) for c, f in zip(cost, city.own_fixed))
    if not any(need):
        return [(0, 0)]
    return list(_search(need, tuple(city.own_choices),
                        tuple(left.trade_fixed), tuple(left.trade_choices),
                        tuple(right.trade_fixed), tuple(right.trade_choices),
                        tuple(city.prices["left"]), tuple(city.prices["right"])))


@lru_cache(maxsize=65536)
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


def _buy(need, lfixed, lchoices, rfixed, rchoices, lprice, rprice):
    results: set[tuple[int, int]] = set()
    cards = [(options, 0) for options in lchoices] + [(options, 1) for options in rchoices]

    def assign(i, state, lcost, rcost):
        if i == len(cards):
            for extra_l, extra_r in _fixed_split(state, lfixed, rfixed, lprice, rprice):
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
    return pareto(results)


def _fixed_split(need, lfixed, rfixed, lprice, rprice):
    """Undominated ways to buy the remaining units from the neighbours' fixed production."""
    combos = [(0, 0)]
    for r, n in enumerate(need):
        if n == 0:
            continue
        low, high = max(0, n - rfixed[r]), min(n, lfixed[r])
        if low > high:
            return []
        splits = [(k * lprice[r], (n - k) * rprice[r]) for k in range(low, high + 1)]
        combos = pareto({(a + x, b + y) for a, b in combos for x, y in splits})
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

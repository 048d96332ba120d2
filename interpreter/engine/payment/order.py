"""Which payments are kept and in what order: a payment is a pair (coins to the left,
coins to the right); one no better on either side than another is dropped (`pareto`),
and the rest are listed cheapest first (`coins_order`).  Every way of finding payments
(trio.py, by_resource.py, search.py, bits.py) ends here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Pair = tuple[int, int]    # (coins to the left, coins to the right)
Payments = tuple[Pair, ...]
Units = tuple[int, ...]   # units of each resource, in vocabulary order: a cost, a need, a production
Choices = tuple[tuple[int, ...], ...]   # choice productions: each the resources it gives one unit of
Need = Sequence[tuple[int, int]]        # (resource, units) of each resource a need asks
Masks = tuple[tuple[int, int], ...]     # (0 own, 1 left, 2 right; the bit mask of a choice's resources)


FREE: Payments = ((0, 0),)      # the one payment of a cost that asks nothing own fixed production lacks


def coins_order(pair: Pair) -> tuple[int, int]:
    """The order of payments: fewest coins in all, then fewest to the left."""
    return pair[0] + pair[1], pair[0]


def undominated(pairs: Iterable[Pair]) -> list[Pair]:
    """`pareto` without its final ordering (for the steps before the last)."""
    kept: list[Pair] = []
    best_right: int | None = None
    for left, right in sorted(pairs):
        if best_right is None or right < best_right:
            kept.append((left, right))
            best_right = right
    return kept


def pareto(pairs: Iterable[Pair]) -> list[Pair]:
    """Drop every pair that is no better on either side than another; cheapest first."""
    return sorted(undominated(pairs), key=coins_order)

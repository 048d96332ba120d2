"""The payment search for large costs, on sets of resource vectors held as the bits of one
integer (bit i stands for the vector whose mixed-radix number is i, each resource a digit
from 0 to its need).

What a neighbour can sell does not depend on what the other sells: a vector u of units
bought from the left is possible when its production covers it, whatever the right does.
So each side's possible purchases are found once (a bit set, built one production at a
time with shifts), and for each residual need s left by the city's own choices the
splits s = u + (s - u) that both sides allow are the bits of one AND.  The coins follow
from u alone: u's price on the left, and s's price on the right less u's.  The work
grows with the size of the box of needs (in machine words), not with the number of
productions times the residual needs, so 600 choice productions against a 20-resource
cost take milliseconds, not seconds (docs/performance.md).

search.py (`search_payments`) uses it when the box is large; both give the same answers
(tests/test_payment.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Vector = Sequence[int]    # units of each resource, in vocabulary order

OPS = [0]     # operations on whole bit sets, ever (tests count them)
BITS_UP_TO = 1 << 20    # larger boxes would hold megabytes per bit set: search.py does them



class Box:
    """The vectors from zero to `need`, numbered in mixed radix over the needed resources."""

    def __init__(self, need: Vector) -> None:
        self.dims = [r for r, n in enumerate(need) if n > 0]
        self.need = need
        self.stride: dict[int, int] = {}
        size = 1
        for r in self.dims:
            self.stride[r] = size
            size *= need[r] + 1
        self.size = size
        self.top = size - 1                               # the number of `need` itself
        self.at_most = {r: [self._digit_at_most(r, k) for k in range(need[r] + 1)] for r in self.dims}

    def _digit_at_most(self, r: int, k: int) -> int:
        """The bits of the vectors whose resource r is at most k."""
        stride, period = self.stride[r], self.stride[r] * (self.need[r] + 1)
        repeat = ((1 << self.size) - 1) // ((1 << period) - 1)     # 1 every `period` bits
        return ((1 << (stride * (k + 1))) - 1) * repeat

    def number(self, vector: Vector) -> int:
        return sum(vector[r] * self.stride[r] for r in self.dims)

    def within(self, vector: Vector) -> int:
        """The bits of the vectors at most `vector`, resource by resource."""
        bits = (1 << self.size) - 1
        for r in self.dims:
            bits &= self.at_most[r][vector[r]]
        return bits

    def reachable(self, fixed: Vector, productions: Iterable[Sequence[int]]) -> int:
        """Every vector the units `fixed` and the choice productions (each one unit of one
        of its resources, or nothing) can give, capped at the need."""
        can_grow = {r: self.at_most[r][self.need[r] - 1] for r in self.dims}
        every = (1 << self.size) - 1
        bits = 1
        units: list[Sequence[int]] = [(r,) for r in self.dims for _ in range(min(fixed[r], self.need[r]))]
        for options in units + list(productions):
            OPS[0] += 1
            grown = bits
            for r in options:
                if r in can_grow:
                    grown |= (bits & can_grow[r]) << self.stride[r]
            bits = grown
            if bits == every:
                break
        return bits

    def by_value(self, price: Vector) -> dict[int, int]:
        """The bits of the vectors by their price (the sum of units times price)."""
        masks = {0: 1}
        for r in self.dims:
            grown: dict[int, int] = {}
            for value, bits in masks.items():
                for k in range(self.need[r] + 1):
                    key = value + k * price[r]
                    grown[key] = grown.get(key, 0) | (bits << (k * self.stride[r]))
            masks = grown
        return masks

    def reversed(self, bits: int) -> int:
        """Bit `top - i` for each bit i: the complements of the vectors, need less each."""
        return int(format(bits, f"0{self.size}b")[::-1], 2)


def split_payments(need: Vector, residuals: Iterable[Vector], lfixed: Vector, lbought: Iterable[Sequence[int]],
                   rfixed: Vector, rbought: Iterable[Sequence[int]], lprice: Vector, rprice: Vector,
                   every: bool = False) -> list[tuple[int, int]]:
    """The (coins left, coins right) pairs of buying, for some residual need, u from the
    left and the rest from the right: those best for some trade-off (the cheapest right
    payment for each left one, to be pruned by `pareto`), or with `every` all of them."""
    box = Box(need)
    left = box.reachable(lfixed, lbought)
    right_complements = box.reversed(box.reachable(rfixed, rbought))
    by_left = sorted(box.by_value(lprice).items())
    by_right = sorted(box.by_value(rprice).items(), reverse=True)       # most of the right's coins first
    best: dict[int, int] = {}
    pairs: set[tuple[int, int]] = set()
    for residual in residuals:
        OPS[0] += 1
        splits = left & box.within(residual) & (right_complements >> (box.top - box.number(residual)))
        if not splits:
            continue
        right_total = sum(residual[r] * rprice[r] for r in box.dims)
        for coins_left, with_left in by_left:
            OPS[0] += 1
            found = splits & with_left
            if not found:
                continue
            known = None if every else best.get(coins_left)
            for spared, with_right in by_right:       # u's right price: coins the right is not paid
                coins_right = right_total - spared
                if known is not None and coins_right >= known:
                    break
                OPS[0] += 1
                if found & with_right:
                    if every:
                        pairs.add((coins_left, coins_right))
                        continue
                    best[coins_left] = coins_right
                    break
    return list(pairs) if every else list(best.items())

"""Figures that grow by one value at a time and hold a fixed amount whatever the count:
exact sums, means with their spread, win shares, counts of values, and a set of game
numbers kept as bits.

Why exact: the lab takes records in the order they arrive (a pool and a cluster finish
games in any order), and a float sum depends on the order it is added in.  A float is a
dyadic rational (an integer over a power of two), so a sum of floats and ints is kept
exactly as one integer over a power of two: the same games give the same figures to the
last digit in any order, and a mean is the correctly rounded exact sum divided by n, as
`math.fsum` gave.  A standard deviation comes from the exact sums of the values and of
their squares, so it is the exactly computed one rounded once (the former two-pass
computation rounded each deviation first: the two can differ in the last digit or so).
"""

from __future__ import annotations

import math
from fractions import Fraction


class Sum:
    """An exact sum of ints and floats: `num / 2**shift`."""
    __slots__ = ("num", "shift")

    def __init__(self):
        self.num, self.shift = 0, 0

    def add(self, value) -> None:
        if type(value) is int:                       # the common case: whole points, counts
            self.num += value << self.shift
            return
        num, den = value.as_integer_ratio()
        self.add_dyadic(num, den.bit_length() - 1)

    def add_dyadic(self, num: int, shift: int) -> None:
        """Add num / 2**shift."""
        if shift > self.shift:
            self.num <<= shift - self.shift
            self.shift = shift
        self.num += num << (self.shift - shift)

    def add_product(self, a, b) -> None:
        """Add a * b, exactly (a score times a win share)."""
        a_num, a_den = a.as_integer_ratio()
        b_num, b_den = b.as_integer_ratio()
        self.add_dyadic(a_num * b_num, a_den.bit_length() + b_den.bit_length() - 2)

    def minus(self, other: Sum) -> Sum:
        """self - other, exactly (a new Sum)."""
        out = Sum()
        out.add_dyadic(self.num, self.shift)
        out.add_dyadic(-other.num, other.shift)
        return out

    def fraction(self) -> Fraction:
        return Fraction(self.num, 1 << self.shift)

    def __float__(self) -> float:
        return self.num / (1 << self.shift)        # int / int is correctly rounded


class Moments:
    """n, the exact sum and the exact sum of squares of the values added."""
    __slots__ = ("n", "total", "squares")

    def __init__(self):
        self.n, self.total, self.squares = 0, Sum(), Sum()

    @classmethod
    def of(cls, values) -> Moments:
        moments = cls()
        for value in values:
            moments.add(value)
        return moments

    def add(self, value) -> None:
        self.n += 1
        if type(value) is int:
            self.total.num += value << self.total.shift
            self.squares.num += value * value << self.squares.shift
            return
        num, den = value.as_integer_ratio()
        shift = den.bit_length() - 1
        self.total.add_dyadic(num, shift)
        self.squares.add_dyadic(num * num, 2 * shift)

    def padded(self, n: int) -> Moments:
        """These values and as many zeros as make n values (a figure that a record leaves
        out counts as 0 there)."""
        padded = Moments()
        padded.n, padded.total, padded.squares = max(n, self.n), self.total, self.squares
        return padded

    def mean_sd(self) -> tuple[float, float]:
        """Mean and sample standard deviation (0 for fewer than two values)."""
        n = self.n
        if n == 0:
            return (0.0, 0.0)
        mean = float(self.total) / n
        if n < 2:
            return (mean, 0.0)
        total = self.total.fraction()
        variance = (n * self.squares.fraction() - total * total) / (n * (n - 1))
        return (mean, math.sqrt(float(variance)))


class Paired:
    """Paired values (a, b): the exact sums of each side and the Moments of b - a (taken
    as a float difference, as a list of differences would hold it)."""
    __slots__ = ("a", "b", "diffs")

    def __init__(self):
        self.a, self.b, self.diffs = Sum(), Sum(), Moments()

    @property
    def n(self) -> int:
        return self.diffs.n

    def add(self, a, b) -> None:
        self.a.add(a)
        self.b.add(b)
        self.diffs.add(b - a)

    def padded(self, n: int) -> Paired:
        """These pairs and as many (0, 0) pairs as make n."""
        padded = Paired()
        padded.a, padded.b, padded.diffs = self.a, self.b, self.diffs.padded(n)
        return padded


class Shares:
    """Win shares (or any 0-to-1 outcomes): their count and exact sum."""
    __slots__ = ("n", "wins")

    def __init__(self, n: int = 0, wins: Sum | None = None):
        self.n, self.wins = n, wins if wins is not None else Sum()

    def add(self, share) -> None:
        self.n += 1
        self.wins.add(share)


class Counts:
    """How many times each value came: a distribution held as one count per distinct value
    (scores are whole points in a bounded range, so it stays small and is exact)."""
    __slots__ = ("by_value",)

    def __init__(self):
        self.by_value: dict = {}

    def add(self, value) -> None:
        self.by_value[value] = self.by_value.get(value, 0) + 1

    @property
    def n(self) -> int:
        return sum(self.by_value.values())

    def sorted_items(self) -> list[tuple]:
        return sorted(self.by_value.items())

    def quantile(self, q: float):
        """The value at quantile `q` as plotly.js computes a box's quartiles by default
        ("linear": position q*n - 0.5 in the sorted values, interpolated)."""
        items = self.sorted_items()
        n = sum(count for _value, count in items)
        position = q * n - 0.5
        if position <= 0:
            return items[0][0]
        if position >= n - 1:
            return items[-1][0]
        low, frac = int(position), position - int(position)
        return (1 - frac) * self.nth(items, low) + frac * self.nth(items, low + 1) if frac else self.nth(items, low)

    @staticmethod
    def nth(items: list[tuple], index: int):
        """The `index`-th value (from 0) of the sorted values that `items` counts."""
        for value, count in items:
            if index < count:
                return value
            index -= count
        raise IndexError(index)


class Bits:
    """A set of game numbers as one bit each: a million games hold 125 KB."""
    __slots__ = ("bits", "count")

    def __init__(self):
        self.bits, self.count = bytearray(), 0

    def __contains__(self, index: int) -> bool:
        byte = index >> 3
        return byte < len(self.bits) and bool(self.bits[byte] >> (index & 7) & 1)

    def add(self, index: int) -> bool:
        """Add `index`; False when it was there already."""
        byte = index >> 3
        if byte >= len(self.bits):
            self.bits.extend(bytes(max(byte + 1 - len(self.bits), len(self.bits))))
        mask = 1 << (index & 7)
        if self.bits[byte] & mask:
            return False
        self.bits[byte] |= mask
        self.count += 1
        return True

    def __len__(self) -> int:
        return self.count

    def count_below(self, n: int) -> int:
        """How many of the numbers are below n."""
        whole = min(n >> 3, len(self.bits))
        count = int.from_bytes(self.bits[:whole], "little").bit_count()
        if whole < len(self.bits) and n & 7 and whole == n >> 3:
            count += (self.bits[whole] & ((1 << (n & 7)) - 1)).bit_count()
        return count

"""The few statistics the lab needs, in plain Python: intervals for proportions (Wilson)
and means (normal approximation, fine for the hundreds of games a study plays), tests for
a difference between two runs, and Holm's correction for testing many figures at once.

All intervals are 95 %.
"""

from __future__ import annotations

import math

from .tally import Moments, Shares

Z = 1.959963984540054        # the normal quantile of 97.5 %


def wilson(successes: float, n: int, z: float = Z) -> tuple[float, float]:
    """Wilson's score interval for a proportion (fractional successes allowed: shared wins)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate_of(shares: Shares) -> dict:
    """A win rate: the mean of the win shares, its Wilson interval and n."""
    n, wins = shares.n, float(shares.wins)
    low, high = wilson(wins, n)
    return {"n": n, "wins": wins, "rate": wins / n if n else 0.0, "low": low, "high": high}


def mean_sd(values) -> tuple[float, float]:
    """Mean and sample standard deviation (0 for fewer than two values), from exact sums
    (tally.Moments): the same values give the same digits in any order."""
    return Moments.of(values).mean_sd()


def half_width(sd: float, n: int) -> float:
    """Half the 95 % interval of a mean."""
    return Z * sd / math.sqrt(n) if n > 0 else 0.0


def mean(values) -> dict:
    """A mean as the summaries show it: n, mean, standard deviation and the half-width of its interval."""
    return mean_of(Moments.of(values))


def mean_of(moments: Moments) -> dict:
    """`mean` of the values a Moments has taken in."""
    m, sd = moments.mean_sd()
    return {"n": moments.n, "mean": m, "sd": sd, "ci": half_width(sd, moments.n)}


def _two_sided(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def proportion_difference(k1: float, n1: int, k2: float, n2: int) -> tuple[float, float, float]:
    """p2 - p1, the half-width of its 95 % interval (Newcombe's hybrid score interval,
    taken as symmetric around the difference by its larger side) and the two-sided p-value
    of the pooled z-test."""
    if n1 <= 0 or n2 <= 0:
        return (0.0, 1.0, 1.0)
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1)
    l2, u2 = wilson(k2, n2)
    diff = p2 - p1
    below = math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    above = math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    p = 1.0 if se == 0 else _two_sided(diff / se)
    return (diff, max(below, above), p)


def mean_difference(m1: float, sd1: float, n1: int, m2: float, sd2: float, n2: int) -> tuple[float, float, float]:
    """m2 - m1, the half-width of its 95 % interval and the two-sided p-value (Welch's
    statistic against the normal distribution)."""
    if n1 <= 0 or n2 <= 0:
        return (0.0, 0.0, 1.0)
    se = math.sqrt(sd1 * sd1 / n1 + sd2 * sd2 / n2)
    diff = m2 - m1
    if se == 0:
        return (diff, 0.0, 1.0 if diff == 0 else 0.0)
    return (diff, Z * se, _two_sided(diff / se))


def holm(p_values: list[float]) -> list[float]:
    """Holm-Bonferroni adjusted p-values, in the order given: a figure is significant at
    5 % after correcting for all the figures tested when its adjusted p is below 0.05."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def paired_difference(before: list[float], after: list[float]) -> tuple[float, float, float]:
    """The mean of after - before over paired units, the half-width of its 95 % interval
    and the two-sided p-value (normal approximation of the paired t-test)."""
    return paired_of(Moments.of(b - a for a, b in zip(before, after)))


def paired_of(diffs: Moments) -> tuple[float, float, float]:
    """`paired_difference` from the Moments of the differences (after - before).  A
    difference that is the same in every pair has no spread: p is 0 unless it is 0."""
    if not diffs.n:
        return (0.0, 0.0, 1.0)
    mean, sd = diffs.mean_sd()
    se = sd / math.sqrt(diffs.n)
    if se == 0:
        return (mean, 0.0, 1.0 if mean == 0 else 0.0)
    return (mean, Z * se, _two_sided(mean / se))

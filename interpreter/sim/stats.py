"""The few statistics the lab needs, in plain Python: intervals for proportions (Wilson)
and means (normal approximation, fine for the hundreds of games a study plays), tests for
a difference between two runs, and Holm's correction for testing many figures at once.

All intervals are 95 %.
"""

from __future__ import annotations

import math

Z = 1.959963984540054        # the normal quantile of 97.5 %


def wilson(successes: float, n: int, z: float = Z) -> tuple[float, float]:
    """Wilson's score interval for a proportion (fractional successes allowed: shared wins)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_sd(values: list[float]) -> tuple[float, float]:
    """Mean and sample standard deviation (0 for fewer than two values)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0)
    mean = math.fsum(values) / n
    if n < 2:
        return (mean, 0.0)
    return (mean, math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1)))


def half_width(sd: float, n: int) -> float:
    """Half the 95 % interval of a mean."""
    return Z * sd / math.sqrt(n) if n > 0 else 0.0


def mean(values: list[float]) -> dict:
    """A mean as the summaries show it: n, mean, standard deviation and the half-width of its interval."""
    m, sd = mean_sd(values)
    return {"n": len(values), "mean": m, "sd": sd, "ci": half_width(sd, len(values))}


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
    and the two-sided p-value (normal approximation of the paired t-test).  A difference
    that is the same in every pair has no spread: p is 0 unless it is 0."""
    diffs = [b - a for a, b in zip(before, after)]
    if not diffs:
        return (0.0, 0.0, 1.0)
    mean, sd = mean_sd(diffs)
    se = sd / math.sqrt(len(diffs))
    if se == 0:
        return (mean, 0.0, 1.0 if mean == 0 else 0.0)
    return (mean, Z * se, _two_sided(mean / se))

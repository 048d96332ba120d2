"""Issue 38: would a sequential acceptance check buy a fit its generations back?

The check (bots/fitting.py `accept`, `judged`) plays 200 seeds twice (the fit and its
start, each seed's gain paired) and keeps the fit when the mean gain less 1.645 standard
errors is above 0: a fit no better than its start is kept at most 5 % of the time. A
sequential check looks once half way (100 seeds) and stops there when the verdict is
clear: it keeps the start when the fit is behind (z < 0: a non-binding futility stop,
which can only lower the error rate) and keeps the fit when z passes an O'Brien-Fleming
bound, the second look's bound raised so that the error rate stays 5 %.

This works out, by simulation of the two looks' z statistics (normal; the gains' spread
cancels), the bounds, the error rate, the power and the games played, for true gains of
so many standard errors and for the gains the lab's checks found (records/fastfit.jsonl:
each check's z taken as its fit's true gain, a rough stand-in for the fits to come).

    python lab/check38.py
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

RECORDS = Path(__file__).resolve().parent / "records" / "fastfit.jsonl"
Z = 1.645           # fitdefaults.CHECK_Z
SEEDS = 200         # the check's seeds at the defaults (CHECK times 60 games)


def bounds(a, b, alpha: float = 0.05) -> tuple[float, float]:
    """O'Brien-Fleming bounds of two looks at information 1/2 and 1: c * sqrt(2), then c."""
    low, high = 1.5, 2.5
    for _ in range(40):
        c = (low + high) / 2
        z1, z2 = a, (a + b) / np.sqrt(2)
        if ((z1 > c * np.sqrt(2)) | (z2 > c)).mean() > alpha:
            low = c
        else:
            high = c
    return high * np.sqrt(2), high


def run(a, b, delta: float, c1: float, c2: float) -> tuple[float, float, float]:
    """(kept now, kept by the sequential check, its mean games) for a fit whose true gain is
    `delta` standard errors of the whole check."""
    z1 = a + delta / np.sqrt(2)
    z2 = (a + b) / np.sqrt(2) + delta
    first = (z1 < 0) | (z1 > c1)
    kept = np.where(first, z1 > c1, z2 > c2)
    games = np.where(first, SEEDS, 2 * SEEDS)
    return float((z2 > Z).mean()), float(kept.mean()), float(games.mean())


def main() -> None:
    rng = np.random.default_rng(38)
    a, b = rng.standard_normal(1_000_000), rng.standard_normal(1_000_000)
    c1, c2 = bounds(a, b)
    print(f"bounds: {c1:.3f} at 100 seeds, {c2:.3f} at 200 (now: {Z} at 200)")
    print("true gain (standard errors) | kept now | kept sequential | games (of 400)")
    for delta in (0.0, 1.0, Z, 2.5, 3.0, 5.0):
        now, kept, games = run(a, b, delta, c1, c2)
        print(f"{delta:5.2f} | {now:.3f} | {kept:.3f} | {games:.0f}")
    rows = [json.loads(line) for line in RECORDS.read_text(encoding="utf-8").splitlines() if line.strip()]
    zs = [c["gain"] / (c["half"] / Z) for r in rows if (c := r.get("check")) and c.get("games") == 2 * SEEDS
          and c.get("half")]
    out = [run(a[:50_000], b[:50_000], z, c1, c2) for z in zs]
    print(f"the lab's {len(zs)} checks of 200 seeds: kept now {np.mean([o[0] for o in out]):.3f}, "
          f"sequential {np.mean([o[1] for o in out]):.3f}; games {np.mean([o[2] for o in out]):.0f} of 400")


if __name__ == "__main__":
    main()

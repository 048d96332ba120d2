"""A fit's defaults, in one place for `wonders train`, the adaptive bot's first fit and
fitting itself (a module of plain numbers: the command line reads it without importing
the bots).

The games a candidate plays each generation decide how noisy its reward is; the
generations how far the search walks.  Against players fitted to the unchanged rules a
variant's edge is a few points of win rate, as small as the noise of a 40-game mean, so
a fit spends its time on games rather than steps: 80 games a candidate, which on an idle
2-core machine fills about three quarters of the budget in 40 generations and on a loaded
one meets the budget first (lab/adaptive-rounds.md, the sixth round)."""

BUDGET = 240.0       # seconds a fit may take, the acceptance check (and a first fit of the
                     # rules without the variants) included; the issue allows 5 minutes
GENERATIONS = 40     # generations at most (the same seed and generations: the same fit)
GAMES = 80           # games each candidate plays per generation
SEED_MAX = 2 ** 32 - 1  # a fit's seed is 0..SEED_MAX (the search's generator takes 32 bits):
                       # `train --seed` and `adaptive:fit_seed` refuse others as usage errors

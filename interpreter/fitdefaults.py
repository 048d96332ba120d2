"""A fit's defaults, in one place for `wonders train`, the adaptive bot's first fit and
fitting itself (a module of plain numbers: the command line reads it without importing
the bots).

The adaptive bot is the default player of `simulate`, `compare`, `ladder` and the studio's
Weigh (issue 38), so a first fit must take about a minute on a 2-core machine, not four.
Where the time goes is the games (lab/fastfit.md: the search itself is nothing beside
them), so a fit plays fewer: 20 generations at most, within 60 s.  What keeps it as
strong as the longer fit is where it starts: a fit of rules without variants starts from
PRIOR, the weights a full fit found for the first edition at 4 players, instead of the
heuristic bot's weighing (a variant's fit starts, as before, from the fit of the rules
without it).  The acceptance check is what refuses a fit that only drifted.

How those games are split (lab/fastfit.md, "The budget split at a fixed amount of work"):
at the same work, about 6,500 games (what the minute buys idle), 8 candidates of 60 games
a generation and a check of 200 seeds (12 generations) fitted stronger players than 12
candidates of 40 games and a check of 400 seeds (10 to 13 generations), on the estimate
of one fit a variant: +2.8 to +6.4 points where the fit was kept, the same refusals, the
base rules unchanged (the idle minute is to be measured again at this split).  Fewer
candidates each judged on more games, and the check's games moved into the search.  The smaller
check is a one-sided test at 5 % (CHECK_Z): a fit no better than its start is kept at
most once in 20 (before: once in 40, at 400 seeds), and a gain needs about as much to be
kept (+0.058 reward against +0.049)."""

BUDGET = 60.0        # seconds a fit may take, the acceptance check (and a first fit of the
                     # rules without the variants) included
SLACK = 3.0         # seconds of the budget a fit leaves for what its clock does not see: the
                     # command's start (imports, the rules' load) and its end; measured idle, the
                     # fits of the benchmark variants took 56 to 63 s of wall time at SLACK 0
GENERATIONS = 20     # generations at most (the same seed and generations: the same fit)
GAMES = 60           # games each candidate plays per generation
POPSIZE = 8          # candidates a generation (cma's own choice for the 18 to 20 weights searched: 12)
CHECK = 10 / 3       # the acceptance check's seeds: CHECK times a candidate's games, rounded (200 at 60),
                     # each played by the fit and by its start
CHECK_Z = 1.645      # the check keeps the fit when its mean gain less CHECK_Z standard errors is above 0
BASE_SHARE = 1 / 3   # the share of a variant's first fit spent fitting the rules without it, when
                     # no fit of them is kept: starting from PRIOR, they need less than the variant
SEED_MAX = 2 ** 32 - 1  # a fit's seed is 0..SEED_MAX (the search's generator takes 32 bits):
                       # `train --seed` and `adaptive:fit_seed` refuse others as usage errors

# Where a fit of rules without variants starts: the weights (weighing.NAMES, in order) of the
# first edition's fit at 4 players, seed 0, 40 generations of 80 games (cache version 7,
# lab/records/adaptive-fits/adaptive/f9f4c3f29b24ba6f-4p.json; 72.9 % against three
# heuristic bots).  Weights read the rules through the valuation, not by card or wonder, so
# they are a sound start for any rules and player count; the fit then moves them.  The weights
# of what a wonder stage opens (`opened`, cache version 10) are its points' weights, as they
# were weighed before they had their own: the base rules are played as with version 9.
PRIOR = (1.0087, 1.2430, 2.3295, 3.3244, 0.6061, -0.0998, 1.8080, 0.0244, 0.0, 1.0087, -0.1601,
         1.0, 1.3662, 2.5524, 0.1662, 0.7673, -0.0536, 1.3492, 0.5320, 0.0, 1.0, 1.8057,
         -0.9029)

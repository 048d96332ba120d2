"""The adaptive bot's play once its weights are known: the rule-derived valuation
(valuation.py) weighed by a vector of weights, one per part at the first age and at the
last (linear in between), plus a bonus for wonder stages.  The adaptive bot (adaptive.py)
takes the vector from the fit for the rule set; fitting (fitting.py) plays candidate
vectors with this bot, so fitting needs nothing of the adaptive bot (no import cycle).
"""

from __future__ import annotations

from .base import Bot
from .valuation import weigh_options

# The valuation's parts (valuation.Appraisal, whose `coins` is kept apart by `parts`; its
# military tokens as the race is likely to end, not as the shields stand now; "novel" the
# points of score lines a variant added or replaced, weighed on top of their weight as
# points: nothing in rules without such lines, where it is not fitted; "science" the
# symbols' promise, the science part less what the symbols score now, which "points" counts
# already; "opened" the share of the next wonder stage a stage built in order counts, with a
# weight of its own: weighed as points, a fit could lower it only by lowering every point of
# the age with it, and under grey cards worth 3 it found a third of the gain it finds with it
# at 0, lab/fastfit.md), then the coins the move gains less what it pays ("cash").
PARTS = ("points", "race", "race_later", "production", "trade", "chains", "powers", "science", "novel", "opened",
         "cash")
# The fitted vector: each part's weight at the first age, then at the last age; then the
# bonus for building a wonder stage (in points).
NAMES = tuple(f"{p}@first" for p in PARTS) + tuple(f"{p}@last" for p in PARTS) + ("stage bonus",)
SIZE = len(NAMES)
# The one weight a fit holds fixed: a move's worth is linear in the weights (weigh_options),
# so every weight times k > 0 plays exactly as the weights do.  Left free, the search wanders
# along that scale for nothing and, once the largest weights meet the bounds, clips them and
# changes the ratios that do matter (two fits of the base rules ended with weights a third
# apart in scale, several at the bound).  The points at the last age are the score itself: they
# are held at their face value, 1, and every other weight is read against them.
ANCHOR = NAMES.index("points@last")


def start_weights() -> list[float]:
    """Where fitting starts: the heuristic bot's default weighing (heuristic.py), a decent
    player, so that even a short fit starts from sensible play."""
    first = [1.0, 1.0, 0.5, 1.5, 1.5, 1.0, 1.0, 1.0, 0.0, 1.0, 1.0]
    last = [1.0, 1.0, 0.5, 0.6, 0.6, 1.0, 1.0, 1.0, 0.0, 1.0, 1.0]
    return first + last + [0.0]


def novel_indices() -> tuple[int, int]:
    """The places of the novel part's weights in the vector: fitting leaves them as they
    start for rules that no variant's score line changed (nothing there to fit them on)."""
    i = PARTS.index("novel")
    return i, len(PARTS) + i


class WeighedBot(Bot):
    """Chooses the option worth most under `weights` (a vector of NAMES)."""

    name = "adaptive"
    parameters = {}

    def __init__(self, seed: int = 0, weights=None, **params):
        super().__init__(seed=seed, **params)
        self.weights = list(weights) if weights is not None else None
        self._ages: dict[tuple, tuple] = {}     # `_at_age`'s weights, by the weights and the age

    def choose(self, view, options) -> int:
        values = self.values(view, options)
        return max(range(len(options)), key=values.__getitem__)

    def settle(self, view, options) -> int:
        """A loss settled with coins at the bot's own fitted worth of cash."""
        values = view.settle_values(options, coin=self._coin(view))
        return values.index(max(values))

    def take_offer(self, view, options) -> int:
        """An offer's price weighed with coins at the bot's own fitted worth of cash."""
        values = view.offer_values(options, coin=self._coin(view))
        return values.index(max(values))

    def _coin(self, view) -> float:
        """A coin in points as this bot's weights value cash now (between the first age's and the last's)."""
        w = self._weights(view)
        n = len(PARTS)
        late = view.age_index / max(1, len(view.ages) - 1)
        cash = w[n - 1] * (1 - late) + w[2 * n - 1] * late
        return view.appraiser().model.coin_rate * cash

    def _weights(self, view) -> list[float]:
        return self.weights

    def values(self, view, options) -> list[float]:
        """Each option's worth under the fitted weights, in points."""
        w = self._weights(view)
        appraiser = view.appraiser()
        effect_weights, cash, stage = self._at_age(w, view.age_index, len(view.ages), appraiser.model.coin_rate)
        values = weigh_options(appraiser, options, effect_weights, cash, stage=stage)
        random = self.rng.random
        return [value + random() * 0.01 for value in values]

    def _at_age(self, w, age_index: int, ages: int, coin_rate: float) -> tuple:
        """(the Appraisal's parts' weights, a coin's, a stage's) at this age, between the first
        age's and the last's: worked out once an age for the weights `w` (a fit's games ask
        for them at every decision)."""
        key = (tuple(w), age_index, ages, coin_rate)
        found = self._ages.get(key)
        if found is None:
            n = len(PARTS)
            late = age_index / max(1, ages - 1)
            weights = [w[i] * (1 - late) + w[n + i] * late for i in range(n)]
            # the Appraisal's parts in its order: its `coins` (always 0 from `parts`) and its military
            # as the shields stand now weigh nothing (the race stands for them); `science_now`, the
            # share of `science` that `points` counts too, takes minus the science weight, so that
            # weight falls on the symbols' promise alone; what a wonder stage opens (`opened`) has
            # its own
            effect_weights = (weights[0], 0.0, 0.0, 0.0, *weights[3:8], weights[1], weights[2], weights[8],
                              -weights[7], weights[9])
            found = (effect_weights, coin_rate * weights[-1], w[2 * n])
            self._ages[key] = found
        return found

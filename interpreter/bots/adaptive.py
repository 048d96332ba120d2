"""The adaptive bot: the rule-derived valuation (valuation.py) weighed by weights fitted to
the rule set being played, variants applied, by self-play (fitting.py).

The heuristic bot weighs the valuation's parts with fixed, hand-set weights, so a rule
change reaches it only through the parts themselves: a science set worth 30 raises the
science part of a green card, but the weights that decide whether science is worth
pursuing at all against military or coins stay those set for the base game.  This bot
has the same parts with a weight for each at the first age and at the last (linear in
between), plus a bonus for wonder stages, and takes those weights from the fit for the
rule set (cache.py keeps them per rules' fingerprint and player count).
"""

from __future__ import annotations

from .base import Bot, Param, not_negative, positive
from .valuation import weigh_options

# The valuation's parts (valuation.Appraisal, whose `coins` is kept apart by `parts`), then
# the coins the move gains less what it pays ("cash").
PARTS = ("points", "military", "military_later", "production", "trade", "chains", "powers", "science", "cash")
# The fitted vector: each part's weight at the first age, then at the last age; then the
# bonus for building a wonder stage (in points).
NAMES = tuple(f"{p}@first" for p in PARTS) + tuple(f"{p}@last" for p in PARTS) + ("stage bonus",)
SIZE = len(NAMES)


def start_weights() -> list[float]:
    """Where fitting starts: the heuristic bot's default weighing (heuristic.py), a decent
    player, so that even a short fit starts from sensible play."""
    first = [1.0, 1.0, 0.5, 1.5, 1.5, 1.0, 1.0, 1.0, 1.0]
    last = [1.0, 1.0, 0.5, 0.6, 0.6, 1.0, 1.0, 1.0, 1.0]
    return first + last + [0.0]


class AdaptiveBot(Bot):
    name = "adaptive"
    adapts_to_rules = True              # compare says so of the bots that do not
    parameters = {
        "budget": Param(positive(float), 240.0, "seconds a first fit of an unfitted rule set may take"),
        "generations": Param(positive(int), 40, "generations of a first fit (fewer if the budget ends first)"),
        "games": Param(positive(int), 40, "games each candidate plays per generation of a first fit"),
        "fit_seed": Param(not_negative(int), 0, "the seed of a first fit (the same seed fits the same weights)"),
    }

    def __init__(self, seed: int = 0, weights=None, **params):
        super().__init__(seed=seed, **params)
        self.weights = list(weights) if weights is not None else None

    def choose(self, view, options) -> int:
        values = self.values(view, options)
        return max(range(len(options)), key=values.__getitem__)

    def prepare(self, tables, players: int) -> None:
        """Called by the commands once before their games: fit now (or read the fit kept in
        the cache), so that the games' worker processes find it in the cache."""
        from .fitcache import fitted_weights
        self.weights = fitted_weights(tables, players, budget=self.params.get("budget", 240.0),
                                      generations=self.params.get("generations", 40),
                                      games=self.params.get("games", 40), seed=self.params.get("fit_seed", 0))

    def _weights(self, view) -> list[float]:
        if self.weights is None:
            self.prepare(view.tables, view.players)
        return self.weights

    def values(self, view, options) -> list[float]:
        """Each option's worth under the fitted weights, in points."""
        w = self._weights(view)
        n = len(PARTS)
        late = view.age_index / max(1, len(view.ages) - 1)
        weights = [w[i] * (1 - late) + w[n + i] * late for i in range(n)]
        if view.turns_left > 1:                    # this age's tokens are surer on its last turn
            weights[1] *= 0.8
        appraiser = view.appraiser()
        # the Appraisal's parts in its order; its `coins` (always 0 from `parts`) weighs nothing
        effect_weights = (weights[0], 0.0, *weights[1:-1])
        values = weigh_options(appraiser, options, effect_weights, appraiser.model.coin_rate * weights[-1],
                               stage=w[2 * n])
        return [value + self.rng.random() * 0.01 for value in values]

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

from .base import Param, positive, seed_number
from ..fitdefaults import BUDGET, GAMES, GENERATIONS
from .weighing import NAMES, SIZE, WeighedBot, start_weights  # noqa: F401 - the fit's vector, also read from here


class AdaptiveBot(WeighedBot):
    name = "adaptive"
    adapts_to_rules = True              # compare says so of the bots that do not
    parameters = {
        "budget": Param(positive(float), BUDGET, "seconds a first fit of an unfitted rule set may take"),
        "generations": Param(positive(int), GENERATIONS, "generations of a first fit (fewer if the budget ends first)"),
        "games": Param(positive(int), GAMES, "games each candidate plays per generation of a first fit"),
        "fit_seed": Param(seed_number, 0, "which fit to play: each seed is fitted once and kept apart "
                                                "(0: the usual one; another: judge a verdict against another draw)"),
    }

    def prepare(self, tables, players: int) -> None:
        """Called by the commands once before their games: fit now (or read the fit kept in
        the cache), so that the games' worker processes find it in the cache."""
        from .fitcache import fitted_weights
        self.weights = fitted_weights(tables, players, budget=self.params.get("budget", BUDGET),
                                      generations=self.params.get("generations", GENERATIONS),
                                      games=self.params.get("games", GAMES), seed=self.params.get("fit_seed", 0))

    def fitted(self, tables, players: int) -> bool:
        """Whether `prepare` would find its fit at hand (the studio takes every core for a fit)."""
        from .fitcache import kept
        return kept(tables, players, self.params.get("fit_seed", 0))

    def _weights(self, view) -> list[float]:
        if self.weights is None:
            self.prepare(view.tables, view.players)
        return self.weights

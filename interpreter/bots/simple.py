"""The two simple bots: `random` (any legal move) and `greedy` (the best immediate gain,
as the rule set values it)."""

from __future__ import annotations

from operator import itemgetter, mul

from .base import Bot


class RandomBot(Bot):
    """Uniformly random over the legal moves (a card and what to do with it), paying the
    cheapest way."""

    name = "random"
    parameters = {}

    def choose(self, view, options) -> int:
        keys = list(map(_MOVE, options))
        moves = list(dict.fromkeys(keys))
        return keys.index(moves[self.rng.randrange(len(moves))])   # options come cheapest first

    def choose_move(self, view, moves) -> int:
        """`choose` of options that are the cheapest of each move, one each (a turn's, from
        interpreter.engine.actions.legal_moves): the same pick, without grouping them."""
        return self.rng.randrange(len(moves))

    def settle(self, view, options) -> int:
        return self.rng.randrange(len(options))          # any way of paying, as any move

    def take_offer(self, view, options) -> int:
        return self.rng.randrange(len(options))          # decline or any way of paying


_MOVE = itemgetter(0, 1)          # an option's move: (kind, card)


# the Appraisal's parts, in order: points, coins, military, military_later, production,
# trade, chains, powers, science (the symbols' worth with those still likely to come)
GREEDY_WEIGHTS = (1.0, 1.0, 1.0, 0.3, 0.5, 0.5, 0.0, 0.5, 1.0)


def weighted(appraisal, weights) -> float:
    return sum(map(mul, weights, appraisal))


class GreedyBot(Bot):
    """Takes the option with the best immediate gain: the points it scores now, the
    military it would win this age, its coins, production and powers, less what it pays,
    all valued by the rule set (interpreter/bots/valuation.py)."""

    name = "greedy"
    parameters = {}

    def choose(self, view, options) -> int:
        best, best_value = 0, None
        for i, option in enumerate(options):
            value = weighted(view.appraise(option), GREEDY_WEIGHTS) + self.rng.random() * 0.01
            if best_value is None or value > best_value:
                best, best_value = i, value
        return best

"""The heuristic bot: plays like a decent human, from the rule set's own valuation
(valuation.py) weighed by the age and the turn: production and chains early, military
when the age's end is near and a neighbour is within reach, science sets, wonder stages,
coins while it needs them for trade, and denying the next player a card it wants; or,
when that player is its partner (`teams of N ...`), leaving it that card."""

from __future__ import annotations

from .base import Bot, Param
from .valuation import weigh_options
from ..kinds.decisions import DECISIONS


class HeuristicBot(Bot):
    name = "heuristic"
    parameters = {
        "deny": Param(float, 0.0, "how much a card's worth to the player receiving the hand counts (0: off; "
                                  "measured weaker on, docs/bots.md)"),
        "production": Param(float, 1.5, "weight of production and trade discounts in age I (less later)"),
        "military": Param(float, 1.0, "weight of the military tokens of this age"),
        "science": Param(float, 1.0, "weight of the science symbols' expected worth at the end"),
        "chains": Param(float, 1.0, "weight of the later cards a card makes free"),
    }

    def choose(self, view, options) -> int:
        values = self.values(view, options)
        return max(range(len(options)), key=values.__getitem__)

    def values(self, view, options) -> list[float]:
        """What each option is worth to this bot, in points (the search bot ranks by it)."""
        appraiser = view.appraiser()
        ages = len(view.ages)
        late = view.age_index / max(1, ages - 1)          # 0 in the first age, 1 in the last
        end_near = 1.0 if view.turns_left <= 1 else 0.8
        weights = (1.0,                                    # points now
                   1.0,                                    # coins
                   self.military * end_near,               # military this age
                   0.5 * self.military,                    # military later
                   self.production * (1 - 0.6 * late),     # production
                   self.production * (1 - 0.6 * late),     # trade
                   self.chains,                            # chains
                   1.0,                                    # powers
                   self.science,                           # science
                   0.0, 0.0, 0.0, 0.0,                     # the race's, the variants' and science's shares, apart
                   1.0)                                    # what a wonder stage opens, as points
        passing = DECISIONS[view.kind].moves and view.turns_left
        partner = passing and view.next_to_receive() in view.partner_hands
        denial = self._denial(view, -1.0 if partner else self.deny) if passing and (self.deny or partner) else {}
        values = weigh_options(appraiser, options, weights, appraiser.model.coin_rate * weights[1])
        return [value + denial.get(option.card, 0.0) + self.rng.random() * 0.01
                for value, option in zip(values, options)]

    def _denial(self, view, weight: float) -> dict[int, float]:
        """For each card in hand: what it would be worth to the player who gets the hand next,
        if it stayed in the hand (taking it, selling it or using it for a stage denies it),
        times `weight`: -1 for a partner, whose points are the team's as much as one's own."""
        receiver = view.next_to_receive()
        if receiver == view.player:
            return {}
        theirs = view.appraiser(receiver)
        names = view.cities[receiver].names
        worth = {}
        for card in dict.fromkeys(view.hand):
            if view.tables.cards[card].name not in names:
                a = theirs.card_worth(card)
                worth[card] = a.points + a.military + a.science + 0.5 * (a.production + a.chains + a.powers)
        if not worth:
            return {}
        usual = sum(worth.values()) / len(worth)          # only a card it needs more than the others counts
        return {card: weight * (w - usual) for card, w in worth.items() if w > usual}

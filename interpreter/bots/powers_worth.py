"""What a move's powers are worth: free builds, extra and discarded cards played, cards
drawn into a zone, discounts, the powers that change how the city pays or produces, and a
defeat passed on; each as the cards or coins it is likely to save over the builds left.
A part of the Appraiser (valuation.py), apart because it reasons about the plays to come
rather than the score now."""

from __future__ import annotations

from ..kinds.actions import kind_of
from ..kinds import scopes
from ..kinds.effects import effect_kind_of
from ..syntax import ast


def once(worth) -> float:
    """A valuation.Appraisal in points, each part counted once: the military tokens as the
    race is likely to end (not also as the shields stand now), the science symbols' promise
    beside their points now, and the variants' lines within the points (`novel`)."""
    return (worth.points + worth.coins + worth.race + worth.race_later + worth.production + worth.trade
            + worth.chains + worth.powers + worth.science - worth.science_now + worth.opened)


class PowersWorth:
    """The Appraiser's powers part.  It reads the Appraiser's game, seat, city, neighbours,
    model, builds_left and age (set in Appraiser.__init__), and its `_part` and
    `_units_worth`; a kind of kinds/effects/ is lent it to say what its power is worth
    (kinds/effect_base.py `power_worth`)."""

    def free_build_worth(self) -> float:
        """What a card built for free saves now, in points: the mean price of a card of the
        age at the coin rate."""
        return self.model.mean_price[self.age_index] * self.model.coin_rate

    def discard_build_worth(self) -> float:
        """A card built from the discard pile for free: a card more, the best the pile may
        hold as far as a player can tell, at what building it would bring the city (as
        bots/offers.py weighs a card from the pile), and at least what a free build saves.
        The pile lies face down, so the cards it may hold are those of the ages before this
        one, as dealt at this player count, that no city has built (each lies in the pile or
        under a wonder stage); this age's sold cards are not known."""
        key = ("discard build", -1)
        found = self._effects.get(key)
        if found is None:
            best = self.free_build_worth()
            for index in self.model.left_over(self.age_index, self.everyone, self.city):
                best = max(best, once(self.card_worth(index)))
            found = self._effects[key] = best
        return found

    def ages_left(self) -> int:
        """The ages still to play, this one included."""
        return len(self.model.ages) - self.age_index

    def _city_powers(self, known, source, built: bool) -> float:
        """The powers that change how the city pays or produces (a kind is lent the source
        weighed, `weighed`, and whether the move builds it, `weighed_built`)."""
        self.weighed, self.weighed_built = source, built
        value = 0.0
        for effect in known.city_powers:
            kind = effect_kind_of(effect)
            if kind is not None:                        # a kind of kinds/effects/ says its worth
                value += kind.power_worth(effect, self)
        return value

    def _powers(self, known) -> float:
        value = 0.0
        for effect in known.powers:                 # a kind of kinds/effects/ or kinds/actions/ says its worth
            kind = effect_kind_of(effect) or kind_of(effect)
            value += kind.power_worth(effect, self)
        return value


    def _zone_plays(self, zone: str) -> int:
        """The plays still to come from the city's zone that it can count on: one for each
        card it holds there (each later play takes one), and its next wonder stages' own."""
        held = len(self.game.zones.get(zone, [[]] * (self.seat + 1))[self.seat])
        later = sum(1 for stage in self.city.side.stages[self.city.stages + 1:] for action in stage.when_built
                    if kind_of(action).gives == "a card played" and action.zone.text == zone)
        return held + later

    def _discounts(self, known) -> float:
        """Coins a discount saves on the owner's builds still to come: the builds of its
        colours (or the wonder stages left), each spared its coins or the trade price of
        the resource units it waives (all of them: the mean of those cards)."""
        model = self.model
        value = 0.0
        for effect in known.discounts:
            if not scopes.names_own(effect.scope):
                continue                            # it helps the neighbours, not the owner
            colors = frozenset(c.text for c in effect.colors)
            builds, units, coins = model.builds_like(self.age_index, colors, self.builds_left, self.city)
            if effect.what == "resources":
                saved = units if effect.amount is None else min(effect.amount, units)
                value += builds * saved * model.trade_price
            else:
                value += builds * (coins if effect.amount is None else min(effect.amount, coins))
        return value * model.coin_rate

    def _defeats_given(self) -> float:
        """A defeat token that goes to the neighbour instead: the owner's likely defeats in
        the ages left (a neighbour with more shields now), each spared at the token rate."""
        stronger = sum(1 for other in (self.left, self.right) if other.shields > self.city.shields)
        return stronger * self.ages_left() * abs(self.model.token_rate)

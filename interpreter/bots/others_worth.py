"""What a move does to kept tokens and to the cities: tokens taken or given back, coins and
tokens other cities lose (a partner's loss the team's), a building removed from a city or
put under the stage being built.  A part of the Appraiser (valuation.py), apart because
it weighs other score pads beside this city's."""

from __future__ import annotations

from ..engine.scoring import score_city
from ..compile.expressions import Where, evaluate, per_value
from ..kinds.actions import kind_of
from ..kinds import scopes
from .offers import board_worth, given_back_worth


class OthersWorth:
    """The Appraiser's part for kept tokens and other cities.  It reads the Appraiser's
    game, seat, tables, city, neighbours, everyone, partners, model and age (set in
    Appraiser.__init__), its `_tokens_at` and `_city_powers` (powers_worth.py)."""

    def _kept_worth(self, city, kind: str, count: int) -> float:
        """The score change of `city` taking `count` tokens of a kept kind (a debt token's
        -1 as its score lines say), plus, for a kind that sits out this age's conflict, the
        military tokens it would no longer take (as the shields stand)."""
        if count <= 0:
            return 0.0
        other = city.copy()
        other.kept[kind] = other.kept.get(kind, 0) + count
        everyone = tuple(other if c.seat == city.seat else c for c in self.everyone)
        age = self._age
        left, right = self.game.neighbours(city.seat)
        worth = (sum(score_city(self.tables, other, left, right, everyone, age.number, age.victory).values())
                 - sum(score_city(self.tables, city, left, right, everyone, age.number, age.victory).values()))
        if city is self.city and any(k == kind and not once for k, _event, once in self.tables.rules.sit_out):
            worth -= self._tokens_at(self.age_index, None) * self.model.token_rate
        return worth

    def _city_effects(self, known, source, built: bool) -> float:
        """Kept tokens taken, what the card does to other cities (their loss is worth as
        much to this city as the mean harm: coins at the coin rate, debt as its score
        says; a partner's loss is the team's, counted whole), and the powers that change
        how the city pays or produces."""
        value = 0.0
        where = Where(self.city, self.left, self.right, None, self.everyone, self._age.number, self._age.victory)
        for action in known.kept:
            value += self._kept_worth(self.city, action.kind.text, evaluate(action.count, where))
        for action in known.others:
            targets = self.game.events.group(self.seat, action)
            harm = 0.0
            for seat in targets:
                if seat in self.partners:           # a partner's loss is the team's: counted whole
                    value -= self._harm(action.action, seat)
                    continue
                harm += self._harm(action.action, seat)
            others = [s for s in targets if s not in self.partners]
            value += harm / max(1, len(others)) if action.group != "every" and others else 0.0
        return value + self._city_powers(known, source, built)

    def _best_under(self, action, score) -> float:
        """`put a ... card from own city under this stage`, valued with the stage it stands on:
        the score pad with the best such card under the stage built, against the stage built
        with none (its own score lines, counting the card under it, are valued so)."""
        base = self.city.copy()
        built = base.stage_order if base.side.any_order else range(base.stages)
        if action.stage not in built and action.stage < len(base.side.stages):
            base.add_stage(action.stage)
        colors = {c.text for c in action.colors}
        before, gains = score(base), []
        for index in base.built:
            if not colors or self.tables.cards[index].color in colors:
                after = base.copy()
                after.remove_card(index)
                after.entombed.append((action.stage, index))
                gains.append(score(after) - before)
        return float(max(gains, default=0))

    def _removal(self, action) -> float:
        """A `discard a ... card from ...` when built, in points: the city that loses a card
        chooses the one whose loss costs it the fewest points now; a loss of this city (or a
        partner's) counts against, a rival neighbour's for.  `lose the board production`:
        what the board's production is still worth (bots/offers.py `board_worth`)."""
        kind = kind_of(action)
        if kind is not None and kind.gives == "board lost":
            return -board_worth(self.model, self.game, self.seat, self.model.coin_rate)
        if action.scope is None:                 # from a zone: no building is lost
            return 0.0
        city = scopes.scope_kinds(action.scope)[0].pick(self.city, self.left, self.right)
        if city is None:                         # `the neighbour`, all cities: none of these
            return 0.0
        colors = {c.text for c in action.colors}
        cards, age = self.tables.cards, self._age
        left, right = self.game.neighbours(city.seat)

        def score(c) -> int:
            return sum(score_city(self.tables, c, left, right, self.everyone, age.number, age.victory).values())
        if action.to == "stage" and city is self.city:      # the best card under the stage about to be built
            return self._best_under(action, score)
        before, losses = score(city), []
        for index in city.built:
            if not colors or cards[index].color in colors:
                after = city.copy()
                after.remove_card(index)
                losses.append(before - score(after))
        loss = float(min(losses, default=0))
        return -loss if city is self.city or city.seat in self.partners else loss

    def _given_back(self, action) -> float:
        """`discard N victory|defeat|KIND tokens` when built: the owner's score pad with the
        tokens given back (those it would best lose), less its score pad now."""
        where = Where(self.city, self.left, self.right, None, self.everyone, self._age.number, self._age.victory)
        return given_back_worth(self.game, self.seat, action, where)

    def _harm(self, inner, seat: int) -> float:
        """What an action done in another city takes from it, in points (negative when it
        gives)."""
        debt = self.tables.rules.debt
        city = self.game.cities[seat]
        there = self.game.events.where(seat)
        harm = 0.0
        kind = kind_of(inner)
        gives = kind.gives if kind is not None else ""
        if gives == "coins":
            lost = -per_value(*kind.counted(inner), there) * kind.sign
            paid = min(lost, city.coins) if lost > 0 else lost
            harm += paid * self.model.coin_rate
            if debt is not None and lost > paid:
                harm -= self._kept_worth(city, debt, lost - paid)
        elif gives == "kept tokens":
            harm -= self._kept_worth(city, kind.kept_kind(inner), evaluate(kind.counted(inner)[0], there))
        elif gives == "tokens given back":              # the score the city loses with them
            harm -= given_back_worth(self.game, seat, inner, there)
        return harm

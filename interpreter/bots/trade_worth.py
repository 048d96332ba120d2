"""What a move's production and trade discounts are worth: the trade coins the city saves
on the resources the cards still to come ask for (rulemodel.py `demand`), over the builds
left.  A part of the Appraiser (valuation.py), apart because it reasons about the market
of the neighbours rather than the score pad."""

from __future__ import annotations

from ..kinds import scopes


class TradeWorth:
    """The Appraiser's production and trade part.  It reads the Appraiser's tables, city,
    model, age_index and builds_left, and its `_units` memo (set in Appraiser.__init__);
    `_units_worth` is lent to the kinds of kinds/effects/ too (kinds/lent.py `Appraiser`)."""

    def _have(self, r: int) -> float:
        city = self.city
        return city.own_fixed[r] + sum(1 / len(c) for c in city.own_choices if r in c)

    def _unit_value(self, r: int, have: float, units: int = 1) -> float:
        """Trade coins saved by `units` more of resource r, over the builds left, in points."""
        demand = self.model.demand[self.age_index][r]
        price = min(self.city.prices["left"][r], self.city.prices["right"][r])
        start = int(have)
        share = sum(demand[k] for k in range(start, min(len(demand), start + units)))
        return share * price * self.builds_left * self.model.coin_rate

    def _production(self, known) -> float:
        value = 0.0
        res = self.tables.resource_index
        for effect in known.produces:
            if effect.choice:
                value += max(self._units_worth(res[i.resource.text], 1) for i in effect.items)
            else:
                for item in effect.items:
                    value += self._units_worth(res[item.resource.text], item.count)
        return value

    def _units_worth(self, r: int, units: int) -> float:
        """`_unit_value` of `units` more of r for this city, remembered in this position
        (many cards produce the same resources)."""
        key = (r, units)
        found = self._units.get(key)
        if found is None:
            found = self._units[key] = self._unit_value(r, self._have(r), units)
        return found

    def _trade(self, known) -> float:
        value = 0.0
        res = self.tables.resource_index
        for effect in known.trades:
            for direction in scopes.directions(effect.scope):
                prices = self.city.prices.get(direction)
                if prices is None:
                    continue
                for name in effect.resources:
                    r = res[name.text]
                    saved = prices[r] - effect.price
                    if saved > 0:       # half the purchases go each way
                        demand = self.model.demand[self.age_index][r]
                        units = sum(demand[int(self._have(r)):])
                        value += saved * units * self.builds_left * self.model.coin_rate / 2
        return value

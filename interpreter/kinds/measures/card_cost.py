"""`cost of CARD`: the coins of the cost of the card the owner names (docs/language.md,
"Order and removal"); 0 without that card."""

from __future__ import annotations

from ..measure_base import Measure, MeasureKind


class CardCostKind(MeasureKind):
    name = Measure.CARD_COST
    counted_in = "where"
    reads = "game"                      # not weighed by what a move changes

    def check(self, q, c) -> bool:
        return True                     # the card: checked with every quantity's

    def value(self, q, e):
        def cost(where):
            index = e.which_card(q.card, where)
            return 0 if index is None else where.city.tables.cards[index].cost_coins
        return cost

    def written(self, q, p, one: bool) -> str:
        return p.scoped(f"cost of {p.which_card(q.card)}", q.scope)

    def words_en(self, q, w, singular: bool) -> str:
        return f"the coins of the cost of {w.which_card_text(q.card)}"

    def words_nl(self, q, w, singular: bool) -> str:
        return f"de munten van de kosten van {w.which_card_text(q.card)}"

    def icons(self, q, kit, vocabulary, title: str) -> list:
        return [kit.icons.chip(title)]


KIND = CardCostKind()

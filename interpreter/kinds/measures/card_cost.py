"""`cost of CARD`: the coins of the cost of the card the owner names (docs/language.md,
"Order and removal"); 0 without that card."""

from __future__ import annotations

from typing import Any, Callable

from ..measure_base import Checks, Engine, Measure, MeasureKind, Printer, Words


class CardCostKind(MeasureKind):
    name = Measure.CARD_COST
    counted_in = "where"
    reads = "game"                      # not weighed by what a move changes

    def check(self, q: Any, c: Checks) -> bool:
        return True                     # the card: checked with every quantity's

    def value(self, q: Any, e: Engine) -> Callable[[Any], int]:
        def cost(where: Any) -> int:
            index = e.which_card(q.card, where)
            return 0 if index is None else where.city.tables.cards[index].cost_coins
        return cost

    def written(self, q: Any, p: Printer, one: bool) -> str:
        return p.scoped(f"cost of {p.which_card(q.card)}", q.scope)

    def words_en(self, q: Any, w: Words, singular: bool) -> str:
        return f"the coins of the cost of {w.which_card_text(q.card)}"

    def words_nl(self, q: Any, w: Words, singular: bool) -> str:
        return f"de munten van de kosten van {w.which_card_text(q.card)}"

    def icons(self, q: Any, kit: Any, vocabulary: Any, title: str) -> list[Any]:
        return [kit.icons.chip(title)]


KIND = CardCostKind()

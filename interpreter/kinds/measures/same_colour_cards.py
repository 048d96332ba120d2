"""`cards of the colour of CARD`: the cards of the scope's cities of the colour of the card
the owner names (docs/language.md, "Order and removal"); none without that card."""

from __future__ import annotations

from typing import Any, Callable

from ..measure_base import Checks, Engine, Measure, MeasureKind, Printer, Words


class SameColourCardsKind(MeasureKind):
    name = Measure.SAME_COLOUR_CARDS
    counted_in = "where"
    reads = "game"                      # not weighed by what a move changes

    def check(self, q: Any, c: Checks) -> bool:
        return True                     # the card: checked with every quantity's

    def value(self, q: Any, e: Engine) -> Callable[[Any], int]:
        def same_colour(where: Any) -> int:
            colour = e.card_colour(q.card, where)
            return 0 if colour is None else sum(city.colors.get(colour, 0) for city in where.cities(q.scope))
        return same_colour

    def written(self, q: Any, p: Printer, one: bool) -> str:
        return p.scoped(f"{'card' if one else 'cards'} of the colour of {p.which_card(q.card)}", q.scope)

    def words_en(self, q: Any, w: Words, singular: bool) -> str:
        return w.counted_text(q, f"card{'' if singular else 's'} of the colour of {w.which_card_text(q.card)}")

    def words_nl(self, q: Any, w: Words, singular: bool) -> str:
        text = f"{'kaart' if singular else 'kaarten'} van de kleur van {w.which_card_text(q.card)}"
        return w.counted_text(q, text, text)

    def icons(self, q: Any, kit: Any, vocabulary: Any, title: str) -> list[Any]:
        return [kit.icons.chip(title)]


KIND = SameColourCardsKind()

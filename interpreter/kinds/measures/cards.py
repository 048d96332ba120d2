"""`brown cards`, `red/green cards`: the city's cards of those colours."""

from __future__ import annotations

from typing import Any, Callable

from ..measure_base import Checks, Engine, Measure, MeasureKind, Printer, Words


class CardsKind(MeasureKind):
    name = Measure.CARDS
    counted_in = "city"
    reads = "cards"                     # its cards of the quantity's colours
    follows = True

    def check(self, q: Any, c: Checks) -> bool:
        return True                     # the colours: checked with every quantity's

    def count(self, q: Any, e: Engine) -> Callable[[Any], int]:
        colors = tuple(c.text for c in q.colors)
        if len(colors) == 1:
            color, = colors
            return lambda city: city.colors.get(color, 0)
        return lambda city: sum(city.colors.get(c, 0) for c in colors)

    def written(self, q: Any, p: Printer, one: bool) -> str:
        return p.scoped(f"{p.colour_list(q.colors)} {'card' if one else 'cards'}", q.scope)

    def words_en(self, q: Any, w: Words, singular: bool) -> str:
        return w.counted_text(q, f"{w.and_list([c.text for c in q.colors], 'or')} card" + ("" if singular else "s"))

    def words_nl(self, q: Any, w: Words, singular: bool) -> str:
        colours = w.en_list([w.names().color(c.text) for c in q.colors], "of")
        text = f"{colours} {'kaart' if singular else 'kaarten'}"
        return w.counted_text(q, text, text)

    def icons(self, q: Any, kit: Any, vocabulary: Any, title: str) -> list[Any]:
        return [kit.icons.card([c.text for c in q.colors], title)]


KIND = CardsKind()

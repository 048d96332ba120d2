"""`sets of brown, grey cards`: one card of each colour makes a set; the city's sets."""

from __future__ import annotations

from typing import Any, Callable

from ..measure_base import Checks, Engine, Measure, MeasureKind, Printer, Words


class CardSetsKind(MeasureKind):
    name = Measure.CARD_SETS
    counted_in = "city"
    reads = "cards"                     # its cards of the quantity's colours
    follows = True

    def check(self, q: Any, c: Checks) -> bool:
        return c.no_repeats(q.colors, "colour")   

    def count(self, q: Any, e: Engine) -> Callable[[Any], int]:
        colors = tuple(c.text for c in q.colors)
        return lambda city: min(city.colors.get(c, 0) for c in colors)

    def written(self, q: Any, p: Printer, one: bool) -> str:
        return p.scoped(f"{'set' if one else 'sets'} of {p.colour_list(q.colors)} cards", q.scope)

    def words_en(self, q: Any, w: Words, singular: bool) -> str:
        text = ("set" if singular else "sets") + " of " + w.and_list([f"one {c.text}" for c in q.colors]) + " card"
        return w.counted_text(q, text)

    def words_nl(self, q: Any, w: Words, singular: bool) -> str:
        colours = w.en_list([f"één {w.names().color(c.text)}" for c in q.colors])
        text = f"{'groep' if singular else 'groepen'} van {colours} kaart"
        return w.counted_text(q, text, text)

    def icons(self, q: Any, kit: Any, vocabulary: Any, title: str) -> list[Any]:
        return [kit.icons.card([c.text], title) for c in q.colors]


KIND = CardSetsKind()

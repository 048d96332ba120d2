"""`sets of brown, grey cards`: one card of each colour makes a set; the city's sets."""

from __future__ import annotations

from ..measure_base import Measure, MeasureKind


class CardSetsKind(MeasureKind):
    name = Measure.CARD_SETS
    counted_in = "city"
    reads = "cards"                     # its cards of the quantity's colours
    follows = True

    def check(self, q, c) -> bool:
        return c.no_repeats(q.colors, "colour")     # type: ignore[no-any-return]

    def count(self, q, e):
        colors = tuple(c.text for c in q.colors)
        return lambda city: min(city.colors.get(c, 0) for c in colors)

    def written(self, q, p, one: bool) -> str:
        return p.scoped(f"{'set' if one else 'sets'} of {p.colour_list(q.colors)} cards", q.scope)

    def words_en(self, q, w, singular: bool) -> str:
        text = ("set" if singular else "sets") + " of " + w.and_list([f"one {c.text}" for c in q.colors]) + " card"
        return w.counted_text(q, text)

    def words_nl(self, q, w, singular: bool) -> str:
        colours = w.en_list([f"één {w.names().color(c.text)}" for c in q.colors])
        text = f"{'groep' if singular else 'groepen'} van {colours} kaart"
        return w.counted_text(q, text, text)

    def icons(self, q, kit, vocabulary, title: str) -> list:
        return [kit.icons.card([c.text], title) for c in q.colors]


KIND = CardSetsKind()

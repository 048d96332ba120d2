"""`shields`: the city's military strength (its cards', its board's and those it keeps);
`shields` has no singular in the language."""

from __future__ import annotations

import operator

from ..measure_base import Measure, MeasureKind


class ShieldsKind(MeasureKind):
    name = Measure.SHIELDS
    counted_in = "city"
    reads = "shields"
    attribute = "shields"

    def check(self, q, c) -> bool:
        return True                     # nothing of its own to misuse

    def count(self, q, e):
        return operator.attrgetter("shields")

    def written(self, q, p, one: bool) -> str:
        return p.scoped("shields" if one else "shields", q.scope)

    def words_en(self, q, w, singular: bool) -> str:
        return w.counted_text(q, "shield" if singular else "shields", bare=True)

    def words_nl(self, q, w, singular: bool) -> str:
        return w.counted_text(q, "schild" if singular else "schilden", "schilden", bare=True, van=True)

    def icons(self, q, kit, vocabulary, title: str) -> list:
        return [kit.icons.shield("", title)]


KIND = ShieldsKind()

"""`coins`: the coins the city has."""

from __future__ import annotations

import operator

from ..measure_base import Measure, MeasureKind


class CoinsKind(MeasureKind):
    name = Measure.COINS
    counted_in = "city"
    reads = "coins"
    attribute = "coins"

    def check(self, q, c) -> bool:
        return True                     # nothing of its own to misuse

    def count(self, q, e):
        return operator.attrgetter("coins")

    def written(self, q, p, one: bool) -> str:
        return p.scoped("coin" if one else "coins", q.scope)

    def words_en(self, q, w, singular: bool) -> str:
        return w.counted_text(q, "coin" if singular else "coins", bare=True)

    def words_nl(self, q, w, singular: bool) -> str:
        return w.counted_text(q, "muntstuk" if singular else "muntstukken", "muntstukken", bare=True, van=True)

    def icons(self, q, kit, vocabulary, title: str) -> list:
        return [kit.icons.coin("", title)]


KIND = CoinsKind()

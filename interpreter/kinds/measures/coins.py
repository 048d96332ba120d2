"""`coins`: the coins the city has."""

from __future__ import annotations

from typing import Any, Callable

import operator

from ..measure_base import Checks, Engine, Measure, MeasureKind, Printer, Words


class CoinsKind(MeasureKind):
    name = Measure.COINS
    rule = "coins"                 # its grammar rule, built by syntax/builder/expressions.py
    counted_in = "city"
    reads = "coins"
    attribute = "coins"

    def check(self, q: Any, c: Checks) -> bool:
        return True                     # nothing of its own to misuse

    def count(self, q: Any, e: Engine) -> Callable[[Any], int]:
        return operator.attrgetter("coins")

    def written(self, q: Any, p: Printer, one: bool) -> str:
        return p.scoped("coin" if one else "coins", q.scope)

    def words_en(self, q: Any, w: Words, singular: bool) -> str:
        return w.counted_text(q, "coin" if singular else "coins", bare=True)

    def words_nl(self, q: Any, w: Words, singular: bool) -> str:
        return w.counted_text(q, "muntstuk" if singular else "muntstukken", "muntstukken", bare=True, van=True)

    def icons(self, q: Any, kit: Any, vocabulary: Any, title: str) -> list[Any]:
        return [kit.icons.coin("", title)]


KIND = CoinsKind()

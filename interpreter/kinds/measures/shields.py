"""`shields`: the city's military strength (its cards', its board's and those it keeps);
`shields` has no singular in the language."""

from __future__ import annotations

from typing import Any, Callable

import operator

from ..measure_base import Checks, Engine, Measure, MeasureKind, Printer, Words


class ShieldsKind(MeasureKind):
    name = Measure.SHIELDS
    rule = "shields_q"                 # its grammar rule, built by syntax/builder/expressions.py
    counted_in = "city"
    reads = "shields"
    attribute = "shields"

    def check(self, q: Any, c: Checks) -> bool:
        return True                     # nothing of its own to misuse

    def count(self, q: Any, e: Engine) -> Callable[[Any], int]:
        return operator.attrgetter("shields")

    def written(self, q: Any, p: Printer, one: bool) -> str:
        return p.scoped("shields" if one else "shields", q.scope)

    def words_en(self, q: Any, w: Words, singular: bool) -> str:
        return w.counted_text(q, "shield" if singular else "shields", bare=True)

    def words_nl(self, q: Any, w: Words, singular: bool) -> str:
        return w.counted_text(q, "schild" if singular else "schilden", "schilden", bare=True, van=True)

    def icons(self, q: Any, kit: Any, vocabulary: Any, title: str) -> list[Any]:
        return [kit.icons.shield("", title)]


KIND = ShieldsKind()

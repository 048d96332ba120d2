"""`age`: the number of the age being played."""

from __future__ import annotations

from typing import Any, Callable

import operator

from ..measure_base import Checks, Engine, Measure, MeasureKind, Printer, Words


class AgeKind(MeasureKind):
    name = Measure.AGE
    counted_in = "game"
    reads = "game"
    alone = False

    def check(self, q: Any, c: Checks) -> bool:
        return True                     # written without a scope

    def value(self, q: Any, e: Engine) -> Callable[[Any], int]:
        return operator.attrgetter("age_number")

    def written(self, q: Any, p: Printer, one: bool) -> str:
        return p.scoped("age", q.scope)

    def words_en(self, q: Any, w: Words, singular: bool) -> str:
        return "the age's number"

    def words_nl(self, q: Any, w: Words, singular: bool) -> str:
        return "het nummer van het Tijdperk"

    def icons(self, q: Any, kit: Any, vocabulary: Any, title: str) -> list[Any]:
        return [kit.icons.chip(title)]


KIND = AgeKind()

"""`age`: the number of the age being played."""

from __future__ import annotations

import operator

from ..measure_base import Measure, MeasureKind


class AgeKind(MeasureKind):
    name = Measure.AGE
    counted_in = "game"
    reads = "game"
    alone = False

    def check(self, q, c) -> bool:
        return True                     # written without a scope

    def value(self, q, e):
        return operator.attrgetter("age_number")

    def written(self, q, p, one: bool) -> str:
        return p.scoped("age", q.scope)

    def words_en(self, q, w, singular: bool) -> str:
        return "the age's number"

    def words_nl(self, q, w, singular: bool) -> str:
        return "het nummer van het Tijdperk"

    def icons(self, q, kit, vocabulary, title: str) -> list:
        return [kit.icons.chip(title)]


KIND = AgeKind()

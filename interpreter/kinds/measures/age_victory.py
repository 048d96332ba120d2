"""`age victory`: the victory value of the age being played (its military tokens')."""

from __future__ import annotations

import operator

from ..measure_base import Measure, MeasureKind


class AgeVictoryKind(MeasureKind):
    name = Measure.AGE_VICTORY
    counted_in = "game"
    reads = "game"
    alone = False

    def check(self, q, c) -> bool:
        return True                     # written without a scope

    def value(self, q, e):
        return operator.attrgetter("age_victory")

    def written(self, q, p, one: bool) -> str:
        return p.scoped("age victory", q.scope)

    def words_en(self, q, w, singular: bool) -> str:
        return "the age's victory value"

    def words_nl(self, q, w, singular: bool) -> str:
        return "de overwinningswaarde van het Tijdperk"

    def icons(self, q, kit, vocabulary, title: str) -> list:
        return [kit.icons.chip(title)]


KIND = AgeVictoryKind()

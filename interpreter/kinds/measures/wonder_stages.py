"""`wonder stages`: the stages the city has built."""

from __future__ import annotations

import operator

from ..measure_base import Measure, MeasureKind


class WonderStagesKind(MeasureKind):
    name = Measure.WONDER_STAGES
    counted_in = "city"
    reads = "stages"
    attribute = "stages"
    follows = True

    def check(self, q, c) -> bool:
        return True                     # nothing of its own to misuse

    def count(self, q, e):
        return operator.attrgetter("stages")

    def written(self, q, p, one: bool) -> str:
        return p.scoped("wonder stage" if one else "wonder stages", q.scope)

    def words_en(self, q, w, singular: bool) -> str:
        return w.counted_text(q, "wonder stage" if singular else "wonder stages")

    def words_nl(self, q, w, singular: bool) -> str:
        return w.counted_text(q, "gebouwde Wonder fase" if singular else "gebouwde Wonder fasen", "gebouwde Wonder fasen")

    def icons(self, q, kit, vocabulary, title: str) -> list:
        return [kit.icons.stage(title, unbuilt=False)]


KIND = WonderStagesKind()

"""`wonder stages`: the stages the city has built."""

from __future__ import annotations

from typing import Any, Callable

import operator

from ..measure_base import Checks, Engine, Measure, MeasureKind, Printer, Words


class WonderStagesKind(MeasureKind):
    name = Measure.WONDER_STAGES
    rule = "wonder_stages"                 # its grammar rule, built by syntax/builder/expressions.py
    counted_in = "city"
    reads = "stages"
    attribute = "stages"
    follows = True

    def check(self, q: Any, c: Checks) -> bool:
        return True                     # nothing of its own to misuse

    def count(self, q: Any, e: Engine) -> Callable[[Any], int]:
        return operator.attrgetter("stages")

    def written(self, q: Any, p: Printer, one: bool) -> str:
        return p.scoped("wonder stage" if one else "wonder stages", q.scope)

    def words_en(self, q: Any, w: Words, singular: bool) -> str:
        return w.counted_text(q, "wonder stage" if singular else "wonder stages")

    def words_nl(self, q: Any, w: Words, singular: bool) -> str:
        return w.counted_text(q, "gebouwde Wonder fase" if singular else "gebouwde Wonder fasen", "gebouwde Wonder fasen")

    def icons(self, q: Any, kit: Any, vocabulary: Any, title: str) -> list[Any]:
        return [kit.icons.stage(title, unbuilt=False)]


KIND = WonderStagesKind()

"""`unbuilt wonder stages`: the stages of the city's board it has not built yet."""

from __future__ import annotations

from typing import Any, Callable

from ..measure_base import Checks, Engine, Measure, MeasureKind, Printer, Words


class UnbuiltWonderStagesKind(MeasureKind):
    name = Measure.UNBUILT_WONDER_STAGES
    rule = "unbuilt_stages"                 # its grammar rule, built by syntax/builder/expressions.py
    counted_in = "city"
    reads = "stages"
    follows = True

    def check(self, q: Any, c: Checks) -> bool:
        return True                     # nothing of its own to misuse

    def count(self, q: Any, e: Engine) -> Callable[[Any], int]:
        return lambda city: len(city.side.stages) - city.stages

    def written(self, q: Any, p: Printer, one: bool) -> str:
        return p.scoped("unbuilt wonder stage" if one else "unbuilt wonder stages", q.scope)

    def words_en(self, q: Any, w: Words, singular: bool) -> str:
        return w.counted_text(q, "unbuilt wonder stage" if singular else "unbuilt wonder stages")

    def words_nl(self, q: Any, w: Words, singular: bool) -> str:
        return w.counted_text(q, "nog niet gebouwde Wonder fase" if singular else "nog niet gebouwde Wonder fasen", "nog niet gebouwde Wonder fasen")

    def icons(self, q: Any, kit: Any, vocabulary: Any, title: str) -> list[Any]:
        return [kit.icons.stage(title, unbuilt=True)]


KIND = UnbuiltWonderStagesKind()

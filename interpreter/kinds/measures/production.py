"""`production of R`: the units of a resource the city's own sources produce, every fixed
unit and every choice that offers it (`wood / clay` counts one for wood and one for clay),
counted in each city of the scope."""

from __future__ import annotations

from typing import Any, Callable

from ..measure_base import Checks, Engine, Measure, MeasureKind, Printer, Words


class ProductionKind(MeasureKind):
    name = Measure.PRODUCTION
    counted_in = "each where"
    reads = "game"                      # not weighed by what a move changes
    names = "resource"

    def check(self, q: Any, c: Checks) -> bool:
        return c.resource(q.kind)     

    def value(self, q: Any, e: Engine) -> Callable[[Any], int]:
        resource = q.kind.text

        def produced(where: Any) -> int:
            city = where.city
            r = city.tables.resource_index[resource]
            units: int = city.own_fixed[r] + sum(1 for options in city.own_choices if r in options)
            return units
        return e.each_where(q, produced)

    def written(self, q: Any, p: Printer, one: bool) -> str:
        return p.scoped(f"production of {q.kind.text}", q.scope)

    def words_en(self, q: Any, w: Words, singular: bool) -> str:
        return w.counted_text(q, f"unit{'' if singular else 's'} of {q.kind.text} produced")

    def words_nl(self, q: Any, w: Words, singular: bool) -> str:
        text = f"{'eenheid' if singular else 'eenheden'} {w.names().resource(q.kind.text)} geproduceerd"
        return w.counted_text(q, text, text)

    def icons(self, q: Any, kit: Any, vocabulary: Any, title: str) -> list[Any]:
        return [kit.icons.chip(title)]


KIND = ProductionKind()

"""`production of R`: the units of a resource the city's own sources produce, every fixed
unit and every choice that offers it (`wood / clay` counts one for wood and one for clay),
counted in each city of the scope."""

from __future__ import annotations

from ..measure_base import Measure, MeasureKind


class ProductionKind(MeasureKind):
    name = Measure.PRODUCTION
    counted_in = "each where"
    reads = "game"                      # not weighed by what a move changes
    names = "resource"

    def check(self, q, c) -> bool:
        return c.resource(q.kind)       # type: ignore[no-any-return]

    def value(self, q, e):
        resource = q.kind.text

        def produced(where):
            city = where.city
            r = city.tables.resource_index[resource]
            return city.own_fixed[r] + sum(1 for options in city.own_choices if r in options)
        return e.each_where(q, produced)

    def written(self, q, p, one: bool) -> str:
        return p.scoped(f"production of {q.kind.text}", q.scope)

    def words_en(self, q, w, singular: bool) -> str:
        return w.counted_text(q, f"unit{'' if singular else 's'} of {q.kind.text} produced")

    def words_nl(self, q, w, singular: bool) -> str:
        text = f"{'eenheid' if singular else 'eenheden'} {w.names().resource(q.kind.text)} geproduceerd"
        return w.counted_text(q, text, text)

    def icons(self, q, kit, vocabulary, title: str) -> list:
        return [kit.icons.chip(title)]


KIND = ProductionKind()

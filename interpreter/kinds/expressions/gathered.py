"""A value gathered over the table (`rank of shields`, `number of cities with ...`, `most (...)
of SCOPE`): the class and its ways are kinds/among_base.py's and kinds/among/'s; this is
what the passes ask of it as an expression, its way's where the way decides."""

from __future__ import annotations

from typing import Any, Callable, Iterator

import attrs

from ..among import WAYS
from ..among_base import NODE
from ..expression_base import Checks, ExpressionKind, Printer, Reader, of
from ..scopes import every_city


class GatheredKind(ExpressionKind):
    node = NODE

    def check(self, e: Any, c: Checks) -> bool:
        return WAYS[e.how].check(e, c.way_checks(), c.neighbour)

    def counted(self, e: Any) -> Iterator[Any]:
        return of(e.value).counted(e.value)

    def read(self, e: Any) -> Iterator[Any]:
        """Counted in every city of its scope: read as over all cities."""
        everywhere = every_city(e.span)
        return (attrs.evolve(q, scope=everywhere) for q in of(e.value).read(e.value))

    def measures(self, e: Any) -> bool:
        return True

    def value(self, e: Any, where: Any, r: Reader) -> int:
        return r.gathered(e, lambda w: r.evaluate(e.value, w), where)

    def compiled(self, e: Any, r: Reader) -> Callable[[Any], int]:
        inner, limit = r.value_fn(e.value), r.VALUE_LIMIT

        def value(where: Any) -> int:
            v = r.gathered(e, inner, where)
            return v if -limit <= v <= limit else max(-limit, min(limit, v))
        return value

    def written(self, e: Any, p: Printer) -> str:
        return WAYS[e.how].written(e, p)        # type: ignore[arg-type]  # (the printer lends both)

    def words_en(self, e: Any, w: Any) -> str:
        value = w.expr_text(e.value).removesuffix(" in own city")
        value = value if of(e.value).quantity(e.value) is not None else f"({value})"
        return WAYS[e.how].words_en(e, value, w.scope_text(e.scope or every_city(None)))

    def words_nl(self, e: Any, w: Any) -> str:
        value = w.expr_text(e.value).removesuffix(" in de eigen stad")
        value = value if of(e.value).quantity(e.value) is not None else f"({value})"
        return WAYS[e.how].words_nl(e, value, w.scope_text(e.scope or every_city(None)))


KIND = GatheredKind()

"""`number of cities with VALUE OP N [among SCOPE]`: how many of the scope's cities (all when
it names none) have a value that compares so."""

from __future__ import annotations

from typing import Any, Callable

from ..among_base import Among, AmongKind, AmongPrinter, Gathering


class CountKind(AmongKind):
    how = Among.COUNT

    def gathered(self, e: Any, value: Callable[[Any], int], where: Any, cities: Any, g: Gathering) -> int:
        compare, bound = g.COMPARE[e.op], e.bound
        return sum(1 for c in cities if compare(value(g.where_in(where, c)), bound))

    def written(self, e: Any, p: AmongPrinter) -> str:
        among_words = f" among {p.scope(e.scope)}" if e.scope is not None else ""
        return f"number of cities with {p.city_value(e.value)} {e.op} {e.bound}{among_words}"

    def words_en(self, e: Any, value: str, cities: str) -> str:
        return f"the number of cities among {cities} with {value} {e.op} {e.bound}"

    def words_nl(self, e: Any, value: str, cities: str) -> str:
        return f"het aantal steden van {cities} met {value} {e.op} {e.bound}"


KIND = CountKind()

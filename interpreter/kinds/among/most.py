"""`most (EXPR) of SCOPE`: the value of the scope's city that has the most, a sum or any
expression counted in each city; `fewest (...)` (fewest.py) the fewest.  It picks one city
among several: its scope names two at least (E1214)."""

from __future__ import annotations

from typing import Any, Callable

from ..among_base import Among, AmongKind, AmongPrinter, Gathering


class MostKind(AmongKind):
    how = Among.MOST
    compares = True
    pick: Callable[..., int] = staticmethod(max)
    dutch = "grootste"

    def gathered(self, e: Any, value: Callable[[Any], int], where: Any, cities: Any, g: Gathering) -> int:
        return self.pick(value(g.where_in(where, c)) for c in cities)

    def written(self, e: Any, p: AmongPrinter) -> str:
        return f"{self.how} ({p.expr(e.value)})" + (f" of {p.scope(e.scope)}" if e.scope is not None else "")

    def words_en(self, e: Any, value: str, cities: str) -> str:
        return f"the {self.how} {value} that one of {cities} has"

    def words_nl(self, e: Any, value: str, cities: str) -> str:
        return f"de {self.dutch} waarde van {value} die één van {cities} heeft"


KIND = MostKind()

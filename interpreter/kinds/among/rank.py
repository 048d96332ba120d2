"""`rank of VALUE [among SCOPE]`: the owner's place among the scope's cities and its own, 1
for the most; cities with the same value share the better place (5, 5, 3 are places 1, 1,
3).  `rank of fewest VALUE` (rank_fewest.py) counts from the fewest."""

from __future__ import annotations

import operator
from typing import Any, Callable

from ..among_base import Among, AmongKind, AmongPrinter, Gathering


class RankKind(AmongKind):
    how = Among.RANK
    ahead: Callable[[int, int], bool] = staticmethod(operator.gt)    # another city's value ahead of the owner's
    first = ("most", "meeste")                 # the place 1 is for, in English and Dutch
    written_as = ""                            # the word after `rank of` that says it

    def gathered(self, e: Any, value: Callable[[Any], int], where: Any, cities: Any, g: Gathering) -> int:
        own = value(where)
        seat = where.city.seat
        others = [value(g.where_in(where, c)) for c in cities if c.seat != seat]
        ahead = self.ahead
        return 1 + sum(1 for v in others if ahead(v, own))       # ties share the better place

    def written(self, e: Any, p: AmongPrinter) -> str:
        among_words = f" among {p.scope(e.scope)}" if e.scope is not None else ""
        return f"rank of {self.written_as}{p.city_value(e.value)}{among_words}"

    def words_en(self, e: Any, value: str, cities: str) -> str:
        return (f"own city's place by {value} among {cities} and itself (1 for the {self.first[0]}; "
                f"cities with the same count share the better place)")

    def words_nl(self, e: Any, value: str, cities: str) -> str:
        return (f"de plaats van de eigen stad naar {value} onder {cities} en zichzelf (1 voor de {self.first[1]}; "
                f"steden met evenveel delen de betere plaats)")


KIND = RankKind()

"""`complete sets`: the owner's sets of three different science symbols (the fewest of
its counts; while the game is scored, the counts with its wild symbols chosen)."""

from __future__ import annotations

from typing import Any, Callable

from ..measure_base import Checks, Engine, Measure, MeasureKind, Printer, Words


class CompleteSetsKind(MeasureKind):
    name = Measure.COMPLETE_SETS
    rule = "complete_sets"                 # its grammar rule, built by syntax/builder/expressions.py
    counted_in = "owner"
    reads = "symbols"

    def check(self, q: Any, c: Checks) -> bool:
        return True                     # its scope: refused from `counted_in`

    def value(self, q: Any, e: Engine) -> Callable[[Any], int]:
        def complete_sets(where: Any) -> int:
            counts = where.symbols if where.symbols is not None else where.city.symbols
            return min(counts) if counts else 0
        return complete_sets

    def written(self, q: Any, p: Printer, one: bool) -> str:
        return p.scoped("complete set" if one else "complete sets", q.scope)

    def words_en(self, q: Any, w: Words, singular: bool) -> str:
        return w.counted_text(q, "complete set of science symbols" if singular else "complete sets", owner=True)

    def words_nl(self, q: Any, w: Words, singular: bool) -> str:
        plural = "groepen van 3 verschillende wetenschapssymbolen"
        return w.counted_text(q, "groep van 3 verschillende wetenschapssymbolen" if singular else plural, plural,
                              owner=True)

    def icons(self, q: Any, kit: Any, vocabulary: Any, title: str) -> list[Any]:
        return [kit.icons.science(s, vocabulary) for s in vocabulary.symbols]


KIND = CompleteSetsKind()

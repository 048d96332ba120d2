"""`complete sets`: the owner's sets of three different science symbols (the fewest of
its counts; while the game is scored, the counts with its wild symbols chosen)."""

from __future__ import annotations

from ..measure_base import Measure, MeasureKind


class CompleteSetsKind(MeasureKind):
    name = Measure.COMPLETE_SETS
    counted_in = "owner"
    reads = "symbols"

    def check(self, q, c) -> bool:
        return True                     # its scope: refused from `counted_in`

    def value(self, q, e):
        def complete_sets(where):
            counts = where.symbols if where.symbols is not None else where.city.symbols
            return min(counts) if counts else 0
        return complete_sets

    def written(self, q, p, one: bool) -> str:
        return p.scoped("complete set" if one else "complete sets", q.scope)

    def words_en(self, q, w, singular: bool) -> str:
        return w.counted_text(q, "complete set of science symbols" if singular else "complete sets", owner=True)

    def words_nl(self, q, w, singular: bool) -> str:
        plural = "groepen van 3 verschillende wetenschapssymbolen"
        return w.counted_text(q, "groep van 3 verschillende wetenschapssymbolen" if singular else plural, plural,
                              owner=True)

    def icons(self, q, kit, vocabulary, title: str) -> list:
        return [kit.icons.science(s, vocabulary) for s in vocabulary.symbols]


KIND = CompleteSetsKind()

"""`defeat tokens`: the military tokens of a defeat the city holds."""

from __future__ import annotations

from ..measure_base import Measure, MeasureKind


class DefeatTokensKind(MeasureKind):
    name = Measure.DEFEAT_TOKENS
    counted_in = "city"
    reads = "tokens"
    follows = True

    def check(self, q, c) -> bool:
        return True                     # nothing of its own to misuse

    def count(self, q, e):
        return lambda city: sum(1 for t in city.tokens if t < 0)

    def written(self, q, p, one: bool) -> str:
        return p.scoped("defeat token" if one else "defeat tokens", q.scope)

    def words_en(self, q, w, singular: bool) -> str:
        return w.counted_text(q, "defeat token" if singular else "defeat tokens")

    def words_nl(self, q, w, singular: bool) -> str:
        return w.counted_text(q, "nederlaagfiche" if singular else "nederlaagfiches", "nederlaagfiches")

    def icons(self, q, kit, vocabulary, title: str) -> list:
        return [kit.icons.token("defeat", title)]


KIND = DefeatTokensKind()

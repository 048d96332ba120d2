"""`debt tokens` (any kind of token a city keeps): the city's tokens of that kind."""

from __future__ import annotations

from ..measure_base import Measure, MeasureKind


class KeptTokensKind(MeasureKind):
    name = Measure.KEPT_TOKENS
    counted_in = "city"
    reads = "kept"
    names = "token kind"

    def check(self, q, c) -> bool:
        return c.token_kind(q.kind)     # type: ignore[no-any-return]

    def count(self, q, e):
        kind = q.kind.text
        return lambda city: city.kept.get(kind, 0)

    def written(self, q, p, one: bool) -> str:
        return p.scoped(f"{q.kind.text} {'token' if one else 'tokens'}", q.scope)

    def words_en(self, q, w, singular: bool) -> str:
        return w.counted_text(q, f"{q.kind.text} token" + ("" if singular else "s"))

    def words_nl(self, q, w, singular: bool) -> str:
        text = f"{w.names().token(q.kind.text)}-fiche" + ("" if singular else "s")
        return w.counted_text(q, text, text)

    def icons(self, q, kit, vocabulary, title: str) -> list:
        return [kit.icons.chip(title)]


KIND = KeptTokensKind()

"""`debt tokens` (any kind of token a city keeps): the city's tokens of that kind."""

from __future__ import annotations

from typing import Any, Callable

from ..measure_base import Checks, Engine, Measure, MeasureKind, Printer, Words


class KeptTokensKind(MeasureKind):
    name = Measure.KEPT_TOKENS
    counted_in = "city"
    reads = "kept"
    names = "token kind"

    def check(self, q: Any, c: Checks) -> bool:
        return c.token_kind(q.kind)   

    def count(self, q: Any, e: Engine) -> Callable[[Any], int]:
        kind = q.kind.text
        return lambda city: city.kept.get(kind, 0)

    def written(self, q: Any, p: Printer, one: bool) -> str:
        return p.scoped(f"{q.kind.text} {'token' if one else 'tokens'}", q.scope)

    def words_en(self, q: Any, w: Words, singular: bool) -> str:
        return w.counted_text(q, f"{q.kind.text} token" + ("" if singular else "s"))

    def words_nl(self, q: Any, w: Words, singular: bool) -> str:
        text = f"{w.names().token(q.kind.text)}-fiche" + ("" if singular else "s")
        return w.counted_text(q, text, text)

    def icons(self, q: Any, kit: Any, vocabulary: Any, title: str) -> list[Any]:
        return [kit.icons.chip(title)]


KIND = KeptTokensKind()

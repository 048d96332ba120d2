"""`victory tokens`: the military tokens of a victory the city holds."""

from __future__ import annotations

from typing import Any, Callable

from ..measure_base import Checks, Engine, Measure, MeasureKind, Printer, Words


class VictoryTokensKind(MeasureKind):
    name = Measure.VICTORY_TOKENS
    rule = "victory_tokens"                 # its grammar rule, built by syntax/builder/expressions.py
    counted_in = "city"
    reads = "tokens"
    follows = True

    def check(self, q: Any, c: Checks) -> bool:
        return True                     # nothing of its own to misuse

    def count(self, q: Any, e: Engine) -> Callable[[Any], int]:
        return lambda city: sum(1 for t in city.tokens if t > 0)

    def written(self, q: Any, p: Printer, one: bool) -> str:
        return p.scoped("victory token" if one else "victory tokens", q.scope)

    def words_en(self, q: Any, w: Words, singular: bool) -> str:
        return w.counted_text(q, "victory token" if singular else "victory tokens")

    def words_nl(self, q: Any, w: Words, singular: bool) -> str:
        return w.counted_text(q, "overwinningsfiche" if singular else "overwinningsfiches", "overwinningsfiches")

    def icons(self, q: Any, kit: Any, vocabulary: Any, title: str) -> list[Any]:
        return [kit.icons.token("victory", title)]


KIND = VictoryTokensKind()

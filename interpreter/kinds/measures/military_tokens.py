"""`military tokens`: the total of the city's military tokens (victories less defeats)."""

from __future__ import annotations

from typing import Any, Callable

from ..measure_base import Checks, Engine, Measure, MeasureKind, Printer, Words


class MilitaryTokensKind(MeasureKind):
    name = Measure.MILITARY_TOKENS
    rule = "military_tokens"                 # its grammar rule, built by syntax/builder/expressions.py
    counted_in = "city"
    reads = "tokens"
    follows = True

    def check(self, q: Any, c: Checks) -> bool:
        return True                     # nothing of its own to misuse

    def count(self, q: Any, e: Engine) -> Callable[[Any], int]:
        return lambda city: sum(city.tokens)

    def written(self, q: Any, p: Printer, one: bool) -> str:
        return p.scoped("military token" if one else "military tokens", q.scope)

    def words_en(self, q: Any, w: Words, singular: bool) -> str:
        return w.counted_text(q, "point of military tokens" if singular else "the total of the military tokens",
                              bare=True)

    def words_nl(self, q: Any, w: Words, singular: bool) -> str:
        return w.counted_text(q, "punt van de Conflictfiches" if singular else "het totaal van de Conflictfiches",
                              "het totaal van de Conflictfiches", bare=True)

    def icons(self, q: Any, kit: Any, vocabulary: Any, title: str) -> list[Any]:
        return [kit.icons.token("military", title)]


KIND = MilitaryTokensKind()

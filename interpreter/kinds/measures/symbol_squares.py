"""`each symbol squared`: the sum of the squares of the owner's counts of each science
symbol (while the game is scored, with its wild symbols chosen)."""

from __future__ import annotations

from typing import Any, Callable

from ..measure_base import Checks, Engine, Measure, MeasureKind, Printer, Words


class SymbolSquaresKind(MeasureKind):
    name = Measure.SYMBOL_SQUARES
    counted_in = "owner"
    reads = "symbols"
    alone = False

    def check(self, q: Any, c: Checks) -> bool:
        return True                     # written without a scope

    def value(self, q: Any, e: Engine) -> Callable[[Any], int]:
        def squares(where: Any) -> int:
            counts = where.symbols if where.symbols is not None else where.city.symbols
            return sum(n * n for n in counts)
        return squares

    def written(self, q: Any, p: Printer, one: bool) -> str:
        return "each symbol squared"

    def words_en(self, q: Any, w: Words, singular: bool) -> str:
        return "the squares of the science symbols' counts"

    def words_nl(self, q: Any, w: Words, singular: bool) -> str:
        return "de kwadraten van het aantal van elk wetenschapssymbool"

    def icons(self, q: Any, kit: Any, vocabulary: Any, title: str) -> list[Any]:
        return [kit.icons.science(s, vocabulary) for s in vocabulary.symbols] + [kit.icons.word("²")]


KIND = SymbolSquaresKind()

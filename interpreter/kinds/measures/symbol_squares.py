"""`each symbol squared`: the sum of the squares of the owner's counts of each science
symbol (while the game is scored, with its wild symbols chosen)."""

from __future__ import annotations

from ..measure_base import Measure, MeasureKind


class SymbolSquaresKind(MeasureKind):
    name = Measure.SYMBOL_SQUARES
    counted_in = "owner"
    reads = "symbols"
    alone = False

    def check(self, q, c) -> bool:
        return True                     # written without a scope

    def value(self, q, e):
        def squares(where):
            counts = where.symbols if where.symbols is not None else where.city.symbols
            return sum(n * n for n in counts)
        return squares

    def written(self, q, p, one: bool) -> str:
        return "each symbol squared"

    def words_en(self, q, w, singular: bool) -> str:
        return "the squares of the science symbols' counts"

    def words_nl(self, q, w, singular: bool) -> str:
        return "de kwadraten van het aantal van elk wetenschapssymbool"

    def icons(self, q, kit, vocabulary, title: str) -> list:
        return [kit.icons.science(s, vocabulary) for s in vocabulary.symbols] + [kit.icons.word("²")]


KIND = SymbolSquaresKind()

"""`science S` or `science S1 / S2 / ...`: a science symbol in the owner's city while it owns
the source, or one of several of the owner's choice, chosen when the game is scored
(engine/held.py `Held.symbols` and `wilds`, engine/scoring.py).  Its grammar rule is
`science`, built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ...i18n import names
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_base import Name


@node
class Science:
    symbols: tuple[Name, ...]
    span: Span


class ScienceKind(EffectKind[Science]):
    node = Science
    places = ("city",)
    bots = "science"
    static = True

    def check(self, effect: Science, c: EffectChecks) -> Any:
        """Declared symbols (E1003), none listed twice."""
        ok = all([c.ctx.known(s, c.ctx.symbols, "E1003", "science symbol") for s in effect.symbols])
        return effect if ok and c.no_repeats(effect.symbols, "symbol") else None

    def hold(self, effect: Science, tables: Any) -> dict[str, Any]:
        """A symbol, or a choice among several, by number."""
        numbers = tuple(tables.symbol_index[s.text] for s in effect.symbols)
        return {"symbols": list(numbers)} if len(numbers) == 1 else {"wilds": [numbers]}

    def symbols(self, effect: Science) -> tuple[Any, ...]:
        return tuple(s.text for s in effect.symbols)

    def written(self, effect: Science, p: Printer) -> str:
        return "science " + " / ".join(s.text for s in effect.symbols)

    def words_en(self, effect: Science, w: WordsEn) -> str:
        if len(effect.symbols) == 1:
            return f"science symbol {effect.symbols[0].text}"
        return (f"one science symbol of the owner's choice ({w.and_list([s.text for s in effect.symbols], 'or')}),"
                " chosen at the end of the game")

    def words_nl(self, effect: Science, w: WordsNl) -> str:
        symbols = [names().symbol(s.text) for s in effect.symbols]
        if len(symbols) == 1:
            return f"wetenschapssymbool {symbols[0]}"
        return (f"één wetenschapssymbool naar keuze ({w.en_list(symbols, 'of')}), "
                "gekozen aan het eind van het spel")

    def icons(self, effect: Science, kit: IconKit, vocabulary: Any) -> list[Any]:
        shown = []
        for i, symbol in enumerate(effect.symbols):
            shown += ([kit.icons.word("/")] if i else []) + [kit.icons.science(symbol.text, vocabulary)]
        return shown

    def notation(self, effect: Science, kit: NotationKit) -> str | None:
        return "/".join(kit.symbol(s.text) for s in effect.symbols)


KIND = ScienceKind()

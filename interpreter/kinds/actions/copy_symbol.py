"""`copy a symbol of a green card from neighbours`: when the game is scored, the science
symbol of one such card of the neighbours counts as the owner's (the card itself does not):
a choice of the scoring, made to maximise the score (engine/scoring.py).  Its grammar rule
is `copy_symbol`, built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base import ActionKind
from ..scopes import picked
from ...i18n import _, names
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import ActionChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_base import Name
    from ...syntax.ast_effects import Scope


@node
class CopySymbol:
    colors: tuple[Name, ...]
    scope: Scope
    span: Span


class CopySymbolKind(ActionKind[CopySymbol]):
    node = CopySymbol
    gives = "scored symbol"
    bots = "scored in full"               # only at the end of the game
    at_game_end = True
    copies = True
    at_scoring = True

    def check(self, action: CopySymbol, c: ActionChecks) -> bool:
        ok = c.colours(action.colors)
        return c.neighbours_only(action.scope, "copying") and ok

    def causes(self, action: CopySymbol) -> tuple[str, ...]:
        return ()

    def run(self, events: Any, op: Any, seat: int, where: Any, source: str) -> None:
        """Nothing happens when it is run: the copy is a choice of the scoring (`wild_symbols`)."""

    def wild_symbols(self, action: CopySymbol, scoring: Any, tables: Any, left: Any, right: Any) -> tuple[int, ...]:
        symbols: tuple[int, ...] = scoring.symbols_on_cards(tables, {c.text for c in action.colors},
                                                            picked(action.scope, None, left, right))
        return symbols

    def written(self, action: CopySymbol, p: Printer) -> str:
        return f"copy a symbol of a {p.colour_list(action.colors)} card from {p.scope(action.scope)}"

    def words_en(self, action: CopySymbol, w: WordsEn) -> str:
        where = w.the_scope_text(action.scope)
        colors = w.and_list([c.text for c in action.colors], 'or')
        return f"copies the science symbol of one {colors} card of {where} (not the card)"

    def words_nl(self, action: CopySymbol, w: WordsNl) -> tuple[str, str]:
        colours = w.en_list([names().color(c.text) for c in action.colors], "of")
        return "kopieert", f"het wetenschapssymbool van één {colours} kaart van {w.scope_text(action.scope)}"

    def icons(self, action: CopySymbol, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons
        return [icons.chip(_("copy symbol")), icons.card([c.text for c in action.colors],
                                                          _("a card whose symbol is copied"))] + kit.scope_icons(action.scope)

    def notation(self, action: CopySymbol, kit: NotationKit) -> str | None:
        return None


KIND = CopySymbolKind()

"""`copy a symbol of a green card from neighbours`: when the game is scored, the science
symbol of one such card of the neighbours counts as the owner's (the card itself does not):
a choice of the scoring, made to maximise the score (engine/scoring.py).  Its grammar rule
is `copy_symbol`, built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base import ActionKind
from ..scopes import picked
from ...i18n import _, names
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ...diagnostics import Span
    from ...syntax.ast_base import Name
    from ...syntax.ast_effects import Scope


@node
class CopySymbol:
    colors: tuple[Name, ...]
    scope: Scope
    span: Span


class CopySymbolKind(ActionKind):
    node = CopySymbol
    gives = "scored symbol"
    bots = "scored in full"               # only at the end of the game
    at_game_end = True
    copies = True
    at_scoring = True

    def check(self, action, c) -> bool:
        ok = c.colours(action.colors)
        return c.neighbours_only(action.scope, "copying") and ok

    def causes(self, action) -> tuple[str, ...]:
        return ()

    def run(self, events, action, seat: int, where, source: str) -> None:
        """Nothing happens when it is run: the copy is a choice of the scoring (`wild_symbols`)."""

    def wild_symbols(self, action, scoring, tables, left, right) -> tuple[int, ...]:
        return scoring.symbols_on_cards(tables, {c.text for c in action.colors}, picked(action.scope, None, left, right))

    def written(self, action, p) -> str:
        return f"copy a symbol of a {p.colour_list(action.colors)} card from {p.scope(action.scope)}"

    def words_en(self, action, w) -> str:
        where = w.the_scope_text(action.scope)
        colors = w.and_list([c.text for c in action.colors], 'or')
        return f"copies the science symbol of one {colors} card of {where} (not the card)"

    def words_nl(self, action, w) -> tuple[str, str]:
        colours = w.en_list([names().color(c.text) for c in action.colors], "of")
        return "kopieert", f"het wetenschapssymbool van één {colours} kaart van {w.scope_text(action.scope)}"

    def icons(self, action, kit, vocabulary) -> list:
        icons = kit.icons
        return [icons.chip(_("copy symbol")), icons.card([c.text for c in action.colors],
                                                          _("a card whose symbol is copied"))] + kit.scope_icons(action.scope)

    def notation(self, action, kit) -> str | None:
        return None


KIND = CopySymbolKind()

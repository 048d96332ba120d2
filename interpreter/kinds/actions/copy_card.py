"""`copy a COLOURS card from SCOPE`, or (`last`) `copy the last card built by SCOPE`: the
owner has the effects of one card of a city of the scope (the newest building, of any
colour, with `last`) as if it had built it.  When built, the owner chooses the card at once
(a decision of kind "copy"); at the end of the game (`at end of game: copy ...`, which may
copy a card of the owner's own city, its effects a second time) the copy is a choice of the
scoring, made to maximise the score (engine/scoring.py).  Its grammar rules are `copy_card`
and `copy_last`, built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base import ActionKind
from ..scopes import names_own, picked, several
from ...i18n import _, names
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import ActionChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_base import Name
    from ...syntax.ast_effects import Scope


@node
class CopyCard:
    colors: tuple[Name, ...]
    scope: Scope
    span: Span
    last: bool = False


class CopyCardKind(ActionKind[CopyCard]):
    node = CopyCard
    gives = "a copy"
    bots = "copies"                       # `when built: copy ...` (one at the end of the game is scored in full)
    copies = True
    at_game_end = True
    at_scoring = True
    decision = "copy"

    def at_game_end_for(self, action: CopyCard) -> bool:
        return not action.last            # the last card built is copied when built only

    def check(self, action: CopyCard, c: ActionChecks) -> bool:
        """Of the neighbours; at the end of the game also of the owner's own city (its
        effects a second time)."""
        ok = c.colours(action.colors)
        if names_own(action.scope) and not c.at_game_end:
            c.ctx.report("E2063", _("a card of one's own city is copied at the end of the game only"),
                         action.scope.span, label=_("its effects would count twice from now on"),
                         help=_("write `at end of game: copy a ... card from own city` (its effects count a second "
                                "time when scoring), or copy from `neighbours`"))
            return False
        return c.neighbours_only(action.scope, "copying", own=c.at_game_end) and ok

    def causes(self, action: CopyCard) -> tuple[str, ...]:
        return ()

    def options(self, events: Any, action: CopyCard, seat: int) -> list[Any]:
        options: list[Any] = events.card_copy_options(seat, action)
        return options

    def run(self, events: Any, op: Any, seat: int, where: Any, source: str) -> None:
        action = op.node
        if self.options(events, action, seat):          # chosen now
            events.ask(seat, self.decision, ("copy_from", op, seat))

    def scored_copies(self, action: CopyCard, scoring: Any, tables: Any, city: Any, left: Any, right: Any) -> list[Any]:
        cards: list[Any] = scoring.cards_to_copy(tables, {c.text for c in action.colors},
                                                 picked(action.scope, city, left, right), city)
        return cards

    def written(self, action: CopyCard, p: Printer) -> str:
        if action.last:
            return f"copy the last card built by {p.scope(action.scope)}"
        return f"copy a {p.colour_list(action.colors)} card from {p.scope(action.scope)}"

    def words_en(self, action: CopyCard, w: WordsEn) -> str:
        where = w.scope_text(action.scope).replace("own city", "its own city")
        where = where if where.startswith(("both", "its")) else "the " + where
        if action.last:
            return f"copies the last card built by {where}"
        return f"copies one {w.and_list([c.text for c in action.colors], 'or')} card of {where}"

    def words_nl(self, action: CopyCard, w: WordsNl) -> tuple[str, str]:
        if action.last:
            return "kopieert", f"de laatste kaart gebouwd door {w.scope_text(action.scope)}"
        colours = w.en_list([names().color(c.text) for c in action.colors], "of")
        where = w.scope_text(action.scope).replace("de eigen stad", "zijn eigen stad")
        one_of = "één van " if several(action.scope) else ""
        return "kopieert", f"één {colours} kaart van {one_of}{where}"

    def icons(self, action: CopyCard, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons
        if action.last:
            return [icons.chip(_("copy")), icons.card([], _("the last card built"))] + kit.scope_icons(action.scope)
        return [icons.chip(_("copy")), icons.card([c.text for c in action.colors], _("a card to copy"))] + \
            kit.scope_icons(action.scope)

    def notation(self, action: CopyCard, kit: NotationKit) -> str | None:
        return None


KIND = CopyCardKind()

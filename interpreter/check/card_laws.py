"""Laws over cards and the board's production lost, judged with every card and wonder of
the rule set known (docs/language.md, "Laws over cards"): what a law selects is what the
cards print, so a selection that reaches no card, a card name that no card has, or a
board's production lost where no board produces anything, is a mistake the check can
show where it is written, before any game."""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import _
from ..kinds.actions import kind_of
from ..syntax import ast
from .context import Context
from .model import CardDef, RulesDef, WonderDef
from .phases import _actions


def check_card_laws(cards: list[CardDef], wonders: Sequence[WonderDef], rules: RulesDef, ctx: Context) -> None:
    """Each law over cards selects some card of the rule set (E2070; a name no card has is
    E1004), one with a fixed production when it makes production unlimited (E2071); a
    `lose the board production` finds a board that produces (E2072)."""
    sources = [(card.effects, "card") for card in cards]
    sources += [(side.effects, "board") for w in wonders for side in w.sides]
    sources += [(stage.effects, "stage") for w in wonders for side in w.sides for stage in side.stages]
    effects = [e for found, _kind in sources for e in found] + list(rules.laws) + list(rules.triggers)
    names = {card.name for card in cards}
    for effect in effects:
        inner = effect.effect if isinstance(effect, ast.Law) else effect
        if isinstance(inner, ast.CardsChange):
            _selection(inner, cards, names, ctx)
    boards = any(isinstance(e, ast.Produces) for w in wonders for side in w.sides for e in side.effects)
    if not boards:
        for effect in effects:
            inner = effect.effect if isinstance(effect, ast.Law) else effect
            for action in _actions((inner,)):
                kind = kind_of(action)
                if kind is not None and kind.gives == "board lost":     # `lose the board production`
                    ctx.report("E2072", _("no wonder board of the rule set produces anything: nothing to lose"),
                               action.span, label=_("loses nothing"),
                               help=_("give the boards their production (`produces stone` on a side), or leave "
                                      "the action out"))


def _selection(change: ast.CardsChange, cards: list[CardDef], names: set[str], ctx: Context) -> None:
    selector = change.cards
    unknown = [n for n in selector.names if n.text not in names]
    for name in unknown:
        guess = ctx.suggest(name.text, names)
        ctx.report("E1004", _('unknown card "{name}"').format(name=name.text), name.span,
                   label=_("no card has this name"),
                   help=_('did you mean "{guess}"?').format(guess=guess) if guess else None)
    if unknown:
        return
    chosen = [card for card in cards if selector.selects(card.name, card.color, card.effects)]
    if not chosen:
        ctx.report("E2070", _("this law selects no card of the rule set"), selector.span,
                   label=_("no card is so"),
                   help=_("check the colours and what the cards produce (`producing 2 units`, `producing a "
                          "choice`), or name the cards: `cards \"NAME\", \"NAME\"`"))
    elif change.change == "as needed" and not any(_fixed(card) for card in chosen):
        ctx.report("E2071", _("none of the cards selected has a fixed production to make unlimited"),
                   selector.span, label=_("nothing to produce as many times as needed"),
                   help=_("select cards that produce, e.g. `brown cards producing 1 unit`"))


def _fixed(card: CardDef) -> bool:
    return any(isinstance(e, ast.Produces) and not e.choice for e in card.effects)

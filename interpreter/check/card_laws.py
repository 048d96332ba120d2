"""Laws over cards and the board's production lost, judged with every card and wonder of
the rule set known (docs/language.md, "Laws over cards"): what a law selects is what the
cards print, so a selection that reaches no card, a card name that no card has, or a
board's production lost where no board produces anything, is a mistake the check can
show where it is written, before any game."""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import _
from ..kinds.actions import kind_of
from ..kinds.effects import effect_kind_of, held_of, production_of
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
    every_card = CardChecks(ctx, cards, names)
    for effect in effects:
        inner = held_of(effect)
        kind = effect_kind_of(inner)
        if kind is not None:                    # a kind of kinds/effects/ judges itself with every card
            kind.with_every_card(inner, every_card)
    boards = any(production_of(e) is not None for w in wonders for side in w.sides for e in side.effects)
    if not boards:
        for effect in effects:
            inner = held_of(effect)
            for action in _actions((inner,)):
                action_kind = kind_of(action)
                if action_kind is not None and action_kind.gives == "board lost":     # `lose the board production`
                    ctx.report("E2072", _("no wonder board of the rule set produces anything: nothing to lose"),
                               action.span, label=_("loses nothing"),
                               help=_("give the boards their production (`produces stone` on a side), or leave "
                                      "the action out"))


class CardChecks:
    """What an effect kind is lent to judge itself with every card known
    (kinds/effect_base.py `EffectKind.with_every_card`): the context, the cards and their names."""

    def __init__(self, ctx: Context, cards: list[CardDef], names: set[str]):
        self.ctx, self.cards, self.names = ctx, cards, names

    @staticmethod
    def fixed(card: CardDef) -> bool:
        """The card has a fixed production (not a choice)."""
        return _fixed(card)


def _fixed(card: CardDef) -> bool:
    return any(made is not None and not made[1] for made in map(production_of, card.effects))

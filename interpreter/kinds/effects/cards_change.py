"""`SELECTOR produce nothing`, `SELECTOR have no effect`, `SELECTOR produce as many as
needed`, in a law only (docs/language.md, "Laws over cards"): in every city, the cards
selected (syntax/ast_effects.py `CardSelector`) produce nothing, or lose every lasting
effect and trigger (their name and colour still count), or produce every unit of their
fixed production as many times as the city needs (its neighbours buy what the card
prints): engine/city_tables.py `ruling`.  Its grammar rule is `cards_change`, built by
syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ...i18n import N_, _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import CardChecks, EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_effects import CardSelector

# the changes, the strongest first (engine/city_tables.py `ruling` takes the strongest that selects a card)
CARD_CHANGES = ("no effect", "nothing", "as needed")
# each change as the language writes it, and as its chip says it
_WRITTEN = {"nothing": "produce nothing", "no effect": "have no effect", "as needed": "produce as many as needed"}
_CHIPS = {"nothing": N_("produce nothing"), "no effect": N_("no effect"), "as needed": N_("as many as needed")}


@node
class CardsChange:
    cards: CardSelector
    change: str                   # one of CARD_CHANGES
    span: Span


class CardsChangeKind(EffectKind[CardsChange]):
    node = CardsChange
    places = ("law",)
    bots = "not weighed"                  # a law's: bots/reads.py reads it by the law's row

    def check(self, effect: CardsChange, c: EffectChecks) -> Any:
        """Its colours declared, once each, its numbers of units above 0; `produce as many
        as needed` of cards producing a choice is E2071 (a choice is one unit of one of
        several resources: there is no fixed production to make unlimited).  Which cards
        it selects is judged with every card known (`with_every_card`)."""
        selector = effect.cards
        ok = c.colours(selector.colors)
        ok = c.no_repeats(selector.colors, "colour") and ok
        for units in selector.units:
            ok = c.positive(units, selector.span, "a number of units") and ok
        if effect.change == "as needed" and selector.choice:
            c.ctx.report("E2071", _("a choice cannot be produced as many times as needed"), selector.span,
                         label=_("selects cards producing a choice"),
                         help=_("select cards by their fixed production, e.g. `brown cards producing 1 unit`"))
            ok = False
        return effect if ok else None

    def with_every_card(self, effect: CardsChange, c: CardChecks) -> None:
        """It selects some card of the rule set (E2070; a name no card has is E1004), one
        with a fixed production when it makes production unlimited (E2071)."""
        selector, ctx = effect.cards, c.ctx
        unknown = [n for n in selector.names if n.text not in c.names]
        for name in unknown:
            guess = ctx.suggest(name.text, c.names)
            ctx.report("E1004", _('unknown card "{name}"').format(name=name.text), name.span,
                       label=_("no card has this name"),
                       help=_('did you mean "{guess}"?').format(guess=guess) if guess else None)
        if unknown:
            return
        chosen = [card for card in c.cards if selector.selects(card.name, card.color, card.effects)]
        if not chosen:
            ctx.report("E2070", _("this law selects no card of the rule set"), selector.span,
                       label=_("no card is so"),
                       help=_("check the colours and what the cards produce (`producing 2 units`, `producing a "
                              "choice`), or name the cards: `cards \"NAME\", \"NAME\"`"))
        elif effect.change == "as needed" and not any(c.fixed(card) for card in chosen):
            ctx.report("E2071", _("none of the cards selected has a fixed production to make unlimited"),
                       selector.span, label=_("nothing to produce as many times as needed"),
                       help=_("select cards that produce, e.g. `brown cards producing 1 unit`"))

    def in_force(self, effect: CardsChange, tables: Any) -> dict[str, Any]:
        """(the indexes of the cards it selects, its change), read by each city as it adds its cards."""
        selected = frozenset(c.index for c in tables.cards if effect.cards.selects(c.name, c.color, c.static))
        return {"cards": ((selected, effect.change),)}

    def written(self, effect: CardsChange, p: Printer) -> str:
        return f"{p.card_selector(effect.cards)} {_WRITTEN[effect.change]}"

    def words_en(self, effect: CardsChange, w: WordsEn) -> str:
        cards = w.selector_text(effect.cards)
        if effect.change == "nothing":
            return f"{cards} produce nothing"
        if effect.change == "no effect":
            return f"{cards} have no effect (they are still built, chained and counted)"
        return f"{cards} produce as many units as their city needs (neighbours buy what they print)"

    def words_nl(self, effect: CardsChange, w: WordsNl) -> str:
        cards = w.selector_text(effect.cards)
        if effect.change == "nothing":
            return f"{cards} produceren niets"
        if effect.change == "no effect":
            return f"{cards} hebben geen effect (ze worden nog gebouwd, geketend en geteld)"
        return f"{cards} produceren zoveel als hun stad nodig heeft (naburige steden kopen wat erop staat)"

    def icons(self, effect: CardsChange, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons
        chosen = icons.card([x.text for x in effect.cards.colors], kit.effect_text(effect))
        return [chosen, icons.word("→"), icons.chip(_(_CHIPS[effect.change]))]

    def notation(self, effect: CardsChange, kit: NotationKit) -> str | None:
        return None


KIND = CardsChangeKind()

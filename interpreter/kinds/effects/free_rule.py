"""`builds the first card of each color for free`, or the first or last card of each age:
such a building costs nothing (engine/city.py `free_rules`, the costs of engine/actions.py).
Its grammar rule is `free_rule`, built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ...i18n import N_, _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import Appraiser, EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span

# the chip and title of each, by which card and of what (whole phrases: the words agree)
_WHICH = {("first", "color"): (N_("first of each color"), N_("the first card of each color")),
          ("first", "age"): (N_("first of each age"), N_("the first card of each age")),
          ("last", "color"): (N_("last of each color"), N_("the last card of each color")),
          ("last", "age"): (N_("last of each age"), N_("the last card of each age"))}


@node
class FreeRule:
    which: str              # "first" or "last"
    unit: str               # "color" or "age"
    span: Span


class FreeRuleKind(EffectKind[FreeRule]):
    node = FreeRule
    places = ("city",)
    bots = "powers"
    static = True

    def check(self, effect: FreeRule, c: EffectChecks) -> Any:
        """A colour has a first card, no last one (E1212)."""
        if effect.which == "last" and effect.unit == "color":
            c.ctx.report("E1212", _("a colour has a first card in a city, but no last one"), effect.span,
                         label=_("which card would this be?"),
                         help=_("write `builds the first card of each color for free`, or the first or last card of "
                                "each age"))
            return None
        return effect

    def hold(self, effect: FreeRule, tables: Any) -> dict[str, Any]:
        return {"free_rules": [(effect.which, effect.unit)]}

    def power_worth(self, effect: FreeRule, w: Appraiser) -> float:
        """One card an age, or half the colours the city has not built yet."""
        return w.free_build_worth() * (w.ages_left() if effect.unit == "age"
                                       else sum(1 for c in w.model.tables.ruleset.vocabulary.colors
                                                if not w.city.colors.get(c)) / 2)

    def written(self, effect: FreeRule, p: Printer) -> str:
        return f"builds the {effect.which} card of each {effect.unit} for free"

    def words_en(self, effect: FreeRule, w: WordsEn) -> str:
        return f"builds the {effect.which} card of each {effect.unit} for free"

    def words_nl(self, effect: FreeRule, w: WordsNl) -> str:
        which = "eerste" if effect.which == "first" else "laatste"
        unit = "elke kleur" if effect.unit == "color" else "elk Tijdperk"
        return f"de eigenaar bouwt de {which} kaart van {unit} gratis"

    def icons(self, effect: FreeRule, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons
        chip, title = _WHICH.get((effect.which, effect.unit),
                                 (f"{effect.which} of each {effect.unit}", f"the {effect.which} card of each {effect.unit}"))
        return [icons.chip(_(chip)), icons.card([], _(title)), icons.coin("0", _("for free"))]

    def notation(self, effect: FreeRule, kit: NotationKit) -> str | None:
        return None


KIND = FreeRuleKind()

"""`law [while CONDITION and ...]: EFFECT`: the effect (a production, a discount, a trade
price, a trigger, a change of cards) acts in every city while its source is in play and
every condition holds: compile/tables.py files it in its source's `laws`, engine/laws.py works out
the laws in force and gives them to every city.  A law of the rules' own is always in play
(check/rules.py).  Its grammar rule is `law`, built by syntax/builder/effects.py.

The conditions are kinds of their own (kinds/conditions/), each declaring where it is read
(`place`: a comparison in the owner's city, "city"; `on top of "Z"` and `in the top N of
"Z"`, "zone"; `revealed`, "table"); the passes lend their checks and words
(`c.law_conditions`, the printer's `comparison`, the describers' `comparison_text`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..conditions import condition_kind
from ..effect_base import EffectKind
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_effects import Condition, LawEffect


@node
class Law:
    """The effect held and the conditions, in their written order (comparisons read in the
    owner's city; `on top of "Z"` and `in the top N of "Z"`: where the card is in play;
    `revealed`: while the card is shown on the table)."""
    effect: LawEffect
    conditions: tuple[Condition, ...]
    span: Span

    @property
    def comparisons(self) -> tuple[Condition, ...]:
        """Its comparisons, read in the owner's city."""
        return tuple(c for c in self.conditions if condition_kind(c).place == "city")

    @property
    def on_top(self) -> Condition | None:
        """Its place on top of a zone, if it has one (one at most: check/effects.py)."""
        return next((c for c in self.conditions if condition_kind(c).place == "zone"), None)

    @property
    def revealed(self) -> Condition | None:
        """`revealed`, if it is in force while its card is shown on the table."""
        return next((c for c in self.conditions if condition_kind(c).place == "table"), None)


class LawKind(EffectKind[Law]):
    node = Law
    places = ("city",)
    # a law reaches every city alike, the owner's rivals too: building it does not change the
    # owner's standing; what a law in force does (prices, production) the bots read from the
    # city's tables, which hold it (engine/laws.py)
    bots = "not weighed"
    part = "laws"

    def check(self, effect: Law, c: EffectChecks) -> Any:
        """Its effect as the same effect of a city's (a discount without a scope: it is every
        city's), unless the effect's kind refuses it in a law (`in_law`); its conditions
        (check/effects.py `law_conditions`)."""
        ok: bool = c.in_law(effect.effect)            # a misuse in a law only
        inner = c.effect(effect.effect)
        ok = c.law_conditions(effect) and ok
        return Law(effect=inner, conditions=effect.conditions, span=effect.span) if ok and inner is not None else None

    def held(self, effect: Law) -> Any:
        return effect.effect

    def written(self, effect: Law, p: Printer) -> str:
        parts = [p.comparison(c) for c in effect.conditions]
        held: str = p.effect(effect.effect)
        return "law" + (" while " + " and ".join(parts) if parts else "") + ": " + held

    def words_en(self, effect: Law, w: WordsEn) -> str:
        """The effect, said of every city."""
        parts = [w.comparison_text(c) for c in effect.conditions]
        return "law for every city" + (", while " + " and ".join(parts) if parts else "") \
            + f": {w.effect_text(w.every_city(effect.effect))}"

    def words_nl(self, effect: Law, w: WordsNl) -> str:
        """Het effect, gezegd van elke stad."""
        parts = [w.comparison_text(c) for c in effect.conditions]
        return "wet voor elke stad" + (", zolang " + " en ".join(parts) if parts else "") \
            + f": {w.effect_text(w.every_city(effect.effect))}"

    def icons(self, effect: Law, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons
        return [icons.chip(_("every city")), *([icons.chip(_("on top"))] if effect.on_top is not None else []),
                *([icons.chip(_("if…"))] if effect.comparisons else []), *kit.effect(effect.effect, vocabulary)]

    def notation(self, effect: Law, kit: NotationKit) -> str | None:
        return None                      # in words


KIND = LawKind()

"""`shields N`, or `shields N per QUANTITY`: N shields in the owner's city while it owns the
source, for the conflicts to come; with `per`, N for every so many counted in the owner's
city as it is now (they follow the count as it changes: engine/held.py `Held.shields_per`).
Its grammar rule is `shields`, built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ...i18n import _
from ..scopes import own_only
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ..expressions.per import Per


@node
class Shields:
    """`shields N`, or `shields N per QUANTITY` (N for every so many counted in the owner's
    city, as it is now: they follow the count as it changes)."""
    amount: int
    span: Span
    per: Per | None = None


def _follow(per: Per | None, c: EffectChecks) -> bool:
    """A count the engine follows: of the owner's cards, stages or military tokens (E1216)."""
    if per is None:
        return True
    q = per.what
    # the owner's cards, stages and military tokens, which change only as the city builds or
    # takes a token (the engine counts again then): the measures that say they `follow`
    if c.follows(q) and q.extreme is None and own_only(q.scope):
        return True
    c.ctx.report("E1216", _("shields can follow a count of the owner's cards, wonder stages or military tokens only"),
                 q.span, label=_("not counted from the owner's cards or tokens"),
                 help=_("count the owner's cards, wonder stages or military tokens, e.g. "
                        "`shields 1 per defeat token`"))
    return False


class ShieldsKind(EffectKind[Shields]):
    node = Shields
    places = ("city",)
    bots = "shields"
    static = True

    def check(self, effect: Shields, c: EffectChecks) -> Any:
        """At least one shield, and a count the engine follows."""
        ok = c.positive(effect.amount, effect.span, "shields")
        return effect if c.per(effect.per) and _follow(effect.per, c) and ok else None

    def hold(self, effect: Shields, tables: Any) -> dict[str, Any]:
        """Fixed shields, or (shields, every, the count as a function of the city)."""
        if effect.per is None:
            return {"shields": effect.amount}
        return {"shields_per": [(effect.amount, effect.per.every, tables.count_of(effect.per.what))]}

    def counted(self, effect: Shields) -> tuple[Any, ...]:
        return effect.amount, effect.per

    def written(self, effect: Shields, p: Printer) -> str:
        return f"shields {effect.amount}" + (f" {p.per(effect.per)}" if effect.per else "")

    def words_en(self, effect: Shields, w: WordsEn) -> str:
        return w.plural(effect.amount, "shield") + w.per_text(effect.per)

    def words_nl(self, effect: Shields, w: WordsNl) -> str:
        return w.noun(effect.amount, "shield") + w.per_text(effect.per)

    def icons(self, effect: Shields, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons
        shown = [icons.shield("", _("a shield"))] * effect.amount if effect.amount <= 3 else \
            [icons.shield(str(effect.amount), _("{count} shields").format(count=effect.amount))]
        return shown + kit.per_icons(effect.per, vocabulary)

    def notation(self, effect: Shields, kit: NotationKit) -> str | None:
        return kit.shields(effect.amount) + kit.per_text(effect.per)


KIND = ShieldsKind()

"""`resources of COLOURS cards are paid in coins, N a unit` (or `of wonder stages`), in a law
only: in every city, the resources of those cards' (stages') costs are paid to the bank
instead, N coins a unit, never produced nor bought (engine/prices.py, `City.coinage`).
Its grammar rule is `coinage`, built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ...i18n import _, names
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_base import Name


@node
class Coinage:
    """`colors` is empty for wonder stages."""
    colors: tuple[Name, ...]
    rate: int
    span: Span


class CoinageKind(EffectKind[Coinage]):
    node = Coinage
    places = ("law",)
    bots = "not weighed"                  # a law's: bots/reads.py reads it by the law's row

    def check(self, effect: Coinage, c: EffectChecks) -> Any:
        """Known colours, each once, N at least 1 (E2081: at 0 the resources would not be paid at all)."""
        ok = c.colours(effect.colors)
        ok = c.no_repeats(effect.colors, "colour") and ok
        if effect.rate <= 0:
            whose = "wonder stages" if not effect.colors else " and ".join(x.text for x in effect.colors) + " cards"
            c.ctx.report("E2081", _("resources paid in coins at {rate} a unit are not paid at all").format(
                rate=effect.rate), effect.span, label=_("at least 1 coin a unit"),
                help=_("for resources that are not paid write `discount all resources on {whose}`").format(whose=whose))
            ok = False
        return effect if ok else None

    def in_force(self, effect: Coinage, tables: Any) -> dict[str, Any]:
        """((colours, or () for wonder stages), N)."""
        return {"coinage": (frozenset(x.text for x in effect.colors), effect.rate)}

    def written(self, effect: Coinage, p: Printer) -> str:
        whose = f"{p.colour_list(effect.colors)} cards" if effect.colors else "wonder stages"
        return f"resources of {whose} are paid in coins, {effect.rate} a unit"

    def words_en(self, effect: Coinage, w: WordsEn) -> str:
        what = f"{w.and_list([x.text for x in effect.colors], 'and')} cards" if effect.colors else "wonder stages"
        return (f"pays the resources of {what} in coins to the bank, {w.plural(effect.rate, 'coin')} a unit, "
                "instead of producing or buying them")

    def words_nl(self, effect: Coinage, w: WordsNl) -> str:
        what = (f"{w.en_list([names().color(x.text) for x in effect.colors])} kaarten" if effect.colors
                else "Wonder fasen")
        return (f"betaalt de grondstoffen van {what} met munten aan de bank, {w.noun(effect.rate, 'coin')} per eenheid, "
                "in plaats van ze te produceren of te kopen")

    def icons(self, effect: Coinage, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons, text = kit.icons, kit.effect_text(effect)
        what = icons.card([x.text for x in effect.colors], text) if effect.colors else icons.stage(text)
        return [what, icons.chip(_("resource")), icons.word("→"),
                icons.coin(str(effect.rate), _("{count} coin(s) each").format(count=effect.rate))]

    def notation(self, effect: Coinage, kit: NotationKit) -> str | None:
        return None


KIND = CoinageKind()

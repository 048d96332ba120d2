"""`buy the first resource from left neighbour each turn for 1 coin less`: a turn's payment
to that neighbour is that much lower when it buys anything there, never below 0
(engine/city.py `rebates`, the payments of engine/prices.py).  Its grammar rule is
`trade_rebate`, built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ..scopes import sides
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import Appraiser, EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_effects import Scope



@node
class TradeRebate:
    scope: Scope
    amount: int
    span: Span


class TradeRebateKind(EffectKind[TradeRebate]):
    node = TradeRebate
    places = ("city",)
    bots = "city_powers"
    static = True
    cost_changer = True

    def check(self, effect: TradeRebate, c: EffectChecks) -> Any:
        ok = c.positive(effect.amount, effect.span, "a rebate")
        return effect if c.neighbours_only(effect.scope, "buying") and ok else None

    def hold(self, effect: TradeRebate, tables: Any) -> dict[str, Any]:
        return {"rebates": [(side, effect.amount) for side in sides(effect.scope)]}

    def power_worth(self, effect: TradeRebate, w: Appraiser) -> float:
        """Half its coins on each build left, from each neighbour it names."""
        worth: float = effect.amount * len(sides(effect.scope)) * w.builds_left * w.model.coin_rate / 2
        return worth

    def written(self, effect: TradeRebate, p: Printer) -> str:
        return f"buy the first resource from {p.scope(effect.scope)} each turn for {p._counted(effect.amount, 'coin')} less"

    def words_en(self, effect: TradeRebate, w: WordsEn) -> str:
        where = w.the_scope_text(effect.scope)
        return f"each turn, pays {w.plural(effect.amount, 'coin')} less for what it buys from {where}"

    def words_nl(self, effect: TradeRebate, w: WordsNl) -> str:
        return (f"elke ronde betaalt de eigenaar {w.noun(effect.amount, 'coin')} minder voor wat hij "
                f"van {w.scope_text(effect.scope)} koopt")

    def icons(self, effect: TradeRebate, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons
        return [icons.chip(_("1st buy")), icons.word("−")] + [icons.coin(str(effect.amount), _("coins less"))] \
            + kit.scope_icons(effect.scope)

    def notation(self, effect: TradeRebate, kit: NotationKit) -> str | None:
        return None


KIND = TradeRebateKind()

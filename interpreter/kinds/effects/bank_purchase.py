"""`buy 1 resource from the bank each turn for 1 coin`: a turn's payment may buy up to that
many units of any resources from the bank, at that price each, paid to the bank
(engine/city.py `bank`, the payments of engine/prices.py).  Its grammar rule is
`bank_purchase`, built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import Appraiser, EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span


@node
class BankPurchase:
    units: int
    price: int
    span: Span


class BankPurchaseKind(EffectKind[BankPurchase]):
    node = BankPurchase
    places = ("city",)
    bots = "city_powers"
    static = True
    cost_changer = True

    def check(self, effect: BankPurchase, c: EffectChecks) -> Any:
        ok = c.positive(effect.units, effect.span, "buying from the bank")
        return effect if c.positive(effect.price, effect.span, "a price at the bank") and ok else None

    def hold(self, effect: BankPurchase, tables: Any) -> dict[str, Any]:
        return {"bank": [(effect.units, effect.price)]}

    def power_worth(self, effect: BankPurchase, w: Appraiser) -> float:
        """A unit bought for less than a neighbour asks, on half the builds left."""
        prices = [p for side in w.city.prices.values() for p in side]
        saved = sum(prices) / len(prices) - effect.price if prices else 0
        worth: float = max(0.0, saved) * effect.units * w.builds_left * w.model.coin_rate / 2
        return worth

    def written(self, effect: BankPurchase, p: Printer) -> str:
        return f"buy {p._counted(effect.units, 'resource')} from the bank each turn for {p._counted(effect.price, 'coin')}"

    def words_en(self, effect: BankPurchase, w: WordsEn) -> str:
        return (f"each turn, may buy {w.plural(effect.units, 'resource')} of its choice from the bank "
                f"for {w.plural(effect.price, 'coin')} each")

    def words_nl(self, effect: BankPurchase, w: WordsNl) -> str:
        return (f"elke ronde mag de eigenaar {w.noun(effect.units, 'resource')} naar keuze van de bank kopen "
                f"voor {w.noun(effect.price, 'coin')} per stuk")

    def icons(self, effect: BankPurchase, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons
        return [icons.chip(_("bank")), icons.word(f"{effect.units}×"), icons.chip(_("any resource")), icons.word("→"),
                icons.coin(str(effect.price), _("coins each"))]

    def notation(self, effect: BankPurchase, kit: NotationKit) -> str | None:
        return None


KIND = BankPurchaseKind()

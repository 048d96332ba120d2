"""`buy RESOURCES from SCOPE for N coins`: the owner buys those resources from those
neighbours for N coins each while it owns the source (engine/held.py `Held.discounts`, the
city's prices); in a law, every city does.  Its grammar rule is `trade_discount`, built by
syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ..scopes import directions
from ...i18n import _, language, names
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_base import Name
    from ...syntax.ast_effects import Scope


@node
class TradeDiscount:
    resources: tuple[Name, ...]
    scope: Scope
    price: int
    span: Span


class TradeDiscountKind(EffectKind[TradeDiscount]):
    node = TradeDiscount
    places = ("city", "law")
    bots = "trades"
    static = True

    def check(self, effect: TradeDiscount, c: EffectChecks) -> Any:
        """Its resources (groups expanded) and cities named as a trade price's."""
        return c.trade_goods(effect)

    def hold(self, effect: TradeDiscount, tables: Any) -> dict[str, Any]:
        """(direction, resource, price) for each resource bought on each side."""
        res = tables.resource_index
        return {"discounts": [(direction, res[name.text], effect.price)
                              for direction in directions(effect.scope) for name in effect.resources],
                "trade_changed": True}

    def written(self, effect: TradeDiscount, p: Printer) -> str:
        return f"buy {p._names(effect.resources)} from {p.scope(effect.scope)} for {p._counted(effect.price, 'coin')}"

    def words_en(self, effect: TradeDiscount, w: WordsEn) -> str:
        where = w.the_scope_text(effect.scope)
        return (f"buys {w.and_list([r.text for r in effect.resources])} from {where} "
                f"for {w.plural(effect.price, 'coin')} each")

    def words_nl(self, effect: TradeDiscount, w: WordsNl) -> str:
        resources = w.en_list(names().resource(r.text) for r in effect.resources)
        return (f"betaalt voor {resources} van {w.scope_text(effect.scope)} "
                f"{w.noun(effect.price, 'coin')} per grondstof")

    def icons(self, effect: TradeDiscount, kit: IconKit, vocabulary: Any) -> list[Any]:
        return [kit.icons.coin(str(effect.price), _("{count} coin(s) each").format(count=effect.price))] \
            + kit.scope_icons(effect.scope) + kit.resource_icons(effect.resources, vocabulary)

    def notation(self, effect: TradeDiscount, kit: NotationKit) -> str | None:
        goods = " ".join(kit.resource(r.text) for r in effect.resources)
        where = kit.scope_text(effect.scope)
        if language() == "en" and not where.startswith("both"):
            where = "the " + where
        return _("buy {goods} from {cities} for {coins}").format(goods=goods, cities=where, coins=kit.coins(effect.price))


KIND = TradeDiscountKind()

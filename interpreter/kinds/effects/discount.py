"""`discount N resources|coins on COLOURS cards [of SCOPE]` (or `on wonder stages`, or `all
resources|coins`): what building them costs, lowered while the source is owned (engine/city.py
`Held.cost_discounts`, engine/discounts.py); in a law, every city's buildings.  Its grammar
rule is `discount`, built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..effect_base import EffectKind
from ..scopes import keys, own_only, scope_kinds
from ...i18n import _, names
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import EffectChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_base import Name
    from ...syntax.ast_effects import Scope


@node
class Discount:
    """`COLOURS cards [of SCOPE] cost REBATE` or `wonder stages cost REBATE`: what building
    them costs, lowered while the source is owned.  `colors` is empty for wonder stages;
    `scope` (None: the owner) is whose buildings are cheaper; `what` is "resources" (the
    builder waives `amount` units of the cost's resources, of their choice) or "coins";
    `amount` None means all of them."""
    colors: tuple[Name, ...]
    scope: Scope | None
    what: str
    amount: int | None
    span: Span


class DiscountKind(EffectKind[Discount]):
    node = Discount
    places = ("city", "law")
    bots = "discounts"
    static = True
    cost_changer = True

    def check(self, effect: Discount, c: EffectChecks) -> Any:
        """Declared colours, none twice, at least 1 off, and whose buildings: the owner's
        and its neighbours' only (E1210)."""
        ok = c.colours(effect.colors)
        ok = c.no_repeats(effect.colors, "colour") and ok
        if effect.amount is not None:
            ok = c.positive(effect.amount, effect.span, "a discount") and ok
        scope = effect.scope
        wrong = [kind for kind in scope_kinds(scope) if kind.looked_at or not kind.one_city] if scope else []
        if scope is not None and wrong:
            whose = _("say whose buildings are cheaper: `own city`, `left neighbour`, `right neighbour`, `neighbours` "
                      "or `own city and neighbours`")
            if wrong[0].looked_at:
                c.ctx.report("E1210", _("`the neighbour` means nothing here"), scope.span,
                             label=_("no neighbour is being looked at"), help=whose)
            else:                         # a city's discounts reach its own buildings and its neighbours'
                c.ctx.report("E1210", _("a discount reaches the owner's city and its neighbours, not all cities"),
                             scope.span, label=_("not all cities"),
                             help=whose + "; " + _("a discount for every city is a law: write `law: discount ...` "
                                                   "without a scope"))
            ok = False
        return effect if ok else None

    def in_law(self, effect: Discount, c: EffectChecks) -> bool:
        """A law's discount is every city's: it names no cities (E1901)."""
        if effect.scope is None:
            return True
        c.ctx.report("E1901", _("a law's discount is every city's: it names no cities"), effect.scope.span,
                     label=_("no scope in a law"), help=_("leave out `of ...`: the law reaches every city"))
        return False

    def for_every_city(self, effect: Discount, scope: Any) -> Any:
        return Discount(colors=effect.colors, scope=scope, what=effect.what, amount=effect.amount, span=effect.span)

    def hold(self, effect: Discount, tables: Any) -> dict[str, Any]:
        """(colours, what, amount or -1 for all, whose buildings)."""
        return {"cost_discounts": [(tuple(c.text for c in effect.colors), effect.what,
                                    -1 if effect.amount is None else effect.amount,
                                    keys(effect.scope))]}

    def written(self, effect: Discount, p: Printer) -> str:
        whose = f"{p.colour_list(effect.colors)} cards" if effect.colors else "wonder stages"
        if effect.scope is not None:
            whose += f" of {p.scope(effect.scope)}"
        word = "resource" if effect.what == "resources" else "coin"
        rebate = f"all {effect.what}" if effect.amount is None else p._counted(effect.amount, word)
        return f"discount {rebate} on {whose}"

    def words_en(self, effect: Discount, w: WordsEn) -> str:
        what = f"{w.and_list([c.text for c in effect.colors], 'and')} cards" if effect.colors else "wonder stages"
        whose = "the owner's" if own_only(effect.scope) \
            else f"those of {w.scope_text(effect.scope)}"
        if effect.amount is None:
            rebate = f"are built without paying their {effect.what}"
        else:
            unit = "resource" if effect.what == "resources" else "coin"
            rebate = f"cost {w.plural(effect.amount, unit)} less" + \
                (" (the builder chooses which)" if effect.what == "resources" else " (never below 0)")
        return f"{what} ({whose}) {rebate}"

    def words_nl(self, effect: Discount, w: WordsNl) -> str:
        what = (w.en_list([names().color(c.text) for c in effect.colors]) + " kaarten") if effect.colors \
            else "Wonder fasen"
        whose = "" if own_only(effect.scope) \
            else f" van {w.scope_text(effect.scope)}"
        paid = "grondstoffen" if effect.what == "resources" else "muntstukken"
        if effect.amount is None:
            return f"{what}{whose} worden gebouwd zonder hun {paid} te betalen"
        unit = ("grondstof" if effect.amount == 1 else "grondstoffen") if effect.what == "resources" \
            else w.noun(effect.amount, "coin").split(" ", 1)[1]
        return f"{what}{whose} kosten {effect.amount} {unit} minder"

    def icons(self, effect: Discount, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons, text = kit.icons, kit.effect_text(effect)
        what = icons.card([c.text for c in effect.colors], text) if effect.colors else icons.stage(text)
        rebate = icons.word("−" + (str(effect.amount) if effect.amount is not None else _("all")))
        unit = icons.chip(_("resource")) if effect.what == "resources" else icons.coin("", _("coins"))
        return [what, rebate, unit] + kit.scope_icons(effect.scope)

    def notation(self, effect: Discount, kit: NotationKit) -> str | None:
        return None


KIND = DiscountKind()

"""`may pay 1 coin and 1 stone to ACTION`: the owner chooses to pay the price (as a card's:
coins to the bank, resources produced or bought from the neighbours, tokens given up) and
have the action done, or not: a decision of kind "offer", opened when the action would do
something and the city can pay at all (the dispatcher's `offer`; engine/flow/chains.py
carries out the answer).  Its grammar rule is `may_pay`, built by syntax/builder/effects.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base import ActionKind
from ...i18n import _
from ...syntax.ast_base import node

if TYPE_CHECKING:
    from ..lent import ActionChecks, IconKit, NotationKit, Printer, WordsEn, WordsNl
    from ...diagnostics import Span
    from ...syntax.ast_effects import Action


@node
class MayPay:
    items: tuple[Any, ...]  # the items of a price, kinds/amounts/ (a resource's units, coins, tokens given up)
    action: Action
    span: Span


class MayPayKind(ActionKind[MayPay]):
    node = MayPay
    gives = "offer"
    bots = "not weighed"                  # a choice: weighed when it is offered (bots/offers.py)
    decision = "offer"

    def inner(self, action: MayPay) -> Any:
        return action.action

    def check(self, action: MayPay, c: ActionChecks) -> bool:
        """Its price is a card's cost (declared resources, at least one of each) that asks
        for something, and its action may run."""
        ok = c.price(action.items)
        if ok and not any(item.count > 0 for item in action.items):
            c.ctx.report("E1219", _("this choice costs nothing: there is no price to pay or decline"),
                         action.items[0].span, label=_("a price of nothing"),
                         help=_("ask for coins or resources (`may pay 1 coin and 1 stone to ...`), or write the "
                                "action alone if the owner always takes it"))
            ok = False
        return c.action(action.action) and ok

    def causes(self, action: MayPay) -> tuple[str, ...]:
        return ()                         # a choice: what its action fires is not followed

    def run(self, events: Any, op: Any, seat: int, where: Any, source: str) -> None:
        if events.idle(op.inner, seat):
            return                        # nothing the price would buy: not asked
        neighbour = where.neighbour.seat if where.neighbour is not None else None
        events.offer(seat, op, neighbour, source)

    def written(self, action: MayPay, p: Printer) -> str:
        return f"may pay {p.price(action.items)} to {p.action(action.action)}"     # `1 stone`: a price says its counts

    def words_en(self, action: MayPay, w: WordsEn) -> str:
        return f"may pay {w.price_text(action.items)} (as for a card) and then {w.action_text(action.action)}"

    def words_nl(self, action: MayPay, w: WordsNl) -> tuple[str, str]:
        verb, rest = w.action_parts(action.action)
        return "mag", f"{w.price_text(action.items)} betalen (zoals voor een kaart) en dan: {verb} {rest}"

    def icons(self, action: MayPay, kit: IconKit, vocabulary: Any) -> list[Any]:
        icons = kit.icons                 # the price, an arrow, what it buys
        return [icons.chip(_("may pay"))] + kit.price_icons(action.items, vocabulary) + [icons.word("→")] + \
            kit.action(action.action, vocabulary)

    def notation(self, action: MayPay, kit: NotationKit) -> str | None:
        return None


KIND = MayPayKind()

"""`N KIND tokens` in a price (`may pay 1 coin and 1 joker token to ...`): tokens of a kept
kind the city gives up to pay (docs/language.md, "Tokens in a price"); refused in a cost
(E2090).  Its grammar rule is `token_amount`, built by syntax/builder/cards.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..amount_base import AmountKind, Checks, Printer
from ...i18n import _, names
from ...syntax.ast_base import Name, node

if TYPE_CHECKING:
    from ...diagnostics import Span


@node
class TokenAmount:
    """`1 joker token` in a price (`may pay 1 coin and 1 joker token to ...`): tokens of a
    kept kind the city gives up to pay (docs/language.md, "Tokens in a price")."""
    count: int
    kind: Name
    span: Span


class TokenAmountKind(AmountKind):
    node = TokenAmount
    field = "tokens"

    def counted(self, item: Any) -> tuple[str, int]:
        return str(item.kind.text), int(item.count)

    def check_cost(self, item: Any, c: Checks) -> bool:
        c.ctx.report("E2090", _("a cost is paid in coins and resources, not in {kind} tokens").format(
            kind=item.kind.text), item.span, label=_("tokens in a cost"),
            help=_("let the tokens build it: `may build a card for free for a {kind} token` (or `may build "
                   "a wonder stage ...`), or ask for them in a priced choice (`may pay 1 coin and 1 {kind} "
                   "token to ...`)").format(kind=item.kind.text))
        return False

    def check_price(self, item: Any, c: Checks) -> bool:
        return c.tokens_given(item.count, item.kind, item.span)

    def written(self, item: Any, p: Printer) -> str:
        return p._tokens(item.count, item.kind)

    def icons(self, item: Any, kit: Any, v: Any) -> list[Any]:
        return [kit.icons.chip(f"{item.count} × {names().token(item.kind.text)}")]


KIND = TokenAmountKind()
